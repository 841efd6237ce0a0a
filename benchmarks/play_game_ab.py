"""Random games per CPU second of one game's engine in two source trees, as `pnp simulate GAME --policy
random` plays them (`pnp.simulate.run.play_game`, one worker), the trees alternating run by run.

    python benchmarks/play_game_ab.py GAME --old /path/to/other/tree [--games 200] [--runs 5]
        [--players N] [--option NAME ...]

Each run is a fresh interpreter with PYTHONPATH set to its tree (the `pnp` it imports is checked); it
plays one warm-up game, then games 0 .. games-1 of `Spec(GAME, players, options, "random", seed=1)`,
timed with `time.process_time()`: CPU time, because the machine is shared. The medians of the runs and
their ratio are printed, with a digest of each tree's records so a changed game shows.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PLAY = r"""
import hashlib, json, sys, time
import pnp
from pnp.simulate.run import Spec, play_game, load
game, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
options = tuple(sys.argv[4:])
if players == 0:
    _, module, settings = load(Spec(game, None, options, "random"))
    players = settings.players
spec = Spec(game, players, options, "random", seed=1)
play_game(spec, games + 1000)       # the first game pays for lazy imports and caches
digest = hashlib.sha256()
start = time.process_time()
records = [play_game(spec, i) for i in range(games)]
took = time.process_time() - start
decisions = 0
for r in records:
    decisions += r.decisions
    digest.update(repr((r.returns, r.outcome, r.rounds, r.decisions, r.plays)).encode())
print(json.dumps({"rate": games / took, "decisions": decisions / took, "digest": digest.hexdigest()[:16],
                  "where": pnp.__file__}))
"""


def measure(tree: Path, game: str, players: int, games: int, options: list[str]) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", PLAY, game, str(players), str(games), *options],
                         capture_output=True, text=True, env=env, cwd=tree, check=True)
    result: dict[str, object] = json.loads(out.stdout)
    if not str(result["where"]).startswith(str(tree)):
        raise SystemExit(f"the run for {tree} imported pnp from {result['where']}")
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--old", type=Path, required=True, help="the other source tree (a checkout)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--players", type=int, default=0, help="0: the game's default")
    ap.add_argument("--option", action="append", default=[])
    args = ap.parse_args()
    old: list[dict[str, object]] = []
    new: list[dict[str, object]] = []
    for _ in range(args.runs):
        old.append(measure(args.old.resolve(), args.game, args.players, args.games, args.option))
        new.append(measure(ROOT, args.game, args.players, args.games, args.option))
        print(f"  old {float(old[-1]['rate']):7.1f}  new {float(new[-1]['rate']):7.1f} games/s", flush=True)
    rate_old = statistics.median(float(r["rate"]) for r in old)
    rate_new = statistics.median(float(r["rate"]) for r in new)
    dec_old = statistics.median(float(r["decisions"]) for r in old)
    dec_new = statistics.median(float(r["decisions"]) for r in new)
    print(f"{args.game}, random policy, {args.games} games a run, {args.runs} alternating runs, CPU time:")
    print(f"  old {args.old}: {rate_old:.1f} games/s ({dec_old:.0f} decisions/s), records {old[0]['digest']}")
    print(f"  new {ROOT}: {rate_new:.1f} games/s ({dec_new:.0f} decisions/s), records {new[0]['digest']}")
    print(f"  speed-up {rate_new / rate_old:.2f}x (median over median)"
          + ("" if old[0]["digest"] == new[0]["digest"] else "  -- THE GAMES DIFFER"))


if __name__ == "__main__":
    main()
