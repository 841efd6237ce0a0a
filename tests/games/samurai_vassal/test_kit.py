"""The Samurai Vassal kit as printed (issue 24): every card front carries its own emblem between the
name band and the effect, rules text is 7 pt or more, a player's cards carry a sign besides their
colour (front and back), and the 5-Trust counter's cut line can be seen. Read back from the PDFs."""

from __future__ import annotations

import re

import pytest

from pnp.build import Options, build_kit
from pnp.catalog import cards_dir
from pnp.draw import vector
from pnp.draw.card import card_face
from pnp.draw.colourblind import confusable
from pnp.draw.contrast import ratio
from pnp.draw.ink import ink_saving, save_ink
from pnp.draw.piece import CUT, counter_scene
from pnp.draw.shapes import Circle, Group, Path
from pnp.model import load_game
from tests.conftest import open_pdf

GAME = load_game(cards_dir() / "samurai-vassal")
TYPES = sorted({c.type_id for c in GAME.cards})
PROPOSALS = {c.type_id for c in GAME.cards if c.clan}


@pytest.fixture(scope="module")
def cards_pdf():  # type: ignore[no-untyped-def]
    [pdf] = [a for a in build_kit(GAME, Options(svg=False, only=("cards",))) if a.name.endswith(".pdf")
             and "-cards-" in a.name]
    return open_pdf(pdf.data)


def test_every_card_type_has_its_own_emblem_drawn_in_its_colour():
    seen: dict[bytes, str] = {}
    for tid in TYPES:
        [card] = [c for c in GAME.cards if c.type_id == tid][:1]
        assert card.type.image == f"art/{tid}.svg", tid
        data = (GAME.folder / card.type.image).read_bytes()
        assert data not in seen, f"{tid} and {seen.get(data)} share one drawing"
        seen[data] = tid
        art = vector.read(data)
        colours = {p.style.fill for p in art.paths} | {p.style.stroke for p in art.paths}
        assert vector.CURRENT in colours, f"{tid}: the emblem never takes the card's colour"
        assert len(art.paths) >= 4, f"{tid}: a frame and a motif, at least"


def _emblem_paths(tid: str) -> int:
    return len(vector.read((GAME.folder / "art" / f"{tid}.svg").read_bytes()).paths)


def _paths_in(shapes, box) -> int:  # type: ignore[no-untyped-def]
    """How many paths `shapes` draw in groups clipped to lie inside `box` (x, y, w, h): placed art."""
    x, y, w, h = box
    n = 0
    for s in shapes:
        if isinstance(s, Group) and s.clip is not None:
            gx, gy = s.dx + s.clip[0], s.dy + s.clip[1]
            if x - 1e-6 <= gx and gx + s.clip[2] <= x + w + 1e-6 and y - 1e-6 <= gy and gy + s.clip[3] <= y + h + 1e-6:
                n += _count(s.shapes)
    return n


def _count(shapes) -> int:  # type: ignore[no-untyped-def]
    return sum(1 if isinstance(s, Path) else _count(s.shapes) if isinstance(s, Group) else 0 for s in shapes)


def test_every_front_has_name_art_effect_and_values_in_their_places():
    for card in GAME.cards:
        layout = GAME.face_layout_of(card)
        w, h = GAME.size_of(card).size
        els = layout.elements
        face = card_face(GAME, card, "en")
        art = tuple(v * (w if i % 2 == 0 else h) for i, v in enumerate(els["art"].box))
        assert _paths_in(face.shapes, art) == _emblem_paths(card.type_id), f"{card.label}: not its emblem"
        # top to bottom: level and name, the art, the effect, the footer
        assert els["title"].box[1] + els["title"].box[3] <= els["art"].box[1]
        assert els["trust"].box[1] + els["trust"].box[3] <= els["art"].box[1]
        assert els["art"].box[1] + els["art"].box[3] <= els["text"].box[1]
        assert els["level"].size > els["title"].size > els["text"].size >= 7.0


def test_every_sheet_of_fronts_draws_each_cards_emblem(cards_pdf):  # type: ignore[no-untyped-def]
    # Eight cards a sheet; the aid cards' sheet (the last fronts) has none of the deck's art.
    least = min(_emblem_paths(t) for t in TYPES)
    for i in range(0, cards_pdf.page_count - 2, 2):
        words = cards_pdf[i].get_text()
        here = sum(words.count(c.type.title["en"]) for c in GAME.cards if c.number in range(1, 7) or c.number > 100)
        assert len(cards_pdf[i].get_drawings()) >= here * least, f"fronts sheet {i // 2 + 1}"


def test_rules_text_on_cards_is_seven_points_or_more(cards_pdf):  # type: ignore[no-untyped-def]
    # Everything under 7 pt must be a footer ("Samurai Vassal · Red"), the aid card's corner or the sheet's notes.
    small_ok = re.compile(r"^(Samurai Vassal( · .*)?|.*print at 100%.*|.*fronts \d+/\d+.*|.*backs \d+/\d+.*)$")
    effects = {c.type.text["en"] for c in GAME.cards}
    checked = 0
    for page in cards_pdf:
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                words = "".join(s["text"] for s in line["spans"]).strip()
                size = min(s["size"] for s in line["spans"])
                if any(words and words in e for e in effects):
                    checked += 1
                if words and size < 7.0 - 1e-6:
                    assert small_ok.match(words), f"{words!r} printed at {size:.2f} pt"
    assert checked > 64


def test_a_players_cards_carry_a_sign_besides_their_colour(cards_pdf):  # type: ignore[no-untyped-def]
    words = "\n".join(p.get_text() for p in cards_pdf)
    markers = {}
    for clan in GAME.clans.values():
        seat = {c.field("seat", "en") for c in GAME.cards if c.clan is clan}
        assert len(seat) == 1 and None not in seat, clan.id
        [sign] = seat
        assert sign and sign.endswith(clan.name["en"]), sign
        # six fronts print it, and the back (one drawing a clan on the backs sheets) repeats it
        assert words.count(sign) >= 6 + 1, (sign, words.count(sign))
        markers[clan.id] = (clan.colour, sign.split()[0])
    assert len({s for _, s in markers.values()}) == len(markers), "two players share a sign"
    assert confusable(markers) == []
    # colour alone would not do: red and green, blue and purple meet under some colour vision
    assert confusable({k: (c, "card") for k, (c, _) in markers.items()})


@pytest.mark.parametrize("ink", [False, True], ids=["colour", "ink-saver"])
def test_every_counters_cut_line_stands_out_from_its_colour(ink):  # type: ignore[no-untyped-def]
    for counter in GAME.counters:
        shapes = counter_scene(counter, "en").shapes
        if ink:
            with ink_saving(True):
                shapes = save_ink(shapes)
        fill = next(s.style.fill for s in shapes if isinstance(s, Circle) and s.style.fill)
        cut = [s for s in shapes if isinstance(s, Circle) and s.style.stroke == CUT.stroke and not s.style.fill]
        assert cut and fill
        assert ratio(cut[-1].style.stroke, fill) >= 3.0, f"{counter.piece.id}: cut line on {fill} at " \
            f"{ratio(cut[-1].style.stroke, fill):.1f}:1"


def test_trust_is_a_coin_with_its_value_inside():
    """Issue 24 review (Samurai Vassal D2): Trust, which players tally every round, was a small "● 2".
    Now every front prints the value bold inside a coin at least 7 mm across (the rulebook draws Trust as
    a coin), so a row of face-up cards can be summed across the table."""
    from pnp.draw.shapes import Text

    el = GAME.face_layout_of(GAME.cards[0]).elements["trust"]
    assert el.image == "art/trust-mark.svg"
    for card in GAME.cards:
        w, h = GAME.size_of(card).size
        face = card_face(GAME, card, "en")
        x, y, bw, bh = (v * (w if i % 2 == 0 else h) for i, v in enumerate(el.box))
        coins = [s for s in face.shapes if isinstance(s, Group) and s.clip == (x, y, bw, bh)]
        assert len(coins) == 1, card.label
        side = min(bw, bh)
        assert side >= 7.0, side
        value = str(card.field("trust", "en"))
        [t] = [s for s in face.shapes if isinstance(s, Text) and s.string == value and x <= s.x - s.width / 2
               and s.x + s.width / 2 <= x + bw and y <= s.y <= y + bh]
        assert t.size >= 10 and all(r.font == "sans-bold" for r in t.runs), (card.label, t)


def test_the_colour_sets_sign_prints_large_on_front_and_back(cards_pdf):  # type: ignore[no-untyped-def]
    """Issue 24 review (Samurai Vassal D3): the set's sign was only text-sized ("▲ Red" at 8.5 pt), and
    for a protanope blue and purple, for a deuteranope red and green, are the same: the sign carries
    the whole signal and must read across the table. Each proposal front now prints it twice at 18 pt
    or more (about 6 mm), and each proposal back at 14 pt or more either side of its colour's name."""
    signs = {c.field("sign", "en") for c in GAME.cards if c.clan}
    assert len(signs) == len(GAME.clans) == 6
    big: dict[str, int] = {s: 0 for s in signs}
    backs: dict[str, int] = {s: 0 for s in signs}
    for i, page in enumerate(cards_pdf):
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    for s in signs:
                        if s in span["text"] and span["size"] >= (18 if i % 2 == 0 else 14) - 1e-3:
                            (big if i % 2 == 0 else backs)[s] += span["text"].count(s)
    for s in signs:
        assert big[s] == 2 * 6, (s, big[s])          # six proposals of a set, two signs each
        assert backs[s] >= 2, (s, backs[s])           # the back: "▲ Red ▲"
