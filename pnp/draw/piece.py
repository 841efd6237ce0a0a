"""Round counters for the pieces, for players with no pawns at hand."""

from __future__ import annotations

from ..model import Counter
from . import text
from .contrast import luminance, readable
from .ink import DARK_TEXT, PALE
from .shapes import Circle, Scene, Style

CUT = Style(stroke="#000000", width=0.25)
BLEED = 1.5       # mm of colour beyond the cut circle, so a cut slightly outside it shows no white
NAME_PT = 6.0     # nothing printed is smaller than 6 pt


def counter_ink(fill: str) -> str:
    """The ring and text colour on a counter of colour `fill`: white on a strong colour, as dark as a
    light one (yellow) needs, and near-black on a paper-pale one (a white counter), whose only edge on white
    paper is that ring and the cut line, so it must read as print does."""
    return DARK_TEXT if luminance(fill) >= PALE else readable("#ffffff", fill)


def counter_scene(counter: Counter, lang: str, bleed: bool = True) -> Scene:
    """A counter `diameter` mm across; origin at the top-left of its square, the cut line a
    thin circle on the edge and the colour running `BLEED` mm beyond it (without `bleed`: the
    counter as it looks once cut, for pictures of it)."""
    d = counter.piece.diameter
    r = d / 2
    b = BLEED if bleed else 0.0
    scene = Scene(f"piece-{counter.slug}", d, d, b)
    ink = counter_ink(counter.colour)
    scene.add(Circle(r, r, r + b, Style(fill=counter.colour)))
    scene.add(Circle(r, r, r * 0.82, Style(stroke=ink, width=0.35)))
    kanji = counter.piece.kanji
    if kanji:
        scene.add(*text.box(r * 0.3, r * 0.42, r * 1.4, r * 0.8, kanji, "jp", r * 1.25, "center", ink,
                            valign="middle", min_size=3))
    scene.add(*text.box(r * 0.35, r * 1.22, r * 1.3, r * 0.4, counter.piece.name[lang], "sans-bold",
                        max(NAME_PT, r * 0.55), "center", ink, valign="middle", min_size=NAME_PT))
    scene.add(Circle(r, r, r - CUT.width / 2, CUT))   # inside the cut line, its outer edge on it
    return scene


BACK_BLEED = BLEED   # on a back the bleed also hides a 1-2 mm duplex misregistration


def counter_back_scene(counter: Counter, lang: str) -> Scene:
    """The back of a two-sided counter: same size, its own colour, name and glyph, with bleed."""
    back = counter.piece.back
    assert back is not None
    d = counter.piece.diameter
    r = d / 2
    scene = Scene(f"piece-{counter.slug}-back", d, d, BACK_BLEED)
    ink = counter_ink(back.colour or counter.colour)
    scene.add(Circle(r, r, r + BACK_BLEED, Style(fill=back.colour or counter.colour)))
    scene.add(Circle(r, r, r * 0.82, Style(stroke=ink, width=0.35, dash=(1.2, 0.9))))
    if back.kanji:
        scene.add(*text.box(r * 0.3, r * 0.42, r * 1.4, r * 0.8, back.kanji, "jp", r * 1.25, "center", ink,
                            valign="middle", min_size=3))
    name = back.name.get(lang) or counter.piece.name[lang]
    scene.add(*text.box(r * 0.35, r * 1.22, r * 1.3, r * 0.4, name, "sans-bold", max(NAME_PT, r * 0.55), "center",
                        ink, valign="middle", min_size=NAME_PT))
    return scene
