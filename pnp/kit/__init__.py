"""The kit's components, one module per kind: each turns the game's definitions of that kind into
files (draw the faces, impose them on sheets, render PDF and SVG). `pnp.build.build_kit` loops over
the kinds a game has.

Every module offers ``build(game, ctx) -> list[Artifact]``; `KINDS` lists them in kit order."""

from __future__ import annotations

from . import aid, board, booklet, cards, dice, mats, pieces, tiles
from .context import Context

KINDS = {"cards": cards, "board": board, "tiles": tiles, "mats": mats, "pieces": pieces, "dice": dice,
         "aid": aid, "booklet": booklet}

__all__ = ["KINDS", "Context"]
