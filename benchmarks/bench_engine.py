"""Rules-engine speed: complete random Daimyni games per second on one core, and the wall time of
`pnp check daimyni`.

    python benchmarks/bench_engine.py [--games 2000] [--runs 7]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time

from pnp.engine import playout
from pnp.games.daimyni.rules import DaimyniState, Rules, _builtin

ROUND_CAP = 100


def games_per_second(n: int) -> tuple[float, float, int]:
    rules = Rules(_builtin())
    start = time.perf_counter()
    rounds = decided = 0
    for seed in range(n):
        state = DaimyniState(rules, round_cap=ROUND_CAP)
        playout(state, random.Random(seed))
        rounds += state.round
        decided += state.winner is not None
    return n / (time.perf_counter() - start), rounds / n, decided


def daimyo_games_per_second(n: int, players: int, advanced: bool) -> tuple[float, float]:
    from dataclasses import replace

    from pnp.games.daimyo.rules import DaimyoState, Options, Rules
    from pnp.model import load_game
    from pnp.paths import cards_dir

    game = load_game(cards_dir() / "daimyo")
    adv = dict(balanced=True, fortifications=True, inaccessible=True, formation=True, special=True, mastery=True,
               teams=players == 4) if advanced else {}
    base = Options(players=players, round_cap=ROUND_CAP, **adv)
    start = time.perf_counter()
    rounds = 0
    for seed in range(n):
        state = DaimyoState(Rules(game, replace(base, seed=seed)))
        playout(state, random.Random(seed))
        rounds += state.round
    return n / (time.perf_counter() - start), rounds / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    rates = []
    for _ in range(3):
        rate, mean_rounds, decided = games_per_second(args.games)
        rates.append(rate)
    print(f"random games: median {statistics.median(rates):.0f} games/s over 3 x {args.games} games "
          f"(mean {mean_rounds:.1f} rounds, {decided / args.games:.0%} end with a Daimyo removed, cap {ROUND_CAP})")
    for players in (2, 3, 4):
        for advanced in (False, True):
            rates = [daimyo_games_per_second(args.games // 10, players, advanced) for _ in range(3)]
            rate = statistics.median(r for r, _ in rates)
            print(f"daimyo, {players} players, {'advanced' if advanced else 'basic   '}: median {rate:.0f} games/s "
                  f"(mean {rates[0][1]:.1f} rounds)")
    cmd = [sys.executable, "-m", "pnp.cli", "check", "daimyni"]
    subprocess.run(cmd, check=True, capture_output=True)
    times = []
    for _ in range(args.runs):
        t = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - t)
    floor = []
    for _ in range(args.runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import pnp.cli"], check=True, capture_output=True)
        floor.append(time.perf_counter() - t)
    print(f"pnp check daimyni: median {statistics.median(times):.3f} s over {args.runs} runs "
          f"({statistics.median(times) / statistics.median(floor):.1f}x the import floor "
          f"{statistics.median(floor):.3f} s)")


if __name__ == "__main__":
    main()
