"""Dice: each die's faces as square stickers, a block of two rows under the die's name, blocks side by
side across the sheet."""

from __future__ import annotations

from collections.abc import Iterator

from ..draw import text
from ..draw.dice import die_face_scene, die_net_scene
from ..draw.shapes import Group, Shape
from ..model import Game
from ..output import Artifact
from ..press.cards import sheet_page
from ..render.pdf import PdfDocument
from ..render.svg import render_svg
from .context import Context, sheet_words

GAP = 3.0      # mm between stickers
LABEL = 6.0    # mm above a die's faces for its name
SPACE = 6.0    # mm between two dice's blocks
HEADING = 12.0  # mm at the top of a sheet for what to buy or how to fold


def build(game: Game, ctx: Context) -> Iterator[Artifact]:
    """Each die copy as a block of its faces in two rows under its name; blocks flow across the sheet,
    as many to a row as fit, centred, and on to the next sheet."""
    assert game.dice is not None
    title, lang, paper = game.meta.title, ctx.lang, ctx.paper
    w, h = paper.size
    left, right, top, bottom = paper.margin + 2, w - paper.margin - 2, paper.margin + 2, h - paper.margin - 10
    say = sheet_words(game, lang)
    copies = sum(d.count for d in game.dice.dice)
    sizes = sorted({d.size for d in game.dice.dice})
    heading = ""
    if game.dice.blank is not None:
        heading = say("dice_blanks", count=copies, blank=f"{game.dice.blank:g}",
                      size="/".join(f"{s:g}" for s in sizes))
    sheet_top = top + (HEADING if heading else 0.0)
    blocks: list[tuple[float, float, list[Shape]]] = []      # width, height, shapes at (0, 0)
    faces = 0
    pips = {d.id: (game.folder / d.pip, game.files["dice"], f"dice[{i}].pip")
            for i, d in enumerate(game.dice.dice) if d.pip is not None}
    for die in game.dice.dice:
        scenes = [die_face_scene(die, i, lang, pips.get(die.id)) for i in range(len(die.faces))]
        cols = max(1, min(-(-len(scenes) // 2), int((right - left + GAP) // (die.size + GAP))))
        rows = -(-len(scenes) // cols)
        bw = cols * die.size + (cols - 1) * GAP
        bh = LABEL + rows * die.size + (rows - 1) * GAP
        for n in range(die.count):
            label = f"{die.name.get(lang, die.id)} {n + 1}/{die.count}"
            shapes: list[Shape] = [text.line(0, 4, label, "sans-bold", 8, "#2b261f")]
            for i, scene in enumerate(scenes):
                r, c = divmod(i, cols)
                shapes.append(Group(tuple(scene.shapes), c * (die.size + GAP), LABEL + r * (die.size + GAP)))
                faces += 1
            blocks.append((max(bw, text.measure(label, "sans-bold", 8)), bh, shapes))
        if ctx.svg:
            for scene in scenes:
                yield Artifact(f"{ctx.svg_dir}/dice/{scene.name}.svg", render_svg(scene), None, "svg")
    sheets = _flow(blocks, left, right, sheet_top, bottom)
    doc = PdfDocument(f"{title}: dice", f"die faces, {paper.name}")
    for n, sheet in enumerate(sheets, 1):
        note = text.box(paper.margin, h - paper.margin - 6, w - 2 * paper.margin, 5,
                        say("dice_sheet", title=title, n=n, total=len(sheets)), "sans", 7, "center", "#555555",
                        valign="middle")
        doc.add(sheet_page(w, h, [*_heading(heading, left, top, right - left), *sheet, *note]))
    if game.dice.nets is not None:
        edge = game.dice.nets
        nets: list[tuple[float, float, list[Shape]]] = []
        for die in game.dice.dice:
            net = die_net_scene(die, edge, lang, pips.get(die.id))
            if ctx.svg:
                yield Artifact(f"{ctx.svg_dir}/dice/{net.name}.svg", render_svg(net), None, "svg")
            for n in range(die.count):
                label = f"{die.name.get(lang, die.id)} {n + 1}/{die.count}"
                nets.append((net.width, LABEL + net.height,
                             [text.line(0, 4, label, "sans-bold", 8, "#2b261f"), Group(tuple(net.shapes), 0, LABEL)]))
        how = say("dice_nets", count=copies, edge=f"{edge:g}")
        net_sheets = _flow(nets, left, right, top + HEADING, bottom)
        for n, sheet in enumerate(net_sheets, 1):
            note = text.box(paper.margin, h - paper.margin - 6, w - 2 * paper.margin, 5,
                            say("dice_nets_sheet", title=title, n=n, total=len(net_sheets)), "sans", 7, "center",
                            "#555555", valign="middle")
            doc.add(sheet_page(w, h, [*_heading(how, left, top, right - left), *sheet, *note]))
    ctx.progress(f"dice: {faces} faces")
    yield Artifact(f"{game.id}-dice-{ctx.paper_key}{ctx.suffix}.pdf", doc.finish(), doc.pages, "dice")


def _heading(words: str, x: float, y: float, width: float) -> list[Shape]:
    """What a sheet asks of the player (what to buy, how to fold), in two lines at its top."""
    if not words:
        return []
    return list(text.box(x, y, width, HEADING - 2, words, "sans-bold", 9, "center", "#2b261f", min_size=7))


def _flow(blocks: list[tuple[float, float, list[Shape]]], left: float, right: float, top: float,
          bottom: float) -> list[list[Shape]]:
    """Blocks in rows from `left` to `right`, each row centred, rows from `top` down to `bottom`,
    then a new sheet."""
    sheets: list[list[Shape]] = [[]]
    y = top
    i = 0
    while i < len(blocks):
        row: list[tuple[float, float, list[Shape]]] = []
        width = 0.0
        while i < len(blocks) and (not row or width + SPACE + blocks[i][0] <= right - left + 1e-9):
            width += (SPACE if row else 0.0) + blocks[i][0]
            row.append(blocks[i])
            i += 1
        height = max(b[1] for b in row)
        if y + height > bottom and sheets[-1]:
            sheets.append([])
            y = top
        x = left + (right - left - width) / 2
        for bw, _bh, shapes in row:
            sheets[-1].append(Group(tuple(shapes), x, y))
            x += bw + SPACE
        y += height + SPACE
    return sheets
