"""Entry points used by the CLI: play a bot game, check notation files."""

from __future__ import annotations

import random
from pathlib import Path

from ...engine.notation import CheckResult, check_file as check, rounds
from ...model import Game
from . import bot, notation
from .rules import DaimyniState, Rules

ROUND_CAP = 100


def bot_game(game: Game, seed: int, round_cap: int = ROUND_CAP) -> DaimyniState:
    state = DaimyniState(Rules(game), round_cap)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(bot.choose(state, rng))
    return state


def bot_notation(game: Game, seed: int) -> str:
    state = bot_game(game, seed)
    return notation.write(state, title=f"Bot game, seed {seed}",
                          description=f"Written by `pnp play daimyni --seed {seed}`.")


def _describe(t: notation.Transcript) -> str:
    s = t.state
    if s.is_terminal():
        end = f"{s.winner} wins in round {s.round}" if s.winner else f"no winner after {rounds(s.round)}"
    else:
        end = f"still going after {rounds(len(t.rounds))}"
    return f"{rounds(len(t.rounds))}, {end}, {t.expectations} expectations met"


def check_file(game: Game, path: Path, shown: str) -> CheckResult:
    rules = Rules(game)
    return check(path, shown, lambda text, where: notation.replay(text, rules, where), _describe)
