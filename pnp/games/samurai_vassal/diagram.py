"""A Samurai Vassal card as the booklet's diagrams draw it: 15 mm wide, then scaled to the page (a
four-player round to about 0.8), where the printed face's name and effect would shrink to grey bars.
This face keeps what a reader needs to follow a caption ("Red is Nene and Blue is Maeda"): the level
and a proposal's owner sign in the top strip (the part of a card that stays in view where the
diagrams overlap cards), a character's short name under them, and the card's emblem large below. It
is drawn at the printed card's size, so it takes the printed face's place in `pnp.draw.table`
unchanged; type sizes are chosen for the diagram's scale (`DIAGRAM_MM`)."""

from __future__ import annotations

from ...draw import image, text
from ...draw.card import INK, PAPER
from ...draw.contrast import readable
from ...draw.shapes import Rect, Scene, Style
from ...model import Card, Game

DIAGRAM_MM = 15.0       # the width the walkthrough and examples draw a card at, before the page scales it
LEVEL_PT = 10.0         # the level and the owner's sign, in pt at DIAGRAM_MM
# The short name, in pt at DIAGRAM_MM: the walkthrough scales a four-player figure to 0.77 and the
# booklet prints no text under 6.4 pt (smaller text becomes a bar), so 8.4 pt, and names short enough
# to fit the card's width at that size ("Hanbei", "Ieyasu": booklet/narration `[short-names]`).
NAME_PT = 8.4
NAME_MARGIN_MM = 0.46   # room kept right of a name, in mm at DIAGRAM_MM: 1 pt once a walkthrough scales it
LEVEL_ROW = 0.22        # of the height: the level and the owner's sign, what shows where another card
NAME_ROW = 0.14         # overlaps this one (the diagrams overlap a quarter); the name under them


def diagram_face(game: Game, card: Card, lang: str, name: str) -> Scene:
    """The card's diagram face labelled `name` (a proposal, known by its level, may have none), at the
    printed card's size (origin at the trim's top-left)."""
    w, h = game.size_of(card).size
    k = w / DIAGRAM_MM                       # card millimetres per diagram millimetre
    colour, tint = card.colour, card.tint
    ink = readable(colour, PAPER)
    frame = w * 0.03
    level_h, strip = h * LEVEL_ROW - frame, h * (LEVEL_ROW + NAME_ROW)
    scene = Scene(f"diagram-{card.slug}", w, h, 0.0)
    scene.add(Rect(0, 0, w, h, Style(fill=colour)),
              Rect(frame, frame, w - 2 * frame, h - 2 * frame, Style(fill=PAPER), radius=2.5))
    inner = w - 2 * frame - 1.0
    scene.add(*text.box(frame + 0.5, frame, inner, level_h, card.field("level", lang) or "", "sans-bold",
                        LEVEL_PT * k, "left", ink, valign="middle", min_size=LEVEL_PT * k * 0.6))
    seat = card.field("seat", lang)
    if card.clan and seat:        # the owner's sign beside the level: a shape, not colour alone
        scene.add(*text.box(frame + 0.5, frame, inner, level_h, seat.split()[0], "sans-bold", LEVEL_PT * k,
                            "right", ink, valign="middle", min_size=LEVEL_PT * k * 0.6))
    if name:
        # a long name ("Toyotomi") would touch the card's border: it takes the narrower Latin of the
        # Japanese face rather than a smaller size, which would print under the booklet's least size
        font = "sans" if text.measure(name, "sans", NAME_PT * k) <= inner - NAME_MARGIN_MM * k else "jp"
        scene.add(*text.box(frame + 0.5, frame + level_h, inner, strip - frame - level_h, name, font,
                            NAME_PT * k, "left", INK, valign="middle", min_size=NAME_PT * k, leading=1.0))
    art_y = strip + 1.5
    art_h = h - art_y - frame - 1.5
    scene.add(Rect(frame + 1.5, art_y, w - 2 * frame - 3.0, art_h, Style(fill=tint), radius=2.0))
    if card.type.image:
        side = min(w - 2 * frame - 6.0, art_h - 4.0)
        box = ((w - side) / 2, art_y + (art_h - side) / 2, side, side)
        where, key = card.written("image", game.files.get("cards", "cards.toml"), f"types.{card.type_id}.image")
        scene.add(*image.placed(game.folder / card.type.image, box, where, key or "", colour))
    return scene


__all__ = ["DIAGRAM_MM", "NAME_PT", "diagram_face"]
