import pytest

from pnp.hexgrid import SQRT3, HexGrid


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
