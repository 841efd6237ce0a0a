"""Images on cards: a card type's `image` fills the layout's art box (scaled to cover it, centred,
clipped), a layout element's `image` fills its box; both reach the PDF (ReportLab drawImage) and
the SVG (a data URI). Paths stay inside the game folder; a bad or missing image stops the build
with exit 2 naming the file and the key."""

import base64
import io
import os
import re
import shutil
import xml.etree.ElementTree as ET

import pymupdf
import pytest
from PIL import Image

from pnp.build import Options, build_kit
from pnp.errors import DefinitionError
from pnp.model import load_game
from pnp.paths import cards_dir
from tests.conftest import run_pnp

MM = 72 / 25.4
GREEN, BLUE = (0, 200, 0), (0, 0, 220)


def png(path, size=(400, 100), colour=GREEN, fmt="PNG"):
    """A picture `colour` on its left half and blue on its right."""
    im = Image.new("RGB", size, colour)
    im.paste(BLUE, (size[0] // 2, 0, size[0], size[1]))
    path.parent.mkdir(parents=True, exist_ok=True)
    im.save(path, fmt)
    return path


@pytest.fixture
def game(tmp_path):
    folder = tmp_path / "g"
    shutil.copytree(cards_dir() / "daimyni", folder, ignore=shutil.ignore_patterns("booklet", "samples"))
    return folder


def with_image(folder, value, type_id="move-daimyo"):
    text = (folder / "cards.toml").read_text(encoding="utf-8")
    head = f"[types.{type_id}]\n"
    text = re.sub(re.escape(head) + r'image = "[^"]*"\n', head, text)     # the game's own art, replaced
    (folder / "cards.toml").write_text(text.replace(head, f'{head}image = "{value}"\n'), encoding="utf-8")


def cards(folder):
    return {a.name: a for a in build_kit(load_game(folder), Options(only=("cards",)))}


def test_a_type_image_fills_the_art_box_in_pdf_and_svg(game):
    png(game / "art" / "daimyo.png")
    with_image(game, "art/daimyo.png")
    arts = cards(game)
    doc = pymupdf.open(stream=arts["daimyni-cards-a4.pdf"].data, filetype="pdf")
    placed = [(i, info) for i, page in enumerate(doc) for info in page.get_image_info()]
    assert len(placed) == 2                                     # one Move Daimyo card per clan
    assert len({xref for p in doc for xref, *_ in p.get_images()}) == 1   # stored once
    # The picture is 4:1 and the art box about 1.8:1: it covers the box's height and is clipped at
    # its sides, so both halves (green and blue) show and nothing spills beyond the box.
    page = doc[placed[0][0]]
    bbox = pymupdf.Rect(placed[0][1]["bbox"])        # the whole picture, before clipping (cards lie turned)
    along_x = bbox.width > bbox.height

    def part(a, b):
        """The band of the picture from fraction a to b along its long side."""
        if along_x:
            return pymupdf.Rect(bbox.x0 + bbox.width * a, bbox.y0 + 1, bbox.x0 + bbox.width * b, bbox.y1 - 1)
        return pymupdf.Rect(bbox.x0 + 1, bbox.y0 + bbox.height * a, bbox.x1 - 1, bbox.y0 + bbox.height * b)

    def colours(rect):
        pix = page.get_pixmap(dpi=50, clip=rect)
        return {pix.pixel(x, y) for x in range(pix.width) for y in range(pix.height)}

    middle = colours(part(0.32, 0.68))
    assert any(g > 150 and r < 60 and b < 60 for r, g, b in middle)
    assert any(b > 150 and r < 60 and g < 60 for r, g, b in middle)
    for rect in (part(0.02, 0.25), part(0.75, 0.98)):     # beyond the art box: clipped away
        assert not any((g > 150 or b > 150) and r < 60 for r, g, b in colours(rect))
    svg = next(a.data.decode() for n, a in arts.items() if n.startswith("svg/cards/") and "move-daimyo" in n)
    uri = svg.split('data:image/png;base64,')[1].split('"')[0]
    assert base64.b64decode(uri) == (game / "art" / "daimyo.png").read_bytes()
    assert "clip-path" in svg


def test_jpeg_and_a_layout_element_image(game):
    png(game / "art" / "bushi.jpg", fmt="JPEG")
    png(game / "logo.png", size=(50, 50))
    with_image(game, "art/bushi.jpg", "move-bushi")
    (game / "layouts").mkdir()
    (game / "layouts" / "cards.toml").write_text(
        '[densho.elements.logo]\nbox = [0.4, 0.6, 0.2, 0.1]\nimage = "logo.png"\n', encoding="utf-8")
    arts = cards(game)
    doc = pymupdf.open(stream=arts["daimyni-cards-a4.pdf"].data, filetype="pdf")
    first = doc[0].get_image_info()
    assert len(first) >= 8                      # a logo on every card of the sheet, and the Bushi art
    svg = arts["svg/cards/01-move-bushi.svg"].data.decode() if "svg/cards/01-move-bushi.svg" in arts else \
        next(a.data.decode() for n, a in arts.items() if "move-bushi" in n)
    assert "data:image/jpeg;base64," in svg and "data:image/png;base64," in svg


@pytest.mark.parametrize("value, words", [
    ("../outside.png", "must not use '..'"),
    ("art/../../outside.png", "must not use '..'"),
    ("/etc/passwd", "expected a path relative to the game folder"),
    ("art/missing.png", "no such file in the game folder"),
    ("art/link.png", "leads out of the game folder"),
    ("art/drawing.svg", "art 'drawing.svg': found a script (<script>)"),
    ("art/fake.svg", "expected an SVG file whose contents match its name"),
    ("art/fake.png", "contents match its name"),
])
def test_bad_images_are_refused_naming_file_and_key(game, tmp_path, value, words):
    png(tmp_path / "outside.png")
    (game / "art").mkdir(exist_ok=True)
    os.symlink(tmp_path / "outside.png", game / "art" / "link.png")
    (game / "art" / "drawing.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">'
                                              '<script>alert(1)</script></svg>')
    png(game / "art" / "fake.svg")
    (game / "art" / "fake.png").write_bytes(b"GIF89a not a png")
    with_image(game, value)
    with pytest.raises(DefinitionError) as err:
        cards(game)
    message = str(err.value)
    assert "types.move-daimyo.image" in message and words in message, message
    assert "cards.toml" in message


def test_cli_exit_2_for_a_path_out_of_the_folder(game, tmp_path):
    with_image(game, "../secret.png")
    res = run_pnp("build", game, "--only", "cards", "--out", tmp_path / "out")
    assert res.returncode == 2
    assert "cards.toml: types.move-daimyo.image: image '../secret.png'" in res.stderr
    assert "Traceback" not in res.stderr


def test_a_symlink_inside_the_folder_is_fine(game):
    png(game / "art" / "real.png")
    os.symlink(game / "art" / "real.png", game / "art" / "alias.png")
    with_image(game, "art/alias.png")
    assert any(p.get_image_info() for p in pymupdf.open(stream=cards(game)["daimyni-cards-a4.pdf"].data,
                                                          filetype="pdf"))


def test_image_bytes_round_trip_unchanged_for_png():
    buf = io.BytesIO()
    Image.new("RGBA", (4, 4), (255, 0, 0, 128)).save(buf, "PNG")
    from pnp.draw.image import sniff
    assert sniff(buf.getvalue()) == "png" and sniff(b"\xff\xd8\xff\xe0") == "jpeg" and sniff(b"<svg") == "svg"


def _corrupt_idat(data: bytes) -> bytes:
    """A PNG whose chunks are all well formed (right lengths and CRCs) but whose pixel data is not
    zlib: Pillow's verify() passes it; only decoding finds it."""
    import struct
    import zlib
    out, pos = bytearray(data[:8]), 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IDAT":
            body = bytes(b ^ 0x5A for b in body)
        out += struct.pack(">I4s", len(body), kind) + body + struct.pack(">I", zlib.crc32(kind + body))
        pos += 12 + length
    return bytes(out)


@pytest.mark.parametrize("make, words", [
    (lambda p: p.write_bytes(_corrupt_idat(png(p).read_bytes())), "not a readable PNG"),
    (lambda p: p.write_bytes(png(p, size=(800, 800)).read_bytes()[:3000]), "not a readable PNG"),
    (lambda p: p.write_bytes(png(p, fmt="JPEG").read_bytes()[:400] + b"\x00" * 64), "not a readable JPEG"),
    (lambda p: Image.new("1", (12000, 12000)).save(p, "PNG"), "more than the limit of 60 megapixels"),
])
def test_a_broken_or_huge_image_is_refused_when_read(game, make, words):
    """Exit 70 before (a corrupt or truncated IDAT, a damaged JPEG: verify() does not decode), or
    43 s and 1.5 GB (a 12000 x 12000 PNG of 420 KB); now one message naming the file and the key."""
    suffix = ".jpg" if "JPEG" in words else ".png"
    path = game / "art" / f"bad{suffix}"
    path.parent.mkdir(exist_ok=True)
    make(path)
    with_image(game, f"art/bad{suffix}")
    with pytest.raises(DefinitionError) as err:
        cards(game)
    message = str(err.value)
    assert "cards.toml" in message and "types.move-daimyo.image" in message and words in message, message


EMBLEM = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20">'
          '<rect x="1" y="1" width="38" height="18" rx="3" fill="#fefefe" stroke="#101010" stroke-width="0.5"/>'
          '<circle cx="20" cy="10" r="7" fill="currentColor"/></svg>')


def test_svg_art_is_drawn_as_vectors_in_the_clan_colour(game):
    """The emblem's disc is drawn as a PDF path filled in each card's clan colour (currentColor),
    no picture is embedded, the SVG card holds the path inline, and a rebuild is byte-identical."""
    from pnp.model.colours import rgb

    (game / "art").mkdir(exist_ok=True)
    (game / "art" / "emblem.svg").write_text(EMBLEM, encoding="utf-8")
    with_image(game, "art/emblem.svg")
    g = load_game(game)
    arts = cards(game)
    doc = pymupdf.open(stream=arts["daimyni-cards-a4.pdf"].data, filetype="pdf")
    assert not any(p.get_images() for p in doc)
    fills = {tuple(round(v, 2) for v in d["fill"]) for p in doc for d in p.get_drawings()
             if d.get("fill") and any(item[0] == "c" for item in d["items"])}
    for clan in g.meta.clans:
        assert tuple(round(v, 2) for v in rgb(clan.colour)) in fills, clan.id
    svgs = [a.data for n, a in arts.items() if n.startswith("svg/cards/") and "move-daimyo" in n]
    assert len(svgs) == 2
    for data in svgs:
        paths = [e for e in ET.fromstring(data).iter("{http://www.w3.org/2000/svg}path")
                 if e.get("d", "").count("C") > 3]
        assert any(e.get("fill") in {c.colour for c in g.meta.clans} for e in paths)
        assert b"data:image" not in data
    assert cards(game)["daimyni-cards-a4.pdf"].data == arts["daimyni-cards-a4.pdf"].data


def test_svg_art_is_read_through_the_folder_rules(game, tmp_path):
    """A link to an SVG outside the folder is refused like any other file."""
    (tmp_path / "outside.svg").write_text(EMBLEM, encoding="utf-8")
    (game / "art").mkdir(exist_ok=True)
    os.symlink(tmp_path / "outside.svg", game / "art" / "emblem.svg")
    with_image(game, "art/emblem.svg")
    with pytest.raises(DefinitionError, match="leads out of the game folder"):
        cards(game)
