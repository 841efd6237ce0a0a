"""Every Daimyni ruling is in three places: the data or code that implements it, a test (a scenario,
an illegal file or a test function), and the booklet's Clarifications, in English and in Italian
(what each says there: tests/games/rulings.py)."""

import re
from pathlib import Path

import pytest

from pnp.paths import cards_dir
from tests.games.rulings import RULINGS

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).parent
EXAMPLES = cards_dir() / "daimyni" / "examples"
BOOKLET = cards_dir() / "daimyni" / "booklet"

# ruling (its key in tests/games/rulings.py) -> English and Italian clarification headings, where the
# rule lives, and what exercises it
RULINGS_MAP = {
    "Deck": ("Deck.", "Mazzo.", "cards/daimyni/cards.toml",
             ["tests/model/test_game.py"]),
    "Card numbers": ("Card numbers.", "Numeri delle carte.", "cards/daimyni/cards.toml",
                     ["tests/model/test_game.py", "examples/resolution-order.toml"]),
    "Board": ("Board.", "Tabellone.", "cards/daimyni/board.toml", ["tests/model/test_game.py"]),
    "Recruit with an empty Bushi area": (
        "Recruit with an empty Bushi area.", "Recluta Bushi con l’area Bushi vuota.", "pnp/games/daimyni/rules.py",
        ["examples/recruit-with-an-empty-area.toml", "scenarios/recruit-card-attacks.toml",
         "illegal/recruit-empty-area.toml"]),
    "A card that cannot be carried out": (
        "A card that cannot be carried out", "Una carta che non si può eseguire", "pnp/games/daimyni/rules.py",
        ["examples/tanbo-floods.toml", "scenarios/daimyo-boxed-in.toml", "illegal/must-carry-out.toml",
         "illegal/must-recruit.toml"]),
    "Move Tanbo": ("Move Tanbo.", "Sposta Tanbo.", "pnp/games/daimyni/rules.py",
                   ["examples/move-tanbo.toml", "scenarios/tanbo-where-a-unit-stood.toml", "illegal/tanbo-once.toml",
                    "illegal/tanbo-to-empty-cell.toml"]),
    "Combat losses": ("Combat losses.", "Perdite in combattimento.", "pnp/games/daimyni/rules.py",
                      ["examples/combat-won.toml", "examples/daimyo-falls.toml",
                       "scenarios/winner-keeps-its-daimyo.toml", "illegal/game-over-unresolved.toml"]),
    "Who decides": ("Who decides.", "Chi decide.", "pnp/games/daimyni/rules.py",
                    ["examples/resolution-order.toml", "examples/recruit-after-a-bushi-comes-back.toml",
                     "illegal/recruit-while-area-after-return.toml"]),
    "Who fights": ("Who fights.", "Chi combatte.", "pnp/games/daimyni/rules.py",
                   ["examples/only-the-bushi-that-moved-fight.toml", "scenarios/defender-counts-its-daimyo.toml"]),
    "\"Turno\" in the Move Tanbo text": ("Turn in Move Tanbo.", "Il turno di Sposta Tanbo.",
                                         "pnp/games/daimyni/rules.py",
                                         ["examples/move-tanbo.toml", "illegal/tanbo-once.toml"]),
    "A game that never ends": ("A game without end.", "Una partita senza fine.", "pnp/games/daimyni/module.py",
                               ["scenarios/still-going.toml", "scenarios/round-capped.toml"]),
}


def clarifications(lang: str) -> str:
    text = (BOOKLET / f"rules.{lang}.md").read_text(encoding="utf-8")
    heading = {"en": "# Clarifications", "it": "# Chiarimenti"}[lang]
    return text.split(heading, 1)[1].split("\n# ", 1)[0]


def where(name: str) -> Path:
    folder, _, rest = name.partition("/")
    folders = {"examples": EXAMPLES, "scenarios": HERE / "scenarios", "illegal": HERE / "illegal"}
    return folders[folder] / rest if folder in folders else ROOT / name


def test_the_map_lists_every_daimyni_ruling():
    assert list(RULINGS_MAP) == [r.key for r in RULINGS["daimyni"]]


@pytest.mark.parametrize("ruling", list(RULINGS_MAP))
def test_ruling_is_in_the_clarifications_the_code_and_a_test(ruling):
    en, it, code, tests = RULINGS_MAP[ruling]
    assert f"- **{en}" in clarifications("en")
    assert f"- **{it}" in clarifications("it")
    assert (ROOT / code).exists()
    for name in tests:
        assert where(name).exists(), name


def test_clarifications_have_the_same_entries_in_both_languages():
    count = {lang: len(re.findall(r"^- \*\*", clarifications(lang), re.M)) for lang in ("en", "it")}
    assert count["en"] == count["it"] >= len(RULINGS_MAP)
