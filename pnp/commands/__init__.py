"""The `pnp` sub-commands, one module each; each module's command is a plain function, added to the
application in one place (`pnp.cli.COMMANDS`). A command imports what it works with when it runs,
so that `pnp -h` and a command about one game load little."""

from __future__ import annotations

import typer

from ..errors import PnpError


def fail(exc: PnpError) -> None:
    """Report a refusal the way every command does, and exit with its code (2 bad input, 1 illegal game)."""
    typer.echo(f"pnp: error: {exc}", err=True)
    raise typer.Exit(exc.exit_code)
