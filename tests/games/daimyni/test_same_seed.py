"""Same seed, same game: `pnp play daimyni --seed 7` writes the same file on every run and for every
PYTHONHASHSEED (no set or dict order of strings reaches the bot's random choices)."""

import os
import subprocess
import sys

import pytest

from pnp.games.daimyni import notation
from pnp.games.daimyni.module import bot_game
from pnp.games.daimyni.rules import Rules


def play(seed: int, hashseed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    res = subprocess.run([sys.executable, "-m", "pnp.cli", "play", "daimyni", "--seed", str(seed)],
                         capture_output=True, text=True, env=env)
    assert res.returncode == 0, res.stderr
    return res.stdout


@pytest.mark.slow
def test_same_seed_same_game_across_runs_and_hash_seeds():
    games = [play(7, h) for h in ("0", "1", "2")]
    games.append(play(7, "1"))
    assert games[0].count("[[round]]") > 0
    assert all(g == games[0] for g in games[1:])
    assert play(8, "0") != games[0]


def test_same_seed_same_game_in_process(game):
    first, second = bot_game(game, 7), bot_game(game, 7)
    assert notation.write(first) == notation.write(second)
    assert notation.write(notation.replay(notation.write(first), Rules(game)).state) == notation.write(first)
