"""`pnp watch`: how long a one-card text change takes to rebuild, from the save to the kit on disk
(definitions reloaded, the card sheets, counters, aid and booklet redrawn, the kit folder rewritten).
The promise (issue 23) is under a second on the project's machine.

    python benchmarks/bench_watch.py            # 5 edits, the median and the slowest
    python benchmarks/bench_watch.py --runs 9

The game is the one `pnp new` writes (40 cards from cards.csv, a board of tracks, counters, a
data-only booklet and an aid), in a temporary folder; each edit changes one row's text.

Measured 2026-12-02 on the project's 2-core machine, shared with other builds (--runs 9): first build
1.5-1.7 s; one card's text 0.65 s median, 0.80 s slowest (1.08 s before the PDF renderer kept one
reader per picture: ReportLab decoded the same art once per card to find it was already in the PDF).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from pnp.build import Options
from pnp.rebuild import Watcher
from pnp.scaffold import create


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "starter"
        create(folder)
        said: list[str] = []
        watcher = Watcher(folder, Options(), Path(tmp) / "out", said.append)
        started = time.perf_counter()
        assert watcher.rebuild(None), said
        print(f"first build: {time.perf_counter() - started:.3f} s ({said[-1]})")
        rows = folder / "cards.csv"
        times = []
        for i in range(args.runs):
            text = rows.read_text(encoding="utf-8")
            old = "Move your marker 2 spaces" if i == 0 else f"Move your marker 2 spaces ({i - 1})"
            rows.write_text(text.replace(old, f"Move your marker 2 spaces ({i})", 1), encoding="utf-8")
            started = time.perf_counter()
            assert watcher.rebuild([rows]), said
            times.append(time.perf_counter() - started)
        print(said[-1])
        print(f"one-card text change, {args.runs} runs: median {statistics.median(times):.3f} s, "
              f"slowest {max(times):.3f} s")


if __name__ == "__main__":
    main()
