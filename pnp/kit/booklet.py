"""The rules booklet: A5 pages, and the same pages two-up on A4 in saddle-stitch order."""

from __future__ import annotations

from ..model import Game
from ..output import Artifact
from ..press.booklet import impose_saddle
from ..reference.booklet import build_booklet
from ..reference.flow import A5
from ..render.pdf import Page, render_pdf
from .context import Context


def build(game: Game, ctx: Context) -> list[Artifact]:
    gid, title = game.id, game.meta.title
    ctx.progress("booklet: replaying the walkthrough and laying out A5 pages")
    pages = build_booklet(game, ctx.lang)
    a4 = game.layouts.paper("a4")
    rules_title = f"{title}: rules reference"
    out = [Artifact(f"{gid}-rules-a5{ctx.suffix}.pdf",
                    render_pdf([Page(A5[0], A5[1], p) for p in pages], rules_title), len(pages), "booklet")]
    ctx.progress("booklet: imposing for saddle-stitch on A4")
    sides = impose_saddle(pages, A5[0], A5[1], a4.size[1], a4.size[0], f"{title} rules")
    out.append(Artifact(f"{gid}-rules-a4-booklet{ctx.suffix}.pdf", render_pdf(sides, rules_title + " (booklet)"),
                        len(sides), "booklet"))
    return out
