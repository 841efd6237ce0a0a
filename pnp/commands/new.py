"""The `pnp new` command."""

import shlex
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..errors import PnpError
from . import fail


def new(
    path: Annotated[Path, typer.Argument(help="The new game's folder (it must not exist, or be empty).")],
    title: Annotated[Optional[str], typer.Option(help="The game's title (default: from the folder's name).")] = None,
    players: Annotated[str, typer.Option(help="How many players: a range such as 2-4, or one number.")] = "2-4",
) -> None:
    """Start a game of your own: a commented folder with a spreadsheet of 40 cards and their art, a
    board, counters, a rules text and a player aid, ready for `pnp build`."""
    from ..scaffold import create

    try:
        written = create(path, title, players)
    except PnpError as exc:
        fail(exc)
    typer.echo(f"wrote {len(written)} files to {path}/:")
    for file in written:
        typer.echo(f"  {file.relative_to(path).as_posix()}")
    shown = shlex.quote(str(path))     # a folder named "My Game" must paste back as one argument
    typer.echo(f"next: pnp build {shown}   (then pnp preview {shown}, pnp watch {shown}; see docs/tutorial.md)")
