"""What a Han Move and a New Han ask of the map, kept up to date as Han move (`Board.map_facts`).

The map is the set of Han positions (its cells). A New Han goes on a free spot (an empty position
touching a cell); a Han may be lifted unless it is a cut cell (its absence splits the map), and it
goes to a free spot of the map without it. Worked out afresh, that is a pass over every cell's
neighbours and a depth-first search per new map (`hexgrid._articulation`), and the map changes at
nearly every Han Move. `MapFacts` is those facts for one set of cells; `then` derives the facts of
a map that differs by one Han lifted and/or one placed by visiting only the neighbours of the two
positions that changed, as a move changes them.

Cut cells without a search: on a hex grid the cells around a cell, taken in turn, fall into arcs of
touching cells separated by gaps. One arc: the neighbours reach each other around the cell, so
lifting it splits nothing. Two arcs or more: lifting it splits the map unless the arcs meet again
round a hole (an empty region the map encloses); with no hole every gap lies in the one empty region
outside, and a path through it from gap to gap closes a loop through the cell that parts the arcs.
Whether a connected map has holes is counted, not searched: the cells, their touching pairs and
their touching triples (V - E + T, the Euler characteristic of the union of hexes) make one group
less its holes. A map with a hole asks the search, as before.
"""

from __future__ import annotations

from functools import lru_cache

from ...hexgrid import Pos, _articulation, _connected, around


def _arcs(mask: int) -> int:
    """Runs of set bits in a 6-bit ring (bit i: the neighbour in direction i is a cell)."""
    if mask == 0b111111:
        return 1
    return sum(1 for i in range(6) if mask >> i & 1 and not mask >> ((i - 1) % 6) & 1)


def _pairs(mask: int) -> int:
    """Neighbours next to each other round the ring, both cells: the triangles the cell closes."""
    return sum(1 for i in range(6) if mask >> i & 1 and mask >> ((i + 1) % 6) & 1)


ARCS = tuple(_arcs(m) for m in range(64))
PAIRS = tuple(_pairs(m) for m in range(64))
COUNT = tuple(bin(m).count("1") for m in range(64))


def _mask(pos: Pos, cells: set[Pos] | frozenset[Pos]) -> int:
    mask, bit = 0, 1
    for nb in around(pos):
        if nb in cells:
            mask |= bit
        bit <<= 1
    return mask


class MapFacts:
    """The facts of one map (a set of cells), immutable once made: boards and their clones share them.

    `touching`: each free spot and how many cells it touches; `arcs`: each cell's arcs of neighbouring
    cells; `euler`: V - E + T; `one_group`: whether the cells touch into one group."""

    __slots__ = ("cells", "touching", "arcs", "edges", "triangles", "one_group", "_spots", "_cuts")

    def __init__(self, cells: frozenset[Pos], touching: dict[Pos, int], arcs: dict[Pos, int], edges: int,
                 triangles: int, one_group: bool):
        self.cells, self.touching, self.arcs = cells, touching, arcs
        self.edges, self.triangles, self.one_group = edges, triangles, one_group
        self._spots: tuple[Pos, ...] | None = None
        self._cuts: frozenset[Pos] | None = None

    @classmethod
    def of(cls, cells: frozenset[Pos]) -> MapFacts:
        """The facts worked out from the cells alone."""
        touching: dict[Pos, int] = {}
        arcs: dict[Pos, int] = {}
        edges = triangles = 0
        for cell in cells:
            mask = _mask(cell, cells)
            arcs[cell] = ARCS[mask]
            edges += COUNT[mask]
            triangles += PAIRS[mask]
            for nb in around(cell):
                if nb not in cells:
                    touching[nb] = touching.get(nb, 0) + 1
        # each pair was counted from both its cells, each triangle from its three
        return cls(cells, touching, arcs, edges // 2, triangles // 3, _connected(cells))

    def then(self, cells: frozenset[Pos]) -> MapFacts:
        """The facts of `cells`: derived from these when one cell left and/or one came, else afresh."""
        removed, added = self.cells - cells, cells - self.cells
        if len(removed) > 1 or len(added) > 1:
            return MapFacts.of(cells)
        touching, arcs = dict(self.touching), dict(self.arcs)
        edges, triangles = self.edges, self.triangles
        one_group: bool | None = self.one_group
        work = set(self.cells)
        changed: list[Pos] = []
        for gone in removed:
            if one_group:
                if len(work) == 1:
                    one_group = True                  # no cells at all count as one group
                elif arcs[gone] <= 1:
                    one_group = True                  # one arc: never a cut cell
                elif self.holes == 0:
                    one_group = False                 # more arcs and no hole: a cut cell
                else:
                    one_group = None                  # round a hole: asked below
            else:
                one_group = None                      # lifting a cell may leave one group
            work.discard(gone)
            del arcs[gone]
            mask = _mask(gone, work)
            edges -= COUNT[mask]
            triangles -= PAIRS[mask]
            for nb in around(gone):
                if nb not in work:
                    n = touching[nb] - 1
                    if n:
                        touching[nb] = n
                    else:
                        del touching[nb]
            if mask:
                touching[gone] = COUNT[mask]
            changed.append(gone)
        for new in added:
            mask = _mask(new, work)
            if one_group:
                one_group = bool(mask) or not work    # touching the map (or alone) keeps it one group
            else:
                one_group = None
            work.add(new)
            touching.pop(new, None)
            edges += COUNT[mask]
            triangles += PAIRS[mask]
            for nb in around(new):
                if nb not in work:
                    touching[nb] = touching.get(nb, 0) + 1
            changed.append(new)
        for pos in changed:
            for nb in around(pos):
                if nb in work:
                    arcs[nb] = ARCS[_mask(nb, work)]
            if pos in work:
                arcs[pos] = ARCS[_mask(pos, work)]
        if one_group is None:
            one_group = _connected(cells)
        return MapFacts(cells, touching, arcs, edges, triangles, one_group)

    @property
    def holes(self) -> int:
        """Empty regions the map encloses (for a map of one group)."""
        return 1 - (len(self.cells) - self.edges + self.triangles)

    @property
    def spots(self) -> tuple[Pos, ...]:
        """The free spots, sorted (as `hexgrid.border` lists them)."""
        if self._spots is None:
            self._spots = tuple(sorted(self.touching))
        return self._spots

    def splits(self, pos: Pos) -> bool:
        """Whether the cells less `pos` (a cell) fall apart: `not hexgrid.connected_without`."""
        if self.one_group:
            if self.arcs[pos] <= 1:
                return False
            if self.holes == 0:
                return True
            if self._cuts is None:
                self._cuts = _articulation(self.cells)[1]
            return pos in self._cuts
        return not _connected(self.cells - {pos})

    def lonely(self, pos: Pos) -> int:
        """Free spots that touch the cell at `pos` alone (no longer free once it is lifted)."""
        touching = self.touching
        return sum(1 for nb in around(pos) if touching.get(nb) == 1)

    def spots_without(self, pos: Pos) -> list[Pos]:
        """The free spots of the map less the cell at `pos`, sorted (`Board.free_spots(without=...)`)."""
        near = around(pos)
        touching = self.touching
        return [s for s in self.spots if touching[s] != 1 or s not in near]


@lru_cache(maxsize=64)
def facts_of(cells: frozenset[Pos]) -> MapFacts:
    """`MapFacts.of`, remembered: every game of a player count starts from the same map."""
    return MapFacts.of(cells)
