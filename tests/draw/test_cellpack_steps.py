"""The packing grid's steps come a ring at a time (`pnp.draw.cellpack._steps`), in the order the
whole grid sorted at once gives: nearest first, then upper, then left."""

from __future__ import annotations

import pytest

from pnp.draw.cellpack import _steps


@pytest.mark.parametrize("n", [0, 1, 2, 3, 7, 12, 26, 45])
def test_steps_come_in_the_whole_grid_sorted_order(n):
    whole = sorted(((i, j) for i in range(-n, n + 1) for j in range(-n, n + 1)),
                   key=lambda o: (o[0] * o[0] + o[1] * o[1], o[1], o[0]))
    assert list(_steps(n)) == whole


def test_the_first_steps_are_the_origin_then_its_four_neighbours():
    assert list(_steps(5))[:5] == [(0, 0), (0, -1), (-1, 0), (1, 0), (0, 1)]
