"""One package per game: its rules (pnp.engine), notation and narration. No drawing here."""
