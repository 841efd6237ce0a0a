"""The `pnp preview` command."""

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..errors import PnpError, UsageError
from . import GameArg, LangOption, fail, report_warnings

MAX_DPI = 1200


def preview(
    game: GameArg,
    card: Annotated[Optional[str], typer.Option(
        help="The card to show: its name, label or number (default: a contact sheet of every card's face).")] = None,
    back: Annotated[bool, typer.Option("--back", help="Show the card's back instead of its face.")] = False,
    out: Annotated[Optional[str], typer.Option(
        help="The PNG to write (default: output/GAME-preview-CARD.png, or output/GAME-preview.png for the "
             "contact sheet).")] = None,
    dpi: Annotated[Optional[int], typer.Option(
        help="Resolution (default: 300 for one card, 100 for the contact sheet).")] = None,
    lang: LangOption = None,
) -> None:
    """Show one card, or every card's face on a contact sheet, as a PNG: a quick look without a build."""
    from ..catalog import find_game
    from ..export.preview import card_png, contact_sheet, find_cards
    from ..model import load_game
    from ..output import write_file

    try:
        if dpi is not None and not 10 <= dpi <= MAX_DPI:
            raise UsageError(f"--dpi {dpi}: expected 10 to {MAX_DPI}")
        if back and card is None:
            raise UsageError("--back: say which card's back with --card")
        if out is not None and not out.strip():
            raise UsageError('--out "": give a file name ending in .png')
        if out is not None and not out.lower().endswith(".png"):
            raise UsageError(f"--out {out!r}: a preview is a PNG; give a name ending in .png")
        kit = load_game(find_game(game))
        report_warnings(kit, strict=False)
        language = lang or kit.meta.languages[0]
        if language not in kit.meta.languages:
            raise UsageError(f"--lang {language}: {kit.id} is written in {', '.join(kit.meta.languages)}")
        if card is None:
            data, n = contact_sheet(kit, language, dpi or 100)
            copies = len(kit.cards) - n
            what = f"{n} cards" + (f" (and {copies} cop{'y' if copies == 1 else 'ies'} of them)" if copies else "")
            default = f"{kit.id}-preview.png"
        else:
            matches = find_cards(kit, card, language)
            chosen = matches[0]
            if len(matches) > 1:        # a shared number or type title: say which one this is
                listed = ", ".join(m.slug for m in matches[:8]) + (", ..." if len(matches) > 8 else "")
                typer.echo(f"--card {card!r} matches {len(matches)} cards ({listed}); showing {chosen.slug}: "
                           "give its file name to pick another", err=True)
            data = card_png(kit, chosen, language, back, dpi or 300)
            side = "-back" if back else ""
            what = f"{'the back of ' if back else ''}{chosen.slug}"
            default = f"{kit.id}-preview-{chosen.slug}{side}.png"
        target = Path(out) if out is not None else Path("output") / default
        if out is None:
            target.parent.mkdir(parents=True, exist_ok=True)
        shown = write_file(target, data)
    except PnpError as exc:
        fail(exc)
    typer.echo(f"{kit.meta.title}: {what} in {shown}")
