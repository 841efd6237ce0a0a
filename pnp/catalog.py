"""Find a game by name (built in) or by path (a user's own folder)."""

from __future__ import annotations

import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import DefinitionError, PnpError, UsageError
from .model.load import read_toml
from .paths import cards_dir

if TYPE_CHECKING:
    from .games.interface import AnyModule
    from .model import Game


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    players: str
    folder: Path
    rules: str = ""


def _folders() -> list[Path]:
    """The built-in games' folders (each holds a game.toml), in the order they are listed."""
    root = cards_dir()
    return sorted(p for p in root.iterdir() if (p / "game.toml").is_file()) if root.is_dir() else []


def _entries() -> Iterator[Entry]:
    """The built-in games one by one, each game.toml read as it is reached: finding one game by name
    stops at it (reading and parsing all five game.toml files was 2 % of a kit build, twice)."""
    for folder in _folders():
        try:
            meta = read_toml(folder / "game.toml")
            players = meta.get("players", {})
            span = f"{players.get('min', '?')}-{players.get('max', '?')}"
            if players.get("min") == players.get("max"):
                span = str(players.get("min", "?"))
            gid = meta.get("id", folder.name)
            entry = Entry(gid, meta.get("title", folder.name), span, folder, meta.get("rules") or gid)
        except (PnpError, AttributeError):
            entry = Entry(folder.name, "(unreadable game.toml)", "?", folder)
        yield entry


def builtin_games() -> list[Entry]:
    """Every built-in game (one whose game.toml cannot be read is listed as such)."""
    return list(_entries())


def find_game(name_or_path: str) -> Path:
    """The folder of a game: a path holding game.toml, or the name of a built-in game."""
    path = Path(name_or_path)
    if (path / "game.toml").is_file():
        return path
    for entry in _entries():
        if entry.id == name_or_path or entry.folder.name == name_or_path:
            return entry.folder
    known = ", ".join(e.id for e in builtin_games()) or "none"
    if path.exists():
        raise UsageError(f"{name_or_path}: no game.toml in this folder; a game folder needs at least game.toml "
                         "(and the component files it uses: cards.toml, board.toml, pieces.toml...)")
    raise UsageError(f"unknown game {name_or_path!r}; built-in games: {known} (or give the path of a game folder)")


def shown(folder: Path) -> str:
    """A game folder as a progress line names it: a built-in game by its name (its folder lies deep in
    the installed package), any other folder relative to the working directory when it is under it."""
    if folder in _folders():
        return f"{folder.name} (built-in)"
    try:
        return str(folder.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(folder)


def is_data_only(game: Game) -> bool:
    """A data-only game: its game.toml names no rules module and no installed module has its id. Its
    kit and booklet build (the booklet directives that need no engine); nothing plays or replays it.
    A folder that names a module (`rules = "x"`) is never data-only: a missing module stays an error."""
    from .games.registry import announced

    return not game.meta.rules and not announced(game.id)


class DataOnly(UsageError):
    """A command that needs a rules module was given a data-only game."""

    def __init__(self, game: Game, what: str):
        super().__init__(f"{game.meta.title} is a data-only game (game.toml names no `rules` and no installed module "
                         f"has the id {game.id!r}): {what} needs a rules module; its kit and booklet build without one")


def rules_for(game: Game, what: str = "this command") -> AnyModule:
    """The rules module that plays `game`, checked to accept the folder: its setup is made once, so
    that a folder the rules cannot play (three sides where the rules want two, a renamed piece the rules look
    for) is one `DefinitionError` (exit 2) here rather than a crash later."""
    from .games.registry import module_for
    from .model.load import display

    if is_data_only(game):
        raise DataOnly(game, what)
    module = module_for(game.meta.rules or game.id, game.meta.title)
    try:
        module.new_state(game, module.settings(game))
    except PnpError:
        raise
    except (ValueError, LookupError, StopIteration, AttributeError, TypeError, AssertionError) as exc:
        frames = traceback.extract_tb(exc.__traceback__)
        at = f" ({Path(frames[-1].filename).name} line {frames[-1].lineno})" if frames else ""
        reason = str(exc) if isinstance(exc, ValueError) and str(exc) else \
            f"it looks for something this folder does not define: {type(exc).__name__} {exc}".rstrip() + at
        raise DefinitionError(display(game.folder), None,
                              f"the rules module {module.id!r} cannot play this game folder: {reason}") from None
    return module
