"""Decks: card faces and backs drawn once, imposed with bleed and crop marks, duplex backs.

Cards of one size share sheets; a game whose decks differ in size (see cards.toml `[decks]`)
gets one sheet file per size, named after the decks on it."""

from __future__ import annotations

from ..draw.card import card_back, card_face
from ..model import Card, Game
from ..output import Artifact
from ..press.cards import impose_cards
from ..press.grid import card_grid
from ..render.pdf import render_pdf
from ..render.svg import render_svg
from .context import Context, sheet_words


def size_groups(game: Game) -> list[list[Card]]:
    """The cards split by printed size, in deck order."""
    groups: dict[str, list[Card]] = {}
    for card in game.cards:
        groups.setdefault(game.size_of(card).name, []).append(card)
    return list(groups.values())


def build(game: Game, ctx: Context) -> list[Artifact]:
    gid, title, lang, paper = game.id, game.meta.title, ctx.lang, ctx.paper
    groups = size_groups(game)
    flip = {"long": "", "short": "-short-edge", "none": "-glue"}[ctx.duplex.value]
    say = sheet_words(game, lang)
    out: list[Artifact] = []
    all_fronts, all_backs = [], []
    for cards in groups:
        ctx.progress(f"cards: drawing {len(cards)} faces and their backs")
        fronts = [card_face(game, c, lang) for c in cards]
        backs = [card_back(game, c, lang) for c in cards]
        all_fronts += fronts
        all_backs += backs
        size = game.size_of(cards[0])
        grid = card_grid(*paper.size, paper.margin, *size.size, game.face_layout_of(cards[0]).bleed,
                         where=game.files["cards"], paper_name=paper.name)
        turned = ", turned" if grid.rotated else ""
        ctx.progress(f"cards: {grid.cols} x {grid.rows}{turned} per {paper.name} sheet, duplex {ctx.duplex.value}")
        pages = impose_cards(fronts, backs, grid, ctx.duplex, f"{title} {say('cards')}", say)
        decks = "" if len(groups) == 1 else "-" + "-".join(dict.fromkeys(c.deck for c in cards))
        out.append(Artifact(f"{gid}-cards{decks}-{ctx.paper_key}{flip}{ctx.suffix}.pdf",
                            render_pdf(pages, f"{title}: cards", f"{len(cards)} cards, {paper.name}"),
                            len(pages), "cards"))
    if ctx.svg:
        seen = set()
        for card, face in zip([c for cards in groups for c in cards], all_fronts):
            out.append(Artifact(f"{ctx.svg_dir}/cards/{card.slug}.svg", render_svg(face), None, "svg"))
        for back in all_backs:
            if back.name not in seen:
                seen.add(back.name)
                out.append(Artifact(f"{ctx.svg_dir}/cards/{back.name}.svg", render_svg(back), None, "svg"))
    return out
