"""How `pnp simulate` shares games out: chunks that cover every game once, small enough to keep
every worker busy to the end, and the same records whatever the number of workers."""

from __future__ import annotations

import pytest

from pnp.simulate.run import CHUNKS_PER_WORKER, MAX_CHUNK, Spec, chunks, run


@pytest.mark.parametrize(("games", "workers"), [(1, 1), (7, 2), (40, 2), (1000, 2), (1000, 3), (100_000, 16)])
def test_chunks_cover_every_game_once_in_order(games, workers):
    parts = chunks(games, workers)
    assert [i for start, stop in parts for i in range(start, stop)] == list(range(games))
    assert all(0 < stop - start <= MAX_CHUNK for start, stop in parts)


@pytest.mark.parametrize("workers", [1, 2, 4, 16])
def test_each_worker_gets_several_chunks_so_none_waits_long_at_the_end(workers):
    games = 10_000
    parts = chunks(games, workers)
    assert len(parts) >= CHUNKS_PER_WORKER * workers
    # the last chunk to finish is a small part of one worker's share of the games
    assert max(stop - start for start, stop in parts) <= games / workers / CHUNKS_PER_WORKER


def test_the_records_are_the_same_whatever_the_number_of_workers():
    spec = Spec("daimyni", 2, (), "random", seed=11)
    one = run(spec, 30, 1)
    assert [r.index for r in one] == list(range(30))
    assert len({tuple(r.plays) for r in one}) > 1        # different games, not one game repeated
    for workers in (2, 3):
        assert run(spec, 30, workers) == one
