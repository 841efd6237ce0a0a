"""The rules engines play the same games for the same seeds: digests of ~30 seeded random games of
each of the five games (their `pnp simulate` records and the notation files of the same games), plus
a few bot games as `pnp play --seed N` writes them.

The digests in DIGESTS were computed with main's code at 389849b, before the engines were made
faster (issue 22, item 3), and main at b44197b (after the replay skeleton) gives the same; a
speed-up that changes one legal-action order, one random draw or one record fails here. Recompute
them (`python -m tests.simulate.test_random_game_digests`) only for a change that is meant to play
different games, and say so in the commit. Daimyo's digest was computed with main's code at 922c8f3,
when issue 22 was filed, before its engine was made faster.
"""

from __future__ import annotations

import hashlib
import random
import sys
from typing import Any

import pytest

from pnp.catalog import find_game, rules_for
from pnp.engine.core import random_choice
from pnp.model import load_game
from pnp.simulate.run import Spec, play_game

GAMES = ("daimyni", "daimyo", "dojima", "samurai-vassal", "shogun-solitaire")
RANDOM_GAMES = 30          # spread over the game's player counts
BOT_SEEDS = (1, 2, 5)

DIGESTS = {
    "daimyni": "969ab1cf0630d40482e6eb34bb1d995fe0f3883b0e74b88a0f950932fc87077b",
    "daimyo": "bb567885ddce1a36132bb32337ee8a4ee98be04990e7d671f224f372e25e7e31",
    "dojima": "059cf18f7ee131adc83eccd74ec13785a63b23e54f591d78a335d089a51ddbba",
    "samurai-vassal": "76fde1d9c8559ec1e56ae1bc6e055f0fc74414a66efdb42477bd0e0e7a9a2f83",
    "shogun-solitaire": "f291d1b073c563f282b2a70840aad9526accf72d097a3fb0f2df6b0422122193",
}


def random_game_notation(module: Any, game: Any, players: int, seed: int) -> str:
    """A uniformly random game, written as `pnp play` writes a game (the whole record, move by move)."""
    settings = module.settings(game, players, (), seed)
    state = module.new_state(game, settings)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(random_choice(state, rng))
    return str(module.write(state, settings, f"Random game, seed {seed}", ""))


def digest(game_id: str) -> str:
    game = load_game(find_game(game_id))
    module = rules_for(game)
    counts = range(game.meta.players.min, game.meta.players.max + 1)
    per_count = RANDOM_GAMES // len(counts)
    h = hashlib.sha256()
    for players in counts:
        spec = Spec(game_id, players, (), "random", seed=100 * players)
        for index in range(per_count):
            record = play_game(spec, index)
            h.update(repr(sorted(vars(record).items())).encode() + b"\0")
            h.update(random_game_notation(module, game, players, spec.seed + index).encode() + b"\0")
    for seed in BOT_SEEDS:
        settings = module.settings(game, None, (), seed)
        h.update(str(module.bot_notation(game, settings, game_id)).encode() + b"\0")
    return h.hexdigest()


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seeds_play_the_same_games_as_before_the_speed_up(game_id: str) -> None:
    assert digest(game_id) == DIGESTS[game_id]


if __name__ == "__main__":
    for name in sys.argv[1:] or GAMES:
        print(f'    "{name}": "{digest(name)}",')
