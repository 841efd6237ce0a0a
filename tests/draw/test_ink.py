"""`pnp build --ink-saver`: the same kit, same sheets and cut lines, with far less ink."""

import pymupdf
import pytest

from tests.conftest import run_pnp


def ink(page) -> float:
    """The share of the page a printer covers: 1 - mean brightness of a grey render."""
    pix = page.get_pixmap(dpi=30, colorspace=pymupdf.csGRAY)
    return 1 - sum(pix.samples) / len(pix.samples) / 255


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    out = tmp_path_factory.mktemp("ink")
    for name, extra in (("full", []), ("saver", ["--ink-saver"])):
        for only in ("cards,pieces", "pieces"):     # the counters on the last card sheet, and alone
            res = run_pnp("build", "daimyni", "--only", only, "--out", out / name / only, *extra)
            assert res.returncode == 0, res.stderr
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("part", "only"), [("cards", "cards,pieces"), ("pieces", "pieces")])
def test_ink_saver_keeps_the_layout_and_cuts_the_ink(kits, part, only):
    full = pymupdf.open(kits / "full" / only / f"daimyni-{part}-a4.pdf")
    saver = pymupdf.open(kits / "saver" / only / f"daimyni-{part}-a4-ink-saver.pdf")
    assert len(full) == len(saver)
    for a, b in zip(full, saver):
        assert a.rect == b.rect and a.trimbox == b.trimbox and a.bleedbox == b.bleedbox
        assert a.get_text() == b.get_text()                 # every word still printed, same places
        assert [w[:4] for w in a.get_text("words")] == [w[:4] for w in b.get_text("words")]
    used = [ink(p) for p in full], [ink(p) for p in saver]
    assert sum(used[1]) < 0.5 * sum(used[0]), used


@pytest.mark.slow
def test_ink_saver_svgs_have_their_own_folder(kits):
    assert (kits / "saver" / "cards,pieces" / "svg-ink-saver" / "cards").is_dir()
    assert not (kits / "saver" / "cards,pieces" / "svg").exists()


def _cmy(page) -> float:
    """The ink a page asks for: the mean of (1 - level) over its three colour channels, at 20 dpi (a pale
    tint over a whole page counts, as it does in the printer; a grey render would barely see it)."""
    pix = page.get_pixmap(dpi=20, alpha=False)
    return sum(255 - v for v in pix.samples) / len(pix.samples) / 255


def _kit_pdfs(game_id, part, saver):
    from pnp.build import Options, build_kit
    from pnp.catalog import find_game
    from pnp.model import load_game

    arts = build_kit(load_game(find_game(game_id)), Options(only=(part,), svg=False, ink_saver=saver))
    return {a.name.replace("-ink-saver", ""): pymupdf.open(stream=a.data, filetype="pdf") for a in arts
            if a.name.endswith(".pdf") and "duplex-check" not in a.name}


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "part", "most"), [
    ("daimyni", "board", 0.6), ("shogun-solitaire", "board", 0.6),
    *((g, "cards", 0.5) for g in ("daimyni", "daimyo", "samurai-vassal", "dojima", "shogun-solitaire"))])
def test_ink_saver_thins_the_largest_areas_boards_and_card_backs(game_id, part, most):
    """Issue 24 review (All games 1, Daimyni D2, Shogun Solitaire D2): the ink saver left the largest
    areas alone: the Daimyni board's cream ground and 39 green cells, and Shogun Solitaire's 13 tan
    full-bleed backs were the same as in the full-colour kit (pale fills were kept whatever their
    depth). Now every board page asks at most 60 % of the full kit's ink, and every card backs sheet
    at most half."""
    full, saver = _kit_pdfs(game_id, part, False), _kit_pdfs(game_id, part, True)
    assert full and full.keys() == saver.keys()
    for name, doc in full.items():
        pages = range(len(doc)) if part == "board" else range(1, len(doc), 2)    # card PDFs: fronts, backs, ...
        for i in pages:
            share = _cmy(saver[name][i]) / _cmy(doc[i])
            assert share <= most, (name, i + 1, round(share, 2))
