"""One card per page (`--target pdf-cards`, and `dtc` for DriveThruCards) read back with pikepdf,
pypdf and PyMuPDF: page and trim sizes, front-then-back order, and for `dtc` the CMYK colours (black
text and lines in black ink alone), the output intent and the PDF/X keys."""

import io
import re

import pikepdf
import pymupdf
import pypdf
import pytest
from PIL import Image

from pnp.errors import UsageError
from pnp.export import export, settings
from pnp.model import load_game
from tests.export.conftest import GAMES, USER_GAMES, WHERE, aid_copies, exported, fast_games, game_of

PT = 72 / 25.4


def decks(game):
    out = {}
    for card in game.cards:
        out.setdefault(card.deck, []).append(card)
    return out


def boxes(page):
    return {name: [round(float(v), 2) for v in page[name]] for name in ("/MediaBox", "/TrimBox", "/BleedBox")}


def paint(page, ops=None):
    """(operator, fill, stroke) for every text shown and path stroked, with the colour then current
    (through q/Q), as the page's content stream sets it (`ops`: the stream already parsed)."""
    fill, stroke, stack, out = ("rgb", (0.0, 0.0, 0.0)), ("rgb", (0.0, 0.0, 0.0)), [], []
    for item in pikepdf.parse_content_stream(page) if ops is None else ops:
        op = str(item.operator)
        args = [float(a) for a in item.operands] if op in ("rg", "k", "g", "RG", "K", "G") else []
        if op == "q":
            stack.append((fill, stroke))
        elif op == "Q":
            fill, stroke = stack.pop()
        elif op in ("rg", "k", "g"):
            fill = ({"rg": "rgb", "k": "cmyk", "g": "gray"}[op], tuple(args))
        elif op in ("RG", "K", "G"):
            stroke = ({"RG": "rgb", "K": "cmyk", "G": "gray"}[op], tuple(args))
        elif op in ("Tj", "TJ", "'", '"'):
            out.append(("text", fill))
        elif op in ("S", "s", "B", "B*", "b", "b*"):
            out.append(("line", stroke))
    return out


@pytest.mark.parametrize("name", GAMES + USER_GAMES)
def test_pdf_cards_one_card_a_page_front_then_back_with_trim_and_bleed_boxes(name):
    game = game_of(name)
    files = exported(name, "pdf-cards")
    aid = [f"{game.id}-aid-pdf-cards.pdf"] if aid_copies(game) else []
    assert sorted(files) == sorted([f"{game.id}-{deck}-pdf-cards.pdf" for deck in decks(game)] + aid)
    for deck, cards in decks(game).items():
        data = files[f"{game.id}-{deck}-pdf-cards.pdf"]
        reader = pypdf.PdfReader(io.BytesIO(data))
        assert len(reader.pages) == 2 * len(cards)
        w, h = game.size_of(cards[0]).size
        b = game.face_layout_of(cards[0]).bleed         # the layout's own bleed: 3 mm
        doc = pymupdf.open(stream=data, filetype="pdf")
        for i, card in enumerate(cards):
            for page_no in (2 * i, 2 * i + 1):
                page = reader.pages[page_no]
                assert boxes(page) == {"/MediaBox": [0, 0, round((w + 2 * b) * PT, 2), round((h + 2 * b) * PT, 2)],
                                       "/TrimBox": [round(b * PT, 2), round(b * PT, 2), round((w + b) * PT, 2),
                                                    round((h + b) * PT, 2)],
                                       "/BleedBox": [0, 0, round((w + 2 * b) * PT, 2), round((h + 2 * b) * PT, 2)]}
            front, back = (" ".join(doc[n].get_text().split()) for n in (2 * i, 2 * i + 1))
            rules = " ".join(card.type.text[game.meta.languages[0]].split()[:3])
            assert card.type.title[game.meta.languages[0]].split()[0] in front, (card.slug, front)
            if rules:                       # the card's own words on its front, not on its back
                assert rules in front, (card.slug, rules, front)
                assert rules not in back
        # Every card sharing a back has the same back page, drawn once per card.
        firsts = {}
        for i, card in enumerate(cards):
            content = doc[2 * i + 1].read_contents()
            assert firsts.setdefault(card.back_key, content) == content


@pytest.mark.parametrize("target", ["pdf-cards", "dtc"])
def test_the_player_aid_is_exported_a_card_per_player_front_then_back(target):
    """Daimyni's aid, one per player (2): four poker-card pages, the turn summary's first side on the
    odd pages and its second on the even ones, each with the shop's bleed and TrimBox."""
    game = game_of(GAMES[0])
    files = exported(GAMES[0], target)
    data = files[f"{game.id}-aid-{target}.pdf"]
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 2 * aid_copies(game) == 4
    doc = pymupdf.open(stream=data, filetype="pdf")
    for n in range(4):
        assert ("1/2" if n % 2 == 0 else "2/2") in doc[n].get_text()
        w, h = (round(float(v), 2) for v in reader.pages[n].trimbox[2:])
        x, y = (round(float(v), 2) for v in reader.pages[n].trimbox[:2])
        assert (round(w - x, 1), round(h - y, 1)) == (180.0, 252.0)      # 2.5 x 3.5 in


def test_pdf_cards_take_a_bleed():
    name = GAMES[0]
    reader = pypdf.PdfReader(io.BytesIO(next(iter(exported(name, "pdf-cards", bleed="1/8in").values()))))
    assert [round(float(v), 2) for v in reader.pages[0].mediabox] == [0, 0, 198, 270]   # 2.75 x 3.75 in
    assert [round(float(v), 2) for v in reader.pages[0].trimbox] == [9, 9, 189, 261]


@pytest.mark.parametrize("name", fast_games(GAMES))
def test_dtc_is_cmyk_with_black_text_and_lines_in_black_ink_alone(name):
    game = game_of(name)
    files, rgb = exported(name, "dtc"), exported(name, "pdf-cards", bleed="1/8in")
    for deck, cards in decks(game).items():
        pdf = pikepdf.open(io.BytesIO(files[f"{game.id}-{deck}-dtc.pdf"]))
        twin = pikepdf.open(io.BytesIO(rgb[f"{game.id}-{deck}-pdf-cards.pdf"]))
        assert len(pdf.pages) == 2 * len(cards)
        black_texts = 0
        painted = []        # each page's content stream parsed once (the parse is most of this test's time)
        for page, same in zip(pdf.pages, twin.pages):
            assert [round(float(v), 2) for v in page.MediaBox] == [0, 0, 198, 270]   # DTC: 2.75 x 3.75 in
            assert [round(float(v), 2) for v in page.TrimBox] == [9, 9, 189, 261]    # 2.5 x 3.5 in
            assert [round(float(v), 2) for v in page.BleedBox] == [0, 0, 198, 270]
            ops = pikepdf.parse_content_stream(page)
            assert not {str(o.operator) for o in ops} & {"rg", "RG", "g", "G", "cs", "CS", "sc", "scn"}
            drawn, designed = paint(page, ops), paint(same)
            painted.append((drawn, designed))
            assert [d[0] for d in drawn] == [d[0] for d in designed]      # the same drawing, colour aside
            for (what, (space, cmyk)), (_, (_, rgb_colour)) in zip(drawn, designed):
                assert space == "cmyk"
                spread, mean = max(rgb_colour) - min(rgb_colour), sum(rgb_colour) / 3
                # designed grey, or a dark near-grey (docs/exports.md); a light warm tint such as the
                # cream that vector art strokes with keeps its C, M and Y
                if spread <= 1.5 / 255 or (spread <= 0.08 and mean <= 0.5):
                    assert cmyk[:3] == (0, 0, 0), (what, rgb_colour, cmyk)
                    black_texts += what == "text" and cmyk[3] > 0.5
                else:                                                    # a colour keeps its hue
                    assert max(cmyk[:3]) > 0
        assert black_texts > 0      # the rules text is there, in black ink alone
        # Text designed in a near-black (the layouts' #231f1a, 88 % grey) prints solid, 100 % K.
        solid = [(c, d) for drawn, designed in painted
                 for (what, (_, c)), (_, (_, d)) in zip(drawn, designed)
                 if what == "text" and max(d) - min(d) <= 0.08 and sum(d) / 3 <= 0.15]
        assert solid and all(c == (0, 0, 0, 1) for c, _ in solid)


@pytest.mark.parametrize("name", GAMES[:1])
def test_dtc_carries_the_pdfx_keys_and_embeds_its_fonts(name):
    game = game_of(name)
    data = next(iter(exported(name, "dtc").values()))
    assert data.startswith(b"%PDF-1.4")      # PDF/X-1a:2003 is PDF 1.4
    pdf = pikepdf.open(io.BytesIO(data))
    (intent,) = list(pdf.Root.OutputIntents)
    assert intent.S == "/GTS_PDFX"
    assert str(intent.OutputConditionIdentifier) == "CGATS TR 001"
    assert str(intent.RegistryName) == "http://www.color.org"
    info = pdf.trailer.Info
    assert str(info.GTS_PDFXVersion) == "PDF/X-1a:2003"     # ISO 15930-4's key; no GTS_PDFXConformance
    assert "/GTS_PDFXConformance" not in info
    assert "/DestOutputProfile" not in intent       # pnp ships no profile: the registered condition is named
    assert info.Trapped == "/False"
    assert str(info.Title).startswith(game.meta.title)
    assert "/CreationDate" in info and "/ModDate" in info
    assert "/ID" in pdf.trailer
    doc = pymupdf.open(stream=data, filetype="pdf")
    for n in range(len(doc)):
        fonts = doc.get_page_fonts(n)
        assert fonts and all(f[1] == "ttf" for f in fonts), fonts     # embedded TrueType, nothing by name only
    for page in pdf.pages:
        assert "/Group" not in page.obj                                  # no transparency group


def test_dtc_pictures_become_cmyk_without_transparency(user_game):
    """A user's card picture with an alpha channel: in the DTC file it is DeviceCMYK, flattened on
    white (PDF/X-1a allows no soft mask)."""
    folder = user_game()
    art = folder / "art" / "seal.png"
    art.parent.mkdir(exist_ok=True)
    im = Image.new("RGBA", (60, 40), (0, 160, 0, 255))
    im.paste((0, 0, 0, 0), (30, 0, 60, 40))      # its right half see-through
    im.save(art)
    text = (folder / "cards.toml").read_text(encoding="utf-8")
    first_type = text.split("[types.", 1)[1].split("]", 1)[0]
    head = f"[types.{first_type}]\n"
    text = re.sub(re.escape(head) + r'image = "[^"]*"\n', head, text)     # the game's own art, replaced
    (folder / "cards.toml").write_text(text.replace(head, f'{head}image = "art/seal.png"\n'), encoding="utf-8")
    game = load_game(folder)
    (data,) = [a.data for a in export(game, settings("dtc", None, None), None, WHERE)]
    pdf = pikepdf.open(io.BytesIO(data))
    images = [x for page in pdf.pages for x in page.obj.Resources.get("/XObject", {}).values()
              if x.get("/Subtype") == "/Image"]
    assert images
    for xobj in images:
        assert xobj.ColorSpace == "/DeviceCMYK"
        assert "/SMask" not in xobj and "/Mask" not in xobj
        picture = pikepdf.PdfImage(xobj).as_pil_image()
        assert picture.mode == "CMYK"
        c, m, y, k = picture.getpixel((5, 5))             # the green half: cyan and yellow, darkened by
        assert c > 240 and y > 240 and 80 < m < 110 and k == 0    # magenta (1 - 160/255 = 37 %), no black
        assert picture.getpixel((picture.width - 5, 5)) == (0, 0, 0, 0)   # the clear half: white paper


def test_dtc_prints_see_through_vector_art_solid(user_game):
    """PDF/X-1a allows no transparency: SVG art's opacity, which the kit's PDF keeps, is set to 1."""
    folder = user_game()
    (folder / "art").mkdir(exist_ok=True)
    (folder / "art" / "veil.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                                             '<rect width="10" height="10" fill="#2255aa" opacity="0.5"/></svg>')
    text = (folder / "cards.toml").read_text(encoding="utf-8")
    first_type = text.split("[types.", 1)[1].split("]", 1)[0]
    head = f"[types.{first_type}]\n"
    text = re.sub(re.escape(head) + r'image = "[^"]*"\n', head, text)
    (folder / "cards.toml").write_text(text.replace(head, f'{head}image = "art/veil.svg"\n'), encoding="utf-8")
    game = load_game(folder)
    (data,) = [a.data for a in export(game, settings("dtc", None, None), None, WHERE)]
    alphas = [float(state[k]) for page in pikepdf.open(io.BytesIO(data)).pages
              for state in page.obj.Resources.get("/ExtGState", {}).values() for k in ("/ca", "/CA") if k in state]
    assert alphas and all(a == 1 for a in alphas)


def test_dtc_refuses_a_size_it_does_not_print():
    with pytest.raises(UsageError, match="not a card size pnp knows DriveThruCards prints"):
        exported(USER_GAMES[0], "dtc")


def test_pdfs_are_byte_identical_for_the_same_input():
    fresh = exported.__wrapped__     # two exports of their own; the cache stays for the other tests
    first = fresh(GAMES[0], "dtc"), fresh(GAMES[0], "pdf-cards")
    assert (fresh(GAMES[0], "dtc"), fresh(GAMES[0], "pdf-cards")) == first
