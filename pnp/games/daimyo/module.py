"""Daimyo as a pnp game module: 2-4 players, each advanced rule an option."""

from __future__ import annotations

import random
from pathlib import Path

from ...engine.notation import CheckResult, rounds
from ...engine.replay import Transcript
from ...model import Game
from ..interface import BookletAdapter, GameModule, Settings
from . import bot
from . import notation as game_notation
from .actions import Action
from .rules import DaimyoState


class Daimyo(GameModule[DaimyoState, Action]):
    id = "daimyo"
    options = game_notation.OPTIONS

    def new_state(self, game: Game, settings: Settings) -> DaimyoState:
        return game_notation.new_state(game, settings)

    def bot_action(self, state: DaimyoState, rng: random.Random) -> Action:
        action: Action = bot.choose(state, rng)
        return action

    def notation(self, game: Game) -> game_notation.DaimyoNotation:
        return game_notation.notation_for(game, self.limits(game))

    def write(self, state: DaimyoState, settings: Settings, title: str, description: str) -> str:
        return game_notation.write(state, title=title, description=description)

    def summary(self, transcript: Transcript[DaimyoState, game_notation.RoundLog]) -> str:
        s = transcript.state
        played = len(transcript.rounds)
        if s.is_terminal():
            end = (f"{s.winner} wins by {s.win_reason} in round {s.round}" if s.winner
                   else f"no winner after {rounds(s.round)}")
        else:
            end = f"still going after {rounds(played)}"
        return f"{s.rules.options.players} players, {rounds(played)}, {end}, {transcript.expectations} expectations met"

    def booklet(self) -> BookletAdapter:
        from .booklet import DaimyoBooklet
        return DaimyoBooklet()


def bot_game(game: Game, seed: int, players: int = 2, advanced: tuple[str, ...] = ()) -> DaimyoState:
    """A whole bot game with some advanced rules on (for tests and benchmarks)."""
    module = Daimyo()
    return module.play(game, module.settings(game, players, advanced, seed))


def check_file(game: Game, path: Path, shown: str) -> CheckResult:
    return Daimyo().check_file(game, path, shown)
