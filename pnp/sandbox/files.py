"""Reading a file that a game folder supplies: the one way pnp opens a folder's files.

A folder is data someone may have downloaded, so each of its files is, before a byte is trusted:
- **inside the folder**: its real path (every link followed) stays under the folder's real path,
  so a link named `booklet/rules.en.md`, `samples/` or `game.toml` that leads out is refused;
- **a regular file**: a FIFO, a device or a socket is refused without blocking (the file is
  opened with O_NONBLOCK, then looked at with fstat), so nothing hangs on a pipe no one writes;
- **read up to a limit**: one byte past it, and the file is refused.

The folder is the nearest folder above the file that holds a `game.toml` (looked up by name,
without following links), so callers pass just the path. A file outside any game folder (a
notation file named on the command line) is the user's own choice: it is read up to the limit,
and a FIFO or device there is read as what it is.

Every successful read raises the audit event ``pnp.folder_file`` with the real path, so a test
can check that every file a build opens inside the folder came through here.

>>> import tempfile, os
>>> d = tempfile.mkdtemp(); _ = open(os.path.join(d, "game.toml"), "w").write("id = 'x'")
>>> read_folder_file(Path(d) / "game.toml", lambda p: ValueError(p), limit=100)
b"id = 'x'"
>>> os.symlink("/etc/hostname", os.path.join(d, "rules.md"))
>>> read_folder_file(Path(d) / "rules.md", lambda p: ValueError(p), limit=100)
Traceback (most recent call last):
...
ValueError: cannot read: it is a link to a file outside the game folder (copy the file into the folder instead)
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)


def game_root(path: Path) -> Path | None:
    """The game folder `path` belongs to: the nearest folder above it (by name, links not
    followed) that holds an entry named game.toml; None outside any game folder."""
    here = Path(os.path.abspath(path))
    for folder in (here.parent, *here.parent.parents):
        if os.path.lexists(folder / "game.toml"):
            return folder
    return None


def read_folder_file(path: Path, fail: Callable[[str], Exception], limit: int,
                     root: Path | None = None) -> bytes:
    """The bytes of `path`, a file a game folder supplies, checked as the module says; every
    refusal is `fail(problem)`, a sentence that says what is wrong and what to do."""
    root = root if root is not None else game_root(path)
    real = os.path.realpath(path)
    if root is not None:
        top = os.path.realpath(root)
        if os.path.commonpath([top, real]) != top:
            raise fail("cannot read: it is a link to a file outside the game folder "
                       "(copy the file into the folder instead)")
    try:    # outside a folder the path is opened as named: /dev/stdin is a pipe that realpath cannot name
        fd = os.open(real, _FLAGS) if root is not None else os.open(path, _FLAGS & ~getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        raise fail("file not found") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise fail("cannot read: a link that leads to itself") from None
        raise fail(f"cannot read: {exc.strerror or exc}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise fail("cannot read: this is a folder, not a file")
        if not stat.S_ISREG(mode):
            if root is not None:
                raise fail("cannot read: not a regular file (a FIFO, a device or a socket); "
                           "a game folder holds plain files only")
            os.set_blocking(fd, True)
        chunks, size = [], 0
        while size <= limit:
            try:
                chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            except OSError as exc:
                raise fail(f"cannot read: {exc.strerror or exc}") from None
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:
        shown = f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit:,} bytes"
        raise fail(f"cannot read: larger than the limit of {shown}")
    sys.audit("pnp.folder_file", real)
    return b"".join(chunks)
