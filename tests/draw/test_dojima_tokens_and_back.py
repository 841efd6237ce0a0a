"""Issue 24 for Dôjima: the field and Ryô tokens were bare digits on discs, and the card back was
the prototype's dark brown to the bleed. The tokens now stand their value on the game's art (a paddy
round a paper plaque, a gold koban), the value still the biggest, clearest thing; the back is light
straw with a rice wreath that keeps away from the edges, so a back printed 1-2 mm off shows nothing."""

import pymupdf
import pytest

from pnp.draw import image
from pnp.draw.card import card_back
from pnp.draw.contrast import luminance, ratio
from pnp.draw.piece import counter_scene
from pnp.draw.shapes import Group, Text
from pnp.model import load_game
from pnp.paths import cards_dir
from pnp.render.pdf import Page, render_pdf

MM = 72 / 25.4


@pytest.fixture(scope="module")
def game():
    return load_game(cards_dir() / "dojima")


def texts(shapes):
    for s in shapes:
        if isinstance(s, Group):
            yield from texts(s.shapes)
        elif isinstance(s, Text):
            yield s


@pytest.mark.parametrize("piece_id,plaque", [(f"field-{n}", "#fbf7ee") for n in range(1, 7)]
                         + [("ryo-1", "#f6dc8c"), ("ryo-3", "#f6dc8c")])
def test_a_value_token_stands_its_value_on_art_and_the_value_is_the_biggest_thing(game, piece_id, plaque):
    counter = next(c for c in game.counters if c.piece.id == piece_id)
    piece = counter.piece
    scene = counter_scene(counter, "en", game=game)
    i = game.pieces_file.pieces.index(piece)
    r = piece.diameter / 2
    f = r * 0.8
    art = image.placed(game.folder / piece.backdrop, (r - f, r - f, 2 * f, 2 * f), game.files["pieces"],
                       f"pieces[{i}].backdrop", counter.colour)
    assert art[0] in scene.shapes                                 # the picture is drawn
    drawn = list(texts(scene.shapes))
    value = [t for t in drawn if t.string == piece.kanji]
    others = [t for t in drawn if t.string != piece.kanji]
    assert len(value) == 1 and others                             # the value, and the name under it
    assert value[0].size >= 2.5 * max(t.size for t in others)     # by far the biggest type
    assert value[0].size * 0.3528 * 0.7 >= piece.diameter * 0.2   # its digits a fifth of the token high (were 0.16)
    # the value is printed over the plaque (the field) or the koban's flat (Ryô), in dark ink
    svg = (game.folder / piece.backdrop).read_text()
    assert f'fill="{plaque}"' in svg
    assert ratio(value[0].fill, plaque) >= 7


def rendered(scene, dpi=100):
    """The scene with its bleed, rendered: (pixmap, pixels per mm)."""
    b = scene.bleed
    w, h = scene.width + 2 * b, scene.height + 2 * b
    page = Page(w, h, [Group(tuple(scene.shapes), b, b)], (0, 0, w, h), (0, 0, w, h))
    doc = pymupdf.open(stream=render_pdf([page], "back"), filetype="pdf")
    return doc[0].get_pixmap(dpi=dpi, alpha=False), dpi / 25.4


def test_the_card_back_is_light_and_nothing_near_its_edges_shows_a_shift(game):
    """A back printed 2 mm off its front moves everything by 2 mm: only what lies near the trim could
    show it (a frame, a border, a pattern cut at the edge). Everything from the bleed's edge to 5 mm
    inside the trim is the one flat ground; the whole back is light (little ink for a home printer)."""
    backs = {card_back(game, card, "en").name: card_back(game, card, "en") for card in game.cards}
    assert len(backs) == 1                                        # one back for every card
    scene = next(iter(backs.values()))
    pix, k = rendered(scene)
    b = scene.bleed
    ground = pix.pixel(int(1 * k), int(1 * k))
    assert luminance("#%02x%02x%02x" % ground) > 0.6              # light straw, not the prototype's brown
    band = (b + 5) * k
    w, h = pix.width - 1, pix.height - 1      # the last column and row are part paper, part page edge
    off = [(x, y) for y in range(h) for x in range(w)
           if (x < band or y < band or x > w - band or y > h - band)
           and max(abs(p - q) for p, q in zip(pix.pixel(x, y), ground)) > 3]
    assert not off, off[:5]
    inked = sum(1 - luminance("#%02x%02x%02x" % pix.pixel(x, y))
                for y in range(0, pix.height, 2) for x in range(0, pix.width, 2))
    assert inked / (len(range(0, pix.height, 2)) * len(range(0, pix.width, 2))) < 0.35
    # and it is drawn: the wreath and the medallion are more than the flat ground
    centre = [pix.pixel(x, y) for y in range(int(20 * k), int(70 * k)) for x in range(int(8 * k), int(60 * k))]
    assert len(set(centre)) > 50
