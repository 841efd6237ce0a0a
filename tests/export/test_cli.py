"""`pnp export` as a user meets it: the summary, files written through the safe writer (a folder
replaced whole, nothing outside --out), one-line errors with exit 2, the same bytes twice."""

import hashlib

import pytest

from tests.conftest import run_pnp
from tests.export.conftest import FIXTURES, GAMES


def digests(folder):
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_export_writes_into_output_game_target_and_says_what(tmp_path):
    res = run_pnp("export", GAMES[0], "--target", "dtc", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    out = tmp_path / "output" / f"{GAMES[0]}-dtc"
    pdfs = list(out.glob("*.pdf"))
    assert pdfs and all(p.name.endswith("-dtc.pdf") for p in pdfs)
    assert "for DriveThruCards" in res.stdout and "pages" in res.stdout
    assert "loading" in res.stderr


@pytest.mark.slow
def test_two_runs_give_the_same_bytes(tmp_path):
    for n in (1, 2):
        res = run_pnp("export", GAMES[0], "--target", "mpc", "--out", tmp_path / f"run{n}", "-q", fresh=True)
        assert res.returncode == 0, res.stderr
    assert digests(tmp_path / "run1") == digests(tmp_path / "run2")
    assert len(digests(tmp_path / "run1")) > 10


@pytest.mark.slow
def test_a_new_export_replaces_the_old_one_whole(tmp_path):
    out = tmp_path / "shop"
    assert run_pnp("export", GAMES[0], "--target", "pdf-cards", "--out", out, "-q").returncode == 0
    assert run_pnp("export", GAMES[0], "--target", "tts", "--out", out, "-q").returncode == 0
    names = {p.name for p in out.iterdir()}
    assert not any(n.endswith(".pdf") for n in names)            # the PDF of the first run is gone
    assert any(n.endswith(".json") for n in names)


def test_a_folder_of_someone_elses_files_is_refused_and_left_alone(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me", encoding="utf-8")
    res = run_pnp("export", GAMES[0], "--target", "png", "--out", out)
    assert res.returncode == 2            # a bad --out is bad input, not a failed write
    assert "notes.txt, which no pnp build wrote" in res.stderr
    assert [p.name for p in out.iterdir()] == ["notes.txt"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".mine.pnp-staging")]


@pytest.mark.parametrize("args, words", [
    (["--target", "mcp"], "--target 'mcp': expected one of mpc, tgc, dtc, png, pdf-cards, tts"),
    ([], "--target: say what to make: mpc, tgc, dtc, png, pdf-cards or tts"),
    (["--target", "png", "--bleed", "3"], "--bleed '3': expected a length with its unit"),
    (["--target", "png", "--bleed", "1/8"], "--bleed '1/8': expected a length with its unit"),
    (["--target", "png", "--dpi", "lots"], "--dpi 'lots': expected a whole number of dots per inch"),
    (["--target", "png", "--dpi", "5000"], "--dpi '5000': expected between 50 and 1200"),
    (["--target", "pdf-cards", "--dpi", "300"], "--dpi: --target pdf-cards writes vector PDF pages"),
    (["--target", "tts", "--bleed", "3mm"], "--target tts takes no bleed"),
    (["--target", "png", "--lang", "fr"], "--lang fr: "),
    (["--target", "png", "--out", ""], '--out "": give a folder name'),
])
def test_bad_arguments_are_one_line_and_exit_2(tmp_path, args, words):
    res = run_pnp("export", GAMES[0], *args, cwd=tmp_path)
    assert res.returncode == 2, res.stderr
    assert words in res.stderr
    said = [line for line in res.stderr.splitlines() if not line.startswith("  ")]   # but progress
    assert len(said) == 1 and said[0].startswith("pnp: error: ")
    assert "Traceback" not in res.stderr
    assert not (tmp_path / "output").exists()


@pytest.mark.parametrize("game, target, words", [
    (FIXTURES / "dice-only", "png", "dice-only has no cards to export"),
    (FIXTURES / "two-decks", "mpc", "not a card size pnp knows MakePlayingCards prints"),
    ("no-such-game", "png", "unknown game 'no-such-game'"),
])
def test_games_that_cannot_be_exported_say_why(tmp_path, game, target, words):
    res = run_pnp("export", game, "--target", target, "--out", tmp_path / "x")
    assert res.returncode == 2, res.stderr
    assert words in res.stderr and "Traceback" not in res.stderr
    assert not (tmp_path / "x").exists()
