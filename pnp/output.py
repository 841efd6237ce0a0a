"""Writing build products safely: everything is made in memory first, then each file is written
to a temporary name and renamed, so a failed build never leaves a half-written or clobbered file."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Artifact:
    name: str          # path relative to the output folder
    data: bytes
    pages: int | None = None
    kind: str = ""


def write_all(out_dir: Path, artifacts: list[Artifact]) -> list[Path]:
    written = []
    for art in artifacts:
        target = out_dir / art.name
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(art.data)
            os.chmod(tmp, 0o644)
            os.replace(tmp, target)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        written.append(target)
    return written
