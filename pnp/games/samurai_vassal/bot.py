"""A bot for Samurai Vassal that decides from its own view (it cannot see the others' choices)."""

from __future__ import annotations

import random

from .cards import CARDS, STRATEGISING
from .rules import View


def bot_card(view: View, legal: list[str], rng: random.Random) -> str:
    """Strategise when half or more of its cards lie face down, otherwise mostly a card with a
    good level or trust value, sometimes anything: enough to end games and try every effect."""
    if len(legal) == 1:
        return legal[0]
    if view.phase == "character":
        return rng.choice(legal)
    table = view.tables[view.player]
    down = sum(1 for _, up in table if not up)
    if STRATEGISING in legal and down >= 2 and rng.random() < 0.7:
        return STRATEGISING
    options = [c for c in legal if c != STRATEGISING] or legal
    if rng.random() < 0.6:
        return max(options, key=lambda c: ((CARDS[c].level or 0) + 2 * CARDS[c].trust, rng.random()))
    return rng.choice(options)
