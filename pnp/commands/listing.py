"""The `pnp list` command."""

from pathlib import Path

import typer

from ..errors import PnpError


def _list_facts(folder: Path) -> str:
    """Playing time, age, authors and publisher from a game's game.toml ('' if unreadable)."""
    from ..model.load import read_toml
    from ..reference.credits import list_line

    try:
        return list_line(read_toml(folder / "game.toml"))
    except PnpError:
        return ""


def _players(counts: tuple[int, ...]) -> str:
    """An option's player counts as the game lines above it say them: "3-6 players", "4 players"."""
    from ..engine.settings import span

    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]} players"
    return span(counts)


def list_games() -> None:
    """List the built-in games, their player counts and the options `pnp play` takes for each."""
    from ..catalog import builtin_games
    from ..games.registry import modules

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
            only = f" ({_players(opt.players)})" if opt.players else ""
            typer.echo(f"{'':<{width}} --option {opt.name:<16} {opt.help}{only}")
        typer.echo(f"{'':<{width}} --policy {' | '.join(module.policies())}")
    others = sorted(set(installed) - {e.rules for e in entries})
    if others:
        typer.echo("rules modules installed without a built-in game folder (give a folder's path): "
                   + ", ".join(others))
