"""The `pnp watch` command."""

import signal
import threading
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..errors import PnpError, UsageError
from . import fail
from .build import DUPLEXES, PAPERS, SHEETS, choice


def watch(
    game: Annotated[str, typer.Argument(help="The path of a game folder (or a built-in game).")],
    paper: Annotated[str, typer.Option(metavar="<a4|letter>", help="Paper, as for `pnp build`.")] = "a4",
    duplex: Annotated[str, typer.Option(metavar="<long|short|none|fold>",
                                        help="Duplex mode, as for `pnp build`.")] = "long",
    sheet: Annotated[str, typer.Option(metavar="<standard|tight>",
                                       help="Card sheet layout, as for `pnp build`.")] = "standard",
    lang: Annotated[Optional[str], typer.Option(help="Language (default: the game's first).")] = None,
    out: Annotated[Optional[str], typer.Option(help="Output folder (default: ./output/GAME), as for `pnp build`.")]
    = None,
    only: Annotated[Optional[str], typer.Option(help="Build and rebuild only some parts, as for `pnp build`.")]
    = None,
    offset: Annotated[Optional[str], typer.Option(help="Move the backs sheets by X,Y mm, as for `pnp build`.")]
    = None,
    ink_saver: Annotated[bool, typer.Option("--ink-saver", help="Pale fills, as for `pnp build`.")] = False,
) -> None:
    """Build the kit, then rebuild on every save: only the parts the changed files feed, printing what
    was rebuilt and any problem without stopping. Ctrl-C stops."""
    from ..build import Options, parse_offset, parse_only
    from ..catalog import find_game
    from ..press.cards import Duplex
    from ..press.grid import Sheet
    from ..rebuild import Watcher
    from ..rebuild import watch as loop

    def say(message: str) -> None:
        typer.echo(message, err=message.startswith(("error:", "warning:")))

    try:
        folder = find_game(game)
        if out is not None and not out.strip():
            raise UsageError('--out "": give a folder name (default: ./output/GAME)')
        opts = Options(paper=choice("--paper", paper, PAPERS),
                       duplex=Duplex(choice("--duplex", duplex, DUPLEXES)), lang=lang, only=parse_only(only),
                       offset=parse_offset(offset), ink_saver=ink_saver,
                       sheet=Sheet(choice("--sheet", sheet, SHEETS)))
    except PnpError as exc:
        fail(exc)
    watcher = Watcher(folder, opts, Path(out) if out is not None else None, say)
    stop = threading.Event()
    # Ctrl-C only asks the loop to stop: a kit being written is finished first, never left half
    previous = signal.signal(signal.SIGINT, lambda _s, _f: stop.set())
    try:
        watcher.rebuild(None)
        typer.echo(f"watching {folder} (Ctrl-C stops)")
        loop(watcher, stop)
    finally:
        signal.signal(signal.SIGINT, previous)
    typer.echo("stopped")
