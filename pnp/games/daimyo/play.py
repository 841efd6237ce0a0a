"""Entry points for the CLI: bot games and checking notation files."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from ...engine.notation import GameRejected, NotationError
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
        t = notation.replay(text, game, shown)
    except (NotationError, GameRejected) as exc:
        return CheckResult(path, False, str(exc), exc.exit_code)
    s = t.state
    if s.is_terminal():
        end = f"{s.winner} wins by {s.win_reason} in round {s.round}" if s.winner else f"no winner after {s.round} rounds"
    else:
        end = f"still going after {len(t.rounds)} round{'s' if len(t.rounds) != 1 else ''}"
    return CheckResult(path, True, f"{shown}: ok, {s.rules.options.players} players, {len(t.rounds)} round{'s' if len(t.rounds) != 1 else ''}, {end}, "
                                   f"{t.expectations} expectations met", 0, t)
