"""The Special Action cards (advanced rule "special"): one `Effect` per card. A card's decision is
judged on its own (`refused`), never by looking it up in a list of every option; `options` lists
the decisions that pass.
"""

from __future__ import annotations

import re
from itertools import combinations, product
from typing import Any

from ...engine import GameEvent
from .actions import Action, Special
from .effects import Effect
from .events import Alternative, MassRecruitment, Morale, Ninja, Retreat, RoninHired, Treachery
from .position import tile_order
from .state import Board, Refusal

RETREAT_MENU = 2000   # options() lists at most this many retreats (a bot's menu); refused() judges any


class SpecialEffect(Effect):
    """A Special Action card: `name` starts its decision, written as `form`."""

    name = ""
    form = ""
    arity: tuple[int, ...] = ()    # how many arguments the decision takes

    def refusal(self, board: Board, clan: str, card: str, action: Action) -> Refusal | None:
        if not isinstance(action, Special) or action.name != self.name:
            return "card-effect", f"a {board.rules.cards[card].title} card cannot do '{action}'; write '{self.form}'"
        return self.refused(board, clan, action)

    def refused(self, board: Board, clan: str, action: Special) -> Refusal | None:
        """Why this card's decision is illegal now, or None if it is legal."""
        if not self.well_formed(action.args):
            return "special-form", f"expected '{self.form}', got '{action}'"
        for t in self.tiles(action.args):
            if t not in board.tile_pos:
                return "no-han", f"there is no Han {t} on the map"
        return self.judge(board, clan, action.args)

    def well_formed(self, args: tuple[str, ...]) -> bool:
        return len(args) in self.arity

    def tiles(self, args: tuple[str, ...]) -> list[str]:
        """The Han the decision names."""
        return list(args)

    def judge(self, board: Board, clan: str, args: tuple[str, ...]) -> Refusal | None:
        return None

    def ok(self, board: Board, clan: str, action: Special) -> bool:
        return self.refused(board, clan, action) is None

    def carry_out(self, board: Board, clan: str, action: Action, base: dict[str, Any]) -> list[GameEvent]:
        assert isinstance(action, Special)
        return self.apply(board, clan, action.args, base)

    def apply(self, board: Board, clan: str, args: tuple[str, ...], base: dict[str, Any]) -> list[GameEvent]:
        raise NotImplementedError


def _enemy(board: Board, clan: str, tile: str) -> str | None:
    """The rival clan holding `tile`, if one does."""
    other = board.occupant(tile)
    return other if other in board.rules.rivals(clan) else None


class AlternativeCard(SpecialEffect):
    """F1: give up one of your Bushi to push the enemy Bushi of a Han next to it onto another Han."""

    kind, name, arity = "alternative", "alternative", (3,)
    form = "alternative <your Han> <enemy Han next to it> <Han next to theirs>"

    def judge(self, board: Board, clan: str, args: tuple[str, ...]) -> Refusal | None:
        src, target, dst = args
        if not board.bushi[clan].get(src):
            return "alternative-sacrifice", f"{clan} has no Bushi on {src} to give up"
        if target not in board.adjacent_tiles(src):
            return "adjacent", f"{src} and {target} are not adjacent"
        foe = _enemy(board, clan, target)
        if foe is None or not board.bushi[foe].get(target):
            return "alternative-target", f"{target} holds no enemy Bushi"
        if dst == target or dst not in board.adjacent_tiles(target):
            return "adjacent", f"the pushed Bushi go to another Han next to {target}; {dst} is not one"
        refusal = board.entry_refusal(foe, dst)
        if refusal:
            return refusal
        emptied = dst == src and board.strength(clan, src) == 1   # the Bushi given up was all there was
        if board.occupant(dst) not in (None, foe) and not emptied:
            return "alternative-push", f"the pushed Bushi cannot go to {dst}: {board.occupant(dst)} units hold it"
        return None

    def options(self, board: Board, clan: str) -> list[Action]:
        out: list[Action] = []
        for src in sorted(board.bushi[clan]):
            for target in board.adjacent_tiles(src):
                for dst in board.adjacent_tiles(target):
                    a = Special(self.name, (src, target, dst))
                    if self.ok(board, clan, a):
                        out.append(a)
        return out

    def apply(self, board: Board, clan: str, args: tuple[str, ...], base: dict[str, Any]) -> list[GameEvent]:
        src, target, dst = args
        board.take_bushi(clan, src, 1)
        board.area[clan] += 1
        foe = board.occupant(target)
        assert foe is not None
        n = board.bushi[foe][target]
        board.take_bushi(foe, target, n)
        board.add_bushi(foe, dst, n)
        return [Alternative(**base, sacrificed=src, target=target, dst=dst, clan_moved=foe, count=n)]


class NinjaAttack(SpecialEffect):
    """F2: up to two Bushi standing with a rival Daimyo go back to their area."""

    kind, name, arity, form = "ninja-attack", "ninja", (1,), "ninja <rival clan>"

    def tiles(self, args: tuple[str, ...]) -> list[str]:
        return []

    def judge(self, board: Board, clan: str, args: tuple[str, ...]) -> Refusal | None:
        foe = args[0]
        if foe not in board.rules.rivals(clan):
            return "ninja-target", f"{foe} is not a rival clan of {clan}"
        home = board.daimyo[foe]
        if home is None or not board.bushi[foe].get(home):
            return "ninja-target", f"no {foe} Bushi stand with the {foe} Daimyo"
        return None

    def options(self, board: Board, clan: str) -> list[Action]:
        return [a for e in board.rules.rivals(clan) if self.ok(board, clan, a := Special(self.name, (e,)))]

    def apply(self, board: Board, clan: str, args: tuple[str, ...], base: dict[str, Any]) -> list[GameEvent]:
        foe = args[0]
        tile = board.daimyo[foe]
        assert tile is not None
        n = min(2, board.bushi[foe].get(tile, 0))
        board.take_bushi(foe, tile, n)
        board.area[foe] += n
        return [Ninja(**base, target=foe, tile=tile, removed=n)]


class RoninRecruitment(SpecialEffect):
    """F3: every Rōnin not yet on the map joins the clan's Daimyo."""

    kind, name, arity, form = "ronin-recruitment", "ronin", (0,), "ronin"

    def judge(self, board: Board, clan: str, args: tuple[str, ...]) -> Refusal | None:
        if not board.ronin_free:
            return "ronin-none-left", "every Rōnin is on the map already"
        return None

    def options(self, board: Board, clan: str) -> list[Action]:
        return [a for a in (Special(self.name),) if self.ok(board, clan, a)]

    def apply(self, board: Board, clan: str, args: tuple[str, ...], base: dict[str, Any]) -> list[GameEvent]:
        tile = board.daimyo[clan]
        assert tile is not None
        n = board.ronin_free
        board.ronin_free = 0
        board.ronin[clan][tile] = board.ronin[clan].get(tile, 0) + n
        return [RoninHired(**base, tile=tile, ronin=n)]


class MassRecruitmentCard(SpecialEffect):
    """F4: new Bushi on the Daimyo's Han, then on each of the clan's own Han. When the Samegawa
    holds too few for all of them, the player names the own Han that get the rest (ruling)."""

    kind, name, arity = "mass-recruitment", "mass", (0, 1, 2, 3)
    form = "mass, or with too few Bushi on the Samegawa 'mass <own Han>...' naming the Han that get them"

    @staticmethod
    def own(board: Board, clan: str) -> list[str]:
        """The clan's own Han with no enemy on them, the Daimyo's own Han included."""
        return sorted((t for t, o in board.tile_owner.items()
                       if o == clan and t in board.tile_pos and board.occupant(t) in (None, clan)), key=tile_order)

    @staticmethod
    def spare(board: Board, clan: str) -> int:
        """The Bushi left on the Samegawa once the Daimyo's Han has its one."""
        return board.area[clan] - 1

    def judge(self, board: Board, clan: str, args: tuple[str, ...]) -> Refusal | None:
        if not board.area[clan]:
            return "mass-reserve-empty", f"{clan}'s Samegawa holds no Bushi"
        own = self.own(board, clan)
        # the rulebook's order puts the first new Bushi with the Daimyo; only the rest can run short
        short = min(self.spare(board, clan), len(own))
        for t in args:
            if t not in own:
                return "mass-han", f"{t} is not a Han of {clan}'s own colour free of enemies"
        if len(set(args)) != len(args):
            return "mass-han", f"each Han gets one Bushi; '{self.name} {' '.join(args)}' names one twice"
        if short < len(own) and len(args) != short:
            return "mass-choose", (f"{clan}'s Samegawa has Bushi for only {short} of {', '.join(own)} after the "
                                   f"Daimyo's Han: name {'it' if short == 1 else 'them'}, e.g. "
                                   f"'{self.name} {' '.join(own[:short])}'" if short else
                                   f"{clan}'s Samegawa holds only the Daimyo's Bushi: write '{self.name}'")
        if short == len(own) and args and len(args) != len(own):
            return "mass-han", f"every one of {', '.join(own)} gets a Bushi; write '{self.name}'"
        return None

    def options(self, board: Board, clan: str) -> list[Action]:
        own = self.own(board, clan)
        short = min(self.spare(board, clan), len(own))
        if short == len(own):
            chosen: list[tuple[str, ...]] = [()]
        else:
            chosen = list(combinations(own, max(short, 0)))
        return [a for c in chosen if self.ok(board, clan, a := Special(self.name, c))]

    def written(self, board: Board, clan: str, action: Action) -> Action:
        """Plain 'mass' when every Han gets its Bushi; the chosen Han in name order otherwise."""
        if not isinstance(action, Special) or len(action.args) == len(self.own(board, clan)):
            return Special(self.name)
        return Special(self.name, tuple(sorted(action.args, key=tile_order)))

    def apply(self, board: Board, clan: str, args: tuple[str, ...], base: dict[str, Any]) -> list[GameEvent]:
        placed = []
        home = board.daimyo[clan]
        assert home is not None
        # one with the Daimyo, then one on each own Han free of enemies, the Daimyo's own Han
        # included (ruling: four in all); with too few left, on the own Han the player named
        own = self.own(board, clan)
        chosen = [t for t in own if t in args] if args else own
        for t in [home, *chosen]:
            if not board.area[clan]:
                break
            board.area[clan] -= 1
            board.add_bushi(clan, t)
            placed.append(t)
        return [MassRecruitment(**base, tiles=tuple(placed))]


class TreacheryCard(SpecialEffect):
    """F5: an enemy Bushi on a neutral Han next to your units goes home; one of yours joins your units."""

    kind, name, arity = "treachery", "treachery", (1, 2)
    form = "treachery <neutral Han> <your Han next to it>"

    def judge(self, board: Board, clan: str, args: tuple[str, ...]) -> Refusal | None:
        tile = args[0]
        foe = _enemy(board, clan, tile)
        if foe is None or not board.bushi[foe].get(tile):
            return "treachery-target", f"{tile} holds no enemy Bushi"
        if board.tile_owner[tile] is not None:
            return "treachery-target", f"{tile} is a Han of the {board.tile_owner[tile]} clan, not a neutral Han"
        mine = [t for t in board.adjacent_tiles(tile) if board.occupant(t) == clan]
        if not mine:
            return "treachery-target", f"{tile} is not next to a Han held by {clan}"
        if len(args) == 1:
            if board.area[clan]:
                return "treachery-place", (f"{clan} places a new Bushi next to {tile}, on a Han it holds: "
                                           f"write 'treachery {tile} {mine[0]}'")
            return None
        if not board.area[clan]:
            return "treachery-place", f"{clan}'s Samegawa holds no Bushi to place: write 'treachery {tile}'"
        if args[1] not in mine:
            return "treachery-place", f"the new Bushi goes next to {tile}, on a Han where {clan} has units; " \
                                      f"{args[1]} is not one"
        return None

    def options(self, board: Board, clan: str) -> list[Action]:
        out: list[Action] = []
        for tile in sorted(board.tile_pos):
            tries = [Special(self.name, (tile, d)) for d in board.adjacent_tiles(tile)]
            out += [a for a in (*tries, Special(self.name, (tile,))) if self.ok(board, clan, a)]
        return out

    def apply(self, board: Board, clan: str, args: tuple[str, ...], base: dict[str, Any]) -> list[GameEvent]:
        tile = args[0]
        foe = board.occupant(tile)
        assert foe is not None
        board.take_bushi(foe, tile, 1)
        board.area[foe] += 1
        placed = None
        if len(args) > 1:
            placed = args[1]
            board.area[clan] -= 1
            board.add_bushi(clan, placed)
        return [Treachery(**base, tile=tile, victim=foe, placed=placed)]


_RETREAT_MOVE = re.compile(r"[a-z]+[0-9]+-[a-z]+[0-9]+")


class StrategicRetreat(SpecialEffect):
    """F6: the units of 1 to 3 Han next to enemy units step back, each to a Han next to theirs."""

    kind, name, form = "strategic-retreat", "retreat", "retreat <Han>-<Han> (up to three)"

    def well_formed(self, args: tuple[str, ...]) -> bool:
        return bool(args) and all(_RETREAT_MOVE.fullmatch(a) for a in args)

    def tiles(self, args: tuple[str, ...]) -> list[str]:
        return [t for a in args for t in a.split("-")]

    def judge(self, board: Board, clan: str, args: tuple[str, ...]) -> Refusal | None:
        if len(args) > 3:
            return "retreat-count", f"a Strategic Retreat moves the units of at most 3 Han, not {len(args)}"
        enemies = board.rules.rivals(clan)
        moves = [a.split("-") for a in args]
        srcs = [m[0] for m in moves]
        for src, dst in moves:
            if srcs.count(src) > 1:
                return "retreat-count", f"{src} is chosen twice"
            if board.occupant(src) != clan:
                return "retreat-source", f"{clan} has no units on {src}"
            if not any(board.occupant(n) in enemies for n in board.adjacent_tiles(src)):
                return "retreat-source", f"{src} is not next to enemy units"
            if dst not in board.adjacent_tiles(src):
                return "adjacent", f"{src} and {dst} are not adjacent"
            other = board.occupant(dst)
            if other in enemies:
                return "retreat-enemy", f"cannot retreat onto {dst}: enemy units hold it"
            if other not in (None, clan):
                return "ally", f"{dst} is held by an ally; allies never share a Han"
            refusal = board.entry_refusal(clan, dst, daimyo=board.daimyo[clan] == src)
            if refusal:
                return refusal
        return None

    def options(self, board: Board, clan: str) -> list[Action]:
        out: list[Action] = []
        choices = []
        for tile in sorted(board.tile_pos):
            if board.occupant(tile) == clan:
                moves = [f"{tile}-{d}" for d in board.adjacent_tiles(tile)
                         if self.ok(board, clan, Special(self.name, (f"{tile}-{d}",)))]
                if moves:
                    choices.append(moves)
        for k in range(1, min(3, len(choices)) + 1):
            for group in combinations(choices, k):
                for chosen in product(*group):
                    out.append(Special(self.name, tuple(chosen)))
                    if len(out) >= RETREAT_MENU:
                        return out
        return out

    def written(self, board: Board, clan: str, action: Action) -> Action:
        """The Han of a retreat in one order (the rules give them none)."""
        if not isinstance(action, Special):
            return action
        return Special(self.name, tuple(sorted(action.args, key=lambda a: tile_order(a.split("-")[0]))))

    def apply(self, board: Board, clan: str, args: tuple[str, ...], base: dict[str, Any]) -> list[GameEvent]:
        # every chosen unit is lifted, then set down: the order never matters
        moves = [tuple(m.split("-")) for m in sorted(args, key=lambda a: tile_order(a.split("-")[0]))]
        lifted = [(dst, board.bushi[clan].pop(src, 0), board.ronin[clan].pop(src, 0), board.daimyo[clan] == src)
                  for src, dst in moves]
        for dst, n, r, daimyo in lifted:
            for pool, k in ((board.bushi, n), (board.ronin, r)):
                if k:
                    pool[clan][dst] = pool[clan].get(dst, 0) + k
            if daimyo:
                board.daimyo[clan] = dst
        return [Retreat(**base, moves=tuple(moves))]


class BreakdownOfMorale(SpecialEffect):
    """F7: up to three Bushi of an enemy unit without its Daimyo go back to their area."""

    kind, name, arity, form = "breakdown-of-morale", "morale", (1,), "morale <enemy Han>"

    def judge(self, board: Board, clan: str, args: tuple[str, ...]) -> Refusal | None:
        tile = args[0]
        foe = _enemy(board, clan, tile)
        if foe is None:
            return "morale-target", f"{tile} holds no enemy units"
        if board.daimyo[foe] == tile:
            return "morale-daimyo", f"the {foe} Daimyo stands on {tile}"
        if not board.bushi[foe].get(tile):
            return "morale-target", f"{tile} holds no {foe} Bushi"
        return None

    def options(self, board: Board, clan: str) -> list[Action]:
        return [a for tile in sorted(board.tile_pos) if self.ok(board, clan, a := Special(self.name, (tile,)))]

    def apply(self, board: Board, clan: str, args: tuple[str, ...], base: dict[str, Any]) -> list[GameEvent]:
        tile = args[0]
        foe = board.occupant(tile)
        assert foe is not None
        n = min(3, board.bushi[foe][tile])
        board.take_bushi(foe, tile, n)
        board.area[foe] += n
        return [Morale(**base, tile=tile, victim=foe, removed=n)]


SPECIAL_EFFECTS: tuple[SpecialEffect, ...] = (
    AlternativeCard(), NinjaAttack(), RoninRecruitment(), MassRecruitmentCard(), TreacheryCard(), StrategicRetreat(),
    BreakdownOfMorale())
