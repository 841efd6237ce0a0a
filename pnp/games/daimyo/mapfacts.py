"""What a Han Move and a New Han ask of the map, kept up to date as Han move (`Board.map_facts`).

The map is the set of Han positions (its cells). A New Han goes on a free spot (an empty position
touching a cell); a Han may be lifted unless it is a cut cell (its absence splits the map), and it
goes to a free spot of the map without it. Worked out afresh, that is a pass over every cell's
neighbours and a depth-first search per new map (`hexgrid._articulation`), and the map changes at
nearly every Han Move. `MapFacts` is those facts for one set of cells; `update` brings them to a
map that differs by one Han lifted and/or one placed by visiting only the neighbours of the two
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

from bisect import bisect_left, insort
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


# Bit i of a position's ring: the neighbour in direction i (`hexgrid.DIRECTIONS`) is a cell; seen from
# that neighbour, the position lies in the opposite direction, i + 3.
FACING = tuple(1 << ((i + 3) % 6) for i in range(6))


@lru_cache(maxsize=8192)
def _ring(pos: Pos) -> tuple[tuple[Pos, int], ...]:
    """Each neighbour of `pos` with the bit that stands for `pos` in the neighbour's own ring."""
    return tuple(zip(around(pos), FACING))


class MapFacts:
    """The facts of one map (a set of cells): each board keeps its own (a clone copies them) and
    brings them to the map as it lies now with `update`.

    `ring`: for every cell and every position touching one, which of its six neighbours are cells (a
    6-bit mask); a free spot is a position of the ring that is not a cell, and its mask's bits are
    the cells it touches. `spots`: the free spots, sorted (as `hexgrid.border` lists them). `edges`,
    `triangles`: the touching pairs and triples of cells (V - E + T is the number of groups less the
    number of holes); `one_group`: whether the cells touch into one."""

    __slots__ = ("cells", "ring", "spots", "edges", "triangles", "one_group", "holes", "_cuts")

    def __init__(self, cells: frozenset[Pos], ring: dict[Pos, int], spots: list[Pos], edges: int, triangles: int,
                 one_group: bool):
        self.cells, self.ring, self.spots = cells, ring, spots
        self.edges, self.triangles, self.one_group = edges, triangles, one_group
        # empty regions the map encloses (when it is one group): 1 - (V - E + T)
        self.holes = 1 - (len(cells) - edges + triangles)
        self._cuts: frozenset[Pos] | None = None      # the search's cut cells, asked only round a hole

    @classmethod
    def of(cls, cells: frozenset[Pos]) -> MapFacts:
        """The facts worked out from the cells alone."""
        ring: dict[Pos, int] = dict.fromkeys(cells, 0)
        edges = triangles = 0
        for cell in cells:
            for nb, bit in _ring(cell):
                ring[nb] = ring.get(nb, 0) | bit
        for cell in cells:
            edges += COUNT[ring[cell]]
            triangles += PAIRS[ring[cell]]
        # each pair was counted from both its cells, each triangle from its three
        spots = sorted(p for p in ring if p not in cells)
        return cls(cells, ring, spots, edges // 2, triangles // 3, _connected(cells))

    def copy(self) -> MapFacts:
        other = MapFacts(self.cells, dict(self.ring), list(self.spots), self.edges, self.triangles, self.one_group)
        other._cuts = self._cuts
        return other

    def update(self, cells: frozenset[Pos]) -> None:
        """Become the facts of `cells`: derived from the present ones when one cell left and/or one
        came (a Han moved or placed), else worked out afresh."""
        removed, added = self.cells - cells, cells - self.cells
        if len(removed) > 1 or len(added) > 1:
            fresh = MapFacts.of(cells)
            self.ring, self.spots, self.edges, self.triangles = fresh.ring, fresh.spots, fresh.edges, fresh.triangles
            self._settle(cells, fresh.one_group)
            return
        ring, spots = self.ring, self.spots
        one_group: bool | None = self.one_group
        for gone in removed:
            mask = ring[gone]
            if one_group:
                if len(self.cells) == 1:
                    one_group = True                  # no cells at all count as one group
                elif ARCS[mask] <= 1:
                    one_group = True                  # one arc: never a cut cell
                elif self.holes == 0:
                    one_group = False                 # more arcs and no hole: a cut cell
                else:
                    one_group = None                  # round a hole: asked below
            else:
                one_group = None                      # lifting a cell may leave one group
            self.edges -= COUNT[mask]
            self.triangles -= PAIRS[mask]
            for nb, bit in _ring(gone):
                left = ring[nb] & ~bit
                if left or nb in cells:
                    ring[nb] = left
                else:
                    del ring[nb]                      # neither a cell nor touching one now
                    _drop(spots, nb)
            if mask:
                insort(spots, gone)
            else:
                del ring[gone]
        for new in added:
            mask = ring.get(new, 0)
            if one_group:
                one_group = bool(mask) or len(cells) == 1   # touching the map (or alone) keeps it one group
            else:
                one_group = None
            ring[new] = mask
            _drop(spots, new)
            self.edges += COUNT[mask]
            self.triangles += PAIRS[mask]
            for nb, bit in _ring(new):
                if nb in ring:
                    ring[nb] |= bit
                else:
                    ring[nb] = bit
                    if nb not in cells:
                        insort(spots, nb)
        self._settle(cells, _connected(cells) if one_group is None else one_group)

    def _settle(self, cells: frozenset[Pos], one_group: bool) -> None:
        """The facts that follow from the counts, once `ring`, `spots`, `edges` and `triangles` are
        those of `cells`."""
        self.cells, self.one_group = cells, one_group
        self.holes = 1 - (len(cells) - self.edges + self.triangles)
        self._cuts = None

    def splits(self, pos: Pos) -> bool:
        """Whether the cells less `pos` (a cell) fall apart: `not hexgrid.connected_without`."""
        if self.one_group:
            if ARCS[self.ring[pos]] <= 1:
                return False
            if self.holes == 0:
                return True
            if self._cuts is None:
                self._cuts = _articulation(self.cells)[1]
            return pos in self._cuts
        return not _connected(self.cells - {pos})

    def lonely(self, pos: Pos) -> int:
        """Free spots that touch the cell at `pos` alone (no longer free once it is lifted)."""
        ring, cells = self.ring, self.cells
        n = 0
        for nb, bit in _ring(pos):
            if ring[nb] == bit and nb not in cells:
                n += 1
        return n

    def room(self, pos: Pos) -> int | None:
        """How many spots the Han at `pos` may move to (the free spots of the map without it,
        `Board.free_spots(without=...)`), or None when lifting it splits the map: `splits` and
        `lonely` in one call, as a Han Move asks it of every Han free to move."""
        ring = self.ring
        if not (self.one_group and ARCS[ring[pos]] <= 1) and self.splits(pos):
            return None
        cells = self.cells
        n = len(self.spots)
        for nb, bit in _ring(pos):
            if ring[nb] == bit and nb not in cells:
                n -= 1
        return n

    def spot_without(self, pos: Pos, k: int) -> Pos:
        """The `k`-th free spot of the map without the cell at `pos` (sorted, as
        `Board.free_spots(without=...)` lists them), found by skipping the spots that touch it alone
        rather than listing the others."""
        ring, cells, spots = self.ring, self.cells, self.spots
        for i in sorted(bisect_left(spots, nb) for nb, bit in _ring(pos) if ring[nb] == bit and nb not in cells):
            if i > k:
                break
            k += 1
        return spots[k]


def _drop(spots: list[Pos], pos: Pos) -> None:
    """Take `pos` out of the sorted `spots`, if it is there."""
    i = bisect_left(spots, pos)
    if i < len(spots) and spots[i] == pos:
        del spots[i]


@lru_cache(maxsize=64)
def facts_of(cells: frozenset[Pos]) -> MapFacts:
    """`MapFacts.of`, remembered: every game of a player count starts from the same map. Shared:
    a board takes a `copy` to update."""
    return MapFacts.of(cells)
