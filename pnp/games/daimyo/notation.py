"""Daimyo notation (TOML): the deal, each round's cards and decisions, reserve passing with 3-4
players, expectations on Han (units, and where a tile lies). `write(replay(text))` round-trips.

```toml
game = "daimyo"
players = 3
seed = 4                        # shuffles the deal; with "balanced" the seat marks deal instead
advanced = ["fortifications"]   # balanced, fortifications, inaccessible, formation, teams, special, mastery
[setup]                         # choices before round 1 (formation: "daimyo@g2")
[[round]]
green = ["A1: g1-n2", "D1: n4@1,-2"]     # card: decision; Han by tile name, positions as q,r
red = ["A2: r1-n1 x2", "C1: r3-r2"]
yellow = ["B1: recruit", "E2: n6@3,0"]
pass = { green = "A1 D1", red = "A2 C1", yellow = "B1 E2" }   # left card first (3-4 players)
expect = { n2 = "green 1", r3 = "red D+1" }
han = { n4 = "1,-2" }           # where tiles lie after the round
[end]
winner = "green"
reason = "control"              # control | daimyo | round-cap
round = 5
```

The shared rules are `pnp.engine.replay`'s: the header is validated by pydantic (`DaimyoHeader`),
unknown keys are refused in the header, every round and `[end]`, an empty file is refused,
messages number rounds from 1 (or from a `[position]`'s round), a card written twice in one
clan's list is refused. What stays Daimyo's own: the setup choices, the Mastery interludes
(`strategy`, `diplomacy`) and the passing of cards to the reserves.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from pydantic import StrictInt, field_validator

from ...engine import Decision, GameEvent, Illegal
from ...engine.notation import GameRejected, IllegalMove, NotationError, quote, shown
from ...engine.replay import (
    End,
    GameNotation,
    Header,
    Notation,
    Requested,
    RoundEntry,
    Transcript,
    expected_end,
    header_lines,
    unique,
)
from ...engine.settings import Limits, Option, Settings, expected_count
from ...model import Game
from ..interface import game_limits
from .actions import Action, Formation, Keep, PassCards, PlayCards, Special, parse
from .position import norm_units, position_table, write_position
from .rules import DaimyoState
from .state import Options, RoundRecord, Rules

_PLAY = re.compile(r"\s*([A-Za-z][0-9]+)\s*(?::\s*(.*?))?\s*")


Snapshot = dict[str, dict[str, Any]]      # units, Daimyo and Han by kind, for a walkthrough's diagrams


@dataclass
class Step:
    card: str
    clan: str
    action: Action
    events: list[GameEvent]
    before: Snapshot
    after: Snapshot


@dataclass
class RoundLog:
    round: int
    plays: dict[str, tuple[str, ...]]
    order: list[tuple[str, str]]
    start: Snapshot
    steps: list[Step] = field(default_factory=list)
    events: list[GameEvent] = field(default_factory=list)
    end: Snapshot | None = None
    expectations: int = 0


def snapshot(s: DaimyoState) -> Snapshot:
    return {"bushi": {c: dict(v) for c, v in s.bushi.items()}, "ronin": {c: dict(v) for c, v in s.ronin.items()},
            "daimyo": dict(s.daimyo), "tiles": dict(s.tile_pos), "owner": dict(s.tile_owner)}


def units_text(s: DaimyoState, tile: str) -> str:
    clan = s.occupant(tile)
    if clan is None:
        return "empty"
    n = s.bushi[clan].get(tile, 0)
    r = s.ronin[clan].get(tile, 0)
    text = f"{clan} D" + (f"+{n}" if n else "") if s.daimyo[clan] == tile else f"{clan} {n}"
    return text + (f" r{r}" if r else "")


class DaimyoHeader(Header):
    """Daimyo's header: the shared keys and the player count, seed, advanced rules and setup choices."""

    players: Any = None           # checked with the settings: 2, 3 or 4
    seed: StrictInt = 0
    advanced: list[str] = []      # the options on, checked with the settings
    setup: dict[str, Any] | None = None

    @field_validator("setup", mode="before")
    @classmethod
    def _setup(cls, value: Any) -> Any:
        if not isinstance(value, dict):
            raise ValueError("expected a table of each clan's setup choices")
        return value


class DaimyoEnd(End):
    """``[end]``: the shared winner and round, how the game ended, or that it goes on."""

    reason: str | None = None
    ongoing: bool = False


ROUND_KEYS = ("pass", "strategy", "diplomacy", "expect", "han", "note")
OPTIONS = (
    Option("balanced", "balanced start: deal the cards by their seat marks"),
    Option("fortifications", "+1 when defending a Han of your own clan"),
    Option("inaccessible", "a Daimyo cannot enter a rival clan's Han"),
    Option("formation", "battle formation: choose the Han your Daimyo starts on"),
    Option("special", "Special Action cards F1-F8 and the Ronin"),
    Option("mastery", "Mastery cards"),
    Option("teams", "two teams: seats 1 and 3 against 2 and 4", players=(4,)),
    Option("advanced", "every advanced rule that fits the player count",
           includes=("balanced", "fortifications", "inaccessible", "formation", "special", "mastery", "teams")),
)


class DaimyoNotation(GameNotation[DaimyoState, "RoundLog", DaimyoHeader, DaimyoEnd]):
    """Daimyo on the shared skeleton: the setup choices, then each round's cards, interludes and
    passes. A file may stop right after its header: the game as set up."""

    game, header, end = "daimyo", DaimyoHeader, DaimyoEnd
    game_required, rounds_required = True, False
    options_key = "advanced"

    def requested(self, head: DaimyoHeader, position: dict[str, Any] | None, where: str) -> Requested:
        if not isinstance(head.players, int) or isinstance(head.players, bool):
            raise NotationError(where, "players", expected_count(self.limits.lo, self.limits.hi, head.players))
        return Requested(head.players, head.advanced, head.seed)

    def start(self, settings: Settings, notation: Notation[DaimyoHeader], where: str) -> DaimyoState:
        state = self.new_state(settings)
        setup = notation.header.setup
        if notation.position is not None and setup is None:
            state.skip_setup()   # the position says where the Daimyo stand, what each clan holds
        _choose_setup(state, setup or {}, where)
        if notation.position is not None:
            state.set_position(notation.position, where)
        return state

    def stated_start(self, state: DaimyoState, notation: Notation[DaimyoHeader]) -> dict[str, Any] | None:
        return None if state.start_position is None else position_table(state, state.start_position)

    def play_round(self, state: DaimyoState, entry: RoundEntry, where: str) -> RoundLog:
        return _play_one_round(state, entry, where)

    def check_expect(self, state: DaimyoState, entry: RoundEntry, log: RoundLog, where: str) -> int:
        log.expectations = _expect(entry, state, where)
        return log.expectations

    def check_end(self, state: DaimyoState, end: DaimyoEnd, where: str) -> int:
        return _check_end(end, state, where)


def new_state(game: Game, settings: Settings) -> DaimyoState:
    """A game set up for `settings`: each option an advanced rule, the seed dealing the cards."""
    options = Options(players=settings.players, seed=settings.seed, round_cap=settings.round_cap,
                      **{o: True for o in settings.options})
    return DaimyoState(Rules(game, options))


def notation_for(game: Game, limits: Limits | None = None) -> DaimyoNotation:
    """The notation of `game` (its folder), with the rules module's limits if given."""
    setup: Callable[[Settings], DaimyoState] = partial(new_state, game)
    return DaimyoNotation(limits or game_limits(game, "daimyo", OPTIONS), setup)


def replay(text: str, game: Game, where: str = "<notation>") -> Transcript[DaimyoState, RoundLog]:
    """Replay a notation file; raise NotationError (bad file) or GameRejected (illegal game)."""
    return notation_for(game).replay(text, where)


def _choose_setup(state: DaimyoState, setup: dict[str, Any], where: str) -> None:
    """The choices before round 1 (formation, Special and Mastery cards kept), each clan's in order."""
    queues = {c: list(v) if isinstance(v, list) else [v] for c, v in setup.items()}
    try:
        while state.phase == "setup":
            d = _deciding(state)
            todo = queues.get(d.player) or []
            if not todo or not isinstance(todo[0], str):
                raise NotationError(where, f"setup.{d.player}", f"missing the {d.kind} choice, e.g. "
                                    + (f"\"daimyo@{state.rules.prefix[d.player]}2\"" if d.kind == "formation"
                                       else f"\"keep {d.kind[5:]} 1\""))
            state.apply_action(_setup_action(todo.pop(0), d.kind, where, d.player))
    except Illegal as exc:
        raise IllegalMove(f"{where}: setup: {exc.reason}", exc.rule) from None


def _read_plays(entry: RoundEntry, state: DaimyoState, where: str) -> dict[str, dict[str, str | None]]:
    """Each clan's two cards and the decision written for each, by card; a card written twice is refused."""
    clans = state.rules.clans
    entry.check_keys((*clans, *ROUND_KEYS), where)
    plays = {}
    for clan in clans:
        items = entry.get(clan)
        if not isinstance(items, list) or not items:
            raise entry.error(where, clan, "missing: the two cards this clan plays, e.g. "
                              f"[\"A1: {state.rules.prefix[clan]}1-n2\", \"D1: n4@1,-2\"]")
        parsed: list[tuple[str, str | None]] = []
        for j, item in enumerate(items):
            m = _PLAY.fullmatch(str(item))
            if not isinstance(item, str) or not m:
                raise entry.error(where, f"{clan}[{j}]", f"expected \"<card>: <decision>\", got {shown(item)}")
            parsed.append((m.group(1).upper(), m.group(2) or None))
        plays[clan] = unique(parsed, where, entry.key(clan), "card")
    return plays


def _play_one_round(state: DaimyoState, entry: RoundEntry, where: str) -> RoundLog:
    plays = _read_plays(entry, state, where)
    log = RoundLog(state.round, {c: tuple(p) for c, p in plays.items()}, [], snapshot(state))
    log.events += _interludes(state, entry, "strategy")
    for clan in state.rules.clans:
        log.events += state.apply_action(PlayCards(tuple(plays[clan])))
    log.order = list(state.queue)
    _resolve(state, entry, plays, log, where)
    log.events += _interludes(state, entry, "diplomacy")
    if state.phase == "pass":
        log.events += _pass_cards(state, entry, where)
    log.end = snapshot(state)
    return log


def _deciding(state: DaimyoState) -> Decision:
    d = state.decision()
    assert d is not None, "a phase that waits for a choice has a decision"
    return d


def _resolve(state: DaimyoState, entry: RoundEntry, plays: dict[str, dict[str, str | None]], log: RoundLog,
             where: str) -> None:
    """Resolve the round's cards in their order, each with the decision written for it."""
    while state.phase == "resolve" and state.round == log.round:
        d = _deciding(state)
        written = plays[d.player].get(d.card)
        if written is None:
            raise entry.error(where, d.player, f"card {d.card} resolves in this round and needs a decision")
        try:
            action = parse(written, state.kind(d.card, d.player))
        except ValueError as exc:
            raise entry.error(where, d.player, f"card {d.card}: {exc}") from None
        before = snapshot(state)
        events = state.apply_action(action)
        log.steps.append(Step(d.card, d.player, action, events, before, snapshot(state)))
        log.events += events


def _pass_cards(state: DaimyoState, entry: RoundEntry, where: str) -> list[GameEvent]:
    """With 3-4 players each clan passes its two cards to the reserves, left first (by default, in
    the order they were played)."""
    events: list[GameEvent] = []
    passes = entry.get("pass", {})
    for clan in state.rules.clans:
        written = passes.get(clan) if isinstance(passes, dict) else None
        if written is None:
            a, b = state.table[clan]
        else:
            parts = str(written).upper().split()
            if len(parts) != 2:
                raise entry.error(where, f"pass.{clan}", f"expected two cards, left first, e.g. \"A1 D1\", "
                                  f"got {shown(written)}")
            a, b = parts
        events += state.apply_action(PassCards(a, b))
    return events


def _setup_action(text: str, kind: str, where: str, clan: str) -> Formation | Keep:
    t = text.strip().lower()
    if kind == "formation" and t.startswith("daimyo@"):
        return Formation(t.split("@", 1)[1].strip())
    m = re.fullmatch(r"keep\s+(special|mastery)\s+([12])", t)
    if kind.startswith("keep-") and m and m.group(1) == kind[5:]:
        return Keep(m.group(1), int(m.group(2)))
    raise NotationError(where, f"setup.{clan}", f"expected the {kind} choice, got {shown(text)}")


def _interludes(state: DaimyoState, entry: RoundEntry, kind: str) -> list[GameEvent]:
    """Master of Strategy (before the cards) and Master of Diplomacy (before the reserves)."""
    events: list[GameEvent] = []
    table = entry.get(kind, {})
    while state.phase == "interlude" and _deciding(state).kind == kind:
        d = _deciding(state)
        text = str(table.get(d.player, "skip")) if isinstance(table, dict) else "skip"
        words = text.lower().split()
        events += state.apply_action(Special(words[0], tuple(words[1:])) if words else Special("skip"))
    return events


def _expect(entry: RoundEntry, state: DaimyoState, where: str) -> int:
    """Check the round's `expect` (what stands on each Han) and `han` (where Han lie); the checks made."""
    n = 0
    number = entry.number
    a = state.rules.clans[0]
    expect, han = entry.get("expect") or {}, entry.get("han") or {}
    if not isinstance(expect, dict):
        raise entry.error(where, "expect", f"expected a table of Han, e.g. {{ n2 = \"{a} 2\" }}")
    if not isinstance(han, dict):
        raise entry.error(where, "han", "expected a table of Han positions, e.g. { n4 = \"1,-2\" }")
    for tile, want in expect.items():
        if tile not in state.tile_owner:
            raise entry.error(where, f"expect.{tile}", "no Han of that name")
        norm = norm_units(want)
        if norm is None:
            raise entry.error(where, f"expect.{tile}", f"expected \"{a} 2\", \"{a} D\", \"{a} D+1\" or "
                              f"\"empty\", got {shown(want)}")
        found = units_text(state, tile) if tile in state.tile_pos else "off the map"
        if found != norm:
            raise GameRejected(f"{where}: round {number}: expected {tile} to hold {norm}, found {found}")
        n += 1
    for tile, want in han.items():
        m = re.fullmatch(r"\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*", str(want))
        if not m:
            raise entry.error(where, f"han.{tile}", f"expected a position like \"1,-2\", got {shown(want)}")
        at = (int(m.group(1)), int(m.group(2)))
        if state.tile_pos.get(tile) != at:
            where_now = state.tile_pos.get(tile)
            now = f"{where_now[0]},{where_now[1]}" if where_now else "off the map"
            raise GameRejected(f"{where}: round {number}: expected Han {tile} at {at[0]},{at[1]}, found it at {now}")
        n += 1
    return n


def _check_end(end: DaimyoEnd, state: DaimyoState, where: str) -> int:
    """Check ``[end]``: the game goes on (`ongoing`), or its winner, how it ended and when."""
    if end.ongoing:
        if state.is_terminal():
            raise GameRejected(f"{where}: expected the game to go on, but {state.winner or 'nobody'} won by "
                               f"{state.win_reason} in round {state.round}")
        return 1
    ended = state.is_terminal()
    n = expected_end(End(winner=end.winner), state.winner, ended, state.round, where)
    if end.reason is not None:
        if end.reason != state.win_reason:
            raise GameRejected(f"{where}: expected the game to end by {end.reason}, but it ended by "
                               f"{state.win_reason or 'nothing yet'}")
        n += 1
    return n + expected_end(End(round=end.round), state.winner, ended, state.round, where)


def write(state: DaimyoState, title: str = "", description: str = "") -> str:
    """The notation of a game (finished or not): `replay(write(s))` is the same game."""
    out = header_lines("daimyo", title, description) + _setup_lines(state)
    rounds = [r for r in state.history if r.plays]
    for rec in rounds:
        out += ["", f"[[round]]  # {rec.round}", *_round_lines(state, rec)]
    if rounds:
        tiles = sorted(t for t in state.tile_pos if state.occupant(t))
        if tiles:
            out.append("expect = { " + ", ".join(f"{t} = {quote(units_text(state, t))}" for t in tiles) + " }")
    if state.is_terminal():
        out += ["", "[end]", f"winner = {quote(state.winner or 'none')}", f"reason = {quote(state.win_reason)}",
                f"round = {state.round}"]
    return "\n".join(out) + "\n"


def _setup_lines(state: DaimyoState) -> list[str]:
    """The players, seed, advanced rules and cap, the setup choices and the stated start."""
    opt = state.rules.options
    out = [f"players = {opt.players}", f"seed = {opt.seed}"]
    if opt.advanced:
        out.append("advanced = [" + ", ".join(quote(a) for a in opt.advanced) + "]")
    if opt.round_cap is not None:
        out.append(f"round_cap = {opt.round_cap}")
    if state.setup_choices:
        per: dict[str, list[str]] = {}
        for _k, clan, a in state.setup_choices:
            per.setdefault(clan, []).append(str(a))
        out += ["", "[setup]"] + [f"{clan} = [{', '.join(quote(x) for x in v)}]" for clan, v in per.items()]
    if state.start_position is not None:
        out += ["", write_position(state, state.start_position).rstrip("\n")]
    return out


def _round_lines(state: DaimyoState, rec: RoundRecord) -> list[str]:
    """One round's cards with their decisions, the interludes chosen and the cards passed."""
    out = []
    decided = {card: a for card, _c, a in rec.decisions}
    for clan in state.rules.clans:
        play = rec.plays.get(clan)
        items = [f"{c}: {decided[c]}" if c in decided else c for c in (play.cards if play else ())]
        out.append(f"{clan} = [{', '.join(quote(i) for i in items)}]")
    for kind in ("strategy", "diplomacy"):
        chosen = {c: a for k, c, a in rec.interludes if k == kind and str(a) != "skip"}
        if chosen:
            out.append(f"{kind} = {{ " + ", ".join(f"{c} = {quote(str(a))}" for c, a in chosen.items()) + " }")
    if rec.passes:
        passes = ", ".join(f"{c} = {quote(p.left + ' ' + p.right)}" for c, p in rec.passes.items())
        out.append("pass = { " + passes + " }")
    return out
