"""The rules modules installed packages announce: the ``pnp.games`` entry-point group, read once per
process. Both loading a game (`pnp.model.lint`: is it data-only?) and finding its rules module
(`pnp.games.registry`) ask. Nothing is imported here.

Installed packages are nearly always folders of metadata (``*.dist-info``) in folders on
`sys.path`. There `entry_points` reads each one's ``entry_points.txt`` itself, finding, in the
same order, what `importlib.metadata.entry_points` finds: importing that module (email parsing,
zip and CSV readers) and going through its objects for a hundred distributions cost a kit build
about 15 ms, more than all of the reading. Where packages may be found another way (a zip or an
egg on the path, a finder of distributions other than Python's own, a metadata folder not named as
installers name them), `importlib.metadata` reads them, as before.
"""

from __future__ import annotations

import os
import re
import sys
from functools import cache, reduce
from importlib import import_module
from importlib.machinery import PathFinder
from typing import Any

GROUP = "pnp.games"
_INFO = (".dist-info", ".egg-info")
_REFERENCE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")


class Announcement:
    """One entry point: `name` = `value` in `group`; `load` imports what `value` names (as an
    `importlib.metadata.EntryPoint` does, whose fields and `load` these are)."""

    __slots__ = ("name", "value", "group")

    def __init__(self, name: str, value: str, group: str):
        self.name, self.value, self.group = name, value, group

    def __repr__(self) -> str:
        return f"Announcement(name={self.name!r}, value={self.value!r}, group={self.group!r})"

    def load(self) -> Any:
        match = _REFERENCE.match(self.value)
        if match is None:
            raise ValueError(f"{self.value!r} names no module")
        module = import_module(match.group("module"))
        return reduce(getattr, filter(None, (match.group("attr") or "").split(".")), module)


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower().replace("-", "_")


def _info_folders() -> list[str] | None:
    """The metadata folders `importlib.metadata` would find, in its order, one per distribution
    (the first of a name); None where it could find one another way."""
    finders = [f for f in sys.meta_path if getattr(f, "find_distributions", None) is not None]
    if finders != [PathFinder]:
        return None
    found, seen = [], set()
    for entry in sys.path:
        root = entry or "."
        try:
            children = os.listdir(root)
        except OSError:
            if os.path.exists(root):        # a zip (or a file it may read as one)
                return None
            continue
        if os.path.basename(entry).lower().endswith(".egg"):
            return None
        by_name: dict[str, list[str]] = {}      # importlib.metadata groups a folder's by name first
        for child in children:
            low = child.lower()
            if not low.endswith(_INFO):
                continue
            if not child.endswith(_INFO):       # its name is then read from its metadata
                return None
            by_name.setdefault(_normalized(low.rpartition(".")[0].partition("-")[0]), []).append(child)
        for children_of_name in by_name.values():
            for child in children_of_name:
                unique = _normalized(os.path.splitext(child)[0].partition("-")[0])
                if unique not in seen:
                    seen.add(unique)
                    found.append(os.path.join(entry, child))
    return found


def _read(folder: str) -> str:
    try:
        with open(os.path.join(folder, "entry_points.txt"), encoding="utf-8") as fh:
            return fh.read()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError):
        return ""


def entry_points(group: str) -> list[Any]:
    """The entry points of `group` of every installed distribution, as `importlib.metadata`
    gives them (in the same order)."""
    folders = _info_folders()
    if folders is None:
        from importlib.metadata import entry_points as read_all
        return list(read_all(group=group))
    out: list[Any] = []
    for folder in folders:
        section = None
        for line in map(str.strip, _read(folder).splitlines()):
            if not line or line.startswith("#"):
                continue
            if line.startswith("[") and line.endswith("]"):
                section = line.strip("[]")
            elif section is not None:
                name, value = line.split("=", 1)
                if section == group:
                    out.append(Announcement(name.strip(), value.strip(), section))
    return out


@cache
def announced() -> tuple[Any, ...]:
    """The group's entry points, as installed when first asked (`forget` reads them again)."""
    return tuple(entry_points(group=GROUP))


def forget() -> None:
    """Read the group again next time (after a package was installed in this process: tests)."""
    announced.cache_clear()
