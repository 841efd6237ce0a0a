"""Each unchanged game folder read once per test process, not once per test.

The tests load the built-in games and the fixture games hundreds of times in one run (a module's own
`load_game`, pnp's commands run in-process, the engines' `new_game`); every load parses the same TOML
and validates the same models again: the cache took the fast loop from 161 to 133 CPU-seconds. `install()` wraps
`pnp.model.load_game` so that a second load of a folder gives a fresh copy of the first (unpickled:
a test may change the Game it gets without touching anyone else's), as long as nothing it depends on
has changed; the stamp is every file under the folder and under the shared layouts (name, size,
mtime), the working folder (messages name files relative to it) and where the built-in data is.
A folder that fails to load, or whose Game does not come back from pickle, is read afresh every time, so error
messages are always pnp's own. Only folders the tests do not write to are cached (the built-in games
and tests/fixtures); a test's own copy in tmp_path is read as before. PNP_TEST_GAME_CACHE=0 turns
the cache off, to check that a failure is not the cache's. tests/conftest.py imports this module
before anything binds `load_game`: importing it installs the cache.
"""

from __future__ import annotations

import copyreg
import functools
import os
import pickle
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from pnp.errors import DefinitionError

_CACHE: dict[str, tuple[tuple[Any, ...], bytes]] = {}


def _files(folder: Path) -> list[tuple[str, int, int]]:
    out = []
    for root, _dirs, names in os.walk(folder):
        for name in names:
            st = os.stat(os.path.join(root, name))
            out.append((os.path.join(root, name), st.st_size, st.st_mtime_ns))
    return sorted(out)


def _stamp(folder: Path, data_root: Path) -> tuple[Any, ...]:
    return (os.getcwd(), str(data_root), _files(folder), _files(data_root / "layouts"))


def _definition_error(exc: DefinitionError) -> tuple[Any, ...]:
    return type(exc), (exc.where, exc.key, exc.problem), exc.__dict__


def cached(real: Callable[[Path], Any], roots: Iterable[Path]) -> Callable[[Path], Any]:
    """`real` (pnp's `load_game`), remembering what it loads from a folder under one of `roots`."""
    under = tuple(os.path.realpath(root) + os.sep for root in roots)
    from pnp import paths

    @functools.wraps(real)
    def load_game(folder: Path) -> Any:
        key = os.path.realpath(folder)
        if not key.startswith(under):
            return real(folder)
        stamp = _stamp(Path(key), paths.data_root())
        hit = _CACHE.get(key)
        if hit is not None and hit[0] == stamp:
            return pickle.loads(hit[1])
        game = real(folder)
        try:
            data = pickle.dumps(game)
            pickle.loads(data)      # some objects pickle but do not come back (an exception with its own __init__)
        except Exception:   # such a Game is simply not cached
            _CACHE.pop(key, None)
        else:
            _CACHE[key] = (stamp, data)
        return game

    return load_game


def install() -> None:
    if os.environ.get("PNP_TEST_GAME_CACHE") == "0":
        return
    import pnp.model
    import pnp.model.game
    from pnp import paths

    if hasattr(pnp.model.game.load_game, "__wrapped__"):
        return
    # a game's lint warnings are DefinitionErrors, whose __init__ takes three arguments, not the message
    copyreg.pickle(DefinitionError, _definition_error)
    load_game = cached(pnp.model.game.load_game, (paths.cards_dir(), Path(__file__).parent / "fixtures"))
    pnp.model.game.load_game = load_game
    pnp.model.load_game = load_game


install()
