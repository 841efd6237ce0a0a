"""One package per game: its rules (pnp.engine), notation, bot and booklet adapter.

Each game implements `pnp.games.interface.GameModule` and is found through the ``pnp.games``
entry points (`pnp.games.registry`); nothing outside a game's own package names it."""
