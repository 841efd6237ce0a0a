"""Print-and-cut files for a craft cutter (`pnp build --cutter silhouette|cricut`): the cards, hex
tiles and counters of the build laid out for the cutter (pnp.press.cutter), and a cut file per
sheet at true size, SVG and DXF (pnp.render.cutfile). The kit's own sheets are made as without the
option; these files come in addition. docs/printing.md, "Craft cutters and die lines", says how
each program takes them."""

from __future__ import annotations

from collections.abc import Iterator

from PIL import Image, ImageDraw

from ..draw.card import card_back, card_face
from ..draw.shapes import Scene
from ..draw.tile import tile_scene
from ..export.raster import png, rasterise
from ..model import Card, Game
from ..output import Artifact
from ..press.cards import shift
from ..press.cutpaths import polygon
from ..press.cutter import (
    CUTTERS,
    INSET,
    LENGTH,
    THICKNESS,
    CutterSheet,
    Piece,
    back_shapes,
    front_shapes,
    lay_out,
    unplaced,
)
from ..press.words import SheetWords
from ..render.cutfile import cut_dxf, cut_svg
from ..render.pdf import Page, PdfDocument
from .context import Context, sheet_words
from .sheetplan import counter_sides

CRICUT_DPI = 300
NOTE_PT = 6.5


def pieces(game: Game, ctx: Context) -> list[Piece]:
    """What the build cuts: its cards (every copy), its hex tiles and its counters, each with its back."""
    out: list[Piece] = []
    if "cards" in ctx.parts:
        backs: dict[tuple[str, str], Scene] = {}

        def back_of(card: Card) -> Scene:
            key = (card.back_key, card.deck)
            if key not in backs:
                backs[key] = card_back(game, card, ctx.lang)
            return backs[key]

        out += [Piece(card_face(game, card, ctx.lang), "card", game.face_layout_of(card).corner_radius,
                      back_of(card)) for card in game.cards]
    if "tiles" in ctx.parts and game.tiles is not None:
        t = game.tiles
        scenes = [tile_scene(game, None, ctx.lang)] * t.neutral
        for clan in game.clans.values():
            scenes += [tile_scene(game, clan, ctx.lang)] * t.per_clan
        out += [Piece(s, "hex") for s in scenes]
    if "pieces" in ctx.parts and game.counters:
        fronts, backs_drawn = counter_sides(game, ctx)
        out += [Piece(s, "round", 0.0, backs_drawn[i] if backs_drawn else None) for i, s in enumerate(fronts)]
    return out


def build(game: Game, ctx: Context) -> Iterator[Artifact]:
    cutter = CUTTERS[ctx.cutter or "silhouette"]
    paper = ctx.paper.size
    wanted = pieces(game, ctx)
    too_big = unplaced(wanted, cutter, paper)
    if too_big:
        ctx.progress(f"{cutter.key}: {len(too_big)} pieces larger than the cutter's sheet are left out "
                     f"({too_big[0].scene.name}, {too_big[0].scene.width:g} x {too_big[0].scene.height:g} mm)")
    sheets = lay_out(wanted, cutter, paper)
    backed = sum(1 for s in sheets if any(p.piece.back is not None for p in s.placed)) \
        if cutter.key == "silhouette" else 0          # Cricut: fronts only (see _cricut)
    both = f": {len(sheets) + backed} pages, {len(sheets)} fronts and {backed} backs" if backed else ""
    ctx.progress(f"{cutter.key}: {sum(len(s.placed) for s in sheets)} pieces on {len(sheets)} sheets{both}")
    title = game.meta.title
    stem = f"{game.id}-{cutter.key}" + (f"-{ctx.paper_key}" if cutter.key == "silhouette" else "") + ctx.suffix
    if cutter.key == "silhouette":
        yield from _silhouette(sheets, stem, title, sheet_words(game, ctx.lang), ctx.offset)
    else:
        yield from _cricut(sheets, stem)
    for n, sheet in enumerate(sheets, 1):
        name = f"{cutter.key}/{stem}-{n:02d}"
        yield Artifact(f"{name}.svg", cut_svg(sheet.cuts, sheet.width, sheet.height, f"{title}: cut lines, sheet {n}",
                                              frame=cutter.key == "cricut"), None, "svg")
        yield Artifact(f"{name}.dxf", cut_dxf(sheet.cuts, sheet.height), None, "dxf")


def _silhouette(sheets: list[CutterSheet], stem: str, title: str, say: SheetWords,
                offset: tuple[float, float] = (0.0, 0.0)) -> Iterator[Artifact]:
    """One PDF: each sheet's fronts with the registration marks, then its backs (if any) for a
    long-edge duplex print, labelled as the card sheets' backs are and moved by `offset` (--offset,
    the printer's duplex shift, as on the kit's own backs sheets)."""
    from ..draw import text

    doc = PdfDocument(f"{title}: Silhouette print and cut", f"{len(sheets)} sheets")
    for n, sheet in enumerate(sheets, 1):
        w, h = sheet.width, sheet.height
        settings = say("silhouette_settings", length=f"{LENGTH:g}", thickness=f"{THICKNESS:g}", inset=f"{INSET:g}")
        note = say("cutter_sheet", title=title, cutter="Silhouette", n=n, total=len(sheets), settings=settings)
        # The note sits under the region the pieces use, right of the bottom-left mark and clear of it.
        words = text.box(INSET + LENGTH + 10, h - INSET + 1, w - 2 * INSET - LENGTH - 10, 3.5, note, "sans",
                         NOTE_PT, "right", "#555555", valign="middle", min_size=6.0)
        doc.add(Page(w, h, [*front_shapes(sheet), *words], (0.0, 0.0, w, h), (0.0, 0.0, w, h)))
        backs = back_shapes(sheet)
        if backs:
            label = say("cutter_backs", title=title, cutter="Silhouette", n=n, total=len(sheets))
            # Where the fronts' note is, seen from the back: the left of the same band.
            backs += text.box(INSET, h - INSET + 1, w - 2 * INSET - LENGTH - 10, 3.5, label, "sans", NOTE_PT,
                              "left", "#555555", valign="middle", min_size=6.0)
            doc.add(Page(w, h, shift(backs, offset), (0.0, 0.0, w, h), (0.0, 0.0, w, h)))
    yield Artifact(f"{stem}.pdf", doc.finish(), doc.pages, "cutter")


def _cricut(sheets: list[CutterSheet], stem: str) -> Iterator[Artifact]:
    """A PNG per sheet at Design Space's Print Then Cut size, 300 dpi, each piece opaque to its trim
    and the rest transparent, so that Design Space makes one cut round each piece by itself (its
    own bleed option then carries the edge colours out). No image of the backs: Print Then Cut
    prints one side inside its own frame and has no way to put a back behind its front (the
    sheet fed back through the printer lands wherever the printer puts it), so a backs image
    could not be used as it promised; docs/printing.md says what to do for two-sided pieces."""
    pages: list[Page] = []
    names: list[str] = []
    masks: list[CutterSheet] = []
    for n, sheet in enumerate(sheets, 1):
        w, h = sheet.width, sheet.height
        pages.append(Page(w, h, front_shapes(sheet)))
        names.append(f"cricut/{stem}-{n:02d}.png")
        masks.append(sheet)
    if not pages:
        return
    size = (round(pages[0].width / 25.4 * CRICUT_DPI), round(pages[0].height / 25.4 * CRICUT_DPI))
    for name, image, sheet in zip(names, rasterise(pages, [size] * len(pages)), masks):
        image.putalpha(_trim_mask(sheet, size))
        yield Artifact(name, png(image, CRICUT_DPI), None, "png")


def _trim_mask(sheet: CutterSheet, size: tuple[int, int]) -> Image.Image:
    """Opaque inside every piece's cut outline, clear outside, at the image's pixel size."""
    scale = size[0] / sheet.width
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)
    for path in sheet.cuts:
        draw.polygon([(x * scale, y * scale) for x, y in polygon(path)], fill=255)
    return mask
