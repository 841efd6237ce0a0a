"""Dôjima as a pnp game module: 2-6 players (two in the pyramid mode), the variant with the dice
rolled before the draft and the short game as options; the notation in `notation`."""

from __future__ import annotations

import random
from collections.abc import Callable

from ...engine.replay import Transcript
from ...model import Game
from ..interface import BookletAdapter, GameModule, Settings
from . import bot
from . import notation as game_notation
from .rules import DojimaState, assign_text


class Dojima(GameModule[DojimaState, str]):
    id = "dojima"
    options = game_notation.OPTIONS
    round_cap = 400     # bot games stop here if the reserve never runs dry (never seen in playouts)

    def new_state(self, game: Game, settings: Settings) -> DojimaState:
        return game_notation.new_state(game, settings)

    def bot_action(self, state: DojimaState, rng: random.Random) -> str:
        d = state.decision()
        assert d is not None, "the bot is asked only while the game goes on"
        return bot.choose(state.view(d.player), d.kind, state.legal_actions(), rng)

    def policies(self) -> dict[str, Callable[[DojimaState, random.Random], str]]:
        return {"bot": self.bot_action, "random": random_action}

    def notation(self, game: Game) -> game_notation.DojimaNotation:
        return game_notation.notation_for(game, self.limits(game))

    def write(self, state: DojimaState, settings: Settings, title: str, description: str) -> str:
        return game_notation.write(state, title, description)

    def summary(self, transcript: Transcript[DojimaState, game_notation.RoundLog]) -> str:
        return game_notation.summary(transcript)

    def booklet(self) -> BookletAdapter | None:
        try:
            from . import booklet  # the booklet adapter, written alongside the kit
        except ImportError:
            return None
        adapter: BookletAdapter | None = getattr(booklet, "DojimaBooklet", lambda: None)()
        return adapter


def random_action(state: DojimaState, rng: random.Random) -> str:
    """Any legal action, uniformly (a baseline for the bot)."""
    d = state.decision()
    assert d is not None, "a policy is asked only while the game goes on"
    if d.kind == "assign":
        # The same draw as over legal_actions() (one choice among the same list, in the same order),
        # without writing out every ordering of the dice: a quarter of a random game's time.
        order = rng.choice(state.orderings(d.player))
        return assign_text(dict(zip(state.cards_of(d.player), order)))
    return str(rng.choice(state.legal_for(d)))
