"""The `pnp simulate` command."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add `pnp simulate` to the application."""
