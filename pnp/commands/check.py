"""The `pnp check` command."""

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..errors import PnpError
from . import GameArg, fail, report_warnings


def check(
    game: GameArg,
    files: Annotated[Optional[list[Path]],
                     typer.Argument(help="Notation files (default: the game's samples/ and examples/).")] = None,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Treat warnings (a field no card has, a box off the card, text in the safe zone...) "
                         "as errors: exit 2.")] = False,
) -> None:
    """Validate a game's definitions and replay sample games, checking their expectations.

    Exit 0 when all are legal, 1 when a game is illegal or an expectation fails, 2 when a file is
    not valid notation or the definitions are wrong."""
    from ..catalog import DataOnly, find_game, is_data_only, rules_for
    from ..model import load_game
    from ..model.load import display

    try:
        folder = find_game(game)
        kit = load_game(folder)
        report_warnings(kit, strict)
        paths = list(files or sorted((folder / "samples").glob("*.toml"))
                     + sorted((folder / "examples").glob("*.toml")))
        data_only = is_data_only(kit)
        if data_only and paths:     # notation needs an engine; the files are named so the mistake is found
            shown = ", ".join(str(p) if files else display(p) for p in paths[:3]) + (", ..." if len(paths) > 3 else "")
            raise DataOnly(kit, f"replaying sample games ({shown})")
        engine = None if data_only else rules_for(kit)
    except PnpError as exc:
        fail(exc)
    worst = 0
    for path in paths:
        assert engine is not None
        shown = path.name if not files else str(path)
        result = engine.check_file(kit, path, shown)
        typer.echo(result.line, err=not result.ok)
        worst = max(worst, result.exit_code)
    kit_words = ""
    if not files:      # the whole folder: everything `pnp build` reads, in every language
        from ..build import validate_kit
        try:
            langs = validate_kit(kit)
            kit_words = f", kit ok ({', '.join(langs)})"
        except PnpError as exc:
            typer.echo(f"pnp: error: {exc}", err=True)
            worst = max(worst, exc.exit_code)
    if worst == 0:
        games = (f"{len(paths)} game{'s' if len(paths) != 1 else ''} replayed" if paths
                 else "a data-only game (no rules module, nothing to replay)" if data_only
                 else f"no sample games in {display(folder / 'samples')}")
        typer.echo(f"{kit.meta.title}: definitions ok, {games}{kit_words}")
    raise typer.Exit(worst)
