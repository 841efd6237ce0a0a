"""Random games per second on one core, in this process: a built-in game's rules engine, or
python-chess's random games (the floor the engines are compared with).

    python benchmarks/engine_rate.py GAME|chess [--seconds 1.5]

Prints one line of JSON: {"games_per_s": ...}. Both pick a uniformly random
legal move at every decision until the game ends (round caps as `pnp simulate` has them).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable


def pnp_game(game_id: str) -> Callable[[int], None]:
    from pnp.catalog import find_game, rules_for
    from pnp.engine.core import playout
    from pnp.model import load_game

    game = load_game(find_game(game_id))
    module = rules_for(game)

    def one(seed: int) -> None:
        state = module.new_state(game, module.settings(game, None, (), seed))
        playout(state, random.Random(seed))

    return one


def chess_game() -> Callable[[int], None]:
    import chess  # type: ignore[import-not-found]

    def one(seed: int) -> None:
        rng, board = random.Random(seed), chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))

    return one


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--seconds", type=float, default=1.5)
    args = ap.parse_args()
    one = chess_game() if args.game == "chess" else pnp_game(args.game)
    one(0)      # the first game pays for lazy imports and caches
    games = 0
    start = time.process_time()
    while time.process_time() - start < args.seconds:
        one(games + 1)
        games += 1
    print(json.dumps({"games_per_s": games / (time.process_time() - start)}))


if __name__ == "__main__":
    main()
