"""A deck: card faces and backs drawn once, imposed with bleed and crop marks, duplex backs."""

from __future__ import annotations

from ..draw.card import card_back, card_face
from ..model import Game
from ..output import Artifact
from ..press.cards import impose_cards
from ..press.grid import card_grid
from ..render.pdf import render_pdf
from ..render.svg import render_svg
from .context import Context


def build(game: Game, ctx: Context) -> list[Artifact]:
    gid, title, lang, paper = game.id, game.meta.title, ctx.lang, ctx.paper
    ctx.progress(f"cards: drawing {len(game.cards)} faces and their backs")
    fronts = [card_face(game, c, lang) for c in game.cards]
    backs = [card_back(game, c, lang) for c in game.cards]
    grid = card_grid(*paper.size, paper.margin, *game.card_size.size, game.face_layout.bleed,
                     where=game.files["cards"], paper_name=paper.name)
    ctx.progress(f"cards: {grid.cols} x {grid.rows} per {paper.name} sheet, duplex {ctx.duplex.value}")
    pages = impose_cards(fronts, backs, grid, ctx.duplex, f"{title} cards")
    flip = {"long": "", "short": "-short-edge", "none": "-glue"}[ctx.duplex.value]
    out = [Artifact(f"{gid}-cards-{ctx.paper_key}{flip}{ctx.suffix}.pdf",
                    render_pdf(pages, f"{title}: cards", f"{len(game.cards)} cards, {paper.name}"),
                    len(pages), "cards")]
    if ctx.svg:
        seen = set()
        for card, face in zip(game.cards, fronts):
            out.append(Artifact(f"{ctx.svg_dir}/cards/{card.slug}.svg", render_svg(face), None, "svg"))
        for back in backs:
            if back.name not in seen:
                seen.add(back.name)
                out.append(Artifact(f"{ctx.svg_dir}/cards/{back.name}.svg", render_svg(back), None, "svg"))
    return out
