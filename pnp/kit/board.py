"""A hex board: one A3 sheet, and the same scale split over two sheets of the chosen paper."""

from __future__ import annotations

from ..draw.board import board_scene
from ..model import Game
from ..output import Artifact
from ..press.board import split_board, whole_board
from ..render.pdf import render_pdf
from ..render.svg import render_svg
from .context import Context

OVERLAP = 10.0  # mm of board printed on both halves of a split board


def build(game: Game, ctx: Context) -> list[Artifact]:
    gid, title, lang, paper = game.id, game.meta.title, ctx.lang, ctx.paper
    ctx.progress("board: drawing the map")
    scene = board_scene(game, lang)
    a3 = game.layouts.paper("a3")
    page = whole_board(scene, *a3.size, a3.margin, game.files["board"], a3.name)
    out = [Artifact(f"{gid}-board-a3{ctx.suffix}.pdf", render_pdf([page], f"{title}: board (A3)"), 1, "board")]
    ctx.progress(f"board: splitting over two {paper.name} sheets")
    words = {k: game.word(k, lang) for k in ("overlap", "cut_here")}
    halves = split_board(scene, *paper.size, paper.margin, game.files["board"], paper.name, OVERLAP, words,
                         f"{title} board")
    out.append(Artifact(f"{gid}-board-2x{ctx.paper_key}{ctx.suffix}.pdf",
                        render_pdf(halves, f"{title}: board on two {paper.name} sheets"), 2, "board"))
    if ctx.svg:
        out.append(Artifact(f"{ctx.svg_dir}/board.svg", render_svg(scene), None, "svg"))
    return out
