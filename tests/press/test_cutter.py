"""Print-and-cut layout: the registration marks where docs/printing.md says (pinned in mm: a sheet
printed with one release must be cut with another's cut file), pieces kept clear of them."""

from __future__ import annotations

import math

import pytest

from pnp.draw.shapes import Scene
from pnp.press.cutter import CLEAR, CUTTERS, SPACING, Piece, lay_out, silhouette_marks, slots

A4, LETTER = (210.0, 297.0), (215.9, 279.4)


@pytest.mark.parametrize("paper", [A4, LETTER])
def test_silhouette_marks_are_pinned_in_mm(paper):
    """docs/printing.md: Silhouette Studio Type 1, inset 10 mm, length 20 mm, thickness 0.5 mm, each
    mark a 0.5 mm stroke centred on its line: the square's outline round (10, 10)-(15, 15), so
    9.75-15.25; the L corners on the lines 10 mm from their two edges, arms 20 mm from the corner."""
    w, h = paper
    assert silhouette_marks(w, h) == [
        (9.75, 9.75, 5.5, 5.5),                                          # the square, top-left
        (w - 30.0, 9.75, 20.25, 0.5), (w - 10.25, 9.75, 0.5, 20.25),     # the top-right L
        (9.75, h - 10.25, 20.25, 0.5), (9.75, h - 30.0, 0.5, 20.25),     # the bottom-left L
    ]
    assert CUTTERS["cricut"].marks(*CUTTERS["cricut"].page(paper)) == []     # Design Space prints its own


def test_cricut_image_is_design_space_print_then_cut_limit():
    assert CUTTERS["cricut"].page(A4) == pytest.approx((171.45, 234.95))        # 6.75 x 9.25 in
    assert CUTTERS["cricut"].page(LETTER) == pytest.approx((171.45, 234.95))


def _near(a, b, gap):
    return not (a[0] + a[2] + gap <= b[0] or b[0] + b[2] + gap <= a[0]
                or a[1] + a[3] + gap <= b[1] or b[1] + b[3] + gap <= a[1])


def test_slots_near_a_mark_stay_empty():
    """45 mm counters on A4 inside the marks (190 x 277 mm): 4 across (4 x 45 + 3 x 2 = 186 mm, 2 mm
    spare each side: x = 12, 59, 106, 153) and 5 down (5 x 45 + 4 x 2 = 233 mm, 22 mm spare above
    and below: y = 32, 79, 126, 173, 220). With 1 mm of art beyond each: the top-right counter's art
    (x 152-199, y 31-78) comes 1 mm below the top-right L's arm (x 199.5-200, y 10-30) and the
    bottom-left one's (x 11-58, y 219-266) 1 mm above the bottom-left L's (x 10-10.5, y 267-287):
    both left empty. The top-left counter's art starts 16 mm below the square (y 15): kept."""
    marks = silhouette_marks(*A4)
    places, turned = slots(45.0, 45.0, CUTTERS["silhouette"].region(*A4), marks, "round")
    assert not turned and len(places) == 18
    assert (12.0, 32.0) in places and (153.0, 220.0) in places
    assert (153.0, 32.0) not in places and (12.0, 220.0) not in places
    for x, y in places:
        assert not any(_near((x - 1, y - 1, 47, 47), m, CLEAR - 1e-6) for m in marks)


def test_pieces_of_each_kind_go_on_sheets_of_their_own():
    card, tile = Scene("card", 63.5, 88.9, 3.0), Scene("tile", 50.0, 43.301, 2.0)
    pieces = [Piece(card, "card", 3.0)] * 7 + [Piece(tile, "hex")] * 2
    sheets = lay_out(pieces, CUTTERS["silhouette"], A4)
    assert [len(s.placed) for s in sheets] == [6, 1, 2]       # A4 holds 6 poker cards clear of the marks
    assert {p.piece.edge for p in sheets[2].placed} == {"hex"}


def test_small_hex_tiles_nest_like_a_maps_cells_with_paper_between_them():
    """20 mm hexes (40 x 34.64 mm) on A4: plain rows hold 4 x 7 = 28 less the corner places, nested
    columns more. Two flat-topped hexes side by side in a honeycomb have centres sqrt(3) r apart when
    they touch, so with SPACING of paper between their edges no two centres come closer than
    sqrt(3) x 20 + 2 mm."""
    r = 20.0
    w, h = 2 * r, math.sqrt(3) * r
    region, marks = CUTTERS["silhouette"].region(*A4), silhouette_marks(*A4)
    places, turned = slots(w, h, region, marks, "hex")
    plain, _ = slots(w, h, region, marks, "round")      # the same size in plain rows and columns
    assert not turned and len(places) > len(plain)
    centres = [(x + w / 2, y + h / 2) for x, y in places]
    for i, a in enumerate(centres):
        for b in centres[i + 1:]:
            assert math.dist(a, b) >= math.sqrt(3) * r + SPACING - 1e-6
    rx, ry, rw, rh = region
    assert all(rx <= x and x + w <= rx + rw and ry <= y and y + h <= ry + rh for x, y in places)
