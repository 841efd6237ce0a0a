"""Mastery cards (advanced rule "mastery"), as hooks at fixed points of a round: each clan keeps one
of two cards drawn at setup; Strategy bars a Han before the cards are played, Diplomacy moves a
neutral Han before the reserves (the interludes); Tactics and Fortifications add to a combat;
Cavalry, Movement, Command and Recruitment give the basic effects more ways to be carried out.
A card is revealed the first time it is used.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine import Decision, GameEvent, Illegal
from .actions import Action, MoveBushi, MoveDaimyo, Recruit, Special, is_variant
from .combat import move_bushi
from .events import Barred, HanMoved, MasteryRevealed, MovedBushi, MovedDaimyo, Recruited
from .setup import draw_two
from .state import Board, Hooks, Refusal

INTERLUDE_MASTERY = {"strategy": "senryaku", "diplomacy": "gaiko"}


class Mastery(Hooks):
    def setup(self, board: Board) -> None:
        draw_two(board, "mastery", list(board.rules.masteries))

    def round_start(self, board: Board) -> bool:
        return start_interlude(board, "strategy")

    def after_resolution(self, board: Board) -> bool:
        return start_interlude(board, "diplomacy")

    def entry_refusal(self, board: Board, clan: str, tile: str) -> Refusal | None:
        """Master of Strategy: nobody may move onto the chosen Han this round."""
        if board.barred_tile == tile:
            return "barred", f"{tile} is barred this round"
        return None

    def combat_bonus(self, board: Board, attacker: str, defender: str, tile: str) -> tuple[int, int]:
        """Master of Tactics attacks with +1, Master of Fortifications defends with +1."""
        a = 1 if board.mastery.get(attacker) == "heiho" else 0
        d = 1 if board.mastery.get(defender) == "bobi" else 0
        if a:
            reveal(board, attacker)
        if d:
            reveal(board, defender)
        return a, d

    def variants(self, board: Board, clan: str, kind: str) -> list[Action]:
        return variants(board, clan, kind)

    def claims(self, action: Action) -> bool:
        return is_variant(action)

    def carry_out_variant(self, board: Board, clan: str, action: Action, base: dict[str, Any]) -> list[GameEvent]:
        return carry_out_variant(board, clan, action, base)


def reveal(board: Board, clan: str, events: list[GameEvent] | None = None) -> None:
    card = board.mastery[clan]
    assert card is not None   # only a clan that holds a Mastery card uses it
    if clan not in board.revealed:
        board.revealed.add(clan)
        if events is not None:
            events.append(MasteryRevealed(clan, card))


# -- Mastery decisions between stages (Strategy before the cards, Diplomacy before reserves) --

def start_interlude(board: Board, kind: str) -> bool:
    if not board.rules.options.mastery or board.phase == "over":
        return False
    holders = [c for c in board.rules.clans if board.mastery.get(c) == INTERLUDE_MASTERY[kind]
               and sum(board.bushi[c].values()) > 0]
    if not holders:
        if kind == "strategy" and board.phase == "interlude":
            board.phase = "play"
        return False
    board.interlude = [(kind, c) for c in holders]
    board.phase = "interlude"
    return True


def interlude_actions(board: Board, d: Decision) -> list[Action]:
    clan = d.player
    out: list[Action] = [Special("skip")]
    sacrifices = sorted(board.bushi[clan])
    if d.kind == "strategy":
        empty = [t for t in sorted(board.tile_pos) if board.occupant(t) is None]
        out += [Special("bar", (t, s)) for t in empty for s in sacrifices[:1]]
    else:
        for tile in sorted(t for t in board.tile_pos if board.tile_owner[t] is None):
            if board.han_movable(tile):
                out += [Special("diplomacy", (sacrifices[0], tile, f"{p[0]},{p[1]}"))
                        for p in board.free_spots(without=tile)]
    return out


def apply_interlude(board: Board, d: Decision, action: Action, checked: bool = False) -> list[GameEvent]:
    """Carry out one interlude decision (the round flow goes on after the last); a `checked` one
    is known to be legal (drawn among the choices)."""
    if not checked and action not in interlude_actions(board, d) and not (
            isinstance(action, Special) and action.name in ("bar", "diplomacy") and _interlude_ok(board, d, action)):
        title = board.rules.mastery_titles.get(INTERLUDE_MASTERY[d.kind], d.kind)
        raise Illegal(board.round, d.player, f"{title} (Mastery)", d.kind,
                      f"'{action}' is not a {d.kind} choice now: {_interlude_why(board, d, action)}")
    assert isinstance(action, Special)
    events: list[GameEvent] = []
    board.history[-1].interludes.append((d.kind, d.player, action))
    if action.name != "skip":
        reveal(board, d.player, events)
        sacrifice = action.args[0] if action.name == "diplomacy" else action.args[1]
        board.take_bushi(d.player, sacrifice, 1)
        board.area[d.player] += 1
        if action.name == "bar":
            board.barred_tile = action.args[0]
            events.append(Barred(d.player, action.args[0], sacrifice))
        else:
            tile = action.args[1]
            q, r = (int(v) for v in action.args[2].split(","))
            src = board.tile_pos[tile]
            del board.tile_at[src]
            board.place_han(tile, (q, r))
            events.append(HanMoved(d.player, "Gaikō", board.round, tile, src, (q, r), sacrifice))
    board.interlude.pop(0)
    return events


def _interlude_why(board: Board, d: Decision, action: Action) -> str:
    """Why a Master of Strategy or Diplomacy choice is refused, in a player's words."""
    clan = d.player
    form = {"strategy": "'bar <empty Han> <Han of yours giving up a Bushi>' or 'skip'",
            "diplomacy": "'diplomacy <Han of yours giving up a Bushi> <neutral Han> <q,r>' or 'skip'"}[d.kind]
    if not isinstance(action, Special) or action.name not in ("bar", "diplomacy", "skip") \
            or action.name not in ("skip", {"strategy": "bar", "diplomacy": "diplomacy"}[d.kind]) \
            or len(action.args) != {"bar": 2, "diplomacy": 3}.get(action.name, 0):
        return f"write {form}"
    tile, sac = (action.args[0], action.args[1]) if action.name == "bar" else (action.args[1], action.args[0])
    if not board.bushi[clan].get(sac):
        return f"{clan} has no Bushi on {sac} to give up"
    if tile not in board.tile_pos:
        return f"there is no Han {tile} on the map"
    if action.name == "bar":
        return f"{tile} holds units; only a Han free of units is barred"
    if board.tile_owner[tile] is not None:
        return f"{tile} is a Han of the {board.tile_owner[tile]} clan; only a neutral Han moves"
    if not board.han_movable(tile):
        return f"{tile} holds units, was moved this round or holds the map together"
    return f"{tile} cannot go to {action.args[2]}: it must be a new, empty spot touching the map"


def _interlude_ok(board: Board, d: Decision, action: Special) -> bool:
    """Accept any sacrifice Han of the player's, not only the one legal_actions lists."""
    clan = d.player
    if action.name == "bar" and d.kind == "strategy" and len(action.args) == 2:
        tile, sac = action.args
        return tile in board.tile_pos and board.occupant(tile) is None and board.bushi[clan].get(sac, 0) > 0
    if action.name == "diplomacy" and d.kind == "diplomacy" and len(action.args) == 3:
        sac, tile, at = action.args
        try:
            q, r = (int(v) for v in at.split(","))
        except ValueError:
            return False
        return (board.bushi[clan].get(sac, 0) > 0 and tile in board.tile_pos and board.tile_owner[tile] is None
                and board.han_movable(tile) and (q, r) in board.free_spots(without=tile))
    return False


# -- Mastery variants of the basic effects ------------------------------------------------

def variants(board: Board, clan: str, kind: str) -> list[Action]:
    """The variants of a basic effect of this kind that `clan`'s Mastery card allows now."""
    m = board.mastery.get(clan)
    offer = VARIANTS.get(m) if m is not None else None
    return list(dict.fromkeys(offer(board, clan, kind))) if offer else []


def _cavalry(board: Board, clan: str, kind: str) -> list[Action]:
    """Master of Cavalry: one Bushi, or the Daimyo, moves two Han at once."""
    if kind == "bushi-move":
        return _through(board, clan, march=False)
    src = board.daimyo[clan]
    if kind != "daimyo-move" or src is None:
        return []
    out: list[Action] = []
    for mid in board.adjacent_tiles(src):
        if not board.daimyo_may_enter(clan, mid):
            continue
        for dst in board.adjacent_tiles(mid):
            if dst != src and board.daimyo_may_enter(clan, dst):
                out.append(MoveDaimyo(src, dst, mid))
    return out


def _movement(board: Board, clan: str, kind: str) -> list[Action]:
    """Master of Movement: the whole unit marches two Han, without attacking."""
    return _through(board, clan, march=True) if kind == "bushi-move" else []


def _through(board: Board, clan: str, march: bool) -> list[Action]:
    """Bushi moves through a Han free of enemies (can_enter also refuses the Han barred this round)."""
    out: list[Action] = []
    for tile, n in board.bushi[clan].items():
        for mid in board.adjacent_tiles(tile):
            if board.occupant(mid) not in (None, clan) or not board.can_enter(clan, mid):
                continue
            for dst in board.adjacent_tiles(mid):
                if dst == tile or not board.can_enter(clan, dst):
                    continue
                if not march:
                    out.append(MoveBushi(tile, dst, 1, mid))
                elif board.occupant(dst) in (None, clan) and n >= 1:
                    out.append(MoveBushi(tile, dst, n, mid, True))
    return out


def _command(board: Board, clan: str, kind: str) -> list[Action]:
    """Master of Command: one Bushi goes along with the Daimyo."""
    src = board.daimyo[clan]
    if kind != "daimyo-move" or src is None or not board.bushi[clan].get(src, 0):
        return []
    return [MoveDaimyo(src, dst, None, True) for dst in board.adjacent_tiles(src) if board.daimyo_may_enter(clan, dst)]


def _recruitment(board: Board, clan: str, kind: str) -> list[Action]:
    """Master of Recruitment: the recruit comes from a unit elsewhere, which joins the Daimyo."""
    if kind != "bushi-recruitment":
        return []
    home = board.daimyo[clan]
    return [Recruit(t) for t in sorted(set(board.bushi[clan]) | set(board.ronin[clan])) if t != home]


VARIANTS: dict[str, Callable[[Board, str, str], list[Action]]] = {
    "kihei": _cavalry, "katsudo": _movement, "sambo": _command, "tyouhei": _recruitment}


def carry_out_variant(board: Board, clan: str, action: Action, base: dict[str, Any]) -> list[GameEvent]:
    events: list[GameEvent] = []
    reveal(board, clan, events)
    if isinstance(action, Recruit):   # Master of Recruitment: the whole unit comes (ruling)
        home = board.daimyo[clan]
        assert home is not None and action.source is not None
        for pool in (board.bushi, board.ronin):
            n = pool[clan].pop(action.source, 0)
            if n:
                pool[clan][home] = pool[clan].get(home, 0) + n
        return events + [Recruited(**base, tile=home, source=action.source)]
    if isinstance(action, MoveDaimyo):
        board.daimyo[clan] = action.dst
        events.append(MovedDaimyo(**base, src=action.src, dst=action.dst, via=action.via, escort=action.escort))
        if action.escort:
            board.take_bushi(clan, action.src, 1)
            board.add_bushi(clan, action.dst)
        return events
    assert isinstance(action, MoveBushi)
    if action.march:   # the whole unit two Han, no attack, then one of them is lost
        n = board.bushi[clan][action.src]
        board.take_bushi(clan, action.src, n)
        board.bushi[clan][action.dst] = board.bushi[clan].get(action.dst, 0) + n - 1
        if not board.bushi[clan][action.dst]:
            del board.bushi[clan][action.dst]
        board.area[clan] += 1
        return events + [MovedBushi(**base, src=action.src, dst=action.dst, count=n, via=action.via, march=True)]
    return events + move_bushi(board, clan, action.src, action.dst, 1, base, via=action.via)
