"""No clan name in the Daimyo code: a clan renamed in the data (and in the samples) checks, plays
and builds just the same."""

import re
import shutil

import pymupdf
import pytest

from pnp.paths import cards_dir
from tests.conftest import run_pnp


def rename(text: str) -> str:
    """green -> purple everywhere, and its Han g1-g3 -> p1-p3."""
    text = re.sub(r"\bgreen\b", "purple", text)
    text = re.sub(r"\bGreen\b", "Purple", text)
    text = re.sub(r"\bg([1-3])\b", r"p\1", text)
    return text.replace("g, r, y, b", "p, r, y, b")


@pytest.mark.slow
def test_a_renamed_clan_checks_plays_and_builds(tmp_path):
    folder = tmp_path / "daimyo"
    shutil.copytree(cards_dir() / "daimyo", folder)
    for path in [folder / "game.toml", *folder.glob("samples/*.toml"), *folder.glob("examples/*.toml"),
                 *folder.glob("booklet/*")]:
        path.write_text(rename(path.read_text(encoding="utf-8")), encoding="utf-8")
    assert 'id = "purple"' in (folder / "game.toml").read_text(encoding="utf-8")

    before = run_pnp("check", "daimyo")
    after = run_pnp("check", folder)
    assert before.returncode == after.returncode == 0, after.stderr
    assert after.stdout == rename(before.stdout) and "purple wins" in after.stdout

    game = tmp_path / "game.toml"
    played = run_pnp("play", folder, "--players", "4", "--option", "advanced", "--seed", "3", "--out", game)
    assert played.returncode == 0, played.stderr
    text = game.read_text(encoding="utf-8")
    assert "purple = [" in text and "green" not in text
    assert run_pnp("check", folder, game).returncode == 0

    built = run_pnp("build", folder, "-q", "--out", tmp_path / "kit")
    assert built.returncode == 0, built.stderr
    booklet = "\n".join(page.get_text() for page in pymupdf.open(tmp_path / "kit" / "daimyo-rules-a5.pdf"))
    assert "Purple" in booklet and not re.search(r"green|Green|\bg[1-3]\b", booklet)

    bad = tmp_path / "bad.toml"
    for units, words in (("green 2", "green is not playing (clans: purple, red)"), ("lots", "expected \"purple 2\"")):
        bad.write_text(f'game = "daimyo"\nplayers = 2\n\n[position]\nn1 = "{units}"\n', encoding="utf-8")
        res = run_pnp("check", folder, bad)
        assert res.returncode == 2 and words in res.stderr, res.stderr
