"""How good a Daimyni position is for one clan: the bot's evaluation, and the state's `heuristic`
for greedy look-ahead. It reads the state and imports nothing of the rules, so the rules and the
bot can both use it without importing each other."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import DaimyniState

WIN = 100_000


def evaluate(s: DaimyniState, clan: str) -> float:
    """How good the position is for `clan` (higher is better)."""
    if s.is_terminal():
        return WIN if s.winner == clan else (-WIN if s.winner else 0)
    enemy = s.rules.opponent(clan)
    dist = s.rules.grid.distance
    score = 0.0
    for side, sign in ((clan, 1), (enemy, -1)):
        other = s.rules.opponent(side)
        target = s.daimyo[other]
        home = s.daimyo[side]
        assert target is not None and home is not None     # a removed Daimyo ended the game
        for cell, n in s.bushi[side].items():
            score += sign * (12 * n + n * max(0, 8 - dist(cell, target)) * 1.5)
            if dist(cell, target) == 1:
                guard = s.bushi[other].get(target, 0) + 1
                if n >= guard:  # can take the Daimyo next card
                    score += sign * 60
        # a Daimyo alone next to a big enemy stack is in danger
        guard = s.bushi[side].get(home, 0) + 1
        for cell, n in s.bushi[other].items():
            if dist(cell, home) == 1 and n >= guard:
                score -= sign * 80
    return score
