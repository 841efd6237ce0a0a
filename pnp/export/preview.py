"""A quick look at a game's cards as PNG: one card (its face or back, at its trim), or a contact
sheet of every different face with its name beneath. The cards are the kit's own drawings
(`pnp.draw.card`), rendered to PDF and rasterised like every image export (`pnp.export.raster`)."""

from __future__ import annotations

import difflib
import math

from ..draw import text
from ..draw.card import card_back, card_face
from ..draw.shapes import Group, Rect, Shape, Style
from ..errors import UsageError
from ..model import Card, Game
from ..render.pdf import Page
from .cards import card_page
from .raster import png, rasterise
from .tts import card_name

SHEET_GAP = 4.0        # mm between two cards of the contact sheet, and around it
CAPTION = 9.0          # mm under each card for its name
MAX_SHEET_PX = 8000    # the contact sheet's longest side: a large deck is drawn at a lower resolution


def _px(mm: float, dpi: int) -> int:
    return max(1, round(mm / 25.4 * dpi))


def find_card(game: Game, query: str, lang: str) -> Card:
    """The first card whose name (in any language), label, file slug or number is `query`
    (case-insensitive); an unknown one is an error naming near matches."""
    return find_cards(game, query, lang)[0]


def find_cards(game: Game, query: str, lang: str) -> list[Card]:
    """Every different card (copies once) whose name (in any language), label, file slug or number is
    `query` (case-insensitive), in the deck's order: more than one when a number or a type's title is
    shared, so the caller can say which it shows. None is an error naming near matches."""
    if not game.cards:
        raise UsageError(f"{game.id} has no cards to preview (its parts: {', '.join(game.components) or 'none'})")
    want = query.strip().casefold()
    names: dict[str, list[Card]] = {}
    for card in game.cards:
        if card.copy > 1:           # a copy draws the same face as its first
            continue
        keys = {card.label, card.slug, card_name(game, card, lang), *card.type.title.values()}
        if want.isdigit():
            keys.add(str(card.number))
        for key in keys:
            names.setdefault(key.casefold(), []).append(card)
    if want in names:
        return names[want]
    near = difflib.get_close_matches(want, list(names), n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(repr(n) for n in near)}?" if near else \
        "; give a card's name, label or number (`pnp preview GAME` shows every card)"
    raise UsageError(f"--card {query!r}: {game.id} has no such card{hint}")


def card_png(game: Game, card: Card, lang: str, back: bool = False, dpi: int = 300) -> bytes:
    """One side of one card, at its trim, as a PNG of `dpi`."""
    scene = card_back(game, card, lang) if back else card_face(game, card, lang)
    (image,) = rasterise([card_page(scene, 0.0)], [(_px(scene.width, dpi), _px(scene.height, dpi))])
    return png(image, dpi)


def contact_sheet(game: Game, lang: str, dpi: int = 100) -> tuple[bytes, int]:
    """Every different face of the deck (a card's copies once), in definition order, each with its
    name under it, on one PNG; and how many cards it shows."""
    if not game.cards:
        raise UsageError(f"{game.id} has no cards to preview (its parts: {', '.join(game.components) or 'none'})")
    cards = [c for c in game.cards if c.copy == 1]
    faces = [card_face(game, c, lang) for c in cards]
    cell_w = max(f.width for f in faces) + SHEET_GAP
    cell_h = max(f.height for f in faces) + CAPTION + SHEET_GAP
    # about as wide as tall, at most 12 across
    cols = max(1, min(len(faces), 12, math.ceil(math.sqrt(len(faces) * cell_h / cell_w))))
    rows = math.ceil(len(faces) / cols)
    width, height = cols * cell_w + SHEET_GAP, rows * cell_h + SHEET_GAP
    shapes: list[Shape] = [Rect(0, 0, width, height, Style(fill="#ffffff"))]
    for i, (card, face) in enumerate(zip(cards, faces)):
        row, col = divmod(i, cols)
        x = SHEET_GAP + col * cell_w + (cell_w - SHEET_GAP - face.width) / 2
        y = SHEET_GAP + row * cell_h
        shapes.append(Group(tuple(face.shapes), x, y, 0.0, (0.0, 0.0, face.width, face.height)))
        shapes.extend(text.box(SHEET_GAP + col * cell_w, y + face.height + 1.0, cell_w - SHEET_GAP, CAPTION - 1.5,
                               card_name(game, card, lang), "sans", 7.0, "center", "#222222"))
    dpi = min(dpi, math.floor(MAX_SHEET_PX / (max(width, height) / 25.4)))
    (image,) = rasterise([Page(width, height, shapes)], [(_px(width, dpi), _px(height, dpi))])
    return png(image, dpi), len(cards)
