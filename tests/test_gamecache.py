"""The tests' cache of loaded games (tests/gamecache.py) gives what a fresh `load_game` gives, a copy
of its own each time, and reads a folder again once one of its files changes."""

import shutil
from pathlib import Path

import pytest

import pnp.model
import pnp.model.game
from pnp.paths import cards_dir
from tests import gamecache

FIXTURES = Path(__file__).parent / "fixtures"
REAL = getattr(pnp.model.game.load_game, "__wrapped__", pnp.model.game.load_game)

pytestmark = pytest.mark.skipif(REAL is pnp.model.game.load_game, reason="PNP_TEST_GAME_CACHE=0: no cache to test")


def same(x, y, path="game"):
    """x and y hold the same values all the way down, whether or not their classes define __eq__
    (pnp.hexgrid.HexGrid does not). Sets compare as sets: pydantic's fields-set comes back from
    pickle in another order, which nothing reads."""
    assert type(x) is type(y), path
    if isinstance(x, dict):
        assert list(x) == list(y), path
        for key in x:
            same(x[key], y[key], f"{path}[{key!r}]")
    elif isinstance(x, (list, tuple)):
        assert len(x) == len(y), path
        for i, (a, b) in enumerate(zip(x, y)):
            same(a, b, f"{path}[{i}]")
    elif hasattr(x, "__getstate__") and not isinstance(x, (str, bytes, int, float, Path, frozenset, set)) \
            and x.__getstate__() is not None:
        same(x.__getstate__(), y.__getstate__(), path)
    else:
        assert x == y, path


def test_a_cached_game_is_a_fresh_load_and_a_copy_of_its_own():
    folder = cards_dir() / "daimyni"
    first, second = pnp.model.load_game(folder), pnp.model.load_game(folder)
    fresh = REAL(folder)
    same(first, fresh)
    same(second, fresh)
    assert first is not second and first.cards is not second.cards
    second.cards.clear()
    assert pnp.model.load_game(folder).cards == first.cards != []


def test_lint_warnings_come_back_whole():
    """two-decks loads with warnings: each comes back from the cache with its file, key and text."""
    fresh = REAL(FIXTURES / "two-decks")
    assert fresh.warnings
    again = pnp.model.load_game(FIXTURES / "two-decks")
    again = pnp.model.load_game(FIXTURES / "two-decks")
    assert [(w.where, w.key, w.problem, str(w)) for w in again.warnings] == \
        [(w.where, w.key, w.problem, str(w)) for w in fresh.warnings]


def test_a_changed_file_is_read_again(tmp_path):
    calls = []

    def real(folder):
        calls.append(folder)
        return REAL(folder)

    load = gamecache.cached(real, [tmp_path])
    folder = tmp_path / "g"
    shutil.copytree(FIXTURES / "two-decks", folder)
    before = load(folder)
    assert load(folder).meta.title == before.meta.title and len(calls) == 1
    game_toml = folder / "game.toml"
    game_toml.write_text(game_toml.read_text().replace(f'"{before.meta.title}"', '"Probe"', 1))
    assert load(folder).meta.title == "Probe" and len(calls) == 2
    assert before.meta.title != "Probe"
