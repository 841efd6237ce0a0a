"""Warnings: definitions that load and build, but most likely not as their author meant. A
misspelt field prints nothing, a box past the trim is cut off, text in the safe margin may be cut,
two elements in one place print over each other, two cards with one number cannot be told apart.
Each is a `DefinitionError` kept on the game (`Game.warnings`); `--strict` makes them errors."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..errors import DefinitionError
from .rows import KEYS
from .schema import CardEntry, CardLayout, Element

if TYPE_CHECKING:
    from .deck import Card, Source
    from .game import Game

PT = 25.4 / 72           # one point in mm
# What a face layout's elements print (pnp/draw/card.py); a back prints the first three.
FACE = ("number", "title", "subtitle", "art", "emblem", "ground", "text", "players", "deal", "footer", "corner")
BACK = ("title", "art", "emblem", "text")
PICTURES = ("art", "emblem", "ground")   # elements that print a picture, not text


def _hint(name: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, sorted(set(known)), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def warnings(game: Game, listed: list[tuple[CardEntry, Source]]) -> list[DefinitionError]:
    out = _seats(game)
    if game.cards_file is not None and game.cards:
        out += _numbers(game, listed)
        out += _fields(game, listed)
        out += _geometry(game)
    return out


def _seats(game: Game) -> list[DefinitionError]:
    meta = game.meta
    if game.clans and meta.players.max > len(game.clans):
        return [DefinitionError(game.files["game"], "players.max",
                                f"{meta.players.max} players, but {len(game.clans)} clans to seat them: "
                                f"add clans or lower players.max")]
    return []


def _numbers(game: Game, listed: list[tuple[CardEntry, Source]]) -> list[DefinitionError]:
    """Two entries of one deck, clan and letter with one number: their labels differ (one label
    twice is an error), but the number orders the cards (A1 before A2), so which comes first is
    left to chance."""
    out = []
    seen: dict[tuple[str, str, str, int], Source] = {}   # another clan's or letter's card 1 is told apart
    types = game.deck.types
    for entry, src in listed:
        if entry.type not in types or entry.count == 0:
            continue
        deck = entry.deck or types[entry.type].deck
        letter = types[entry.type].letter
        first = seen.setdefault((deck, entry.clan or "", letter, entry.number), src)
        if first is not src:
            other = first.key() if first.where == src.where else f"{first.where} {first.key()}"
            out.append(DefinitionError(src.where, src.key("number"),
                                       f"number {letter}{entry.number} is also the number of {other}: two cards "
                                       f"of deck {deck!r}{f' and clan {entry.clan!r}' if entry.clan else ''} "
                                       "have the same number, so which one comes first is not defined"))
    return out


def _layout_file(game: Game, name: str) -> str:
    return game.layouts.files["cards"] if name in game.layouts.own else "layouts/cards.toml"


def _fields(game: Game, listed: list[tuple[CardEntry, Source]]) -> list[DefinitionError]:
    """A field a layout prints that no card of it has; a card field its layout does not print."""
    out = []
    by_layout: dict[str, list[Card]] = {}
    names = {id(lay): n for n, lay in game.layouts.cards.items()}
    for card in game.cards:
        by_layout.setdefault(names[id(game.face_layout_of(card))], []).append(card)
    printed: dict[str, set[str]] = {}
    for name, cards in by_layout.items():
        layout = game.layouts.cards[name]
        printed[name] = {el.field for el in layout.elements.values() if el.field}
        have = {key for card in cards for key, _ in card.fields}
        if name not in game.layouts.own:      # a built-in layout's field is an offer (basic's value), not a typo
            continue
        for key, el in layout.elements.items():
            if el.field and el.field not in have:
                out.append(DefinitionError(_layout_file(game, name), f"{name}.elements.{key}.field",
                                           f"prints field {el.field!r}, which no card of this layout has"
                                           f"{_hint(el.field, have)}"))
    # A field no layout prints may be data the game's rules module reads (a role, a kind): it is
    # named when it looks like a misspelt printed field, or when no rules module plays the game.
    data_only = not _has_rules(game)
    layout_of = {c.type_id: names[id(game.face_layout_of(c))] for c in game.cards}
    told: set[tuple[str, str]] = set()
    unprinted: list[tuple[str, str, str, str]] = []       # file, key, field, layout
    for tid, ctype in game.deck.types.items():
        if tid in layout_of:
            unprinted += [(game.files["cards"], f"types.{tid}.fields.{f}", f, layout_of[tid]) for f in ctype.fields]
    for entry, src in listed:
        for field in entry.fields if entry.type in layout_of else ():
            if (src.where, field) not in told:     # a spreadsheet column is named once, at its first row
                told.add((src.where, field))
                printed_hint = _hint(field, printed[layout_of[entry.type]])
                column = _hint(field.lower(), KEYS) if src.row is not None and not printed_hint else ""
                if column:   # a misspelt header (cuont) turns a column pnp reads into a silent field
                    out.append(DefinitionError(src.where, f"row 1, column {field}",
                                               f"not a column pnp reads, so every row keeps it as a field "
                                               f"(columns: {', '.join(KEYS)}){column}"))
                    continue
                key = src.key("fields", field) if src.row is not None else f"{src.key('fields')}.{field}"
                unprinted.append((src.where, key, field, layout_of[entry.type]))
    for where, key, field, lay in unprinted:
        hint = _hint(field, printed[lay])
        if field not in printed[lay] and (hint or data_only):
            out.append(DefinitionError(where, key, f"no element of layout {lay!r} prints this field{hint}"))
    return out


def _has_rules(game: Game) -> bool:
    """Whether an installed rules module plays the game (the entry points only: nothing is imported)."""
    from ..announced import announced
    return (game.meta.rules or game.id) in {ep.name for ep in announced()}


def _geometry(game: Game) -> list[DefinitionError]:
    """Each layout the deck uses, at each card size it is used at."""
    out: list[DefinitionError] = []
    names = {id(lay): n for n, lay in game.layouts.cards.items()}
    used: dict[tuple[str, bool], tuple[float, float]] = {}
    for card in game.cards:
        size = game.size_of(card).size
        used.setdefault((names[id(game.face_layout_of(card))], False), size)
        used.setdefault((names[id(game.back_layout_of(card))], True), size)
    for (name, back), (w, h) in sorted(used.items()):
        out += _boxes(game, name, game.layouts.cards[name], back, w, h)
    return out


def _boxes(game: Game, name: str, layout: CardLayout, back: bool, w: float, h: float) -> list[DefinitionError]:
    where = _layout_file(game, name)
    roles = BACK if back else FACE
    out = []
    texts: list[tuple[str, tuple[float, float, float, float]]] = []
    for key, el in layout.elements.items():
        at = f"{name}.elements.{key}"
        x, y, bw, bh = el.box
        prints_text = key in roles and key not in PICTURES or (el.field is not None and not back)
        if key not in roles and el.field is None and el.image is None:
            out.append(DefinitionError(where, at, f"prints nothing: an element prints what its name says "
                                                  f"({', '.join(roles)}), or a `field` or an `image`"
                                                  f"{_hint(key, roles)}"))
            continue
        if x + bw > 1 + 1e-9 or y + bh > 1 + 1e-9:
            out.append(DefinitionError(where, f"{at}.box", f"runs off the card: x + width = {x + bw:g}, y + height "
                                                           f"= {y + bh:g} (a box ends at 1, the trim)"))
            continue
        if not prints_text:
            continue
        texts.append((key, el.box))
        left, top, right, bottom = _ink(key, el, layout, w, h)
        m = layout.safe
        if left < m - 1e-6 or right > w - m + 1e-6 or top < m - 1e-6 or bottom > h - m + 1e-6:
            out.append(DefinitionError(where, f"{at}.box", f"its text comes within {layout.safe:g} mm of the trim "
                                                           f"(the safe zone, `safe`) on a {w:g} x {h:g} mm card: "
                                                           "a slightly-off cut may take letters away"))
    for i, (a, ab) in enumerate(texts):
        for b, bb in texts[i + 1:]:
            if _overlap(ab, bb):
                out.append(DefinitionError(where, f"{name}.elements.{b}.box",
                                           f"overlaps element {a!r}: their texts print over each other"))
    for key, el in layout.elements.items():
        if key == "art" and not back:
            out += [DefinitionError(where, f"{name}.elements.{t}.box", "overlaps the art box: its text prints over "
                                                                       "the card's picture")
                    for t, tb in texts if _overlap(el.box, tb)]
    return out


def _ink(key: str, el: Element, layout: CardLayout, w: float, h: float) -> tuple[float, float, float, float]:
    """Where the element's text can reach, mm: its box across; down, the whole box for `text`
    (set from the top, as many lines as fit), else one line in the middle of the box."""
    x, y, bw, bh = el.box
    left, right = x * w, (x + bw) * w
    if key == "text":
        return left, y * h, right, (y + bh) * h
    line = min(bh * h, el.size * w / layout.design_width * PT)
    middle = (y + bh / 2) * h
    return left, middle - line / 2, right, middle + line / 2


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Two boxes share some area and neither holds the other (a mark set inside a box, as a
    player-count badge on the art, is meant)."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    if min(ax + aw, bx + bw) - max(ax, bx) <= 1e-9 or min(ay + ah, by + bh) - max(ay, by) <= 1e-9:
        return False

    def inside(p: tuple[float, float, float, float], q: tuple[float, float, float, float]) -> bool:
        return q[0] <= p[0] and q[1] <= p[1] and p[0] + p[2] <= q[0] + q[2] and p[1] + p[3] <= q[1] + q[3]
    return not inside(a, b) and not inside(b, a)
