"""Seconds per 100 card images: `python -m pnp.export.bench GAME [TARGET] [--runs N]`.

Each run loads the game and makes every file of the export in memory (drawing, PDF, rasterising,
PNG encoding; nothing written to disk); the median run is reported per 100 images. For `tts` the
images counted are the cards laid on the sheets. Speed is measured here, never in tests."""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path


def measure(game_name: str, target: str, runs: int) -> tuple[int, list[float]]:
    from ..catalog import find_game
    from ..model import load_game
    from . import export, settings

    times, count = [], 0
    for _ in range(runs):
        started = time.perf_counter()
        game = load_game(find_game(game_name))
        made = sum(1 for art in export(game, settings(target, None, None), None, Path("/bench"))
                   if art.name.endswith(".png"))
        # A TTS sheet holds many cards: count the card images on the sheets, not the files.
        count = len(game.cards) if target == "tts" else made
        times.append(time.perf_counter() - started)
    return count, times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Seconds per 100 card images of an export.")
    parser.add_argument("game", help="a built-in game or the path of a game folder")
    parser.add_argument("target", nargs="?", default="tgc")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    count, times = measure(args.game, args.target, max(1, args.runs))
    median = statistics.median(times)
    per = median / count * 100 if count else float("nan")
    print(f"{args.game} --target {args.target}: {count} images, median of {len(times)} runs {median:.2f} s, "
          f"{per:.2f} s per 100 images (runs: {', '.join(f'{t:.2f}' for t in times)})")


if __name__ == "__main__":
    main()
