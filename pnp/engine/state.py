"""The whole contract of a game state: players as a list, decisions, legal actions, events,
`returns()` for every player and `view(player)`, what one player may know.

A game state (one class per game) provides:

- ``players``: the seats in play order, 1 to 6 names taken from the game's data (never
  hard-coded: a game whose clans are renamed in its TOML plays the same);
- ``round``: the current round, numbered from 1;
- ``decision()``, ``legal_actions()``, ``apply_action(action)``, ``is_terminal()`` as in
  `pnp.engine.core`;
- ``returns()``: one number per player, in a dict keyed by player. Winner-takes-all games use
  `win_loss` (+1 the winner, -1 everyone else, 0 for all when nobody won); scoring games return
  the points (`points`). Before the end it is the result if the game stopped now;
- ``view(player)``: what that player may know, as a plain value (a dataclass or dict).

The contract of ``view``: it shows everything public and the player's own secrets (their hand,
their committed choice) and nothing else. Another player's hand, a face-down choice not yet
revealed and the order of a shuffled deck appear only as `Hidden` (how many, not what). So two
states that differ only in what `player` may not know give equal views, which `same_view`
checks in tests; a bot that decides from ``view(player)`` cannot cheat.

>>> win_loss(["red", "blue", "green"], "blue")
{'red': -1, 'blue': 1, 'green': -1}
>>> win_loss(["red", "blue"], None)
{'red': 0, 'blue': 0}
>>> points({"ann": 12, "bo": 9})
{'ann': 12, 'bo': 9}
>>> Hidden(3), Hidden(3) == Hidden(3)
(Hidden(3), True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .core import Decision, Event
from .events import GameEvent

MIN_PLAYERS, MAX_PLAYERS = 1, 6


@dataclass(frozen=True)
class Hidden:
    """Something a player knows exists but may not see: `count` face-down cards, a secret choice."""

    count: int = 1

    def __repr__(self) -> str:
        return f"Hidden({self.count})"


class GameState(Protocol):
    """A game in progress (see the module docstring for each method's contract)."""

    round: int

    @property
    def players(self) -> Sequence[str]: ...    # read-only: a state may keep them as a tuple

    def decision(self) -> Decision | None: ...
    def legal_actions(self) -> Sequence[Any]: ...
    def apply_action(self, action: Any) -> Sequence[GameEvent | Event]: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> dict[str, float]: ...
    def view(self, player: str) -> Any: ...


def check_players(players: Sequence[str]) -> tuple[str, ...]:
    """The seats as a tuple, checked: 1-6 distinct names.

    >>> check_players(["green", "blue"])
    ('green', 'blue')
    >>> check_players([])
    Traceback (most recent call last):
    ...
    ValueError: a game has 1 to 6 players, not 0
    """
    seats = tuple(players)
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise ValueError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(seats)}")
    if len(set(seats)) != len(seats):
        raise ValueError(f"every player needs a different name: {', '.join(seats)}")
    return seats


def win_loss(players: Sequence[str], winner: str | None) -> dict[str, float]:
    """+1 for the winner and -1 for everyone else; 0 for everyone when nobody won."""
    if winner is None:
        return {p: 0 for p in players}
    return {p: 1 if p == winner else -1 for p in players}


def points(scores: Mapping[str, float]) -> dict[str, float]:
    """Scores as returns, in seat order (a scoring game's `returns()`)."""
    return dict(scores)


def same_view(a: GameState, b: GameState, player: str) -> bool:
    """True when `player` cannot tell the two states apart (for tests of `view`)."""
    return bool(a.view(player) == b.view(player))
