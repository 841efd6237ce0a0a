"""Clans are data: rename red to green in the game's TOML and build, check, play and the booklet
all follow (issue 7: no 'red'/'blue' in Daimyni's code)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.games.daimyni import booklet, notation
from pnp.games.daimyni.rules import Rules
from pnp.model import load_game
from tests.conftest import open_pdf, run_pnp


def rename(folder: Path, old: str, new: str) -> None:
    game = folder / "game.toml"
    text = game.read_text(encoding="utf-8").replace(f'id = "{old}"', f'id = "{new}"')
    text = text.replace('short = { en = "Red", it = "Rosso" }', 'short = { en = "Green", it = "Verde" }')
    game.write_text(text, encoding="utf-8")
    for name in ("board.toml", "cards.toml"):
        path = folder / name
        text = path.read_text(encoding="utf-8").replace(f'clan = "{old}"', f'clan = "{new}"')
        path.write_text(text.replace(f"[backs.{old}]", f"[backs.{new}]"), encoding="utf-8")
    for sample in [*(folder / "samples").glob("*.toml"), *(folder / "examples").glob("*.toml")]:
        text = sample.read_text(encoding="utf-8")
        text = re.sub(rf"^{old} = ", f"{new} = ", text, flags=re.M)
        text = text.replace(f'"{old} ', f'"{new} ').replace(f'winner = "{old}"', f'winner = "{new}"')
        sample.write_text(text, encoding="utf-8")


@pytest.fixture
def green(game_copy: Path) -> Path:
    rename(game_copy, "red", "green")
    return game_copy


@pytest.mark.slow
def test_the_renamed_game_replays_its_samples(green):
    res = run_pnp("check", green)
    assert res.returncode == 0, res.stderr
    assert "first-blood.toml: ok, 4 rounds, green wins in round 4, 27 expectations met" in res.stdout
    assert "red" not in res.stdout


@pytest.mark.slow
def test_the_renamed_game_plays_and_its_bot_game_checks(green, tmp_path):
    res = run_pnp("play", green, "--seed", "5", "--out", tmp_path / "g.toml")
    assert res.returncode == 0, res.stderr
    text = (tmp_path / "g.toml").read_text(encoding="utf-8")
    assert "\ngreen = [" in text and "red" not in text
    assert run_pnp("check", green, tmp_path / "g.toml").returncode == 0


@pytest.mark.slow
def test_the_renamed_game_builds_with_its_booklet(green, tmp_path):
    res = run_pnp("build", green, "--out", tmp_path / "kit", "-q")
    assert res.returncode == 0, res.stderr
    pdf = next((tmp_path / "kit").glob("*-rules-a5.pdf"))
    text = " ".join("\n".join(p.get_text() for p in open_pdf(pdf.read_bytes())).split())
    assert "Green plays 5 + 11; Blue plays 2 + 3." in text


def test_the_renamed_game_narrates_and_positions_name_the_new_clan(green):
    game = load_game(green)
    rules = Rules(game)
    assert rules.players == ("green", "blue")
    _t, pages = booklet.walkthrough(game, green / "samples" / "first-blood.toml", "en")
    assert pages[0].intro[0] == "Green plays 5\u00a0+\u00a011; Blue plays 2\u00a0+\u00a03."   # a pair never splits
    t = notation.replay((green / "samples" / "first-blood.toml").read_text(encoding="utf-8"), rules, "f")
    assert t.state.returns() == {"green": 1, "blue": -1}
    with pytest.raises(notation.GameRejected, match="expected c3 to hold green 2, found green 1"):
        notation.replay('[[round]]\ngreen = ["5: b3-c3", "11: recruit"]\nblue = ["2: f3-e3", "3: f4-e4"]\n'
                        'expect = { c3 = "Green 2" }', rules, "f")
    with pytest.raises(notation.NotationError, match=r"round 1, red: unknown key \(expected green, blue"):
        notation.replay('[[round]]\nred = ["5: b3-c3"]', rules, "f")
