"""Dôjima's names and the rules' pure parts, shared by the rules (`rules`) and the fast random games
(`random_game`, which the rules import, so it cannot import them): the advisors and roles, the
tracks' limits, the seasons, what a field gives, the orders of a player's dice and a round's record.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field

from ...engine import GameEvent

# The advisors the rules act on, by their ids in cards.toml.
SOW, WATER, MARKET = "sow-advisor", "water-advisor", "market-advisor"
SABOTEUR, SAKE, BEGGAR, IMPERIAL = "saboteur", "sake-seller", "beggar", "imperial"
BASIC = (SOW, WATER, MARKET)                  # the reveal steps B, C, D, in order
ROLE_OF = {SOW: "sower", WATER: "waterer", MARKET: "merchant"}
ROLES = tuple(ROLE_OF.values())
ADVISOR_OF = {role: advisor for advisor, role in ROLE_OF.items()}
ADVANCED = (SABOTEUR, SAKE, BEGGAR, IMPERIAL)

MAX_WATER, MAX_RICE = 8, 6
SEASONS = ("spring", "summer", "autumn")
SEASON_WATER = {"summer": 1, "autumn": 3}


def field_effect(worker: int, advisor: int, saboteur: bool = False, sake: bool = False) -> str:
    """What a worker's field gives under a basic advisor: "active", "adjacent" or "empty".

    The Saboteur on the advisor's field turns its adjacent fields empty; the Sake Seller there
    swaps active and adjacent; both together: the neighbours are active and the field empty.

    >>> [field_effect(w, 3) for w in range(1, 7)]
    ['empty', 'adjacent', 'active', 'adjacent', 'empty', 'empty']
    >>> [field_effect(w, 3, saboteur=True) for w in (2, 3, 4)]
    ['empty', 'active', 'empty']
    >>> [field_effect(w, 5, sake=True) for w in (4, 5, 6)]
    ['active', 'adjacent', 'active']
    >>> [field_effect(w, 5, saboteur=True, sake=True) for w in (4, 5, 6)]
    ['active', 'empty', 'active']
    """
    near = abs(worker - advisor) == 1
    if sake:
        if near:
            return "active"
        if worker == advisor:
            return "empty" if saboteur else "adjacent"
        return "empty"
    if worker == advisor:
        return "active"
    return "adjacent" if near and not saboteur else "empty"


@functools.cache
def _orderings(dice: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The distinct orders of some dice, first seen first (cached: a function of the values alone)."""
    return tuple(dict.fromkeys(itertools.permutations(dice)))


@dataclass
class RoundRecord:
    """What happened in one round, as the notation writes it."""

    round: int
    season: str
    first: str
    draft: dict[str, str] = field(default_factory=dict)       # player -> kept; "hide" -> the first's hidden
    black: int | None = None
    roll: dict[str, tuple[int, ...]] = field(default_factory=dict)
    reroll: dict[str, tuple[int, ...]] = field(default_factory=dict)
    advisor_dice: dict[str, tuple[int, ...]] = field(default_factory=dict)
    pyramid: tuple[str, ...] = ()
    assign: dict[str, str] = field(default_factory=dict)
    picks: list[str] = field(default_factory=list)
    imperial: tuple[str, str] | None = None      # (holder, worker moved)
    sell: dict[str, int] = field(default_factory=dict)
    events: list[GameEvent] = field(default_factory=list)

