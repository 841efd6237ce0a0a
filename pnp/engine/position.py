"""Positions, like FEN in chess: a game writes where it stands as a TOML table and can start from
a stated one instead of its setup.

A state that supports positions provides:

- ``position()``: the current position as a table of plain TOML values (text, whole numbers,
  true/false, lists of them, nested tables). It holds everything needed to go on playing:
  units on cells, markers, tracks, hands and reserves, whose turn and which round;
- ``set_position(table, where)``: replace the position of a freshly set-up state with the
  stated one, raising `pnp.engine.notation.NotationError` (naming `where` and the key) for
  anything impossible.

The contract is the round trip: ``set_position(position())`` on a new state gives a state whose
``position()`` is equal, and which plays on exactly like the original. A notation file states a
start position in its ``[position]`` table; `write_table` writes one back:

>>> table = {"round": 3, "a3": "red D+1", "lakes": ["d2", "d4"], "hand": {"red": [1, 4], "blue": [2]}}
>>> text = write_table("position", table)
>>> print(text)
[position]
round = 3
a3 = "red D+1"
lakes = ["d2", "d4"]
<BLANKLINE>
[position.hand]
red = [1, 4]
blue = [2]
>>> import tomllib
>>> tomllib.loads(text)["position"] == table
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Protocol

from .notation import quote


class HasPosition(Protocol):
    """A state that can write its position and start from a stated one."""

    def position(self) -> dict[str, Any]: ...
    def set_position(self, table: Mapping[str, Any], where: str) -> None: ...


_BARE = re.compile(r"[A-Za-z0-9_-]+")


def key_text(key: str) -> str:
    """A TOML key, quoted only when it must be."""
    return key if _BARE.fullmatch(key) else quote(key)


def value_text(value: Any) -> str:
    """One TOML value on one line (tables inline)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{key_text(str(k))} = {value_text(v)}" for k, v in value.items()) + " }" \
            if value else "{}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(value_text(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def write_table(name: str, table: Mapping[str, Any]) -> str:
    """A table and its sub-tables in TOML (no trailing newline): plain keys first, then each
    sub-table under its own ``[name.key]`` header."""
    lines = [f"[{name}]"]
    subtables = []
    for key, value in table.items():
        if isinstance(value, Mapping):
            subtables.append((key, value))
        else:
            lines.append(f"{key_text(str(key))} = {value_text(value)}")
    for key, value in subtables:
        lines += ["", write_table(f"{name}.{key_text(str(key))}", value)]
    return "\n".join(lines)
