"""Decisions several players take at once and in secret: everyone commits, then all are revealed
together and resolved in priority order.

`Commitments` holds one round's secret choices. It never shows one player's choice to another
before everyone has committed: `view(player)` shows the player's own choice and, for the
others, only `Hidden` (they have committed) or nothing (they are still choosing). Once all
have committed, `reveal()` turns them face up (a `Revealed` event) and every view shows them.

A duel of cards uses it for "each player plays two cards face down, reveal, resolve from the
lowest number"; a proposal game uses it for one card each, a bidding game for bids:

>>> c = Commitments(["red", "blue"])
>>> c.decision("play", round=1)
Decision(player='red', kind='play', round=1, card=None, players=('red', 'blue'), secret=True)
>>> c.commit("red", (16, 1))
Committed(player='red')
>>> c.view("red"), c.view("blue")
({'red': (16, 1)}, {'red': Hidden(1)})
>>> c.reveal()
Traceback (most recent call last):
...
pnp.engine.simultaneous.NotAllCommitted: still choosing: blue
>>> _ = c.commit("blue", (2, 15))
>>> shown = c.reveal(priority_order)     # every card with its owner, lowest number first
>>> shown.choices
(('red', (16, 1)), ('blue', (2, 15)))
>>> shown.order
((1, 'red'), (2, 'blue'), (15, 'blue'), (16, 'red'))
>>> c.view("blue")["red"]
(16, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from .core import Decision
from .events import Committed, Revealed
from .state import Hidden

T = TypeVar("T")
C = TypeVar("C")


class NotAllCommitted(Exception):
    """Someone asked for the secret choices before every player had made theirs."""


class Commitments(Generic[T]):
    """One simultaneous secret decision: who must still choose, what each chose (kept secret)."""

    def __init__(self, players: Sequence[str]):
        self.players = tuple(players)
        self._chosen: dict[str, T] = {}
        self._revealed = False

    # -- committing ------------------------------------------------------------------------

    def waiting(self) -> tuple[str, ...]:
        """The players still to choose, in seat order."""
        return tuple(p for p in self.players if p not in self._chosen)

    def next_waiting(self) -> str | None:
        """The first player still to choose (cheaper than `waiting` on a hot path)."""
        for p in self.players:
            if p not in self._chosen:
                return p
        return None

    def has_committed(self, player: str) -> bool:
        return player in self._chosen

    @property
    def complete(self) -> bool:
        return len(self._chosen) == len(self.players)

    @property
    def is_revealed(self) -> bool:
        return self._revealed

    def __len__(self) -> int:
        """How many have committed (public knowledge)."""
        return len(self._chosen)

    def decision(self, kind: str, round: int) -> Decision | None:
        """The pending decision: every player still to choose, the first of them acting next."""
        waiting = self.waiting()
        if not waiting:
            return None
        return Decision(waiting[0], kind, round, players=waiting, secret=True)

    def commit(self, player: str, choice: T) -> Committed:
        """Record `player`'s secret choice. The game checks legality before committing."""
        if player not in self.players:
            raise ValueError(f"{player} takes no part in this decision (players: {', '.join(self.players)})")
        if player in self._chosen:
            raise ValueError(f"{player} has already committed")
        self._chosen[player] = choice
        return Committed(player)

    # -- seeing ----------------------------------------------------------------------------

    def own(self, player: str) -> T | None:
        """`player`'s own choice (None before they commit)."""
        return self._chosen.get(player)

    def view(self, player: str) -> dict[str, T | Hidden]:
        """What `player` may see: their own choice; the others' only once revealed."""
        if self._revealed:
            return dict(self._chosen)
        return {p: (c if p == player else Hidden()) for p, c in self._chosen.items()}

    def reveal(self, order: Callable[[dict[str, T]], Sequence[tuple[Any, str]]] | None = None) -> Revealed:
        """Turn every choice face up; refused until everyone has committed. `order` (such as
        `priority_order`) turns the revealed choices into the order they resolve in, which the
        `Revealed` event carries."""
        if not self.complete:
            raise NotAllCommitted(f"still choosing: {', '.join(self.waiting())}")
        self._revealed = True
        choices = self.revealed()
        return Revealed(tuple(choices.items()), tuple(order(choices)) if order else ())

    def reveal_silently(self) -> None:
        """Turn every choice face up without building the `Revealed` event (for fast random playouts,
        which keep no events); refused, like `reveal`, until everyone has committed."""
        if not self.complete:
            raise NotAllCommitted(f"still choosing: {', '.join(self.waiting())}")
        self._revealed = True

    def revealed(self) -> dict[str, T]:
        """Every choice by player (seat order), only after `reveal`."""
        if not self._revealed:
            raise NotAllCommitted("the choices are still secret: reveal them first")
        return {p: self._chosen[p] for p in self.players}

    # -- copying -----------------------------------------------------------------------------

    def clear(self) -> None:
        """Ready for the next round's decision."""
        self._chosen = {}
        self._revealed = False

    def copy(self) -> Commitments[T]:
        other: Commitments[T] = Commitments(self.players)
        other._chosen = dict(self._chosen)
        other._revealed = self._revealed
        return other


def priority_order(choices: Mapping[str, Iterable[C]],
                   key: Callable[[tuple[C, str]], Any] | None = None) -> list[tuple[C, str]]:
    """Every item of every player's revealed choice with its owner, in resolution order.

    By default the items' own order (card numbers: lowest first), ties by seat order; `key`
    sorts ``(item, player)`` pairs some other way (a card's printed priority, say).

    >>> priority_order({"a": ["B1"], "b": ["A2", "C1"]}, key=lambda ip: (ip[0][1], ip[0][0]))
    [('B1', 'a'), ('C1', 'b'), ('A2', 'b')]
    """
    seat = {player: i for i, player in enumerate(choices)}
    pairs = [(item, player) for player, items in choices.items() for item in items]
    if key is None:
        return sorted(pairs, key=lambda ip: (ip[0], seat[ip[1]]))
    return sorted(pairs, key=key)
