"""Dôjima's notation: a TOML file a person can write, `replay` reads, `write` produces. The dice
are part of the record: each round states what was rolled, and the replay uses those values.

```toml
game = "dojima"
players = 3                      # the first N colours of game.toml, in seat order
first = "red"                    # who holds the first-player card in round 1
options = ["dice-first"]         # optional: dice-first (phases 1 and 2 swapped), short-game

[position]                       # optional: start here instead of the setup
round = 5
season = "summer"
first = "blue"
reserve = 3
water = { red = 6, blue = 2, green = 8 }
rice = { red = 2, blue = 0, green = 5 }
ryo = { red = 4, blue = 5, green = 0 }
advisors = ["sow-advisor", "water-advisor", "market-advisor", "imperial"]

[[round]]                                      # 3-6 players
draft = { red = "sow-advisor", hide = "imperial", blue = "water-advisor", green = "imperial" }
black = 4                                      # the black die, for the advisor left face down
roll = { red = [1, 3, 3, 5], blue = [2, 2, 2, 6], green = [1, 2, 4, 6] }
reroll = { blue = [1, 4, 5, 6] }               # a player with three equal dice who rolled again
red = "sow-advisor 3, sower 3, waterer 1, merchant 5"
blue = "water-advisor 4, sower 1, waterer 5, merchant 6"
green = "imperial 2, sower 1, waterer 4, merchant 6"
imperial = { green = "sower" }                 # the Imperial's holder moved this worker (replayed as
                                               # its own advisor turns up: an earlier move pays the same)
sell = { red = 1 }                             # sales made (rice given: 1 or 3); others: none
expect = { red = { water = 3, rice = 4, ryo = 1 }, reserve = 7, first = "blue" }

[[round]]                                      # two players
pyramid = ["beggar", "saboteur", "sake-seller", "sow-advisor", "water-advisor", "market-advisor"]
roll = { red = [2, 3, 5], blue = [1, 4, 4] }   # worker dice
advisor_dice = { red = [1, 4, 6], blue = [2, 3, 3] }
red = "sower 3, waterer 2, merchant 5"
blue = "sower 4, waterer 1, merchant 4"
picks = ["4 sow-advisor", "1 water-advisor", ...]   # from the first player, in turn

[end]
winner = "red"                   # several for a full tie: "red+blue"
round = 12
ryo = { red = 9, blue = 7, green = 7 }
```

The pyramid lists its six advisors top first, then the middle row and the bottom row, left to
right. An illegal game (a card not offered, a die not rolled, a sale on an empty field ...) is
exit 1 with the rule's short name (`pnp.games.dojima.rules.RULES`); a malformed file is exit 2.
`write(replay(text))` gives the same file back.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from pydantic import StrictInt

from ...engine import Decision, Illegal
from ...engine.core import MissingDraw, RecordMismatch
from ...engine.notation import GameRejected, IllegalMove, NotationError, quote, shown
from ...engine.position import value_text, write_table
from ...engine.replay import (
    End,
    GameNotation,
    Header,
    Notation,
    Requested,
    RoundEntry,
    Transcript,
    expect_values,
    header_lines,
)
from ...engine.settings import Limits, Option, Settings, expected_count
from ..interface import game_limits
from .basics import IMPERIAL, ROLE_OF, ROLES, SEASONS, RoundRecord
from .rules import RECOMMENDED, SHORT, VARIANT, Dice, DojimaState, Recorded, Rules, triple

GAME = "dojima"
LAID = re.compile(r"\s*[a-z][a-z-]*\s+[1-6]\s*(?:,\s*[a-z][a-z-]*\s+[1-6]\s*)*")
PICK = re.compile(r"\s*[1-6]\s+[a-z][a-z-]*\s*")
OPTIONS = (
    Option(VARIANT, "phases 1 and 2 swapped: everyone rolls (the black die too) before the advisor draft",
           players=(3, 4, 5, 6)),
    Option(SHORT, "a shorter game: 6 Ryô in the reserve each season instead of 8", players=(3, 4, 5, 6)),
)
ROUND_KEYS = ("draft", "black", "roll", "reroll", "advisor_dice", "pyramid", "picks", "imperial", "sell",
              "expect", "note")


class DojimaHeader(Header):
    players: StrictInt | None = None
    first: str | None = None
    options: list[str] = []


class DojimaEnd(End):
    ryo: dict[str, int] | None = None


@dataclasses.dataclass
class RoundLog:
    """One replayed round: its record (draft, dice, cards, sales, events) and the tracks after it."""

    round: int
    record: RoundRecord
    water: dict[str, int]
    rice: dict[str, int]
    ryo: dict[str, int]
    reserve: int
    expectations: int = 0


def _dice(value: Any, count: int, where: str, key: str) -> tuple[int, ...]:
    if (not isinstance(value, list) or len(value) != count
            or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in value)):
        raise NotationError(where, key, f"expected {count} dice from 1 to 6, e.g. {value_text([1, 3, 3, 5][:count])}, "
                            f"got {value_text(value) if isinstance(value, (list, int, str)) else repr(value)}")
    return tuple(value)


def _table(entry: RoundEntry, name: str, players: Sequence[str], where: str,
           extra: Sequence[str] = ()) -> dict[str, Any]:
    value = entry.get(name, {})
    if not isinstance(value, dict):
        raise entry.error(where, name, f"expected a table by player ({', '.join(players)})")
    for key in value:
        if key not in players and key not in extra:
            raise entry.error(where, f"{name}.{key}", f"not a player of this game ({', '.join(players)})")
    return value


class DojimaNotation(GameNotation[DojimaState, RoundLog, DojimaHeader, DojimaEnd]):
    """Dôjima on the shared skeleton: a round states its dice (the replay rolls those) and each
    player's choices, by table."""

    game, header, end = GAME, DojimaHeader, DojimaEnd

    def __init__(self, limits: Limits, new_state: Callable[[Settings], DojimaState], rules: Rules):
        super().__init__(limits, new_state)
        self.rules = rules

    def requested(self, head: DojimaHeader, position: dict[str, Any] | None, where: str) -> Requested:
        return Requested(head.players, head.options)

    def start(self, settings: Settings, notation: Notation[DojimaHeader], where: str) -> DojimaState:
        """The seats, the first player, and dice that roll what the file recorded."""
        if settings.players > len(self.rules.colours):   # a folder with fewer colours than its player range
            raise NotationError(where, "players", expected_count(self.limits.lo, len(self.rules.colours),
                                                                 settings.players))
        seats = self.rules.colours[:settings.players]
        first = notation.header.first or seats[0]
        if first not in seats:
            raise NotationError(where, "first", f"expected a player ({', '.join(seats)}), got {shown(first)}")
        state = DojimaState(self.rules, seats, first, Recorded(), settings.options, settings.round_cap)
        if notation.position is not None:
            state.set_position(notation.position, where)
        state.begin()
        return state

    def stated_start(self, state: DojimaState, notation: Notation[DojimaHeader]) -> dict[str, Any] | None:
        return state.start

    def play_round(self, state: DojimaState, entry: RoundEntry, where: str) -> RoundLog:
        return play_round(state, entry, where)

    def check_expect(self, state: DojimaState, entry: RoundEntry, log: RoundLog, where: str) -> int:
        log.expectations = check_expect(state, entry, where)
        return log.expectations

    def check_end(self, state: DojimaState, end: DojimaEnd, where: str) -> int:
        return check_end(state, end, where)


_LAST_RULES: list[tuple[Any, Rules]] = []


def _rules_of(game: Any) -> Rules:
    """`Rules.of(game)`, read once for the last `Game` object asked about: a sweep starts thousands of
    games from one loaded Game. Rules are frozen and never change during a game; another Game object
    (definitions loaded again) reads its own."""
    if not _LAST_RULES or _LAST_RULES[0][0] is not game:
        _LAST_RULES[:] = [(game, Rules.of(game))]
    return _LAST_RULES[0][1]


def new_state(game: Any, settings: Settings) -> DojimaState:
    """A game set up for `settings` and started. The rulebook draws the first player at random; the
    seats are the draw: the first seat starts (so `pnp simulate` reads its first-player advantage
    from seat 1, as for every game)."""
    rules = _rules_of(game)
    seats = rules.colours[:settings.players]
    state = DojimaState(rules, seats, seats[0], Dice(settings.seed), settings.options, settings.round_cap)
    state.begin()
    return state


def notation_for(game: Any, limits: Limits | None = None) -> DojimaNotation:
    """The notation of `game` (its folder), with the rules module's limits if given."""
    return DojimaNotation(limits or game_limits(game, GAME, OPTIONS), partial(new_state, game), Rules.of(game))


def replay(game: Any, text: str, where: str) -> Transcript[DojimaState, RoundLog]:
    """Replay a notation file; NotationError (bad file, exit 2) or GameRejected (illegal, exit 1)."""
    return notation_for(game).replay(text, where)


@dataclasses.dataclass
class Written:
    """One round's choices as its file states them, checked for form, used as decisions come."""

    draft: dict[str, Any]
    reroll: dict[str, Any]
    picks: list[str]
    imperial: dict[str, Any]
    sell: dict[str, Any]
    picked: int = 0
    used_imperial: set[str] = dataclasses.field(default_factory=set)


def play_round(state: DojimaState, entry: RoundEntry, where: str) -> RoundLog:
    """Play one ``[[round]]`` on `state`: its recorded dice, then each decision from its tables."""
    entry.check_keys((*ROUND_KEYS, *state.players), where)
    number = state.round
    chance = state.dice_source
    assert isinstance(chance, Recorded)
    chance.by_key = _recorded_dice(state, entry, where)
    written = _written(state, entry, where)
    try:
        while state.round == number and not state.is_terminal():
            d = state.decision()
            assert d is not None
            state.apply_action(_action(state, d, entry, written, where))
    except MissingDraw as exc:
        raise entry.error(where, ".".join(exc.key), "missing: the dice rolled") from None
    except RecordMismatch as exc:   # the file's dice are checked for form first: not expected
        raise entry.error(where, "roll", str(exc)) from None
    record = state.history[-1] if state.history and state.history[-1].round == number else state.record
    assert record is not None
    _refuse_unused(state, entry, record, chance, written, where)
    return RoundLog(number, record, dict(state.water), dict(state.rice), dict(state.ryo), state.reserve)


def _recorded_dice(state: DojimaState, entry: RoundEntry, where: str) -> dict[tuple[str, ...], Any]:
    """The dice and pyramid the round's file states, by what each is for (``("workers", "red")``)."""
    players, number = state.players, state.round
    count = 3 if state.two else 4
    roll = _table(entry, "roll", players, where)
    queue: dict[tuple[str, ...], Any] = {}
    for p in players:
        if p not in roll:
            raise entry.error(where, f"roll.{p}", f"missing: the {count} dice {p} rolled, e.g. "
                              f"{value_text([1, 3, 3, 5][:count])}")
        queue[("workers", p)] = _dice(roll[p], count, where, entry.key(f"roll.{p}"))
    for p, values in _table(entry, "reroll", players, where).items():
        queue[("reroll", p)] = _dice(values, count, where, entry.key(f"reroll.{p}"))
        if not triple(queue[("workers", p)]):
            rolled = ", ".join(map(str, sorted(queue[("workers", p)])))
            raise Illegal(number, p, None, "reroll-triple", f"{p} rolled {rolled}: without three equal dice there "
                          "is no second roll")
    queue.update(_pyramid_dice(state, entry, where) if state.two else _black_die(entry, where))
    return queue


def _pyramid_dice(state: DojimaState, entry: RoundEntry, where: str) -> dict[tuple[str, ...], Any]:
    """Two players: each one's three advisor dice and the pyramid's order."""
    for key in ("black", "draft"):
        if key in entry.data:
            raise entry.error(where, key, "not used with two players (the advisors lie in the pyramid)")
    queue: dict[tuple[str, ...], Any] = {}
    dice = _table(entry, "advisor_dice", state.players, where)
    for p in state.players:
        if p not in dice:
            raise entry.error(where, f"advisor_dice.{p}", f"missing: the 3 advisor dice {p} rolled")
        queue[("advisors", p)] = _dice(dice[p], 3, where, entry.key(f"advisor_dice.{p}"))
    pyramid = entry.get("pyramid")
    if (not isinstance(pyramid, list) or sorted(map(str, pyramid)) != sorted(state.advisors)):
        raise entry.error(where, "pyramid", f"expected the six advisors in pyramid order (top, middle row, "
                          f"bottom row), each once: {value_text(sorted(state.advisors))}")
    queue[("pyramid",)] = tuple(pyramid)
    return queue


def _black_die(entry: RoundEntry, where: str) -> dict[tuple[str, ...], Any]:
    """Three to six players: the black die, for the advisor left face down."""
    for key in ("advisor_dice", "pyramid", "picks"):
        if key in entry.data:
            raise entry.error(where, key, "only used with two players")
    black = entry.get("black")
    if isinstance(black, bool) or not isinstance(black, int) or not 1 <= black <= 6:
        raise entry.error(where, "black", f"expected the black die (1 to 6), got {shown(black)}")
    return {("black",): (black,)}


def _written(state: DojimaState, entry: RoundEntry, where: str) -> Written:
    """The round's draft, picks, Imperial moves and sales, each checked for form."""
    players = state.players
    draft = _table(entry, "draft", players, where, extra=("hide",)) if not state.two else {}
    picks = entry.get("picks", [])
    if not isinstance(picks, list) or not all(isinstance(x, str) for x in picks):
        raise entry.error(where, "picks", "expected a list like [\"4 sow-advisor\", \"1 beggar\"]")
    imperial = _table(entry, "imperial", players, where)
    for p, role in imperial.items():
        if role not in ROLES:
            raise entry.error(where, f"imperial.{p}", f"expected a worker ({', '.join(ROLES)}), got {shown(role)}")
    sell = _table(entry, "sell", players, where)
    for p, units in sell.items():
        if units not in (1, 3) or isinstance(units, bool):
            raise entry.error(where, f"sell.{p}", f"expected the rice sold, 1 or 3, got {shown(units)}")
    return Written(draft, _table(entry, "reroll", players, where), picks, imperial, sell)


def _action(state: DojimaState, d: Decision, entry: RoundEntry, written: Written, where: str) -> str:
    """The action the file states for decision `d`."""
    p = d.player
    if d.kind.startswith("draft"):
        return _draft(d, entry, written, where)
    if d.kind == "reroll":
        return "reroll" if p in written.reroll else "stand"
    if d.kind == "assign":
        return _assign(state, p, entry, where)
    if d.kind == "pick":
        return _pick(p, entry, written, where)
    if d.kind == "imperial":
        role = ROLE_OF[d.card]
        if written.imperial.get(p) != role:
            return "pass"
        written.used_imperial.add(p)
        return f"imperial {role}"
    units = written.sell.get(p)
    return f"sell {units}" if units else "no sale"


def _draft(d: Decision, entry: RoundEntry, written: Written, where: str) -> str:
    p, draft = d.player, written.draft
    if p not in draft:
        raise entry.error(where, f"draft.{p}", "missing: the advisor this player kept")
    action = f"keep {draft[p]}"
    if d.kind == "draft-first":
        if "hide" not in draft:
            raise entry.error(where, "draft.hide", f"missing: the advisor the first player ({p}) laid face down")
        action += f" hide {draft['hide']}"
    return action


def _assign(state: DojimaState, p: str, entry: RoundEntry, where: str) -> str:
    laid = entry.get(p)
    example = ", ".join(f"{c} {v}" for c, v in zip(state.cards_of(p), state.dice[p]))
    if not isinstance(laid, str):
        raise entry.error(where, p, f"missing: {p}'s cards on their dice, e.g. \"{example}\"")
    if not LAID.fullmatch(laid):
        raise entry.error(where, p, f"expected each card with its die, e.g. \"{example}\", got {shown(laid)}")
    return laid


def _pick(p: str, entry: RoundEntry, written: Written, where: str) -> str:
    picked = written.picked
    if picked >= len(written.picks):
        raise entry.error(where, "picks", f"missing: pick {picked + 1} of 6 ({p} gives an advisor die "
                          "to a face-up card)")
    action = written.picks[picked]
    if not PICK.fullmatch(action):
        raise entry.error(where, f"picks[{picked}]", f"expected \"<die> <advisor>\", e.g. "
                          f"\"4 sow-advisor\", got {shown(action)}")
    written.picked += 1
    return action


def _refuse_unused(state: DojimaState, entry: RoundEntry, record: RoundRecord, chance: Recorded, written: Written,
                   where: str) -> None:
    """Dice, Imperial moves, picks or cards the file states but the round never used."""
    number = record.round
    for left in list(chance.by_key or ()):
        kind, p = left[0], left[-1]
        if kind == "reroll":
            rolled = ", ".join(map(str, record.roll.get(p, ())))
            raise Illegal(number, p, None, "reroll-triple", f"{p} rolled {rolled}: without three equal dice there "
                          "is no second roll")
        raise entry.error(where, ".".join(left), "these dice were never rolled in this round")
    for p in written.imperial:
        if p not in written.used_imperial:
            holders = [q for q, card in record.draft.items() if card == IMPERIAL and q != "hide"]
            holder = f"{holders[0]} holds it" if holders else "nobody holds it"
            raise Illegal(number, p, "imperial", "imperial-holder", f"{p} cannot move a worker with the Imperial: "
                          f"{holder}")
    if written.picked < len(written.picks):
        raise entry.error(where, "picks", f"{len(written.picks)} picks written; a round has 6")
    extra = [p for p in state.players if p in entry.data and p not in record.assign]
    if extra:
        raise entry.error(where, extra[0], "this player laid no cards this round")


def check_expect(state: DojimaState, entry: RoundEntry, where: str) -> int:
    expect = entry.get("expect")
    if expect is None:
        return 0
    if not isinstance(expect, dict):
        raise entry.error(where, "expect", "expected a table: a player's water/rice/ryo, reserve, box, first, season")
    met = 0
    for key, want in expect.items():
        if key in state.players:
            if not isinstance(want, dict):
                raise entry.error(where, f"expect.{key}", "expected { water = ..., rice = ..., ryo = ... }")
            for track, value in want.items():
                if track not in ("water", "rice", "ryo"):
                    raise entry.error(where, f"expect.{key}.{track}", "unknown key (expected water, rice, ryo)")
                have = getattr(state, track)[key]
                if have != value:
                    raise GameRejected(f"{where}: {entry.key(f'expect.{key}.{track}')}: expected {value}, "
                                       f"but it is {have}")
                met += 1
            continue
        if key == "reserve":
            got: Any = state.reserve
        elif key == "box":
            got = state.box
        elif key == "first":
            got = state.first
        elif key == "season":
            got = state.season_name
        else:
            raise entry.error(where, f"expect.{key}", "unknown key (expected a player, reserve, box, first, season)")
        if got != want:
            raise GameRejected(f"{where}: {entry.key(f'expect.{key}')}: expected {value_text(want)}, "
                               f"but it is {value_text(got)}")
        met += 1
    return met


def check_end(state: DojimaState, end: DojimaEnd, where: str) -> int:
    met = 0
    if end.winner is not None:
        got = state.winner or ("none" if state.is_terminal() else "nobody yet (the game goes on)")
        want = "+".join(sorted(end.winner.split("+"), key=lambda p: state.players.index(p)
                               if p in state.players else 99))
        if want != got:
            raise GameRejected(f"{where}: expected the winner to be {end.winner}, but it is {got}")
        met += 1
    if end.round is not None:
        if not state.over or state.round != end.round:
            how = f"ended in round {state.round}" if state.over else f"is still going in round {state.round}"
            raise GameRejected(f"{where}: expected the game to end in round {end.round}, but it {how}")
        met += 1
    return met + expect_values(where, "end.ryo", end.ryo or {}, state.ryo)


def write(state: DojimaState, title: str = "", description: str = "", expect_final: bool = True) -> str:
    """The notation of a game (finished or not); replaying it gives the same game."""
    out = header_lines(GAME, title, description)
    out.append(f"players = {len(state.players)}")
    first = state.history[0].first if state.history else state.first
    out.append(f"first = {quote(first)}")
    if state.options:
        out.append(f"options = {value_text(sorted(state.options))}")
    if state.round_cap is not None:
        out.append(f"round_cap = {state.round_cap}")
    if state.start is not None:
        out += ["", write_table("position", state.start)]
    for i, rec in enumerate(state.history):
        out += ["", f"[[round]]  # round {rec.round}, {rec.season}, {rec.first} first"]
        out += round_lines(state, rec)
        if expect_final and i == len(state.history) - 1:
            tracks = {p: {"water": state.water[p], "rice": state.rice[p], "ryo": state.ryo[p]} for p in state.players}
            out.append(f"expect = {value_text({**tracks, 'reserve': state.reserve})}")
    if state.over:
        out += ["", "[end]", f"winner = {quote(state.winner or 'none')}", f"round = {state.history[-1].round}",
                f"ryo = {value_text(state.ryo)}"]
    return "\n".join(out) + "\n"


def round_lines(state: DojimaState, rec: RoundRecord) -> list[str]:
    lines = []
    if rec.pyramid:
        lines.append(f"pyramid = {value_text(list(rec.pyramid))}")
    if rec.draft:
        lines.append(f"draft = {value_text(rec.draft)}")
    if rec.black is not None:
        lines.append(f"black = {rec.black}")
    lines.append(f"roll = {value_text({p: list(v) for p, v in rec.roll.items()})}")
    if rec.reroll:
        lines.append(f"reroll = {value_text({p: list(v) for p, v in rec.reroll.items()})}")
    if rec.advisor_dice:
        lines.append(f"advisor_dice = {value_text({p: list(v) for p, v in rec.advisor_dice.items()})}")
    for p in state.players:
        if p in rec.assign:
            lines.append(f"{p} = {quote(rec.assign[p])}")
    if rec.picks:
        lines.append(f"picks = {value_text(rec.picks)}")
    if rec.imperial is not None:
        lines.append(f"imperial = {value_text({rec.imperial[0]: rec.imperial[1]})}")
    if rec.sell:
        lines.append(f"sell = {value_text(rec.sell)}")
    return lines


def summary(t: Transcript[DojimaState, RoundLog]) -> str:
    s = t.state
    n = len(t.rounds)
    ryo = ", ".join(f"{p} {v}" for p, v in s.ryo.items())
    if s.over:
        last = s.history[-1].round
        if len(s.winners) == 1:
            end = f"{s.winners[0]} wins in round {last}"
        else:
            end = f"{', '.join(s.winners[:-1])} and {s.winners[-1]} share the victory in round {last}"
    else:
        end = f"still going in {s.season_name}, round {s.round}"
    return f"{n} round{'s' if n != 1 else ''}, {end} (Ryô {ryo}), {t.expectations} expectations met"


__all__ = ["GAME", "DojimaNotation", "IllegalMove", "NotationError", "RECOMMENDED", "SEASONS", "RoundLog",
           "check_expect", "play_round", "replay", "summary", "write"]
