"""Shop PDFs read back through an open preflight check (pnp.export.preflight, and qpdf's own
`qpdf --check` where qpdf is installed), the warm tints of a card kept warm in CMYK, distinct font
subset tags, the output profile a user supplies, and die lines on their own layer."""

from __future__ import annotations

import io
import shutil
import subprocess

import pikepdf
import pytest

from pnp.errors import UsageError
from pnp.export import export, settings
from pnp.export.cmyk import cmyk
from pnp.export.preflight import preflight
from pnp.render.fonttags import subset_tags
from tests.export.conftest import GAMES, USER_GAMES, WHERE, exported, fast_games, game_of

MM = 72 / 25.4


def _qpdf_check(data: bytes, tmp_path) -> None:
    if shutil.which("qpdf") is None:
        return                       # pikepdf's libqpdf check (in `preflight`) still ran
    path = tmp_path / "check.pdf"
    path.write_bytes(data)
    run = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize("name", fast_games(GAMES))
def test_every_dtc_file_passes_pdfx_preflight(name, tmp_path):
    for data in exported(name, "dtc").values():
        assert preflight(data, pdfx=True) == []
        _qpdf_check(data, tmp_path)


@pytest.mark.parametrize("name", GAMES + USER_GAMES)
def test_every_pdf_cards_file_passes_preflight(name, tmp_path):
    for data in exported(name, "pdf-cards").values():
        assert preflight(data) == []
        _qpdf_check(data, tmp_path)


def test_the_preflight_check_finds_what_is_wrong():
    """An RGB one-card-a-page PDF is no PDF/X file: the check says why, it does not just pass."""
    data = next(iter(exported(GAMES[0], "pdf-cards").values()))
    problems = "\n".join(preflight(data, pdfx=True))
    assert "output intent" in problems and "GTS_PDFXVersion" in problems and "RGB colour operators" in problems
    assert preflight(b"%PDF-1.4 nothing else") and preflight(b"%PDF-1.4 nothing else")[0].startswith("not a")


@pytest.mark.parametrize("target", ["dtc", "pdf-cards"])
def test_font_subsets_have_tags_of_their_own(target):
    for data in exported(GAMES[0], target).values():
        with pikepdf.open(io.BytesIO(data)) as pdf:
            tags = subset_tags(pdf)
        assert len(tags) >= 2 and len(set(tags)) == len(tags), tags
        assert "AAAAAA" not in tags


def _fills(page):
    return [tuple(float(v) for v in item.operands) for item in pikepdf.parse_content_stream(page)
            if str(item.operator) in ("rg", "k")]


def test_the_cream_panel_stays_a_warm_tint_in_cmyk():
    """The layouts' card panel #fbf7ee: naive separation gives C 1.6 %, M 3.1 %, Y 6.7 % and its grey
    component (1.6 %) is far below where black replaces it, so no K: a yellowish tint, not the grey
    screen (0/0/0/3.8 % K) that treating it as a grey made."""
    game = game_of(GAMES[0])
    deck = game.cards[0].deck
    dtc = pikepdf.open(io.BytesIO(exported(GAMES[0], "dtc")[f"{game.id}-{deck}-dtc.pdf"]))
    rgb = pikepdf.open(io.BytesIO(exported(GAMES[0], "pdf-cards", bleed="1/8in")[f"{game.id}-{deck}-pdf-cards.pdf"]))
    cream = (0xfb / 255, 0xf7 / 255, 0xee / 255)
    found = [c for c, d in zip(_fills(dtc.pages[0]), _fills(rgb.pages[0]))
             if all(abs(a - b) < 0.003 for a, b in zip(d, cream))]
    assert found
    for c, m, y, k in found:
        assert k == 0 and 0 < c < m < y
        assert (c, m, y) == pytest.approx((4 / 255, 8 / 255, 17 / 255), abs=0.001)


def test_separation_formula():
    # naive C, M, Y = 1 - R, G, B; the grey component g = min of them; K = max(0, (g - 0.4) / 0.6);
    # each of C, M, Y = (naive - K) / (1 - K); dark greys and exact greys are black ink alone.
    assert cmyk(0.2, 0.5, 0.8) == (0.8, 0.5, 0.2, 0.0)           # g = 0.2: no black yet
    # R 0.1, G 0.3, B 0.5: naive 0.9, 0.7, 0.5; g = 0.5, K = 0.1 / 0.6 = 1/6; C = (0.9 - 1/6) / (5/6) = 0.88,
    # M = (0.7 - 1/6) / (5/6) = 0.64, Y = (0.5 - 1/6) / (5/6) = 0.4
    assert cmyk(0.1, 0.3, 0.5) == pytest.approx((0.88, 0.64, 0.4, 1 / 6), abs=1e-4)
    assert cmyk(0.5, 0.5, 0.5) == (0.0, 0.0, 0.0, 0.5)
    assert cmyk(0.3, 0.28, 0.25)[:3] == (0.0, 0.0, 0.0)          # a dark warm grey: text ink, black alone
    c, m, y, k = cmyk(0.1, 0.0, 0.0)                               # a deep red: capped at 300 % ink
    assert c + m + y + k == pytest.approx(3.0, abs=1e-3)


def _icc(space: bytes, kind: bytes) -> bytes:
    header = bytearray(128)
    header[0:4] = (128).to_bytes(4, "big")
    header[12:16], header[16:20], header[36:40] = kind, space, b"acsp"
    return bytes(header)


def test_an_output_profile_the_user_supplies_is_embedded(tmp_path):
    profile = tmp_path / "swop.icc"
    profile.write_bytes(_icc(b"CMYK", b"prtr"))
    files = {a.name: a.data for a in export(game_of(GAMES[0]), settings("dtc", None, None, profile=profile), None,
                                            WHERE)}
    assert "daimyni-aid-dtc.pdf" in files          # the player aid's file too
    for data in files.values():
        pdf = pikepdf.open(io.BytesIO(data))
        (intent,) = list(pdf.Root.OutputIntents)
        assert intent.DestOutputProfile.N == 4
        assert intent.DestOutputProfile.read_bytes() == profile.read_bytes()
        assert preflight(data, pdfx=True) == []


def test_a_profile_that_is_not_cmyk_output_is_refused(tmp_path):
    rgb = tmp_path / "srgb.icc"
    rgb.write_bytes(_icc(b"RGB ", b"mntr"))
    with pytest.raises(UsageError, match=r"srgb.icc: an ICC profile of class 'mntr' for 'RGB'"):
        settings("dtc", None, None, profile=rgb)
    junk = tmp_path / "notes.txt"
    junk.write_text("hello")
    with pytest.raises(UsageError, match="notes.txt: not an ICC profile"):
        settings("dtc", None, None, profile=junk)
    with pytest.raises(UsageError, match="only --target dtc"):
        settings("pdf-cards", None, None, profile=rgb)
    with pytest.raises(UsageError, match="PDF/X-1a is PDF 1.4, which has no layers"):
        settings("dtc", None, None, die_line=True)


def _die_line_paths(page):
    """The points of every path stroked inside the page's CutContour layer, and the colour space
    it strokes in, read from the content streams."""
    inside, space, points = False, None, []
    for item in pikepdf.parse_content_stream(page):
        op, args = str(item.operator), list(item.operands)
        if op == "BDC" and str(args[0]) == "/OC":
            inside = str(args[1]) == "/DieLine"
        elif op == "EMC":
            inside = False
        elif inside and op == "CS":
            space = str(args[0])
        elif inside and op in ("m", "l", "c"):
            nums = [float(v) for v in args]
            points += list(zip(nums[0::2], nums[1::2]))
    return space, points


@pytest.mark.parametrize("name", GAMES[:2] + USER_GAMES[:1])
def test_pdf_cards_die_line_is_the_trim_in_cutcontour_on_its_own_layer(name, tmp_path):
    game = game_of(name)
    files = {a.name: a.data for a in export(game, settings("pdf-cards", None, None, die_line=True), None, WHERE)}
    for data in files.values():
        assert preflight(data) == []
        _qpdf_check(data, tmp_path)
        pdf = pikepdf.open(io.BytesIO(data))
        (layer,) = list(pdf.Root.OCProperties.OCGs)
        assert str(layer.Name) == "CutContour" and layer.Type == "/OCG"
        assert layer.objgen in [o.objgen for o in pdf.Root.OCProperties.D.ON]
        for page in pdf.pages:
            name_, points = _die_line_paths(page)
            space = page.Resources.ColorSpace[name_]
            assert str(space[0]) == "/Separation" and str(space[1]) == "/CutContour"
            assert str(space[2]) == "/DeviceCMYK"
            assert page.Resources.Properties.DieLine.objgen == layer.objgen
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            x0, y0, x1, y1 = (float(v) for v in page.TrimBox)
            for got, want in ((min(xs), x0), (max(xs), x1), (min(ys), y0), (max(ys), y1)):
                assert abs(got - want) / MM <= 0.05        # the die line is the trim, to 0.05 mm
    plain = exported(name, "pdf-cards")
    for data in plain.values():
        with pikepdf.open(io.BytesIO(data)) as pdf:
            assert "/OCProperties" not in pdf.Root
