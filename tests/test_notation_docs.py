"""docs/notation.md's example games replay: every ```toml block under a game's heading that starts with
`game = "..."` is written to a file and checked with `pnp check GAME FILE`, so the documentation cannot
drift from the engines."""

import re
from pathlib import Path

import pytest

from tests.conftest import run_pnp

DOC = Path(__file__).resolve().parents[1] / "docs" / "notation.md"

# Each game's top-level heading in docs/notation.md and the game it documents.
HEADINGS = {
    "Daimyni notation": "daimyni",
    "Daimyo notation": "daimyo",
    "Samurai Vassal notation": "samurai-vassal",
    "Shogun Solitaire notation": "shogun-solitaire",
    "Dôjima notation": "dojima",
}

# Blocks that show the syntax without being a game the engine can replay, by (game, number within
# the game's section, from 1). strict: once such a block replays, the entry must go. (A reference
# block that lists every key starts with `# game = ...` instead and is not replayed at all.)
SCHEMATIC: dict[tuple[str, int], str] = {}

GAME_LINE = re.compile(r'game = "([^"]+)"')


def sections() -> dict[str, list[str]]:
    """The ```toml blocks under each top-level heading, by heading (headings inside blocks ignored)."""
    out: dict[str, list[str]] = {}
    heading = None
    block: list[str] | None = None
    fence = ""
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if block is None and line.startswith("```"):
            fence, block = line[3:].strip(), []
        elif block is not None and line.startswith("```"):
            if fence == "toml" and heading is not None:
                out.setdefault(heading, []).append("\n".join(block) + "\n")
            block = None
        elif block is not None:
            block.append(line)
        elif line.startswith("# "):
            heading = line[2:].strip()
            out.setdefault(heading, [])
    return out


def games() -> list[tuple[str, int, str]]:
    """(game, number in its section, text) of every block that starts with `game = "..."`."""
    found = []
    for heading, blocks in sections().items():
        game = HEADINGS.get(heading)
        if game is None:
            continue
        n = 0
        for text in blocks:
            m = GAME_LINE.match(text.lstrip())
            if m:
                n += 1
                found.append((game, n, text))
    return found


def test_every_game_has_a_section_with_a_replayable_file():
    heads = sections()
    assert set(HEADINGS) <= set(heads), set(HEADINGS) - set(heads)
    counted: dict[str, int] = {}
    for game, _, _ in games():
        counted[game] = counted.get(game, 0) + 1
    assert set(counted) == set(HEADINGS.values()), set(HEADINGS.values()) - set(counted)


def test_every_block_names_the_game_of_its_section():
    for game, n, text in games():
        assert GAME_LINE.match(text.lstrip())[1] == game, f"{game} block {n}"


def _params():
    out = []
    for game, n, text in games():
        marks = []
        if (game, n) in SCHEMATIC:
            marks.append(pytest.mark.xfail(reason=SCHEMATIC[(game, n)], strict=True))
        out.append(pytest.param(game, text, id=f"{game}-{n}", marks=marks))
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("game", "text"), _params())
def test_documented_game_replays(game, text, tmp_path):
    path = tmp_path / f"{game}.toml"
    path.write_text(text, encoding="utf-8")
    res = run_pnp("check", game, path)
    assert res.returncode == 0, res.stdout + res.stderr
