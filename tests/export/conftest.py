"""Exports made in memory (the library call `pnp export` makes) and read back."""

from __future__ import annotations

import functools
import io
import shutil
from pathlib import Path

import pytest
from PIL import Image

from pnp.catalog import builtin_games, find_game
from pnp.export import export, settings
from pnp.model import Game, load_game
from pnp.paths import cards_dir

FIXTURES = Path(__file__).parent.parent / "fixtures"
WHERE = Path("/nowhere/export")     # where the TTS saved object says its images are
GAMES = [e.id for e in builtin_games()]
USER_GAMES = [str(FIXTURES / "two-decks"), str(FIXTURES / "high-roll")]   # folders given by path
# The games whose print-shop files the fast loop (-m "not slow") reads back page by page: the first
# kit and the one with the most art. The same export code makes the others; CI reads them all.
FAST_GAMES = (GAMES[0], "shogun-solitaire")


def fast_games(names: list[str]) -> list[object]:
    """`names` as parameters, those outside FAST_GAMES marked slow."""
    return [pytest.param(n, id=n, marks=() if n in FAST_GAMES else pytest.mark.slow) for n in names]


@functools.lru_cache(maxsize=None)
def game_of(name: str) -> Game:
    return load_game(find_game(name))


@functools.lru_cache(maxsize=None)
def exported(name: str, target: str, dpi: str | None = None, bleed: str | None = None,
             lang: str | None = None) -> dict[str, bytes]:
    """name -> bytes of every file `pnp export NAME --target TARGET` writes."""
    return {a.name: a.data for a in export(game_of(name), settings(target, dpi, bleed), lang, WHERE)}


def image(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    im.load()
    return im


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 2) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


@pytest.fixture
def user_game(tmp_path):
    """A copy of a built-in game as a user's folder (no booklet, no samples), to edit."""
    def make(source: str = "daimyni") -> Path:
        folder = tmp_path / source
        shutil.copytree(cards_dir() / source, folder, ignore=shutil.ignore_patterns("booklet", "samples", "examples"))
        return folder
    return make


def aid_copies(game) -> int:
    """How many player aid cards the game prints: booklet/aid.en.toml's [card] copies, else one per
    player at most (docs/booklets.md); 0 without an aid."""
    import tomllib

    path = game.folder / "booklet" / "aid.en.toml"
    if not path.is_file():
        return 0
    copies = tomllib.loads(path.read_text()).get("card", {}).get("copies")
    return int(copies or game.meta.players.max)
