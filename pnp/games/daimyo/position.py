"""Daimyo positions: what carries over from one round to the next, as the notation's `[position]`
table (see docs/notation.md, "Daimyo positions").

`DaimyoState.position()` writes the start of the current round (a `state.Position`) as that table
and `DaimyoState.set_position(table, where)` starts a round from one (the engine's `HasPosition`);
`read_position` checks a table against the game (Han, cards, counts) and `position_table` /
`write_position` write one.
"""

from __future__ import annotations

import re
from typing import Any

from ...engine.notation import NotationError
from ...engine.position import value_text
from ...hexgrid import is_connected
from .state import Board, Position


def norm_units(text: str) -> str | None:
    t = " ".join(str(text).lower().split())
    if t == "empty":
        return t
    m = re.fullmatch(r"([a-z]+)\s+(?:(d)(?:\s*\+\s*([0-9]+))?|([0-9]+))(?:\s+r([0-9]+))?", t)
    if not m:
        return None
    clan, d, plus, n, r = m.groups()
    out = f"{clan} D" + (f"+{int(plus)}" if plus and int(plus) else "") if d else f"{clan} {int(n)}"
    return out + (f" r{int(r)}" if r and int(r) else "")



POSITION_KEYS = ("round", "han", "hand", "reserve", "mastery", "revealed")


def read_position(state: Board, table: Any, where: str) -> Position:
    """A scenario's start (after the setup, if any): every occupied Han and what stands on it, all
    other Han emptied; optionally the round, where each Han lies, hands, reserves, Mastery cards.
    Whatever the table does not name stays as the setup left it. Anything impossible is a
    `NotationError` naming the key."""
    if not isinstance(table, dict):
        a = state.rules.clans[0]
        raise NotationError(where, "position", f"expected a table of Han, e.g. {{ n1 = \"{a} 2\", "
                            f"{state.rules.prefix[a]}3 = \"{a} D\" }}")
    rules, clans = state.rules, state.rules.clans
    p = state.round_start()
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
        norm = norm_units(want)
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
            raise NotationError(where, "position",
                                f"the {clan} Daimyo must stand somewhere, e.g. {{ ... = \"{clan} D\" }}")
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
    return p


def _position_han(state: Board, han: Any, where: str) -> dict[str, tuple[int, int]]:
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


def _position_cards(state: Board, table: Any, key: str, where: str, seen: dict[str, str]) -> dict[str, list[str]]:
    if not isinstance(table, dict):
        raise NotationError(where, key, "expected a table of each clan's cards, "
                            f"e.g. {{ {state.rules.clans[0]} = [\"A1\", \"B2\"] }}")
    out = {}
    for clan, cards in table.items():
        if clan not in state.rules.clans:
            raise NotationError(where, f"{key}.{clan}",
                                f"{clan} is not playing (clans: {', '.join(state.rules.clans)})")
        if not isinstance(cards, list) or any(not isinstance(c, str) for c in cards):
            raise NotationError(where, f"{key}.{clan}",
                                f"expected a list of cards, e.g. [\"A1\", \"B2\"], got {cards!r}")
        for card in (c.upper() for c in cards):
            if card not in state.rules.cards:
                raise NotationError(where, f"{key}.{clan}", f"no card {card} in this game")
            if card in seen:
                raise NotationError(where, f"{key}.{clan}", f"card {card} is already in {seen[card]}")
            seen[card] = f"{key}.{clan}"
        out[clan] = [c.upper() for c in cards]
    return out


def _position_mastery(state: Board, table: dict[str, Any], where: str) -> tuple[dict[str, str | None], set[str]]:
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
        raise NotationError(where, "position.revealed",
                            f"expected a list of clans holding a Mastery card, got {revealed!r}")
    return mastery, set(revealed)


def position_table(state: Board, p: Position | None = None) -> dict[str, Any]:
    """The `[position]` table of the state's position now (or of `p`): read back by `replay`, it
    starts the same round from the same units, map, hands, reserves and Mastery cards."""
    p = state.round_start() if p is None else p
    out: dict[str, Any] = {"round": p.round}
    for tile in sorted(p.han, key=tile_order):
        for clan in state.rules.clans:
            n, r = p.bushi[clan].get(tile, 0), p.ronin[clan].get(tile, 0)
            if p.daimyo[clan] == tile:
                out[tile] = f"{clan} D" + (f"+{n}" if n else "") + (f" r{r}" if r else "")
            elif n or r:
                out[tile] = f"{clan} {n}" + (f" r{r}" if r else "")
    out["han"] = {t: f"{q},{r}" for t, (q, r) in sorted(p.han.items(), key=lambda kv: tile_order(kv[0]))}
    out["hand"] = {c: list(p.hand[c]) for c in state.rules.clans}
    out["reserve"] = {c: list(p.reserve[c]) for c in state.rules.clans}
    if state.rules.options.mastery:
        out["mastery"] = {c: m for c, m in p.mastery.items() if m is not None}
        out["revealed"] = [c for c in state.rules.clans if c in p.revealed]
    return out


def write_position(state: Board, p: Position | None = None) -> str:
    """`position_table` as the TOML `[position]` table of a notation file."""
    lines = ["[position]"]
    for key, value in position_table(state, p).items():
        lines.append(f"{key} = {value_text(value)}")
    return "\n".join(lines) + "\n"


def tile_order(tile: str) -> tuple[str, int]:
    m = re.fullmatch(r"(.*?)([0-9]+)", tile)
    return (m.group(1), int(m.group(2))) if m else (tile, 0)
