"""The player aid: written once per game and language in booklet/aid.LANG.toml, printed as one whole
page (the booklet's last), every line of it."""

import re

import pytest

from pnp.catalog import find_game
from pnp.model.game import load_game
from pnp.model.load import read_toml
from pnp.reference.booklet import build_booklet
from pnp.reference.flow import A5
from pnp.render.pdf import Page, render_pdf
from tests.conftest import open_pdf

CASES = [("daimyni", "en"), ("daimyni", "it"), ("daimyo", "en")]


@pytest.mark.slow
@pytest.mark.parametrize(("gid", "lang"), CASES)
def test_the_aid_is_one_page_holding_every_section(gid, lang):
    game = load_game(find_game(gid))
    aid = read_toml(game.folder / "booklet" / f"aid.{lang}.toml")
    pages = build_booklet(game, lang)
    doc = open_pdf(render_pdf([Page(A5[0], A5[1], p) for p in pages], "t"))
    last = " ".join(doc[-1].get_text().split())
    assert last.startswith(aid["title"])
    for sec in aid["section"]:
        assert sec["heading"] in last
        for line in sec["lines"]:
            first_words = re.sub(r"\*\*", "", line).split("{{")[0].split()[:2]
            assert " ".join(first_words) in last.replace("**", ""), line
    # nothing of the aid spills onto the page before
    assert aid["title"] not in " ".join(doc[-2].get_text().split())
