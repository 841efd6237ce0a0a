"""Path data numbers: `to_d` writes each coordinate to 3 decimals with trailing zeros, a bare point
and the sign of zero dropped. It keeps the text of each value it has written (see `_three`); these
tests hold that to the plain reading of the format, for values that round, repeat and change sign."""

import math
import random
import re

from pnp.draw import svgpath
from pnp.draw.svgpath import to_d


def plain(v: float) -> str:
    """The format read straight: '{:.3f}', then a fraction's trailing zeros, then '-0' as '0'."""
    text = re.sub(r"\.(\d*?)0*$", lambda m: "." + m.group(1) if m.group(1) else "", f"{v:.3f}")
    return "0" if text == "-0" else text


def values(rng: random.Random, n: int) -> list[float]:
    picks = [0.0, -0.0, 1.0, -1.0, 0.0004, -0.0004, 0.0005, -0.0005, 0.0015, 2.5, 100.0, -100.1,
             1e-9, -1e-9, 123456.789, 0.1 + 0.2, math.inf, -math.inf]
    out = []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.3:
            out.append(rng.choice(picks))
        elif kind < 0.6:
            out.append(round(rng.uniform(-300, 300), rng.randint(0, 4)))
        else:
            out.append(rng.uniform(-1, 1) * 10 ** rng.randint(-5, 5))
    return out


def test_each_number_reads_as_the_format_gives_it_first_time_and_again():
    rng = random.Random(7)
    vs = values(rng, 20_000)
    for v in vs + vs:           # the second pass reads from the kept texts
        assert to_d([("M", (v,))]) == "M" + plain(v), v


def test_zero_of_either_sign_prints_zero_whichever_came_first():
    svgpath._TEXT_OF.clear()
    assert to_d([("M", (-0.0, 0.0))]) == "M0 0"
    svgpath._TEXT_OF.clear()
    assert to_d([("M", (0.0, -0.0004))]) == "M0 0"


def test_whole_paths_and_the_other_formats():
    segs = [("M", (10.0, 20.25)), ("C", (1.0, 2.0, 3.5, -4.125, 0.0001, -0.0001)), ("Z", ())]
    assert to_d(segs) == "M10 20.25 C1 2 3.5 -4.125 0 0 Z"
    assert to_d(segs, "{:.1f}") == "M10 20.2 C1 2 3.5 -4.1 0 0 Z"


def test_the_kept_texts_stay_bounded():
    svgpath._TEXT_OF.clear()
    to_d([("M", tuple(float(i) + 0.5 for i in range(svgpath._KEPT + 10)))])
    assert len(svgpath._TEXT_OF) <= svgpath._KEPT
