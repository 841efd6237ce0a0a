"""A simple Daimyni player that ends games: it pushes its Bushi at the enemy Daimyo, attacks when
it wins the combat, recruits, and keeps its own Daimyo out of reach. Seeded, so the same seed
plays the same game."""

from __future__ import annotations

import random

from .actions import Action, PlayCards
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


def choose(state: DaimyniState, rng: random.Random) -> Action:
    d = state.decision()
    clan = d.player
    if d.kind == "play":
        return _choose_cards(state, clan, rng)
    best, best_score = None, None
    for action in state.legal_actions():
        after = state.clone()
        after.apply_action(action)
        score = evaluate(after, clan) + rng.random()  # a pinch of noise breaks ties by seed
        if best_score is None or score > best_score:
            best, best_score = action, score
    return best


def _choose_cards(state: DaimyniState, clan: str, rng: random.Random) -> PlayCards:
    """Two cards: mostly Bushi moves and recruits, a Daimyo move when the Daimyo is threatened."""
    dist = state.rules.grid.distance
    home = state.daimyo[clan]
    enemy = state.rules.opponent(clan)
    threatened = any(dist(c, home) <= 2 and n >= state.bushi[clan].get(home, 0) + 1
                     for c, n in state.bushi[enemy].items())
    weight = {"move-bushi": 3.0, "recruit-bushi": 2.5 if state.area[clan] else 3.0,
              "move-daimyo": 3.5 if threatened else 0.6, "move-tanbo": 0.8}
    def value(n: int) -> float:
        return weight[state.rules.cards[n].type] + rng.random() * 1.5
    ranked = sorted(sorted(state.hand[clan]), key=value, reverse=True)   # the rng draws in card order
    return PlayCards(tuple(ranked[:2]))
