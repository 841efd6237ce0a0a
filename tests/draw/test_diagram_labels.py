"""Diagram marks never cover a cell's label (issue 10, defect 9): in every diagram of both built-in
games' walkthroughs, samples and setup figures, the move arrows (shaft and head, with their white
casing), combat bursts, highlights, pieces and removed-piece marks are measured against the ink box
of every cell label, by sampling their outlines every 0.1 mm."""

import math
import re

import pytest

from pnp.catalog import find_game, rules_for
from pnp.draw.shapes import PT, Circle, Line, Polygon, Text
from pnp.model.game import load_game

LABEL = re.compile(r"^[a-z]\d{1,2}$")
STEP = 0.1


def ink(t: Text):
    """A label's ink: capitals to descenders, across its measured width (x0, y0, x1, y1)."""
    x0 = {"start": t.x, "middle": t.x - t.width / 2, "end": t.x - t.width}[t.anchor]
    return x0, t.y - 0.73 * t.size * PT, x0 + t.width, t.y + 0.22 * t.size * PT


def near(x, y, box, reach):
    dx = max(box[0] - x, 0.0, x - box[2])
    dy = max(box[1] - y, 0.0, y - box[3])
    return math.hypot(dx, dy) < reach


def along(a, b):
    n = max(1, int(math.dist(a, b) / STEP))
    return [(a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n) for i in range(n + 1)]


def inside(x, y, pts):
    hit = False
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def covers(shape, box) -> bool:
    """Does the shape's ink (stroke width included) touch the box?"""
    if isinstance(shape, Line):
        half = shape.style.width / 2
        return any(near(x, y, box, half) for x, y in along((shape.x1, shape.y1), (shape.x2, shape.y2)))
    if isinstance(shape, Polygon):
        pts = list(shape.points)
        half = shape.style.width / 2 if shape.style.stroke else 0.0
        edges = zip(pts, pts[1:] + pts[:1]) if shape.closed else zip(pts, pts[1:])
        if any(near(x, y, box, max(half, 1e-6)) for a, b in edges for x, y in along(a, b)):
            return True
        corners = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])]
        return bool(shape.style.fill) and shape.closed and any(inside(x, y, pts) for x, y in corners)
    if isinstance(shape, Circle):
        half = shape.style.width / 2 if shape.style.stroke else 0.0
        if shape.style.fill:
            return near(shape.cx, shape.cy, box, shape.r + half)
        n = max(12, int(2 * math.pi * shape.r / STEP))
        return any(near(shape.cx + shape.r * math.cos(2 * math.pi * i / n),
                        shape.cy + shape.r * math.sin(2 * math.pi * i / n), box, half) for i in range(n))
    if isinstance(shape, Text):
        other = ink(shape)
        return not (other[2] <= box[0] or other[0] >= box[2] or other[3] <= box[1] or other[1] >= box[3])
    return False


def extent(shape):
    """A box the shape's ink cannot leave (to skip labels far from it)."""
    if isinstance(shape, Line):
        pts, half = [(shape.x1, shape.y1), (shape.x2, shape.y2)], shape.style.width / 2
    elif isinstance(shape, Polygon):
        pts, half = list(shape.points), shape.style.width / 2
    elif isinstance(shape, Circle):
        r = shape.r
        pts, half = [(shape.cx - r, shape.cy - r), (shape.cx + r, shape.cy + r)], shape.style.width
    elif isinstance(shape, Text):
        return ink(shape)
    else:
        return None
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    return min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half


def apart(a, b):
    return a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1]


def overlaps(scene):
    """(label, mark) pairs where a mark drawn over the map touches a cell label's ink."""
    shapes = scene.shapes
    labels = [i for i, s in enumerate(shapes) if isinstance(s, Text) and LABEL.match(s.string)]
    assert labels, scene.name
    boxes = [(shapes[i].string, ink(shapes[i])) for i in labels]
    marks = shapes[labels[-1] + 1:]
    out = []
    for m in marks:
        reach = extent(m)
        out += [(name, type(m).__name__) for name, box in boxes
                if reach is not None and not apart(reach, box) and covers(m, box)]
    return out


def diagrams(game_id):
    game = load_game(find_game(game_id))
    adapter = rules_for(game).booklet()
    out = []
    for sample in sorted((game.folder / "samples").glob("*.toml")):
        _, rounds = adapter.walkthrough(game, sample, "en")
        out += [(f"{sample.stem} round {rp.round}: {p.heading}", p.scene) for rp in rounds for p in rp.panels]
    # each figure as the booklet asks for it: with the arguments its rules file gives the directive
    # (an example drawn by a directive that never names it is not in any booklet)
    rules = (game.folder / "booklet" / "rules.en.md").read_text(encoding="utf-8").splitlines()
    for directive, figure in adapter.figures().items():
        if directive == "deal-table":   # a table of cards, not a map: it has no cells
            continue
        uses = [line.removeprefix(f"@{directive}").strip() for line in rules
                if line == f"@{directive}" or line.startswith(f"@{directive} ")] or [""]
        for args in uses:
            for item in figure(game, "en", args):
                scene = item.scene if hasattr(item, "scene") else item[0] if isinstance(item, tuple) else None
                if hasattr(scene, "shapes"):
                    out.append((f"@{directive} {args}".strip(), scene))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["daimyni", "daimyo"])
def test_no_arrow_burst_piece_or_highlight_covers_a_cell_label(game_id):
    found = diagrams(game_id)
    assert len(found) > 20
    marked = [name for name, scene in found if len(scene.shapes) > 0]
    assert marked
    bad = [(name, hits[:4]) for name, scene in found if (hits := overlaps(scene))]
    assert not bad, bad[:8]


def test_the_measure_sees_an_arrow_through_a_label():
    """The check itself: an arrow drawn straight through a label is caught, and routing avoids it."""
    from pnp.draw.diagram import _arrow, label_boxes
    from pnp.draw.text import line

    label = line(10, 10, "g3", "sans-bold", 13)
    box = ink(label)
    straight = _arrow(10, 16, 10, 0, "#000000", 0.8)
    assert any(covers(s, box) for s in straight)
    routed = _arrow(10, 16, 10, 0, "#000000", 0.8, label_boxes([label], {"g3"}))
    assert not any(covers(s, box) for s in routed)
