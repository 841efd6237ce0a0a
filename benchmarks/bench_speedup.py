"""Random Daimyni games per second: today's engine against the engine of a reference commit (75dda49,
before the fast random playout), side by side in one run, then the rate of two processes at once and
what that makes a million games on 16 cores (an estimate scaled from the measured cores, stated as such).

    python benchmarks/bench_speedup.py [--games 300] [--runs 5] [--ref 75dda49]

The reference is checked out with `git worktree` into a temporary folder (removed at the end); each
measurement is a fresh interpreter that plays the same seeds with the same code,
`playout(DaimyniState(rules, round_cap=100), random.Random(seed))`, and the two engines alternate
run by run so that a busy machine slows both alike.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PLAY = r"""
import json, random, sys, time
import pnp
from pnp.engine import playout
from pnp.games.daimyni.rules import DaimyniState, Rules, _builtin
first, games = int(sys.argv[1]), int(sys.argv[2])
rules = Rules(_builtin())
playout(DaimyniState(rules, round_cap=100), random.Random(10**6))        # warm up
start = time.perf_counter()
rounds = decided = 0
for seed in range(first, first + games):
    state = DaimyniState(rules, round_cap=100)
    playout(state, random.Random(seed))
    rounds += state.round
    decided += state.winner is not None
took = time.perf_counter() - start
print(json.dumps({"rate": games / took, "rounds": rounds / games, "decided": decided / games,
                  "where": pnp.__file__}))
"""


def measure(code_root: Path, games: int, first: int = 0) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(code_root))
    out = subprocess.run([sys.executable, "-c", PLAY, str(first), str(games)], capture_output=True, text=True,
                         env=env, cwd=code_root, check=True)
    result: dict[str, float] = json.loads(out.stdout)
    return result


def parallel(code_root: Path, games: int, procs: int) -> float:
    """Games per second of `procs` processes playing `games` each at the same time (wall clock)."""
    env = dict(os.environ, PYTHONPATH=str(code_root))
    start = time.perf_counter()
    running = [subprocess.Popen([sys.executable, "-c", PLAY, str(i * games), str(games)], stdout=subprocess.PIPE,
                                text=True, env=env, cwd=code_root) for i in range(procs)]
    for p in running:
        p.communicate()
        if p.returncode:
            raise SystemExit(f"a benchmark process failed ({p.returncode})")
    # the wall clock includes each interpreter's start and warm-up: a slight underestimate of the rate
    return procs * games / (time.perf_counter() - start)


def _rates(runs: list[dict[str, float]]) -> str:
    return ", ".join(f"{r['rate']:.0f}" for r in runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--ref", default="75dda49")
    ap.add_argument("--cores", type=int, default=2, help="processes for the parallel measurement")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="pnp-ref-") as tmp:
        ref = Path(tmp) / "ref"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(ref), args.ref],
                       check=True)
        try:
            old, new = [], []
            for _ in range(args.runs):
                old.append(measure(ref, args.games))
                new.append(measure(ROOT, args.games))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(ref)], check=False)
    assert all(r["where"].startswith(str(ref)) for r in old), "the reference run imported the wrong pnp"
    rate_old = statistics.median(r["rate"] for r in old)
    rate_new = statistics.median(r["rate"] for r in new)
    print(f"random Daimyni games, one core, {args.runs} alternating runs of {args.games} games "
          f"(seeds 0-{args.games - 1}, round cap 100):")
    print(f"  {args.ref} engine: median {rate_old:.0f} games/s "
          f"(runs {_rates(old)}; mean {old[0]['rounds']:.1f} rounds, "
          f"{old[0]['decided']:.0%} decided)")
    print(f"  today's engine: median {rate_new:.0f} games/s "
          f"(runs {_rates(new)}; mean {new[0]['rounds']:.1f} rounds, "
          f"{new[0]['decided']:.0%} decided)")
    print(f"  speed-up: {rate_new / rate_old:.2f}x (median over median)")
    games = args.games * 4
    rate_par = parallel(ROOT, games, args.cores)
    per_core = rate_par / args.cores
    scaled = per_core * 16
    print(f"{args.cores} processes at once, {games} games each: {rate_par:.0f} games/s ({per_core:.0f} per core)")
    print(f"estimate, scaled from {args.cores} measured cores to 16 (assumes the same per-core rate, not measured): "
          f"{scaled:.0f} games/s, 1,000,000 games in {1e6 / scaled / 60:.1f} minutes")


if __name__ == "__main__":
    main()
