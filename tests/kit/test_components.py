"""A kit is the components a game declares: a folder with only a deck builds, and a part the
game lacks is named when asked for."""

import shutil
from pathlib import Path

import pypdf
import pytest

from pnp.build import Options, build_kit
from pnp.errors import UsageError
from pnp.model import load_game
from pnp.paths import cards_dir
from tests.conftest import run_pnp

MM = 72 / 25.4


@pytest.fixture
def deck_only(tmp_path):
    folder = tmp_path / "just-cards"
    folder.mkdir()
    for name in ("game.toml", "cards.toml"):
        shutil.copy(cards_dir() / "daimyni" / name, folder / name)
    shutil.copytree(cards_dir() / "daimyni" / "art", folder / "art")
    return folder


@pytest.mark.slow
def test_a_folder_with_only_a_deck_builds_its_card_sheets(deck_only, tmp_path):
    res = run_pnp("build", deck_only, "--out", tmp_path / "kit")
    assert res.returncode == 0, res.stderr
    pdfs = sorted(p.name for p in (tmp_path / "kit").glob("*.pdf"))
    assert pdfs == ["daimyni-cards-a4.pdf", "daimyni-duplex-check-a4.pdf"]
    reader = pypdf.PdfReader(tmp_path / "kit" / "daimyni-cards-a4.pdf")
    assert len(reader.pages) == 6          # 18 cards, 8 a sheet: three sheets of fronts, each followed by its backs
    w, h = (float(v) / MM for v in reader.pages[0].mediabox[2:])
    assert (round(w), round(h)) == (210, 297)
    assert len(list((tmp_path / "kit" / "svg" / "cards").glob("*.svg"))) == 18 + 2


def test_asking_for_a_part_the_game_lacks_names_its_parts(deck_only):
    game = load_game(deck_only)
    assert game.components == ["cards"]
    with pytest.raises(UsageError, match=r"--only board: daimyni has no board \(its parts: cards\)"):
        build_kit(game, Options(only=("board",)))


def test_a_folder_declaring_nothing_says_what_to_add(tmp_path):
    folder = tmp_path / "empty-game"
    folder.mkdir()
    shutil.copy(cards_dir() / "daimyni" / "game.toml", folder / "game.toml")
    shutil.copytree(cards_dir() / "daimyni" / "art", folder / "art")
    res = run_pnp("build", folder, "--out", tmp_path / "kit")
    assert res.returncode == 2
    assert "declares no components: add cards.toml" in res.stderr


def test_builtin_games_list_their_components():
    assert load_game(cards_dir() / "daimyni").components == ["cards", "board", "pieces"]
    assert load_game(cards_dir() / "daimyo").components == ["cards", "tiles", "mats", "pieces"]


def test_a_deck_without_clans_builds(tmp_path):
    """A shared deck needs no [[clans]]: the proof game's deck with its seats removed still prints."""
    src = Path(__file__).parents[1] / "fixtures" / "high-roll"
    folder = tmp_path / "no-seats"
    folder.mkdir()
    shutil.copy(src / "cards.toml", folder / "cards.toml")
    shutil.copytree(src / "layouts", folder / "layouts")
    meta = (src / "game.toml").read_text(encoding="utf-8")
    (folder / "game.toml").write_text(meta.split("[[clans]]")[0], encoding="utf-8")
    game = load_game(folder)
    assert game.clans == {} and game.components == ["cards"]
    arts = build_kit(game, Options())
    assert [a.name for a in arts if a.name.endswith(".pdf")] == ["high-roll-cards-a4.pdf",
                                                                 "high-roll-duplex-check-a4.pdf"]


def test_a_rules_module_may_add_files_to_the_kit(deck_only, monkeypatch):
    """GameModule.kit_parts: files no component kind covers (a score pad, a scenario sheet)."""
    from pnp.games import registry
    from pnp.games.interface import GameModule
    from pnp.output import Artifact

    class WithPad(GameModule):
        id = "daimyni"

        def new_state(self, game, settings): ...
        def bot_action(self, state, rng): ...
        def notation(self, game): ...
        def write(self, state, settings, title, description): ...
        def summary(self, transcript): ...

        def kit_parts(self, game, lang):
            return [Artifact(f"{game.id}-score-pad-{lang}.txt", b"round | red | blue\n")]

    monkeypatch.setitem(registry._LOADED, "daimyni", WithPad())
    names = [a.name for a in build_kit(load_game(deck_only), Options())]
    assert names[-1] == "daimyni-score-pad-en.txt"
    only_cards = [a.name for a in build_kit(load_game(deck_only), Options(only=("cards",)))]
    assert "daimyni-score-pad-en.txt" not in only_cards


def test_a_kit_is_made_a_file_at_a_time(deck_only):
    """iter_kit hands over each card's SVG as its sheet is drawn, before the sheets' PDF is done,
    so the CLI writes files as they come instead of holding the kit in memory."""
    from pnp.build import iter_kit

    names = []
    for art in iter_kit(load_game(deck_only), Options(only=("cards",))):
        names.append(art.name)
        if art.name.endswith(".pdf"):
            break
    first_sheet = [n for n in names if n.startswith("svg/cards/") and "back" not in n]
    assert names[-1] == "daimyni-cards-a4.pdf" and len(first_sheet) == 18   # every face before the PDF ends
    assert names.index("svg/cards/01-move-bushi-red.svg") < names.index("daimyni-cards-a4.pdf")


def test_iter_kit_checks_the_options_before_the_first_file(deck_only):
    from pnp.build import iter_kit

    with pytest.raises(UsageError, match="--only board"):
        iter_kit(load_game(deck_only), Options(only=("board",)))
