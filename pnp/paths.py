"""Where the built-in data lives: inside the wheel, or at the top of a source checkout."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_root() -> Path:
    """The folder holding `cards/` and `layouts/` for the built-in games. Asked once per process:
    where pnp is installed does not change while it runs (a build asked it for every file it named)."""
    bundled = _PACKAGE / "_builtin"
    if (bundled / "cards").is_dir():
        return bundled
    return _PACKAGE.parent


def cards_dir() -> Path:
    return data_root() / "cards"


def layouts_dir() -> Path:
    return data_root() / "layouts"


def fonts_dir() -> Path:
    return _PACKAGE / "fonts"
