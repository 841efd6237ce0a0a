"""Dôjima as a pnp game module: 2-6 players (two in the pyramid mode), the variant with the dice
rolled before the draft and the short game as options; the notation in `notation`."""

from __future__ import annotations

import random
from typing import Any

from ...model import Game
from ..interface import BookletAdapter, GameModule, Option, Settings
from . import bot, notation
from .rules import SHORT, VARIANT, Dice, DojimaState, Rules, assign_text

BOT_ROUND_CAP = 400     # bot games stop here if the reserve never runs dry (never seen in playouts)


class Dojima(GameModule):
    id = "dojima"
    options = (
        Option(VARIANT, "phases 1 and 2 swapped: everyone rolls (the black die too) before the advisor draft",
               players=(3, 4, 5, 6)),
        Option(SHORT, "a shorter game: 6 Ryô in the reserve each season instead of 8", players=(3, 4, 5, 6)),
    )
    round_cap = BOT_ROUND_CAP

    def new_state(self, game: Game, settings: Settings) -> DojimaState:
        rules = Rules.of(game)
        seats = rules.colours[:settings.players]
        # The rulebook draws the first player at random; the seats are the draw: the first seat starts
        # (so `pnp simulate` reads its first-player advantage from seat 1, as for every game).
        state = DojimaState(rules, seats, seats[0], Dice(settings.seed), settings.options, self.round_cap)
        state.begin()
        return state

    def bot_action(self, state: Any, rng: random.Random) -> str:
        d = state.decision()
        return bot.choose(state.view(d.player), d.kind, state.legal_actions(), rng)

    def policies(self) -> dict[str, Any]:
        return {"bot": self.bot_action, "random": random_action}

    def replay(self, game: Game, text: str, where: str) -> Any:
        return notation.replay(game, text, where)

    def write(self, state: Any, settings: Settings, title: str, description: str) -> str:
        return notation.write(state, title, description)

    def summary(self, transcript: Any) -> str:
        return notation.summary(transcript)

    def booklet(self) -> BookletAdapter | None:
        try:
            from . import booklet  # the booklet adapter, written alongside the kit
        except ImportError:
            return None
        adapter: BookletAdapter | None = getattr(booklet, "DojimaBooklet", lambda: None)()
        return adapter


def random_action(state: Any, rng: random.Random) -> str:
    """Any legal action, uniformly (a baseline for the bot)."""
    d = state.decision()
    if d is not None and d.kind == "assign":
        # The same draw as over legal_actions() (one choice among the same list, in the same order),
        # without writing out every ordering of the dice: a quarter of a random game's time.
        order = rng.choice(state.orderings(d.player))
        return assign_text(dict(zip(state.cards_of(d.player), order)))
    return str(rng.choice(state.legal_for(d)))
