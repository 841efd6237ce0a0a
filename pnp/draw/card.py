"""Card faces and backs as scenes (origin at the trim's top-left, bleed beyond)."""

from __future__ import annotations

from ..errors import DefinitionError
from ..model import Card, Game
from ..model.schema import CardLayout, Element
from ..sandbox.formats import fill
from . import image, text
from .contrast import readable
from .icons import icon
from .shapes import PT, Circle, Rect, Scene, Shape, Style, Text

INK = "#231f1a"
PAPER = "#fbf7ee"


def _box(el: Element, w: float, h: float) -> tuple[float, float, float, float]:
    x, y, bw, bh = el.box
    return x * w, y * h, bw * w, bh * h


def _scale(layout: CardLayout, w: float) -> float:
    return w / layout.design_width


def _set(game: Game, card: Card, layout: CardLayout, name: str, box: tuple[float, float, float, float],
         value: str, k: float, align: str, fill: str, valign: str = "middle", size: float | None = None,
         back: bool = False, on: str = PAPER) -> list[Text]:
    """The element `name`'s text in its box: at the layout's size scaled to the card, shrunk if need
    be down to the element's `min_size` (6 pt unless the layout says otherwise). Text that still does
    not fit, or a character no font has, stops the build naming the game, the card and the element;
    a layout with `shrink = true` lets text shrink further instead (never below 4 pt). The ink is
    darkened (or lightened) as little as needed to read at 4.5:1 on `on`, what lies under the text."""
    el = layout.elements[name]
    floor, shrink = el.min_size, layout.shrink
    x, y, bw, bh = box
    try:
        return text.box(x, y, bw, bh, value, el.font, size if size is not None else el.size * k, align,
                        readable(fill, on),
                        valign=valign, min_size=4.0 if shrink else floor, strict=not shrink)
    except (text.TextDoesNotFit, text.MissingGlyph) as exc:
        which = f"the back of card {card.label}" if back else f"card {card.label} ({card.type_id})"
        content = {"title": "name", "text": "text"}.get(name, "") if not back else ""
        where, key = card.written(content, game.files.get("cards", "cards.toml"), None)
        raise DefinitionError(where, key, f"game {game.id!r}, {which}, element {name!r}: {exc}") from None


_NUMBER_PT: dict[tuple[int, int, int, float], float] = {}


def _number_pt(game: Game, layout: CardLayout, side: float, k: float) -> float:
    """One size for every card number of a layout: the layout's size, or less so that the widest
    label (A10 beside A1) fits the ring. Numbers of one deck then all read the same size."""
    key = (id(game), id(layout), len(game.cards), side)
    if key not in _NUMBER_PT:
        el = layout.elements["number"]
        size = min(el.size * k, side / (PT * 1.22))
        for label in {c.label for c in game.cards if game.face_layout_of(c) is layout}:
            width = text.measure(label, el.font, size)
            if width > side:
                size *= side / width
        _NUMBER_PT[key] = max(size, el.min_size)
    return _NUMBER_PT[key]


def _images(game: Game, layout: CardLayout, w: float, h: float, colour: str) -> list[Shape]:
    """The layout's own pictures (`image = "art/logo.png"` on an element), each filling its box;
    vector art's currentColor is the card's colour."""
    name = next((n for n, lay in game.layouts.cards.items() if lay is layout), "layout")
    out: list[Shape] = []
    for key, el in layout.elements.items():
        if el.image:
            out += image.placed(game.folder / el.image, _box(el, w, h), "layouts/cards.toml",
                                f"{name}.elements.{key}.image", colour)
    return out


def _emblem(game: Game, card: Card, layout: CardLayout, w: float, h: float, colour: str) -> list[Shape]:
    """The card's clan emblem (its mon) in the layout's `emblem` box, in the clan's colour: a clan
    is then told by shape as well as by colour."""
    clan = card.clan
    if "emblem" not in layout.elements or clan is None or clan.emblem is None:
        return []
    i = next(n for n, c in enumerate(game.meta.clans) if c.id == clan.id)
    return image.placed(game.folder / clan.emblem, _box(layout.elements["emblem"], w, h), game.files["game"],
                        f"clans[{i}].emblem", colour)


def _ground(game: Game, card: Card, layout: CardLayout, w: float, h: float) -> list[Shape]:
    """The clan's mon large and pale in the layout's `ground` box, under everything else on the face
    (a card's background symbol): a shade between the paper and the clan's tint, so text over it
    keeps its contrast."""
    clan = card.clan
    if "ground" not in layout.elements or clan is None or clan.emblem is None:
        return []
    i = next(n for n, c in enumerate(game.meta.clans) if c.id == clan.id)
    return image.placed(game.folder / clan.emblem, _box(layout.elements["ground"], w, h), game.files["game"],
                        f"clans[{i}].emblem", card.tint)


def _name(game: Game, card: Card, layout: CardLayout, value: str, k: float, w: float, h: float,
          least: float, key: str = "title", valign: str = "middle") -> list[Text]:
    """The card's name (or the element `key`) as printed, or set at `least` pt where it prints smaller
    and its box holds it whole at that size."""
    el = layout.elements[key]
    printed = _set(game, card, layout, key, _box(el, w, h), value, k, el.align, INK, valign=valign)
    if not printed or min(t.size for t in printed) >= least:
        return printed
    try:
        return text.box(*_box(el, w, h), value, el.font, least, el.align, readable(INK, PAPER), valign=valign,
                        min_size=least, strict=True)
    except (text.TextDoesNotFit, text.MissingGlyph):
        return printed


def name_size(game: Game, card: Card, lang: str, least: float = 0.0) -> float:
    """The size (pt) `card_face` sets the card's name at, given `least`; infinity for a card
    without a name (nothing to read)."""
    layout = game.face_layout_of(card)
    value = card.type.title.get(lang, "")
    if "title" not in layout.elements or not value:
        return float("inf")
    w, h = game.size_of(card).size
    return min(t.size for t in _name(game, card, layout, value, _scale(layout, w), w, h, least))


def card_face(game: Game, card: Card, lang: str, name_pt: float = 0.0, text_pt: float = 0.0) -> Scene:
    """The card's face as printed. `name_pt`: a picture drawn smaller than the card sets the name
    at this size at least, where its box holds it, so that it stays legible once scaled down;
    `text_pt` the same for its text (a text its box cannot hold at that size is drawn as printed)."""
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
    scene.add(*_ground(game, card, layout, w, h))
    if "number" in els:
        x, y, bw, bh = _box(els["number"], w, h)
        r = min(bw, bh) / 2
        scene.add(Circle(x + bw / 2, y + bh / 2, r, Style(fill="#ffffff", stroke=colour, width=0.8 * k)))
        side = r * 1.5  # the number stays inside the ring, however many digits
        cx, cy = x + bw / 2, y + bh / 2
        scene.add(*_set(game, card, layout, "number", (cx - side / 2, cy - side / 2, side, side), card.label, k,
                        "center", colour, size=_number_pt(game, layout, side, k), on="#ffffff"))
    name = card.type.title.get(lang, "")
    if "title" in els and name:
        scene.add(*_name(game, card, layout, name, k, w, h, name_pt))
    subtitle = card.type.subtitle.get(lang, "")
    if "subtitle" in els and subtitle:
        scene.add(*_set(game, card, layout, "subtitle", _box(els["subtitle"], w, h), subtitle, k,
                        els["subtitle"].align, INK))
    if "art" in els and card.type.image:
        x, y, bw, bh = _box(els["art"], w, h)
        art_file, art_key = card.written("image", game.files.get("cards", "cards.toml"), f"types.{card.type_id}.image")
        scene.add(Rect(x, y, bw, bh, Style(fill=tint), radius=2 * k),
                  *image.placed(game.folder / card.type.image, (x, y, bw, bh), art_file, art_key or "", colour),
                  Rect(x, y, bw, bh, Style(stroke=colour, width=0.35 * k), radius=2 * k))
        if card.type.kanji:     # the type's glyph stays, small in the picture's lower right corner
            scene.add(*_set(game, card, layout, "art", (x + bw * 0.5, y + bh * 0.8, bw * 0.47, bh * 0.17),
                            card.type.kanji, k, "right", colour, on=tint, size=bh * 0.13 / PT))
    elif "art" in els:
        x, y, bw, bh = _box(els["art"], w, h)
        scene.add(Rect(x, y, bw, bh, Style(fill=tint, stroke=colour, width=0.35 * k), radius=2 * k))
        picture = icon(card.type.icon, x + bw / 2, y + bh * 0.8, bh * 0.26, colour)
        if card.type.kanji and picture:   # the glyph above, the icon below
            scene.add(*_set(game, card, layout, "art", (x, y + bh * 0.04, bw, bh * 0.62), card.type.kanji, k,
                            "center", colour, on=tint))
        elif card.type.kanji:             # the glyph alone fills the box: as large as it fits, in its middle
            scene.add(*_set(game, card, layout, "art", (x + bw * 0.04, y + bh * 0.06, bw * 0.92, bh * 0.88),
                            card.type.kanji, k, "center", colour, on=tint, size=bh * 0.7 / PT))
        elif picture:                     # the icon alone, larger, in the middle
            picture = icon(card.type.icon, x + bw / 2, y + bh / 2, bh * 0.5, colour)
        scene.add(*picture)
    if "players" in els and card.players:
        x, y, bw, bh = _box(els["players"], w, h)
        scene.add(Rect(x, y, bw, bh, Style(fill=colour), radius=bh / 2))
        mark = f"{card.players}+" if card.players < game.meta.players.max else f"{card.players}"
        scene.add(*_set(game, card, layout, "players", (x, y, bw, bh), mark, k, "center", "#ffffff", on=colour))
    if "deal" in els and card.deal:
        # Named by the game's `deal` word where it has one: a bare "P1" says nothing at the table.
        named = game.meta.words.get("deal", {}).get(lang)
        marks = (" · " if named else "  ").join(f"{n}p P{seat}" if named else f"{n}p: P{seat}" for n, seat in card.deal)
        line = f"⚖ {named}: {marks}" if named else f"⚖ {marks}"
        scene.add(*_set(game, card, layout, "deal", _box(els["deal"], w, h), line, k, "left", colour))
    if "text" in els and card.type.text.get(lang):     # a card may have no text: a plain number card
        scene.add(*_name(game, card, layout, card.type.text[lang], k, w, h, text_pt, "text", "top"))
    if "footer" in els:
        owner = card.clan.name[lang] if card.clan else game.back(card).title.get(lang, "")
        # a card of no clan whose back is titled with the game's name says that name once
        words = game.meta.title if owner in ("", game.meta.title) else f"{game.meta.title} · {owner}"
        scene.add(*_set(game, card, layout, "footer", _box(els["footer"], w, h), words, k, "left", colour))
    scene.add(*_images(game, layout, w, h, colour), *_emblem(game, card, layout, w, h, colour))
    for key, el in els.items():   # fields the data defines: trust, cost, a character's power...
        shown = card.field(el.field, lang) if el.field else None
        if shown:
            scene.add(*_set(game, card, layout, key, _box(el, w, h), fill(el.format, value=shown), k, el.align, colour))
    if "corner" in els:
        scene.add(*_set(game, card, layout, "corner", _box(els["corner"], w, h), f"#{card.label}", k, "right",
                        colour))
    return scene


def back_title_size(game: Game, card: Card, lang: str) -> float:
    """The size (pt) the title on the card's back prints at; infinity for a back without one."""
    layout = game.back_layout_of(card)
    value = game.back(card).title.get(lang, "")
    if "title" not in layout.elements or not value:
        return float("inf")
    w, h = game.size_of(card).size
    return min(t.size for t in _set(game, card, layout, "title", _box(layout.elements["title"], w, h), value,
                                    _scale(layout, w), "center", "#ffffff", back=True, on=card.back_colour))


def card_back(game: Game, card: Card, lang: str) -> Scene:
    layout = game.back_layout_of(card)
    w, h = game.size_of(card).size
    b, k = layout.bleed, _scale(layout, w)
    back = game.back(card)
    colour, tint = card.back_colour, card.back_tint
    els = layout.elements
    scene = Scene(f"back-{card.back_key}", w, h, b)
    # No frame near the edge: a back printed 1 mm off would show it uneven on every card. The colour
    # runs into the bleed and the medallion sits in the middle, where a shift does not show.
    scene.add(
        Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=colour)),
        Circle(w / 2, h / 2, w * 0.3, Style(fill=tint)),
    )
    scene.add(*_images(game, layout, w, h, colour))
    if card.clan is not None and card.back_key == card.clan.id:    # the clan's own back shows its mon
        scene.add(*_emblem(game, card, layout, w, h, colour))
    for key, value, ink, on in (("title", back.title.get(lang, ""), "#ffffff", colour),
                                ("art", back.kanji, colour, tint),
                                ("text", back.text.get(lang, ""), "#ffffff", colour)):
        if key in els and value:
            scene.add(*_set(game, card, layout, key, _box(els[key], w, h), value, k, "center", ink, back=True, on=on))
    return scene
