"""The kit's components, one module per kind: each turns the game's definitions of that kind into
files (draw the faces, impose them on sheets, render PDF and SVG). `pnp.build.build_kit` loops over
the kinds a game has.

Every module offers ``build(game, ctx) -> list[Artifact]``; `builder` finds it for a kind. A module
is imported when a build asks for its kind, not before: `--only cards` loads no booklet, and with
it no rules engine."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from .context import Context

if TYPE_CHECKING:
    from ..model import Game
    from ..output import Artifact

KINDS = ("cards", "board", "tiles", "mats", "pieces", "dice", "aid", "booklet")

Builder = Callable[["Game", Context], Iterable["Artifact"]]


def builder(kind: str) -> Builder:
    """The `build` function of one of the KINDS."""
    if kind == "cards":
        from . import cards as module
    elif kind == "board":
        from . import board as module
    elif kind == "tiles":
        from . import tiles as module
    elif kind == "mats":
        from . import mats as module
    elif kind == "pieces":
        from . import pieces as module
    elif kind == "dice":
        from . import dice as module
    elif kind == "aid":
        from . import aid as module
    elif kind == "booklet":
        from . import booklet as module
    else:
        raise KeyError(kind)
    build: Builder = module.build
    return build


__all__ = ["KINDS", "Builder", "Context", "builder"]
