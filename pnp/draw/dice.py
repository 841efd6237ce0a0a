"""Die faces to print: stickers for blank dice. A number from 1 to 6 shows pips; anything else
(a word, a symbol, a larger number) is printed as text."""

from __future__ import annotations

from ..model.schema import Die
from . import text
from .shapes import Circle, Rect, Scene, Style
from .table import PIPS

CUT = Style(stroke="#000000", width=0.2)


def face_label(face: int | str | dict[str, str], lang: str) -> str:
    return face.get(lang, "") if isinstance(face, dict) else str(face)


def die_face_scene(die: Die, index: int, lang: str) -> Scene:
    """Face `index` of `die`, a square sticker `die.size` mm across with its cut line on the edge."""
    s = die.size
    face = die.faces[index]
    scene = Scene(f"die-{die.id}-{index + 1}", s, s, 0.0)
    scene.add(Rect(0, 0, s, s, Style(fill=die.fill)))
    if isinstance(face, int) and face in PIPS:
        r = s * 0.085
        scene.add(*(Circle(fx * s, fy * s, r, Style(fill=die.colour)) for fx, fy in PIPS[face]))
    else:
        scene.add(*text.box(s * 0.1, s * 0.1, s * 0.8, s * 0.8, face_label(face, lang), "sans-bold", s * 1.1,
                            "center", die.colour, valign="middle"))
    scene.add(Rect(0, 0, s, s, CUT))
    return scene
