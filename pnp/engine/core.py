"""Values shared by every game engine."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol, Sequence, TypeVar

from .events import GameEvent, Rolled, Shuffled


@dataclass(frozen=True)
class Event:
    """Something that happened, as plain data: the booklet draws and narrates from these.

    >>> Event("move", {"clan": "red", "src": "b2", "dst": "c2", "count": 1}).data["dst"]
    'c2'
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]


@dataclass(frozen=True, init=False)
class Decision:
    """Who must choose, and what: `kind` is game-defined ("play", "resolve", ...).

    `player` acts next: `apply_action` acts for them. A decision several players take at once
    names them all in `players` (those who have not yet chosen, `player` first); with
    ``secret=True`` nobody sees another's choice until all have chosen (see
    `pnp.engine.simultaneous.Commitments`). A one-player decision has ``players == (player,)``.

    >>> d = Decision("red", "play", 1, players=("red", "blue"), secret=True)
    >>> d.players, d.simultaneous, Decision("red", "resolve", 1, card=7).players
    (('red', 'blue'), True, ('red',))
    """

    player: str
    kind: str
    round: int
    card: Any = None
    players: tuple[str, ...] = ()
    secret: bool = False

    # Written out rather than generated: a frozen dataclass's own __init__ sets each field through
    # object.__setattr__, and engines build a Decision for nearly every choice of every simulated
    # game. Filling the instance's dict directly gives the same fields for a third of the cost.
    def __init__(self, player: str, kind: str, round: int, card: Any = None, players: tuple[str, ...] = (),
                 secret: bool = False) -> None:
        fields = self.__dict__
        fields["player"] = player
        fields["kind"] = kind
        fields["round"] = round
        fields["card"] = card
        fields["players"] = players or (player,)
        fields["secret"] = secret

    @property
    def simultaneous(self) -> bool:
        return len(self.players) > 1


class Illegal(Exception):
    """An illegal choice, as a value: the round, the player, the card, the rule broken, why.

    >>> str(Illegal(4, "red", "7 (March)", "blocked", "cannot enter c3, a lake covers it"))
    'round 4, red plays 7 (March): cannot enter c3, a lake covers it'
    """

    def __init__(self, round: int, player: str, card: str | None, rule: str, reason: str):
        self.round, self.player, self.card, self.rule, self.reason = round, player, card, rule, reason
        super().__init__(str(self))

    def __str__(self) -> str:
        who = f"round {self.round}, {self.player}"
        if self.card:
            who += f" plays {self.card}"
        return f"{who}: {self.reason}"


class State(Protocol):
    """What `playout` needs; `pnp.engine.state.GameState` is the whole contract of a game state."""

    def decision(self) -> Decision | None: ...
    def legal_actions(self) -> Sequence[Any]: ...
    def apply_action(self, action: Any) -> Sequence[GameEvent | Event]: ...
    def is_terminal(self) -> bool: ...


Chooser = Callable[[State, random.Random], Any]


def random_choice(state: State, rng: random.Random) -> Any:
    """A uniformly random legal action; a state may offer `sample_action` to skip listing them all."""
    sample = getattr(state, "sample_action", None)
    if sample is not None:
        return sample(rng)
    return rng.choice(list(state.legal_actions()))


def playout(state: State, rng: random.Random, choose: Chooser = random_choice, max_steps: int = 100_000,
            after_step: Callable[[State], None] | None = None) -> State:
    """Play to the end (or `max_steps` decisions), checking `after_step` after every action.

    Random playouts with nothing to check after each step go through the state's own
    ``random_playout(rng, max_steps)`` where it offers one: the same uniformly random legal choices
    and the same record, without checking or narrating each one (the speed of random sweeps); else
    through its ``random_game(rng, max_steps)``, which plays the very game of the loop below."""
    if choose is random_choice and after_step is None:
        fast = getattr(state, "random_playout", None)
        if fast is not None:
            fast(rng, max_steps)
            return state
        whole = getattr(state, "random_game", None)      # the same game as the loop below, faster
        if whole is not None:
            whole(rng, max_steps)
            return state
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        state.apply_action(choose(state, rng))
        if after_step:
            after_step(state)
        steps += 1
    return state


def _shuffle(rng: random.Random, deck: list[Any]) -> None:
    """`rng.shuffle(deck)`, the same swaps from the same bits: random.Random.shuffle swaps each place
    from the last down with one below it drawn by `_randbelow`, which takes `bit_length` bits until
    they fall below the bound. Written out here because the call per card was most of a shuffle's
    time in games that shuffle a deck often (tests/engine/test_core.py holds the two equal)."""
    if type(rng) is not random.Random:        # a generator of another kind draws its own way
        rng.shuffle(deck)
        return
    bits = rng.getrandbits
    for i in reversed(range(1, len(deck))):
        bound = i + 1
        k = bound.bit_length()
        j = bits(k)
        while j >= bound:
            j = bits(k)
        deck[i], deck[j] = deck[j], deck[i]


class Chance:
    """Seeded randomness that leaves a trace: every die rolled and deck shuffled is an event, so
    a game replays from its seed and a booklet can narrate the luck.

    >>> c = Chance(seed=3)
    >>> c.roll(2, 6) == Chance(seed=3).roll(2, 6)
    True
    >>> deck = c.shuffle(["a", "b", "c"]); sorted(deck), c.events[-1].kind
    (['a', 'b', 'c'], 'shuffle')
    >>> isinstance(c.events[0], Rolled), c.events[0].values == c.events[0]["values"]
    (True, True)

    The events are typed (`Rolled`, `Shuffled`) and stay in `events`, the chance log: a game
    copies them into its own event stream so a replay from the same seed shows the same luck.
    """

    def __init__(self, seed: int):
        self.seed = seed
        self.rng = random.Random(seed)
        self.events: list[GameEvent] = []

    def roll(self, dice: int, sides: int) -> tuple[int, ...]:
        # randint(1, sides) is 1 + _randbelow(sides) (random.Random.randrange), which takes
        # `bit_length` bits until they fall below the bound, as `_shuffle` does: the very same draws
        # without the argument checks and the call per die, which were most of a roll's time
        # (tests/engine/test_core.py holds the two equal).
        if type(self.rng) is not random.Random:    # a generator of another kind draws its own way
            values = tuple(self.rng.randint(1, sides) for _ in range(dice))
        else:
            bits = self.rng.getrandbits
            k = sides.bit_length()
            drawn = []
            for _ in range(dice):
                r = bits(k)
                while r >= sides:
                    r = bits(k)
                drawn.append(1 + r)
            values = tuple(drawn)
        self.events.append(Rolled(dice, sides, values))
        return values

    def shuffle(self, items: Sequence[Any]) -> list[Any]:
        deck = list(items)
        _shuffle(self.rng, deck)
        self.events.append(Shuffled(tuple(deck)))
        return deck

    def roll_for(self, key: DrawKey, dice: int, sides: int) -> tuple[int, ...]:
        """A roll asked for by what it is for (``("workers", "red")``): seeded chance ignores the
        key; a `RecordedChance` hands back the roll its record states for it."""
        return self.roll(dice, sides)

    def shuffle_for(self, key: DrawKey, items: Sequence[Any]) -> list[Any]:
        """A shuffle asked for by what it is for (``("pyramid",)``), as `roll_for`."""
        return self.shuffle(items)

    def copy(self: C) -> C:
        """An independent copy: the same generator state and log, drawing on by itself."""
        other = copy.copy(self)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.events = list(self.events)
        return other


DrawKey = tuple[str, ...]
C = TypeVar("C", bound=Chance)


class MissingDraw(LookupError):
    """A replay asked for a draw (by what it is for) that its record does not state."""

    def __init__(self, key: DrawKey):
        super().__init__(" ".join(key))
        self.key = key


class RecordMismatch(ValueError):
    """A recorded draw that does not fit the draw the game asks for (wrong count, value or cards)."""


R = TypeVar("R", bound="RecordedChance")


class RecordedChance(Chance):
    """Chance that hands back draws recorded earlier instead of drawing them, so a game played with
    real dice and real shuffles (its notation listing them), or the chance log of an earlier run,
    replays exactly. Each roll or shuffle takes the next recorded draw: a tuple of die values or a
    `Rolled` event for a roll, a deck order or a `Shuffled` event for a shuffle. It must fit what
    the game asks (as many dice, each within the sides; the same cards, in any order). When the
    record is used up, draws go on from `seed` as with `Chance`.

    >>> c = RecordedChance([(6, 1), ["b", "c", "a"]])
    >>> c.roll(2, 6), c.shuffle(["a", "b", "c"]), [e.kind for e in c.events], c.left
    ((6, 1), ['b', 'c', 'a'], ['roll', 'shuffle'], 0)
    >>> c.roll(1, 6) == Chance(0).roll(1, 6)       # the record is used up: seeded draws follow
    True
    >>> first = Chance(5); _ = first.shuffle(range(4)), first.roll(3, 6)
    >>> again = RecordedChance(first.events)     # an earlier run's chance log
    >>> again.shuffle(range(4)) == list(first.events[0].order) and again.roll(3, 6) == first.events[1].values
    True
    >>> RecordedChance([(7,)]).roll(1, 6)
    Traceback (most recent call last):
    ...
    pnp.engine.core.RecordMismatch: recorded draw 1: expected 1 value from 1 to 6 for a roll, got (7,)
    >>> RecordedChance([["a", "a"]]).shuffle(["a", "b"])
    Traceback (most recent call last):
    ...
    pnp.engine.core.RecordMismatch: recorded draw 1: expected an order of ['a', 'b'] for a shuffle, got ['a', 'a']

    A record may also state draws by what they are for (`by_key`, see `Chance.roll_for`): a game
    whose notation names each roll (``roll = { red = [1, 3, 3, 5] }``) asks for them by key, in
    whatever order its rules roll them; one its record does not state is a `MissingDraw`.

    >>> keyed = RecordedChance(by_key={("black",): (4,), ("workers", "red"): (1, 3)})
    >>> keyed.roll_for(("workers", "red"), 2, 6), keyed.roll_for(("black",), 1, 6), keyed.left
    ((1, 3), (4,), 0)
    >>> keyed.roll_for(("workers", "blue"), 2, 6)
    Traceback (most recent call last):
    ...
    pnp.engine.core.MissingDraw: workers blue
    """

    def __init__(self, draws: Sequence[Any] = (), seed: int = 0, by_key: Mapping[DrawKey, Any] | None = None):
        super().__init__(seed)
        self.draws = list(draws)
        self.used = 0
        self.by_key = None if by_key is None else dict(by_key)

    def record(self, *draws: Any) -> None:
        """Add draws to the record: a replay that reads its file round by round records each
        round's dice just before the round rolls them."""
        self.draws.extend(draws)

    @property
    def left(self) -> int:
        """Recorded draws not used yet (a replay may insist that none are left at the end)."""
        return len(self.draws) - self.used + len(self.by_key or ())

    def copy(self: R) -> R:
        other = super().copy()
        other.draws = list(self.draws)
        other.by_key = None if self.by_key is None else dict(self.by_key)
        return other

    def _next(self) -> Any:
        draw = self.draws[self.used]
        self.used += 1
        return draw

    def _take(self, key: DrawKey) -> Any:
        assert self.by_key is not None
        if key not in self.by_key:
            raise MissingDraw(key)
        return self.by_key.pop(key)

    def roll_for(self, key: DrawKey, dice: int, sides: int) -> tuple[int, ...]:
        if self.by_key is None:
            return super().roll_for(key, dice, sides)
        return self._rolled(self._take(key), dice, sides)

    def shuffle_for(self, key: DrawKey, items: Sequence[Any]) -> list[Any]:
        if self.by_key is None:
            return super().shuffle_for(key, items)
        return self._shuffled(self._take(key), items)

    def roll(self, dice: int, sides: int) -> tuple[int, ...]:
        if len(self.draws) == self.used:
            return super().roll(dice, sides)
        return self._rolled(self._next(), dice, sides)

    def shuffle(self, items: Sequence[Any]) -> list[Any]:
        if len(self.draws) == self.used:
            return super().shuffle(items)
        return self._shuffled(self._next(), items)

    def _rolled(self, draw: Any, dice: int, sides: int) -> tuple[int, ...]:
        values = tuple(draw.values if isinstance(draw, Rolled) else draw)
        if len(values) != dice or any(not isinstance(v, int) or not 1 <= v <= sides for v in values):
            raise RecordMismatch(f"recorded draw {self.used}: expected {dice} value{'s' if dice != 1 else ''} "
                                 f"from 1 to {sides} for a roll, got {values}")
        self.events.append(Rolled(dice, sides, values))
        return values

    def _shuffled(self, draw: Any, items: Sequence[Any]) -> list[Any]:
        deck = list(draw.order if isinstance(draw, Shuffled) else draw)
        if sorted(map(repr, deck)) != sorted(map(repr, items)):
            raise RecordMismatch(f"recorded draw {self.used}: expected an order of {list(items)} for a shuffle, "
                                 f"got {deck}")
        self.events.append(Shuffled(tuple(deck)))
        return deck
