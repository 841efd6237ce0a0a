"""The `pnp build` command."""

import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..errors import PnpError, UsageError
from . import GameArg, fail, report_warnings, settled

PAPERS = ("a4", "letter")
CUTTERS = ("silhouette", "cricut")
SHEETS = ("standard", "tight")
DUPLEXES = ("long", "short", "none", "fold")


def choice(flag: str, value: str, choices: tuple[str, ...]) -> str:
    """A word option checked here, not by typer, so a wrong one reads like every other pnp error."""
    if value not in choices:
        raise UsageError(f"{flag} {value!r}: expected one of {', '.join(choices)}")
    return value


def _size(n: int) -> str:
    return f"{n / 1024:.0f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.1f} MB"


def _count(n: int, thing: str) -> str:
    """'1 SVG', '23 SVGs'; '' for none, so the summary leaves the kind out."""
    return f"{n} {thing}{'' if n == 1 else 's'}" if n else ""


def _listed(items: list[str]) -> str:
    """Items as a sentence lists them: "a", "a and b", "a, b and c" ("nothing" for none)."""
    if not items:
        return "nothing"
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def build(
    game: GameArg,
    paper: Annotated[str, typer.Option(
        metavar="<a4|letter>", help="Paper for card sheets, counters and the split board.")] = "a4",
    duplex: Annotated[str, typer.Option(
        metavar="<long|short|none|fold>",
        help="long: backs mirrored for long-edge flipping; short: for short-edge flipping; "
             "none: all backs after all fronts, for gluing; fold: fronts and backs on one page, for a printer "
             "without duplex: fold it, glue it, cut both layers at once.")] = "long",
    sheet: Annotated[str, typer.Option(
        metavar="<standard|tight>",
        help="standard: every card with its own bleed, 8 poker cards on A4, 6 on Letter; tight: cards butted "
             "on shared cut lines, 9 on A4 and Letter, cut 4 + 4 (files end -tight).")] = "standard",
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
    cutter: Annotated[Optional[str], typer.Option(
        metavar="<silhouette|cricut>",
        help="Also make print-and-cut files for a craft cutter: silhouette (sheets with Silhouette Studio's "
             "registration marks) or cricut (Design Space Print Then Cut images), with SVG and DXF cut files "
             "of every card, hex tile and counter.")] = None,
    die_line: Annotated[bool, typer.Option(
        "--die-line", help="Card sheets carry each card's trim in the spot colour CutContour on a layer of "
                           "its own, for a shop or a cutter that follows a die line.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress, only the summary.")] = False,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Treat warnings (a field no card has, a box off the card, text in the safe zone...) "
                         "as errors: exit 2.")] = False,
) -> None:
    """Build a game's print-and-play kit as PDFs and SVGs."""
    from ..build import Options, default_out, iter_kit, parse_offset, parse_only
    from ..catalog import find_game, shown
    from ..model import load_game
    from ..output import KitWriter
    from ..press.cards import Duplex
    from ..press.grid import Sheet

    started = time.perf_counter()
    say: Callable[[str], None] = (lambda _m: None) if quiet else (lambda m: typer.echo(f"  {m}", err=True))
    try:
        folder = find_game(game)
        opts = Options(paper=choice("--paper", paper, PAPERS),
                       duplex=Duplex(choice("--duplex", duplex, DUPLEXES)), lang=lang, only=parse_only(only),
                       offset=parse_offset(offset), ink_saver=ink_saver,
                       cutter=choice("--cutter", cutter, CUTTERS) if cutter is not None else None,
                       die_line=die_line, sheet=Sheet(choice("--sheet", sheet, SHEETS)))
        say(f"loading {shown(folder)}")
        if out is not None and not out.strip():
            raise UsageError('--out "": give a folder name (default: ./output/GAME)')
        kit = load_game(folder)
        report_warnings(kit, strict)
        target = Path(out) if out is not None else default_out(kit.id)
        writer = KitWriter(target, kit.id)     # refuses a bad --out before the build, not after
        # Each file goes to the staging folder as soon as it is made; only its name, pages and size
        # are kept for the summary.
        files = iter_kit(kit, opts, say)      # checks the options and imports each part's builder
        settled()
        written = writer.write(files)
    except PnpError as exc:
        fail(exc)
    pdfs = [w for w in written if w[0].endswith(".pdf")]
    svgs = [w for w in written if w[0].endswith(".svg")]
    others = len(written) - len(pdfs) - len(svgs)      # a cutter's PNGs and DXFs (--cutter)
    kinds = [_count(len(pdfs), "PDF"), _count(len(svgs), "SVG"), _count(others, "other file")]
    typer.echo(f"{kit.meta.title}: wrote {_listed([k for k in kinds if k])} to {target}/")
    for name, pages, size in pdfs:
        typer.echo(f"  {name:<34} {pages:>3} page{'s' if pages != 1 else ' '}  {_size(size):>8}")
    folders: dict[str, list[int]] = {}     # svg/, and a cutter's folder (--cutter): files and bytes
    for name, _pages, size in written:
        if "/" in name:
            folders.setdefault(name.split("/")[0] + "/", []).append(size)
    for sub, sizes in folders.items():
        typer.echo(f"  {sub:<34} {len(sizes):>3} files  {_size(sum(sizes)):>8}")
    typer.echo(f"done in {time.perf_counter() - started:.2f} s")
