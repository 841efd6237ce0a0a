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

`write(replay(text))` gives the same game back: the notation round-trips.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from typing import Any

from ...engine import Event, Illegal
from ...engine.notation import GameRejected, NotationError, check_texts, quote as _q
from .actions import Action, PlayCards, parse
from .rules import DaimyniState, Rules


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
    events: list[Event]
    before: Position
    after: Position


@dataclass
class RoundLog:
    round: int
    plays: dict[str, tuple[int, ...]]
    order: list[tuple[int, str]]
    start: Position
    steps: list[Step] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


@dataclass
class Transcript:
    title: "str | dict[str, str]"
    description: "str | dict[str, str]"
    state: DaimyniState
    rounds: list[RoundLog]
    expectations: int = 0


_PLAY = re.compile(r"\s*([0-9]+)\s*(?::\s*(.*?))?\s*")
_UNITS = re.compile(r"(red|blue)\s+(?:(d)(?:\s*\+\s*([0-9]+))?|([0-9]+))", re.I)


def _units_text(s: DaimyniState, cell: str) -> str:
    if cell in s.tanbo:
        return "tanbo"
    clan, n, daimyo = s.units(cell)
    if clan is None:
        return "empty"
    if daimyo:
        return f"{clan} D" + (f"+{n}" if n else "")
    return f"{clan} {n}"


def _normal_units(text: str) -> str | None:
    t = " ".join(str(text).lower().split())
    if t in ("tanbo", "empty"):
        return t
    m = _UNITS.fullmatch(t)
    if not m:
        return None
    clan, d, plus, n = m.groups()
    if d:
        return f"{clan} D" + (f"+{int(plus)}" if plus and int(plus) else "")
    return f"{clan} {int(n)}"


def replay(text: str, rules: Rules, where: str = "<notation>", round_cap: int | None = None) -> Transcript:
    """Replay a notation file; raise NotationError (bad file) or GameRejected (illegal game)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise NotationError(where, "(file)", f"not valid TOML: {exc}") from None
    for key in data:
        if key not in ("game", "title", "description", "round_cap", "round", "end"):
            raise NotationError(where, key, "unknown key (expected game, title, description, round_cap, round, end)")
    if data.get("game", "daimyni") != "daimyni":
        raise NotationError(where, "game", f"expected \"daimyni\", got {data['game']!r}")
    rounds = data.get("round", [])
    if not isinstance(rounds, list) or not all(isinstance(r, dict) for r in rounds):
        raise NotationError(where, "round", "expected [[round]] tables")
    cap = data.get("round_cap", round_cap)
    if cap is not None and (not isinstance(cap, int) or cap < 1):
        raise NotationError(where, "round_cap", f"expected a whole number of at least 1, got {cap!r}")
    state = DaimyniState(rules, cap)
    logs: list[RoundLog] = []
    checked = 0
    for i, entry in enumerate(rounds):
        key = f"round[{i}]"
        number = i + 1
        if state.is_terminal():
            raise GameRejected(f"{where}: round {number}: the game already ended in round {state.round}")
        plays = _read_plays(entry, key, where, rules)
        log = RoundLog(number, {c: tuple(sorted(p)) for c, p in plays.items()}, [], Position.of(state))
        try:
            for clan in rules.clans:
                log.events += state.apply_action(PlayCards(tuple(plays[clan])))
            log.order = list(state.queue)
            while state.phase == "resolve" and state.round == number:
                d = state.decision()
                written = plays[d.player][d.card]
                if written is None:
                    raise NotationError(where, f"{key}.{d.player}", f"card {d.card} resolves in this round and needs a "
                                        "decision, e.g. \"7: b2-c2\", \"11: recruit\" or \"9: pass\"")
                try:
                    action = parse(written, state.kind(d.card, d.player))
                except ValueError as exc:
                    raise NotationError(where, f"{key}.{d.player}", f"card {d.card}: {exc}") from None
                before = Position.of(state)
                events = state.apply_action(action)
                log.steps.append(Step(d.card, d.player, action, events, before, Position.of(state)))
                log.events += events
        except Illegal as exc:
            raise GameRejected(f"{where}: {exc}") from None
        if state.is_terminal():
            resolved = {s.number for s in log.steps}
            for clan in rules.clans:
                for card, written in plays[clan].items():
                    if card not in resolved and written is not None:
                        raise GameRejected(f"{where}: round {number}, {clan} plays {rules.label(card)}: the game "
                                           f"ended before this card resolved; write it as \"{card}\" without a decision")
        checked += _check_expect(entry.get("expect", {}), state, number, key, where, rules)
        logs.append(log)
    end = data.get("end")
    if end is not None:
        checked += _check_end(end, state, where)
    check_texts(data, where)
    return Transcript(data.get("title", ""), data.get("description", ""), state, logs, checked)


def _read_plays(entry: dict, key: str, where: str, rules: Rules) -> dict[str, dict[int, str | None]]:
    for k in entry:
        if k not in (*rules.clans, "expect", "note"):
            raise NotationError(where, f"{key}.{k}", f"unknown key (expected {', '.join(rules.clans)}, expect, note)")
    plays = {}
    for clan in rules.clans:
        items = entry.get(clan)
        if not isinstance(items, list) or not items:
            raise NotationError(where, f"{key}.{clan}", "missing: the cards this clan plays, e.g. [\"1: b3-c3\", \"16: a3-a4\"]")
        parsed: dict[int, str | None] = {}
        for j, item in enumerate(items):
            m = _PLAY.fullmatch(str(item))
            if not isinstance(item, str) or not m:
                raise NotationError(where, f"{key}.{clan}[{j}]", f"expected \"<card>: <decision>\", got {item!r}")
            card = int(m.group(1))
            if card not in rules.cards:
                raise NotationError(where, f"{key}.{clan}[{j}]", f"there is no card {card} (cards are 1-{max(rules.cards)})")
            parsed[card] = m.group(2) or None
        plays[clan] = parsed
    return plays


def _check_expect(expect: Any, state: DaimyniState, number: int, key: str, where: str, rules: Rules) -> int:
    if not isinstance(expect, dict):
        raise NotationError(where, f"{key}.expect", "expected a table of cells, e.g. { c3 = \"red 2\" }")
    for cell, want in expect.items():
        if cell not in rules.adj:
            raise NotationError(where, f"{key}.expect.{cell}", "there is no such cell on the board")
        norm = _normal_units(want)
        if norm is None:
            raise NotationError(where, f"{key}.expect.{cell}",
                                f"expected \"red 2\", \"blue D\", \"red D+1\", \"tanbo\" or \"empty\", got {want!r}")
        found = _units_text(state, cell)
        if found != norm:
            raise GameRejected(f"{where}: round {number}: expected {cell} to hold {norm}, found {found}")
    return len(expect)


def _check_end(end: Any, state: DaimyniState, where: str) -> int:
    if not isinstance(end, dict):
        raise NotationError(where, "end", "expected a table: winner, round")
    checks = 0
    if "winner" in end:
        want = str(end["winner"]).lower()
        got = state.winner or ("none" if state.is_terminal() else "nobody yet")
        if want != got:
            raise GameRejected(f"{where}: expected the winner to be {want}, but it is {got}")
        checks += 1
    if "round" in end:
        if not state.is_terminal() or state.round != end["round"]:
            when = f"ended in round {state.round}" if state.is_terminal() else f"is still going after round {state.round - 1}"
            raise GameRejected(f"{where}: expected the game to end in round {end['round']}, but it {when}")
        checks += 1
    return checks


def write(state: DaimyniState, title: str = "", description: str = "", expect_final: bool = True) -> str:
    """The notation of a game (finished or not)."""
    out = ['game = "daimyni"']
    if title:
        out.append(f"title = {_q(title)}")
    if description:
        out.append(f"description = {_q(description)}")
    if state.round_cap is not None:
        out.append(f"round_cap = {state.round_cap}")
    rounds = [r for r in state.history if r["plays"]]
    for idx, rec in enumerate(rounds):
        decided = {n: a for n, _c, a in rec["decisions"]}
        out.append("")
        out.append(f"[[round]]  # {rec['round']}")
        for clan in state.rules.clans:
            play = rec["plays"].get(clan)
            items = [f"{n}: {decided[n]}" if n in decided else f"{n}" for n in (play.cards if play else ())]
            out.append(f"{clan} = [{', '.join(_q(i) for i in items)}]")
        if expect_final and idx == len(rounds) - 1:
            cells = [c for c in state.rules.cells if state.occupant(c) or c in state.tanbo]
            if cells:
                out.append("expect = { " + ", ".join(f"{c} = {_q(_units_text(state, c))}" for c in cells) + " }")
    if state.is_terminal():
        out += ["", "[end]", f"winner = {_q(state.winner or 'none')}", f"round = {state.round}"]
    return "\n".join(out) + "\n"
