"""The shared replay framework: one set of rules for every game's notation files."""

from __future__ import annotations

import tomllib

import pytest
from pydantic import StrictInt

from pnp.engine import Illegal
from pnp.engine.notation import GameRejected, NotationError
from pnp.engine.position import write_table
from pnp.engine.replay import (
    End,
    Header,
    RoundEntry,
    Transcript,
    expected_end,
    play_rounds,
    read_end,
    read_notation,
    unique,
)


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


# ---- the skeleton: GameNotation ---------------------------------------------------------------

from dataclasses import dataclass, field  # noqa: E402

from pnp.engine.replay import GameNotation, Requested  # noqa: E402
from pnp.engine.settings import Limits, Option, Settings  # noqa: E402


@dataclass
class Tosses:
    """A game of tosses: a stated position sets the round and heads so far."""

    settings: Settings
    round: int = 1
    heads: int = 0
    calls: list[str] = field(default_factory=list)

    def is_terminal(self) -> bool:
        cap = self.settings.round_cap
        return self.heads >= 3 or (cap is not None and self.round > cap)

    def set_position(self, table: dict, where: str) -> None:
        self.round, self.heads = table["round"], table["heads"]


class TossHeader(Header):
    players: StrictInt | None = None
    options: list[str] = []


class TossNotation(GameNotation[Tosses, str, TossHeader, End]):
    game, header, end, round_keys = "coin", TossHeader, End, ("call", "expect")

    def requested(self, head: TossHeader, position: dict | None, where: str) -> Requested:
        return Requested(head.players, head.options)

    def set_position(self, state: Tosses, table: dict, where: str) -> None:
        state.set_position(table, where)

    def play_round(self, state: Tosses, entry: RoundEntry, where: str) -> str:
        call = entry.get("call")
        if call == "cheat":
            raise Illegal(state.round, "ann", None, "no-cheating", "a toss is not chosen")
        state.heads += call == "heads"
        state.round += 1
        return call

    def check_expect(self, state: Tosses, entry: RoundEntry, log: str, where: str) -> int:
        want = entry.get("expect")
        if want is not None and want != state.heads:
            raise GameRejected(f"{where}: {entry.key('expect')}: expected {want} heads, found {state.heads}")
        return 0 if want is None else 1

    def check_end(self, state: Tosses, end: End, where: str) -> int:
        return expected_end(end, None, state.is_terminal(), state.round - 1, where)


LIMITS = Limits("Coin", "coin", 1, 3, (Option("pairs", "two by two", players=(2,)),), round_cap=99)


def toss(text: str) -> Transcript:
    return TossNotation(LIMITS, Tosses).replay('game = "coin"\n' + text, "f.toml")


def toss_error(text: str) -> str:
    with pytest.raises((NotationError, GameRejected)) as exc:
        toss(text)
    return str(exc.value)


def test_the_header_s_players_and_options_are_checked_like_the_command_line():
    assert toss_error("players = 4\n[[round]]\ncall = 'heads'") == "f.toml: players: expected 1, 2 or 3, got 4"
    assert toss_error("players = 3\noptions = ['pairs']\n[[round]]\ncall = 'heads'") == \
        "f.toml: options: pairs is for 2 players"
    assert toss_error("options = ['fast']\n[[round]]\ncall = 'heads'") == \
        "f.toml: options: unknown option 'fast' (known: pairs)"
    assert toss("players = 2\noptions = ['pairs']\n[[round]]\ncall = 'heads'").state.settings == \
        Settings(2, frozenset({"pairs"}), 1, None)


def test_the_file_s_round_cap_is_the_state_s_and_a_bot_game_s_cap_is_not_used():
    assert toss("[[round]]\ncall = 'tails'").state.settings.round_cap is None
    capped = toss("round_cap = 1\n[[round]]\ncall = 'tails'\n[end]\nround = 1")
    assert capped.state.settings.round_cap == 1 and capped.state.is_terminal() and capped.expectations == 1


def test_rounds_are_numbered_from_the_stated_position_and_expectations_count():
    t = toss("[position]\nround = 7\nheads = 1\n[[round]]\ncall = 'heads'\nexpect = 2")
    assert t.expectations == 1 and t.start == {"round": 7, "heads": 1}
    assert toss_error("[position]\nround = 7\nheads = 1\n[[round]]\ncall = 'heads'\n[[round]]\ncall = 'cheat'") == \
        "f.toml: round 8, ann: a toss is not chosen"
    assert toss_error("[position]\nround = 7\nheads = 1\n[[round]]\ncall = 'heads'\nexpect = 3") == \
        "f.toml: round 7, expect: expected 3 heads, found 2"


def test_a_game_without_positions_refuses_one():
    class NoPositions(TossNotation):
        set_position = GameNotation.set_position

    with pytest.raises(NotationError, match=r"^f\.toml: position: coin cannot start from a stated position$"):
        NoPositions(LIMITS, Tosses).replay('game = "coin"\n[position]\nround = 2', "f.toml")
