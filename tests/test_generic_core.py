"""No shared module names a game: everything outside a game's own package (pnp/games/<game>/)
must work for any game folder, so game vocabulary in it is a bug (issue 7's "Done when")."""

import re
from pathlib import Path

import pnp
from pnp.paths import cards_dir

PACKAGE = Path(pnp.__file__).parent
# The built-in and proof games, and words only they use (pieces, places, glyphs).
WORDS = r"daimyni|daimyo|high[-_]roll|\bbushi\b|\btanbo\b|samegawa|\bhan\b|r[oō]nin|densho|大名|武士|伝書|藩|鮫皮"
# ... and every built-in game's id, however it is spelt (a game added later is covered without an edit here).
IDS = sorted({form for folder in cards_dir().iterdir() if (folder / "game.toml").is_file()
              for form in (folder.name, folder.name.replace("-", "_"), folder.name.replace("-", " "))})
GAME_WORDS = re.compile("|".join([WORDS, *map(re.escape, IDS), r"d[oô]jima", r"shogun"]), re.IGNORECASE)


def shared_modules() -> list[Path]:
    games = PACKAGE / "games"
    own = {p for p in games.iterdir() if p.is_dir()}
    return sorted(p for p in PACKAGE.rglob("*.py")
                  if not any(d in p.parents for d in own) and "_builtin" not in p.parts)


def test_the_scan_sees_the_shared_code():
    names = {p.relative_to(PACKAGE).as_posix() for p in shared_modules()}
    assert {"cli.py", "build.py", "games/interface.py", "reference/booklet.py", "draw/board.py"} <= names
    assert not any(n.startswith("games/daimyni/") for n in names)


def test_no_shared_module_names_a_game():
    hits = []
    for path in shared_modules():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if GAME_WORDS.search(line):
                hits.append(f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}")
    assert not hits, "game words in shared code:\n" + "\n".join(hits)
