"""The rules modules installed packages announce: the ``pnp.games`` entry-point group, read once per
process. Reading it goes through every installed distribution's metadata (a few milliseconds with a
hundred packages), and both loading a game (`pnp.model.lint`: is it data-only?) and finding its rules
module (`pnp.games.registry`) ask. Nothing is imported here."""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points

GROUP = "pnp.games"


@cache
def announced() -> tuple[EntryPoint, ...]:
    """The group's entry points, as installed when first asked (`forget` reads them again)."""
    return tuple(entry_points(group=GROUP))


def forget() -> None:
    """Read the group again next time (after a package was installed in this process: tests)."""
    announced.cache_clear()
