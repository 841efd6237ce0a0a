"""SHA-256 digests of every file of the built-in kits, to prove that a speed-up changes no byte.

    python -m tests.kit_digests          # rewrite tests/data/kit-digests.json from the current code

Run it only when a change of looks is intended (new artwork, a layout fix), and commit the JSON
with that change: tests/test_kit_digests.py compares every build against it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from pnp.build import Options, build_kit
from pnp.catalog import builtin_games
from pnp.model import load_game
from pnp.paths import cards_dir

DIGESTS = Path(__file__).parent / "data" / "kit-digests.json"
# Every built-in kit on A4 with the default options, and Daimyni's second language.
EXTRA_LANGS = {"daimyni": ("it",)}


def kits() -> list[tuple[str, str | None]]:
    return [(g.id, lang) for g in builtin_games() for lang in (None, *EXTRA_LANGS.get(g.id, ()))]


def kit_digests(game_id: str, lang: str | None) -> dict[str, str]:
    game = load_game(cards_dir() / game_id)
    return {a.name: hashlib.sha256(a.data).hexdigest() for a in build_kit(game, Options(lang=lang))}


def key(game_id: str, lang: str | None) -> str:
    return f"{game_id}/{lang or 'default'}"


def main() -> None:
    table = {key(g, lang): kit_digests(g, lang) for g, lang in kits()}
    DIGESTS.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")
    print(f"wrote {DIGESTS} ({sum(map(len, table.values()))} files in {len(table)} kits)")


if __name__ == "__main__":
    main()
