"""A simple Daimyo player: it pushes Bushi at the nearest rival Daimyo and rival Han, attacks
when it wins, recruits, and keeps its Daimyo covered. Seeded."""

from __future__ import annotations

import random

from .actions import Action, PlayCards
from .rules import DaimyoState

WIN = 100_000


def _distance(s: DaimyoState, a: str, b: str) -> int:
    (q1, r1), (q2, r2) = s.tile_pos[a], s.tile_pos[b]
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def evaluate(s: DaimyoState, clan: str) -> float:
    if s.is_terminal():
        if s.winner is None:
            return 0
        return WIN if s.rules.team(s.winner) == s.rules.team(clan) else -WIN
    score = 0.0
    rivals = s.rules.rivals(clan)
    targets = [t for r in rivals if (t := s.daimyo[r])]
    rival_han = [t for t, o in s.tile_owner.items() if o in rivals and t in s.tile_pos]
    for tile, n in s.bushi[clan].items():
        score += 10 * n
        if targets:
            score += n * max(0, 6 - min(_distance(s, tile, t) for t in targets))
        if s.tile_owner[tile] in rivals:
            score += 8 * n
        elif rival_han:
            score += n * max(0, 4 - min(_distance(s, tile, t) for t in rival_han)) * 0.5
    for r in rivals:
        score -= 6 * sum(s.bushi[r].values())
    home = s.daimyo[clan]
    assert home is not None   # a clan without its Daimyo has lost: the game is over
    guard = s.strength(clan, home)
    for r in rivals:
        for tile, n in s.bushi[r].items():
            if _distance(s, tile, home) == 1 and n >= guard:
                score -= 60
    won = s.controllers()
    if clan in won:
        score += 500
    return score


def choose(state: DaimyoState, rng: random.Random) -> Action:
    d = state.decision()
    assert d is not None
    clan = d.player
    actions = state.legal_actions()
    if d.kind == "play":
        weight = {"A": 3.0, "B": 2.5 if state.area[clan] else 2.8, "C": 1.6, "D": 1.6, "E": 1.5, "F": 2.5}
        # the random weights are drawn in priority order, never in a set's order (same seed, same game)
        keyed = {c: weight.get(state.rules.cards[c].letter, 1) + rng.random() * 3
                 for c in state.sorted_cards(state.hand[clan])}
        ranked = sorted(keyed, key=lambda c: keyed[c], reverse=True)
        return PlayCards(tuple(ranked[:2]))
    if d.kind in ("pass", "formation") or d.kind.startswith("keep-"):
        return rng.choice(actions)
    if d.kind in ("strategy", "diplomacy"):
        return actions[0] if rng.random() < 0.7 else rng.choice(actions)   # mostly keep the Bushi
    if len(actions) > 40:
        actions = rng.sample(actions, 40)
    best, best_score = actions[0], None   # the first is replaced at once: a decision always has one
    for action in actions:
        after = state.clone()
        after.apply_action(action)
        score = evaluate(after, clan) + rng.random()
        if best_score is None or score > best_score:
            best, best_score = action, score
    return best
