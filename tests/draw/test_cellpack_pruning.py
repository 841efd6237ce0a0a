"""The packing search leaves out grid points it can prove useless (`cellpack._grid` given the room's
half-planes and the ranges where the layout surely touches a label): the layouts found are those the
plain search finds, walking every point of the grid in order."""

import math
import random

import pytest

from pnp.draw import cellpack
from pnp.draw.cellpack import _blocked, _touches


def plain_grid(anchor, step, box, room=(), layout=(), avoid=()):
    """Every point of the grid in the box, nearest the anchor first, then upper, then left."""
    ax, ay = anchor
    i0, i1 = math.floor((box[0] - ax) / step), math.ceil((box[2] - ax) / step)
    j0, j1 = math.floor((box[1] - ay) / step), math.ceil((box[3] - ay) / step)
    steps = sorted(((i, j) for i in range(i0, i1 + 1) for j in range(j0, j1 + 1)),
                   key=lambda o: (o[0] * o[0] + o[1] * o[1], o[1], o[0]))
    return ((ax + i * step, ay + j * step) for i, j in steps)


def hexagon(cx, cy, r):
    return [(cx + r * math.cos(k * math.pi / 3), cy + r * math.sin(k * math.pi / 3)) for k in range(6)]


def footprints_for(rnd):
    units = [(((0.0, 0.0, u), (0.0, u * 1.05, u * 0.46)), ((-u * 0.4, -u * 0.5, u * 0.4, u * 0.3),))
             for u in [rnd.uniform(1.0, 2.2) for _ in range(rnd.randint(1, 3))]]
    marks = [((), ((-m, -m * 0.6, m, m * 0.6),)) for m in [rnd.uniform(0.6, 1.4) for _ in range(rnd.randint(0, 2))]]

    def footprints(scale):
        def grow(f):
            return (tuple((x * scale, y * scale, r * scale) for x, y, r in f[0]),
                    tuple(tuple(v * scale for v in b) for b in f[1]))
        return [grow(f) for f in units], [grow(f) for f in marks]
    return footprints


# The fast loop packs 40 random cells; CI (slow included) 400 more, with another seed.
@pytest.mark.parametrize(("seed", "count"), [(1, 40), pytest.param(2, 400, marks=pytest.mark.slow)])
def test_pack_finds_what_the_plain_search_finds(monkeypatch, seed, count):
    rnd = random.Random(seed)
    cases = []
    for _ in range(count):
        cx, cy, r = rnd.uniform(0, 50), rnd.uniform(0, 50), rnd.uniform(3.5, 11)
        label_w, label_h = rnd.uniform(2, 9), rnd.uniform(1.5, 4)
        ly = cy - r * 0.8 + rnd.uniform(0, r)
        label = (cx - label_w / 2, ly, cx + label_w / 2, ly + label_h)
        cases.append((hexagon(cx, cy, r), rnd.uniform(0.1, 0.4), [label], (cx, cy + rnd.uniform(-2, 3)),
                       rnd.choice([0.08, 0.12]), footprints_for(rnd), (1.0, 0.92, 0.84, 0.76, 0.7),
                       rnd.uniform(0.05, 0.3)))
    found = [cellpack.pack(*case) for case in cases]
    monkeypatch.setattr(cellpack, "_grid", plain_grid)
    assert found == [cellpack.pack(*case) for case in cases]
    assert any(f is None for f in found) and any(f is not None and f[0] < 1.0 for f in found) \
        and any(f is not None and f[0] == 1.0 for f in found)       # every outcome exercised


def test_points_inside_a_blocked_range_touch_the_box():
    rnd = random.Random(4)
    checked = 0
    for _ in range(300):
        units, marks = footprints_for(rnd)(1.0)
        things = [*units, *marks]
        at = [(rnd.uniform(-4, 4), rnd.uniform(-3, 3)) for _ in things]
        box = (rnd.uniform(-5, 5), rnd.uniform(-5, 5))
        box = (*box, box[0] + rnd.uniform(0.5, 6), box[1] + rnd.uniform(0.5, 3))
        ty = rnd.uniform(-8, 8)
        for left, right in _blocked(list(zip(things, at)), [box], ty):
            for k in range(1, 20):
                tx = left + (right - left) * k / 20
                assert any(_touches(f, x + tx, y + ty, box) for f, (x, y) in zip(things, at))
                checked += 1
    assert checked > 2000
