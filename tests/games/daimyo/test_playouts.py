"""Random playouts: 250 seeded games (times PNP_SOAK, see tests/soak.py) for each of 2, 3 and 4 players,
basic and advanced, with the invariants checked after every step of four games in ten and at the end of
every game."""

import random
from collections import Counter
from dataclasses import replace

import pytest

from pnp.engine import playout
from pnp.games.daimyo.rules import DaimyoState
from pnp.games.daimyo.state import Options, Rules
from pnp.model import load_game
from pnp.paths import cards_dir
from tests.soak import chunks, games

GAME = load_game(cards_dir() / "daimyo")
GAMES = games(250)
CAP = 40
SEEDS = chunks(GAMES, 2)


def invariants(s: DaimyoState) -> None:
    rules = s.rules
    tiles = s.tile_pos.keys()
    held: list[str] = []
    on_map = 0
    owner: dict[str, str] = {}   # one clan per Han
    for clan in rules.clans:
        bushi, ronin = s.bushi[clan], s.ronin[clan]
        assert sum(bushi.values()) + s.area[clan] == rules.bushi_per_clan
        assert all(n > 0 for n in bushi.values())
        assert tiles >= bushi.keys()
        held += s.hand[clan]
        held += s.reserve[clan]
        held += s.table.get(clan, ())
        on_map += sum(ronin.values())
        for tile in (*bushi, *ronin, *((s.daimyo[clan],) if s.daimyo[clan] else ())):
            assert owner.setdefault(tile, clan) == clan, (tile, owner[tile], clan)
    assert sorted(held) == sorted(s.cards_in_play)
    assert on_map + s.ronin_free == (rules.ronin_count if rules.options.special else 0)
    assert set(s.tile_pos) | set(s.han_reserve) == set(s.tile_owner) and not set(s.tile_pos) & set(s.han_reserve)
    assert len(s.tile_pos) + len(s.han_reserve) + len(s.out_of_game) == 24 and len(s.tile_at) == len(s.tile_pos)
    assert s.connected()
    alive = [c for c in rules.clans if s.daimyo[c] is not None]
    if not s.is_terminal() or s.win_reason != "daimyo":
        assert len(alive) == len(rules.clans)


ADVANCED = dict(balanced=True, fortifications=True, inaccessible=True, formation=True, special=True, mastery=True)


@pytest.mark.slow
@pytest.mark.parametrize("seeds", SEEDS, ids=[f"seeds{r.start}-{r.stop - 1}" for r in SEEDS])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("advanced", [False, True], ids=["basic", "advanced"])
def test_random_playouts(players, advanced, seeds):
    extra = dict(ADVANCED, teams=players == 4) if advanced else {}
    base = Options(players=players, round_cap=CAP, **extra)
    reasons = Counter()
    for seed in seeds:
        state = DaimyoState(Rules(GAME, replace(base, seed=seed)))
        invariants(state)
        # Four seeds in ten are checked after every step. Checking costs twice the game itself, and
        # these playouts were a tenth of the suite's time on two cores; the other six play the same
        # policy's game and are checked at the end.
        playout(state, random.Random(seed), after_step=invariants if seed % 10 < 4 else None)
        invariants(state)
        assert state.is_terminal()
        reasons[state.win_reason] += 1
    assert sum(reasons.values()) == len(seeds)
    # Each chunk on its own must end more than half its games: stricter than asking it of all GAMES.
    assert reasons["daimyo"] + reasons["control"] > len(seeds) // 2, reasons


def test_the_chunks_cover_every_seed_once():
    assert [seed for chunk in SEEDS for seed in chunk] == list(range(GAMES))
