"""The Daimyni booklet read back from its PDF: the second sample game is seen from where it starts."""

import pytest

from pnp.model import load_game
from pnp.paths import cards_dir
from pnp.reference.booklet import build_booklet
from pnp.reference.flow import A5
from pnp.render.pdf import Page, render_pdf
from tests.conftest import open_pdf

CELL_LABEL = set(f"{c}{r}" for c in "abcdefg" for r in range(1, 7))


def units_by_cell(page, top: float, bottom: float) -> dict[str, list[str]]:
    """The unit marks (Bushi counts, D for a Daimyo) drawn between `top` and `bottom`, by the cell whose
    label is printed just above them."""
    spans = [s for b in page.get_text("dict")["blocks"] for ln in b.get("lines", []) for s in ln["spans"]
             if top < s["bbox"][1] < bottom]
    labels = [s for s in spans if s["text"].strip() in CELL_LABEL]
    out: dict[str, list[str]] = {}
    for s in spans:
        mark = s["text"].strip()
        if mark != "D" and not mark.isdigit():
            continue
        cx = (s["bbox"][0] + s["bbox"][2]) / 2
        cell = min((lb for lb in labels if 3 < s["bbox"][1] - lb["bbox"][1] < 18),
                   key=lambda lb: abs((lb["bbox"][0] + lb["bbox"][2]) / 2 - cx))
        out.setdefault(cell["text"].strip(), []).append(mark)
    return {c: sorted(v) for c, v in out.items()}


@pytest.mark.parametrize(("lang", "heading", "caption", "round_1"), [
    ("en", "A second game", "The position this game starts from", "Round 1"),
    ("it", "Una seconda partita", "La posizione da cui parte la partita", "Turno 1"),
])
def test_the_second_sample_is_drawn_at_its_stated_start_before_its_first_round(lang, heading, caption, round_1):
    """samples/flood-and-flight.toml starts "from a position in mid-game": b3 red D+1, c4 red 2,
    e4 blue D+1, d5 blue 2. That position is drawn after the game's heading and before its round 1."""
    data = render_pdf([Page(A5[0], A5[1], p) for p in build_booklet(load_game(cards_dir() / "daimyni"), lang)], "t")
    pages = list(open_pdf(data))
    at = next(i for i, p in enumerate(pages) if heading in p.get_text())
    page = next(p for p in pages[at:at + 2] if caption in p.get_text())
    text = page.get_text()
    cap = page.search_for(caption)[0]
    starts = [s["bbox"][1] for b in page.get_text("dict")["blocks"] for ln in b.get("lines", [])
              for s in ln["spans"] if s["text"].strip() == round_1]      # the round's heading, a line of its own
    assert all(y > cap.y1 for y in starts), "round 1 comes before the start"
    above = [r.y0 for r in page.search_for(heading)] if heading in text else [0.0]
    # the caption is set beside the diagram, with the game's description: the diagram ends where round 1 starts
    assert units_by_cell(page, max(above), min(starts, default=page.rect.y1)) == {
        "b3": ["1", "D"], "c4": ["2"], "e4": ["1", "D"], "d5": ["2"]}
