"""`pnp new`: a starter folder that builds a kit and a booklet at once and passes `pnp check`."""

import csv
import tomllib

import pytest

from pnp.build import Options, build_kit
from pnp.catalog import is_data_only
from pnp.errors import UsageError
from pnp.model import load_game
from pnp.scaffold import create, game_id, parse_players
from tests.conftest import run_pnp


@pytest.mark.parametrize(("value", "expected"), [("2-4", (2, 4)), ("3", (3, 3)), (" 1 - 6 ", (1, 6))])
def test_players_are_a_number_or_a_range(value, expected):
    assert parse_players(value) == expected


@pytest.mark.parametrize("value", ["0", "4-2", "2-7", "two", "2-", ""])
def test_a_bad_player_count_is_refused(value):
    with pytest.raises(UsageError, match="--players"):
        parse_players(value)


def test_the_id_comes_from_the_folder_name(tmp_path):
    assert game_id(tmp_path / "My Game!") == "my-game"
    with pytest.raises(UsageError, match="folder's name"):
        game_id(tmp_path / "???")


def test_an_existing_folder_with_files_is_refused(tmp_path):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine", encoding="utf-8")
    res = run_pnp("new", tmp_path / "taken")
    assert res.returncode == 2 and "already exists" in res.stderr
    assert [p.name for p in (tmp_path / "taken").iterdir()] == ["notes.txt"]


def test_the_starter_says_what_was_asked(tmp_path):
    folder = tmp_path / "lantern"
    create(folder, 'Lantern "Night"', "2-3")
    meta = tomllib.loads((folder / "game.toml").read_text(encoding="utf-8"))
    assert (meta["id"], meta["title"]) == ("lantern", 'Lantern "Night"')
    assert meta["players"] == {"min": 2, "max": 3} and len(meta["clans"]) == 3 and "rules" not in meta
    rows = list(csv.DictReader((folder / "cards.csv").open(encoding="utf-8")))
    assert {r["type"] for r in rows} == {"action", "resource", "event"}
    assert sum(int(r["count"]) for r in rows) == 40
    assert all((folder / r["image"]).is_file() for r in rows)


def test_the_same_command_writes_the_same_bytes(tmp_path):
    one, two = create(tmp_path / "a" / "game"), create(tmp_path / "b" / "game")
    assert [p.read_bytes() for p in one] == [p.read_bytes() for p in two]


def test_the_starter_builds_a_kit_and_a_booklet_and_passes_check(tmp_path):
    folder = tmp_path / "lantern"
    res = run_pnp("new", folder, "--title", "Lantern")
    assert res.returncode == 0, res.stderr
    game = load_game(folder)
    assert is_data_only(game) and len(game.cards) == 40
    names = {a.name for a in build_kit(game, Options(svg=False))}
    for part in ("cards-a4", "board-a3", "rules-a5", "rules-a4-booklet"):
        assert f"lantern-{part}.pdf" in names, names
    res = run_pnp("check", folder, "--strict")      # not one warning
    assert res.returncode == 0, res.stderr
    assert "Lantern: definitions ok, a data-only game" in res.stdout


def test_the_next_step_it_prints_pastes_back_for_a_folder_with_a_space(tmp_path):
    res = run_pnp("new", "My Game", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert "next: pnp build 'My Game' " in res.stdout
    assert run_pnp("check", "My Game", cwd=tmp_path).returncode == 0
