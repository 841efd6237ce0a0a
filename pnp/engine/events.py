"""Typed events: one frozen dataclass per kind of thing that happens in a game.

A game declares its events as subclasses of `GameEvent`, each with a class-level ``kind`` name
(the word used in logs, tests and narration templates) and its fields. The booklet reads them
by type (``isinstance(e, Moved)``) and gets checked attribute names instead of dictionary keys.

For code written against the older ``Event(kind, data)`` dictionaries, every typed event still
answers ``e.kind``, ``e.data`` (its fields as a dict) and ``e["field"]``:

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Moved(GameEvent):
...     kind = "move"
...     player: str
...     src: str
...     dst: str
>>> e = Moved("red", "b2", "c2")
>>> isinstance(e, Moved), e.kind, e["dst"], e.data
(True, 'move', 'c2', {'player': 'red', 'src': 'b2', 'dst': 'c2'})

The engine's own chance and commitment events live here too: `Rolled`, `Shuffled`, `Committed`,
`Revealed`.
"""

from __future__ import annotations

import builtins
from dataclasses import MISSING, dataclass, fields
from types import CodeType, FunctionType
from typing import Any, ClassVar, TypeVar

E = TypeVar("E")


class GameEvent:
    """Base class of typed events. Subclasses are ``@dataclass(frozen=True)`` and set ``kind``."""

    __slots__ = ()
    kind: ClassVar[str] = "event"

    @property
    def data(self) -> dict[str, Any]:
        """The event's fields as a dict (a shallow copy), for code that reads events as data."""
        return {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]

    def __getitem__(self, key: str) -> Any:
        try:
            return getattr(self, key)
        except AttributeError:
            raise KeyError(key) from None


def quick_init(cls: type[E]) -> type[E]:
    """A frozen dataclass (put above its ``@dataclass(frozen=True)``) whose instances are built
    about three times faster: the generated ``__init__`` of a frozen dataclass sets every field
    through ``object.__setattr__``, this one writes the instance's dict. The fields, defaults,
    equality, hash and repr stay the dataclass's own. Engines build an event for nearly everything
    that happens in every simulated game. A class this cannot follow (``__post_init__``, a default
    factory, keyword-only fields, slots) keeps the dataclass's ``__init__``.

    >>> @quick_init
    ... @dataclass(frozen=True)
    ... class Paid(GameEvent):
    ...     kind = "paid"
    ...     player: str
    ...     coins: int = 1
    >>> Paid("red"), Paid("red", coins=2) == Paid("red", 2), hash(Paid("red")) == hash(Paid("red", 1))
    (Paid(player='red', coins=1), True, True)
    """
    own = fields(cls)  # type: ignore[arg-type]
    if (hasattr(cls, "__post_init__") or "__slots__" in cls.__dict__
            or any(not f.init or f.default_factory is not MISSING or f.kw_only is True
                   or f.name == "self" or f.name.startswith("_q_") for f in own)):
        return cls
    shape = tuple(f.default is not MISSING for f in own)
    code = _SHAPES.get(shape)
    if code is None:
        code = _SHAPES[shape] = _compiled_init([_STAND_IN.format(i) for i in range(len(own))], shape)
    names = {_STAND_IN.format(i): f.name for i, f in enumerate(own)}

    def put(values: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(names.get(v, v) if isinstance(v, str) else v for v in values)

    init = FunctionType(code.replace(co_varnames=put(code.co_varnames), co_consts=put(code.co_consts)),
                        {"__builtins__": builtins}, "__init__",
                        tuple(f.default for f in own if f.default is not MISSING) or None)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


# An `__init__`'s code for each pattern of defaults (which fields have one), compiled once with
# stand-in names: each class's is that code with its own field names put in (as local names and as
# the keys it writes), and its own defaults. Engines declare dozens of event classes of a few shapes,
# and compiling each class's own was most of the time to make them.
_SHAPES: dict[tuple[bool, ...], CodeType] = {}
_STAND_IN = "__pnp_q_{}__"


def _compiled_init(names: list[str], shape: tuple[bool, ...]) -> CodeType:
    params = "".join(f", {n}=_q_{n}" if default else f", {n}" for n, default in zip(names, shape))
    body = "".join(f"    _q_dict[{n!r}] = {n}\n" for n in names)
    source = f"def __init__(self{params}):\n    _q_dict = self.__dict__\n{body}"
    scope: dict[str, Any] = {}
    exec(source, {f"_q_{n}": None for n in names}, scope)   # noqa: S102 (stand-in names only)
    code: CodeType = scope["__init__"].__code__
    return code


@quick_init
@dataclass(frozen=True)
class Rolled(GameEvent):
    """Dice rolled by `pnp.engine.Chance`: how many, how many sides, the values in order."""

    kind = "roll"
    dice: int
    sides: int
    values: tuple[int, ...]


@quick_init
@dataclass(frozen=True)
class Shuffled(GameEvent):
    """A deck shuffled by `pnp.engine.Chance`; `order` is the order after shuffling (top first).

    The order is in the log (so a game replays and a booklet can tell the story afterwards) but a
    state's `view` never shows it to a player."""

    kind = "shuffle"
    order: tuple[Any, ...]


@quick_init
@dataclass(frozen=True)
class Committed(GameEvent):
    """A player committed a secret choice: everyone learns *that*, nobody else learns *what*."""

    kind = "commit"
    player: str


@quick_init
@dataclass(frozen=True)
class Revealed(GameEvent):
    """Every secret choice of a simultaneous decision, turned face up at once (in seat order),
    and, when the choices resolve one by one, the order they resolve in (``(item, player)``)."""

    kind = "reveal"
    choices: tuple[tuple[str, Any], ...]
    order: tuple[tuple[Any, str], ...] = ()

    def of(self, player: str) -> Any:
        return dict(self.choices)[player]
