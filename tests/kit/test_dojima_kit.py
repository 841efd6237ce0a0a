"""Dôjima's printed kit, read back from the PDFs a player prints: every card once, one back for all,
the central board on A3 and on two sheets, the tokens and the dice stickers."""

from collections import Counter
from pathlib import Path

import pymupdf
import pytest

from pnp.build import Options, build_kit
from pnp.model import load_game

FOLDER = Path(__file__).parents[2] / "cards" / "dojima"
MM = 72 / 25.4
PARTS = ("cards", "board", "pieces", "dice")
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")


@pytest.fixture(scope="module")
def game():
    return load_game(FOLDER)


@pytest.fixture(scope="module", params=["a4", "letter"])
def kit(request, game):
    arts = build_kit(game, Options(paper=request.param, only=PARTS))
    return request.param, {a.name: a for a in arts}


def pdf(kit, name):
    paper, arts = kit
    return pymupdf.open(stream=arts[name.format(paper=paper)].data)


def mm(rect):
    return round(rect.width / MM), round(rect.height / MM)


def words_of(doc, pages=None):
    return [w[4] for i, page in enumerate(doc) if pages is None or i in pages for w in page.get_text("words")]


def test_every_card_of_the_rulebook_is_printed_once(kit):
    """18 workers (Waterer, Sower, Merchant in six colours), 3 basic and 4 advanced advisors, the
    first-player card: 26 fronts, counted by the titles printed on the front sheets."""
    doc = pdf(kit, "dojima-cards-{paper}.pdf")
    text = "\n".join(page.get_text() for page in doc)
    fronts = [i for i, page in enumerate(doc) if "· fronts" in page.get_text()]
    assert fronts and len(fronts) * 2 == doc.page_count      # every fronts sheet has its backs sheet
    front_text = "\n".join(doc[i].get_text() for i in fronts)
    counts = Counter(line.strip() for line in front_text.splitlines())
    assert counts["Waterer"] == counts["Sower"] == counts["Merchant"] == 6
    for advisor in ("Sow Advisor", "Water Advisor", "Market Advisor", "Saboteur", "Sake Seller", "Beggar",
                    "Imperial", "First player"):
        assert counts[advisor] == 1, advisor
    for colour in ("Red", "Blue", "Green", "Yellow", "Purple", "Orange"):
        assert front_text.count(f"Dôjima · {colour}") == 3, colour   # the three workers of each colour
    assert "Sake Merchant" not in text                              # one name for the one advisor


def test_all_backs_look_alike(kit):
    """A player lays three workers and an advisor face down: nothing on the back tells them apart.
    Every back prints the same two words and nothing else (the sheet note aside)."""
    doc = pdf(kit, "dojima-cards-{paper}.pdf")
    backs = [page for page in doc if "· backs" in page.get_text()]
    assert len(backs) * 2 == doc.page_count
    for page in backs:
        lines = [ln for ln in page.get_text().splitlines() if "· backs" not in ln]
        assert set(lines) == {"堂島", "Dôjima"}
        assert lines.count("Dôjima") == lines.count("堂島")


def test_the_central_board_is_a3_and_two_halves(kit):
    a3 = pdf(kit, "dojima-board-a3.pdf")
    assert a3.page_count == 1 and mm(a3[0].rect) == (420, 297)
    words = words_of(a3)
    text = a3[0].get_text()
    for word in ("Water", "Rice", "Spring", "Summer", "Autumn", "Winter", "Ryô reserve", "Saboteur", "Beggar"):
        assert word in text, word
    numbers = sorted(int(w) for w in words if w.isdigit() and len(w) == 1)
    # the water track 0-8 and the rice track 0-6, plus the digits of the panels' texts
    assert Counter(numbers) >= Counter(list(range(9)) + list(range(7)))
    paper, _ = kit
    halves = pdf(kit, "dojima-board-2x{paper}.pdf")
    assert halves.page_count == 2
    size = {"a4": (210, 297), "letter": (216, 279)}[paper]
    assert {tuple(sorted(mm(p.rect))) for p in halves} == {tuple(sorted(size))}
    # each half shows its own end of the water track
    assert "8" in words_of(halves, {1}) and "0" in words_of(halves, {0})


def test_a_track_space_holds_the_markers_of_six_players_side_by_side(game):
    """KITS.md Dôjima D2: every player starts on water 6 and rice 2, so with six players six markers
    share a space. 16 mm markers did not fit the 35.4 mm inside of a 37 mm space (a 3 x 2 block is
    47 mm wide) and had to be stacked, hiding each other's colour and sign; 11.5 mm ones fit 3 x 2."""
    markers = [p for p in game.pieces_file.pieces if p.per_clan]
    assert {p.id for p in markers} == {"water-marker", "rice-marker"}
    for track in game.trackboard.tracks:
        inside = track.space - 1.6          # the space's drawn box (pnp.draw.trackboard)
        for piece in markers:
            assert 3 * piece.diameter <= inside and 2 * piece.diameter <= inside, (track.id, piece.id)
    assert len(game.meta.clans) == 6


def test_water_spaces_hold_several_markers(kit):
    """A space is 37 mm wide, room for the 16 mm markers of two players side by side."""
    page = pdf(kit, "dojima-board-a3.pdf")[0]
    water = page.search_for("Water")[0]
    row = sorted((w[0], w[4]) for w in page.get_text("words") if w[4].isdigit() and 0 < w[1] - water.y1 < 20 * MM)
    assert [s for _x, s in row] == [str(n) for n in range(9)]
    assert {round((b - a) / MM) for (a, _), (b, _) in zip(row, row[1:])} == {37}


def test_tokens_field_ryo_and_markers(kit, game):
    paper = kit[0]      # the counters on their own sheets (a whole kit may put them on a card sheet)
    arts = {a.name: a for a in build_kit(game, Options(paper=paper, only=("pieces",), svg=False))}
    doc = pymupdf.open(stream=arts[f"dojima-pieces-{paper}.pdf"].data)
    words = Counter(words_of(doc))
    assert words["Field"] == 6
    assert words["Ryô"] == 38                      # 26 of value 1 and 12 of value 3
    # 12 markers, one water and one rice per colour: 11.5 mm, too small for a name (the drop or the
    # sheaf says which), counted by their cut circles
    assert words["Water"] == words["Rice"] == 0
    cuts = [d for page in doc for d in page.get_drawings() if d.get("color") == (0.0, 0.0, 0.0)
            and abs(d["rect"].width - 11.25 * MM) < 0.1 * MM and abs(d["rect"].height - 11.25 * MM) < 0.1 * MM]
    assert len(cuts) == 12
    # the number printed above each "Field" label: the six tokens are 1 to 6
    fields = []
    for page in doc:
        found = page.get_text("words")
        for f in (w for w in found if w[4] == "Field"):
            centre = (f[0] + f[2]) / 2
            fields += [int(w[4]) for w in found if w[4].isdigit() and abs((w[0] + w[2]) / 2 - centre) < 3 * MM
                       and 0 < f[1] - w[1] < 15 * MM]
    fields.sort()
    assert fields == [1, 2, 3, 4, 5, 6]


def test_dice_stickers_four_per_colour_and_the_black_die(kit):
    doc = pdf(kit, "dojima-dice-{paper}.pdf")
    text = "\n".join(page.get_text() for page in doc)
    for colour in ("Red", "Blue", "Green", "Yellow", "Purple", "Orange"):
        assert f"{colour} die 4/4" in text and f"{colour} die 5/4" not in text
    assert "Black die 1/1" in text


def test_dice_stickers_come_in_blocks_that_fill_the_width(kit):
    """Each die's six faces are a 3 x 2 block under its name, blocks three to a row: the 25 dice's
    13 mm stickers take two sheets, and no two stickers overlap."""
    doc = pdf(kit, "dojima-dice-{paper}.pdf")
    sticker_pages = [page for page in doc if "die faces" in page.get_text()]
    assert len(sticker_pages) == 2
    for page in sticker_pages:
        squares = [d["rect"] for d in page.get_drawings() if d.get("color") and not d.get("fill")
                   and abs(d["rect"].width - 13 * MM) < 0.5 and abs(d["rect"].height - 13 * MM) < 0.5]
        assert squares
        assert not any(a.intersects(b) for i, a in enumerate(squares) for b in squares[i + 1:])
    squares = [d["rect"] for d in sticker_pages[0].get_drawings() if d.get("color") and not d.get("fill")
               and abs(d["rect"].width - 13 * MM) < 0.5]
    assert max(r.x1 for r in squares) - min(r.x0 for r in squares) > 0.6 * sticker_pages[0].rect.width


def test_the_sticker_sheet_names_the_blank_die_and_how_many_to_buy(kit, game):
    """The issue: 16 mm stickers with no die size stated overhang a 16 mm die, whose rounded edges
    leave a 13-14 mm flat face. Now the sheet says which die (16 mm), the sticker size (13 mm, under
    the face) and the count: 4 dice for each of 6 colours and the black die, 6 x 4 + 1 = 25."""
    doc = pdf(kit, "dojima-dice-{paper}.pdf")
    first = " ".join(doc[0].get_text().split())
    assert "You need 25 blank dice of 16 mm: the 13 mm stickers sit inside a die's flat face." in first
    assert game.dice.blank == 16 and all(d.size <= 13.6 for d in game.dice.dice)


def test_the_paper_dice_fold_up_one_for_each_blank(kit):
    """25 cube nets of 18 mm faces: six faces in a cross and seven glue tabs (one for each pair of
    edges that meet), with the faces 1-6, 2-5, 3-4 opposite, as on a real die."""
    doc = pdf(kit, "dojima-dice-{paper}.pdf")
    net_pages = [page for page in doc if _nets(page)]
    assert "25 paper dice of 18 mm" in " ".join(net_pages[0].get_text().split())
    outlines = [d for page in net_pages for d in _nets(page)]
    assert len(outlines) == 25
    for d in outlines:
        # 4 edges of 18 mm across plus the right-hand tab (0.28 of an edge); three edges tall
        assert abs(d["rect"].width / MM - (4 * 18 + 0.28 * 18)) < 0.3
        assert abs(d["rect"].height / MM - 3 * 18) < 0.3
        assert len(d["items"]) == 7 + 7 * 3    # 14 edges of the cross, 7 of them with a 3-sided tab


def _nets(page):
    """The black cut lines of the paper dice on `page` (a cross with its tabs has 28 sides)."""
    return [d for d in page.get_drawings()
            if d.get("color") == (0.0, 0.0, 0.0) and not d.get("fill") and len(d["items"]) > 20]


def _stickers(page):
    return [d["rect"] for d in page.get_drawings() if d.get("color") and not d.get("fill")
            and abs(d["rect"].width - 13 * MM) < 0.5 and abs(d["rect"].height - 13 * MM) < 0.5]


def test_the_dice_pages_are_packed_with_no_page_for_one_die(kit):
    """Issue 24: a page held only the black die's stickers or net (A4 6 pages, Letter 7). The nets now
    start under the last stickers: 25 sticker sets and 25 nets take 5 pages on both papers, every
    page carries at least two dice, every net and sticker is whole on its page and clear of the
    5 mm a home printer cannot reach, and no two of them overlap."""
    paper, _ = kit
    doc = pdf(kit, "dojima-dice-{paper}.pdf")
    assert doc.page_count == 5, paper
    stickers = nets = 0
    for page in doc:
        labels = [line for line in page.get_text().split("\n") if " die " in line and "/" in line]
        assert len(labels) >= 2, (paper, page.number, labels)
        inside = page.rect + (5 * MM, 5 * MM, -5 * MM, -5 * MM)
        cut = [d["rect"] for d in _nets(page)] + _stickers(page)
        for rect in cut:
            assert inside.contains(rect), (paper, page.number, rect)
        assert not any(a.intersects(b) for i, a in enumerate(cut) for b in cut[i + 1:])
        for word in page.get_text("words"):
            assert inside.contains(pymupdf.Rect(word[:4])), (paper, page.number, word[4])
        nets += len(_nets(page))
        stickers += len(_stickers(page))
    assert nets == 25 and stickers == 25 * 6
    # the last sticker page carries the first nets, under their own heading
    last_stickers = max(i for i, page in enumerate(doc) if _stickers(page))
    assert _nets(doc[last_stickers]) and "paper dice of 18 mm" in " ".join(doc[last_stickers].get_text().split())


def test_the_svgs_name_every_card(game):
    arts = build_kit(game, Options(only=("cards",)))
    names = [a.name.rsplit("/", 1)[-1] for a in arts if "/cards/" in a.name and a.name.endswith(".svg")]
    for colour in COLOURS:
        for role in ("waterer", "sower", "merchant"):
            assert sum(n.startswith(f"{role}-{colour}") for n in names) == 1, (role, colour)
    for advisor in ("sow-advisor", "water-advisor", "market-advisor", "saboteur", "sake-seller", "beggar",
                    "imperial", "first-player"):
        assert sum(n.startswith(advisor) for n in names) == 1, advisor
    assert len([n for n in names if not n.startswith("back-")]) == 26


def test_the_player_aid_card_one_per_player(game):
    """The turn summary and the reveal order on a card, one for each of up to six players: the
    phases on the front, the reveal order A to E after them (its first steps on the front, where
    keeping it whole on the back would set the rules under 7 pt) and the seasons on the back."""
    arts = {a.name: a for a in build_kit(game, Options(only=("aid",)))}
    doc = pymupdf.open(stream=arts["dojima-aid-a4.pdf"].data)
    front, back = doc[0].get_text(), doc[1].get_text()
    assert front.count("Each round, five phases") == 6
    assert back.count("Reveal order") == 6 and back.count("Seasons") == 6
    # step A says what each does (review R2 item 11): the Saboteur leaves only the active field paying
    for step in ("Saboteur: only the active field pays", "Sow Advisor, then Sowers", "Water Advisor, then Waterers",
                 "Market Advisor, then Merchants", "Beggar"):
        assert (front + back).count(step) >= 6, step
