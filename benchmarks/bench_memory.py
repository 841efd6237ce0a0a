"""Peak memory of `pnp build` as a deck grows: the built-in Daimyni deck with every card copied
N times, built in a fresh process; the peak resident size (ru_maxrss) is reported per size.

    python benchmarks/bench_memory.py [--copies 1 100 1000]

A kit is written a file at a time (pnp.build.iter_kit), card sheets a sheet at a time, so memory
should grow far slower than the deck. Measured here, never in tests.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pnp.paths import cards_dir


def deck(folder: Path, copies: int) -> int:
    src = cards_dir() / "daimyni"
    shutil.copy(src / "game.toml", folder / "game.toml")
    text = (src / "cards.toml").read_text(encoding="utf-8")
    text, n = re.subn(r"(?m)^number = (\d+)$", rf"number = \1\ncount = {copies}", text)
    (folder / "cards.toml").write_text(text, encoding="utf-8")
    return n * copies


def peak_mb(folder: Path, out: Path) -> tuple[float, float]:
    code = ("import resource, sys\nfrom pnp.cli import main\nsys.argv = ['pnp', 'build', sys.argv[1], '--out', "
            "sys.argv[2], '-q']\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)")
    start = time.perf_counter()
    res = subprocess.run([sys.executable, "-c", code, str(folder), str(out)], capture_output=True, text=True,
                         check=True)
    return int(res.stderr.strip().splitlines()[-1]) / 1024, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--copies", type=int, nargs="+", default=[1, 100, 1000])
    args = ap.parse_args()
    print(f"{'cards':>7} {'peak MB':>8} {'seconds':>8}")
    for copies in args.copies:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp) / "deck"
            folder.mkdir()
            cards = deck(folder, copies)
            mb, secs = peak_mb(folder, Path(tmp) / "kit")
            print(f"{cards:>7} {mb:>8.0f} {secs:>8.1f}")


if __name__ == "__main__":
    main()
