"""Daimyo as a pnp game module: 2-4 players, each advanced rule an option."""

from __future__ import annotations

import random
from typing import Any

from ...engine.notation import rounds
from ...model import Game
from ..interface import BookletAdapter, GameModule, Option, Settings
from . import bot, notation
from .rules import DaimyoState, Options, Rules

ADVANCED = ("balanced", "fortifications", "inaccessible", "formation", "special", "mastery", "teams")


class Daimyo(GameModule):
    id = "daimyo"
    options = (
        Option("balanced", "balanced start: deal the cards by their seat marks"),
        Option("fortifications", "+1 when defending a Han of your own clan"),
        Option("inaccessible", "a Daimyo cannot enter a rival clan's Han"),
        Option("formation", "battle formation: choose the Han your Daimyo starts on"),
        Option("special", "Special Action cards F1-F8 and the Ronin"),
        Option("mastery", "Mastery cards"),
        Option("teams", "two teams: seats 1 and 3 against 2 and 4", players=(4,)),
        Option("advanced", "every advanced rule that fits the player count", includes=ADVANCED),
    )

    def rules_options(self, settings: Settings) -> Options:
        return Options(players=settings.players, seed=settings.seed, round_cap=self.round_cap,
                       **{o: True for o in settings.options})

    def new_state(self, game: Game, settings: Settings) -> DaimyoState:
        return DaimyoState(Rules(game, self.rules_options(settings)))

    def bot_action(self, state: Any, rng: random.Random) -> Any:
        return bot.choose(state, rng)

    def replay(self, game: Game, text: str, where: str) -> notation.Transcript:
        return notation.replay(text, game, where)

    def write(self, state: Any, settings: Settings, title: str, description: str) -> str:
        return notation.write(state, title=title, description=description)

    def summary(self, transcript: Any) -> str:
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
    return Daimyo().play(game, Settings(players, frozenset(advanced), seed))


def check_file(game: Game, path, shown: str):
    return Daimyo().check_file(game, path, shown)
