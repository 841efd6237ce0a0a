"""Random games per CPU second of one game's rules engine: this tree against a reference checkout,
interleaved run by run (A B A B ...), medians of the runs.

    python benchmarks/bench_random_games.py dojima --ref /path/to/old/checkout [--games 400] [--runs 7]

Each run is a fresh interpreter (`PYTHONPATH` set to the tree) that plays games 0..N-1 of
`Spec(GAME, players, (), "random", seed=1)` with `pnp.simulate.run.play_game`, which is what
`pnp simulate GAME --policy random --workers 1` does per game (players: the game's smallest, as
the command's default). Time is CPU time (time.process_time) of the games alone, after one game
that pays for imports: on a shared machine wall time measures the neighbours.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PLAY = r"""
import json, sys, time
from pnp.catalog import find_game
from pnp.model import load_game
from pnp.simulate.run import Spec, play_game
game_id, games, players = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
if not players:
    players = load_game(find_game(game_id)).meta.players.min
spec = Spec(game_id, players, (), "random", seed=1)
play_game(spec, 10**6)          # imports, the game's definitions, caches
start = time.process_time()
decisions = 0
for index in range(games):
    decisions += play_game(spec, index).decisions
cpu = time.process_time() - start
print(json.dumps({"games_per_s": games / cpu, "decisions_per_s": decisions / cpu, "players": players}))
"""


def measure(tree: Path, game: str, games: int, players: int) -> dict[str, float]:
    env = {"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "PNP_RULINGS_MD": "/work/shared/RULINGS.md"}
    out = subprocess.run([sys.executable, "-c", PLAY, game, str(games), str(players)], env=env, cwd=tree,
                         check=True, capture_output=True, text=True).stdout
    result: dict[str, float] = json.loads(out)
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--ref", type=Path, required=True, help="a checkout of the reference commit")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--players", type=int, default=0, help="default: the game's smallest count")
    args = ap.parse_args()
    old: list[float] = []
    new: list[float] = []
    for run in range(args.runs):
        a = measure(args.ref, args.game, args.games, args.players)
        b = measure(ROOT, args.game, args.games, args.players)
        old.append(a["games_per_s"])
        new.append(b["games_per_s"])
        print(f"run {run + 1}: reference {a['games_per_s']:.0f} games/s, this tree {b['games_per_s']:.0f} games/s "
              f"({b['decisions_per_s']:.0f} decisions/s)", flush=True)
    mo, mn = statistics.median(old), statistics.median(new)
    print(f"{args.game}, {int(b['players'])} players, {args.games} random games per run, {args.runs} runs: "
          f"reference {mo:.0f} games/s, this tree {mn:.0f} games/s: {mn / mo:.2f}x")


if __name__ == "__main__":
    main()
