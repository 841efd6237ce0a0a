"""The `pnp export` command."""

import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Optional

import typer

from . import GameArg, LangOption, fail

TARGET_HELP = ("mpc: MakePlayingCards PNGs (822 x 1122 px poker); tgc: The Game Crafter PNGs (825 x 1125 px); "
               "dtc: DriveThruCards PDF, CMYK, one card a page; png: PNGs at --dpi and --bleed; "
               "pdf-cards: one card a page, RGB; tts: Tabletop Simulator deck sheets and saved object.")


def export(
    game: GameArg,
    target: Annotated[Optional[str], typer.Option("--target", "-t", help=TARGET_HELP)] = None,
    out: Annotated[Optional[str], typer.Option(
        help="Output folder (default: ./output/GAME-TARGET). It is replaced whole: a new or empty folder, "
             "or one pnp wrote.")] = None,
    dpi: Annotated[Optional[str], typer.Option(
        help="Resolution of the images (default: the shop's, else 300).")] = None,
    bleed: Annotated[Optional[str], typer.Option(
        help="Bleed beyond the trim on each side, with its unit: 3mm, 0.125in, 1/8in, 36px "
             "(default: the shop's, else the layout's).")] = None,
    lang: LangOption = None,
    base_url: Annotated[Optional[str], typer.Option(
        "--base-url", help="tts: the http(s) address the images will be uploaded to; the saved object links "
                           "there, so every player at a multiplayer table sees the cards (default: local "
                           "file:// links, seen on this computer only).")] = None,
    die_line: Annotated[bool, typer.Option(
        "--die-line", help="pdf-cards: stroke each card's trim in the spot colour CutContour on a layer of "
                           "its own, for a shop that cuts to a die line.")] = False,
    output_profile: Annotated[Optional[Path], typer.Option(
        "--output-profile", help="dtc: an ICC CMYK profile (e.g. the shop's U.S. Web Coated (SWOP) v2) to "
                                 "embed in the PDF/X output intent; pnp ships none.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress, only the summary.")] = False,
) -> None:
    """Export a game's cards for a print shop or Tabletop Simulator."""
    from ..catalog import find_game, shown
    from ..errors import PnpError, UsageError
    from ..export import export as run
    from ..export import settings
    from ..model import load_game
    from ..output import KitWriter

    started = time.perf_counter()
    say: Callable[[str], None] = (lambda _m: None) if quiet else (lambda m: typer.echo(f"  {m}", err=True))
    try:
        if target is None:
            raise UsageError("--target: say what to make: mpc, tgc, dtc, png, pdf-cards or tts")
        chosen = settings(target, dpi, bleed, die_line, output_profile)
        if out is not None and not out.strip():
            raise UsageError('--out "": give a folder name (default: ./output/GAME-TARGET)')
        folder = find_game(game)
        say(f"loading {shown(folder)}")
        kit = load_game(folder)
        where = Path(out) if out is not None else Path("output") / f"{kit.id}-{chosen.target.key}"
        files = run(kit, chosen, lang, where.resolve(), say, base_url)   # checks the game and --lang first
        written = KitWriter(where, kit.id).write(files)
    except PnpError as exc:
        fail(exc)
    total = sum(w[2] for w in written)
    kinds = sorted({Path(w[0]).suffix.lstrip(".").upper() for w in written})
    shop = f" for {chosen.target.shop}" if chosen.target.shop else ""
    typer.echo(f"{kit.meta.title}: wrote {len(written)} files ({', '.join(kinds)}){shop} to {where}/ "
               f"({total / 1024 / 1024:.1f} MB)")
    for name, pages, _size in written:
        if pages is not None:
            typer.echo(f"  {name:<40} {pages:>4} pages")
    typer.echo(f"done in {time.perf_counter() - started:.2f} s")
