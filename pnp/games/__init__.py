"""One package per game: its rules (pnp.engine), notation and narration. No drawing here."""

from __future__ import annotations

import importlib

from ..errors import UsageError

ENGINES = {"daimyni": "pnp.games.daimyni.play", "daimyo": "pnp.games.daimyo.play"}


def engine_for(game):
    """The module that plays and checks `game` (a loaded pnp.model.Game)."""
    name = game.meta.rules or game.id
    if name not in ENGINES:
        raise UsageError(f"{game.id} has no rules engine yet (engines: {', '.join(ENGINES)}); "
                         "set `rules = \"daimyni\"` in game.toml to play it with the Daimyni rules")
    return importlib.import_module(ENGINES[name])
