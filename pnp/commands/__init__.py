"""The `pnp` sub-commands, one module each; each module's command is a plain function, added to the
application in one place (`pnp.cli.WHERE`). A command imports what it works with when it runs,
so that `pnp -h` and a command about one game load little.

The command modules evaluate their annotations as each function is made (they do without
`from __future__ import annotations`): typer reads a command's parameters twice as it starts, and
annotations kept as text it would evaluate each time, making every `typer.Option` anew (6 ms of
`pnp build`)."""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING, Annotated, NoReturn, Optional

import typer

from ..errors import PnpError

if TYPE_CHECKING:
    from ..model import Game

# What every command about one game takes, declared once so that their -h reads alike.
GameArg = Annotated[str, typer.Argument(help="A built-in game (see `pnp list`) or the path of a game folder.")]
LangOption = Annotated[Optional[str], typer.Option(help="Language of the printed text (default: the game's first).")]


def fail(exc: PnpError) -> NoReturn:
    """Report a refusal the way every command does, and exit with its code (2 bad input, 1 illegal game)."""
    typer.echo(f"pnp: error: {exc}", err=True)
    raise typer.Exit(exc.exit_code)


def report_warnings(game: Game, strict: bool) -> None:
    """Print the game's warnings (definitions that load but likely say what their author did not
    mean); with `--strict` they are errors: printed as such, exit 2, before anything is made."""
    kind = "error" if strict else "warning"
    for warning in game.warnings:
        typer.echo(f"pnp: {kind}: {warning}", err=True)
    if strict and game.warnings:
        n = len(game.warnings)
        typer.echo(f"pnp: --strict: {n} warning{'s' if n > 1 else ''}, so nothing was made", err=True)
        raise typer.Exit(2)


def settled() -> None:
    """Everything made so far lives until the command ends (its modules, the loaded game): the
    cyclic collector need never look at it again. Without this, a build's first collection (see
    `pnp.cli`, after 100,000 new objects) walks all the objects its imports made, most of
    100,000, to free a few hundred (50-70 ms of CPU in a kit build, measured on a busy machine)."""
    gc.freeze()
