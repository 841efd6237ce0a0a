from collections import Counter

from tests.conftest import MM, open_pdf


def test_counter_sheet_has_every_piece_with_a_cut_circle(kit):
    doc = open_pdf(kit["daimyni-pieces-a4.pdf"].data)
    words = Counter(w[4] for page in doc for w in page.get_text("words"))
    assert words["Bushi"] == 18 and words["Daimyo"] == 2 and words["Tanbo"] == 2
    text = "".join(page.get_text() for page in doc)
    for kanji in ("大名", "武士", "田んぼ"):
        assert kanji in text
    # cut guides: a thin black circle per counter, all inside the page margins
    cuts = []
    for page in doc:
        for d in page.get_drawings():
            if d.get("color") == (0.0, 0.0, 0.0) and d.get("width") and abs(d["width"] - 0.25 * MM) < 0.05:
                r = d["rect"]
                if abs(r.width - r.height) < 0.1:
                    cuts.append(r)
                    assert r.x0 >= 5 * MM and r.x1 <= page.rect.width - 5 * MM
                    assert r.y0 >= 5 * MM and r.y1 <= page.rect.height - 5 * MM
    assert len(cuts) == 22
