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
    # one import per kind, spelt out, so that the import graph (tests/test_import_graph.py) sees each
    if kind == "cards":
        from . import cards
        return cards.build
    if kind == "board":
        from . import board
        return board.build
    if kind == "tiles":
        from . import tiles
        return tiles.build
    if kind == "mats":
        from . import mats
        return mats.build
    if kind == "pieces":
        from . import pieces
        return pieces.build
    if kind == "dice":
        from . import dice
        return dice.build
    if kind == "aid":
        from . import aid
        return aid.build
    if kind == "booklet":
        from . import booklet
        return booklet.build
    raise KeyError(kind)


__all__ = ["KINDS", "Builder", "Context", "builder"]
