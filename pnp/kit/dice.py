"""Dice: each die's faces as square stickers, a block of two rows under the die's name, blocks side by
side across the sheet."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from ..draw import text
from ..draw.dice import TAB_DEPTH, die_face_scene, die_net_scene
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

Block = tuple[float, float, list[Shape]]     # width, height, shapes drawn from (0, 0)


@dataclass(frozen=True)
class _Section:
    """Stickers or paper dice: the footer key its sheets carry, the heading that says what to do."""

    footer: str
    heading: str
    blocks: list[Block]


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
    blocks: list[Block] = []
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
    sections = [_Section("dice_sheet", heading, blocks)]
    if game.dice.nets is not None:
        edge = game.dice.nets
        nets: list[Block] = []
        for die in game.dice.dice:
            net = die_net_scene(die, edge, lang, pips.get(die.id))
            if ctx.svg:
                yield Artifact(f"{ctx.svg_dir}/dice/{net.name}.svg", render_svg(net), None, "svg")
            for n in range(die.count):
                label = f"{die.name.get(lang, die.id)} {n + 1}/{die.count}"
                # the name sits in the empty corner right of the top face, above the two tabs, so a net
                # takes no more height than its cross and four rows of them fit on A4 and on Letter
                name = text.box(2 * edge + 2, 0, 2 * edge + edge * TAB_DEPTH - 2, edge * (1 - TAB_DEPTH) - 1,
                                label, "sans-bold", 8, "left", "#2b261f", valign="middle", min_size=6)
                nets.append((net.width, net.height, [*name, Group(tuple(net.shapes), 0, 0)]))
        sections.append(_Section("dice_nets_sheet", say("dice_nets", count=copies, edge=f"{edge:g}"), nets))
    pages = _flow(sections, left, right, top, bottom)
    doc = PdfDocument(f"{title}: dice", f"die faces, {paper.name}")
    totals = Counter(footer for footer, _ in pages)
    numbers: Counter[str] = Counter()
    for footer, shapes in pages:
        numbers[footer] += 1
        note = text.box(paper.margin, h - paper.margin - 6, w - 2 * paper.margin, 5,
                        say(footer, title=title, n=numbers[footer], total=totals[footer]), "sans", 7, "center",
                        "#555555", valign="middle")
        doc.add(sheet_page(w, h, [*shapes, *note]))
    ctx.progress(f"dice: {faces} faces")
    yield Artifact(f"{game.id}-dice-{ctx.paper_key}{ctx.suffix}.pdf", doc.finish(), doc.pages, "dice")


def _heading(words: str, x: float, y: float, width: float) -> list[Shape]:
    """What a sheet asks of the player (what to buy, how to fold), in two lines at its top."""
    if not words:
        return []
    return list(text.box(x, y, width, HEADING - 2, words, "sans-bold", 9, "center", "#2b261f", min_size=7))


def _flow(sections: list[_Section], left: float, right: float, top: float,
          bottom: float) -> list[tuple[str, list[Shape]]]:
    """Each section's blocks in rows from `left` to `right`, each row centred, rows from `top` down to
    `bottom`, then a new sheet. A section starts on the sheet where the one before ends if its heading
    and first row fit there, so no sheet is left nearly blank; its heading heads it on every sheet it
    reaches. Each sheet takes the footer of the first section on it."""
    pages: list[tuple[str, list[Shape]]] = []
    y = bottom
    for section in sections:
        head = HEADING if section.heading else 0.0
        for k, row in enumerate(_rows(section.blocks, right - left)):
            height = max(b[1] for b in row)
            headed = k == 0
            if not pages or y + (head if headed else 0.0) + height > bottom + 1e-9:
                pages.append((section.footer, []))
                y, headed = top, True
            if headed:
                pages[-1][1].extend(_heading(section.heading, left, y, right - left))
                y += head
            width = sum(b[0] for b in row) + SPACE * (len(row) - 1)
            x = left + (right - left - width) / 2
            for bw, _bh, shapes in row:
                pages[-1][1].append(Group(tuple(shapes), x, y))
                x += bw + SPACE
            y += height + SPACE
    return pages


def _rows(blocks: list[Block], width: float) -> list[list[Block]]:
    """Blocks in order, as many to a row as fit in `width` with SPACE between them."""
    rows: list[list[Block]] = []
    used = 0.0
    for block in blocks:
        if rows and used + SPACE + block[0] <= width + 1e-9:
            rows[-1].append(block)
            used += SPACE + block[0]
        else:
            rows.append([block])
            used = block[0]
    return rows
