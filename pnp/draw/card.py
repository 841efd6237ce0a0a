"""Card faces and backs as scenes (origin at the trim's top-left, bleed beyond)."""

from __future__ import annotations

from ..model import Card, Game
from ..model.schema import CardLayout, Element
from . import text
from .icons import icon
from .shapes import Circle, Rect, Scene, Style

INK = "#231f1a"
PAPER = "#fbf7ee"


def _box(el: Element, w: float, h: float) -> tuple[float, float, float, float]:
    x, y, bw, bh = el.box
    return x * w, y * h, bw * w, bh * h


def _scale(layout: CardLayout, w: float) -> float:
    return w / layout.design_width


def card_face(game: Game, card: Card, lang: str) -> Scene:
    layout = game.face_layout_of(card)
    w, h = game.size_of(card).size
    b, k = layout.bleed, _scale(layout, w)
    colour, tint = card.colour, card.tint
    els = layout.elements
    scene = Scene(f"card-{card.slug}", w, h, b)
    frame = layout.frame * w
    scene.add(
        Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=colour)),
        Rect(frame, frame, w - 2 * frame, h - 2 * frame, Style(fill=PAPER), radius=layout.corner_radius),
    )
    if "number" in els:
        x, y, bw, bh = _box(els["number"], w, h)
        r = min(bw, bh) / 2
        scene.add(Circle(x + bw / 2, y + bh / 2, r, Style(fill="#ffffff", stroke=colour, width=0.8 * k)))
        side = r * 1.5  # the number stays inside the ring, however many digits
        cx, cy = x + bw / 2, y + bh / 2
        scene.add(*text.box(cx - side / 2, cy - side / 2, side, side, card.label, els["number"].font,
                            els["number"].size * k, "center", colour, valign="middle"))
    for key, value in (("title", card.type.title[lang]), ("subtitle", card.type.subtitle.get(lang, ""))):
        if key in els and value:
            x, y, bw, bh = _box(els[key], w, h)
            scene.add(*text.box(x, y, bw, bh, value, els[key].font, els[key].size * k, els[key].align, INK,
                                valign="middle"))
    if "art" in els:
        x, y, bw, bh = _box(els["art"], w, h)
        scene.add(Rect(x, y, bw, bh, Style(fill=tint, stroke=colour, width=0.35 * k), radius=2 * k))
        if card.type.kanji:
            scene.add(*text.box(x, y + bh * 0.04, bw, bh * 0.62, card.type.kanji, els["art"].font,
                                els["art"].size * k, "center", colour, valign="middle"))
        scene.add(*icon(card.type.icon, x + bw / 2, y + bh * 0.8, bh * 0.26, colour))
    if "players" in els and card.players:
        x, y, bw, bh = _box(els["players"], w, h)
        scene.add(Rect(x, y, bw, bh, Style(fill=colour), radius=bh / 2))
        mark = f"{card.players}+" if card.players < game.meta.players.max else f"{card.players}"
        scene.add(*text.box(x, y, bw, bh, mark, els["players"].font,
                            els["players"].size * k, "center", "#ffffff", valign="middle"))
    if "deal" in els and card.deal:
        x, y, bw, bh = _box(els["deal"], w, h)
        marks = "  ".join(f"{n}p: P{seat}" for n, seat in card.deal)
        scene.add(*text.box(x, y, bw, bh, f"⚖ {marks}", els["deal"].font, els["deal"].size * k, "left", colour,
                            valign="middle"))
    if "text" in els:
        x, y, bw, bh = _box(els["text"], w, h)
        scene.add(*text.box(x, y, bw, bh, card.type.text[lang], els["text"].font, els["text"].size * k,
                            els["text"].align, INK))
    if "footer" in els:
        x, y, bw, bh = _box(els["footer"], w, h)
        owner = card.clan.name[lang] if card.clan else game.back(card).title.get(lang, "")
        words = f"{game.meta.title} · {owner}"
        scene.add(*text.box(x, y, bw, bh, words, els["footer"].font, els["footer"].size * k, "left", colour,
                            valign="middle"))
    for el in els.values():   # fields the data defines: trust, cost, a character's power...
        value = card.field(el.field, lang) if el.field else None
        if value:
            x, y, bw, bh = _box(el, w, h)
            scene.add(*text.box(x, y, bw, bh, el.format.format(value), el.font, el.size * k, el.align, colour,
                                valign="middle"))
    if "corner" in els:
        x, y, bw, bh = _box(els["corner"], w, h)
        scene.add(*text.box(x, y, bw, bh, f"#{card.label}", els["corner"].font, els["corner"].size * k,
                            "right", colour, valign="middle"))
    return scene


def card_back(game: Game, card: Card, lang: str) -> Scene:
    layout = game.back_layout_of(card)
    w, h = game.size_of(card).size
    b, k = layout.bleed, _scale(layout, w)
    back = game.back(card)
    colour, tint = card.colour, card.tint
    els = layout.elements
    scene = Scene(f"back-{card.back_key}", w, h, b)
    frame = layout.frame * w
    scene.add(
        Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=colour)),
        Rect(frame, frame, w - 2 * frame, h - 2 * frame, Style(stroke=tint, width=0.6 * k),
             radius=layout.corner_radius),
        Circle(w / 2, h / 2, w * 0.3, Style(fill=tint)),
    )
    for key, value, ink in (("title", back.title.get(lang, ""), "#ffffff"), ("art", back.kanji, colour),
                            ("text", back.text.get(lang, ""), "#ffffff")):
        if key in els and value:
            x, y, bw, bh = _box(els[key], w, h)
            scene.add(*text.box(x, y, bw, bh, value, els[key].font, els[key].size * k, "center", ink,
                                valign="middle"))
    return scene
