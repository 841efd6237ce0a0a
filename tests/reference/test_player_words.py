"""The player's booklet speaks to players: no tool names, file names or programmer's words (issue 10
defect 9, issue 16). Designer material lives in docs/booklets.md."""

import re

import pytest

from pnp.catalog import find_game
from pnp.model.game import load_game
from pnp.paths import cards_dir
from pnp.reference.booklet import build_booklet
from pnp.reference.flow import A5
from pnp.render.pdf import Page, render_pdf
from tests.conftest import open_pdf

DEVELOPER = re.compile(r"\bpnp\b|\.toml\b|\baxial\b|\bassiali\b|\bengine\b|\bmotore\b|pnp check|"
                       r"checked games|partite verificate|\bq,r\b|this is how|\bnotation\b|\bnotazione\b", re.I)


def booklet_text(gid, lang):
    pages = build_booklet(load_game(find_game(gid)), lang)
    doc = open_pdf(render_pdf([Page(A5[0], A5[1], p) for p in pages], "t"))
    return " ".join(" ".join(p.get_text() for p in doc).split())


def booklets():
    """(game, language) for every built-in game with a booklet in that language."""
    for folder in sorted(cards_dir().iterdir()):
        for path in sorted((folder / "booklet").glob("rules.*.md")):
            yield folder.name, path.name.split(".")[1]


@pytest.mark.slow
@pytest.mark.parametrize(("gid", "lang"), list(booklets()))
def test_no_developer_words_in_the_players_booklet(gid, lang):
    found = sorted({m.group(0) for m in DEVELOPER.finditer(booklet_text(gid, lang))})
    assert not found, found
