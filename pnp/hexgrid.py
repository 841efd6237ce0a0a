"""Axial hex coordinates for flat-topped hex maps laid out in columns.

Shared by drawing and by the rules engines (which never import drawing). Cells are named like
chess squares: a column letter from the left and a row number from the bottom.

>>> grid = HexGrid([6, 5, 6], radius=10)
>>> grid.neighbours("a3")
['a2', 'a4', 'b2', 'b3']
>>> grid.distance("a1", "c6")
6
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

SQRT3 = math.sqrt(3)
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@dataclass(frozen=True)
class Hex:
    label: str
    column: int
    row: int          # 1 = bottom of its column
    q: int
    r: int
    centre: tuple[float, float]  # mm from the map's top-left, y downwards


class HexGrid:
    def __init__(self, cells_per_column: list[int], radius: float):
        if not cells_per_column:
            raise ValueError("expected at least one column")
        self.radius = radius
        self.columns = list(cells_per_column)
        tallest = max(cells_per_column)
        self.cells: dict[str, Hex] = {}
        self._by_axial: dict[tuple[int, int], str] = {}
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
                x = radius + 1.5 * radius * c
                y = SQRT3 * radius * (0.5 + k + offset)
                label = f"{chr(97 + c)}{n - k}"
                self.cells[label] = Hex(label, c, n - k, q, r, (x, y))
                self._by_axial[(q, r)] = label

    @cached_property
    def extent(self) -> tuple[float, float]:
        """Width and height of the map in mm."""
        width = 2 * self.radius + 1.5 * self.radius * (len(self.columns) - 1)
        height = max(h.centre[1] for h in self.cells.values()) + SQRT3 * self.radius / 2
        return width, height

    @property
    def first_label(self) -> str:
        return min(self.cells, key=lambda s: (s[0], int(s[1:])))

    @property
    def last_label(self) -> str:
        return max(self.cells, key=lambda s: (s[0], int(s[1:])))

    def neighbours(self, label: str) -> list[str]:
        h = self.cells[label]
        found = (self._by_axial.get((h.q + dq, h.r + dr)) for dq, dr in DIRECTIONS)
        return sorted((n for n in found if n), key=lambda s: (s[0], int(s[1:])))

    def adjacent(self, a: str, b: str) -> bool:
        return self.distance(a, b) == 1

    def distance(self, a: str, b: str) -> int:
        ha, hb = self.cells[a], self.cells[b]
        dq, dr = ha.q - hb.q, ha.r - hb.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def corners(self, label: str, radius: float | None = None) -> list[tuple[float, float]]:
        """The six corners of a cell in mm, starting at the right-hand corner."""
        x, y = self.cells[label].centre
        rad = self.radius if radius is None else radius
        return [(x + rad * math.cos(math.pi / 3 * i), y + rad * math.sin(math.pi / 3 * i)) for i in range(6)]
