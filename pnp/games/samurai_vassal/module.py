"""Samurai Vassal behind `pnp.games.interface.GameModule` (entry point ``samurai-vassal``)."""

from __future__ import annotations

import random

from ...engine.notation import rounds
from ...engine.replay import Transcript
from ...model import Game
from ..interface import BookletAdapter, GameModule, Settings
from . import notation as game_notation
from .bot import bot_card
from .rules import RoundLog, SamuraiVassalState


class SamuraiVassal(GameModule[SamuraiVassalState, str]):
    id = "samurai-vassal"
    options = game_notation.OPTIONS
    round_cap = 300   # bot games stop here if nobody has reached 12 trust (never seen in playouts)

    def new_state(self, game: Game, settings: Settings) -> SamuraiVassalState:
        return game_notation.new_state(game, settings)

    def bot_action(self, state: SamuraiVassalState, rng: random.Random) -> str:
        d = state.decision()
        assert d is not None, "the bot is asked only while the game goes on"
        return bot_card(state.view(d.player), state.legal_actions(), rng)

    def notation(self, game: Game) -> game_notation.SvNotation:
        return game_notation.notation_for(game, self.limits(game))

    def write(self, state: SamuraiVassalState, settings: Settings, title: str, description: str) -> str:
        return game_notation.write(state, title, description)

    def summary(self, transcript: Transcript[SamuraiVassalState, RoundLog]) -> str:
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


__all__ = ["SamuraiVassal"]
