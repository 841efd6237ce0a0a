"""The packing grid's steps come a ring at a time (`pnp.draw.cellpack._steps`), in the order the
whole grid sorted at once gives: nearest first, then upper, then left."""

from __future__ import annotations

import math

import pytest

from pnp.draw.cellpack import _steps


@pytest.mark.parametrize("n", [0, 1, 2, 3, 7, 12, 26, 45])
def test_steps_come_in_the_whole_grid_sorted_order(n):
    whole = sorted(((i, j) for i in range(-n, n + 1) for j in range(-n, n + 1)),
                   key=lambda o: (o[0] * o[0] + o[1] * o[1], o[1], o[0]))
    assert list(_steps(n)) == whole


def test_the_first_steps_are_the_origin_then_its_four_neighbours():
    assert list(_steps(5))[:5] == [(0, 0), (0, -1), (-1, 0), (1, 0), (0, 1)]


@pytest.mark.parametrize("n, within", [(7, (-7, 7, -7, 7)), (12, (3, 12, -2, 5)), (26, (-26, -20, -26, -19)),
                                       (45, (-3, 4, 30, 45)), (9, (0, 0, 0, 0)), (20, (-20, 20, 6, 6)),
                                       (5, (2, 1, 0, 3))])
def test_steps_within_a_box_are_the_whole_grids_in_that_box(n, within):
    i0, i1, j0, j1 = within
    assert list(_steps(n, within)) == [(i, j) for i, j in _steps(n) if i0 <= i <= i1 and j0 <= j <= j1]


# The fast loop tries 20 random cells; CI (slow included) 200 more, with another seed.
@pytest.mark.parametrize(("seed", "count"), [(3, 20), pytest.param(5, 200, marks=pytest.mark.slow)])
def test_a_grid_given_its_room_leaves_out_only_points_outside_it(seed, count):
    import random

    from pnp.draw.cellpack import _grid, half_planes

    rnd = random.Random(seed)
    kept = 0
    for _ in range(count):
        cx, cy, r = rnd.uniform(-20, 20), rnd.uniform(-20, 20), rnd.uniform(3, 12)
        turn = rnd.uniform(0, 1)
        hexagon = [(cx + r * math.cos(turn + k * math.pi / 3), cy + r * math.sin(turn + k * math.pi / 3))
                   for k in range(6)]
        room = half_planes(hexagon, rnd.uniform(0, 1))
        anchor = (rnd.uniform(-30, 30), rnd.uniform(-30, 30))
        step = rnd.choice([0.1, 0.25, 0.7])
        box = (cx - r, cy - r, cx + r, cy + r)
        inside = [p for p in _grid(anchor, step, box)
                  if all(nx * p[0] + ny * p[1] <= h + 1e-9 for nx, ny, h in room)]
        pruned = _grid(anchor, step, box, room)
        assert [p for p in pruned if all(nx * p[0] + ny * p[1] <= h + 1e-9 for nx, ny, h in room)] == inside
        assert len(list(_grid(anchor, step, box, room))) < len(list(_grid(anchor, step, box))) or not inside
        kept += len(inside)
    assert kept > 1000
