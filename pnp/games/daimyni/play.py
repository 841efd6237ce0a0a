"""Entry points used by the CLI: play a bot game, check notation files."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

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


@dataclass
class CheckResult:
    path: Path
    ok: bool
    line: str
    exit_code: int = 0
    transcript: notation.Transcript | None = None


def check_file(game: Game, path: Path, shown: str) -> CheckResult:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return CheckResult(path, False, f"{shown}: cannot read: {exc}", 2)
    try:
        t = notation.replay(text, Rules(game), shown)
    except (notation.NotationError, notation.GameRejected) as exc:
        return CheckResult(path, False, str(exc), exc.exit_code)
    s = t.state
    if s.is_terminal():
        end = f"{s.winner} wins in round {s.round}" if s.winner else f"no winner after {s.round} rounds"
    else:
        end = f"still going after {len(t.rounds)} rounds"
    return CheckResult(path, True, f"{shown}: ok, {len(t.rounds)} rounds, {end}, {t.expectations} expectations met",
                       0, t)
