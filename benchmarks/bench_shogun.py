"""Shogun Solitaire engine speed: complete seeded games per second for each policy on one core
(`heuristic`, the default, and `random`), with the mean number of turns and the rank shares.

    python benchmarks/bench_shogun.py [--games 1000] [--runs 3]

Speed is measured here, never in tests: machines are noisy, so the median of the runs is quoted.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from pnp.games.interface import Settings
from pnp.games.shogun_solitaire.module import ShogunSolitaire
from pnp.model import load_game
from pnp.paths import cards_dir


def one_run(policy: str, n: int) -> tuple[float, float, Counter[str]]:
    module = ShogunSolitaire()
    game = load_game(cards_dir() / "shogun-solitaire")
    ranks: Counter[str] = Counter()
    turns = 0
    start = time.perf_counter()
    for seed in range(1, n + 1):
        state = module.play(game, Settings(1, frozenset(), seed), policy)
        turns += len(state.turns)
        ranks[module.outcome(state) or "?"] += 1
    return n / (time.perf_counter() - start), turns / n, ranks


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    print(f"{'policy':<10} {'games/s':>9} {'min':>9} {'max':>9} {'turns':>6}   ranks over {args.games} games")
    for policy in ShogunSolitaire().policies():
        runs = [one_run(policy, args.games) for _ in range(args.runs)]
        rates = [r[0] for r in runs]
        _, turns, ranks = runs[0]
        shares = ", ".join(f"{name} {100 * k / args.games:.1f} %" for name, k in ranks.most_common())
        print(f"{policy:<10} {statistics.median(rates):9.0f} {min(rates):9.0f} {max(rates):9.0f} {turns:6.1f}   "
              f"{shares}")


if __name__ == "__main__":
    main()
