"""The rules-engine core: states, decisions, legal choices, events, seeded randomness, replay
and random playouts. It knows nothing of any particular game and nothing of drawing.

A game module provides a state class with:

- ``decision()``: who must choose now and what kind of choice (a `Decision`), or None at the end;
- ``legal_actions()``: every legal action for that decision, as values;
- ``apply_action(action)``: carries it out and returns the `Event`s it caused, or raises `Illegal`;
- ``is_terminal()`` and ``winner``;
- ``clone()``.

Simultaneous secret choices (each player plays cards face down) are a run of decisions taken in
turn by each player, none of which reveals anything until the last is made; card-by-card
resolution in priority order, shuffled decks and dice are chance handled with the state's own
seeded `random.Random`, so a seed replays the same game.
"""

from .core import Chance, Decision, Event, Illegal, playout

__all__ = ["Chance", "Decision", "Event", "Illegal", "playout"]
