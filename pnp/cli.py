"""The `pnp` command. Thin: it parses arguments and calls library functions."""

from __future__ import annotations

import os
import signal
import sys
import time
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from .errors import PnpError, UsageError

app = typer.Typer(
    name="pnp",
    help="Print-and-play kits for tabletop games: card sheets with bleed and crop marks, "
         "boards on A3 or split over two sheets, counters, and SVGs of every component.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version
        try:
            typer.echo(f"pnp {version('pnp')}")
        except PackageNotFoundError:
            typer.echo("pnp (not installed)")
        raise typer.Exit(0)


@app.callback()
def _main(version: Annotated[bool, typer.Option("--version", help="Print the version and exit.",
                                                callback=_version, is_eager=True)] = False) -> None:
    """Print-and-play kits for tabletop games: card sheets with bleed and crop marks, boards on A3 or
    split over two sheets, counters, and SVGs of every component."""


class PaperChoice(str, Enum):
    a4 = "a4"
    letter = "letter"


class DuplexChoice(str, Enum):
    long = "long"
    short = "short"
    none = "none"


def _fail(exc: PnpError) -> None:
    typer.echo(f"pnp: error: {exc}", err=True)
    raise typer.Exit(exc.exit_code)


def _size(n: int) -> str:
    return f"{n / 1024:.0f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.1f} MB"


@app.command()
def build(
    game: Annotated[str, typer.Argument(help="A built-in game (see `pnp list`) or the path of a game folder.")],
    paper: Annotated[PaperChoice,
                     typer.Option(help="Paper for card sheets, counters and the split board.")] = PaperChoice.a4,
    duplex: Annotated[DuplexChoice, typer.Option(
        help="long: backs mirrored for long-edge flipping; short: for short-edge flipping; "
             "none: all backs after all fronts, for gluing.")] = DuplexChoice.long,
    lang: Annotated[Optional[str], typer.Option(
        help="Language of the printed text, e.g. en or it (default: the game's first).")] = None,
    out: Annotated[Optional[str], typer.Option(
        help="Output folder (default: ./output/GAME). It is replaced whole: a new or empty folder, or a kit "
             "pnp built.")] = None,
    only: Annotated[Optional[str], typer.Option(
        help="Build only some parts, comma-separated: cards, board, tiles, mats (player boards), pieces, "
             "dice, aid (the player aid card), booklet.")] = None,
    offset: Annotated[Optional[str], typer.Option(
        help="Move every backs sheet (cards, two-sided counters) by X,Y mm (x right, y down as the back is "
             "seen), as the kit's duplex check sheet reads it, e.g. --offset 0.5,-1.")] = None,
    ink_saver: Annotated[bool, typer.Option(
        "--ink-saver", help="Pale fills and outlines instead of solid colour, for a home printer; the same "
                            "layout and cut lines. Files are named ...-ink-saver.pdf.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress, only the summary.")] = False,
) -> None:
    """Build a game's print-and-play kit as PDFs and SVGs."""
    from .build import Options, default_out, iter_kit, parse_offset, parse_only
    from .catalog import find_game
    from .model import load_game
    from .output import KitWriter
    from .press.cards import Duplex

    started = time.perf_counter()
    say = (lambda _m: None) if quiet else (lambda m: typer.echo(f"  {m}", err=True))
    try:
        folder = find_game(game)
        opts = Options(paper=paper.value, duplex=Duplex(duplex.value), lang=lang, only=parse_only(only),
                       offset=parse_offset(offset), ink_saver=ink_saver)
        say(f"loading {folder}")
        if out is not None and not out.strip():
            raise UsageError('--out "": give a folder name (default: ./output/GAME)')
        kit = load_game(folder)
        target = Path(out) if out is not None else default_out(kit.id)
        writer = KitWriter(target, kit.id)     # refuses a bad --out before the build, not after
        # Each file goes to the staging folder as soon as it is made; only its name, pages and size
        # are kept for the summary.
        written: list[tuple[str, int | None, int]] = []
        try:
            for art in iter_kit(kit, opts, say):
                writer.add(art.name, art.data)
                written.append((art.name, art.pages, len(art.data)))
            writer.commit()
        finally:
            writer.discard()
    except PnpError as exc:
        _fail(exc)
    pdfs = [w for w in written if w[0].endswith(".pdf")]
    svgs = [w for w in written if w[0].endswith(".svg")]
    typer.echo(f"{kit.meta.title}: wrote {len(pdfs)} PDFs and {len(svgs)} SVGs to {target}/")
    for name, pages, size in pdfs:
        typer.echo(f"  {name:<34} {pages:>3} page{'s' if pages != 1 else ' '}  {_size(size):>8}")
    if svgs:
        svg_dir, total = svgs[0][0].split("/")[0] + "/", sum(w[2] for w in svgs)
        typer.echo(f"  {svg_dir:<34} {len(svgs):>3} files  {_size(total):>8}")
    typer.echo(f"done in {time.perf_counter() - started:.2f} s")


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="A built-in game or the path of a game folder.")],
    seed: Annotated[int, typer.Option(help="Seed for the bot and for chance: the same seed plays the same game.")] = 1,
    out: Annotated[Optional[str], typer.Option(
        help="Write the game's notation to this file (default, or -: print it).")] = None,
    players: Annotated[Optional[int], typer.Option(help="Number of players (default: the game's smallest count; "
                                                        "`pnp list` shows each game's range).")] = None,
    option: Annotated[Optional[list[str]], typer.Option(
        "--option", "-o", help="Switch on one of the game's options (repeatable); `pnp list` shows them.")] = None,
    advanced: Annotated[bool, typer.Option("--advanced", hidden=True,
                                           help="Same as --option advanced.")] = False,
    policy: Annotated[Optional[str], typer.Option(
        help="How the bot chooses (default: the game's own bot); `pnp list` shows each game's policies.")] = None,
) -> None:
    """Let a simple bot play a whole game and write it in the game's notation."""
    from .catalog import find_game, rules_for
    from .model import load_game
    from .output import write_file

    try:
        if out is not None and not out.strip():
            raise UsageError('--out "": give a file name, or - for standard output')
        kit = load_game(find_game(game))
        module = rules_for(kit)
        names = list(option or []) + (["advanced"] if advanced else [])
        settings = module.settings(kit, players, names, seed)
        text = module.bot_notation(kit, settings, game, policy)
    except PnpError as exc:
        _fail(exc)
    if out is None or out == "-":
        typer.echo(text, nl=False)
        return
    try:
        shown = write_file(out, text.encode("utf-8"))
    except PnpError as exc:
        _fail(exc)
    typer.echo(f"wrote {shown}")


@app.command()
def check(
    game: Annotated[str, typer.Argument(help="A built-in game or the path of a game folder.")],
    files: Annotated[Optional[list[Path]],
                     typer.Argument(help="Notation files (default: the game's samples/ and examples/).")] = None,
) -> None:
    """Validate a game's definitions and replay sample games, checking their expectations.

    Exit 0 when all are legal, 1 when a game is illegal or an expectation fails, 2 when a file is
    not valid notation or the definitions are wrong."""
    from .catalog import find_game, rules_for
    from .model import load_game
    from .model.load import display

    try:
        folder = find_game(game)
        kit = load_game(folder)
        engine = rules_for(kit)
    except PnpError as exc:
        _fail(exc)
    paths = list(files or sorted((folder / "samples").glob("*.toml")) + sorted((folder / "examples").glob("*.toml")))
    worst = 0
    for path in paths:
        shown = path.name if not files else str(path)
        result = engine.check_file(kit, path, shown)
        typer.echo(result.line, err=not result.ok)
        worst = max(worst, result.exit_code)
    kit_words = ""
    if not files:      # the whole folder: everything `pnp build` reads, in every language
        from .build import validate_kit
        try:
            langs = validate_kit(kit)
            kit_words = f", kit ok ({', '.join(langs)})"
        except PnpError as exc:
            typer.echo(f"pnp: error: {exc}", err=True)
            worst = max(worst, exc.exit_code)
    if worst == 0:
        games = (f"{len(paths)} game{'s' if len(paths) != 1 else ''} replayed" if paths
                 else f"no sample games in {display(folder / 'samples')}")
        typer.echo(f"{kit.meta.title}: definitions ok, {games}{kit_words}")
    raise typer.Exit(worst)


def _list_facts(folder: Path) -> str:
    """Playing time, age, authors and publisher from a game's game.toml ('' if unreadable)."""
    from .model.load import read_toml
    from .reference.credits import list_line

    try:
        return list_line(read_toml(folder / "game.toml"))
    except PnpError:
        return ""


@app.command("list")
def list_games() -> None:
    """List the built-in games, their player counts and the options `pnp play` takes for each."""
    from .catalog import builtin_games
    from .games.registry import modules

    installed = modules()
    entries = builtin_games()
    width = max([12, *(len(e.id) for e in entries)])
    for entry in entries:
        count = f"{entry.players} player{'' if entry.players == '1' else 's'}"
        typer.echo(f"{entry.id:<{width}} {entry.title:<24} {count}")
        facts = _list_facts(entry.folder)
        if facts:
            typer.echo(f"{'':<{width}} {facts}")
        module = installed.get(entry.rules)
        if module is None:
            typer.echo(f"{'':<{width}} (rules module {entry.rules!r} not installed)")
            continue
        for opt in module.options:
            only = f" ({' or '.join(map(str, opt.players))} players)" if opt.players else ""
            typer.echo(f"{'':<{width}} --option {opt.name:<16} {opt.help}{only}")
        typer.echo(f"{'':<{width}} --policy {' | '.join(module.policies())}")
    others = sorted(set(installed) - {e.rules for e in entries})
    if others:
        typer.echo("rules modules installed without a built-in game folder (give a folder's path): "
                   + ", ".join(others))


def _register_commands() -> None:
    from .commands import export, simulate
    for module in (export, simulate):
        module.register(app)


_register_commands()


class Interrupted(BaseException):
    """Ctrl-C, raised past typer (which would exit 130 silently) to `main`, after every `finally`
    has run: a kit being written is discarded (see pnp.output)."""


def _interrupt(_signum: int, _frame: object) -> None:
    raise Interrupted


def main() -> None:
    signal.signal(signal.SIGINT, _interrupt)
    try:
        app()
    except PnpError as exc:  # raised outside a command's own handling
        typer.echo(f"pnp: error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except (Interrupted, KeyboardInterrupt):   # the kit being written is left as it was: see pnp.output
        typer.echo("pnp: interrupted, nothing written", err=True)
        sys.exit(130)
    except Exception as exc:  # a bug: say so plainly; PNP_DEBUG=1 shows the traceback
        if os.environ.get("PNP_DEBUG"):
            raise
        typer.echo(f"pnp: internal error: {type(exc).__name__}: {exc} (run with PNP_DEBUG=1 for details)", err=True)
        sys.exit(70)


if __name__ == "__main__":
    main()
