"""Daimyni as a pnp game module: two clans, no options, the notation in `notation`."""

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
from .rules import DaimyniState, rules_of


class Daimyni(GameModule[DaimyniState, Action]):
    id = "daimyni"

    def new_state(self, game: Game, settings: Settings) -> DaimyniState:
        return DaimyniState(rules_of(game), settings.round_cap)

    def bot_action(self, state: DaimyniState, rng: random.Random) -> Action:
        return bot.choose(state, rng)

    def notation(self, game: Game) -> game_notation.DaimyniNotation:
        return game_notation.DaimyniNotation(*self.notation_setup(game))

    def write(self, state: DaimyniState, settings: Settings, title: str, description: str) -> str:
        return game_notation.write(state, title=title, description=description)

    def summary(self, transcript: Transcript[DaimyniState, game_notation.RoundLog]) -> str:
        s = transcript.state
        played = len(transcript.rounds)
        if s.is_terminal():
            # RULINGS.md "A game that never ends": only a removed Daimyo ends a game; a round cap
            # stops the record, and a record that stops is still going.
            end = (f"{s.winner} wins in round {s.round}" if s.winner
                   else f"still going after {rounds(s.round)} (stopped by the round cap, not by a rule)")
        else:
            end = f"still going after {rounds(played)}"
        return f"{rounds(played)}, {end}, {transcript.expectations} expectations met"

    def booklet(self) -> BookletAdapter:
        from .booklet import DaimyniBooklet
        return DaimyniBooklet()


def bot_game(game: Game, seed: int) -> DaimyniState:
    """A whole bot game (for tests and benchmarks)."""
    module = Daimyni()
    return module.play(game, module.settings(game, seed=seed))


def check_file(game: Game, path: Path, shown: str) -> CheckResult:
    return Daimyni().check_file(game, path, shown)
