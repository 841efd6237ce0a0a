"""One Proposal card drawn large with callouts to its parts (convincing level, trust value, name,
effect), for the booklet's Components: the miniatures beside it are too small to read, so this card
is printed at least at its own size, every word on it as legible as on the printed card."""

from __future__ import annotations

from ...draw import text
from ...draw.card import card_face
from ...draw.shapes import Circle, Group, Line, Scene, Style
from ...errors import DefinitionError
from ...model import Game
from ...model.load import display
from ...reference.narration import Phrasebook
from ..interface import Figure

INK = "#231f1a"
SIDE = 26.0        # mm of label column either side: the card prints at 1.04x, its 6.2 pt footer above the least size
LABEL_PT = 8.5
# (element of the card layout, side its label goes, where on the element the line starts)
PARTS = (("level", "left", 0.5), ("trust", "left", 0.5), ("title", "right", 0.5), ("text", "right", 0.2))


def anatomy_figure(game: Game, lang: str, arg: str) -> list[Figure]:
    """`@anatomy TYPE`: the first card of that type (e.g. war-drills), with its parts named."""
    say = Phrasebook(game, lang)
    card = next((c for c in game.cards if c.type_id == arg.strip()), None)
    if card is None:
        raise DefinitionError(display(game.folder / "booklet" / f"rules.{lang}.md"), "@anatomy",
                              f"{arg.strip()!r}: expected a card type of cards.toml, e.g. war-drills")
    face = card_face(game, card, lang)
    layout = game.face_layout_of(card)
    w, h = face.width, face.height
    scene = Scene(f"anatomy-{card.type_id}", w + 2 * SIDE, h, 0.0)
    scene.add(Group(tuple(face.shapes), SIDE, 0.0, 0.0, (0, 0, w, h), 1.0))
    line_h = LABEL_PT * 0.3528 * 1.2
    for key, side, at in PARTS:
        el = layout.elements.get(key)
        if el is None:
            continue
        bx, by, bw, bh = (float(v) for v in el.box)
        y = (by + bh * at) * h
        x = SIDE + (bx * w - 0.8 if side == "left" else (bx + bw) * w + 0.8)      # clear of the text it names
        end = SIDE - 1.5 if side == "left" else SIDE + w + 1.5
        style = Style(stroke=INK, width=0.3)
        scene.add(Line(x, y, end, y, style), Circle(x, y, 0.7, Style(fill=INK)))
        label = say("anatomy", key)
        lx = 0.0 if side == "left" else SIDE + w + 2.0
        scene.add(*text.box(lx, y - line_h * 1.5, SIDE - 2.0, line_h * 3, label, "sans-bold", LABEL_PT,
                            "right" if side == "left" else "left", INK, valign="middle", min_size=LABEL_PT))
    return [Figure(scene, say("anatomy", "caption", name=say.titles[card.type_id]), share=1.0, least=1.0)]
