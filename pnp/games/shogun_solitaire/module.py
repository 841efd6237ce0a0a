"""Shogun Solitaire behind `pnp.games.interface.GameModule`."""

from __future__ import annotations

import random
from typing import Any

from pnp.engine.core import Chance
from pnp.games.interface import GameModule, Option, Settings

from . import notation
from .bot import heuristic_policy, random_policy
from .rules import PLAYER, ShogunState, deck_of, rank

RANDOM_BOT = "random-bot"


class ShogunSolitaire(GameModule):
    id = "shogun-solitaire"
    options = (Option(RANDOM_BOT, "the bot plays any legal action instead of its heuristic (a baseline for "
                                  "the difficulty measure); no rule changes"),)
    round_cap = 10_000

    def new_state(self, game: Any, settings: Settings) -> ShogunState:
        cards, clans = deck_of(game)
        state = ShogunState.new(cards, clans, Chance(settings.seed))
        state.policy = random_policy if RANDOM_BOT in settings.options else heuristic_policy  # type: ignore[attr-defined]
        return state

    def bot_action(self, state: Any, rng: random.Random) -> str:
        policy = getattr(state, "policy", heuristic_policy)
        return str(policy(state.view(PLAYER), state.legal_actions(), rng))

    def replay(self, game: Any, text: str, where: str) -> Any:
        return notation.replay(game, text, where)

    def write(self, state: Any, settings: Settings, title: str, description: str) -> str:
        return notation.write(state, settings.seed, title, description)

    def summary(self, transcript: Any) -> str:
        return notation.summary(transcript)


__all__ = ["ShogunSolitaire", "rank"]
