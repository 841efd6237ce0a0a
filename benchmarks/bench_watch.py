"""`pnp watch`: how long a one-card text change takes to rebuild, from the save to the kit on disk
(definitions reloaded, the card sheets, aid and booklet redrawn, the kit folder rewritten). The
promise (issue 23) is under a second on the project's machine for a 40-card game with a booklet.

    python benchmarks/bench_watch.py            # 5 edits, the median and the slowest
    python benchmarks/bench_watch.py --runs 9

The game is the two-decks fixture grown to 40 cards (38 proposals, 2 characters), with a data-only
booklet (@cover, @components, @cards, @aid) and an aid, in a temporary folder.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from pnp.build import Options
from pnp.rebuild import Watcher

FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "two-decks"
RULES = "@cover\n\n# Components\n\n@components\n\n# The cards\n\n@cards\n\nPlay **one card** a turn.\n\n@aid\n"
AID = 'title = "Turn"\n[[section]]\nheading = "Each turn"\nlines = ["**Play** a card."]\n'


def make_game(root: Path) -> Path:
    folder = root / "forty"
    shutil.copytree(FIXTURE, folder)
    cards = folder / "cards.toml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("count = 2", "count = 38"), encoding="utf-8")
    (folder / "booklet").mkdir()
    for lang in ("en", "it"):
        (folder / "booklet" / f"rules.{lang}.md").write_text(RULES, encoding="utf-8")
        (folder / "booklet" / f"aid.{lang}.toml").write_text(AID, encoding="utf-8")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = make_game(Path(tmp))
        watcher = Watcher(folder, Options(), Path(tmp) / "out", lambda _m: None)
        assert watcher.rebuild(None)
        assert watcher.kit is not None
        cards = folder / "cards.toml"
        print(f"{len(watcher.kit.game.cards)} cards")
        times = []
        for i in range(args.runs):
            text = cards.read_text(encoding="utf-8")
            old = "Keep in front of you." if i == 0 else f"Keep in front of you ({i - 1})."
            cards.write_text(text.replace(old, f"Keep in front of you ({i}).", 1), encoding="utf-8")
            started = time.perf_counter()
            assert watcher.rebuild([cards])
            times.append(time.perf_counter() - started)
        print(f"one-card text change, {args.runs} runs: median {statistics.median(times):.3f} s, "
              f"slowest {max(times):.3f} s")


if __name__ == "__main__":
    main()
