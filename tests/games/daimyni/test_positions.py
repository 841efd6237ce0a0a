"""Daimyni positions (the [position] table), views and returns."""

from __future__ import annotations

import random
import tomllib

import pytest

from pnp.engine import Hidden
from pnp.engine.notation import NotationError
from pnp.engine.state import same_view
from pnp.games.daimyni import bot, notation
from pnp.games.daimyni.actions import PlayCards
from pnp.games.daimyni.rules import DaimyniState, Rules
from pnp.paths import cards_dir

FIRST_BLOOD = cards_dir() / "daimyni" / "samples" / "first-blood.toml"


def read_back(state: DaimyniState) -> DaimyniState:
    """write(position) -> TOML -> a new state started from it."""
    table = tomllib.loads(notation.write_position(state))["position"]
    other = DaimyniState(state.rules, state.round_cap)
    other.set_position(table, "pos.toml")
    return other


def same_state(a: DaimyniState, b: DaimyniState) -> bool:
    return (a.round, a.bushi, a.daimyo, a.tanbo, a.area, a.hand, a.reserve) == \
        (b.round, b.bushi, b.daimyo, b.tanbo, b.area, b.hand, b.reserve)


def test_the_setup_round_trips(game):
    s = DaimyniState(Rules(game))
    again = read_back(s)
    assert same_state(s, again) and again.position() == s.position()
    assert s.position()["a3"] == "red D" and s.position()["hand"]["blue"] == [2, 3, 6, 7, 10, 12, 13, 15, 18]


@pytest.mark.parametrize("seed", range(6))
def test_every_position_between_rounds_of_a_bot_game_round_trips(game, seed):
    rules, rng = Rules(game), random.Random(seed)
    s = DaimyniState(rules, 40)
    while not s.is_terminal():
        if s.phase == "play" and not len(s.commits):
            again = read_back(s)
            assert same_state(s, again) and again.position() == s.position()
            assert set(map(str, again.legal_actions())) == set(map(str, s.legal_actions()))
        s.apply_action(bot.choose(s, rng))


def test_a_sample_started_from_a_stated_position_ends_the_same(game):
    rules = Rules(game)
    full = notation.replay(FIRST_BLOOD.read_text(encoding="utf-8"), rules, "first-blood.toml")
    # play the first two rounds, then state that position and write the last two rounds after it
    text = FIRST_BLOOD.read_text(encoding="utf-8").split("[[round]]")
    head = notation.replay("[[round]]".join(text[:3]), rules, "head")
    scenario = 'game = "daimyni"\n\n' + notation.write_position(head.state) + "\n[[round]]" + "[[round]]".join(text[3:])
    t = notation.replay(scenario, rules, "scenario.toml")
    assert t.state.winner == full.state.winner == "red" and t.state.round == 4
    assert [log.round for log in t.rounds] == [3, 4]
    assert t.start == head.state.position()
    # and writing that game gives the position back, replaying to the same end
    again = notation.replay(notation.write(t.state), rules, "again.toml")
    assert notation.write(again.state) == notation.write(t.state)
    assert "[position]" in notation.write(t.state) and again.state.winner == "red"


def test_round_numbers_in_messages_follow_the_stated_round(game):
    text = ('[position]\nround = 5\na3 = "red D+2"\ng4 = "blue D+2"\nd2 = "tanbo"\nd4 = "tanbo"\n'
            '[[round]]\nred = ["1: a3-b3", "4"]\nblue = ["2: g4-f4", "3: g4-f3"]\n')
    with pytest.raises(notation.GameRejected, match=r"^p\.toml: round 5, blue plays 3 \(Move Bushi\): blue has no "):
        notation.replay(text, Rules(game), "p.toml")


@pytest.mark.parametrize("table, message", [
    ({"a3": "red D", "z9": "blue D"}, "position.z9: there is no such cell on the board"),
    ({"a3": "red D", "a4": "red D", "g4": "blue D"}, "position.a4: the red Daimyo is already on a3"),
    ({"a3": "red D", "d2": "tanbo", "d4": "tanbo"}, "position: the blue Daimyo is on no cell"),
    ({"a3": "red D", "g4": "blue D", "d2": "tanbo"}, "position: expected 2 cells holding a Tanbo, found 1"),
    ({"a3": "red D", "g4": "blue D", "d2": "tanbo", "d4": "tanbo", "c3": "red 0"}, "position.c3: a cell holds"),
    ({"a3": "red D", "g4": "blue D", "d2": "tanbo", "d4": "tanbo", "c3": "purple 2"},
     "position.c3: expected \"red 2\""),
    ({"a3": "red D+4", "g4": "blue D", "d2": "tanbo", "d4": "tanbo", "area": {"red": 6}},
     "position.area.red: expected a whole number from 0 to 5"),
    ({"a3": "red D", "g4": "blue D", "d2": "tanbo", "d4": "tanbo", "hand": {"red": [1, 2], "blue": [2, 3]}},
     "position.hand.blue: card 2 is already in hand.red"),
    ({"a3": "red D", "g4": "blue D", "d2": "tanbo", "d4": "tanbo", "hand": {"green": [1, 2]}},
     "position.hand.green: unknown clan"),
    ({"a3": "red D", "g4": "blue D", "d2": "tanbo", "d4": "tanbo", "hand": {"red": [1], "blue": [2, 3]}},
     "position.hand.red: red needs at least 2 cards in hand"),
    ({"a3": "red D", "g4": "blue D", "d2": "tanbo", "d4": "tanbo", "round": 0}, "position.round: expected a whole"),
])
def test_impossible_positions_are_refused_with_the_key(game, table, message):
    with pytest.raises(NotationError) as exc:
        DaimyniState(Rules(game)).set_position(table, "p.toml")
    assert str(exc.value).startswith(f"p.toml: {message}")


def test_a_position_is_written_between_rounds_only(game):
    s = DaimyniState(Rules(game))
    s.apply_action(PlayCards((1, 4)))
    with pytest.raises(ValueError):
        s.position()


def test_views_show_own_cards_and_hide_the_other_clans_until_the_reveal(game):
    s = DaimyniState(Rules(game))
    d = s.decision()
    assert d and d.players == ("red", "blue") and d.secret
    s.apply_action(PlayCards((1, 4)))
    red, blue = s.view("red"), s.view("blue")
    assert red.table == {"red": (1, 4)} and blue.table == {"red": Hidden()}
    assert blue.hand == (2, 3, 6, 7, 10, 12, 13, 15, 18) and blue.others == {"red": Hidden(7)}
    other = DaimyniState(Rules(game))
    other.apply_action(PlayCards((5, 8)))            # red chose differently: blue cannot tell
    assert same_view(s, other, "blue") and not same_view(s, other, "red")
    s.apply_action(PlayCards((2, 3)))
    assert s.view("blue").table == {"red": (1, 4), "blue": (2, 3)}
    assert s.view("blue").queue == ((1, "red"), (2, "blue"), (3, "blue"), (4, "red"))
    with pytest.raises(ValueError):
        s.view("green")


def test_returns_for_every_clan(game):
    t = notation.replay(FIRST_BLOOD.read_text(encoding="utf-8"), Rules(game), "f")
    assert t.state.returns() == {"red": 1, "blue": -1}
    assert DaimyniState(Rules(game)).returns() == {"red": 0, "blue": 0}


def test_the_position_example_in_the_docs_replays(game):
    from pathlib import Path
    doc = (Path(__file__).parents[3] / "docs" / "notation.md").read_text(encoding="utf-8")
    section = doc.split("## Starting from a position", 1)[1]
    example = section.split("```toml\n", 1)[1].split("```", 1)[0]
    t = notation.replay(example, Rules(game), "notation.md")
    assert t.state.winner == "red" and t.state.round == 4 and t.start["round"] == 3
