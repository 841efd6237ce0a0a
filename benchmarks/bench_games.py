"""Bot games per second for every built-in game, at each player count, with each of the game's
own policies: the same `GameModule.play` that `pnp play` and `pnp simulate` use, one core.

    python benchmarks/bench_games.py [--games 100] [--runs 3] [--game samurai-vassal ...]

Medians of the runs are printed; the machine's noise is the spread between runs.
"""

from __future__ import annotations

import argparse
import statistics
import time

from pnp.catalog import builtin_games
from pnp.games.registry import modules
from pnp.model import load_game


def rate(module, game, players: int, policy: str, games: int, options: tuple[str, ...] = ()) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    for seed in range(games):
        module.play(game, module.settings(game, players, options, seed), policy)
    return games / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--game", nargs="*", default=None, help="only these games (default: every built-in one)")
    args = ap.parse_args()
    installed = modules()
    print(f"{'game':<18} {'players':>7} {'policy':<10} {'games/s':>8}  runs")
    for entry in builtin_games():
        if args.game and entry.id not in args.game or entry.rules not in installed:
            continue
        module, game = installed[entry.rules], load_game(entry.folder)
        for players in range(game.meta.players.min, game.meta.players.max + 1):
            for policy in module.policies():
                runs = [rate(module, game, players, policy, args.games) for _ in range(args.runs)]
                shown = " ".join(f"{r:.0f}" for r in runs)
                print(f"{entry.id:<18} {players:>7} {policy:<10} {statistics.median(runs):>8.0f}  {shown}",
                      flush=True)


if __name__ == "__main__":
    main()
