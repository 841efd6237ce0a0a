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

from .. import announced as announcements
from ..announced import GROUP, Announcement
from ..errors import UsageError
from .interface import AnyModule, GameModule

__all__ = ["GROUP", "announced", "forget", "installed_module", "module_for", "modules"]


_BROKEN: dict[str, str] = {}     # rules id -> why its module could not be loaded


_LOADED: dict[str, AnyModule] = {}


def _load(ep: Announcement) -> AnyModule | None:
    """One entry point's module, loaded once; a broken one is noted in _BROKEN and gives None."""
    if ep.name in _LOADED:
        return _LOADED[ep.name]
    if ep.name in _BROKEN:
        return None
    try:
        obj = ep.load()
        module = obj() if isinstance(obj, type) else obj
    except Exception as exc:  # a broken plug-in must not take the other games down
        _BROKEN[ep.name] = f"{ep.value} cannot be loaded: {type(exc).__name__}: {exc}"
        return None
    if not isinstance(module, GameModule):
        _BROKEN[ep.name] = f"{ep.value} is not a pnp GameModule"
        return None
    _LOADED[ep.name] = module
    return module


@lru_cache(maxsize=1)
def _points() -> dict[str, Announcement]:
    """The announced modules by rules id, not loaded (the first announcement of an id wins)."""
    found: dict[str, Announcement] = {}
    for ep in sorted(announcements.announced(), key=lambda e: e.name):
        found.setdefault(ep.name, ep)
    return found


def _installed() -> dict[str, AnyModule]:
    """Every announced module, loaded (for listings: a command about one game loads only its own)."""
    found: dict[str, AnyModule] = {}
    for name, ep in _points().items():
        module = _load(ep)
        if module is not None:
            found[name] = module
    return found


def modules() -> dict[str, AnyModule]:
    """Every installed game module that loads, by rules id."""
    return dict(_installed())


def installed_module(rules_id: str) -> AnyModule | None:
    """The module for `rules_id` if it is installed and loads, else None; loads no other."""
    if rules_id in _LOADED:
        return _LOADED[rules_id]
    ep = _points().get(rules_id)
    return _load(ep) if ep is not None else None


def module_for(rules_id: str, game_title: str = "") -> AnyModule:
    """The module that plays games whose game.toml says ``rules = rules_id``; only that module is
    imported (with its rules, bot and notation), not every installed game's."""
    module = installed_module(rules_id)
    if module is not None:
        return module
    if rules_id in _BROKEN:
        raise UsageError(f"the game module {rules_id!r} ({_BROKEN[rules_id]})")
    what = f"{game_title} needs" if game_title else "needs"
    known = ", ".join(_installed()) or "none"
    # No hint to pick one of the installed ids: that would build another game's booklet from this folder.
    raise UsageError(f"{what} the rules module {rules_id!r}, which is not installed "
                     f"(installed: {known}); install the package that provides it, or remove `rules` "
                     f"from game.toml to build the folder as a data-only game (kit and booklet, no play)")


def announced(rules_id: str) -> bool:
    """Whether some installed package announces a module for `rules_id` (loaded or broken)."""
    return rules_id in _points()


def forget() -> None:
    """Look for installed modules again (after a package was installed in this process: tests)."""
    announcements.forget()
    _points.cache_clear()
    _LOADED.clear()
    _BROKEN.clear()
