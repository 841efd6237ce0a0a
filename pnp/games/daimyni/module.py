"""Daimyni as a pnp game module: two clans, no options, the notation in `notation`."""

from __future__ import annotations

import random
from typing import Any

from ...engine.notation import rounds
from ...model import Game
from ..interface import BookletAdapter, GameModule, Settings
from . import bot, notation
from .rules import DaimyniState, Rules


class Daimyni(GameModule):
    id = "daimyni"

    def new_state(self, game: Game, settings: Settings) -> DaimyniState:
        return DaimyniState(Rules(game), self.round_cap)

    def bot_action(self, state: Any, rng: random.Random) -> Any:
        return bot.choose(state, rng)

    def replay(self, game: Game, text: str, where: str) -> notation.Transcript:
        return notation.replay(text, Rules(game), where)

    def write(self, state: Any, settings: Settings, title: str, description: str) -> str:
        return notation.write(state, title=title, description=description)

    def summary(self, transcript: Any) -> str:
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
    return Daimyni().play(game, Settings(2, frozenset(), seed))


def check_file(game: Game, path, shown: str):
    return Daimyni().check_file(game, path, shown)
