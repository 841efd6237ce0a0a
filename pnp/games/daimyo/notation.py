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
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from typing import Any

from ...engine import GameEvent, Illegal
from ...engine.notation import GameRejected, NotationError, check_texts, quote
from ...engine.position import value_text
from ...hexgrid import is_connected
from ...model import Game
from .actions import Action, Keep, PassCards, PlayCards, Special, parse
from .advanced import Formation
from .rules import DaimyoState, Options, Position, Rules

ADVANCED = ("balanced", "fortifications", "inaccessible", "formation", "teams", "special", "mastery")
_PLAY = re.compile(r"\s*([A-Za-z][0-9]+)\s*(?::\s*(.*?))?\s*")


@dataclass
class Step:
    card: str
    clan: str
    action: Action
    events: list[GameEvent]
    before: dict
    after: dict


@dataclass
class RoundLog:
    round: int
    plays: dict[str, tuple[str, ...]]
    order: list[tuple[str, str]]
    start: dict
    steps: list[Step] = field(default_factory=list)
    events: list[GameEvent] = field(default_factory=list)
    end: dict | None = None


@dataclass
class Transcript:
    title: Any
    description: Any
    state: DaimyoState
    rounds: list[RoundLog]
    expectations: int = 0


def snapshot(s: DaimyoState) -> dict:
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


def _norm_units(text: str) -> str | None:
    t = " ".join(str(text).lower().split())
    if t == "empty":
        return t
    m = re.fullmatch(r"([a-z]+)\s+(?:(d)(?:\s*\+\s*([0-9]+))?|([0-9]+))(?:\s+r([0-9]+))?", t)
    if not m:
        return None
    clan, d, plus, n, r = m.groups()
    out = f"{clan} D" + (f"+{int(plus)}" if plus and int(plus) else "") if d else f"{clan} {int(n)}"
    return out + (f" r{int(r)}" if r and int(r) else "")


def options_from(data: dict, where: str) -> Options:
    players = data.get("players")
    if not isinstance(players, int) or not 2 <= players <= 4:
        raise NotationError(where, "players", f"expected 2, 3 or 4, got {players!r}")
    adv = data.get("advanced", [])
    if not isinstance(adv, list) or any(a not in ADVANCED for a in adv):
        raise NotationError(where, "advanced", f"expected a list of {', '.join(ADVANCED)}, got {adv!r}")
    seed = data.get("seed", 0)
    if not isinstance(seed, int):
        raise NotationError(where, "seed", f"expected a whole number, got {seed!r}")
    cap = data.get("round_cap")
    if cap is not None and (not isinstance(cap, int) or cap < 1):
        raise NotationError(where, "round_cap", f"expected a whole number of at least 1, got {cap!r}")
    if "teams" in adv and players != 4:
        raise NotationError(where, "advanced", "team play needs 4 players")
    return Options(players=players, seed=seed, round_cap=cap, **{a: True for a in adv})


def replay(text: str, game: Game, where: str = "<notation>") -> Transcript:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise NotationError(where, "(file)", f"not valid TOML: {exc}") from None
    known = ("game", "title", "description", "players", "seed", "advanced", "round_cap", "setup", "position",
             "round", "end")
    for key in data:
        if key not in known:
            raise NotationError(where, key, f"unknown key (expected {', '.join(known)})")
    if data.get("game") != "daimyo":
        raise NotationError(where, "game", f"expected \"daimyo\", got {data.get('game')!r}")
    check_texts(data, where)
    opts = options_from(data, where)
    state = DaimyoState(Rules(game, opts))
    clans = state.rules.clans
    setup = data.get("setup", {})
    if not isinstance(setup, dict):
        raise NotationError(where, "setup", "expected a table of each clan's setup choices")
    queues = {c: list(v) if isinstance(v, list) else [v] for c, v in setup.items()}
    if "position" in data and "setup" not in data:
        state.skip_setup()   # the position says where the Daimyo stand, what each clan holds
    try:
        while state.phase == "setup":
            d = state.decision()
            todo = queues.get(d.player) or []
            if not todo or not isinstance(todo[0], str):
                raise NotationError(where, f"setup.{d.player}", f"missing the {d.kind} choice, e.g. "
                                    + (f"\"daimyo@{state.rules.prefix[d.player]}2\"" if d.kind == "formation"
                                       else f"\"keep {d.kind[5:]} 1\""))
            state.apply_action(_setup_action(todo.pop(0), d.kind, where, d.player))
    except Illegal as exc:
        raise GameRejected(f"{where}: setup: {exc.reason}") from None
    if "position" in data:
        _set_position(state, data["position"], where)
    logs, checked = [], 0
    first = state.round
    for i, entry in enumerate(data.get("round", [])):
        key, number = f"round[{i}]", first + i
        if state.is_terminal():
            raise GameRejected(f"{where}: round {number}: the game already ended in round {state.round}")
        for k in entry:
            if k not in (*clans, "pass", "expect", "han", "note", "strategy", "diplomacy"):
                raise NotationError(where, f"{key}.{k}", f"unknown key (expected {', '.join(clans)}, pass, strategy, "
                                    "diplomacy, expect, han, note)")
        plays = {}
        for clan in clans:
            items = entry.get(clan)
            if not isinstance(items, list) or not items:
                raise NotationError(where, f"{key}.{clan}", "missing: the two cards this clan plays, e.g. "
                                    f"[\"A1: {state.rules.prefix[clan]}1-n2\", \"D1: n4@1,-2\"]")
            parsed = {}
            for j, item in enumerate(items):
                m = _PLAY.fullmatch(str(item))
                if not isinstance(item, str) or not m:
                    raise NotationError(where, f"{key}.{clan}[{j}]", f"expected \"<card>: <decision>\", got {item!r}")
                parsed[m.group(1).upper()] = m.group(2) or None
            plays[clan] = parsed
        log = RoundLog(number, {c: tuple(p) for c, p in plays.items()}, [], snapshot(state))
        try:
            log.events += _interludes(state, entry, "strategy", key, where)
            for clan in clans:
                log.events += state.apply_action(PlayCards(tuple(plays[clan])))
            log.order = list(state.queue)
            while state.phase == "resolve" and state.round == number:
                d = state.decision()
                written = plays[d.player].get(d.card)
                if written is None:
                    raise NotationError(where, f"{key}.{d.player}", f"card {d.card} resolves in this round and needs a decision")
                try:
                    action = parse(written, state.kind(d.card, d.player))
                except ValueError as exc:
                    raise NotationError(where, f"{key}.{d.player}", f"card {d.card}: {exc}") from None
                before = snapshot(state)
                events = state.apply_action(action)
                log.steps.append(Step(d.card, d.player, action, events, before, snapshot(state)))
                log.events += events
            log.events += _interludes(state, entry, "diplomacy", key, where)
            if state.phase == "pass":
                passes = entry.get("pass", {})
                for clan in clans:
                    written = passes.get(clan) if isinstance(passes, dict) else None
                    if written is None:   # default: the cards in the order they were played
                        a, b = state.table[clan]
                    else:
                        parts = str(written).upper().split()
                        if len(parts) != 2:
                            raise NotationError(where, f"{key}.pass.{clan}", f"expected two cards, left first, e.g. \"A1 D1\", got {written!r}")
                        a, b = parts
                    log.events += state.apply_action(PassCards(a, b))
        except Illegal as exc:
            raise GameRejected(f"{where}: {exc}") from None
        log.end = snapshot(state)
        checked += _expect(entry, state, number, key, where)
        logs.append(log)
    end = data.get("end")
    if end is not None:
        checked += _check_end(end, state, where)
    return Transcript(data.get("title", ""), data.get("description", ""), state, logs, checked)


def _setup_action(text: str, kind: str, where: str, clan: str):
    t = text.strip().lower()
    if kind == "formation" and t.startswith("daimyo@"):
        return Formation(t.split("@", 1)[1].strip())
    m = re.fullmatch(r"keep\s+(special|mastery)\s+([12])", t)
    if kind.startswith("keep-") and m and m.group(1) == kind[5:]:
        return Keep(m.group(1), int(m.group(2)))
    raise NotationError(where, f"setup.{clan}", f"expected the {kind} choice, got {text!r}")


def _interludes(state: DaimyoState, entry: dict, kind: str, key: str, where: str) -> list[GameEvent]:
    """Master of Strategy (before the cards) and Master of Diplomacy (before the reserves)."""
    events = []
    table = entry.get(kind, {})
    while state.phase == "interlude" and state.decision().kind == kind:
        d = state.decision()
        text = str(table.get(d.player, "skip")) if isinstance(table, dict) else "skip"
        words = text.lower().split()
        events += state.apply_action(Special(words[0], tuple(words[1:])) if words else Special("skip"))
    return events


POSITION_KEYS = ("round", "han", "hand", "reserve", "mastery", "revealed")


def _set_position(state: DaimyoState, table: Any, where: str) -> None:
    """A scenario's start (after the setup, if any): every occupied Han and what stands on it, all
    other Han emptied; optionally the round, where each Han lies, hands, reserves, Mastery cards.
    Whatever the table does not name stays as the setup left it."""
    if not isinstance(table, dict):
        a = state.rules.clans[0]
        raise NotationError(where, "position", f"expected a table of Han, e.g. {{ n1 = \"{a} 2\", "
                            f"{state.rules.prefix[a]}3 = \"{a} D\" }}")
    rules, clans = state.rules, state.rules.clans
    p = state.position()
    rnd = table.get("round", 1)
    if not isinstance(rnd, int) or isinstance(rnd, bool) or rnd < 1:
        raise NotationError(where, "position.round", f"expected a round number of at least 1, got {rnd!r}")
    p.round = rnd
    if "han" in table:
        p.han = _position_han(state, table["han"], where)
    p.bushi = {c: {} for c in clans}
    p.ronin = {c: {} for c in clans}
    p.daimyo = {c: None for c in clans}
    for tile, want in table.items():
        if tile in POSITION_KEYS:
            continue
        if tile not in p.han:
            raise NotationError(where, f"position.{tile}", "no Han of that name on the map")
        norm = _norm_units(want)
        if norm is None or norm == "empty":
            raise NotationError(where, f"position.{tile}", f"expected \"{clans[0]} 2\", \"{clans[0]} D\", "
                                f"\"{clans[0]} D+1\" or \"{clans[0]} 2 r1\", got {want!r}")
        clan, rest = norm.split(" ", 1)
        if clan not in clans:
            raise NotationError(where, f"position.{tile}", f"{clan} is not playing (clans: {', '.join(clans)})")
        units, _, hired = rest.partition(" r")
        if units.startswith("D"):
            if p.daimyo[clan]:
                raise NotationError(where, f"position.{tile}", f"the {clan} Daimyo is already on {p.daimyo[clan]}")
            p.daimyo[clan] = tile
            n = int(units[2:]) if units.startswith("D+") else 0
        else:
            n = int(units)
        if n:
            p.bushi[clan][tile] = n
        if hired:
            if not rules.options.special:
                raise NotationError(where, f"position.{tile}", "Rōnin play only with the special rule")
            p.ronin[clan][tile] = int(hired)
    for clan in clans:
        if p.daimyo[clan] is None:
            raise NotationError(where, "position", f"the {clan} Daimyo must stand somewhere, e.g. {{ ... = \"{clan} D\" }}")
        on_map = sum(p.bushi[clan].values())
        if on_map > rules.bushi_per_clan:
            raise NotationError(where, "position", f"{clan} has only {rules.bushi_per_clan} Bushi, not {on_map}")
    hired_all = sum(n for v in p.ronin.values() for n in v.values())
    if hired_all > rules.ronin_count:
        raise NotationError(where, "position", f"there are only {rules.ronin_count} Rōnin, not {hired_all}")
    if "hand" in table or "reserve" in table:
        seen: dict[str, str] = {}
        hand = _position_cards(state, table.get("hand", {}), "position.hand", where, seen)
        reserve = _position_cards(state, table.get("reserve", {}), "position.reserve", where, seen)
        p.hand = {c: hand.get(c, []) for c in clans}
        p.reserve = {c: reserve.get(c, []) for c in clans}
        for clan in clans:
            if len(p.hand[clan]) + len(p.reserve[clan]) < 2:
                raise NotationError(where, f"position.hand.{clan}", f"{clan} needs at least 2 cards to play")
    if "mastery" in table or "revealed" in table:
        p.mastery, p.revealed = _position_mastery(state, table, where)
    state.set_position(p)


def _position_han(state: DaimyoState, han: Any, where: str) -> dict[str, tuple[int, int]]:
    if not isinstance(han, dict) or not han:
        raise NotationError(where, "position.han", "expected a table of every Han on the map, e.g. { n1 = \"0,1\" }")
    out: dict[str, tuple[int, int]] = {}
    for tile, at in han.items():
        if tile not in state.tile_owner or tile in state.out_of_game:
            raise NotationError(where, f"position.han.{tile}", "no Han of that name in this game")
        m = re.fullmatch(r"\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*", str(at))
        if not m:
            raise NotationError(where, f"position.han.{tile}", f"expected a position like \"1,-2\", got {at!r}")
        pos = (int(m.group(1)), int(m.group(2)))
        if pos in out.values():
            raise NotationError(where, f"position.han.{tile}", f"another Han already lies at {pos[0]},{pos[1]}")
        out[tile] = pos
    missing = [t for t, owner in state.tile_owner.items() if owner in state.rules.clans and t not in out]
    if missing:
        raise NotationError(where, "position.han", f"every clan Han lies on the map; missing {', '.join(missing)}")
    if not is_connected(out.values()):
        raise NotationError(where, "position.han", "the Han must form one connected map")
    return out


def _position_cards(state: DaimyoState, table: Any, key: str, where: str, seen: dict[str, str]) -> dict[str, list[str]]:
    if not isinstance(table, dict):
        raise NotationError(where, key, f"expected a table of each clan's cards, e.g. {{ {state.rules.clans[0]} = [\"A1\", \"B2\"] }}")
    out = {}
    for clan, cards in table.items():
        if clan not in state.rules.clans:
            raise NotationError(where, f"{key}.{clan}", f"{clan} is not playing (clans: {', '.join(state.rules.clans)})")
        if not isinstance(cards, list) or any(not isinstance(c, str) for c in cards):
            raise NotationError(where, f"{key}.{clan}", f"expected a list of cards, e.g. [\"A1\", \"B2\"], got {cards!r}")
        for card in (c.upper() for c in cards):
            if card not in state.rules.cards:
                raise NotationError(where, f"{key}.{clan}", f"no card {card} in this game")
            if card in seen:
                raise NotationError(where, f"{key}.{clan}", f"card {card} is already in {seen[card]}")
            seen[card] = f"{key}.{clan}"
        out[clan] = [c.upper() for c in cards]
    return out


def _position_mastery(state: DaimyoState, table: dict[str, Any], where: str) -> tuple[dict[str, str | None], set[str]]:
    rules = state.rules
    if not rules.options.mastery:
        raise NotationError(where, "position.mastery", "Mastery cards play only with the mastery rule")
    chosen = table.get("mastery", {})
    if not isinstance(chosen, dict):
        raise NotationError(where, "position.mastery", "expected a table of each clan's Mastery card, e.g. "
                            f"{{ {rules.clans[0]} = \"{rules.masteries[0] if rules.masteries else 'heiho'}\" }}")
    mastery: dict[str, str | None] = {c: None for c in rules.clans}
    for clan, card in chosen.items():
        if clan not in rules.clans:
            raise NotationError(where, f"position.mastery.{clan}", f"{clan} is not playing")
        if card not in rules.masteries or card in mastery.values():
            raise NotationError(where, f"position.mastery.{clan}", f"expected one of {', '.join(rules.masteries)} "
                                f"(each once), got {card!r}")
        mastery[clan] = card
    revealed = table.get("revealed", [])
    if not isinstance(revealed, list) or any(c not in rules.clans or mastery.get(c) is None for c in revealed):
        raise NotationError(where, "position.revealed", f"expected a list of clans holding a Mastery card, got {revealed!r}")
    return mastery, set(revealed)


def position_table(state: DaimyoState, p: Position | None = None) -> dict[str, Any]:
    """The `[position]` table of the state's position now (or of `p`): read back by `replay`, it
    starts the same round from the same units, map, hands, reserves and Mastery cards."""
    p = state.position() if p is None else p
    out: dict[str, Any] = {"round": p.round}
    for tile in sorted(p.han, key=_tile_order):
        for clan in state.rules.clans:
            n, r = p.bushi[clan].get(tile, 0), p.ronin[clan].get(tile, 0)
            if p.daimyo[clan] == tile:
                out[tile] = f"{clan} D" + (f"+{n}" if n else "") + (f" r{r}" if r else "")
            elif n or r:
                out[tile] = f"{clan} {n}" + (f" r{r}" if r else "")
    out["han"] = {t: f"{q},{r}" for t, (q, r) in sorted(p.han.items(), key=lambda kv: _tile_order(kv[0]))}
    out["hand"] = {c: list(p.hand[c]) for c in state.rules.clans}
    out["reserve"] = {c: list(p.reserve[c]) for c in state.rules.clans}
    if state.rules.options.mastery:
        out["mastery"] = {c: m for c, m in p.mastery.items() if m is not None}
        out["revealed"] = [c for c in state.rules.clans if c in p.revealed]
    return out


def write_position(state: DaimyoState, p: Position | None = None) -> str:
    """`position_table` as the TOML `[position]` table of a notation file."""
    lines = ["[position]"]
    for key, value in position_table(state, p).items():
        lines.append(f"{key} = {value_text(value)}")
    return "\n".join(lines) + "\n"


def _tile_order(tile: str) -> tuple[str, int]:
    m = re.fullmatch(r"(.*?)([0-9]+)", tile)
    return (m.group(1), int(m.group(2))) if m else (tile, 0)


def _expect(entry: dict, state: DaimyoState, number: int, key: str, where: str) -> int:
    n = 0
    for tile, want in (entry.get("expect") or {}).items():
        if tile not in state.tile_owner:
            raise NotationError(where, f"{key}.expect.{tile}", "no Han of that name")
        norm = _norm_units(want)
        if norm is None:
            a = state.rules.clans[0]
            raise NotationError(where, f"{key}.expect.{tile}", f"expected \"{a} 2\", \"{a} D\", \"{a} D+1\" or "
                                f"\"empty\", got {want!r}")
        found = units_text(state, tile) if tile in state.tile_pos else "off the map"
        if found != norm:
            raise GameRejected(f"{where}: round {number}: expected {tile} to hold {norm}, found {found}")
        n += 1
    for tile, want in (entry.get("han") or {}).items():
        m = re.fullmatch(r"\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*", str(want))
        if not m:
            raise NotationError(where, f"{key}.han.{tile}", f"expected a position like \"1,-2\", got {want!r}")
        at = (int(m.group(1)), int(m.group(2)))
        if state.tile_pos.get(tile) != at:
            where_now = state.tile_pos.get(tile)
            now = f"{where_now[0]},{where_now[1]}" if where_now else "off the map"
            raise GameRejected(f"{where}: round {number}: expected Han {tile} at {at[0]},{at[1]}, found it at {now}")
        n += 1
    return n


def _check_end(end: Any, state: DaimyoState, where: str) -> int:
    if not isinstance(end, dict):
        raise NotationError(where, "end", "expected a table: winner, reason, round")
    n = 0
    if end.get("ongoing"):
        if state.is_terminal():
            raise GameRejected(f"{where}: expected the game to go on, but {state.winner or 'nobody'} won by {state.win_reason} in round {state.round}")
        return 1
    if "winner" in end:
        got = state.winner or ("none" if state.is_terminal() else "nobody yet")
        if str(end["winner"]).lower() != got:
            raise GameRejected(f"{where}: expected the winner to be {end['winner']}, but it is {got}")
        n += 1
    if "reason" in end:
        if end["reason"] != state.win_reason:
            raise GameRejected(f"{where}: expected the game to end by {end['reason']}, but it ended by {state.win_reason or 'nothing yet'}")
        n += 1
    if "round" in end:
        if not state.is_terminal() or state.round != end["round"]:
            raise GameRejected(f"{where}: expected the game to end in round {end['round']}")
        n += 1
    return n


def write(state: DaimyoState, title: str = "", description: str = "") -> str:
    opt = state.rules.options
    out = ['game = "daimyo"']
    if title:
        out.append(f"title = {quote(title)}")
    if description:
        out.append(f"description = {quote(description)}")
    out.append(f"players = {opt.players}")
    out.append(f"seed = {opt.seed}")
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
    rounds = [r for r in state.history if r["plays"]]
    for idx, rec in enumerate(rounds):
        decided = {card: a for card, _c, a in rec["decisions"]}
        out += ["", f"[[round]]  # {rec['round']}"]
        for clan in state.rules.clans:
            play = rec["plays"].get(clan)
            items = [f"{c}: {decided[c]}" if c in decided else c for c in (play.cards if play else ())]
            out.append(f"{clan} = [{', '.join(quote(i) for i in items)}]")
        for kind in ("strategy", "diplomacy"):
            chosen = {c: a for k, c, a in rec.get("interludes", []) if k == kind and str(a) != "skip"}
            if chosen:
                out.append(f"{kind} = {{ " + ", ".join(f"{c} = {quote(str(a))}" for c, a in chosen.items()) + " }")
        if rec["passes"]:
            out.append("pass = { " + ", ".join(f"{c} = {quote(p.left + ' ' + p.right)}" for c, p in rec["passes"].items()) + " }")
        if idx == len(rounds) - 1:
            tiles = sorted(t for t in state.tile_pos if state.occupant(t))
            if tiles:
                out.append("expect = { " + ", ".join(f"{t} = {quote(units_text(state, t))}" for t in tiles) + " }")
    if state.is_terminal():
        out += ["", "[end]", f"winner = {quote(state.winner or 'none')}", f"reason = {quote(state.win_reason)}",
                f"round = {state.round}"]
    return "\n".join(out) + "\n"
