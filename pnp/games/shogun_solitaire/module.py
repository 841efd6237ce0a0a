"""Shogun Solitaire behind `pnp.games.interface.GameModule`."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...engine.replay import Transcript
from ...model import Game
from ..interface import BookletAdapter, GameModule, Settings
from . import notation as game_notation
from .bot import heuristic_policy
from .rules import PLAYER, ShogunState, rank

Policy = Callable[[ShogunState, random.Random], str]


def _as_policy(choose: Callable[[Any, list[str], random.Random], Any]) -> Policy:
    """A bot policy (which sees only the player's view) as a `GameModule` policy of the whole state."""
    def act(state: ShogunState, rng: random.Random) -> str:
        return str(choose(state.view(PLAYER), state.legal_actions(), rng))
    return act


def _random_action(state: ShogunState, rng: random.Random) -> str:
    """`random_policy` as a policy of the whole state: the same draw among the same legal actions,
    without building the `View` it never reads (a fifth of a random game's time)."""
    return rng.choice(state.legal_actions())


class ShogunSolitaire(GameModule[ShogunState, str]):
    id = "shogun-solitaire"
    round_cap = None      # every game ends: the deck runs out

    def new_state(self, game: Game, settings: Settings) -> ShogunState:
        return game_notation.new_state(game, settings)

    def bot_action(self, state: ShogunState, rng: random.Random) -> str:
        return _as_policy(heuristic_policy)(state, rng)

    def policies(self) -> dict[str, Policy]:
        """`heuristic` (the default) plays like a careful beginner; `random` plays any legal action,
        the baseline for the difficulty table."""
        return {"heuristic": self.bot_action, "random": _random_action}

    def outcome(self, state: ShogunState) -> str | None:
        """The rulebook's rank of a finished game (Total Defeat, Weak Shogun, Shogun, Supreme Shogun)."""
        return rank(state.score) if state.is_terminal() else None

    def booklet(self) -> BookletAdapter:
        from .booklet import ShogunBooklet
        return ShogunBooklet()

    def notation(self, game: Game) -> game_notation.ShogunNotation:
        return game_notation.ShogunNotation(*self.notation_setup(game), game)

    def write(self, state: ShogunState, settings: Settings, title: str, description: str) -> str:
        return game_notation.write(state, settings.seed, title, description)

    def summary(self, transcript: Transcript[ShogunState, list[str]]) -> str:
        return game_notation.summary(transcript)


__all__ = ["ShogunSolitaire", "rank"]
