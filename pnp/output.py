"""Writing build products: a kit is replaced whole or not at all.

A kit folder is written as a staging folder beside it (``.NAME.pnp-staging-PID-XXXX``), then swapped
in by one rename: on Linux an atomic exchange of the two folders (``renameat2`` with
``RENAME_EXCHANGE``), elsewhere two renames (the old kit aside, the new one in). The old kit is then
deleted. A manifest beside the kit (``.NAME.pnp-kit``, so the kit folder holds only the kit) lists
its files: a folder with files that are not in its manifest (the user's own) is refused rather than
replaced, and files an earlier build wrote that this one does not are gone with the old folder.

Nothing is left behind by a failure: an exception (a full disk, Ctrl-C) removes the staging folder;
after a kill -9 the next build into the same place removes what a dead build left (its process id
is in the name). A read or write error names the final file, never a temporary name.

A single file (`pnp play --out FILE`) is written to a temporary name and renamed, unless the path
is a device or a FIFO, which are written through (``/dev/null`` stays a device), or a symlink,
which is followed; ``-`` is standard output.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from .errors import PnpError

_TAG = ".pnp-"          # in the names of staging and old folders: .NAME.pnp-staging-PID-XXXX


def manifest_path(out: Path) -> Path:
    """Where the list of a kit's files is kept: beside the kit folder, ``.NAME.pnp-kit``."""
    return out.parent / f".{out.name}{_TAG}kit"


@dataclass(frozen=True)
class Artifact:
    name: str          # path relative to the output folder
    data: bytes
    pages: int | None = None
    kind: str = ""


class OutputError(PnpError):
    """The output cannot be written (exit 1); names the file and says what failed."""

    exit_code = 1


class OutputRefused(OutputError):
    """--out names a place pnp will not write into (a file where a folder is wanted, a folder of
    someone else's files): a bad argument, exit 2, as the README promises for bad input."""

    exit_code = 2


def _open_new(path: Path) -> BinaryIO:
    """Open a new file for writing; tests replace this to inject faults (a full disk)."""
    return open(path, "xb")


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _show(path: Path) -> str:
    return str(path)


# ---- one file ---------------------------------------------------------------------------

def write_file(target: str | Path, data: bytes) -> str:
    """Write one file, as `pnp play --out` does: ``-`` is standard output; a device or FIFO is
    written through; a symlink is followed; a regular file is replaced by rename. Returns how
    to name what was written."""
    if str(target) == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return "standard output"
    if str(target) == "":
        raise OutputRefused('--out "": give a file name, or - for standard output')
    path = Path(target)
    real = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        st = os.stat(real)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise OutputError(f"cannot write {_show(path)}: {_why(exc)}") from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise OutputRefused(f"cannot write {_show(path)}: it is a folder")
    if st is not None and not stat.S_ISREG(st.st_mode):      # a device, a FIFO, a socket: write through
        try:
            with open(real, "wb") as fh:
                fh.write(data)
        except OSError as exc:
            raise OutputError(f"cannot write {_show(path)}: {_why(exc)}") from None
        return _show(path)
    folder = real.parent
    tmp = folder / f".{real.name}{_TAG}part-{os.getpid()}-{secrets.token_hex(4)}"
    try:
        with _open_new(tmp) as fh:
            fh.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, real)
    except OSError as exc:
        _remove(tmp)
        raise OutputError(f"cannot write {_show(path)}: {_why(exc)}") from None
    except BaseException:
        _remove(tmp)
        raise
    return _show(path)


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()


# ---- a kit folder -----------------------------------------------------------------------

def _inside(root: Path, name: str, real_root: Path | None = None) -> Path:
    """`root / name`, refusing a name that is absolute, climbs out (``..``) or is empty. `real_root`
    is `root` resolved, when the caller has it already (a kit writer resolves its staging folder
    once: a folder moved or linked above it later moves `name`'s real path too, which then fails
    the check, so resolving it again per file could only let through what this refuses)."""
    parts = Path(name).parts
    if not name or Path(name).is_absolute() or any(p in ("..", ".", "") for p in parts) or "\0" in name:
        raise OutputError(f"refusing to write {name!r}: every file of a kit stays inside its folder")
    path = root / name
    if not path.resolve().is_relative_to(real_root if real_root is not None else root.resolve()):
        raise OutputError(f"refusing to write {name!r}: it would land outside {_show(root)}")
    return path


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def clean_leftovers(out: Path) -> None:
    """Remove what builds killed before they finished left beside `out`: staging folders, old kits
    and temporary files whose process is gone."""
    parent = out.parent
    prefix = f".{out.name}{_TAG}"
    try:
        entries = list(parent.iterdir())
    except OSError:
        return
    for entry in entries:
        if not entry.name.startswith(prefix) or entry == manifest_path(out):
            continue
        fields = entry.name[len(prefix):].split("-")
        pid = int(fields[1]) if len(fields) >= 3 and fields[1].isdigit() else None
        if pid is None or pid == os.getpid() or not _alive(pid):
            if fields[0] == "old" and not out.exists():   # killed between the two renames: put it back
                with contextlib.suppress(OSError):
                    os.rename(entry, out)
                    continue
            _remove(entry)


def _manifest(folder: Path) -> set[str] | None:
    path = manifest_path(folder)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise OutputError(f"cannot read {_show(path)}: {exc}") from None
    return {line for line in text.splitlines() if line and not line.startswith("#")}


def _write_manifest(out: Path, files: list[str] | set[str]) -> None:
    path = manifest_path(out)
    tmp = out.parent / f".{out.name}{_TAG}part-{os.getpid()}-{secrets.token_hex(4)}"
    try:
        with _open_new(tmp) as fh:
            fh.write((f"# the files of the kit {out.name}/, written by pnp; a rebuild replaces them all\n"
                      + "".join(f"{n}\n" for n in sorted(files))).encode("utf-8"))
        os.replace(tmp, path)
    except BaseException:
        _remove(tmp)
        raise


def _foreign(folder: Path, game_id: str | None) -> str | None:
    """The first file in an existing kit folder that no pnp build wrote, or None."""
    listed = _manifest(folder)
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if path.is_dir() and not path.is_symlink():
            continue
        if listed is not None:
            if rel not in listed:
                return rel
        elif not _looks_built(rel, game_id):   # a kit from before manifests
            return rel
    return None


def _looks_built(rel: str, game_id: str | None) -> bool:
    top, _, rest = rel.partition("/")
    if rest:
        return top.startswith("svg") and rel.endswith(".svg")
    return rel.endswith((".pdf", ".part")) and (game_id is None or rel.startswith((f"{game_id}-", ".")))


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders atomically (Linux renameat2 RENAME_EXCHANGE); False where unsupported."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes  # here, not at the top: only a kit replacing another loads it
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, exchange = -100, 2
    rc = renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), exchange)
    if rc == 0:
        return True
    err = ctypes.get_errno()
    if err in (22, 38, 95):   # EINVAL, ENOSYS, EOPNOTSUPP: the file system cannot; fall back
        return False
    raise OSError(err, os.strerror(err), str(b))


@contextlib.contextmanager
def _no_interrupt() -> Iterator[None]:
    """Hold off Ctrl-C while the kit is swapped in: the swap takes a moment and then the kit is
    written, so an interrupt that came during it is dropped rather than reported as nothing written."""
    try:
        old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:          # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


class KitWriter:
    """A kit written into a staging folder and swapped in whole by `commit`; `discard` (or an
    exception inside ``with``) removes the staging folder and leaves the old kit as it was.

    Files can be added one at a time as they are made (`add`), so a builder need not hold the whole
    kit in memory."""

    def __init__(self, out: str | Path, game_id: str | None = None):
        if str(out) == "":
            raise OutputRefused('--out "": give a folder name')
        out = Path(out)
        if out.is_symlink():                      # a link to a folder: build where it points
            out = Path(os.path.realpath(out))
        if out.exists() and not out.is_dir():
            raise OutputRefused(f"cannot write the kit into {_show(out)}: it is not a folder")
        self.out, self.game_id = out, game_id
        self.files: list[str] = []
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OutputError(f"cannot write {_show(out.parent)}: {_why(exc)}") from None
        clean_leftovers(out)
        if out.is_dir():
            stray = _foreign(out, game_id)
            if stray is not None:
                raise OutputRefused(f"cannot replace {_show(out)}: it holds {stray}, which no pnp build wrote; "
                                  "build into a new or empty folder, or move that file away")
        self.staging = out.parent / f".{out.name}{_TAG}staging-{os.getpid()}-{secrets.token_hex(4)}"
        try:
            self.staging.mkdir()
        except OSError as exc:
            raise OutputError(f"cannot write {_show(out)}: {_why(exc)}") from None
        self._real_staging = self.staging.resolve()

    def add(self, name: str, data: bytes) -> None:
        path = _inside(self.staging, name, self._real_staging)
        shown = self.out / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with _open_new(path) as fh:
                fh.write(data)
            os.chmod(path, 0o644)
        except FileExistsError:
            raise OutputError(f"cannot write {_show(shown)}: the build makes two files of this name") from None
        except OSError as exc:
            raise OutputError(f"cannot write {_show(shown)}: {_why(exc)}; the kit in {_show(self.out)} "
                              "is unchanged") from None
        self.files.append(Path(name).as_posix())

    def commit(self) -> list[Path]:
        # The manifest lists the old kit's files and the new ones until the swap is done, so that a
        # kill -9 at any moment leaves a folder whose every file is listed (not "someone else's").
        before = _manifest(self.out) or set()
        try:
            _write_manifest(self.out, before | set(self.files))
            os.chmod(self.staging, 0o755)
        except OSError as exc:
            raise OutputError(f"cannot write {_show(manifest_path(self.out))}: {_why(exc)}; the kit in "
                              f"{_show(self.out)} is unchanged") from None
        old = self.out.parent / f".{self.out.name}{_TAG}old-{os.getpid()}-{secrets.token_hex(4)}"
        with _no_interrupt():
            try:
                if not self.out.exists():
                    os.rename(self.staging, self.out)
                elif _exchange(self.staging, self.out):
                    os.rename(self.staging, old)      # the staging name now holds the old kit
                else:
                    os.rename(self.out, old)
                    os.rename(self.staging, self.out)
            except OSError as exc:
                raise OutputError(f"cannot write {_show(self.out)}: {_why(exc)}; the kit there is unchanged") \
                    from None
        _remove(old)
        with contextlib.suppress(OSError):          # only the new files now; a stale longer list is harmless
            _write_manifest(self.out, set(self.files))
        return [self.out / n for n in self.files]

    def discard(self) -> None:
        _remove(self.staging)

    def write(self, artifacts: Iterable[Artifact]) -> list[tuple[str, int | None, int]]:
        """Every artifact added as it is made, then the kit swapped in whole (or, on any failure,
        the staging folder removed); each file's name, pages and size, for the summary."""
        written: list[tuple[str, int | None, int]] = []
        try:
            for art in artifacts:
                self.add(art.name, art.data)
                written.append((art.name, art.pages, len(art.data)))
            self.commit()
        finally:
            self.discard()
        return written

    def __enter__(self) -> KitWriter:
        return self

    def __exit__(self, kind: Any, *_: Any) -> None:
        if kind is None:
            try:
                self.commit()
            finally:
                self.discard()
        else:
            self.discard()


def write_all(out_dir: str | Path, artifacts: list[Artifact], game_id: str | None = None,
              progress: Callable[[str], None] = lambda _: None) -> list[Path]:
    """Replace the kit in `out_dir` with `artifacts`, whole or not at all."""
    writer = KitWriter(out_dir, game_id)
    writer.write(artifacts)
    return [writer.out / name for name in writer.files]
