"""A board made of tracks (numbered spaces) and panels, as Dôjima's central board needs."""

import shutil
from pathlib import Path

import pymupdf
import pytest

from pnp.build import Options, build_kit
from pnp.errors import DefinitionError
from pnp.model import load_game

FIXTURE = Path(__file__).parents[1] / "fixtures" / "tracks-only"
MM = 72 / 25.4


def test_a_track_board_prints_on_a3_and_on_two_sheets():
    game = load_game(FIXTURE)
    assert game.components == ["board"]
    arts = {a.name: a for a in build_kit(game, Options())}
    assert {n for n in arts if n.endswith(".pdf")} == {"tracks-only-board-a3.pdf", "tracks-only-board-2xa4.pdf"}
    page = pymupdf.open(stream=arts["tracks-only-board-a3.pdf"].data)[0]
    assert (round(page.rect.width / MM), round(page.rect.height / MM)) == (420, 297)
    words = [w[4] for w in page.get_text("words")]
    for word in ("Water", "Rice", "Seasons", "Spring", "Winter", "full"):
        assert word in words
    # every space of both tracks is numbered: water 0-8, rice 0-6
    numbers = [w for w in words if w.isdigit()]
    assert sorted(map(int, numbers)) == sorted(list(range(9)) + list(range(7)))
    assert pymupdf.open(stream=arts["tracks-only-board-2xa4.pdf"].data).page_count == 2


def test_water_spaces_run_left_to_right_one_space_apart():
    game = load_game(FIXTURE)
    page = pymupdf.open(stream={a.name: a for a in build_kit(game, Options(only=("board",)))}[
        "tracks-only-board-a3.pdf"].data)[0]
    water = page.search_for("Water")[0]
    row = sorted((w[0], w[4]) for w in page.get_text("words") if w[4].isdigit() and abs(w[1] - water.y1) < 30)
    assert [s for _x, s in row] == [str(n) for n in range(9)]
    gaps = {round((b - a) / MM, 1) for (a, _), (b, _) in zip(row, row[1:])}
    assert gaps == {20.0}, gaps


def test_a_track_off_the_board_is_refused_with_its_key(tmp_path):
    folder = tmp_path / "bad"
    shutil.copytree(FIXTURE, folder)
    path = folder / "tracks.toml"
    path.write_text(path.read_text().replace("at = [20.0, 40.0]", "at = [300.0, 40.0]"))
    with pytest.raises(DefinitionError, match=r"tracks.toml: tracks\[0\]: the track \(180 x 20 mm at 300, 40\) "
                                              r"runs off the 376 x 250 mm board"):
        load_game(folder)
