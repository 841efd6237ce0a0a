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
