"""Daimyo's advanced rules, each switched on in `Options`:

- balanced: hands dealt by the cards' seat marks (in `rules._deal`);
- fortifications: +1 for defenders on their own clan's Han (in `rules.fight`);
- inaccessible: a Daimyo never enters a rival clan's Han (in `rules.daimyo_may_enter`);
- teams: 4 players, seats 1+3 against 2+4; allies neither share a Han nor fight, and a player
  wins by control over the two rival clans;
- formation: before round 1 each player draws a Densho card; in that card's priority order each
  places its Daimyo on one of its three Han (here);
- special: Special Action cards F1-F8 and the Rōnin (here);
- mastery: Mastery cards (here).

`rules` calls the functions here at fixed points of a round (setup, legal actions, carrying out,
combat, end of round). This module does not import `rules`: `DaimyoState` below is the part of
the state these rules read and change, every field of it declared by `rules.DaimyoState`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any, Protocol

from ...engine import Chance, Decision, GameEvent, Illegal
from ...hexgrid import Pos
from .actions import Action, Keep, MoveBushi, MoveDaimyo, Recruit, Special
from .events import (
    Alternative,
    Barred,
    FormationChosen,
    FormationDrawn,
    HanMoved,
    Kept,
    MassRecruitment,
    MasteryRevealed,
    Morale,
    MovedBushi,
    MovedDaimyo,
    Ninja,
    Recruited,
    Retreat,
    RoninHired,
    RoninLeft,
    Treachery,
)


class _Options(Protocol):
    @property
    def formation(self) -> bool: ...
    @property
    def special(self) -> bool: ...
    @property
    def mastery(self) -> bool: ...


class _Card(Protocol):
    @property
    def letter(self) -> str: ...
    @property
    def priority(self) -> tuple[str, int]: ...


class _Rules(Protocol):
    @property
    def options(self) -> _Options: ...
    @property
    def clans(self) -> tuple[str, ...]: ...
    @property
    def cards(self) -> Mapping[str, _Card]: ...
    @property
    def masteries(self) -> Sequence[str]: ...
    @property
    def mastery_titles(self) -> Mapping[str, str]: ...
    def rivals(self, clan: str) -> list[str]: ...


class DaimyoState(Protocol):
    """What the advanced rules need of `rules.DaimyoState` (which satisfies this structurally)."""

    @property
    def rules(self) -> _Rules: ...
    @property
    def chance(self) -> Chance: ...
    round: int
    phase: str
    tile_owner: dict[str, str | None]
    tile_pos: dict[str, Pos]
    tile_at: dict[Pos, str]
    bushi: dict[str, dict[str, int]]
    ronin: dict[str, dict[str, int]]
    daimyo: dict[str, str | None]
    area: dict[str, int]
    ronin_free: int
    hand: dict[str, set[str]]
    cards_in_play: list[str]
    pending_setup: list[tuple[str, str]]
    interlude: list[tuple[str, str]]
    barred_tile: str | None
    history: list[dict[str, Any]]
    setup_events: list[GameEvent]
    setup_choices: list[tuple[str, str, Action]]
    drawn: dict[tuple[str, str], tuple[str, ...]]
    mastery: dict[str, str | None]
    revealed: set[str]

    def occupant(self, tile: str) -> str | None: ...
    def adjacent_tiles(self, tile: str) -> list[str]: ...
    def free_spots(self, without: str | None = None) -> list[Pos]: ...
    def han_movable(self, tile: str) -> bool: ...
    def can_enter(self, clan: str, tile: str) -> bool: ...
    def daimyo_may_enter(self, clan: str, tile: str) -> bool: ...
    def strength(self, clan: str, tile: str) -> int: ...
    def take_bushi(self, clan: str, tile: str, n: int) -> None: ...
    def place_han(self, tile: str, at: Pos) -> None: ...
    def move_bushi(self, clan: str, src: str, dst: str, count: int | None, base: dict,
                   ronin: int = 0, via: str | None = None) -> list[GameEvent]: ...
    def to_reserves(self) -> list[GameEvent]: ...


@dataclass(frozen=True)
class Formation:
    """Place the Daimyo on one of the clan's Han."""

    tile: str

    def __str__(self) -> str:
        return f"daimyo@{self.tile}"


def setup(state: DaimyoState) -> None:
    opt, rules = state.rules.options, state.rules
    if opt.formation:
        drawn = state.chance.shuffle(sorted(rules.cards, key=lambda label: rules.cards[label].priority))
        picks = {clan: drawn[i] for i, clan in enumerate(rules.clans)}
        order = sorted(rules.clans, key=lambda c: rules.cards[picks[c]].priority)
        state.setup_events.append(FormationDrawn(tuple((c, picks[c]) for c in order)))
        state.pending_setup += [("formation", c) for c in order]
    for deck, on in (("special", opt.special), ("mastery", opt.mastery)):
        if not on:
            continue
        if deck == "special":
            pool = sorted((label for label, c in rules.cards.items() if c.letter == "F"),
                          key=lambda label: rules.cards[label].priority)
        else:
            pool = list(rules.masteries)
        pile = state.chance.shuffle(pool)
        for i, clan in enumerate(rules.clans):
            state.drawn[(deck, clan)] = tuple(pile[2 * i:2 * i + 2])
        state.pending_setup += [(f"keep-{deck}", c) for c in rules.clans]
    if state.pending_setup:
        state.phase = "setup"
    else:
        start_interlude(state, "strategy")


def setup_actions(state: DaimyoState, d: Decision) -> list[Action]:
    if d.kind == "formation":
        own = sorted(t for t, o in state.tile_owner.items() if o == d.player and t in state.tile_pos)
        return [Formation(t) for t in own]
    if d.kind.startswith("keep-"):
        deck = d.kind[5:]
        return [Keep(deck, i) for i in (1, 2)[:len(state.drawn[(deck, d.player)])]]
    raise AssertionError(d.kind)


def apply_setup(state: DaimyoState, d: Decision, action) -> list[GameEvent]:
    if action not in setup_actions(state, d):
        raise Illegal(0, d.player, None, d.kind, f"{d.player} cannot choose '{action}' now; "
                      f"choices: {', '.join(str(a) for a in setup_actions(state, d))}")
    state.setup_choices.append((d.kind, d.player, action))
    events: list[GameEvent] = []
    if d.kind == "formation":
        state.daimyo[d.player] = action.tile
        events.append(FormationChosen(d.player, action.tile))
    else:
        card = state.drawn[(action.deck, d.player)][action.which - 1]
        if action.deck == "special":
            state.hand[d.player].add(card)
            state.cards_in_play = state.cards_in_play + [card]
        else:
            state.mastery[d.player] = card
        events.append(Kept(d.player, action.deck))
    state.pending_setup.pop(0)
    if not state.pending_setup:
        state.phase = "play"
        start_interlude(state, "strategy")
    return events


def barred(state: DaimyoState, tile: str) -> bool:
    """Master of Strategy: nobody may move onto the chosen Han this round."""
    return state.barred_tile == tile


# -- Mastery decisions between stages (Strategy before the cards, Diplomacy before reserves) --

INTERLUDE_MASTERY = {"strategy": "senryaku", "diplomacy": "gaiko"}


def start_interlude(state: DaimyoState, kind: str) -> bool:
    if not state.rules.options.mastery or state.phase == "over":
        return False
    holders = [c for c in state.rules.clans if state.mastery.get(c) == INTERLUDE_MASTERY[kind]
               and sum(state.bushi[c].values()) > 0]
    if not holders:
        if kind == "strategy" and state.phase == "interlude":
            state.phase = "play"
        return False
    state.interlude = [(kind, c) for c in holders]
    state.phase = "interlude"
    return True


def interlude_actions(state: DaimyoState, d: Decision) -> list[Action]:
    clan = d.player
    out: list[Action] = [Special("skip")]
    sacrifices = sorted(state.bushi[clan])
    if d.kind == "strategy":
        empty = [t for t in sorted(state.tile_pos) if state.occupant(t) is None]
        out += [Special("bar", (t, s)) for t in empty for s in sacrifices[:1]]
    else:
        for tile in sorted(t for t in state.tile_pos if state.tile_owner[t] is None):
            if state.han_movable(tile):
                out += [Special("diplomacy", (sacrifices[0], tile, f"{p[0]},{p[1]}"))
                        for p in state.free_spots(without=tile)]
    return out


def apply_interlude(state: DaimyoState, d: Decision, action) -> list[GameEvent]:
    legal = interlude_actions(state, d)
    if action not in legal and not (isinstance(action, Special) and action.name in ("bar", "diplomacy")
                                    and _interlude_ok(state, d, action)):
        title = state.rules.mastery_titles.get(INTERLUDE_MASTERY[d.kind], d.kind)
        raise Illegal(state.round, d.player, f"{title} (Mastery)", d.kind,
                      f"'{action}' is not a {d.kind} choice now: {_interlude_why(state, d, action)}")
    events: list[GameEvent] = []
    state.history[-1].setdefault("interludes", []).append((d.kind, d.player, action))
    if action.name != "skip":
        _reveal(state, d.player, events)
        sacrifice = action.args[0] if action.name == "diplomacy" else action.args[1]
        state.take_bushi(d.player, sacrifice, 1)
        state.area[d.player] += 1
        if action.name == "bar":
            state.barred_tile = action.args[0]
            events.append(Barred(d.player, action.args[0], sacrifice))
        else:
            tile = action.args[1]
            q, r = (int(v) for v in action.args[2].split(","))
            src = state.tile_pos[tile]
            del state.tile_at[src]
            state.place_han(tile, (q, r))
            events.append(HanMoved(d.player, "Gaikō", state.round, tile, src, (q, r), sacrifice))
    state.interlude.pop(0)
    if not state.interlude:
        if d.kind == "strategy":
            state.phase = "play"
        else:
            events += state.to_reserves()
    return events


def _interlude_why(state: DaimyoState, d: Decision, action) -> str:
    """Why a Master of Strategy or Diplomacy choice is refused, in a player's words."""
    clan = d.player
    form = {"strategy": "'bar <empty Han> <Han of yours giving up a Bushi>' or 'skip'",
            "diplomacy": "'diplomacy <Han of yours giving up a Bushi> <neutral Han> <q,r>' or 'skip'"}[d.kind]
    if not isinstance(action, Special) or action.name not in ("bar", "diplomacy", "skip") \
            or action.name not in ("skip", {"strategy": "bar", "diplomacy": "diplomacy"}[d.kind]) \
            or len(action.args) != {"bar": 2, "diplomacy": 3}.get(action.name, 0):
        return f"write {form}"
    tile, sac = (action.args[0], action.args[1]) if action.name == "bar" else (action.args[1], action.args[0])
    if not state.bushi[clan].get(sac):
        return f"{clan} has no Bushi on {sac} to give up"
    if tile not in state.tile_pos:
        return f"there is no Han {tile} on the map"
    if action.name == "bar":
        return f"{tile} holds units; only a Han free of units is barred"
    if state.tile_owner[tile] is not None:
        return f"{tile} is a Han of the {state.tile_owner[tile]} clan; only a neutral Han moves"
    if not state.han_movable(tile):
        return f"{tile} holds units, was moved this round or holds the map together"
    return f"{tile} cannot go to {action.args[2]}: it must be a new, empty spot touching the map"


def _interlude_ok(state: DaimyoState, d: Decision, action) -> bool:
    """Accept any sacrifice Han of the player's, not only the one legal_actions lists."""
    clan = d.player
    if action.name == "bar" and d.kind == "strategy" and len(action.args) == 2:
        tile, sac = action.args
        return tile in state.tile_pos and state.occupant(tile) is None and state.bushi[clan].get(sac, 0) > 0
    if action.name == "diplomacy" and d.kind == "diplomacy" and len(action.args) == 3:
        sac, tile, at = action.args
        try:
            q, r = (int(v) for v in at.split(","))
        except ValueError:
            return False
        return (state.bushi[clan].get(sac, 0) > 0 and tile in state.tile_pos and state.tile_owner[tile] is None
                and state.han_movable(tile) and (q, r) in state.free_spots(without=tile))
    return False


def _reveal(state: DaimyoState, clan: str, events: list[GameEvent] | None = None) -> None:
    if clan not in state.revealed:
        state.revealed.add(clan)
        if events is not None:
            events.append(MasteryRevealed(clan, state.mastery[clan]))


def combat_bonuses(state: DaimyoState, attacker: str, defender: str) -> tuple[int, int]:
    """(attack bonus, extra defence bonus) from Masters of Tactics and Fortifications."""
    a = 1 if state.mastery.get(attacker) == "heiho" else 0
    d = 1 if state.mastery.get(defender) == "bobi" else 0
    if a:
        _reveal(state, attacker)
    if d:
        _reveal(state, defender)
    return a, d


# -- Mastery variants of the basic effects ------------------------------------------------

MASTERY_OF = {"via-bushi": "kihei", "march": "katsudo", "via-daimyo": "kihei", "escort": "sambo", "source": "tyouhei"}


def is_variant(action) -> bool:
    return ((isinstance(action, MoveBushi) and (action.via or action.march))
            or (isinstance(action, MoveDaimyo) and (action.via or action.escort))
            or (isinstance(action, Recruit) and action.source is not None))


def mastery_variants(state: DaimyoState, clan: str, kind: str) -> list[Action]:
    m = state.mastery.get(clan)
    if m is None:
        return []
    out: list[Action] = []
    if kind == "bushi-move" and m in ("kihei", "katsudo"):
        for tile, n in state.bushi[clan].items():
            for mid in state.adjacent_tiles(tile):
                if state.occupant(mid) not in (None, clan) or barred(state, mid) or not state.can_enter(clan, mid):
                    continue
                for dst in state.adjacent_tiles(mid):
                    if dst == tile or not state.can_enter(clan, dst):
                        continue
                    if m == "kihei":
                        out.append(MoveBushi(tile, dst, 1, mid))
                    elif state.occupant(dst) in (None, clan) and n >= 1:
                        out.append(MoveBushi(tile, dst, n, mid, True))
    if kind == "daimyo-move" and m == "kihei":
        src = state.daimyo[clan]
        for mid in state.adjacent_tiles(src):
            if not state.daimyo_may_enter(clan, mid):
                continue
            for dst in state.adjacent_tiles(mid):
                if dst != src and state.daimyo_may_enter(clan, dst):
                    out.append(MoveDaimyo(src, dst, mid))
    if kind == "daimyo-move" and m == "sambo" and state.bushi[clan].get(state.daimyo[clan], 0):
        src = state.daimyo[clan]
        out += [MoveDaimyo(src, dst, None, True) for dst in state.adjacent_tiles(src)
                if state.daimyo_may_enter(clan, dst)]
    if kind == "bushi-recruitment" and m == "tyouhei":
        home = state.daimyo[clan]
        out += [Recruit(t) for t in sorted(set(state.bushi[clan]) | set(state.ronin[clan])) if t != home]
    return list(dict.fromkeys(out))


def carry_out_variant(state: DaimyoState, clan: str, card: str, action, base: dict) -> list[GameEvent]:
    events: list[GameEvent] = []
    _reveal(state, clan, events)
    if isinstance(action, Recruit):   # Master of Recruitment: the whole unit comes (ruling)
        home = state.daimyo[clan]
        for pool in (state.bushi, state.ronin):
            n = pool[clan].pop(action.source, 0)
            if n:
                pool[clan][home] = pool[clan].get(home, 0) + n
        return events + [Recruited(**base, tile=home, source=action.source)]
    if isinstance(action, MoveDaimyo):
        state.daimyo[clan] = action.dst
        events.append(MovedDaimyo(**base, src=action.src, dst=action.dst, via=action.via, escort=action.escort))
        if action.escort:
            state.take_bushi(clan, action.src, 1)
            state.bushi[clan][action.dst] = state.bushi[clan].get(action.dst, 0) + 1
        return events
    if action.march:   # the whole unit two Han, no attack, then one of them is lost
        n = state.bushi[clan][action.src]
        state.take_bushi(clan, action.src, n)
        state.bushi[clan][action.dst] = state.bushi[clan].get(action.dst, 0) + n - 1
        if not state.bushi[clan][action.dst]:
            del state.bushi[clan][action.dst]
        state.area[clan] += 1
        return events + [MovedBushi(**base, src=action.src, dst=action.dst, count=n, via=action.via, march=True)]
    return events + state.move_bushi(clan, action.src, action.dst, 1, base, via=action.via)


# -- Special Action cards -------------------------------------------------------------------

SPECIAL_OF_TYPE = {"alternative": "alternative", "ninja-attack": "ninja", "ronin-recruitment": "ronin",
                   "mass-recruitment": "mass", "treachery": "treachery", "strategic-retreat": "retreat",
                   "breakdown-of-morale": "morale"}


SPECIAL_FORM = {"alternative": "alternative <your Han> <enemy Han next to it> <Han next to theirs>",
                "ninja": "ninja <rival clan>", "ronin": "ronin", "mass": "mass",
                "treachery": "treachery <neutral Han> <your Han next to it>",
                "retreat": "retreat <Han>-<Han> (up to three)", "morale": "morale <enemy Han>"}
RETREAT_MENU = 2000   # legal_actions lists at most this many retreats (a bot's menu); check() judges any


def _enemies(state: DaimyoState, clan: str) -> list[str]:
    return state.rules.rivals(clan)


def _holder(state: DaimyoState, tile: str) -> str:
    return f"{state.occupant(tile)} units hold it"


def special_refusal(state: DaimyoState, clan: str, action: Special) -> tuple[str, str] | None:
    """Why this Special Action decision is illegal now, as (rule, reason), or None if it is legal.
    Judged on its own, never by looking it up in a list of every option."""
    name, args = action.name, action.args
    need = {"alternative": 3, "ninja": 1, "ronin": 0, "mass": 0, "morale": 1}
    if (name in need and len(args) != need[name]) or (name == "treachery" and len(args) not in (1, 2)) \
            or (name == "retreat" and (not args or any(not re.fullmatch(r"[a-z]+[0-9]+-[a-z]+[0-9]+", a)
                                                       for a in args))):
        return "special-form", f"expected '{SPECIAL_FORM[name]}', got '{action}'"
    tiles = ([t for a in args for t in a.split("-")] if name == "retreat"
             else [a for a in args if name != "ninja"])
    for t in tiles:
        if t not in state.tile_pos:
            return "no-han", f"there is no Han {t} on the map"
    enemies = _enemies(state, clan)
    occ = state.occupant
    if name == "alternative":
        src, target, dst = args
        if not state.bushi[clan].get(src):
            return "alternative-sacrifice", f"{clan} has no Bushi on {src} to give up"
        if target not in state.adjacent_tiles(src):
            return "adjacent", f"{src} and {target} are not adjacent"
        foe = occ(target)
        if foe not in enemies or not state.bushi[foe].get(target):
            return "alternative-target", f"{target} holds no enemy Bushi"
        if dst == target or dst not in state.adjacent_tiles(target):
            return "adjacent", f"the pushed Bushi go to another Han next to {target}; {dst} is not one"
        if barred(state, dst):
            return "barred", f"{dst} is barred this round"
        emptied = dst == src and state.strength(clan, src) == 1   # the Bushi given up was all there was
        if occ(dst) not in (None, foe) and not emptied:
            return "alternative-push", f"the pushed Bushi cannot go to {dst}: {_holder(state, dst)}"
        return None
    if name == "ninja":
        foe = args[0]
        if foe not in enemies:
            return "ninja-target", f"{foe} is not a rival clan of {clan}"
        home = state.daimyo[foe]
        if home is None or not state.bushi[foe].get(home):
            return "ninja-target", f"no {foe} Bushi stand with the {foe} Daimyo"
        return None
    if name == "ronin":
        if not state.ronin_free:
            return "ronin-none-left", "every Rōnin is on the map already"
        return None
    if name == "mass":
        if not state.area[clan]:
            return "mass-reserve-empty", f"{clan}'s Samegawa holds no Bushi"
        return None
    if name == "treachery":
        tile = args[0]
        foe = occ(tile)
        if foe not in enemies or not state.bushi[foe].get(tile):
            return "treachery-target", f"{tile} holds no enemy Bushi"
        if state.tile_owner[tile] is not None:
            return "treachery-target", f"{tile} is a Han of the {state.tile_owner[tile]} clan, not a neutral Han"
        mine = [t for t in state.adjacent_tiles(tile) if occ(t) == clan]
        if not mine:
            return "treachery-target", f"{tile} is not next to a Han held by {clan}"
        if len(args) == 1:
            if state.area[clan]:
                return "treachery-place", (f"{clan} places a new Bushi next to {tile}, on a Han it holds: "
                                           f"write 'treachery {tile} {mine[0]}'")
            return None
        if not state.area[clan]:
            return "treachery-place", f"{clan}'s Samegawa holds no Bushi to place: write 'treachery {tile}'"
        if args[1] not in mine:
            return "treachery-place", f"the new Bushi goes next to {tile}, on a Han where {clan} has units; " \
                                      f"{args[1]} is not one"
        return None
    if name == "retreat":
        if len(args) > 3:
            return "retreat-count", f"a Strategic Retreat moves the units of at most 3 Han, not {len(args)}"
        moves = [a.split("-") for a in args]
        srcs = [m[0] for m in moves]
        for src, dst in moves:
            if srcs.count(src) > 1:
                return "retreat-count", f"{src} is chosen twice"
            if occ(src) != clan:
                return "retreat-source", f"{clan} has no units on {src}"
            if not any(occ(n) in enemies for n in state.adjacent_tiles(src)):
                return "retreat-source", f"{src} is not next to enemy units"
            if dst not in state.adjacent_tiles(src):
                return "adjacent", f"{src} and {dst} are not adjacent"
            other = occ(dst)
            if other in enemies:
                return "retreat-enemy", f"cannot retreat onto {dst}: enemy units hold it"
            if other not in (None, clan):
                return "ally", f"{dst} is held by an ally; allies never share a Han"
            if barred(state, dst):
                return "barred", f"{dst} is barred this round"
            if state.daimyo[clan] == src and not state.daimyo_may_enter(clan, dst):
                return "inaccessible", f"the Daimyo cannot enter {dst}, a Han of the {state.tile_owner[dst]} clan"
        return None
    if name == "morale":
        tile = args[0]
        foe = occ(tile)
        if foe not in enemies:
            return "morale-target", f"{tile} holds no enemy units"
        if state.daimyo[foe] == tile:
            return "morale-daimyo", f"the {foe} Daimyo stands on {tile}"
        if not state.bushi[foe].get(tile):
            return "morale-target", f"{tile} holds no {foe} Bushi"
        return None
    raise AssertionError(name)


def special_actions(state: DaimyoState, clan: str, card: str, kind: str) -> list[Action]:
    """The decisions a Special Action card allows now (each passes `special_refusal`)."""
    name = SPECIAL_OF_TYPE[kind]
    enemies = _enemies(state, clan)
    occ = state.occupant
    out: list[Action] = []
    ok = lambda a: special_refusal(state, clan, a) is None  # noqa: E731
    if name == "alternative":
        for src in sorted(state.bushi[clan]):
            for target in state.adjacent_tiles(src):
                for dst in state.adjacent_tiles(target):
                    a = Special("alternative", (src, target, dst))
                    if ok(a):
                        out.append(a)
    elif name == "ninja":
        out = [a for e in enemies if ok(a := Special("ninja", (e,)))]
    elif name in ("ronin", "mass"):
        out = [a for a in (Special(name),) if ok(a)]
    elif name == "treachery":
        for tile in sorted(state.tile_pos):
            tries = [Special("treachery", (tile, d)) for d in state.adjacent_tiles(tile)]
            for a in tries + [Special("treachery", (tile,))]:
                if ok(a):
                    out.append(a)
    elif name == "retreat":
        options = []
        for tile in sorted(state.tile_pos):
            if occ(tile) == clan:
                moves = [f"{tile}-{d}" for d in state.adjacent_tiles(tile) if ok(Special("retreat", (f"{tile}-{d}",)))]
                if moves:
                    options.append(moves)
        for k in range(1, min(3, len(options)) + 1):
            for group in combinations(options, k):
                for chosen in product(*group):
                    out.append(Special("retreat", tuple(chosen)))
                    if len(out) >= RETREAT_MENU:
                        return out
    elif name == "morale":
        out = [a for tile in sorted(state.tile_pos) if ok(a := Special("morale", (tile,)))]
    return out


def canonical(action: Special) -> Special:
    """The written order of a decision whose parts the rules give no order (the Han of a retreat)."""
    if action.name == "retreat":
        return Special("retreat", tuple(sorted(action.args, key=lambda a: _tile_key(a.split("-")[0]))))
    return action


def _tile_key(tile: str) -> tuple[str, int]:
    m = re.fullmatch(r"(.*?)([0-9]+)", tile)
    return (m.group(1), int(m.group(2))) if m else (tile, 0)


def carry_out_special(state: DaimyoState, clan: str, card: str, kind: str, action, base: dict) -> list[GameEvent]:
    name, args = action.name, action.args
    occ = state.occupant
    if name == "alternative":
        src, target, dst = args
        state.take_bushi(clan, src, 1)
        state.area[clan] += 1
        foe = occ(target)
        n = state.bushi[foe][target]
        state.take_bushi(foe, target, n)
        state.bushi[foe][dst] = state.bushi[foe].get(dst, 0) + n
        return [Alternative(**base, sacrificed=src, target=target, dst=dst, clan_moved=foe, count=n)]
    if name == "ninja":
        foe = args[0]
        tile = state.daimyo[foe]
        n = min(2, state.bushi[foe].get(tile, 0))
        state.take_bushi(foe, tile, n)
        state.area[foe] += n
        return [Ninja(**base, target=foe, tile=tile, removed=n)]
    if name == "ronin":
        tile = state.daimyo[clan]
        n = state.ronin_free
        state.ronin_free = 0
        state.ronin[clan][tile] = state.ronin[clan].get(tile, 0) + n
        return [RoninHired(**base, tile=tile, ronin=n)]
    if name == "mass":
        placed = []
        home = state.daimyo[clan]
        # one with the Daimyo, then one on each own Han free of enemies, the Daimyo's own Han
        # included (ruling: four in all, fewer only when the reserve runs out)
        targets = [home] + sorted((t for t, o in state.tile_owner.items()
                                   if o == clan and t in state.tile_pos and occ(t) in (None, clan)), key=_tile_key)
        for t in targets:
            if not state.area[clan]:
                break
            state.area[clan] -= 1
            state.bushi[clan][t] = state.bushi[clan].get(t, 0) + 1
            placed.append(t)
        return [MassRecruitment(**base, tiles=tuple(placed))]
    if name == "treachery":
        tile = args[0]
        foe = occ(tile)
        state.take_bushi(foe, tile, 1)
        state.area[foe] += 1
        placed = None
        if len(args) > 1:
            placed = args[1]
            state.area[clan] -= 1
            state.bushi[clan][placed] = state.bushi[clan].get(placed, 0) + 1
        return [Treachery(**base, tile=tile, victim=foe, placed=placed)]
    if name == "retreat":   # every chosen unit is lifted, then set down: the order never matters
        moves = [tuple(m.split("-")) for m in canonical(action).args]
        lifted = [(dst, state.bushi[clan].pop(src, 0), state.ronin[clan].pop(src, 0), state.daimyo[clan] == src)
                  for src, dst in moves]
        for dst, n, r, daimyo in lifted:
            for pool, k in ((state.bushi, n), (state.ronin, r)):
                if k:
                    pool[clan][dst] = pool[clan].get(dst, 0) + k
            if daimyo:
                state.daimyo[clan] = dst
        return [Retreat(**base, moves=tuple(moves))]
    if name == "morale":
        tile = args[0]
        foe = occ(tile)
        n = min(3, state.bushi[foe][tile])
        state.take_bushi(foe, tile, n)
        state.area[foe] += n
        return [Morale(**base, tile=tile, victim=foe, removed=n)]
    raise AssertionError(name)


def end_of_round(state: DaimyoState) -> list[GameEvent]:
    """Rōnin that share no Han with their player's Bushi or Daimyo leave the map."""
    events: list[GameEvent] = []
    for clan in state.rules.clans:
        for tile in list(state.ronin[clan]):
            if not state.bushi[clan].get(tile) and state.daimyo[clan] != tile:
                n = state.ronin[clan].pop(tile)
                state.ronin_free += n
                events.append(RoninLeft(clan, tile, n))
    return events

