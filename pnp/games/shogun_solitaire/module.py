"""Shogun Solitaire behind `pnp.games.interface.GameModule`."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pnp.engine.core import Chance
from pnp.games.interface import BookletAdapter, GameModule, Settings

from . import notation
from .bot import heuristic_policy, random_policy
from .rules import PLAYER, ShogunState, deck_of, rank

Policy = Callable[[Any, random.Random], str]


def _as_policy(choose: Any) -> Policy:
    """A bot policy (which sees only the player's view) as a `GameModule` policy of the whole state."""
    def act(state: Any, rng: random.Random) -> str:
        return str(choose(state.view(PLAYER), state.legal_actions(), rng))
    return act


class ShogunSolitaire(GameModule):
    id = "shogun-solitaire"
    round_cap = 10_000

    def new_state(self, game: Any, settings: Settings) -> ShogunState:
        cards, clans = deck_of(game)
        return ShogunState.new(cards, clans, Chance(settings.seed))

    def bot_action(self, state: Any, rng: random.Random) -> str:
        return _as_policy(heuristic_policy)(state, rng)

    def policies(self) -> dict[str, Policy]:
        """`heuristic` (the default) plays like a careful beginner; `random` plays any legal action,
        the baseline for the difficulty table."""
        return {"heuristic": self.bot_action, "random": _as_policy(random_policy)}

    def outcome(self, state: Any) -> str | None:
        """The rulebook's rank of a finished game (Total Defeat, Weak Shogun, Shogun, Supreme Shogun)."""
        return rank(state.score) if state.is_terminal() else None

    def booklet(self) -> BookletAdapter:
        from .booklet import ShogunBooklet
        return ShogunBooklet()

    def replay(self, game: Any, text: str, where: str) -> Any:
        return notation.replay(game, text, where)

    def write(self, state: Any, settings: Settings, title: str, description: str) -> str:
        return notation.write(state, settings.seed, title, description)

    def summary(self, transcript: Any) -> str:
        return notation.summary(transcript)


__all__ = ["ShogunSolitaire", "rank"]
