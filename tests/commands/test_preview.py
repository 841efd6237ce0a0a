"""`pnp preview`: one card, or a contact sheet, as a PNG a person can open."""

import io
from pathlib import Path

import pytest
from PIL import Image

from pnp.catalog import find_game
from pnp.errors import UsageError
from pnp.export.preview import card_png, contact_sheet, find_card, find_cards
from pnp.model import load_game
from tests.conftest import run_pnp

FIXTURE = Path(__file__).parents[1] / "fixtures" / "two-decks"


def _image(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    im.load()
    return im


@pytest.fixture(scope="module")
def game():
    return load_game(FIXTURE)


def test_a_card_is_found_by_name_label_or_number(game):
    assert find_card(game, "Ronja", "en").label == "Ronja"
    assert find_card(game, "ronja", "en").label == "Ronja"           # any case
    assert find_card(game, "Personaggio", "en").type_id == "character"   # a name in another language
    assert find_card(game, "2", "en").label == "Bo"                     # character 2 (the proposals are 1)
    with pytest.raises(UsageError, match=r"--card 'Ronia': two-decks has no such card; did you mean 'ronja'"):
        find_card(game, "Ronia", "en")


def test_one_card_is_its_trim_at_the_dpi(game):
    card = find_card(game, "Ronja", "en")
    w, h = game.size_of(card).size
    face = _image(card_png(game, card, "en", dpi=200))
    assert face.size == (round(w / 25.4 * 200), round(h / 25.4 * 200))
    assert face.info["dpi"] == pytest.approx((200, 200), abs=0.01)
    back = _image(card_png(game, card, "en", back=True, dpi=200))
    assert back.size == face.size and back.tobytes() != face.tobytes()


def test_the_contact_sheet_shows_each_face_once():
    game = load_game(find_game("daimyni"))
    data, n = contact_sheet(game, "en", dpi=50)
    assert n == len({c.slug for c in game.cards})
    sheet = _image(data)
    # 18 poker cards about as wide as tall: 6 across, 3 down, at 50 dpi
    assert sheet.width == pytest.approx((6 * (63.5 + 4) + 4) / 25.4 * 50, abs=1)
    assert sheet.height == pytest.approx((3 * (88.9 + 9 + 4) + 4) / 25.4 * 50, abs=1)


def test_a_number_two_cards_share_says_which_it_shows(tmp_path, game):
    assert [c.slug for c in find_cards(game, "1", "en")] == ["01-proposal", "ronja-character"]  # proposal 1, Ronja 1
    res = run_pnp("preview", FIXTURE, "--card", "1", "--out", tmp_path / "one.png")
    assert res.returncode == 0, res.stderr
    assert ("--card '1' matches 2 cards (01-proposal, ronja-character); showing 01-proposal: give its file name "
            "to pick another") in res.stderr
    res = run_pnp("preview", FIXTURE, "--card", "Ronja", "--out", tmp_path / "two.png")
    assert "matches" not in res.stderr                       # one card: nothing to say


def test_the_command_writes_where_a_person_finds_it(tmp_path):
    res = run_pnp("preview", FIXTURE, "--card", "Ronja", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    written = tmp_path / "output" / "two-decks-preview-ronja-character.png"
    assert written.is_file() and str(written.relative_to(tmp_path)) in res.stdout
    res = run_pnp("preview", FIXTURE, "--out", tmp_path / "all.png")
    assert res.returncode == 0 and "3 cards (and 1 copy of them)" in res.stdout
    assert _image((tmp_path / "all.png").read_bytes()).width > 0


@pytest.mark.parametrize(("args", "message"), [
    (["--card", "Nobody"], "--card 'Nobody': two-decks has no such card"),
    (["--back"], "--back: say which card's back with --card"),
    (["--dpi", "5"], "--dpi 5: expected 10 to 1200"),
    (["--out", "x.jpg"], "a preview is a PNG"),
])
def test_bad_arguments_are_exit_2(tmp_path, args, message):
    res = run_pnp("preview", FIXTURE, *args, cwd=tmp_path)
    assert res.returncode == 2 and message in res.stderr and "Traceback" not in res.stderr
