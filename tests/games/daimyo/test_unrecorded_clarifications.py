"""Clarifications the booklet prints that shared/RULINGS.md does not record (issue 25, review R2 item 2).

Each is stated in the booklet's Clarifications in players' words and proved by a file worked out by
hand: a scenario that replays to its stated outcome, or an illegal game the engine refuses. The list is
the lead's to carry into RULINGS.md; until then this test keeps the three places together.
"""

from pathlib import Path

import pytest

from pnp.games.daimyo import notation
from pnp.games.daimyo.module import check_file
from pnp.model import load_game
from pnp.paths import cards_dir

GAME = load_game(cards_dir() / "daimyo")
HERE = Path(__file__).parent
RULES_MD = cards_dir() / "daimyo" / "booklet" / "rules.en.md"

# (the booklet's words, the files that prove them)
UNRECORDED = [
    ("Two players win by control at once:", ["scenarios/control-at-once-more-bushi-wins.toml",
                                             "scenarios/control-at-once-level-nobody-wins.toml"]),
    ("allies never stand on the same Han, so they never fight", ["illegal/ally.toml"]),
    ("an attacker loses its Rōnin first, a defender its Bushi first", ["scenarios/ronin-attackers-fall-first.toml",
                                                                       "scenarios/ronin-defenders-fall-last.toml"]),
    ("the pushed Bushi never go onto your units or a third clan's", ["illegal/alternative-push.toml",
                                                                    "scenarios/f1-alternative-push-onto-their-own-units.toml"]),
    ("you choose which of the other Han get the ones left",
     ["scenarios/f4-mass-recruitment-short-player-chooses.toml"]),
    ("Bonuses add up:", ["scenarios/fortification-bonuses-add-up.toml"]),
    ("A bonus decides only who wins:", ["scenarios/fortified-winner-loses-as-many.toml"]),
    ("seats run clockwise", ["scenarios/seats-clockwise-left-neighbour.toml"]),
    ("A card you can carry out, you must;", ["illegal/must-carry-out.toml"]),
    ("one you cannot carry out has no effect", ["scenarios/a-card-with-no-way-has-no-effect.toml"]),
    ("So it is always added, and the card turns face up in the first combat it counts in.",
     ["scenarios/master-of-fortifications.toml", "scenarios/master-of-tactics.toml"]),
]


def clarifications() -> str:
    text = RULES_MD.read_text(encoding="utf-8")
    return text.split("# Clarifications", 1)[1].split("\n# ", 1)[0]


@pytest.mark.parametrize(("words", "proofs"), UNRECORDED, ids=[w[:30] for w, _ in UNRECORDED])
def test_each_unrecorded_clarification_is_printed_and_proved_by_hand(words, proofs):
    assert words in clarifications()
    for name in proofs:
        path = HERE / name
        result = check_file(GAME, path, path.name)
        assert result.ok == name.startswith("scenarios/"), (name, result.line)


@pytest.mark.parametrize("name", ["master-of-fortifications.toml", "master-of-tactics.toml"])
def test_a_combat_bonus_master_counts_and_turns_face_up_at_its_first_combat(name):
    """Rulebook: the Master of Fortifications «can add a bonus of +1» when defending (Tactics: when
    attacking), and a Mastery card stays face down until first used. Worked by hand in each file: 3
    against 2 + 1 is a tie and empties the Han; after it the holder's card is face up, the other's
    (none) is not."""
    path = HERE / "scenarios" / name
    t = notation.replay(path.read_text(encoding="utf-8"), GAME, path.name)
    assert t.state.revealed == {"green"}
