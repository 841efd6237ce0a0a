"""Samurai Vassal behind `pnp.games.interface.GameModule` (entry point ``samurai-vassal``)."""

from __future__ import annotations

import random
from typing import Any

from pnp.engine.core import Chance
from pnp.engine.notation import rounds
from pnp.games.interface import BookletAdapter, GameModule, Option, Settings

from .bot import bot_card
from .notation import replay, write
from .rules import MIDDLE, NO_PARTY, SAMURAI, Rules, SamuraiVassalState, new_game

BOT_ROUND_CAP = 300   # bot games stop here if nobody has reached 12 trust (never seen in playouts)


class SamuraiVassal(GameModule):
    id = "samurai-vassal"
    options = (
        Option(MIDDLE, "an NPC deck (an unused colour set) reveals a card first every round",
               players=(2, 3, 4, 5)),
        Option(NO_PARTY, "the Cherry Blossom Party cards are left out"),
        Option(SAMURAI, "each player keeps one of three Character cards dealt"),
    )

    def new_state(self, game: Any, settings: Settings) -> SamuraiVassalState:
        seats = list(game.clans)
        players = seats[:settings.players]
        npc = seats[settings.players] if MIDDLE in settings.options and settings.players < len(seats) else None
        return new_game(players, Rules.of(sorted(settings.options), BOT_ROUND_CAP), Chance(settings.seed), npc)

    def bot_action(self, state: Any, rng: random.Random) -> str:
        d = state.decision()
        return bot_card(state.view(d.player), state.legal_actions(), rng)

    def replay(self, game: Any, text: str, where: str) -> Any:
        return replay(game, text, where)

    def write(self, state: Any, settings: Settings, title: str, description: str) -> str:
        return write(state, title, description)

    def summary(self, transcript: Any) -> str:
        s = transcript.state
        trust = ", ".join(f"{p} {v}" for p, v in s.trust.items())
        if s.winners:
            end = f"{' and '.join(s.winners)} win{'s' if len(s.winners) == 1 else ''}"
        else:
            end = f"still going in round {s.round}"
        return f"{rounds(len(transcript.rounds))}, {end} (trust {trust}), {transcript.expectations} expectations met"

    def booklet(self) -> BookletAdapter:
        from .booklet import SamuraiVassalBooklet
        return SamuraiVassalBooklet()
