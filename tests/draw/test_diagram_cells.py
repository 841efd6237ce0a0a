"""Issue 25: in the booklets' combat diagrams the surviving piece covered the dashed marks of the
removed ones, and stacks and removed-piece marks reached over hex edges into the next cell (a reader
could not tell whose "−1" it was, or where a Daimyo stood). Every piece, badge, number and removed
mark must now lie inside the hex it belongs to, and no piece may touch a removed mark.

The diagrams are read back as drawn: a cell is a filled hexagon of the map, a piece a filled disc
(its mon badge the small white disc edged in a clan's colour next to it), a removed piece a dashed
tag with its count. Discs are measured as discs (a disc's bounding box pokes past a hex's slanted
sides long before the disc does), tags and text by their boxes."""

import math
import re

import pytest

from pnp.draw.diagram import DiagramSpec, Stack, position_diagram
from pnp.draw.shapes import PT, Circle, Polygon, Rect, Text
from pnp.draw.tilemap import tile_map
from pnp.model import load_game
from pnp.paths import cards_dir
from tests.draw.test_diagram_labels import diagrams

COUNT = re.compile(r"^(\d+|[A-Z])$")


def cells(scene):
    return [s for s in scene.shapes if isinstance(s, Polygon) and s.closed and s.style.fill and len(s.points) == 6]


def planes(hexagon):
    """The hexagon's sides as (nx, ny, h), inside where nx x + ny y <= h, moved in by half its outline."""
    pts = list(hexagon.points)
    cx, cy = sum(x for x, _ in pts) / 6, sum(y for _, y in pts) / 6
    out = []
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        n = math.hypot(x2 - x1, y2 - y1)
        nx, ny = (y2 - y1) / n, (x1 - x2) / n
        if nx * (cx - x1) + ny * (cy - y1) > 0:
            nx, ny = -nx, -ny
        out.append((nx, ny, nx * x1 + ny * y1 - hexagon.style.width / 2))
    return out


def holds(hexagon, x, y):
    return all(nx * x + ny * y <= h for nx, ny, h in planes(hexagon))


def disc_inside(hexagon, c: Circle) -> float:
    """How far (mm) the disc, with half its outline, reaches past the hexagon's inner edge (<= 0: inside)."""
    r = c.r + (c.style.width / 2 if c.style.stroke else 0.0)
    return max(nx * c.cx + ny * c.cy + r - h for nx, ny, h in planes(hexagon))


def box_inside(hexagon, box) -> float:
    corners = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])]
    return max(nx * x + ny * y - h for nx, ny, h in planes(hexagon) for x, y in corners)


def ink(t: Text):
    x0 = {"start": t.x, "middle": t.x - t.width / 2, "end": t.x - t.width}[t.anchor]
    return x0, t.y - 0.73 * t.size * PT, x0 + t.width, t.y + 0.22 * t.size * PT


def tag_box(t: Rect):
    half = t.style.width / 2
    return t.x - half, t.y - half, t.x + t.w + half, t.y + t.h + half


def disc_hits_box(c: Circle, box) -> bool:
    r = c.r + (c.style.width / 2 if c.style.stroke else 0.0)
    dx = max(box[0] - c.cx, 0.0, c.cx - box[2])
    dy = max(box[1] - c.cy, 0.0, c.cy - box[3])
    return math.hypot(dx, dy) < r - 1e-6


def boxes_meet(a, b) -> bool:
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


def faults(scene, clan_colours):
    """What in the scene leaves its hex or touches a removed mark, as readable strings; and how many
    pieces and removed marks were checked."""
    hexes = cells(scene)
    assert hexes, scene.name

    def home(x, y):
        return next((h for h in hexes if holds(h, x, y)), None)

    discs = [s for s in scene.shapes if isinstance(s, Circle) and s.style.fill and not s.style.dash]
    badges = [d for d in discs if d.style.fill == "#ffffff" and d.style.stroke in clan_colours]
    pieces = [d for d in discs if d not in badges]
    tags = [s for s in scene.shapes if isinstance(s, Rect) and s.style.dash]
    numbers = [s for s in scene.shapes if isinstance(s, Text) and COUNT.match(s.string)
               and any(math.hypot(s.x - p.cx, s.y - p.cy) < p.r for p in pieces)]
    out = []
    where = {}
    for p in pieces:
        h = home(p.cx, p.cy)
        if h is None:
            out.append(f"piece at ({p.cx:.1f}, {p.cy:.1f}) is in no hex")
            continue
        where[id(p)] = h
        if (over := disc_inside(h, p)) > 1e-6:
            out.append(f"piece at ({p.cx:.1f}, {p.cy:.1f}) leaves its hex by {over:.2f} mm")
    for b in badges:
        owner = min(pieces, key=lambda p: math.hypot(b.cx - p.cx, b.cy - p.cy))
        h = where.get(id(owner))
        if h is not None and (over := disc_inside(h, b)) > 1e-6:
            out.append(f"badge at ({b.cx:.1f}, {b.cy:.1f}) leaves its piece's hex by {over:.2f} mm")
    for t in numbers:
        h = home(t.x, t.y - t.size * PT * 0.36)
        if h is None or (over := box_inside(h, ink(t))) > 1e-6:
            out.append(f"number {t.string!r} at ({t.x:.1f}, {t.y:.1f}) leaves its hex")
    for t in tags:
        box = tag_box(t)
        h = home((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        if h is None or (over := box_inside(h, box)) > 1e-6:
            out.append(f"removed mark at ({t.x:.1f}, {t.y:.1f}) leaves its hex")
        for c in [*pieces, *badges]:
            if disc_hits_box(c, box):
                out.append(f"piece or badge at ({c.cx:.1f}, {c.cy:.1f}) touches a removed mark")
        for n in numbers:
            if boxes_meet(ink(n), box):
                out.append(f"number {n.string!r} touches a removed mark")
        for other in tags:
            if other is not t and boxes_meet(tag_box(other), box):
                out.append(f"two removed marks at ({t.x:.1f}, {t.y:.1f}) overlap")
    return out, len(pieces), len(tags)


@pytest.fixture(scope="module")
def daimyni():
    return load_game(cards_dir() / "daimyni")


@pytest.fixture(scope="module")
def daimyo():
    return load_game(cards_dir() / "daimyo")


def colours(game):
    return {c.colour for c in game.meta.clans}


def test_a_crowded_board_keeps_every_piece_and_removed_mark_in_its_hex(daimyni):
    """On a board's hexes: a Daimyo and a stack, or a stack alone, left beside one, two or three
    removed marks (two clans' Bushi and a Daimyo), on every cell of the map, the edges included."""
    red, blue = daimyni.clans["red"].colour, daimyni.clans["blue"].colour
    spec = DiagramSpec()
    for k, cell in enumerate(daimyni.hex_grid.cells):
        units = [Stack("daimyo", red, 1, "red"), Stack("bushi", red, 1 + k % 9, "red")]
        spec.units[cell] = units[k % 2:] if k % 3 else []
        spec.add_combat(cell, red, blue, k % 2, 1 + k % 12, k % 4 == 0, "bushi", "daimyo")
    found, pieces, tags = faults(position_diagram(daimyni, spec), colours(daimyni))
    assert pieces > 20 and tags > 40
    assert not found, found[:5]


def test_a_crowded_tile_keeps_every_piece_and_removed_mark_in_its_hex(daimyo):
    """On tiles, whose cells are smaller for the same type: up to three stacks (Daimyo, Bushi, white
    Rōnin), and a stack beside two removed marks, as a combat leaves them."""
    clans = list(daimyo.clans)
    red, green = daimyo.clans[clans[0]].colour, daimyo.clans[clans[1]].colour
    tiles = {f"t{i}": ((i % 4, i // 4), clans[i % 2] if i % 3 else None) for i in range(12)}
    spec = DiagramSpec()
    for i, tid in enumerate(tiles):
        stacks = [Stack("daimyo", red, 1, clans[0]), Stack("bushi", red, 1 + i % 6, clans[0]),
                  Stack("bushi", "#ffffff", 3, clans[0])]
        spec.units[tid] = stacks[: 1 + i % 3] if i % 4 else stacks[1:2]
        if i % 4 == 0:
            spec.add_combat(tid, red, green, 1, 1 + i % 3, False, "bushi", "daimyo")
    found, pieces, tags = faults(tile_map(daimyo, tiles, spec), colours(daimyo))
    assert pieces >= 20 and tags >= 3
    assert not found, found[:5]


def test_the_check_sees_a_mark_under_a_piece_and_a_piece_over_an_edge(daimyni):
    """The measure itself: the layout before issue 25's fix (removed marks in a row under the cell's
    pieces, pieces in a row wider than the cell) is caught."""
    from pnp.draw.diagram import PieceStyle, _ghost, _piece

    scene = position_diagram(daimyni, DiagramSpec())
    grid = daimyni.hex_grid
    x, y = grid.cells["d3"].centre
    r = grid.radius * 0.34
    red = daimyni.clans["red"].colour
    scene.add(*_ghost(Stack("bushi", red, 1), PieceStyle(), x, y + 4, r * 0.62, 23.5))
    scene.add(*_piece(Stack("bushi", red, 2, "red"), PieceStyle(), x, y + 3, r, 23.5))
    scene.add(*_piece(Stack("bushi", red, 2, "red"), PieceStyle(), x + grid.radius * 0.9, y + 3, r, 23.5))
    found, _, _ = faults(scene, colours(daimyni))
    assert any("touches a removed mark" in f for f in found)
    assert any("leaves its hex" in f for f in found)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["daimyni", "daimyo"])
def test_every_booklet_diagram_keeps_pieces_and_removed_marks_in_their_hexes(game_id):
    """Every map diagram the booklet draws: walkthroughs, samples and figures."""
    game = load_game(cards_dir() / game_id)
    found = diagrams(game_id)
    bad, pieces, tags = [], 0, 0
    for name, scene in found:
        if not cells(scene):
            continue
        faults_here, p, t = faults(scene, colours(game))
        bad += [(name, f) for f in faults_here]
        pieces, tags = pieces + p, tags + t
    assert pieces > 100 and tags >= 5    # the booklets do show removed pieces
    assert not bad, bad[:6]


REMOVED = re.compile(r"^[–−]\d+$")


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["daimyni", "daimyo"])
def test_the_booklet_prints_every_removed_count_and_piece_number_at_6_pt_or_more(game_id):
    """Read back from the built A5 booklet: the removed counts ("–n") and the pieces' numbers print at
    6 pt or more, the cramped cells that fall back to smaller type included (the PDF writer draws
    type under 6 pt as a grey bar, no text at all: the counts must be there to be measured)."""
    import pymupdf

    from pnp.build import Options, build_kit

    game = load_game(cards_dir() / game_id)
    pdf = next(a for a in build_kit(game, Options(lang="en", only=("booklet",))) if a.name.endswith("-a5.pdf"))
    spans = [s for page in pymupdf.open(stream=pdf.data, filetype="pdf") for b in page.get_text("dict")["blocks"]
             for ln in b.get("lines", []) for s in ln["spans"]]
    printed = [s["size"] for s in spans if REMOVED.match(s["text"].strip())]
    numbers = [s["size"] for s in spans if re.fullmatch(r"\d{1,2}|D", s["text"].strip())]
    assert len(printed) >= 5    # the walkthroughs and figures show removed pieces
    assert min(printed) >= 6 - 1e-6 and min(numbers) >= 6 - 1e-6, (min(printed), min(numbers))
