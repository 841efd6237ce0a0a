"""The `pnp export` command."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add `pnp export` to the application."""
