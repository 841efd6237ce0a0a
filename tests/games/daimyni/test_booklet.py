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
    ("en", "A second game", "The position this game starts from", "Round 6"),
    ("it", "Una seconda partita", "La posizione da cui parte la partita", "Turno 6"),
])
def test_the_second_sample_is_drawn_at_its_stated_start_before_its_first_round(lang, heading, caption, round_1):
    """samples/flood-and-flight.toml starts "from a position in mid-game": b3 red D+1, c4 red 2,
    e4 blue D+1, d5 blue 2, in round 6 with seven cards in each hand and two in each Reserve. That
    position is drawn after the game's heading and before its first round, which is numbered as in a
    game (review R2-daimyni: a "Round 1" in mid-game with no take-back read as a missing step)."""
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
    # its first round takes back the Reserve the position states (samples/flood-and-flight.toml)
    assert ("Red plays 16 + 17 and takes back 4 + 14" if lang == "en"
            else "Il Rosso gioca le carte 16 e 17 e riprende 4 e 14") in " ".join(text.split())


@pytest.mark.parametrize(("lang", "phase", "rule", "aid"), [
    ("en", "Take back.", "seven cards in hand", "7 in hand again"),
    ("it", "Riprendi.", "sette carte in mano", "in mano ne hai 7"),
])
def test_the_take_back_leaves_seven_cards_in_hand_on_the_rules_page_and_the_aid(lang, phase, rule, aid):
    """Play comes before take back ("Gioca 2 carte", then "Riprendi in mano le carte dalla tua Riserva"):
    9 - 2 = 7 in round 1, then 7 - 2 + 2 = 7 in every later round (tests/games/daimyni/test_rules.py plays
    it through the engine). The booklet said the take-back brings a hand "back to nine" (review
    R2-daimyni, blocker): both places that state the count are read back from the PDF."""
    data = render_pdf([Page(A5[0], A5[1], p) for p in build_booklet(load_game(cards_dir() / "daimyni"), lang)], "t")
    pages = [" ".join(p.get_text().split()) for p in open_pdf(data)]
    rules = next(t for t in pages[:8] if phase in t)
    said = rules[rules.index(phase):].split("•")[0]       # the phase's own bullet
    assert rule in said and not any(w in said for w in ("nine", "nove", " 9"))
    summary = pages[-1]
    line = summary[summary.index(phase):].split("•")[0]
    assert aid in line and not line.rstrip(". ").endswith("9")
