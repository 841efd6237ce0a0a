"""The rulebook's five examples, as the files in cards/shogun-solitaire/examples/: each starts from a
stated position, and the outcome asserted here was worked out by hand from the rule, stated in our own
words between « ». The same files are replayed by `pnp check` and drawn in the booklet."""

import pytest

from pnp.engine.core import Illegal
from pnp.games.shogun_solitaire.notation import replay, start_state

from .helpers import FOLDER, game

EXAMPLES = FOLDER / "examples"


def example(stem):
    path = EXAMPLES / f"{stem}.toml"
    return replay(game(), path.read_text(encoding="utf-8"), path.name)


def start(stem):
    t = example(stem)
    return start_state(game(), t.header.seed, t.start, stem)


def test_every_rulebook_example_is_a_file():
    assert sorted(p.stem for p in EXAMPLES.glob("*.toml")) == [
        "1-ninja-in-a-run", "2-discard-and-wait", "3-raid-met-with-the-deck", "4-envoys-leave-with-a-raid",
        "5-a-fresh-hand"]


def test_ninja_in_a_run():
    """«A Ninja keeps its colour's run going but is not one of the three: Soldier, Ninja, Samurai in
    blue seize nothing; a further blue card that is neither a Samurai (same type as its neighbour)
    nor a Ninja (not counted) seizes the Takeda port.»"""
    s = start("1-ninja-in-a-run")
    assert s.score == 0 and [r.card for r in s.row] == ["takeda-soldier", "takeda-ninja", "takeda-samurai"]
    with pytest.raises(Illegal) as exc:
        s.clone().apply_action("play takeda-samurai")
    assert exc.value.rule == "same-type"
    ninja = s.clone()
    ninja.apply_action("play takeda-ninja")
    assert ninja.score == 0 and len(ninja.row) == 4
    t = example("1-ninja-in-a-run")
    assert t.state.held["takeda"] == {0} and t.state.row == [] and t.expectations == 4
    assert {"takeda-soldier", "takeda-ninja", "takeda-samurai", "takeda-cavalry"} <= set(t.state.removed)


def test_discard_and_wait():
    """«When nothing in hand continues the run, discarding a card of another colour leaves the run
    in place, and the card drawn for it (a purple Samurai) finishes the purple run next turn.»"""
    s = start("2-discard-and-wait")
    assert not any(c.startswith("amago") for c in s.hand)
    t = example("2-discard-and-wait")
    assert t.rounds == [["discard takeda-cavalry"], ["play amago-samurai"]]
    assert t.state.held["amago"] == {0} and "takeda-cavalry" in t.state.discard


def test_raid_met_with_the_deck():
    """«A Raid drawn after a play, with no Samurai in hand, is met by the hand or by the deck; met by
    the deck, the Raid and the next five non-enemy cards go to the discard pile, an enemy turned up
    is set aside and shuffled back, and one card is drawn to refill the hand.»"""
    s = start("3-raid-met-with-the-deck")
    s.apply_action("play hojo-cavalry")
    assert s.pending == "raid" and s.legal_actions() == ["raid: hand", "raid: deck"]
    t = example("3-raid-met-with-the-deck")
    assert t.state.discard == ["raid", "takeda-soldier", "amago-cavalry", "kato-ninja", "envoy", "takeda-cavalry"]
    assert "assassin" in t.state.deck and len(t.state.hand) == 5
    kept = ["hojo-leader", "hojo-ninja", "kato-soldier", "fleet"]     # the hand was not touched
    assert all(c in t.state.hand for c in kept)


def test_envoys_leave_with_a_raid():
    """«Envoys stay in the hand until the whole hand goes; meeting a Raid with the hand takes them
    away, the fresh five are drawn with enemies set aside, and an Envoy drawn then stays.»"""
    t = example("4-envoys-leave-with-a-raid")
    assert t.state.discard == ["raid", "envoy", "envoy", "hojo-ninja", "amago-soldier"]
    assert t.state.hand.count("envoy") == 1 and "ronin" in t.state.deck
    assert [r.card for r in t.state.row] == ["kato-cavalry", "kato-soldier"]


def test_a_fresh_hand():
    """«With Hōjō unified its cards seize nothing; discarding the whole hand draws five new cards
    as at the start: a Raid drawn then does not strike but is shuffled back into the deck.»"""
    t = example("5-a-fresh-hand")
    assert sorted(t.state.discard) == ["envoy", "envoy", "hojo-cavalry", "hojo-samurai", "hojo-soldier"]
    assert t.state.pending == "turn" and t.state.striking is None and "raid" in t.state.deck
    assert t.state.score == 3
