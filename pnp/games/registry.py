"""Find the rules module of a game: every module announced in the ``pnp.games`` entry-point group.

pnp's own games are announced in its pyproject.toml; a game in another installed package plugs in
the same way, by declaring in its own packaging::

    [project.entry-points."pnp.games"]
    my-game = "my_package.rules:MyGame"

The value is a `GameModule` subclass (or instance). A game folder never names Python code: it
names a rules id (``rules = "my-game"`` in game.toml), which must be installed.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.metadata import entry_points

from ..errors import UsageError
from .interface import GameModule

GROUP = "pnp.games"


_BROKEN: dict[str, str] = {}     # rules id -> why its module could not be loaded


@lru_cache(maxsize=1)
def _installed() -> dict[str, GameModule]:
    found: dict[str, GameModule] = {}
    for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name):
        if ep.name in found:
            continue
        try:
            obj = ep.load()
            module = obj() if isinstance(obj, type) else obj
        except Exception as exc:  # a broken plug-in must not take the other games down
            _BROKEN[ep.name] = f"{ep.value} cannot be loaded: {type(exc).__name__}: {exc}"
            continue
        if not isinstance(module, GameModule):
            _BROKEN[ep.name] = f"{ep.value} is not a pnp GameModule"
            continue
        found[ep.name] = module
    return found


def modules() -> dict[str, GameModule]:
    """Every installed game module that loads, by rules id."""
    return dict(_installed())


def module_for(rules_id: str, game_title: str = "") -> GameModule:
    """The module that plays games whose game.toml says ``rules = rules_id``."""
    found = _installed()
    if rules_id in _BROKEN:
        raise UsageError(f"the game module {rules_id!r} ({_BROKEN[rules_id]})")
    if rules_id not in found:
        known = ", ".join(found) or "none"
        what = f"{game_title} needs" if game_title else "needs"
        raise UsageError(f"{what} the rules module {rules_id!r}, which is not installed "
                         f"(installed: {known}); set `rules = \"...\"` in game.toml to one of them, "
                         f"or install the package that provides it")
    return found[rules_id]
