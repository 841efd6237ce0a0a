"""Dice: each die's faces as a row of square stickers, one row per die, with its name."""

from __future__ import annotations

from collections.abc import Iterator

from ..draw import text
from ..draw.dice import die_face_scene
from ..draw.shapes import Group, Shape
from ..model import Game
from ..output import Artifact
from ..press.cards import sheet_page
from ..render.pdf import PdfDocument
from ..render.svg import render_svg
from .context import Context, sheet_words

GAP = 3.0   # mm between stickers


def build(game: Game, ctx: Context) -> Iterator[Artifact]:
    assert game.dice is not None
    title, lang, paper = game.meta.title, ctx.lang, ctx.paper
    w, h = paper.size
    left, top = paper.margin + 2, paper.margin + 2
    say = sheet_words(game, lang)
    sheets: list[list[Shape]] = []
    shapes: list[Shape] = []
    y = top
    faces = 0
    for die in game.dice.dice:
        scenes = [die_face_scene(die, i, lang) for i in range(len(die.faces))]
        for n in range(die.count):
            if y + die.size + 8 > h - paper.margin - 10:
                sheets.append(shapes)
                shapes, y = [], top
            shapes.append(text.line(left, y + 4, f"{die.name.get(lang, die.id)} {n + 1}/{die.count}", "sans-bold",
                                    8, "#2b261f"))
            x = left
            for scene in scenes:
                if x + die.size > w - paper.margin - 2:
                    x, y = left, y + die.size + GAP
                shapes.append(Group(tuple(scene.shapes), x, y + 6))
                x += die.size + GAP
                faces += 1
            y += die.size + 6 + GAP * 2
        if ctx.svg:
            for scene in scenes:
                yield Artifact(f"{ctx.svg_dir}/dice/{scene.name}.svg", render_svg(scene), None, "svg")
    sheets.append(shapes)
    doc = PdfDocument(f"{title}: dice", f"die faces, {paper.name}")
    for n, sheet in enumerate(sheets, 1):
        note = text.box(paper.margin, h - paper.margin - 6, w - 2 * paper.margin, 5,
                        say("dice_sheet", title=title, n=n, total=len(sheets)), "sans", 7, "center", "#555555",
                        valign="middle")
        doc.add(sheet_page(w, h, [*sheet, *note]))
    ctx.progress(f"dice: {faces} faces")
    yield Artifact(f"{game.id}-dice-{ctx.paper_key}{ctx.suffix}.pdf", doc.finish(), doc.pages, "dice")

