"""The board on A3 and on two smaller sheets, read back from the PDFs."""

import pytest

from tests.conftest import MM, open_pdf, read_pdf

A3_LANDSCAPE = (420.0, 297.0)
BOARD = (376.0, 250.0)


def labels(page):
    """Cell labels (letter + digits) and their centres, in mm."""
    out = {}
    for x0, y0, x1, y1, word, *_ in page.get_text("words"):
        if len(word) == 2 and word[0] in "abcdefg" and word[1].isdigit():
            out[word] = ((x0 + x1) / 2 / MM, (y0 + y1) / 2 / MM)
    return out


@pytest.mark.slow
def test_a3_board_is_one_landscape_page_with_the_board_trim(kit):
    art = kit["daimyni-board-a3.pdf"]
    doc = open_pdf(art.data)
    assert doc.page_count == 1
    assert (doc[0].rect.width / MM, doc[0].rect.height / MM) == pytest.approx(A3_LANDSCAPE, abs=0.01)
    trim = read_pdf(art.data).pages[0].trimbox
    assert (float(trim.width) / MM, float(trim.height) / MM) == pytest.approx(BOARD, abs=0.01)
    assert float(trim.left) / MM >= 5 and float(trim.bottom) / MM >= 5
    assert len(labels(doc[0])) == 39  # a printed label in every cell
    # like the two halves, the A3 sheet says what it is and to print it at full scale, under the board
    note = doc[0].search_for("Daimyni board · print at 100%")
    assert len(note) == 1 and note[0].y0 > doc[0].rect.height - float(trim.bottom)


@pytest.mark.parametrize("fixture,paper,size",
                         [("kit", "a4", (210.0, 297.0)), ("kit_letter", "letter", (215.9, 279.4))])
@pytest.mark.slow
def test_two_halves_reproduce_the_a3_board_at_the_same_scale(request, fixture, paper, size):
    kit = request.getfixturevalue(fixture)
    whole = labels(open_pdf(kit["daimyni-board-a3.pdf"].data)[0])
    halves_pdf = kit[f"daimyni-board-2x{paper}.pdf"].data
    doc = open_pdf(halves_pdf)
    assert doc.page_count == 2
    for page in doc:
        assert (page.rect.width / MM, page.rect.height / MM) == pytest.approx(size, abs=0.01)
    for page in read_pdf(halves_pdf).pages:
        trim = page.trimbox
        assert float(trim.left) / MM >= 5 - 1e-3 and float(trim.right) / MM <= size[0] - 5 + 1e-3
        assert float(trim.bottom) / MM >= 5 - 1e-3 and float(trim.top) / MM <= size[1] - 5 + 1e-3
    left, right = labels(doc[0]), labels(doc[1])
    assert set(left) | set(right) == set(whole)
    shared = set(left) & set(right)
    assert shared, "the overlap strip prints some cells on both halves"
    # Each half is the A3 board moved, not scaled: one offset maps every label of a half onto A3.
    for half in (left, right):
        anchor = next(iter(sorted(half)))
        dx = whole[anchor][0] - half[anchor][0]
        dy = whole[anchor][1] - half[anchor][1]
        for label, (x, y) in half.items():
            assert (x + dx, y + dy) == pytest.approx(whole[label], abs=0.05)
    # Taping the halves so the shared cells coincide gives the A3 distances across the join.
    s = sorted(shared)[0]
    shift = (left[s][0] - right[s][0], left[s][1] - right[s][1])
    a, b = "a1", "g6"
    joined = (right[b][0] + shift[0] - left[a][0], right[b][1] + shift[1] - left[a][1])
    assert joined == pytest.approx((whole[b][0] - whole[a][0], whole[b][1] - whole[a][1]), abs=0.05)


def test_alignment_marks_meet_when_the_halves_are_joined(kit):
    doc = open_pdf(kit["daimyni-board-2xa4.pdf"].data)
    left, right = labels(doc[0]), labels(doc[1])
    s = sorted(set(left) & set(right))[0]
    shift_x = left[s][0] - right[s][0]

    def vertical_marks(page):
        xs = set()
        for d in page.get_drawings():
            for item in d["items"]:
                if item[0] == "l" and abs(item[1].x - item[2].x) < 1e-6 and max(item[1].y, item[2].y) < page.trimbox.y0:
                    xs.add(round(item[1].x / MM, 2))
        return xs

    lx = vertical_marks(doc[0])
    rx = {round(x + shift_x, 2) for x in vertical_marks(doc[1])}
    assert len(lx & rx) >= 3, (sorted(lx), sorted(rx))
