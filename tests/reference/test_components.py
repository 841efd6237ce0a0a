"""Issue 25: the Components picture lets a reader see which card is which. Every card it draws carries
its name, and every back its title, in type a reader can read (the booklet's 6.4 pt floor, 6 pt once
shrunk onto Letter), not the bar that stands in for text drawn too small. Read back from the PDF."""

from __future__ import annotations

import pytest

from pnp.catalog import find_game
from pnp.draw.card import INK
from pnp.model.game import load_game
from pnp.reference.components import card_rows
from pnp.reference.flow import A5, LEAST_PT, Frame
from tests.conftest import open_pdf
from tests.reference.booklet_text import BOOKLETS, pdf

pytestmark = pytest.mark.slow

HEADING = {"en": "Components", "it": "Componenti"}
COLUMN = A5[0] - Frame().inner - Frame().outer


def spans(gid: str, lang: str) -> list[tuple[str, float, int]]:
    """(text, size, colour) of every span on the pages of the Components section: from its heading to
    the next section's (a 15 pt heading)."""
    doc = open_pdf(pdf(gid, lang))
    out: list[tuple[str, float, int]] = []
    inside = False
    for page in doc:
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", ()):
                for s in line["spans"]:
                    big = round(s["size"], 1) == 15.0
                    if big and s["text"].strip() == HEADING[lang]:
                        inside = True
                    elif big and inside:
                        return out
                    elif inside:
                        out.append((s["text"].strip(), s["size"], s["color"]))
    return out


def pictured() -> list[tuple[str, str]]:
    return [(gid, lang) for gid, lang in BOOKLETS
            if "@components" in (find_game(gid) / "booklet" / f"rules.{lang}.md").read_text(encoding="utf-8")]


@pytest.mark.parametrize(("gid", "lang"), pictured())
def test_every_pictured_card_shows_its_name_legibly(gid, lang):
    game = load_game(find_game(gid))
    rows = card_rows(game, lang, COLUMN, 3.0, LEAST_PT)
    found = spans(gid, lang)
    ink = int(INK.lstrip("#"), 16)
    # the name as the card sets it (dark ink, maybe over two lines), never a caption's grey type
    names = " ".join(text for text, size, colour in found if colour == ink and size >= LEAST_PT - 0.01)
    for cards in rows.kinds.values():
        title = cards[0].type.title[lang]
        assert title in names, f"{gid}/{lang}: {title!r} is not legible on its card ({names!r})"
    backs = {text for text, size, _colour in found if size >= LEAST_PT - 0.01}
    for card in rows.backs:
        printed = "title" in game.back_layout_of(card).elements     # a back may print no title
        title = game.back(card).title.get(lang, "") if printed else ""
        assert not title or title in backs, f"{gid}/{lang}: the back's title {title!r} is not legible"


def test_a_deck_of_colour_sets_is_pictured_once_with_its_count():
    """Samurai Vassal's six colour sets of the same six proposals: one proposal face and one back
    stand for all 36, captioned with the count, beside the 28 characters'."""
    found = spans("samurai-vassal", "en")
    captions = " ".join(text for text, size, _colour in found if round(size, 1) == 7.0)
    assert "Proposal: 36 cards, 6 in each colour" in captions
    assert "Character: 28 cards, each one of a kind" in captions
    assert "Proposal back, one of 6 colours" in captions
    names = [text for text, _size, _colour in found]
    assert names.count("Proposal") == 1        # one back for the six colours, not six
