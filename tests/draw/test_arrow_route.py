"""A move of several steps is drawn as one arrow: one line through the cells it passes, one head at
its end (review R-daimyo-shogun, Daimyo item 9: two arrows, the first with its own head, read as two
moves)."""

import math

from pnp.draw.diagram import _arrow
from pnp.draw.shapes import Polygon

INK = "#123456"


def inked(shapes):
    """The arrow's own colour (its white casing left out): (shafts, heads)."""
    mine = [s for s in shapes if isinstance(s, Polygon) and INK in (s.style.stroke, s.style.fill)]
    return [s for s in mine if not s.closed], [s for s in mine if s.closed]


def test_an_arrow_through_a_point_is_one_line_with_one_head():
    shafts, heads = inked(_arrow(0, 0, 20, 20, INK, 0.8, [], via=[(20, 0)]))
    assert len(shafts) == 1 and len(heads) == 1
    assert (20, 0) in shafts[0].points                     # it turns where the move passed
    tip = heads[0].points[0]
    # the head points down the last leg, at (20, 20) less the trim that leaves the piece there visible
    assert math.isclose(tip[0], 20) and 17 < tip[1] < 20
    start = shafts[0].points[0]
    assert start[1] == 0 and 0 < start[0] < 3               # trimmed along the first leg, not the last


def test_without_a_point_to_pass_the_arrow_is_straight():
    shafts, heads = inked(_arrow(0, 0, 20, 20, INK, 0.8, []))
    assert len(shafts) == 1 and len(heads) == 1 and len(shafts[0].points) == 2
