"""A whole uniformly random Dôjima game as `pnp simulate --policy random` plays it, fast.

`DojimaState.random_game` draws exactly what the module's `random` policy draws (one choice among
the legal actions, in the order `legal_for` lists them) from the same generator, and changes the
position as `apply_action` does, so a seed gives the very game the policy gives (pinned by
tests/simulate/test_random_game_digests.py). For the three decisions that make up nearly all of a
game (laying the cards, a die to the pyramid, a sale) it draws the position of the choice in that
list without writing the list out as text, and carries the choice out without reading it back.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:           # (rules.py asks for this module: at run time the state brings what it needs)
    from .rules import DojimaState


def random_game(state: DojimaState, rng: random.Random, max_steps: int) -> tuple[int, list[tuple[str, str]]]:
    """Play `state` to its end (or `max_steps` decisions): the decisions taken, and (player, label)
    for every labelled choice, as `pnp.simulate.run.labels` names them (`action_labels`)."""
    plays: list[tuple[str, str]] = []
    choice = rng.choice
    # choice(range(n)) is range(n)[_randbelow(n)]: the same draw, asked of the generator directly
    below = rng._randbelow if type(rng) is random.Random else lambda n: choice(range(n))  # type: ignore[attr-defined]
    steps = 0
    while not (state.over or state.stopped) and steps < max_steps:      # is_terminal, inlined
        d = state.decision()
        assert d is not None        # a state that is not over has a decision
        p, kind = d.player, d.kind
        if kind == "pick":
            # legal_for: f"{value} {card}" for each free die value (ascending), each face-up dieless card.
            faces = [i for i in range(6) if state.up[i] and state.pyramid_dice[i] is None]
            values = sorted(set(state.free_dice))
            n = len(values) * len(faces)
            if not n:               # (choice raises on an empty list; _randbelow(0) would never return)
                raise IndexError("a pick decision without a legal pick")
            k = below(n)            # the same draw as a choice from that list
            card = state.pyramid[faces[k % len(faces)]]
            plays.append((p, card))
            state._carried(state._pick_die(p, values[k // len(faces)], card))
        elif kind == "assign":
            order = choice(state.orderings(p))             # as the module's random policy draws it
            state._carried(state._lay(p, dict(zip(state.cards_of(p), order))))
        elif kind == "sell":
            sales = state._sales(p)                         # legal_for: "no sale", then "sell N" for each
            k = below(len(sales) + 1)
            if k:
                plays.append((p, f"sell {sales[k - 1]}"))
            state._carried(state._sold(p, sales[k - 1] if k else 0))
        else:                       # a draft, a re-roll, the Imperial: rare, through the checked path
            action = choice(state.legal_for(d))
            plays.extend((p, label) for label in state.action_labels(action))
            state.apply_action(action)
        steps += 1
    return steps, plays
