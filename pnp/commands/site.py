"""The `pnp site` command."""

import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Optional

import typer

from . import LangOption, fail


def site(
    game: Annotated[str, typer.Argument(help="A built-in game (see `pnp list`), the path of a game folder, or "
                                             "`all` for every built-in game.")],
    out: Annotated[Optional[str], typer.Option(
        help="Output folder (default: ./output/site). It is replaced whole: a new or empty folder, or a site "
             "pnp wrote.")] = None,
    lang: LangOption = None,
    single_file: Annotated[bool, typer.Option(
        "--single-file", help="Each page holds its stylesheet, fonts and script, so one HTML file can be sent "
                              "alone (assets/ is not written).")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress, only the summary.")] = False,
) -> None:
    """Write the rules as a static web site: an index and one page per game and language, with the
    walkthroughs to step through; it opens from the file system and makes no request."""
    from ..catalog import builtin_games, find_game, shown
    from ..errors import PnpError, UsageError
    from ..model import load_game
    from ..output import KitWriter
    from ..site.build import booklet_languages, site_files

    started = time.perf_counter()
    say: Callable[[str], None] = (lambda _m: None) if quiet else (lambda m: typer.echo(f"  {m}", err=True))
    try:
        if out is not None and not out.strip():
            raise UsageError('--out "": give a folder name (default: ./output/site)')
        folders = [e.folder for e in builtin_games()] if game == "all" else [find_game(game)]
        games = []
        for folder in folders:
            say(f"loading {shown(folder)}")
            games.append(load_game(folder))
        target = Path(out) if out is not None else Path("output") / "site"
        writer = KitWriter(target)        # refuses a bad --out before the pages are made
        written = writer.write(site_files(games, lang, single_file, say, every=game == "all"))
    except PnpError as exc:
        fail(exc)
    pages = [w for w in written if w[0].endswith(".html")]
    total = sum(w[2] for w in written)
    typer.echo(f"wrote {len(pages)} pages ({total / 1024 / 1024:.1f} MB) to {target}/; open {target / 'index.html'}")
    skipped = [g.meta.title for g in games if lang is not None and lang not in booklet_languages(g)]
    if skipped and game == "all":         # `all` leaves out, rather than refuses, a game not written in --lang
        typer.echo(f"left out, having no booklet in --lang {lang}: {', '.join(sorted(skipped))}")
    typer.echo(f"done in {time.perf_counter() - started:.2f} s")
