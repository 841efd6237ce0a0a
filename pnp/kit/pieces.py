"""Counters: round pieces to cut out, for players with no pawns at hand.

A whole build nests them in the free band of a card sheet (the last sheet of a deck, below its last
row of cards) when they all fit there, rather than on a sheet of their own that they would leave
mostly white; otherwise, and with `--only pieces`, they get their own sheets."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..draw.piece import counter_back_scene, counter_scene
from ..draw.shapes import Scene, Shape
from ..model import Card, Game
from ..output import Artifact
from ..press.cards import free_band
from ..press.counters import counters_in_band, impose_counters
from ..render.pdf import render_pdf
from ..render.svg import render_svg
from .context import Context, sheet_words


def _sides(game: Game, ctx: Context) -> tuple[list[Scene], list[Scene | None] | None]:
    """Every counter's front, and the backs (None when no counter has one), drawn once a build."""
    if "counter_sides" not in ctx.shared:
        scenes = [counter_scene(c, ctx.lang) for c in game.counters]
        backs = [counter_back_scene(c, ctx.lang) if c.piece.back else None for c in game.counters]
        ctx.shared["counter_sides"] = (scenes, backs if any(b is not None for b in backs) else None)
    sides: tuple[list[Scene], list[Scene | None] | None] = ctx.shared["counter_sides"]
    return sides


@dataclass(frozen=True)
class CountersOnSheets:
    """The counters a card-sheet builder draws on the last sheet of one deck, fronts and backs placed."""
    group: int              # which size group (`pnp.kit.cards.size_groups`) whose last sheet holds them
    fronts: list[Shape]
    backs: list[Shape]


def counters_on_card_sheets(game: Game, ctx: Context, groups: list[list[Card]],
                            added: dict[int, int]) -> CountersOnSheets | None:
    """When the build makes both the cards and the pieces, the first deck whose last sheet leaves a
    band below its cards that holds every counter (`added[i]` more cards go on deck i's sheets, the
    player aids) gets them there."""
    if not {"cards", "pieces"} <= set(ctx.parts) or not game.counters:
        return None
    from .cards import deck_grid

    scenes, backs = _sides(game, ctx)
    note = sheet_words(game, ctx.lang)("counters_cut")
    for index, cards in enumerate(groups):
        grid = deck_grid(game, ctx, cards)
        used = (len(cards) + added.get(index, 0)) % grid.per_page or grid.per_page
        placed = counters_in_band(scenes, backs, *ctx.paper.size, ctx.paper.margin, *free_band(grid, used),
                                  ctx.duplex.value, note)
        if placed is not None:
            return CountersOnSheets(index, *placed)
    return None


def build(game: Game, ctx: Context) -> Iterator[Artifact]:
    """The counters' own sheets (unless they ride on a card sheet: `counters_on_card_sheets`) and an
    SVG of each counter's sides."""
    scenes, backs = _sides(game, ctx)
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
    from .cards import card_sheet_plan

    return card_sheet_plan(game, ctx).counters is not None


def _own_sheets(game: Game, ctx: Context, scenes: list[Scene], backs: list[Scene | None] | None) -> Iterator[Artifact]:
    title, paper = game.meta.title, ctx.paper
    ctx.progress(f"pieces: {len(game.counters)} counters")
    pages = impose_counters(scenes, *paper.size, paper.margin, title, backs, ctx.duplex.value,
                            sheet_words(game, ctx.lang), ctx.offset, game.files.get("pieces", "pieces.toml"))
    yield Artifact(f"{game.id}-pieces-{ctx.paper_key}{ctx.suffix}.pdf", render_pdf(pages, f"{title}: counters"),
                   len(pages), "pieces")
