import math

import pytest

from pnp.hexgrid import DIRECTIONS, SQRT3, HexGrid, centre, components, corners, distance, is_connected, neighbours


@pytest.fixture
def grid():
    return HexGrid([6, 5, 6, 5, 6, 5, 6], radius=19)


def test_labels_run_from_bottom_left(grid):
    assert len(grid.cells) == 39
    assert grid.cells["a1"].centre[1] > grid.cells["a6"].centre[1]  # row 1 is at the bottom
    assert grid.cells["g1"].centre[0] > grid.cells["a1"].centre[0]
    assert "b6" not in grid.cells  # short columns have 5 cells


def test_neighbours_are_exactly_the_cells_one_hex_apart(grid):
    for label, cell in grid.cells.items():
        near = {other for other, o in grid.cells.items() if other != label
                and abs(((o.centre[0] - cell.centre[0]) ** 2 + (o.centre[1] - cell.centre[1]) ** 2) ** 0.5
                        - SQRT3 * 19) < 1e-6}
        assert set(grid.neighbours(label)) == near
        assert all(grid.distance(label, n) == 1 for n in near)


def test_interior_cell_has_six_neighbours(grid):
    assert grid.neighbours("d3") == ["c3", "c4", "d2", "d4", "e3", "e4"]


def test_distance_is_symmetric_and_counts_steps(grid):
    assert grid.distance("a3", "g4") == grid.distance("g4", "a3") == 6
    assert grid.distance("a1", "a6") == 5


def test_columns_that_do_not_interlock_are_refused():
    with pytest.raises(ValueError, match="does not interlock"):
        HexGrid([6, 6], radius=10)


def test_extent_covers_every_corner(grid):
    w, h = grid.extent
    xs = [x for label in grid.cells for x, _ in grid.corners(label)]
    ys = [y for label in grid.cells for _, y in grid.corners(label)]
    assert min(xs) >= -1e-9 and max(xs) <= w + 1e-9
    assert min(ys) >= -1e-9 and max(ys) <= h + 1e-9


# -- the plain functions on axial positions ------------------------------------------------

def test_neighbours_of_a_position_in_direction_order():
    assert neighbours((0, 0)) == [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    assert neighbours((3, -2)) == [(4, -2), (4, -3), (3, -3), (2, -2), (2, -1), (3, -1)]
    assert [(q, r) for q, r in DIRECTIONS] == neighbours((0, 0))


def test_neighbour_centres_are_one_hex_apart():
    cx, cy = centre((2, -1), 10)
    for nb in neighbours((2, -1)):
        x, y = centre(nb, 10)
        assert math.hypot(x - cx, y - cy) == pytest.approx(10 * SQRT3)


def test_distance_counts_steps():
    assert distance((0, 0), (0, 0)) == 0
    assert all(distance((5, -3), nb) == 1 for nb in neighbours((5, -3)))
    assert distance((0, 0), (0, 4)) == 4            # straight down a column
    assert distance((0, 0), (3, -1)) == 3           # dq=3, dr=-1: max(|3|, |-1|, |3-1|)
    assert distance((0, 0), (2, 2)) == 4            # dq=2, dr=2: |2|+|2|, no diagonal shortcut
    assert distance((-2, 1), (1, -3)) == distance((1, -3), (-2, 1)) == 4


def test_components_and_connectivity():
    line = {(0, 0), (1, 0), (2, 0)}
    assert components(line) == [line]
    assert is_connected(line)
    assert not is_connected(line, without=(1, 0))   # the middle holds the line together
    assert is_connected(line, without=(2, 0))
    assert is_connected(line, without=(9, 9))       # removing what is not there changes nothing
    assert is_connected(set()) and is_connected([(4, 4)])
    two = {(0, 0), (0, 1), (0, 2), (5, 5), (5, 6)}
    assert components(two) == [{(0, 0), (0, 1), (0, 2)}, {(5, 5), (5, 6)}]
    assert not is_connected(two)


def test_a_ring_survives_any_one_removal_but_a_bridge_does_not():
    ring = set(neighbours((0, 0)))
    assert all(is_connected(ring, without=p) for p in ring)
    # two rings joined through the centre (0, 0) and one bridge cell (2, -1)
    left, right = set(neighbours((0, 0))) | {(0, 0)}, set(neighbours((4, -2))) | {(4, -2)}
    bridged = left | right | {(2, -1)}
    assert is_connected(bridged)
    assert not is_connected(bridged, without=(2, -1))
    assert components(bridged - {(2, -1)}) == [left, right]


def test_centre_of_axial_positions():
    assert centre((0, 0), 10) == (0.0, 0.0)
    assert centre((2, -1), 10) == (30.0, 0.0)        # two columns right, back up one row: same height
    assert centre((0, 1), 10) == pytest.approx((0.0, 10 * SQRT3))
    assert centre((1, 0), 10) == pytest.approx((15.0, 5 * SQRT3))   # next column sits half a hex lower
    assert centre((-1, 0), 4) == pytest.approx((-6.0, -2 * SQRT3))


def test_corners_of_a_hex_by_hand():
    # flat-topped, radius 2 around (10, 20): right corner, then clockwise on the page (y down);
    # the other corners are 1 = 2 cos 60° across and sqrt(3) = 2 sin 60° up or down
    s = math.sqrt(3)
    expected = [(12, 20), (11, 20 + s), (9, 20 + s), (8, 20), (9, 20 - s), (11, 20 - s)]
    got = corners((10, 20), 2)
    assert len(got) == 6
    for (x, y), (ex, ey) in zip(got, expected):
        assert x == pytest.approx(ex, abs=1e-12) and y == pytest.approx(ey, abs=1e-12)


def test_grid_cells_sit_at_the_axial_centres(grid):
    # cell a6 (top of the first, tall column) is (q, r) = (0, 0), one radius from the left
    # edge and half a hex (sqrt(3)/2 radius) below the top edge
    a6, b5 = grid.cells["a6"], grid.cells["b5"]
    assert (a6.q, a6.r, b5.q, b5.r) == (0, 0, 1, 0)
    assert a6.centre == pytest.approx((19, 19 * SQRT3 / 2))
    assert b5.centre == pytest.approx((19 + 28.5, 19 * SQRT3))
    for label, cell in grid.cells.items():
        x, y = centre((cell.q, cell.r), 19)
        assert cell.centre == pytest.approx((x + 19, y + 19 * SQRT3 / 2))
        assert grid.corners(label) == list(corners(cell.centre, 19))
        assert grid.pos(label) == (cell.q, cell.r)


def test_grid_distance_and_neighbours_are_the_axial_ones(grid):
    for a in grid.cells:
        assert set(grid.neighbours(a)) == {b for b in grid.cells if distance(grid.pos(a), grid.pos(b)) == 1}
        for b in ("a1", "d3", "g6"):
            assert grid.distance(a, b) == distance(grid.pos(a), grid.pos(b))


def test_cut_cells_and_border_agree_with_searching_each_removal():
    """`connected_without` answers from the map's cut cells, found in one search; it must say what a
    search of the map without each cell says, for maps connected or not (random blobs of 1 to 24
    cells, like Daimyo's Han), and `border` must be every empty position touching a cell."""
    import random

    from pnp.hexgrid import border, connected_without, cut_cells

    rng = random.Random(7)
    for _ in range(400):
        cells = {(0, 0)}
        for _ in range(rng.randrange(0, 24)):
            grow = rng.random() < 0.9          # mostly grown from the blob, sometimes a stray cell
            cells.add(rng.choice(neighbours(rng.choice(sorted(cells)))) if grow
                      else (rng.randrange(-6, 7), rng.randrange(-6, 7)))
        frozen = frozenset(cells)
        for pos in cells:
            assert connected_without(frozen, pos) == (len(components(cells - {pos})) <= 1), (sorted(cells), pos)
        groups = len(components(cells))     # a cut cell splits its own group: one more group without it
        assert cut_cells(frozen) == {p for p in cells if len(components(cells - {p})) > groups}
        assert set(border(frozen)) == {nb for p in cells for nb in neighbours(p)} - cells
        assert list(border(frozen)) == sorted(border(frozen))
    line = frozenset({(0, 0), (1, 0), (2, 0)})
    assert cut_cells(line) == {(1, 0)} and not connected_without(line, (1, 0))
