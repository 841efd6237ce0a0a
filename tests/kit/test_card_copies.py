"""Copies of a card (`count = N`) print N times on the sheets but draw one face, so the SVG folder
holds one file per card, not thousands of identical files for a big deck."""

import re
import shutil

import pypdf
import pytest

from pnp.paths import cards_dir
from tests.conftest import run_pnp


@pytest.mark.slow
def test_copies_print_on_sheets_and_give_one_svg_per_card(tmp_path):
    folder = tmp_path / "triple"
    folder.mkdir()
    shutil.copy(cards_dir() / "daimyni" / "game.toml", folder / "game.toml")
    shutil.copytree(cards_dir() / "daimyni" / "art", folder / "art")
    text = (cards_dir() / "daimyni" / "cards.toml").read_text(encoding="utf-8")
    text, n = re.subn(r"(?m)^number = (\d+)$", r"number = \1\ncount = 3", text)
    (folder / "cards.toml").write_text(text, encoding="utf-8")
    res = run_pnp("build", folder, "--out", tmp_path / "kit", "--only", "cards")
    assert res.returncode == 0, res.stderr
    reader = pypdf.PdfReader(tmp_path / "kit" / "daimyni-cards-a4.pdf")
    assert len(reader.pages) == 2 * -(-3 * n // 8)      # 3 x 18 cards, 8 a sheet, fronts and backs
    svgs = sorted(p.name for p in (tmp_path / "kit" / "svg" / "cards").glob("*.svg"))
    assert len(svgs) == n + 2                           # one per card and one per back
    assert not [s for s in svgs if re.search(r"-[23]\.svg$", s)]
