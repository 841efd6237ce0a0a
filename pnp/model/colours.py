"""Colour values in definitions: `#rrggbb`, `#rgb` or one of a few names."""

from __future__ import annotations

import re

NAMED = {
    "black": "#000000", "white": "#ffffff", "red": "#cc2222", "blue": "#2244aa",
    "green": "#2e7d32", "yellow": "#f2c200", "orange": "#e07b00", "purple": "#6a1b9a",
    "grey": "#808080", "gray": "#808080", "brown": "#6d4c2f", "cream": "#f4ecd9",
}
_HEX = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")


def parse_colour(value: str) -> str:
    """Return the colour as lowercase `#rrggbb`, or raise ValueError saying what is allowed.

    >>> parse_colour("#ABC"), parse_colour("cream")
    ('#aabbcc', '#f4ecd9')
    """
    if not isinstance(value, str):
        raise ValueError("expected a colour as text")
    v = value.strip().lower()
    if v in NAMED:
        return NAMED[v]
    if _HEX.fullmatch(v):
        if len(v) == 4:
            v = "#" + "".join(ch * 2 for ch in v[1:])
        return v
    raise ValueError(
        f"unknown colour {value!r}: expected #rrggbb or one of {', '.join(sorted(NAMED))}"
    )


def rgb(colour: str) -> tuple[float, float, float]:
    """`#rrggbb` as three floats 0-1."""
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]
