"""Hex geometry, shared by drawing and by the rules engines (which never import drawing).

Hexes are flat-topped (a corner points right) and addressed by axial coordinates `(q, r)`: q counts
columns to the right, r counts down a column, and each column sits half a hex lower than the one to
its left. Every map in the project, fixed or changing during play, uses these functions:

>>> neighbours((0, 0))
[(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
>>> distance((0, 0), (2, -1))
2
>>> is_connected({(0, 0), (1, 0), (2, 0)}), is_connected({(0, 0), (1, 0), (2, 0)}, without=(1, 0))
(True, False)
>>> centre((2, -1), radius=10)
(30.0, 0.0)
>>> [(round(x, 3), round(y, 3)) for x, y in corners((0, 0), radius=2)]
[(2.0, 0.0), (1.0, 1.732), (-1.0, 1.732), (-2.0, 0.0), (-1.0, -1.732), (1.0, -1.732)]

`HexGrid` is a fixed map of labelled cells, named like chess squares: a column letter from the left
and a row number from the bottom.

>>> grid = HexGrid([6, 5, 6], radius=10)
>>> grid.neighbours("a3")
['a2', 'a4', 'b2', 'b3']
>>> grid.distance("a1", "c6")
6
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache

SQRT3 = math.sqrt(3)
Pos = tuple[int, int]   # axial (q, r)
DIRECTIONS: tuple[Pos, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def neighbours(pos: Pos) -> list[Pos]:
    """The six positions around `pos`, in the order of DIRECTIONS (whether or not a map has them)."""
    return [(pos[0] + dq, pos[1] + dr) for dq, dr in DIRECTIONS]


@lru_cache(maxsize=8192)
def _around(pos: Pos) -> tuple[Pos, ...]:
    """`neighbours`, remembered: the searches below ask it of the same few dozen cells all game."""
    return tuple(neighbours(pos))


around = _around      # the public name of `_around`, for the engines' own searches


def distance(a: Pos, b: Pos) -> int:
    """Number of steps from hex to hex between two positions."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def components(positions: Iterable[Pos]) -> list[set[Pos]]:
    """The groups of positions that touch each other, largest first (ties: smallest position first)."""
    cells = set(positions)
    groups = []
    while cells:
        seen = _reach(min(cells), cells)
        cells -= seen
        groups.append(seen)
    return sorted(groups, key=lambda g: (-len(g), min(g)))


def _reach(start: Pos, cells: set[Pos] | frozenset[Pos]) -> set[Pos]:
    """The cells reached from `start` by steps between touching cells."""
    seen, todo = {start}, [start]
    while todo:
        q, r = todo.pop()
        for dq, dr in DIRECTIONS:
            nb = (q + dq, r + dr)
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return seen


def is_connected(positions: Iterable[Pos], without: Pos | None = None) -> bool:
    """Whether the positions (less `without`, if given) form one group; no positions at all count as connected."""
    cells = set(positions)
    cells.discard(without)
    return _connected(frozenset(cells))


@lru_cache(maxsize=4096)
def _connected(cells: frozenset[Pos]) -> bool:
    # One search from any cell, without sorting groups as `components` does, and remembered: the
    # engines ask this of every tile they might move, many times a round, of a map that rarely changes.
    return not cells or len(_reach(next(iter(cells)), cells)) == len(cells)


def connected_without(cells: frozenset[Pos], pos: Pos) -> bool:
    """Whether `cells` less `pos` form one group: for a connected map, whether `pos` is not one of its
    cut cells (`cut_cells`), so that asking it of every tile costs one search of the map, not one
    per tile."""
    one_group, cuts = _articulation(cells)
    if one_group:
        return pos not in cuts
    return _connected(cells - {pos})


def cut_cells(cells: frozenset[Pos]) -> frozenset[Pos]:
    """The cells whose removal splits the group they belong to (articulation points, found by one
    depth-first search per group keeping each cell's lowest reachable discovery time)."""
    return _articulation(cells)[1]


@lru_cache(maxsize=4096)
def _articulation(cells: frozenset[Pos]) -> tuple[bool, frozenset[Pos]]:
    """(whether `cells` form one group, their cut cells): the search that finds the cut cells
    reaches every cell from the first one exactly when they are one group, so one search answers
    both (a changing map asks both of every new map; remembered, as `_connected` is)."""
    one_group: bool | None = None       # known once the first search ends
    order: dict[Pos, int] = {}
    low: dict[Pos, int] = {}
    cuts: set[Pos] = set()
    for root in sorted(cells):
        if root in order:
            continue
        order[root] = low[root] = len(order)
        children = 0
        stack: list[tuple[Pos, Pos | None, Iterator[Pos]]] = [(root, None, iter(_around(root)))]
        while stack:
            cell, parent, rest = stack[-1]
            for nb in rest:
                if nb not in cells or nb == parent:
                    continue
                if nb in order:
                    low[cell] = min(low[cell], order[nb])
                else:
                    order[nb] = low[nb] = len(order)
                    if cell == root:
                        children += 1
                    stack.append((nb, cell, iter(_around(nb))))
                    break
            else:
                stack.pop()
                if parent is not None:
                    low[parent] = min(low[parent], low[cell])
                    if parent != root and low[cell] >= order[parent]:
                        cuts.add(parent)
        if children > 1:
            cuts.add(root)
        if one_group is None:
            one_group = len(order) == len(cells)
    return one_group is not False, frozenset(cuts)


@lru_cache(maxsize=4096)
def border(cells: frozenset[Pos]) -> tuple[Pos, ...]:
    """The positions not in `cells` that touch one of them, sorted."""
    return tuple(sorted({nb for p in cells for nb in _around(p) if nb not in cells}))


def centre(pos: tuple[float, float], radius: float) -> tuple[float, float]:
    """Centre in mm of the hex at axial `pos`, for hexes of `radius` (centre to corner), with (0, 0)
    at the origin, x to the right and y downwards. `pos` may be fractional (half a row lower, say)."""
    q, r = pos
    return 1.5 * radius * q, SQRT3 * radius * (r + q / 2)


def corners(centre: tuple[float, float], radius: float) -> tuple[tuple[float, float], ...]:
    """The six corners in mm of a flat-topped hex around `centre`, starting at the right-hand corner
    and turning clockwise on the page (y downwards)."""
    x, y = centre
    return tuple((x + radius * math.cos(math.pi / 3 * i), y + radius * math.sin(math.pi / 3 * i)) for i in range(6))


@dataclass(frozen=True)
class Hex:
    label: str
    column: int
    row: int          # 1 = bottom of its column
    q: int
    r: int
    centre: tuple[float, float]  # mm from the map's top-left, y downwards


def _label_key(label: str) -> tuple[str, int]:
    return label[0], int(label[1:])


class HexGrid:
    """A fixed map: columns of cells, neighbouring columns interlocking; the map's top-left corner
    is the origin of the cells' centres."""

    def __init__(self, cells_per_column: list[int], radius: float):
        if not cells_per_column:
            raise ValueError("expected at least one column")
        self.radius = radius
        self.columns = list(cells_per_column)
        tallest = max(cells_per_column)
        self.cells: dict[str, Hex] = {}
        self._by_axial: dict[Pos, str] = {}
        for c, n in enumerate(cells_per_column):
            offset = (tallest - n) / 2
            for k in range(n):
                r2 = 2 * (k + offset) - c          # twice the axial r
                if r2 != int(r2) or int(r2) % 2:
                    raise ValueError(
                        f"column {chr(97 + c)} ({n} cells) does not interlock with its neighbours: "
                        "neighbouring columns must differ by an odd number of cells (e.g. 6, 5, 6)"
                    )
                q, r = c, int(r2) // 2
                # (q, r) = (0, 0) is half a hex below the map's top edge and one radius right of its left edge
                x, y = centre((q, r + 0.5), radius)
                label = f"{chr(97 + c)}{n - k}"
                self.cells[label] = Hex(label, c, n - k, q, r, (radius + x, y))
                self._by_axial[(q, r)] = label

    @cached_property
    def extent(self) -> tuple[float, float]:
        """Width and height of the map in mm."""
        width = 2 * self.radius + 1.5 * self.radius * (len(self.columns) - 1)
        height = max(h.centre[1] for h in self.cells.values()) + SQRT3 * self.radius / 2
        return width, height

    @property
    def first_label(self) -> str:
        return min(self.cells, key=_label_key)

    @property
    def last_label(self) -> str:
        return max(self.cells, key=_label_key)

    def pos(self, label: str) -> Pos:
        h = self.cells[label]
        return h.q, h.r

    def neighbours(self, label: str) -> list[str]:
        found = (self._by_axial.get(p) for p in neighbours(self.pos(label)))
        return sorted((n for n in found if n), key=_label_key)

    def adjacent(self, a: str, b: str) -> bool:
        return self.distance(a, b) == 1

    def distance(self, a: str, b: str) -> int:
        return distance(self.pos(a), self.pos(b))

    def corners(self, label: str, radius: float | None = None) -> list[tuple[float, float]]:
        """The six corners of a cell in mm, starting at the right-hand corner."""
        return list(corners(self.cells[label].centre, self.radius if radius is None else radius))
