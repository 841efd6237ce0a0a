"""A simulation saved into a game folder (`pnp simulate --save`) prints in its booklet through the
generic ``@simulation`` directive; a missing or foreign file is a definition error (exit 2)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from pnp.model import load_game
from tests.conftest import read_pdf

ROOT = Path(__file__).resolve().parents[2]


def pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pnp.cli", *args], capture_output=True, text=True, cwd=cwd)


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """A copy of Shogun Solitaire with 12 heuristic games saved as simulation.toml and the directive added."""
    where = tmp_path_factory.mktemp("game") / "shogun"
    shutil.copytree(ROOT / "cards" / "shogun-solitaire", where)
    done = pnp("simulate", str(where), "--games", "12", "--workers", "1", "-q", "--save",
               str(where / "simulation.toml"), cwd=where.parent)
    assert done.returncode == 0, done.stderr
    rules = where / "booklet" / "rules.en.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n\n# Difficulty\n\n@simulation simulation outcome\n",
                     encoding="utf-8")
    return where


@pytest.mark.slow
def test_booklet_prints_the_share_of_each_rank(folder, tmp_path):
    built = pnp("build", str(folder), "--only", "booklet", "--out", str(tmp_path / "kit"), "--lang", "en",
                cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    pdf = read_pdf((tmp_path / "kit" / "shogun-solitaire-rules-a5.pdf").read_bytes())
    text = " ".join(" ".join(page.extract_text() for page in pdf.pages).split())
    data = tomllib.loads((folder / "simulation.toml").read_text())
    ranks = [r for r in data["row"] if r["section"] == "outcome"]
    assert ranks
    for r in ranks:
        assert f"{r['subject']} {r['value'] * 100:.1f} %" in text
        assert f"Measured over {r['n']:,} games." in text
    assert "pnp simulate" not in text      # the command that made the table is for designers, not players


@pytest.mark.slow
def test_missing_file_and_unknown_section_exit_2(tmp_path):
    # A copy of Daimyo (its saved tables, and no live measure in its booklet: three builds stay quick).
    folder = tmp_path / "daimyo"
    shutil.copytree(ROOT / "cards" / "daimyo", folder)
    rules = folder / "booklet" / "rules.en.md"
    original = rules.read_text(encoding="utf-8")
    for line, message in (("@simulation simulation-none", "simulation-none.toml: missing"),
                          ("@simulation simulation-balanced card-x", "has no section 'card-x'"),
                          ("@simulation game", "starting with 'simulation'")):
        rules.write_text(original + f"\n\n{line}\n", encoding="utf-8")
        built = pnp("build", str(folder), "--only", "booklet", "--out", str(tmp_path / "k"), cwd=tmp_path)
        assert built.returncode == 2, built.stderr
        assert message in built.stderr and "Traceback" not in built.stderr


@pytest.mark.slow
def test_seats_print_by_their_names_in_the_booklet(tmp_path):
    # Daimyo's saved balanced-start table: each seat's line names the clan as the game calls it.
    where = tmp_path / "daimyo"
    shutil.copytree(ROOT / "cards" / "daimyo", where)
    rules = where / "booklet" / "rules.en.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n\n# Balance\n\n@simulation simulation-balanced seat\n",
                     encoding="utf-8")
    built = pnp("build", str(where), "--only", "booklet", "--out", str(tmp_path / "kit"), "--lang", "en", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    pdf = read_pdf((tmp_path / "kit" / "daimyo-rules-a5.pdf").read_bytes())
    text = " ".join(" ".join(page.extract_text() for page in pdf.pages).split())
    data = tomllib.loads((where / "simulation-balanced.toml").read_text())
    seats = [r for r in data["row"] if r["section"] == "seat" and r["measure"] == "win rate"]
    assert len(seats) == 2
    for r in seats:
        name = load_game(where).clans[r["subject"]].name["en"]
        low, high = r["low"] * 100, r["high"] * 100
        # Daimyo's narration words the line without the interval's confidence (its method says it once)
        assert f"{name} {r['value'] * 100:.1f} % ({low:.1f} %–{high:.1f} %)" in text


@pytest.mark.slow
def test_a_booklet_words_the_figures_in_its_own_language(tmp_path):
    """[booklet] simulation-line and simulation-games in the narration file replace the English
    wording of @simulation's lines (here Italian words in an English booklet; the decimal comma an
    Italian booklet prints is in `pnp.simulate.booklet.figure`'s example)."""
    where = tmp_path / "daimyo"
    shutil.copytree(ROOT / "cards" / "daimyo", where)
    narration = where / "booklet" / "narration.en.toml"
    text = narration.read_text(encoding="utf-8")
    words = ('simulation-line = "**{{ subject }}** vince il {{ value }} (tra {{ low }} e {{ high }})"\n'
             'simulation-games = "Misurato su {{ n }} partite."\n')
    text = re.sub(r"(?m)^simulation-(line|games) = .*\n", "", text)     # the game's own wording, replaced
    narration.write_text(text.replace("[booklet]\n", "[booklet]\n" + words, 1), encoding="utf-8")
    built = pnp("build", str(where), "--only", "booklet", "--out", str(tmp_path / "kit"), cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    pdf = read_pdf((tmp_path / "kit" / "daimyo-rules-a5.pdf").read_bytes())
    said = " ".join(" ".join(page.extract_text() for page in pdf.pages).split())
    data = tomllib.loads((where / "simulation-balanced.toml").read_text())
    green = next(r for r in data["row"] if r["section"] == "seat" and r["subject"] == "green")
    assert f"Green clan vince il {green['value'] * 100:.1f} % (tra {green['low'] * 100:.1f} %" in said
    # the English line ends "... with 95 % confidence)"; the box's method paragraph says the phrase too
    assert said.count("Misurato su 2,000 partite.") == 2 and "with 95 % confidence)" not in said
