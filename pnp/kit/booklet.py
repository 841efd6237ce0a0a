"""The rules booklet: A5 pages, and the same pages two-up on the chosen paper in saddle-stitch order
(A4 sheets of A5 pages; on Letter, half-Letter pages: the A5 pages scaled to fit)."""

from __future__ import annotations

from ..model import Game
from ..output import Artifact
from ..press.booklet import impose_saddle
from ..reference.backcover import for_print
from ..reference.booklet import build_booklet, pdf_metadata
from ..reference.flow import A5, INK
from ..render.pdf import Drawn, Page, render_pdf
from .context import Context, sheet_words


def build(game: Game, ctx: Context) -> list[Artifact]:
    gid, title, paper = game.id, game.meta.title, ctx.paper
    ctx.progress("booklet: replaying the walkthrough and laying out A5 pages")
    pages = build_booklet(game, ctx.lang)
    say = sheet_words(game, ctx.lang)
    meta = pdf_metadata(game, ctx.lang)      # title and subject in the build's language
    rules_title = meta["title"]
    a5 = [Page(A5[0], A5[1], p) for p in pages]
    drawn = Drawn()      # the imposed booklet draws the same pages again
    a5_pdf = render_pdf(a5, rules_title, meta["subject"], meta["author"], drawn)
    out = [Artifact(f"{gid}-rules-a5{ctx.suffix}.pdf", a5_pdf, len(pages), "booklet")]
    ctx.progress(f"booklet: imposing for saddle-stitch on {paper.name}")
    long, short = max(paper.size), min(paper.size)
    first = next(iter(game.clans.values()), None)
    printed = for_print(pages, game, ctx.lang, first.colour if first else INK)   # no blank sides: notes, back cover
    sides = impose_saddle(printed, A5[0], A5[1], long, short, say("rules", title=title), paper.margin, say)
    out.append(Artifact(f"{gid}-rules-{ctx.paper_key}-booklet{ctx.suffix}.pdf",
                        render_pdf(sides, rules_title, meta["subject"], meta["author"], drawn), len(sides),
                        "booklet"))
    return out
