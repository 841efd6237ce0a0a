"""Daimyni game notation: a TOML file a person can write, `replay` reads, `write` produces.

```toml
game = "daimyni"
title = "A short raid"

[[round]]                          # round 1
red = ["1: b3-c3", "16: a3-a4"]    # card number, then its decision when it resolves
blue = ["2: f3-e3", "15: g4-g5"]
expect = { c3 = "red 1", e3 = "blue 1" }   # optional: cells after the round

[end]                              # optional: how the game ends
winner = "red"                     # or "none" (round cap)
round = 7
```

A decision is a move `b3-c3` (Move Bushi moves every Bushi there; `b3-c3 x2` moves two; the
Daimyo and a Tanbo move the same way), `recruit`, or `pass` for a card with no legal effect. A card
that never resolves because the game ended has no decision: `"9"`. Cell expectations read
`red 2` (two Bushi), `red D` (the Daimyo alone), `red D+2`, `tanbo` or `empty`.

A game may start from a stated position instead of the setup (`DaimyniState.set_position`):

```toml
[position]
round = 3                          # optional, 1 by default
a3 = "red D+1"                     # every cell not named is empty
c3 = "blue 2"
g4 = "blue D"
d2 = "tanbo"
e5 = "tanbo"
area = { red = 8, blue = 7 }       # optional: the Bushi not on the board
hand = { red = [1, 4, 5], blue = [2, 3, 6] }   # optional: the setup's hands
reserve = { red = [], blue = [] }  # optional
```

The clans are the game's (``game.toml``): renamed there, they are renamed here. The shared rules
(header, unknown keys, rounds numbered from 1) are `pnp.engine.replay`'s. A card written twice in
a clan's round is an illegal play (exit 1, rule ``card-twice``), like any other refusal of the
rules: an `IllegalMove` carries the rule's short name (`pnp.games.daimyni.rules.RULES`).
`write(replay(text))` gives the same game back: the notation round-trips.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ...engine import GameEvent, Illegal
from ...engine.notation import GameRejected, IllegalMove, NotationError, shown
from ...engine.notation import quote as _q
from ...engine.position import write_table
from ...engine.replay import End, GameNotation, Header, Notation, RoundEntry, Transcript, expected_end, header_lines
from ...engine.settings import Limits
from .actions import Action, PlayCards, parse
from .rules import DaimyniState, Rules

__all__ = ["DaimyniNotation", "GameRejected", "IllegalMove", "NotationError", "Position", "RoundLog", "Step",
           "Transcript", "entries_in", "replay", "write", "write_position"]


@dataclass(frozen=True)
class Position:
    """A snapshot of the board, for diagrams."""

    bushi: dict[str, dict[str, int]]
    daimyo: dict[str, str | None]
    tanbo: tuple[str, ...]
    area: dict[str, int]

    @classmethod
    def of(cls, s: DaimyniState) -> "Position":
        return cls({c: dict(v) for c, v in s.bushi.items()}, dict(s.daimyo), tuple(s.tanbo), dict(s.area))


@dataclass
class Step:
    number: int
    clan: str
    action: Action
    events: list[GameEvent]
    before: Position
    after: Position


@dataclass
class RoundLog:
    round: int
    plays: dict[str, tuple[int, ...]]
    order: list[tuple[int, str]]
    start: Position
    steps: list[Step] = field(default_factory=list)
    events: list[GameEvent] = field(default_factory=list)
    expectations: int = 0


class DaimyniHeader(Header):
    """Daimyni's header has only the shared keys: game, title, description, round_cap."""


_PLAY = re.compile(r"\s*([0-9]+)\s*(?::\s*(.*?))?\s*")
_ENTRY_BREAK = re.compile(r"\s*[,;]\s*|\s+(?=[0-9]+\s*:)")
_NUMBERS = re.compile(r"\s*[0-9]+(?:\s+[0-9]+)+\s*")


def entries_in(item: str) -> list[str]:
    """The entries one string holds: one normally; several when a player wrote two cards in one
    string ("1: b3-c3, 4: b2-c2", "1: b3-c3 4: b2-c2", "7, 15", "7 15").

    >>> entries_in("1: b3-c3, 4: b2-c2"), entries_in("7 15"), entries_in("1: b3-c3 x 2")
    (['1: b3-c3', '4: b2-c2'], ['7', '15'], ['1: b3-c3 x 2'])
    """
    text = item.strip()
    parts = text.split() if _NUMBERS.fullmatch(text) else [p for p in _ENTRY_BREAK.split(text) if p]
    if len(parts) > 1 and all(_PLAY.fullmatch(p) for p in parts):
        return parts
    return [text]


class DaimyniNotation(GameNotation[DaimyniState, RoundLog, DaimyniHeader, End]):
    """Daimyni on the shared skeleton: a round is each clan's cards and their decisions."""

    game, header, end = "daimyni", DaimyniHeader, End

    def set_position(self, state: DaimyniState, table: dict[str, Any], where: str) -> None:
        state.set_position(table, where)

    def stated_start(self, state: DaimyniState, notation: Notation[DaimyniHeader]) -> dict[str, Any] | None:
        return state.start

    def play_round(self, state: DaimyniState, entry: RoundEntry, where: str) -> RoundLog:
        plays = _read_plays(entry, where, state.rules)
        log = RoundLog(state.round, {c: tuple(sorted(p)) for c, p in plays.items()}, [], Position.of(state))
        for clan in state.rules.clans:
            log.events += state.apply_action(PlayCards(tuple(plays[clan])))
        log.order = list(state.queue)
        _resolve(state, entry, plays, log, where)
        if state.is_terminal():
            _refuse_unresolved(state, plays, log, where)
        return log

    def check_expect(self, state: DaimyniState, entry: RoundEntry, log: RoundLog, where: str) -> int:
        log.expectations = _check_expect(entry.get("expect", {}), state, entry, where)
        return log.expectations

    def check_end(self, state: DaimyniState, end: End, where: str) -> int:
        return expected_end(end, state.winner, state.is_terminal(), state.round, where)


def replay(text: str, rules: Rules, where: str = "<notation>") -> Transcript[DaimyniState, RoundLog]:
    """Replay a notation file; raise NotationError (bad file) or GameRejected (illegal game)."""
    meta = rules.game.meta
    limits = Limits(meta.title, "daimyni", meta.players.min, meta.players.max)
    return DaimyniNotation(limits, lambda settings: DaimyniState(rules, settings.round_cap)).replay(text, where)


def _resolve(state: DaimyniState, entry: RoundEntry, plays: dict[str, dict[int, str | None]], log: RoundLog,
             where: str) -> None:
    """Resolve the round's cards in their order, each with the decision written for it."""
    number = log.round
    while state.phase == "resolve" and state.round == number:
        d = state.decision()
        assert d is not None
        written = plays[d.player][d.card]
        if written is None:
            raise entry.error(where, d.player, f"card {d.card} resolves in this round and needs a "
                              "decision, e.g. \"7: b2-c2\", \"11: recruit\" or \"9: pass\"")
        try:
            action = parse(written, state.kind(d.card, d.player))
        except ValueError as exc:
            raise entry.error(where, d.player, f"card {d.card}: {exc}") from None
        before = Position.of(state)
        events = state.apply_action(action)
        log.steps.append(Step(d.card, d.player, action, events, before, Position.of(state)))
        log.events += events


def _refuse_unresolved(state: DaimyniState, plays: dict[str, dict[int, str | None]], log: RoundLog,
                       where: str) -> None:
    """A card the end of the game left unresolved must be written without a decision."""
    resolved = {s.number for s in log.steps}
    for clan in state.rules.clans:
        for card, written in plays[clan].items():
            if card not in resolved and written is not None:
                raise IllegalMove(f"{where}: round {log.round}, {clan} plays {state.rules.label(card)}: the game "
                                  f"ended before this card resolved; write it as \"{card}\" without a decision",
                                  "game-over")


def _read_plays(entry: RoundEntry, where: str, rules: Rules) -> dict[str, dict[int, str | None]]:
    entry.check_keys((*rules.clans, "expect", "note"), where)
    plays: dict[str, dict[int, str | None]] = {}
    for clan in rules.clans:
        items = entry.get(clan)
        if not isinstance(items, list) or not items:
            raise entry.error(where, clan, "missing: the cards this clan plays, e.g. [\"1: b3-c3\", \"16: a3-a4\"]")
        parsed: list[tuple[int, str | None]] = []
        for j, item in enumerate(items):
            if isinstance(item, str) and len(parts := entries_in(item)) > 1:
                raise entry.error(where, f"{clan}[{j}]", f"{item!r} holds {len(parts)} entries: write each card "
                                  f"as its own string, e.g. [{', '.join(_q(p) for p in parts)}]")
            m = _PLAY.fullmatch(str(item))
            if not isinstance(item, str) or not m:
                raise entry.error(where, f"{clan}[{j}]", f"expected \"<card>: <decision>\", got {shown(item)}")
            card = int(m.group(1))
            if card not in rules.cards:
                raise entry.error(where, f"{clan}[{j}]", f"there is no card {card} (cards are 1-{max(rules.cards)})")
            parsed.append((card, m.group(2) or None))
        plays[clan] = {}
        for card, decision in parsed:
            if card in plays[clan]:     # an illegal play, not bad notation (exit 1)
                raise Illegal(entry.number, clan, None, "card-twice", f"card {card} cannot be played twice")
            plays[clan][card] = decision
    return plays


def _check_expect(expect: Any, state: DaimyniState, entry: RoundEntry, where: str) -> int:
    rules = state.rules
    first, last = rules.clans[0], rules.clans[-1]
    if not isinstance(expect, dict):
        raise entry.error(where, "expect", f"expected a table of cells, e.g. {{ c3 = \"{first} 2\" }}")
    for cell, want in expect.items():
        if cell not in rules.adj:
            raise entry.error(where, f"expect.{cell}", "there is no such cell on the board")
        norm = rules.normal_units(want)
        if norm is None:
            raise entry.error(where, f"expect.{cell}", f"expected \"{first} 2\", \"{last} D\", \"{first} D+1\", "
                              f"\"tanbo\" or \"empty\", got {shown(want)}")
        found = state.units_text(cell)
        if found != norm:
            raise GameRejected(f"{where}: {entry.key()}: expected {cell} to hold {norm}, found {found}")
    return len(expect)


def write_position(state: DaimyniState) -> str:
    """The current position as a ``[position]`` table (between rounds)."""
    return write_table("position", state.position()) + "\n"


def write(state: DaimyniState, title: str = "", description: str = "", expect_final: bool = True) -> str:
    """The notation of a game (finished or not), with its stated start position if it had one."""
    out = header_lines("daimyni", title, description)
    if state.round_cap is not None:
        out.append(f"round_cap = {state.round_cap}")
    if state.start is not None:
        out += ["", write_table("position", state.start)]
    rounds = [r for r in state.history if r.plays]
    for idx, rec in enumerate(rounds):
        decided = {n: a for n, _c, a in rec.decisions}
        out.append("")
        out.append(f"[[round]]  # {rec.round}")
        for clan in state.rules.clans:
            play = rec.plays.get(clan)
            items = [f"{n}: {decided[n]}" if n in decided else f"{n}" for n in (play.cards if play else ())]
            out.append(f"{clan} = [{', '.join(_q(i) for i in items)}]")
        if expect_final and idx == len(rounds) - 1:
            cells = [c for c in state.rules.cells if state.occupant(c) or c in state.tanbo]
            if cells:
                out.append("expect = { " + ", ".join(f"{c} = {_q(state.units_text(c))}" for c in cells) + " }")
    if state.is_terminal():
        out += ["", "[end]", f"winner = {_q(state.winner or 'none')}", f"round = {state.round}"]
    return "\n".join(out) + "\n"

