"""Whole-process build timings: medians over repeated runs, and ratios to the import floor.

    python benchmarks/bench_build.py [--runs 15]

Speed is measured here, never in tests: machines are noisy, so only medians and ratios are quoted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(cmd: list[str], runs: int, cwd: str) -> list[float]:
    subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)  # warm the OS caches
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    py = sys.executable
    pnp = [py, "-m", "pnp.cli"]
    with tempfile.TemporaryDirectory() as tmp:
        cases = {
            "floor: python -c 'import pnp.cli'": [py, "-c", "import pnp.cli"],
            "libraries: import pnp.build": [py, "-c", "import pnp.build"],
            "pnp build daimyni (whole kit)": pnp + ["build", "daimyni", "--out", tmp, "-q"],
            "  without the booklet (issue 2's kit)": pnp + ["build", "daimyni", "--only", "cards,board,pieces",
                                                          "--out", tmp, "-q"],
            "pnp build daimyni --only cards": pnp + ["build", "daimyni", "--only", "cards", "--out", tmp, "-q"],
        }
        medians = {}
        print(f"{'command':<40} {'median':>8} {'min':>8} {'max':>8}   x floor  x libraries")
        for name, cmd in cases.items():
            times = timed(cmd, args.runs, tmp)
            medians[name] = statistics.median(times)
            floor = next(iter(medians.values()))
            libs = medians.get("libraries: import pnp.build", medians[name])
            print(f"{name:<40} {medians[name]:8.3f} {min(times):8.3f} {max(times):8.3f}"
                  f"   {medians[name] / floor:5.2f}x   {medians[name] / libs:5.2f}x")
        cards_pdf = Path(tmp) / "daimyni-cards-a4.pdf"
        print(f"\ncards PDF size: {os.path.getsize(cards_pdf) / 1024:.0f} KB "
          f"({args.runs} runs each, {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
