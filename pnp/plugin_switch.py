"""pydantic's plugin loader, without its import, while pydantic's own switch turns every plugin off.

pydantic imports `pydantic.plugin._loader` when it first builds a validator, and that module
imports `importlib.metadata` (email parsing, zip and CSV readers: about 10 ms of a kit build) only
to scan entry points, a scan `PYDANTIC_DISABLE_PLUGINS=__all__` (set by `pnp.cli`) skips. `install`
(called by `pnp.cli`, for the command's own process only, as it changes what pydantic imports)
puts a stand-in there whose `get_plugins` answers as pydantic's does, on every call: no plugins
while the variable turns them all off; under any other setting it hands over to pydantic's own
loader, imported then, which answers from there on.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from importlib import import_module
from types import ModuleType
from typing import Any

LOADER = "pydantic.plugin._loader"
ALL_OFF = ("__all__", "1", "true")      # the values pydantic's get_plugins reads as "no plugin at all"


def _real() -> ModuleType:
    """pydantic's own loader, imported in the stand-in's place."""
    if sys.modules.get(LOADER) is STAND_IN:
        del sys.modules[LOADER]
    return import_module(LOADER)


def get_plugins() -> Iterable[Any]:
    if os.getenv("PYDANTIC_DISABLE_PLUGINS") in ALL_OFF:
        return ()
    plugins: Iterable[Any] = _real().get_plugins()
    return plugins


STAND_IN = ModuleType(LOADER, __doc__)
STAND_IN.get_plugins = get_plugins  # type: ignore[attr-defined]


def _stand_in_getattr(name: str) -> Any:
    """Any other name of the loader (its cache, its entry point group) is pydantic's own; the
    import system's own questions (`__path__`: is it a package?) are the stand-in's."""
    if name.startswith("__"):
        raise AttributeError(name)
    return getattr(_real(), name)


STAND_IN.__getattr__ = _stand_in_getattr  # type: ignore[attr-defined]


def install() -> None:
    """The stand-in, unless pydantic's loader is imported already or plugins are not all off."""
    if os.getenv("PYDANTIC_DISABLE_PLUGINS") in ALL_OFF:
        sys.modules.setdefault(LOADER, STAND_IN)
