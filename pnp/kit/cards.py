"""Decks: card faces and backs drawn once, imposed with bleed and crop marks, duplex backs.

Cards of one size share sheets; a game whose decks differ in size (see cards.toml `[decks]`)
gets one sheet file per size, named after the decks on it."""

from __future__ import annotations

from collections.abc import Iterator

from ..draw.card import card_back, card_face
from ..draw.shapes import Scene
from ..model import Card, Game
from ..output import Artifact
from ..press.calibration import calibration_sheets
from ..press.cards import Duplex, impose_sheet
from ..render.pdf import Drawn, Page, PdfDocument, render_pdf
from ..render.svg import render_svg
from .context import Context, sheet_words
from .sheetplan import AidOnSheets, card_sheet_plan, deck_fold_grid, deck_grid


def build(game: Game, ctx: Context) -> Iterator[Artifact]:
    """The card sheets (a PDF per size), the duplex check sheet and an SVG per face and per back,
    yielded as they are made: a sheet's faces are drawn, imposed, added to the PDF and written as SVGs, then let go, so
    memory stays flat however large the deck."""
    gid, title, lang, paper = game.id, game.meta.title, ctx.lang, ctx.paper
    plan = card_sheet_plan(game, ctx)
    groups, aid, counters = plan.groups, plan.aid, plan.counters
    flip = ctx.duplex_suffix
    say = sheet_words(game, lang)
    backs: dict[tuple[str, str], Scene] = {}     # one drawing per back: every card of a deck shares it
    outlines = Drawn()                             # and its outlines are drawn once into the PDF

    def back_of(card: Card) -> Scene:
        key = (card.back_key, card.deck)
        if key not in backs:
            backs[key] = card_back(game, card, lang)
        return backs[key]

    for index, cards in enumerate(groups):
        items: list[Card | AidOnSheets] = list(cards)
        if aid is not None and aid.group == index:     # the player aids fill the deck's last sheet
            items += aid.cards()
        fold = deck_fold_grid(game, ctx, cards) if ctx.duplex is Duplex.fold else None
        grid = fold.front if fold is not None else deck_grid(game, ctx, cards)
        turned = ", turned" if grid.rotated else ""
        ctx.progress(f"cards: drawing {len(cards)} faces and their backs")
        ctx.progress(f"cards: {grid.cols} x {grid.rows}{turned} per {paper.name} sheet, duplex {ctx.duplex.value}")
        doc = PdfDocument(f"{title}: cards", f"{len(cards)} cards, {paper.name}")
        n, later = grid.per_page, list[Page]()
        total = -(-len(items) // n)
        for sheet in range(1, total + 1):
            chunk = items[(sheet - 1) * n:sheet * n]
            fronts = [c.front if isinstance(c, AidOnSheets) else card_face(game, c, lang) for c in chunk]
            backs_drawn = [c.back if isinstance(c, AidOnSheets) else back_of(c) for c in chunk]
            extra = (counters.fronts, counters.backs) if counters and counters.group == index and sheet == total \
                else ([], [])      # the counters fill the band the deck's last sheet leaves
            radius = game.face_layout_of(cards[0]).corner_radius
            if fold is not None:               # fronts and backs on one page, no counters (`counters_on_card_sheets`)
                # loaded by --duplex fold builds alone, as the die lines by --die-line builds
                from ..press.fold import impose_fold
                from .dielines import fold_cuts

                page = impose_fold(fronts, backs_drawn, fold, say("cards", title=title), sheet, total, say)
                if ctx.die_line:     # both layers are cut at once: the fronts' trims are the die line
                    page.cuts = fold_cuts(fold, len(chunk), radius)
                doc.add(page, outlines)
            else:
                fronts_page, backs_page = impose_sheet(fronts, backs_drawn, grid, ctx.duplex, say("cards", title=title),
                                                       sheet, total, say, ctx.offset, extra)
                if ctx.die_line:     # --die-line: each trim in the CutContour spot colour (pnp.kit.dielines)
                    from .dielines import sheet_cuts

                    fronts_page.cuts, backs_page.cuts = sheet_cuts(grid, len(chunk), ctx.duplex, radius, ctx.offset)
                doc.add(fronts_page, outlines)     # faces share their art's paths
                if ctx.duplex is Duplex.none:      # for gluing, every backs sheet comes after the fronts
                    later.append(backs_page)
                else:
                    doc.add(backs_page, outlines)
            if ctx.svg:
                for card, face in zip(chunk, fronts):
                    if isinstance(card, AidOnSheets) or card.copy > 1:   # copies draw the same face: one
                        continue                                          # SVG per card; the aid's are its own
                    yield Artifact(f"{ctx.svg_dir}/cards/{card.slug}.svg", render_svg(face), None, "svg")
            if total > 20 and sheet % 20 == 0:
                ctx.progress(f"cards: {sheet} of {total} sheets")
        for page in later:
            doc.add(page, outlines)
        decks = "" if len(groups) == 1 else "-" + "-".join(dict.fromkeys(c.deck for c in cards))
        dieline = "-dieline" if ctx.die_line else ""     # told apart from a plain build's sheets by name
        yield Artifact(f"{gid}-cards{decks}-{ctx.paper_key}{flip}{ctx.suffix}{dieline}.pdf", doc.finish(), doc.pages,
                       "cards")
    if ctx.duplex is Duplex.fold:      # nothing is printed double-sided: no duplex check sheet
        return
    check = calibration_sheets(*paper.size, paper.margin, title, ctx.duplex, ctx.offset, say)
    yield Artifact(f"{gid}-duplex-check-{ctx.paper_key}{ctx.flip_suffix}{ctx.suffix}.pdf",
                   render_pdf(check, f"{title}: duplex check"), len(check), "cards")
    if ctx.svg:
        seen = set()
        for back in backs.values():
            if back.name not in seen:
                seen.add(back.name)
                yield Artifact(f"{ctx.svg_dir}/cards/{back.name}.svg", render_svg(back), None, "svg")
