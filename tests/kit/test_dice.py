"""Dice faces as a component: stickers for blank dice, pips for 1-6, words in the build's language."""

from pathlib import Path

import pymupdf
import pytest

from pnp.build import Options, build_kit
from pnp.errors import DefinitionError
from pnp.model import load_game

FIXTURE = Path(__file__).parents[1] / "fixtures" / "dice-only"
MM = 72 / 25.4


def kit(lang="en"):
    return {a.name: a for a in build_kit(load_game(FIXTURE), Options(lang=lang))}


def test_every_face_of_every_die_is_printed_at_its_size():
    arts = kit()
    assert load_game(FIXTURE).components == ["dice"]
    page = pymupdf.open(stream=arts["dice-only-dice-a4.pdf"].data)[0]
    words = page.get_text()
    assert "Rice die 1/2" in words and "Rice die 2/2" in words and "Weather die 1/1" in words
    assert "Sun" in words and "Rain" in words and "雨" in words
    # the black cut squares: 2 x 6 rice faces of 16 mm, 6 weather faces of 18 mm
    squares = [d["rect"] for d in page.get_drawings()
               if d.get("color") == (0.0, 0.0, 0.0) and abs(d["rect"].width - d["rect"].height) < 0.01]
    sizes = sorted(round(r.width / MM) for r in squares)
    assert sizes == [16] * 12 + [18] * 6


def test_pips_for_numbers_one_to_six_and_text_for_others():
    arts = kit()
    three = arts["svg/dice/die-rice-3.svg"].data.decode()
    assert three.count("<circle") == 3
    zero = arts["svg/dice/die-weather-4.svg"].data.decode()
    assert "<circle" not in zero and "0" in zero


def test_faces_speak_the_build_language():
    words = pymupdf.open(stream=kit("it")["dice-only-dice-a4-it.pdf"].data)[0].get_text()
    assert "Sole" in words and "Pioggia" in words and "Dado del riso 1/2" in words
    assert "facce dei dadi 1/1" in words


def _with(tmp_path, head):
    folder = tmp_path / "dice-only"
    folder.mkdir()
    (folder / "game.toml").write_text((FIXTURE / "game.toml").read_text())
    (folder / "dice.toml").write_text(head + "\n" + (FIXTURE / "dice.toml").read_text())
    return folder


def test_a_sticker_that_would_overhang_its_blank_die_is_refused(tmp_path):
    """A 16 mm die's rounded edges leave a 13-14 mm flat face: a 16 mm sticker overhangs it."""
    with pytest.raises(DefinitionError) as err:
        load_game(_with(tmp_path, "blank = 16.0"))
    message = str(err.value)
    assert "dice.toml" in message and "dice[0].size" in message and "16 mm sticker overhangs" in message


def test_nets_fold_six_faced_dice_only(tmp_path):
    folder = _with(tmp_path, "nets = 18.0")
    (folder / "dice.toml").write_text((folder / "dice.toml").read_text().replace(', 0, 2, 3]', ', 0, 2]'))
    with pytest.raises(DefinitionError) as err:
        load_game(folder)
    assert "dice[1].faces" in str(err.value) and "six-faced" in str(err.value)
