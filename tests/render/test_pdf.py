"""Every PDF embeds subset TrueType fonts, carries the Japanese words, and is reproducible."""

import re

import pytest

from tests.conftest import build, open_pdf, read_pdf


def fonts_of(data):
    found = {}
    for page in read_pdf(data).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            desc = font.get("/FontDescriptor")
            found[str(font["/BaseFont"])] = desc.get_object() if desc else None
    return found


@pytest.mark.slow
def test_every_font_is_embedded_and_subset(kit):
    for name, art in kit.items():
        if not name.endswith(".pdf"):
            continue
        fonts = fonts_of(art.data)
        assert fonts, name
        for base, desc in fonts.items():
            assert re.fullmatch(r"/[A-Z]{6}\+[\w-]+", base), (name, base)
            assert desc is not None and "/FontFile2" in desc, (name, base)


def test_japanese_words_are_printed_with_the_japanese_font(kit):
    text = "".join(page.get_text() for name, art in kit.items() if name.endswith(".pdf")
                   for page in open_pdf(art.data))
    for word in ("大名", "武士", "伝書", "田んぼ"):
        assert word in text
    cards_fonts = fonts_of(kit["daimyni-cards-a4.pdf"].data)
    assert any("IPAexGothic" in f for f in cards_fonts)


def test_cards_pdf_stays_small(kit):
    assert len(kit["daimyni-cards-a4.pdf"].data) < 150 * 1024


@pytest.mark.slow
def test_two_builds_are_byte_identical(kit):
    again = build()
    assert again.keys() == kit.keys()
    for name in kit:
        assert again[name].data == kit[name].data, name


def test_italian_kit_prints_italian_text():
    kit = build(lang="it", only=("cards",))
    text = open_pdf(kit["daimyni-cards-a4-it.pdf"].data)[0].get_text()
    assert "Sposta Bushi" in text and "Move Bushi" not in text


def test_no_glyph_is_missing(kit):
    """Every character drawn exists in the font it is set in (no tofu boxes)."""
    from pnp import fonts
    for name, art in kit.items():
        if not name.endswith(".pdf"):
            continue
        for page in open_pdf(art.data):
            for block in page.get_text("rawdict")["blocks"]:
                for line in block.get("lines", []):
                    for span in line["spans"]:
                        ours = next(k for k, v in fonts.PDF_NAMES.items() if span["font"].endswith(v))
                        for ch in span["chars"]:
                            assert fonts.covers(ours, ch["c"]), (name, span["font"], ch["c"])
