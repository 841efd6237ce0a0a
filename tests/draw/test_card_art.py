"""Every card's art box is filled (issue 10, defect 10: Daimyo's Mastery cards left the lower half
of the box empty): the picture in the box, a glyph, an icon or both, is measured on the rendered
card: its ink is centred in the box and spans most of it."""

import pymupdf
import pytest

from pnp.catalog import find_game
from pnp.draw import vector
from pnp.draw.card import card_face
from pnp.draw.shapes import Group
from pnp.model.game import load_game
from pnp.render.pdf import Page, render_pdf

MM = 72 / 25.4
DPI = 150


def art_ink(game, card):
    """The art box (x, y, w, h, mm on the card) and the box, in mm, holding the ink drawn in it (the
    glyph and icon: pixels far from the box's tint, away from its outline)."""
    scene = card_face(game, card, "en")
    layout = game.face_layout_of(card)
    bx, by, bw, bh = layout.elements["art"].box
    box = (bx * scene.width, by * scene.height, bw * scene.width, bh * scene.height)
    page = Page(scene.width, scene.height, [Group(tuple(scene.shapes))], (0, 0, scene.width, scene.height),
                (0, 0, scene.width, scene.height))
    doc = pymupdf.open(stream=render_pdf([page], "card"), filetype="pdf")
    inset = 1.2   # leave out the outline and the rounded corners
    clip = pymupdf.Rect((box[0] + inset) * MM, (box[1] + inset) * MM, (box[0] + box[2] - inset) * MM,
                        (box[1] + box[3] - inset) * MM)
    pix = doc[0].get_pixmap(dpi=DPI, clip=clip, alpha=False)
    tint = pix.pixel(pix.width // 2, 1)
    px = 25.4 / DPI
    badge = None      # the player-count badge in the box's corner is not the art
    if "players" in layout.elements and card.players:
        p = layout.elements["players"].box
        left, top = box[0] + inset, box[1] + inset
        badge = ((p[0] * scene.width - left) / px, (p[1] * scene.height - top) / px,
                 ((p[0] + p[2]) * scene.width - left) / px, ((p[1] + p[3]) * scene.height - top) / px)
    xs, ys = [], []
    for y in range(pix.height):
        for x in range(0, pix.width, 2):
            if badge and badge[0] - 2 <= x <= badge[2] + 2 and badge[1] - 2 <= y <= badge[3] + 2:
                continue
            if sum(abs(a - b) for a, b in zip(pix.pixel(x, y), tint)) > 120:
                xs.append(x)
                ys.append(y)
    if not xs:
        return box, None
    return box, (box[0] + inset + min(xs) * px, box[1] + inset + min(ys) * px,
                 (max(xs) - min(xs)) * px, (max(ys) - min(ys)) * px)


def kinds(game_id):
    game = load_game(find_game(game_id))
    firsts = {}
    for card in game.cards:
        if "art" in game.face_layout_of(card).elements:
            firsts.setdefault(card.type_id, card)
    return game, list(firsts.values())


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["daimyni", "daimyo"])
def test_every_card_type_fills_its_art_box(game_id):
    game, cards = kinds(game_id)
    assert cards
    for card in cards:
        box, ink = art_ink(game, card)
        assert ink is not None, card.label
        x, y, w, h = box
        ix, iy, iw, ih = ink
        middle = iy + ih / 2
        assert abs(middle - (y + h / 2)) < 0.12 * h, (card.label, card.type_id, "off centre", round(middle - y, 1), h)
        assert abs(ix + iw / 2 - (x + w / 2)) < 0.12 * w, (card.label, card.type_id)
        assert iw > 0.6 * w or ih > 0.55 * h, (card.label, card.type_id, "too small", ink, box)


def _bounds(path):
    pts = [v for _op, ps in path.segments for v in ps]
    pad = path.style.width / 2 if path.style.stroke else 0.0
    return min(pts[0::2]) - pad, min(pts[1::2]) - pad, max(pts[0::2]) + pad, max(pts[1::2]) + pad


@pytest.mark.parametrize("game_id", ["daimyni", "daimyo", "samurai-vassal", "dojima", "shogun-solitaire"])
def test_no_card_art_has_a_blank_white_disc(game_id):
    """Issue 24 review (Daimyni D1, Daimyo D3): the sun of the Densho art was a flat white disc with no
    outline, which on the tinted panel read as a missing sticker. A pure white area of more than 3 % of a
    picture, with no outline, is that blank: each such shape must be drawn (an outline, a colour)."""
    game = load_game(find_game(game_id))
    files = sorted({c.type.image for c in game.cards if c.type.image and c.type.image.endswith(".svg")})
    assert files
    for name in files:
        art = vector.read((game.folder / name).read_bytes())
        _vx, _vy, vw, vh = art.box
        for p in art.paths:
            if p.style.fill == "#ffffff" and not p.style.stroke:
                x0, y0, x1, y1 = _bounds(p)
                assert (x1 - x0) * (y1 - y0) <= 0.03 * vw * vh, (name, "a blank white shape", (x0, y0, x1, y1))


def test_the_player_count_pill_covers_no_part_of_the_picture():
    """Issue 24 review (Daimyo D3): the "2+" pill sat on the art's sun, like a label stuck on a blank
    sticker. On every Daimyo card with a player count, nothing of the picture but the ground along the
    panel's foot lies under the pill (its box, with 0.5 mm around it)."""
    game = load_game(find_game("daimyo"))
    checked = 0
    for card in game.cards:
        if not card.players:
            continue
        layout = game.face_layout_of(card)
        scene = card_face(game, card, "en")
        w, h = scene.width, scene.height
        ax, ay, aw, ah = layout.elements["art"].box
        px, py, pw, ph = layout.elements["players"].box
        pill = (px * w - 0.5, py * h - 0.5, (px + pw) * w + 0.5, (py + ph) * h + 0.5)
        art = vector.read((game.folder / card.type.image).read_bytes())
        [group] = vector.fitted(art, (ax * w, ay * h, aw * w, ah * h))
        ground = group.shapes[0]          # the hill along the foot of every picture
        for p in group.shapes[1:]:
            x0, y0, x1, y1 = _bounds(p)
            assert x1 < pill[0] or x0 > pill[2] or y1 < pill[1] or y0 > pill[3], (card.label, card.type.image, p.style)
        assert _bounds(ground)[1] > pill[3]
        checked += 1
    assert checked == 32
