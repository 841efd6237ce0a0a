"""What a resolving card does: one `Effect` per kind of card, which lists the decisions the card
allows now, says why a decision is refused, and carries one out. The five basic effects are here;
the Special Action cards are in `specials`; `rules.EFFECTS` looks them up by the card's kind.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...engine import GameEvent
from .actions import Action, MoveBushi, MoveDaimyo, MoveHan, PlaceHan, Recruit, Special, is_variant
from .combat import move_bushi
from .events import HanMoved, HanPlaced, MovedDaimyo, Recruited
from .state import KIND_OF_LETTER, Board, Refusal


class Effect:
    """A kind of card's effect (`kind` is what `Board.kind` says the card does now)."""

    kind = ""

    def options(self, board: Board, clan: str) -> list[Action]:
        """The decisions the card allows now (none: the card is passed)."""
        raise NotImplementedError

    def refusal(self, board: Board, clan: str, card: str, action: Action) -> Refusal | None:
        """Why `action` is not what this card does now, or None when it is legal."""
        raise NotImplementedError

    def carry_out(self, board: Board, clan: str, action: Action, base: dict[str, Any]) -> list[GameEvent]:
        """Carry out a legal `action`; `base` names the clan, card and round for the events."""
        raise NotImplementedError

    def written(self, board: Board, clan: str, action: Action) -> Action:
        """How the notation writes a legal `action`, before it is carried out."""
        return action


class BasicEffect(Effect):
    """One of the five basic effects: a decision of type `action`, or a variant a Mastery card allows."""

    action: type[Action]

    def refusal(self, board: Board, clan: str, card: str, action: Action) -> Refusal | None:
        if isinstance(action, Special):
            return "card-effect", f"a {board.rules.cards[card].title} card cannot do '{action}'"
        if is_variant(action):
            if action not in board_variants(board, clan, self.kind):
                return "mastery", f"'{action}' needs a Mastery card that allows it, and a legal move"
            return None
        if not isinstance(action, self.action):
            return self.mismatch(board, clan, card, action)
        return self.judge(board, clan, action)

    def mismatch(self, board: Board, clan: str, card: str, action: Action) -> Refusal:
        """Why a decision of another effect's type is refused (the fallback rules say it best)."""
        return "card-effect", f"a {board.rules.cards[card].title} card cannot do '{action}'"

    def judge(self, board: Board, clan: str, action: Any) -> Refusal | None:
        """Why a decision of this effect's own type is refused, if it is."""
        return None

    def carry_out(self, board: Board, clan: str, action: Action, base: dict[str, Any]) -> list[GameEvent]:
        # only a Mastery card's hook (a variant hook) makes a variant legal, and illegal moves never get here
        if board.variant_hooks and is_variant(action):
            hook = next(h for h in board.hooks if h.claims(action))
            return hook.carry_out_variant(board, clan, action, base)
        return self.apply(board, clan, action, base)

    def apply(self, board: Board, clan: str, action: Any, base: dict[str, Any]) -> list[GameEvent]:
        raise NotImplementedError


def board_variants(board: Board, clan: str, kind: str) -> list[Action]:
    """The variants of a basic effect the advanced rules in play allow `clan` now."""
    return [a for hook in board.variant_hooks for a in hook.variants(board, clan, kind)]


def _missing_han(board: Board, *tiles: str) -> Refusal | None:
    for t in tiles:
        if t not in board.tile_pos:
            return "no-han", f"there is no Han {t} on the map"
    return None


class BushiMove(BasicEffect):
    kind, action = "bushi-move", MoveBushi

    def options(self, board: Board, clan: str) -> list[Action]:
        out: list[Action] = []
        for tile in sorted(set(board.bushi[clan]) | set(board.ronin[clan])):
            n, m = board.bushi[clan].get(tile, 0), board.ronin[clan].get(tile, 0)
            for dst in board.adjacent_tiles(tile):
                if board.can_enter(clan, dst):
                    out += [MoveBushi(tile, dst, k, None, False, j)
                            for k in range(n + 1) for j in range(m + 1) if k + j]
        return out + board_variants(board, clan, self.kind)

    def mismatch(self, board: Board, clan: str, card: str, action: Action) -> Refusal:
        if KIND_OF_LETTER.get(board.rules.cards[card].letter) == "bushi-recruitment":
            return "recruit-empty", f"every {clan} Bushi is on the map, so this card acts as Bushi Move"
        return super().mismatch(board, clan, card, action)

    def judge(self, board: Board, clan: str, action: MoveBushi) -> Refusal | None:
        src, dst = action.src, action.dst
        refusal = _missing_han(board, src, dst)
        if refusal:
            return refusal
        have, hired = board.bushi[clan].get(src, 0), board.ronin[clan].get(src, 0)
        if have + hired == 0:
            return "bushi-where", f"{clan} has no Bushi on {src}"
        if dst not in board.adjacent_tiles(src):
            return "adjacent", f"{src} and {dst} are not adjacent"
        if action.count is not None and not 0 <= action.count <= have:
            return "bushi-count", f"{src} holds {have} {clan} Bushi; cannot move {action.count}"
        if not 0 <= action.ronin <= hired:
            return "ronin-count", f"{src} holds {hired} Rōnin of {clan}; cannot move {action.ronin}"
        if (action.count or 0) + action.ronin == 0:
            return "bushi-count", "a Bushi Move moves at least one Bushi"
        refusal = board.entry_refusal(clan, dst)
        if refusal:
            return refusal
        if board.ally_holds(clan, dst):
            return "ally", f"{dst} is held by an ally; allies never share a Han or fight"
        return None

    def written(self, board: Board, clan: str, action: Action) -> Action:
        """A move of the whole unit is written without its counts."""
        if (isinstance(action, MoveBushi) and action.count == board.bushi[clan].get(action.src, 0)
                and action.ronin == board.ronin[clan].get(action.src, 0)):
            return MoveBushi(action.src, action.dst, None, action.via, action.march, 0)
        return action

    def apply(self, board: Board, clan: str, action: MoveBushi, base: dict[str, Any]) -> list[GameEvent]:
        return move_bushi(board, clan, action.src, action.dst, action.count, base, action.ronin)


def whole_unit(board: Board, clan: str, action: Action) -> Action:
    """A Bushi Move written without a count moves the whole unit: every Bushi and Rōnin there
    (a march: every Bushi)."""
    if not isinstance(action, MoveBushi) or action.count is not None:
        return action
    bushi, ronin = board.bushi[clan].get(action.src), board.ronin[clan].get(action.src)
    if not action.march and (bushi or ronin):
        return replace(action, count=bushi or 0, ronin=ronin or 0)
    if action.march and bushi:
        return replace(action, count=bushi)
    return action


class BushiRecruitment(BasicEffect):
    kind, action = "bushi-recruitment", Recruit

    def options(self, board: Board, clan: str) -> list[Action]:
        return [Recruit(), *board_variants(board, clan, self.kind)]

    def mismatch(self, board: Board, clan: str, card: str, action: Action) -> Refusal:
        if isinstance(action, MoveBushi):
            return "recruit-while-reserve", (f"{clan}'s Samegawa still holds {board.area[clan]} Bushi, "
                                             "so this card recruits: write 'recruit'")
        return super().mismatch(board, clan, card, action)

    def apply(self, board: Board, clan: str, action: Recruit, base: dict[str, Any]) -> list[GameEvent]:
        tile = board.daimyo[clan]
        assert tile is not None   # a clan without its Daimyo has lost: nothing resolves after
        board.area[clan] -= 1
        board.add_bushi(clan, tile)
        return [] if board.quiet else [Recruited(**base, tile=tile)]


class DaimyoMove(BasicEffect):
    kind, action = "daimyo-move", MoveDaimyo

    def options(self, board: Board, clan: str) -> list[Action]:
        src = board.daimyo[clan]
        assert src is not None
        return [*(MoveDaimyo(src, dst) for dst in board.adjacent_tiles(src) if board.daimyo_may_enter(clan, dst)),
                *board_variants(board, clan, self.kind)]

    def judge(self, board: Board, clan: str, action: MoveDaimyo) -> Refusal | None:
        src, dst = action.src, action.dst
        refusal = _missing_han(board, src, dst)
        if refusal:
            return refusal
        if board.daimyo[clan] != src:
            return "daimyo-where", f"the {clan} Daimyo is on {board.daimyo[clan]}, not {src}"
        if dst not in board.adjacent_tiles(src):
            return "adjacent", f"{src} and {dst} are not adjacent"
        if board.occupant(dst) not in (None, clan):
            return "daimyo-no-attack", f"the Daimyo cannot move into {dst}: enemy units hold it"
        return board.entry_refusal(clan, dst, daimyo=True)

    def apply(self, board: Board, clan: str, action: MoveDaimyo, base: dict[str, Any]) -> list[GameEvent]:
        board.daimyo[clan] = action.dst
        return [] if board.quiet else [MovedDaimyo(**base, src=action.src, dst=action.dst)]


class NewHan(BasicEffect):
    kind, action = "new-han", PlaceHan

    def options(self, board: Board, clan: str) -> list[Action]:
        tile = board.han_reserve[0]
        return [PlaceHan(tile, p) for p in board.free_spots()]

    def judge(self, board: Board, clan: str, action: PlaceHan) -> Refusal | None:
        tile, at = action.tile, action.at
        if tile not in board.han_reserve:
            held = " ".join(board.han_reserve) or "nothing"
            return "han-reserve", f"{tile} is not in the Han reserve (it holds {held})"
        if at not in board.free_spots():
            return "han-touch", f"a new Han at {at[0]},{at[1]} must go on an empty spot touching the map"
        return None

    def apply(self, board: Board, clan: str, action: PlaceHan, base: dict[str, Any]) -> list[GameEvent]:
        at = (action.at[0], action.at[1])
        board.han_reserve.remove(action.tile)
        board.place_han(action.tile, at)
        return [] if board.quiet else [HanPlaced(**base, tile=action.tile, at=at)]


class HanMove(BasicEffect):
    kind, action = "han-move", MoveHan

    def options(self, board: Board, clan: str) -> list[Action]:
        out: list[Action] = []
        for tile in sorted(board.tile_pos):
            if board.han_movable(tile):
                out += [MoveHan(tile, p) for p in board.free_spots(without=tile)]
        return out

    def mismatch(self, board: Board, clan: str, card: str, action: Action) -> Refusal:
        if KIND_OF_LETTER.get(board.rules.cards[card].letter) == "new-han":
            return "no-han-left", "the Han reserve is empty, so this card acts as Han Move"
        return super().mismatch(board, clan, card, action)

    def judge(self, board: Board, clan: str, action: MoveHan) -> Refusal | None:
        tile, at = action.tile, action.at
        if tile not in board.tile_pos:
            return "no-han", f"there is no Han {tile} on the map"
        if board.occupant(tile) is not None:
            return "han-empty", f"{tile} holds units; only an empty Han can move"
        if tile in board.touched:
            return "han-once", f"{tile} was already added or moved this round"
        if not board.connected(without=tile):
            return "han-split", f"lifting {tile} would split the map in two"
        if at not in board.free_spots(without=tile):
            return "han-touch", f"{tile} cannot go to {at[0]},{at[1]}: it must be a new, empty spot touching the map"
        return None

    def apply(self, board: Board, clan: str, action: MoveHan, base: dict[str, Any]) -> list[GameEvent]:
        at = (action.at[0], action.at[1])
        src = board.tile_pos[action.tile]
        del board.tile_at[src]
        board.place_han(action.tile, at)
        return [] if board.quiet else [HanMoved(**base, tile=action.tile, src=src, at=at)]


BASIC_EFFECTS: tuple[Effect, ...] = (BushiMove(), BushiRecruitment(), DaimyoMove(), NewHan(), HanMove())
