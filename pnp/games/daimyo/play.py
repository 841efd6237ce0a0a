"""Entry points for the CLI: bot games and checking notation files."""

from __future__ import annotations

import random
from pathlib import Path

from ...engine.notation import CheckResult, check_file as check, rounds
from ...model import Game
from . import bot, notation
from .rules import DaimyoState, Options, Rules

ROUND_CAP = 100


def bot_game(game: Game, seed: int, players: int = 2, advanced: tuple[str, ...] = ()) -> DaimyoState:
    opts = Options(players=players, seed=seed, round_cap=ROUND_CAP, **{a: True for a in advanced})
    state = DaimyoState(Rules(game, opts))
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(bot.choose(state, rng))
    return state


def bot_notation(game: Game, seed: int, players: int = 2, advanced: bool = False) -> str:
    adv = (("balanced", "fortifications", "inaccessible", "formation", "special", "mastery")
           + (("teams",) if players == 4 else ())) if advanced else ()
    state = bot_game(game, seed, players, adv)
    flags = f" --players {players}" + (" --advanced" if advanced else "")
    return notation.write(state, title=f"Bot game, seed {seed}",
                          description=f"Written by `pnp play daimyo --seed {seed}{flags}`.")


def _describe(t: notation.Transcript) -> str:
    s = t.state
    if s.is_terminal():
        end = f"{s.winner} wins by {s.win_reason} in round {s.round}" if s.winner else f"no winner after {rounds(s.round)}"
    else:
        end = f"still going after {rounds(len(t.rounds))}"
    return f"{s.rules.options.players} players, {rounds(len(t.rounds))}, {end}, {t.expectations} expectations met"


def check_file(game: Game, path: Path, shown: str) -> CheckResult:
    return check(path, shown, lambda text, where: notation.replay(text, game, where), _describe)
