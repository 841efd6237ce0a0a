"""Moving Bushi and the combat a move onto enemy units starts (the advanced rules add their bonuses
through `Hooks.combat_bonus`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine import GameEvent
from .events import Combat, DaimyoRemoved, MovedBushi
from .state import Board


@dataclass(frozen=True)
class CombatResult:
    winner: str            # attacker | defender | tie
    attacker_lost: int
    defender_lost: int     # Bushi (and Rōnin) removed from the defender
    daimyo_lost: bool
    attack: int            # counts compared, bonuses included
    defence: int


def combat(attackers: int, bushi: int, daimyo: bool, attack_bonus: int = 0, defence_bonus: int = 0) -> CombatResult:
    """Compare the counts; the loser loses every piece, the winner as many Bushi (and Rōnin) as
    the loser lost, and never its Daimyo (ruling: a winner with too few loses all it has and its
    Daimyo stays); a tie removes everything.

    >>> combat(4, 3, False)        # the rulebook's example: 4 red against 3 green
    CombatResult(winner='attacker', attacker_lost=3, defender_lost=3, daimyo_lost=False, attack=4, defence=3)
    >>> combat(1, 0, True, defence_bonus=1).daimyo_lost   # a fortified lone Daimyo holds its Han
    False
    """
    defenders = bushi + (1 if daimyo else 0)
    a, d = attackers + attack_bonus, defenders + defence_bonus
    if a > d:
        return CombatResult("attacker", min(attackers, defenders), bushi, daimyo, a, d)
    if a < d:
        lost = min(attackers, defenders)
        return CombatResult("defender", attackers, min(lost, bushi), False, a, d)
    return CombatResult("tie", attackers, bushi, daimyo, a, d)


def move_bushi(board: Board, clan: str, src: str, dst: str, count: int | None, base: dict[str, Any],
               ronin: int = 0, via: str | None = None) -> list[GameEvent]:
    """Move `count` Bushi (all of them when None) and `ronin` Rōnin; onto enemy units, they fight."""
    own, hired = board.bushi[clan], board.ronin[clan]
    count = own.get(src, 0) if count is None else count
    for pool, n in ((own, count), (hired, ronin)):
        if n:
            pool[src] -= n
            if not pool[src]:
                del pool[src]
    events: list[GameEvent] = [] if board.quiet else [MovedBushi(**base, src=src, dst=dst, count=count, ronin=ronin,
                                                                  via=via)]
    enemy = board.occupant(dst)
    if enemy is not None and enemy != clan:
        events += fight(board, clan, enemy, dst, count, base, ronin)
    else:
        for pool, n in ((own, count), (hired, ronin)):
            if n:
                pool[dst] = pool.get(dst, 0) + n
    return events


def fight(board: Board, clan: str, enemy: str, tile: str, count: int, base: dict[str, Any],
          ronin: int = 0) -> list[GameEvent]:
    bushi = board.bushi[enemy].get(tile, 0) + board.ronin[enemy].get(tile, 0)
    has_daimyo = board.daimyo[enemy] == tile
    attack_bonus = defence_bonus = 0
    for hook in board.combat_hooks:
        a, d = hook.combat_bonus(board, clan, enemy, tile)
        attack_bonus, defence_bonus = attack_bonus + a, defence_bonus + d
    res = combat(count + ronin, bushi, has_daimyo, attack_bonus, defence_bonus)
    # the attacker's Rōnin fall first (hired swords), then its Bushi
    ronin_lost = min(ronin, res.attacker_lost)
    bushi_lost = res.attacker_lost - ronin_lost
    board.area[clan] += bushi_lost
    board.ronin_free += ronin_lost
    survivors = count - bushi_lost
    if ronin - ronin_lost:
        board.ronin[clan][tile] = board.ronin[clan].get(tile, 0) + ronin - ronin_lost
    # the defender's Bushi go first, its Rōnin after them
    lost = res.defender_lost
    b_lost = min(lost, board.bushi[enemy].get(tile, 0))
    _remove(board, enemy, tile, b_lost, lost - b_lost)
    if survivors:
        board.add_bushi(clan, tile, survivors)
    events: list[GameEvent] = [Combat(
        **base, tile=tile, attacker=clan, defender=enemy, attackers=count + ronin, defending=bushi,
        defending_daimyo=has_daimyo, winner=res.winner, attack=res.attack, defence=res.defence,
        attacker_lost=res.attacker_lost, defender_lost=res.defender_lost, daimyo_lost=res.daimyo_lost)]
    if res.daimyo_lost:
        board.daimyo[enemy] = None
        events.append(DaimyoRemoved(**base, owner=enemy, tile=tile, by=clan))
        events.append(board.finish(clan, "daimyo"))
    return events


def _remove(board: Board, clan: str, tile: str, bushi: int, ronin: int) -> None:
    """Combat losses: Bushi back to the clan's area, Rōnin back to the free pool."""
    if bushi:
        board.take_bushi(clan, tile, bushi)
        board.area[clan] += bushi
    if ronin:
        board.ronin[clan][tile] -= ronin
        board.ronin_free += ronin
        if not board.ronin[clan][tile]:
            del board.ronin[clan][tile]
