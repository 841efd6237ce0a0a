"""Per-card PNGs (`--target mpc`, `tgc`, `png`) read back: every card of every game, at the shop's
size to the pixel, named so an uploader sorts them, the art running to the edge, the same bytes
every time."""

import re

import pytest

from pnp.errors import UsageError
from tests.export.conftest import GAMES, USER_GAMES, aid_copies, close, exported, game_of, hex_rgb, image

NAME = re.compile(r"^(?P<deck>[a-z0-9][a-z0-9_-]*)-(?P<face>front|back)-(?P<n>\d{3})-(?P<slug>[a-z0-9_-]+)\.png$")


def expected_names(game):
    """deck-face-NNN-slug.png for every card, both faces, numbered within its deck; then the player
    aid's aid-face-NNN-aid.png, a pair a copy."""
    seen, names = {}, set()
    for card in game.cards:
        seen[card.deck] = seen.get(card.deck, 0) + 1
        for face in ("front", "back"):
            names.add(f"{card.deck}-{face}-{seen[card.deck]:03d}-{card.slug}.png")
    for n in range(1, aid_copies(game) + 1):
        names |= {f"aid-front-{n:03d}-aid.png", f"aid-back-{n:03d}-aid.png"}
    return names


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_mpc_gives_every_card_face_and_back_at_822_by_1122(name):
    game = game_of(name)
    files = exported(name, "mpc")
    assert set(files) == expected_names(game)
    assert len(files) == 2 * (len(game.cards) + aid_copies(game))
    for fname, data in files.items():
        im = image(data)
        assert im.size == (822, 1122), fname
        assert im.mode == "RGB"
        assert [round(v) for v in im.info["dpi"]] == [300, 300]


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES[:2])
def test_tgc_gives_825_by_1125_and_the_art_fills_the_larger_bleed(name):
    """The layouts draw 3 mm beyond the trim and the shop wants 1/8 in (3.175 mm): the background that
    runs to the edge is carried out to it, so no row of white shows at the image's border."""
    game = game_of(name)
    files = exported(name, "tgc")
    for n, card in enumerate(c for c in game.cards if c.deck == game.cards[0].deck):
        im = image(files[f"{card.deck}-front-{n + 1:03d}-{card.slug}.png"])
        assert im.size == (825, 1125)
        w, h = im.size
        for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 2, 0), (0, h // 2), (w - 1, h // 2)):
            assert close(im.getpixel((x, y)), hex_rgb(card.colour)), (card.slug, x, y, im.getpixel((x, y)))
        back = image(files[f"{card.deck}-back-{n + 1:03d}-{card.slug}.png"])
        assert close(back.getpixel((0, 0)), hex_rgb(card.back_colour))
        assert close(back.getpixel((w - 1, h - 1)), hex_rgb(card.back_colour))


def test_names_sort_backs_then_fronts_in_card_order():
    names = sorted(exported(GAMES[0], "mpc"))
    decks_faces = [NAME.match(n).group("deck", "face") for n in names]
    assert decks_faces == sorted(decks_faces)
    for deck in {NAME.match(n).group("deck") for n in names}:
        fronts = [n for n in names if NAME.match(n).group("face") == "front" and NAME.match(n).group("deck") == deck]
        assert [int(NAME.match(n).group("n")) for n in fronts] == list(range(1, len(fronts) + 1)), deck
    assert "aid-front-001-aid.png" in names and "aid-back-002-aid.png" in names     # Daimyni: 2 players


def test_png_with_dpi_and_bleed_for_a_user_folder_of_two_card_sizes():
    """A folder given by path, with a mini deck (41 x 63 mm) and a poker deck: --dpi 150 --bleed 1/8in.
    Mini: 47.35 x 69.35 mm = 279.6 x 409.6 px; poker: 2.75 x 3.75 in = 412.5 x 562.5 px (a half rounds up)."""
    files = exported(USER_GAMES[0], "png", "150", "1/8in")
    sizes = {n.split("-")[0]: image(d).size for n, d in files.items()}
    assert sizes == {"proposal": (280, 410), "character": (413, 563)}
    assert all([round(v) for v in image(d).info["dpi"]] == [150, 150] for d in files.values())


def test_png_defaults_to_the_layouts_bleed_at_300_dpi():
    files = exported(USER_GAMES[1], "png")     # mini cards, 3 mm bleed: 47 x 69 mm
    assert {image(d).size for d in files.values()} == {(555, 815)}


def test_a_shop_refuses_a_card_size_it_does_not_print():
    with pytest.raises(UsageError, match="deck 'proposal' .* is 41 x 63 mm, not a card size pnp knows "
                                         "MakePlayingCards prints"):
        exported(USER_GAMES[0], "mpc")


def test_the_front_shows_the_face_and_the_back_the_back():
    """Rasterised from the kit's drawings: the front is mostly the pale card panel, the back mostly
    the back's colour."""
    game = game_of(GAMES[0])
    card = game.cards[0]
    files = exported(GAMES[0], "mpc")
    front = image(files[f"{card.deck}-front-001-{card.slug}.png"]).resize((41, 56))
    back = image(files[f"{card.deck}-back-001-{card.slug}.png"]).resize((41, 56))
    colour = hex_rgb(card.back_colour)

    def share(im, rgb):
        return sum(close(px, rgb, 12) for px in zip(*(iter(im.tobytes()),) * 3)) / (im.width * im.height)

    assert share(back, colour) > 0.6
    assert share(front, colour) < 0.4
    assert front.tobytes() != back.tobytes()


@pytest.mark.slow
def test_same_input_same_bytes():
    fresh = exported.__wrapped__     # two exports of their own; the cache stays for the other tests
    first = fresh(GAMES[0], "tgc", lang="it")
    again = fresh(GAMES[0], "tgc", lang="it")
    assert first == again
    assert all(n.endswith("-it.png") for n in first)


def test_a_bleed_of_zero_gives_the_trim_alone():
    """--bleed 0mm: the image is the card as cut, 2.5 x 3.5 in = 750 x 1050 px at 300 dpi, its edge
    the card's frame colour."""
    game = game_of(GAMES[0])
    card = game.cards[0]
    files = exported(GAMES[0], "png", None, "0mm")
    im = image(files[f"{card.deck}-front-001-{card.slug}.png"])
    assert im.size == (750, 1050)
    assert close(im.getpixel((0, 0)), hex_rgb(card.colour))
    assert close(im.getpixel((749, 1049)), hex_rgb(card.colour))
