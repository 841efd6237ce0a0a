"""The map facts a Han Move asks (free spots, cut cells) kept up to date as Han move (`mapfacts`):
after every change, the derived facts equal the facts worked out afresh, and both agree with the
searches of `hexgrid` (`border`, `connected_without`), on maps with holes and maps in pieces too."""

import random
from dataclasses import replace

import pytest

from pnp.games.daimyo.actions import MoveHan, PlaceHan
from pnp.games.daimyo.mapfacts import MapFacts
from pnp.games.daimyo.rules import DaimyoState
from pnp.games.daimyo.state import Options, Rules
from pnp.hexgrid import Pos, around, border, connected_without, is_connected
from pnp.model import load_game
from pnp.paths import cards_dir

GAME = load_game(cards_dir() / "daimyo")


def then(facts: MapFacts, cells: frozenset[Pos]) -> MapFacts:
    """A copy of `facts` updated to `cells` (the board updates its own in place)."""
    other = facts.copy()
    other.update(cells)
    return other


def same(a: MapFacts, b: MapFacts) -> None:
    assert (a.cells, a.ring, a.spots, a.edges, a.triangles, a.one_group) == \
        (b.cells, b.ring, b.spots, b.edges, b.triangles, b.one_group)


def agrees_with_the_searches(facts: MapFacts) -> None:
    cells = facts.cells
    assert tuple(facts.spots) == border(cells)
    for pos in cells:
        assert facts.splits(pos) == (not connected_without(cells, pos)), (sorted(cells), pos)
        without = [s for s in border(cells - {pos}) if s != pos]
        assert [facts.spot_without(pos, k) for k in range(len(without))] == without
        assert facts.lonely(pos) == len(facts.spots) - len(without)
        assert facts.room(pos) == (None if facts.splits(pos) else len(without))


def test_a_ring_has_a_hole_and_no_cut_cell_and_a_line_is_all_cut_cells_but_its_ends() -> None:
    ring = frozenset(around((0, 0)))
    facts = MapFacts.of(ring)
    assert facts.holes == 1 and not any(facts.splits(p) for p in ring)
    line = MapFacts.of(frozenset((q, 0) for q in range(4)))
    assert line.holes == 0 and [line.splits((q, 0)) for q in range(4)] == [False, True, True, False]
    # closing the ring's hole leaves a solid map of seven cells, no cut cell
    solid = then(facts, ring | {(0, 0)})
    assert solid.holes == 0 and tuple(solid.spots) == border(ring | {(0, 0)})


def test_derived_facts_follow_random_lifts_and_placings() -> None:
    rng = random.Random(7)
    seen = {"hole": 0, "pieces": 0, "cut": 0, "afresh": 0}
    for _walk in range(30):
        cells = {(0, 0)}
        while len(cells) < rng.randint(6, 16):
            cells.add(rng.choice(border(frozenset(cells))))
        facts = MapFacts.of(frozenset(cells))
        for _step in range(40):
            new = set(facts.cells)
            what = rng.random()
            if what < 0.8:          # a Han Move: lift any cell (a cut one too), place it on a spot
                new.discard(rng.choice(sorted(new)))
                new.add(rng.choice(border(frozenset(new))) if new else (0, 0))
            elif what < 0.9:        # a New Han, or a cell far off (a map in pieces)
                new.add(rng.choice(border(frozenset(new))) if rng.random() < 0.5 else (rng.randint(8, 12), 0))
            else:                   # two cells changed at once: worked out afresh
                for pos in rng.sample(sorted(new), min(2, len(new) - 1)):
                    new.discard(pos)
                seen["afresh"] += 1
            after = then(facts, frozenset(new))
            same(after, MapFacts.of(frozenset(new)))
            agrees_with_the_searches(after)
            seen["hole"] += after.one_group and after.holes > 0
            seen["pieces"] += not after.one_group
            seen["cut"] += any(after.splits(p) for p in after.cells)
            facts = after
    assert all(seen.values()), seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_boards_map_facts_are_those_of_its_map_after_every_move(players: int) -> None:
    changed = 0
    for seed in range(6):
        state = DaimyoState(Rules(GAME, replace(Options(players=players, round_cap=30), seed=seed)))
        rng = random.Random(seed)
        before = state.map_facts().cells
        while not state.is_terminal():
            action = state.sample_action(rng)
            state.apply_action(action)
            cells = frozenset(state.tile_pos.values())
            facts = state.map_facts()
            same(facts, MapFacts.of(cells))
            if isinstance(action, (MoveHan, PlaceHan)):
                assert facts.cells != before             # the move that changes the map renews its facts
                changed += 1
            before = facts.cells
        assert is_connected(state.tile_pos.values())
    assert changed


def test_a_clone_and_a_new_game_keep_their_own_map_facts() -> None:
    state = DaimyoState(Rules(GAME, Options(players=2, seed=3)))
    start = frozenset(state.tile_pos.values())
    state.map_facts()
    other = state.clone()
    tile = state.han_reserve.pop(0)
    state.place_han(tile, state.map_facts().spots[0])            # a New Han in the original only
    same(state.map_facts(), MapFacts.of(frozenset(state.tile_pos.values())))
    same(other.map_facts(), MapFacts.of(start))
    same(DaimyoState(Rules(GAME, Options(players=2, seed=4))).map_facts(), MapFacts.of(start))


@pytest.mark.parametrize("advanced", [False, True])
def test_each_hans_neighbours_are_those_of_the_map_after_every_move(advanced: bool) -> None:
    """`adjacent_tiles` is cached per Han; a Han placed or moved (New Han, Han Move, the Master of
    Diplomacy) drops the entries it changes."""
    extra = dict(special=True, mastery=True, fortifications=True, inaccessible=True) if advanced else {}
    moved = 0
    for seed in range(4):
        state = DaimyoState(Rules(GAME, replace(Options(players=3, round_cap=30, **extra), seed=seed)))
        rng = random.Random(seed)
        while not state.is_terminal():
            for tile in state.tile_pos:          # ask every Han, so each entry is cached when the map changes
                state.adjacent_tiles(tile)
            before = dict(state.tile_pos)
            state.apply_action(state.sample_action(rng))
            moved += state.tile_pos != before
            for tile, pos in state.tile_pos.items():
                fresh = [state.tile_at[p] for p in around(pos) if p in state.tile_at]
                assert state.adjacent_tiles(tile) == fresh == state.near(tile), (seed, tile)
    assert moved
