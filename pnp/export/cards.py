"""Every card of a game as a page of its own: the kit's face and back drawings (pnp.draw.card), the
trim centred on a page of trim plus the export's bleed, TrimBox and BleedBox set.

The same pages go to the PDF targets as they are and to the image targets through the rasteriser,
so a card looks the same in the kit, in its SVG, in a shop's PDF and in a shop's PNG."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from ..draw.card import card_back, card_face
from ..draw.shapes import Group, Rect, Scene, Shape
from ..errors import UsageError
from ..model import Card, Game
from ..render.pdf import Page

EDGE = 1e-6


@dataclass(frozen=True)
class Entry:
    """One physical card: its deck, its place in that deck (from 1) and a name for its files."""

    deck: str
    index: int
    card: Card

    def name(self, face: str) -> str:
        """`deck-front-007-slug`: sorted by name, a deck's backs, then its fronts, each in card order."""
        return f"{self.deck}-{face}-{self.index:03d}-{self.card.slug}"


def entries(game: Game) -> list[Entry]:
    """The cards in definition order, numbered within their deck."""
    if not game.cards:
        raise UsageError(f"{game.id} has no cards to export (its parts: {', '.join(game.components) or 'none'})")
    seen: dict[str, int] = {}
    out = []
    for card in game.cards:
        seen[card.deck] = seen.get(card.deck, 0) + 1
        out.append(Entry(card.deck, seen[card.deck], card))
    return out


class Drawings:
    """Faces drawn when asked; a back drawn once for all the cards that share it."""

    def __init__(self, game: Game, lang: str):
        self.game, self.lang = game, lang
        self._backs: dict[tuple[str, str], Scene] = {}

    def face(self, card: Card) -> Scene:
        return card_face(self.game, card, self.lang)

    def back(self, card: Card) -> Scene:
        key = (card.back_key, card.deck)
        if key not in self._backs:
            self._backs[key] = card_back(self.game, card, self.lang)
        return self._backs[key]


def extend_bleed(shape: Shape, scene: Scene, bleed: float) -> Shape:
    """A rectangle that runs to an edge of the scene's drawn bleed, pushed out to `bleed` on that edge.

    A layout draws its art `scene.bleed` beyond the trim; a shop may ask for more (1/8 in = 3.175 mm
    against a layout's 3 mm). The background that reaches the edge is what fills the difference, so
    no white hairline shows where the shop's cut wanders. Anything else stays where it was drawn."""
    if not isinstance(shape, Rect) or shape.radius or bleed <= scene.bleed:
        return shape
    b, w, h = scene.bleed, scene.width, scene.height
    x0, y0, x1, y1 = shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    grow = bleed - b
    nx0 = x0 - grow if x0 <= -b + EDGE else x0
    ny0 = y0 - grow if y0 <= -b + EDGE else y0
    nx1 = x1 + grow if x1 >= w + b - EDGE else x1
    ny1 = y1 + grow if y1 >= h + b - EDGE else y1
    if (nx0, ny0, nx1, ny1) == (x0, y0, x1, y1):
        return shape
    return replace(shape, x=nx0, y=ny0, w=nx1 - nx0, h=ny1 - ny0)


def card_page(scene: Scene, bleed: float) -> Page:
    """The scene on a page of its trim plus `bleed` on every side; TrimBox is the card, BleedBox the
    page. Art beyond `bleed` is clipped away; a larger bleed than the layout draws is filled by
    `extend_bleed`."""
    w, h = scene.width, scene.height
    shapes = tuple(extend_bleed(s, scene, bleed) for s in scene.shapes)
    clip = (-bleed, -bleed, w + 2 * bleed, h + 2 * bleed)
    page_w, page_h = w + 2 * bleed, h + 2 * bleed
    return Page(page_w, page_h, [Group(shapes, bleed, bleed, 0.0, clip)], (bleed, bleed, w, h),
                (0.0, 0.0, page_w, page_h))


@dataclass(frozen=True)
class AidCards:
    """The player aid as an export prints it: its two sides, and one physical card per player (or
    the aid's `[card] copies`), each copy with its own files like a deck's copies."""

    front: Scene
    back: Scene
    copies: int
    title: str


def aid_cards(game: Game, lang: str) -> AidCards | None:
    """The game's player aid (booklet/aid.LANG.toml), drawn as the kit draws it; None without one."""
    from ..kit.aidcard import aid_card
    from ..model.aid import has_aid

    if not has_aid(game.folder):
        return None
    front, back, aid, _where = aid_card(game, lang)
    return AidCards(front, back, aid.card.copies or game.meta.players.max, aid.title)


def face_and_back(drawings: Drawings, entry: Entry) -> Iterator[tuple[str, Scene]]:
    yield "front", drawings.face(entry.card)
    yield "back", drawings.back(entry.card)
