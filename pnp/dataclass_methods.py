"""Dataclasses made with less compiling, on the Python versions whose `dataclasses` compiles every method.

Up to 3.12, `dataclasses` writes each method it adds as source text and compiles it on its own:
0.1-0.25 ms a method, six for a frozen class, and a kit build makes about 140 dataclasses (its own,
the engine's and its libraries'), some 120 ms of compiling in a process. Three of those methods
are never on a hot path: a frozen class's `__setattr__` and `__delattr__`, which only refuse, and
`__repr__` (messages, debugging). `install` has `dataclasses` make those three as closures over
the class's field names instead, behaving as the compiled ones do: the same test, the same error
and message, the same text, the same guard against a recursive repr, the same names. `__init__`,
`__eq__` and `__hash__`, which the engines and every dict keyed by a record call again and again,
are still compiled by `dataclasses`, as are all methods on 3.13 and later (which compile a class's
methods differently). tests/test_dataclass_methods.py compares both kinds of method.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Sequence
from typing import Any


def repr_method(fields: Sequence[dataclasses.Field[Any]], _globals: object = None) -> Callable[[Any], str]:
    """`dataclasses._repr_fn`: "Name(a=1, b='x')", the fields given, with "..." for a recursive call."""
    names = tuple(f.name for f in fields)

    def __repr__(self: Any) -> str:  # noqa: N807 - the method's own name, as dataclasses gives it
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in names])
        return self.__class__.__qualname__ + "(" + shown + ")"

    return dataclasses._recursive_repr(__repr__)  # type: ignore[attr-defined]


def frozen_methods(cls: type, fields: Sequence[dataclasses.Field[Any]],
                   _globals: object = None) -> tuple[Callable[..., None], Callable[..., None]]:
    """`dataclasses._frozen_get_del_attr`: a frozen class's `__setattr__` and `__delattr__`, which
    refuse its fields (and any name on the class itself) and leave a subclass's other names alone."""
    names = tuple(f.name for f in fields)
    refused = dataclasses.FrozenInstanceError

    def __setattr__(self: Any, name: str, value: Any) -> None:  # noqa: N807
        if type(self) is cls or name in names:
            raise refused(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:  # noqa: N807
        if type(self) is cls or name in names:
            raise refused(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__


def install() -> None:
    """Have `dataclasses` make these three methods as above, where it compiles each one (3.11, 3.12)."""
    if sys.version_info[:2] in ((3, 11), (3, 12)) and hasattr(dataclasses, "_recursive_repr"):
        dataclasses._repr_fn = repr_method  # type: ignore[attr-defined]
        dataclasses._frozen_get_del_attr = frozen_methods  # type: ignore[attr-defined]
