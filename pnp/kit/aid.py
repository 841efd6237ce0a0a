"""The player aid's own sheets: one reference card per player, fronts and backs imposed like the
deck, or (in a whole build) on the deck's own sheets when a deck has the aid card's size and bleed
(`pnp.kit.sheetplan`). The card itself is drawn by `pnp.kit.aidcard`."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Game
from ..output import Artifact
from ..press.cards import Duplex, impose_cards
from ..press.fold import fold_grid, impose_folds
from ..press.grid import Sheet, card_grid, tight_grid
from ..render.pdf import PdfDocument
from ..render.svg import render_svg
from .aidcard import aid_cards
from .context import Context, sheet_words
from .sheetplan import card_sheet_plan


def build(game: Game, ctx: Context) -> Iterator[Artifact]:
    """One reference card per player (or `[card] copies`), each in its seat's colour, fronts and backs
    imposed for duplex like the deck (on the deck's own sheets when it can: see `aid_on_card_sheets`),
    and an SVG of each side (the first copy's)."""
    riding = card_sheet_plan(game, ctx).aid if "cards" in ctx.parts and game.cards else None
    if riding is not None:      # drawn for the card sheets already
        ctx.progress(f"aid: {riding.copies} reference cards, on the card sheets")
        if ctx.svg:
            for side in (riding.front, riding.back):
                yield Artifact(f"{ctx.svg_dir}/aid/{side.name}.svg", render_svg(side), None, "svg")
        return
    sides, aid, where = aid_cards(game, ctx.lang)
    front, back = sides[0]
    paper = ctx.paper
    copies = len(sides)
    fronts, backs = [f for f, _ in sides], [b for _, b in sides]
    fit = tight_grid if ctx.sheet is Sheet.tight else card_grid
    grid = fit(*paper.size, paper.margin, front.width, front.height, front.bleed, where=where,
               key="card.size", paper_name=paper.name)
    say = sheet_words(game, ctx.lang)
    label = f"{game.meta.title} · {aid.title}"
    if ctx.duplex is Duplex.fold:
        folds = fold_grid(*paper.size, paper.margin, front.width, front.height, front.bleed, ctx.sheet is Sheet.tight,
                          where=where, key="card.size", paper_name=paper.name)
        pages = impose_folds(fronts, backs, folds, label, say)
    else:
        pages = impose_cards(fronts, backs, grid, ctx.duplex, label, say, ctx.offset)
    ctx.progress(f"aid: {copies} reference cards, front and back")
    doc = PdfDocument(f"{game.meta.title}: {aid.title}", f"{copies} reference cards, {paper.name}")
    for page in pages:
        doc.add(page)
    flip = ctx.duplex_suffix
    yield Artifact(f"{game.id}-aid-{ctx.paper_key}{flip}{ctx.suffix}.pdf", doc.finish(), doc.pages, "aid")
    if ctx.svg:
        for side in (front, back):
            yield Artifact(f"{ctx.svg_dir}/aid/{side.name}.svg", render_svg(side), None, "svg")
