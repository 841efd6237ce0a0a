"""The duplex check sheet and `--offset`: crosses on the front land on the scales' zeros behind
them in every duplex mode, and an offset moves every backs sheet (cards, counters, the check
sheet's own back) by exactly that much and nothing else."""

import pymupdf
import pytest

from pnp.build import Options, build_kit, parse_offset
from pnp.errors import UsageError
from pnp.model import load_game
from pnp.paths import cards_dir
from pnp.press.calibration import calibration_sheets, points
from pnp.press.cards import Duplex
from tests.conftest import run_pnp
from tests.kit.test_counters import discs, folder  # noqa: F401  (a pytest fixture)

MM = 72 / 25.4
A4 = (210.0, 297.0)


@pytest.mark.parametrize("paper", [A4, (215.9, 279.4)])
def test_check_points_map_onto_themselves_in_every_mode(paper):
    w, h = paper
    pts = sorted(points(w, h))
    assert sorted((w - x, y) for x, y in pts) == pts        # long edge and gluing mirror x
    assert sorted((x, h - y) for x, y in pts) == pts        # short edge mirrors y


def _extent(page) -> tuple[float, float, float, float]:
    """The bounding box (mm) of everything drawn on a page."""
    rects = [d["rect"] for d in page.get_drawings()]
    return tuple(round(v / MM, 2) for v in (min(r.x0 for r in rects), min(r.y0 for r in rects),
                                             max(r.x1 for r in rects), max(r.y1 for r in rects)))


def _pdf(arts, name):
    return pymupdf.open(stream=arts[name].data, filetype="pdf")


@pytest.mark.parametrize("duplex", [d for d in Duplex if d is not Duplex.fold])   # nothing two-sided to check
def test_every_card_kit_has_a_check_sheet_whose_back_scales_sit_behind_the_front_crosses(duplex):
    game = load_game(cards_dir() / "daimyni")
    flip = {"long": "", "short": "-short-edge", "none": "-glue"}[duplex.value]
    arts = {a.name: a for a in build_kit(game, Options(only=("cards",), duplex=duplex, svg=False))}
    doc = _pdf(arts, f"daimyni-duplex-check-a4{flip}.pdf")
    assert len(doc) == 2
    front, back = doc
    said = " ".join(back.get_text().split())     # the reading, and both ways to use it: printer or rebuild
    assert "duplex check" in front.get_text() and "in your printer's settings" in said and "--offset X,Y" in said
    # The centre of each cross's horizontal arm (0.5 mm) on the front, carried through the flip,
    # is the zero of a 20 mm horizontal scale (0.15 mm) on the back.
    def centres(page, width, length):
        out = set()
        for d in page.get_drawings():
            r = d["rect"]
            if d.get("width") and abs(d["width"] / MM - width) < 0.01 and abs(r.width / MM - length) < 0.05 \
                    and r.height < 0.5:
                out.add((round((r.x0 + r.x1) / 2 / MM, 1), round((r.y0 + r.y1) / 2 / MM, 1)))
        return sorted(out)
    crosses, zeros = centres(front, 0.5, 26.0), centres(back, 0.15, 20.0)
    assert len(crosses) == 5
    w, h = A4
    seen = sorted((round(w - x, 1), y) if duplex is not Duplex.short else (x, round(h - y, 1)) for x, y in crosses)
    assert seen == zeros


def test_offset_moves_every_card_backs_sheet_and_only_backs():
    game = load_game(cards_dir() / "daimyni")
    plain = {a.name: a for a in build_kit(game, Options(only=("cards",), svg=False))}
    moved = {a.name: a for a in build_kit(game, Options(only=("cards",), svg=False, offset=(1.5, -2.0)))}
    for name in ("daimyni-cards-a4.pdf", "daimyni-duplex-check-a4.pdf"):
        a, b = _pdf(plain, name), _pdf(moved, name)
        for i, (pa, pb) in enumerate(zip(a, b)):
            ea, eb = _extent(pa), _extent(pb)
            if i % 2 == 0:   # fronts stay
                assert ea == eb, (name, i)
            elif name.startswith("daimyni-cards"):
                assert eb == pytest.approx((ea[0] + 1.5, ea[1] - 2, ea[2] + 1.5, ea[3] - 2), abs=0.02), (name, i)
    check_back = _pdf(moved, "daimyni-duplex-check-a4.pdf")[1]
    assert "backs shifted by 1.5,-2 mm" in check_back.get_text()


def test_check_sheet_back_with_offset_moves_its_scales():
    plain = calibration_sheets(*A4, 5.0, "T", Duplex.long)
    moved = calibration_sheets(*A4, 5.0, "T", Duplex.long, (0.5, 1.0))
    assert plain[0].shapes == moved[0].shapes
    group = moved[1].shapes[0]
    assert (group.dx, group.dy) == (0.5, 1.0) and len(moved[1].shapes) == 1


def test_offset_moves_two_sided_counter_backs(folder):  # noqa: F811
    game = load_game(folder)
    plain = {a.name: a for a in build_kit(game, Options())}
    moved = {a.name: a for a in build_kit(game, Options(offset=(-1.0, 2.0)))}
    a, b = _pdf(plain, "soldiers-pieces-a4.pdf"), _pdf(moved, "soldiers-pieces-a4.pdf")
    assert discs(a[0], "#1f4e9c") == discs(b[0], "#1f4e9c")
    assert discs(b[1], "#7a1f1f") == [(x - 1.0, y + 2.0) for x, y in discs(a[1], "#7a1f1f")]


def test_parse_offset():
    assert parse_offset(None) == (0.0, 0.0)
    assert parse_offset("0.5,-1") == (0.5, -1.0)
    assert parse_offset(" 2 , 3 ") == (2.0, 3.0)
    for bad in ("1", "1,2,3", "a,b", "30,0", "nan,0", "inf,0"):
        with pytest.raises(UsageError, match="--offset"):
            parse_offset(bad)


@pytest.mark.slow
def test_cli_offset(tmp_path):
    res = run_pnp("build", "daimyni", "--only", "cards", "--offset", "1,x", "--out", tmp_path / "k")
    assert res.returncode == 2 and "--offset '1,x': expected two numbers" in res.stderr
    assert "Traceback" not in res.stderr
    res = run_pnp("build", "daimyni", "--only", "cards", "--offset", "0.5,-1", "--out", tmp_path / "k")
    assert res.returncode == 0, res.stderr
    assert (tmp_path / "k" / "daimyni-duplex-check-a4.pdf").is_file()
