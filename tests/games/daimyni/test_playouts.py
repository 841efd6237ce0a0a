"""Random playouts: 1,000 seeded games (times PNP_SOAK, see tests/soak.py) end or reach the round cap,
with the invariants checked after every single step of four games in ten and at the end of all."""

import random

import pytest

from pnp.engine import playout
from pnp.games.daimyni.rules import DaimyniState, Rules, _builtin
from tests.soak import chunks, games

GAMES = games(1000)
ROUND_CAP = 60
SEEDS = chunks(GAMES, 2)


def check_invariants(s: DaimyniState) -> None:
    for clan in ("red", "blue"):
        on_board = sum(s.bushi[clan].values())
        assert on_board + s.area[clan] == 9, (clan, s.bushi[clan], s.area[clan])
        assert all(n > 0 for n in s.bushi[clan].values())
    cards = [n for c in ("red", "blue") for n in (*s.hand[c], *s.reserve[c], *s.table.get(c, ()))]
    assert sorted(cards) == list(range(1, 19))
    alive = [c for c in ("red", "blue") if s.daimyo[c] is not None]
    if s.is_terminal():
        assert (s.winner is None and len(alive) == 2) or (alive == [s.winner])
    else:
        assert len(alive) == 2
    red_cells = set(s.bushi["red"]) | {s.daimyo["red"]} - {None}
    blue_cells = set(s.bushi["blue"]) | {s.daimyo["blue"]} - {None}
    assert not red_cells & blue_cells, "two clans share a cell after combat"
    assert len(set(s.tanbo)) == 2 and not set(s.tanbo) & (red_cells | blue_cells)


@pytest.mark.slow
@pytest.mark.parametrize("seeds", SEEDS, ids=[f"seeds{r.start}-{r.stop - 1}" for r in SEEDS])
def test_random_playouts_keep_every_invariant(seeds):
    rules = Rules(_builtin())
    ended = capped = 0
    for seed in seeds:
        state = DaimyniState(rules, round_cap=ROUND_CAP)
        check_invariants(state)
        # Four seeds in ten are checked after every step; the other six go through the engine's fast
        # random path, the same game (tests/simulate/test_speed.py holds the two equal), checked at
        # the end: checking every step cost several times the game itself.
        playout(state, random.Random(seed), after_step=check_invariants if seed % 10 < 4 else None)
        check_invariants(state)
        assert state.is_terminal()
        if state.winner:
            ended += 1
        else:
            capped += 1
            assert state.round == ROUND_CAP
    assert ended + capped == len(seeds)
    # random play still removes a Daimyo in many games: in every chunk, so in all GAMES too
    assert ended > len(seeds) // 3


def test_the_chunks_cover_every_seed_once():
    assert [seed for chunk in SEEDS for seed in chunk] == list(range(GAMES))


def test_sampled_actions_are_always_legal():
    rules = Rules(_builtin())
    rng = random.Random(7)
    for _ in range(30):
        s = DaimyniState(rules, round_cap=30)
        while not s.is_terminal():
            action = s.sample_action(rng)
            assert action in s.legal_actions()
            s.apply_action(action)
