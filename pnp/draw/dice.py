"""Die faces to print: stickers for blank dice, and cube nets to fold into paper dice. A number from 1
to 6 shows pips; anything else (a word, a symbol, a larger number) is printed as text."""

from __future__ import annotations

from pathlib import Path

from ..model.extras import Die
from . import image, text
from .shapes import Circle, Line, Polygon, Rect, Scene, Shape, Style
from .table import PIPS

CUT = Style(stroke="#000000", width=0.2)
FOLD = Style(stroke="#555555", width=0.2, dash=(1.0, 0.8))
TAB = "#d9d9d9"      # glue tabs: grey, so they read as "not a face"
TAB_DEPTH = 0.28     # a glue tab's depth, a share of the edge
# Where each face of a six-faced die lies on its net (column, row of edge-sized squares: a cross),
# chosen so faces 1 and 6, 2 and 5, 3 and 4 of the list end up opposite each other once folded.
NET = ((1, 1), (0, 1), (1, 0), (1, 2), (2, 1), (3, 1))


def face_label(face: int | str | dict[str, str], lang: str) -> str:
    return face.get(lang, "") if isinstance(face, dict) else str(face)


def _face(die: Die, index: int, lang: str, s: float, x: float = 0.0, y: float = 0.0,
          pip: tuple[Path, str, str] | None = None) -> list[Shape]:
    face = die.faces[index]
    out: list[Shape] = [Rect(x, y, s, s, Style(fill=die.fill))]
    if isinstance(face, int) and face in PIPS:
        r = s * 0.085
        if pip is None:
            out += [Circle(x + fx * s, y + fy * s, r, Style(fill=die.colour)) for fx, fy in PIPS[face]]
        else:      # a drawn pip, a little larger than a dot so its shape reads
            path, where, key = pip
            p = r * 1.35
            for fx, fy in PIPS[face]:
                out += image.placed(path, (x + fx * s - p, y + fy * s - p, 2 * p, 2 * p), where, key, die.colour)
    else:
        out += text.box(x + s * 0.1, y + s * 0.1, s * 0.8, s * 0.8, face_label(face, lang), "sans-bold", s * 1.1,
                        "center", die.colour, valign="middle")
    return out


def die_face_scene(die: Die, index: int, lang: str, pip: tuple[Path, str, str] | None = None) -> Scene:
    """Face `index` of `die`, a square sticker `die.size` mm across with its cut line on the edge;
    `pip` (the art file, and its file and key for messages) draws each pip."""
    s = die.size
    scene = Scene(f"die-{die.id}-{index + 1}", s, s, 0.0)
    scene.add(*_face(die, index, lang, s, pip=pip))
    scene.add(Rect(0, 0, s, s, CUT))
    return scene


def _net_outline(e: float) -> tuple[tuple[float, float], ...]:
    """The cut line of a cross-shaped net of edge `e`, clockwise from the top face's top-left corner,
    with a glue tab on one edge of each of the seven pairs of edges that meet when it is folded."""
    t = e * TAB_DEPTH
    pts = [(e, 0.0), (2 * e, 0.0), (2 * e, e)]
    for x0 in (2, 3):                                     # tabs over the third and fourth faces
        pts += [(x0 * e + t, e - t), ((x0 + 1) * e - t, e - t), ((x0 + 1) * e, e)]
    pts += [(4 * e + t, e + t), (4 * e + t, 2 * e - t), (4 * e, 2 * e)]          # the fourth face's side
    for x0 in (3, 2):
        pts += [((x0 + 1) * e - t, 2 * e + t), (x0 * e + t, 2 * e + t), (x0 * e, 2 * e)]
    pts += [(2 * e, 3 * e), (e, 3 * e), (e, 2 * e)]
    pts += [(e - t, 2 * e + t), (t, 2 * e + t), (0.0, 2 * e), (0.0, e)]
    pts += [(t, e - t), (e - t, e - t), (e, e)]
    return tuple(pts)


def _net_folds(e: float) -> list[Shape]:
    lines = [((x * e, e), (x * e, 2 * e)) for x in (1, 2, 3, 4)]          # between the four faces in a row
    lines += [((0.0, y * e), (4 * e, y * e)) for y in (1, 2)]              # under the top face, the tabs' bases
    return [Line(a[0], a[1], b[0], b[1], FOLD) for a, b in lines]


def die_net_scene(die: Die, edge: float, lang: str, pip: tuple[Path, str, str] | None = None) -> Scene:
    """`die` as a cube net of edge `edge` mm to cut out, fold and glue: six faces in a cross, grey
    glue tabs, dashed fold lines; opposite faces as `NET` puts them."""
    e = edge
    scene = Scene(f"die-{die.id}-net", 4 * e + e * TAB_DEPTH, 3 * e, 0.0)
    outline = _net_outline(e)
    scene.add(Polygon(outline, Style(fill=TAB)))
    for index, (c, r) in enumerate(NET):
        scene.add(*_face(die, index, lang, e, c * e, r * e, pip))
    scene.add(*_net_folds(e))
    scene.add(Polygon(outline, CUT))
    return scene
