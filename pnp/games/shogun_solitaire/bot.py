"""Two policies, both deciding from the player's `View` alone (they cannot see the deck order):
`random_policy` picks any legal action; `heuristic_policy` plays like a careful beginner: it extends
a run it can finish, starts runs in the colour it holds most of, saves Samurai for Raids and wilds
for the third card, and clears a hand clogged with Envoys."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from .rules import ENVOY, FLEET, LEADER, NINJA, OBJECTIVES, RUN, SAMURAI, View, clan_of, is_enemy, is_shogun, kind


def random_policy(view: View, legal: Sequence[str], rng: random.Random) -> str:
    return rng.choice(list(legal))


def _open(view: View) -> set[str]:
    return {c for c, held in view.held if len(held) < len(OBJECTIVES)}


def _run(view: View) -> tuple[str | None, int]:
    """The colour of the run in the play area and how many cards it counts (Ninjas do not)."""
    if not view.row:
        return None, 0
    colour = view.row[-1].colour
    n = 0
    for r in reversed(view.row):
        if r.colour != colour:
            break
        n += r.type != NINJA
    return colour, n


def _card_value(view: View, card: str) -> float:
    """How much a card in hand is worth keeping."""
    open_ = _open(view)
    k = kind(card)
    if k == ENVOY:
        return -5
    if k == FLEET:
        return 6
    clan = clan_of(card)
    if clan not in open_:
        return -2
    same = sum(1 for c in view.hand if clan_of(c) == clan and kind(c) != NINJA)
    return {LEADER: 4, SAMURAI: 3, NINJA: 0.5}.get(k, 1) + same * 0.8


def _score_turn(view: View, action: str) -> float:
    open_ = _open(view)
    colour, count = _run(view)
    words = action.split()
    if action == "discard hand":
        envoys = sum(1 for c in view.hand if kind(c) == ENVOY)
        useful = sum(1 for c in view.hand if clan_of(c) in open_ or kind(c) == FLEET)
        return 2.5 * envoys - 2 * useful + (3 if envoys >= 2 else -4)
    if words[0] == "discard":
        card = words[1]
        bonus = 1.5 if kind(card) == NINJA else 0
        return -_card_value(view, card) + bonus
    card = words[1]
    declared_colour = clan_of(card)
    declared_type = kind(card)
    if " as " in action:
        target = words[-1]
        if "-" in target:
            declared_colour, declared_type = target.split("-")
        else:
            declared_type = target
    if declared_colour not in open_:
        return -6
    wild = kind(card) in (FLEET, LEADER)
    if declared_colour == colour:
        adds = declared_type != NINJA
        finishes = adds and count + 1 >= RUN
        score = 8 + (10 if finishes else 0) + (1 if adds else -0.5)
        if wild and not finishes:
            score -= 5
        if kind(card) == SAMURAI and not finishes:
            score -= 1.5
        return score
    # a new run: worth it when the current run is dead (nothing in hand continues it)
    can_continue = colour is not None and colour in open_ and any(
        clan_of(c) == colour or kind(c) == FLEET for c in view.hand if is_shogun(c))
    same = sum(1 for c in view.hand if clan_of(c) == declared_colour and kind(c) != NINJA)
    score = 1 + same * 1.5 - (6 if can_continue else 0) - (4 if wild else 0)
    if kind(card) == SAMURAI:
        score -= 1
    if declared_type == NINJA:
        score -= 2
    return score


def heuristic_policy(view: View, legal: Sequence[str], rng: random.Random) -> str:
    d = view.decision
    if d == "turn":
        scored = [(_score_turn(view, a) + rng.random() * 0.01, a) for a in legal]
        return max(scored)[1]
    if d == "raid":
        samurai = [a for a in legal if a.startswith("raid: samurai")]
        if samurai:
            return min(samurai, key=lambda a: _card_value(view, a.split()[-1]))
        hand_value = sum(_card_value(view, c) for c in view.hand)
        return "raid: hand" if hand_value < 4 else "raid: deck"
    if d == "assassin":
        return min(legal, key=lambda a: _card_value(view, a.split()[-1]) if "-" in a else 0)
    if d == "ronin":
        held = dict(view.held)
        # give back a counter of the clan with the most held (its cards are the least needed soon)
        return max(legal, key=lambda a: len(held.get(a.split()[1], ())) if a != "ronin: none" else 0)
    if d == "ninja":
        def value(action: str) -> float:
            head, _, top = action.partition("top ")
            gone = head.removeprefix("ninja: discard ").rstrip(", ").strip() if "discard" in head else None
            order = top.split()
            # enemies first: the draw right after is exempt, so they are set aside and shuffled back
            score = -(_card_value(view, gone) if gone else 0)
            if order and is_enemy(order[0]):
                score += 3
            for i, c in enumerate(order):
                if not is_enemy(c):
                    score += _card_value(view, c) / (i + 1)
            return score
        return max(legal, key=value)
    return rng.choice(list(legal))


def counts(cards: Sequence[str]) -> Counter[str]:
    return Counter(cards)
