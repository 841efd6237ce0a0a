"""Plain values for templates: text, numbers, tuples and frozen mappings, never an object with
methods. A template that is handed a pydantic model can reach its methods (`parse_raw`, `parse_file`:
code and files); a `Record` of the model's fields has nothing but the fields.

>>> from dataclasses import dataclass
>>> @dataclass
... class Piece:
...     id: str
...     sizes: list[int]
>>> r = plain(Piece("pawn", [18, 22]))
>>> r["id"], r["sizes"]
('pawn', (18, 22))
>>> type(r).__name__
'Record'
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterator, Mapping, Set
from pathlib import PurePath
from typing import Any


class Record(Mapping[str, Any]):
    """A frozen mapping of plain values; its keys are its only attributes in a template."""

    __slots__ = ("_data", "_weight")
    _data: dict[str, Any]
    _weight: int | None     # its weight in a template, once `weigh` has counted all of it (see there)

    def __init__(self, data: Mapping[str, Any]):
        object.__setattr__(self, "_data", dict(data))
        object.__setattr__(self, "_weight", None)

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Record cannot be changed")

    def __repr__(self) -> str:
        return f"Record({self._data!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self.items()) == dict(other.items())

    def __hash__(self) -> int:
        return hash(tuple(self._data))


def plain(value: Any, _seen: dict[int, tuple[Any, Any]] | None = None) -> Any:
    """`value` as plain data: mappings become `Record`s, sequences and sets tuples, pydantic models
    and dataclasses a `Record` of their fields (and a dataclass's properties), enums their value,
    paths and anything else their text. Callables are refused: a template gets no functions."""
    seen = {} if _seen is None else _seen
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, enum.Enum):
        return plain(value.value, seen)
    if id(value) in seen:           # shared (a clan on every card) or a loop: one Record
        return seen[id(value)][1]
    out: Any
    if isinstance(value, Record):
        out = value
    elif isinstance(value, Mapping):
        out = Record({str(k): plain(v, seen) for k, v in value.items()})
    elif isinstance(value, (list, tuple)):
        out = tuple(plain(v, seen) for v in value)
    elif isinstance(value, Set):
        out = tuple(sorted((plain(v, seen) for v in value), key=repr))
    elif hasattr(type(value), "model_fields"):          # a pydantic model
        out = Record({name: plain(getattr(value, name), seen) for name in type(value).model_fields})
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
        for name in dir(type(value)):
            if not name.startswith("_") and isinstance(getattr(type(value), name, None), property):
                fields[name] = getattr(value, name)
        out = Record({name: plain(v, seen) for name, v in fields.items()})
    elif isinstance(value, PurePath):
        out = value.name
    elif callable(value):
        raise TypeError(f"a template may not be given a function or class ({type(value).__name__})")
    else:
        out = str(value)
    seen[id(value)] = (value, out)      # the value is kept alive so that its id is not reused
    return out
