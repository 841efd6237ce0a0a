"""The `pnp play` command."""

from typing import Annotated, Optional

import typer

from ..errors import PnpError, UsageError
from . import GameArg, fail


def play(
    game: GameArg,
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
    from ..catalog import find_game, rules_for
    from ..model import load_game
    from ..output import write_file

    try:
        if out is not None and not out.strip():
            raise UsageError('--out "": give a file name, or - for standard output')
        kit = load_game(find_game(game))
        module = rules_for(kit, "`pnp play`")
        names = list(option or []) + (["advanced"] if advanced else [])
        settings = module.settings(kit, players, names, seed)
        text = module.bot_notation(kit, settings, game, policy)
    except PnpError as exc:
        fail(exc)
    if out is None or out == "-":
        typer.echo(text, nl=False)
        return
    try:
        shown = write_file(out, text.encode("utf-8"))
    except PnpError as exc:
        fail(exc)
    typer.echo(f"wrote {shown}")
