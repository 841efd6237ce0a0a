"""Counters: round pieces to cut out, for players with no pawns at hand.

A whole build nests them in the free band of a card sheet (the last sheet of a deck, below its last
row of cards) when they all fit there, rather than on a sheet of their own that they would leave
mostly white; otherwise, and with `--only pieces`, they get their own sheets."""

from __future__ import annotations

from collections.abc import Iterator

from ..draw.shapes import Scene
from ..model import Game
from ..output import Artifact
from ..press.counters import impose_counters
from ..render.pdf import render_pdf
from ..render.svg import render_svg
from .context import Context, sheet_words
from .sheetplan import card_sheet_plan, counter_sides


def build(game: Game, ctx: Context) -> Iterator[Artifact]:
    """The counters' own sheets (unless they ride on a card sheet: `counters_on_card_sheets`) and an
    SVG of each counter's sides."""
    scenes, backs = counter_sides(game, ctx)
    if _on_card_sheets(game, ctx):
        ctx.progress(f"pieces: {len(game.counters)} counters, on the last card sheet")
    else:
        yield from _own_sheets(game, ctx, scenes, backs)
    if ctx.svg:
        seen = set()
        for counter, scene, back in zip(game.counters, scenes, backs or [None] * len(scenes)):
            if counter.slug not in seen:
                seen.add(counter.slug)
                yield Artifact(f"{ctx.svg_dir}/pieces/{counter.slug}.svg", render_svg(scene), None, "svg")
                if back is not None:
                    yield Artifact(f"{ctx.svg_dir}/pieces/{counter.slug}-back.svg", render_svg(back), None, "svg")


def _on_card_sheets(game: Game, ctx: Context) -> bool:
    if "cards" not in ctx.parts or not game.cards:
        return False
    return card_sheet_plan(game, ctx).counters is not None


def _own_sheets(game: Game, ctx: Context, scenes: list[Scene], backs: list[Scene | None] | None) -> Iterator[Artifact]:
    title, paper = game.meta.title, ctx.paper
    ctx.progress(f"pieces: {len(game.counters)} counters")
    # a fold sheet's mirror is the glued backs sheet's: counters are glued the same way (`Duplex.none`)
    duplex = "none" if ctx.duplex.value == "fold" else ctx.duplex.value
    pages = impose_counters(scenes, *paper.size, paper.margin, title, backs, duplex,
                            sheet_words(game, ctx.lang), ctx.offset, game.files.get("pieces", "pieces.toml"))
    yield Artifact(f"{game.id}-pieces-{ctx.paper_key}{ctx.suffix}.pdf", render_pdf(pages, f"{title}: counters"),
                   len(pages), "pieces")
