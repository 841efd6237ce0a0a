"""A simple Daimyni player that ends games: it pushes its Bushi at the enemy Daimyo, attacks when
it wins the combat, recruits, and keeps its own Daimyo out of reach. Seeded, so the same seed
plays the same game."""

from __future__ import annotations

import random

from .actions import Action, PlayCards
from .heuristic import evaluate
from .rules import DaimyniState


def choose(state: DaimyniState, rng: random.Random) -> Action:
    d = state.decision()
    if d is None:
        raise ValueError("the game is over: nobody has a move to choose")
    clan = d.player
    if d.kind == "play":
        return _choose_cards(state, clan, rng)

    def score(action: Action) -> float:
        after = state.clone()
        after.apply_action(action)
        return evaluate(after, clan) + rng.random()  # a pinch of noise breaks ties by seed

    return max(state.legal_actions(), key=score)     # the first best, scored in the order listed


def _choose_cards(state: DaimyniState, clan: str, rng: random.Random) -> PlayCards:
    """Two cards: mostly Bushi moves and recruits, a Daimyo move when the Daimyo is threatened."""
    dist = state.rules.grid.distance
    home = state.daimyo[clan]
    assert home is not None     # a removed Daimyo ended the game
    enemy = state.rules.opponent(clan)
    threatened = any(dist(c, home) <= 2 and n >= state.bushi[clan].get(home, 0) + 1
                     for c, n in state.bushi[enemy].items())
    weight = {"move-bushi": 3.0, "recruit-bushi": 2.5 if state.area[clan] else 3.0,
              "move-daimyo": 3.5 if threatened else 0.6, "move-tanbo": 0.8}
    def value(n: int) -> float:
        return weight[state.rules.cards[n].type] + rng.random() * 1.5
    ranked = sorted(sorted(state.hand[clan]), key=value, reverse=True)   # the rng draws in card order
    return PlayCards(tuple(ranked[:2]))
