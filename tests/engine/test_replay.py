"""The shared replay framework: one set of rules for every game's notation files."""

from __future__ import annotations

import tomllib

import pytest
from pydantic import StrictInt

from pnp.engine import Illegal
from pnp.engine.notation import GameRejected, NotationError
from pnp.engine.position import write_table
from pnp.engine.replay import End, Header, RoundEntry, expected_end, play_rounds, read_end, read_notation, unique


class CoinHeader(Header):
    players: StrictInt = 2


def read(text: str, **kw):
    return read_notation(text, "f.toml", "coin", CoinHeader, round_keys=("call", "expect"), **kw)


def error(text: str, **kw) -> str:
    with pytest.raises(NotationError) as exc:
        read(text, **kw)
    return str(exc.value)


def test_header_is_validated_with_the_definitions_messages():
    assert error('players = "two"\n[[round]]') == "f.toml: players: expected a whole number, got 'two'"
    assert error('title = 3\n[[round]]').startswith("f.toml: title: expected text, or a table of texts by language")
    assert error('round_cap = 0\n[[round]]') == "f.toml: round_cap: expected a number of at least 1, got 0"


def test_unknown_keys_are_refused_everywhere():
    assert error('colour = "red"\n[[round]]') == "f.toml: colour: unknown key (check the spelling)"
    assert error('[[round]]\ncall = "heads"\ncal = "tails"') == \
        "f.toml: round 1, cal: unknown key (expected call, expect)"
    n = read('[[round]]\ncall = "x"\n[end]\nwinner = "a"\nwho = 1')
    with pytest.raises(NotationError, match=r"^f\.toml: end\.who: unknown key"):
        read_end(End, n.end or {}, "f.toml")


def test_empty_and_wrong_files_are_refused():
    assert error("") == "f.toml: (file): empty: expected [[round]] tables (or a [position])"
    assert error("# only a comment\n") == "f.toml: (file): empty: expected [[round]] tables (or a [position])"
    assert error('game = "coin"') == "f.toml: round: missing: a game needs at least one [[round]] (or a [position])"
    assert error('game = "chess"\n[[round]]') == "f.toml: game: expected \"coin\", got \"chess\""
    assert error("[[round]]", game_required=True) == "f.toml: game: missing: expected \"coin\""
    assert error("round = 3") == "f.toml: round: expected [[round]] tables"
    assert error("[[round]\n").startswith("f.toml: (file): not valid TOML")
    assert error("position = 1") == "f.toml: position: expected a table, e.g. [position]"


def test_a_position_alone_is_a_game():
    n = read_notation('game = "coin"\n[position]\nheads = 2', "f.toml", "coin", CoinHeader)
    assert n.position == {"heads": 2} and n.rounds == []


def test_rounds_are_numbered_from_one_in_messages():
    n = read('[[round]]\ncall = "h"\n[[round]]\ncall = "t"')
    assert [r.number for r in n.rounds] == [1, 2]
    assert str(n.rounds[1].error("f.toml", "call[0]", "bad")) == "f.toml: round 2, call[0]: bad"
    assert n.rounds[0].key() == "round 1"


def test_duplicates_are_refused():
    with pytest.raises(NotationError, match="card 5 is written twice$"):
        unique([(5, "a"), (5, "a")], "f.toml", "round 1, red", "card")
    with pytest.raises(NotationError, match=r"card 5 is written twice \('a' and 'b'\)"):
        unique([(5, "a"), (5, "b")], "f.toml", "round 1, red", "card")


class Counter:
    def __init__(self) -> None:
        self.round, self.total = 1, 0

    def is_terminal(self) -> bool:
        return self.total >= 3


def test_play_rounds_stops_after_the_end_and_turns_illegal_moves_into_rejections():
    c = Counter()

    def play(entry: RoundEntry) -> int:
        if entry.get("call") == "bad":
            raise Illegal(entry.number, "ann", None, "rule", "not allowed")
        c.total += 1
        c.round += 1
        return c.total

    rounds = [RoundEntry(i, {"call": "x"}) for i in (1, 2, 3, 4)]
    with pytest.raises(GameRejected, match=r"^f\.toml: round 4: the game already ended in round 4$"):
        play_rounds(c, rounds, "f.toml", play)
    with pytest.raises(GameRejected, match=r"^f\.toml: round 1, ann: not allowed$"):
        play_rounds(Counter(), [RoundEntry(1, {"call": "bad"})], "f.toml", play)
    c = Counter()
    assert play_rounds(c, rounds[:2], "f.toml", play) == [1, 2]


def test_expected_end():
    assert expected_end(End(winner="red", round=4), "red", True, 4, "f") == 2
    with pytest.raises(GameRejected, match="expected the winner to be blue, but it is red"):
        expected_end(End(winner="blue"), "red", True, 4, "f")
    with pytest.raises(GameRejected, match="but it is still going after round 2"):
        expected_end(End(round=4), None, False, 3, "f")


@pytest.mark.parametrize("table", [
    {},
    {"round": 1, "a3": "red D+1", "flag": True, "hand": {"red": [1, 2], "blue": []}},
    {"quoted key": "x", "nested": {"deeper": {"n": 1}, "list": ["a", "b"]}, "mix": [{"a": 1}]},
])
def test_position_tables_round_trip_through_toml(table):
    assert tomllib.loads(write_table("position", table)).get("position", {}) == table


def test_rounds_after_a_stated_position_are_named_by_the_games_round():
    """A file starting at round 9 whose first round ends the game: its second [[round]] is the
    game's round 10 (it was called "round 2: the game already ended in round 9")."""
    import pytest

    from pnp.engine.notation import IllegalMove
    from pnp.engine.replay import RoundEntry, play_rounds

    class State:
        round = 9
        over = False

        def is_terminal(self):
            return self.over

    state = State()

    def play(entry):
        state.over = True
        return entry.key()

    with pytest.raises(IllegalMove) as err:
        play_rounds(state, [RoundEntry(1, {}), RoundEntry(2, {})], "f.toml", play)
    assert str(err.value) == "f.toml: round 10: the game already ended in round 9"
    assert err.value.rule == "game-over"
