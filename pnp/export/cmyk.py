"""A pnp PDF turned into the CMYK file a print shop's PDF/X-1a:2003 workflow takes (pikepdf).

ReportLab draws in RGB. This pass rewrites the finished file rather than drawing it a second time:

- every colour operator of every page becomes its CMYK form (``rg``/``RG``/``g``/``G`` to
  ``k``/``K``) by `cmyk`: dark greys (black text and lines) in black ink alone, so they never
  smear when the plates shift; exact greys in black ink alone; every other colour, the light warm
  tints of a card's panel included, by naive separation with under-colour removal, which leaves a
  tint its C, M and Y (docs/exports.md gives the formula);
- pictures become DeviceCMYK by the same rule, flattened on white (PDF/X-1a allows no
  transparency, so no soft mask survives), and vector art's opacity is dropped (it prints solid);
- the document gets the PDF/X keys: an output intent for a registered characterization
  (CGATS TR 001, U.S. Web Coated (SWOP) v2; with an ICC profile the user supplies, embedded),
  ``GTS_PDFXVersion (PDF/X-1a:2003)``, ``Trapped``, a fixed ID, PDF 1.4 without object streams
  or transparency;
- every font subset gets a tag of its own (`pnp.export.fonttags`).

Anything the pass does not know how to convert (a colour space operator, an inline image, a form)
is an error rather than a file that only looks converted."""

from __future__ import annotations

import functools
import io
import zlib
from typing import Any

import pikepdf
from pikepdf import Name, Operator
from PIL import Image, ImageFilter

from ..errors import PnpError, UsageError
from ..render.fonttags import retag_subsets

NEAR_GREY = 0.08    # channels this close together, in a dark colour: text and line greys, black ink only
DARK = 0.5          # ... a dark colour: the mean of its channels at most this
FULL_BLACK = 0.15   # a near-grey this dark (85 % and more) prints as 100 % K
GREY = 1.5 / 255    # channels this close together are a grey as designed (ReportLab rounds them apart)
UCR_START = 0.4     # the grey component (min of the naive C, M, Y) where black ink starts to replace it
INK_LIMIT = 3.0     # total area coverage, C + M + Y + K, at most 300 %
LUT_POINTS = 33     # per channel, of the colour cube pictures are separated through
PDFX_VERSION = "PDF/X-1a:2003"   # what DriveThruCards asks for (docs/exports.md)
OUTPUT_CONDITION = "CGATS TR 001"
OUTPUT_INFO = "U.S. Web Coated (SWOP) v2"


class ConversionError(PnpError):
    """The PDF holds something the CMYK pass cannot convert (a bug in pnp, not in the game)."""

    exit_code = 1


def cmyk(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """An RGB colour (0-1) as the CMYK this pass prints it with (docs/exports.md, "CMYK").

    >>> cmyk(0xfb / 255, 0xf7 / 255, 0xee / 255)    # the cream panel: a warm tint, no black screen
    (0.0157, 0.0314, 0.0667, 0.0)
    >>> cmyk(0x23 / 255, 0x1f / 255, 0x1a / 255)    # the layouts' text black: solid black ink
    (0.0, 0.0, 0.0, 1.0)
    """
    hi, lo = max(r, g, b), min(r, g, b)
    mean = (r + g + b) / 3
    if hi - lo <= GREY or (hi - lo <= NEAR_GREY and mean <= DARK):
        k = 1.0 - mean
        return (0.0, 0.0, 0.0, 1.0 if k >= 1.0 - FULL_BLACK else round(k, 4))
    c0, m0, y0 = 1.0 - r, 1.0 - g, 1.0 - b
    k = max(0.0, (min(c0, m0, y0) - UCR_START) / (1.0 - UCR_START))
    c, m, y = ((v - k) / (1.0 - k) for v in (c0, m0, y0))
    total = c + m + y
    if total + k > INK_LIMIT:
        c, m, y = (v * (INK_LIMIT - k) / total for v in (c, m, y))
    return (round(c, 4), round(m, 4), round(y, 4), round(k, 4))


def _numbers(operands: list[Any]) -> list[float]:
    return [float(x) for x in operands]


def _page_content(doc: pikepdf.Pdf, page: pikepdf.Page) -> bytes:
    out: list[Any] = []
    for item in pikepdf.parse_content_stream(page):
        if isinstance(item, pikepdf.ContentStreamInlineImage):
            raise ConversionError("CMYK export: an inline image cannot be converted")
        operands: list[Any] = list(item.operands)
        op = item.operator
        name = str(op)
        if name in ("rg", "RG"):
            out.append((list(cmyk(*_numbers(operands))), Operator("k" if name == "rg" else "K")))
        elif name in ("g", "G"):
            v = _numbers(operands)[0]
            out.append((list(cmyk(v, v, v)), Operator("k" if name == "g" else "K")))
        elif name in ("cs", "CS", "sc", "SC", "scn", "SCN", "sh"):
            raise ConversionError(f"CMYK export: the colour operator {name} cannot be converted")
        else:
            out.append((operands, op))
    return pikepdf.unparse_content_stream(out)


def _image_to_cmyk(image: Image.Image) -> Image.Image:
    """An image flattened on white and separated as `cmyk` does a flat colour (through a 33-point
    colour cube, interpolated between its points)."""
    if image.mode not in ("RGB", "L"):
        image = image.convert("RGBA")
    if image.mode == "RGBA":
        white = Image.new("RGB", image.size, "white")
        white.paste(image, mask=image.getchannel("A"))
        image = white
    return image.convert("RGB").filter(_separation())


@functools.cache
def _separation() -> ImageFilter.Color3DLUT:
    return ImageFilter.Color3DLUT.generate(LUT_POINTS, cmyk, channels=4, target_mode="CMYK")


def _convert_images(doc: pikepdf.Pdf, resources: Any) -> None:
    xobjects = resources.get("/XObject")
    if xobjects is None:
        return
    for key in list(xobjects.keys()):
        xobj: Any = xobjects[key]
        if xobj.get("/Subtype") == Name.Form:
            raise ConversionError("CMYK export: a form XObject cannot be converted")
        if xobj.get("/Subtype") != Name.Image or xobj.get("/ColorSpace") == Name.DeviceCMYK:
            continue
        picture = pikepdf.PdfImage(xobj).as_pil_image()
        if "/SMask" in xobj:
            alpha = pikepdf.PdfImage(xobj.SMask).as_pil_image().convert("L")
            picture = picture.convert("RGB")
            picture.putalpha(alpha.resize(picture.size))
        separated = _image_to_cmyk(picture)
        xobj.write(zlib.compress(separated.tobytes(), 9), filter=Name.FlateDecode)
        xobj.ColorSpace = Name.DeviceCMYK
        xobj.BitsPerComponent = 8
        xobj.Width, xobj.Height = separated.size
        for drop in ("/SMask", "/Mask", "/Decode", "/DecodeParms", "/Intent"):
            if drop in xobj:
                del xobj[drop]


def _opaque(resources: Any) -> None:
    """Vector art's opacity (an ExtGState's ca and CA) set to 1: PDF/X-1a allows no transparency,
    so a see-through shape prints solid (docs/definitions.md says so)."""
    for state in resources.get("/ExtGState", {}).values():
        for key in ("/ca", "/CA"):
            if key in state and float(state[key]) < 1:
                state[key] = 1


def to_pdfx(pdf: bytes, title: str, profile: bytes | None = None) -> bytes:
    """The CMYK, PDF/X-1a:2003-keyed version of a pnp PDF, byte-identical for the same input.
    `profile`: an ICC output profile (CMYK, for the SWOP condition) to embed in the output intent."""
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:
            page.Contents = doc.make_stream(_page_content(doc, page))
            if "/Resources" in page.obj:
                _convert_images(doc, page.obj.Resources)
                _opaque(page.obj.Resources)
            if "/Group" in page.obj:           # a transparency group: none in PDF/X-1a
                del page.obj["/Group"]
        retag_subsets(doc)
        intent = pikepdf.Dictionary(
            Type=Name.OutputIntent, S=Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String(OUTPUT_CONDITION),
            OutputCondition=pikepdf.String(OUTPUT_INFO),
            RegistryName=pikepdf.String("http://www.color.org"),
            Info=pikepdf.String(OUTPUT_INFO))
        if profile is not None:
            intent.DestOutputProfile = doc.make_stream(profile, N=4)
        doc.Root.OutputIntents = pikepdf.Array([doc.make_indirect(intent)])
        info = doc.trailer.Info if "/Info" in doc.trailer else doc.make_indirect(pikepdf.Dictionary())
        info.Title = pikepdf.String(title)
        info.GTS_PDFXVersion = pikepdf.String(PDFX_VERSION)
        info.Trapped = Name("/False")
        doc.trailer.Info = info
        out = io.BytesIO()
        doc.save(out, force_version="1.4", object_stream_mode=pikepdf.ObjectStreamMode.disable,
                 deterministic_id=True, compress_streams=True, fix_metadata_version=False)
        return out.getvalue()


def check_profile(data: bytes, where: str) -> bytes:
    """An ICC profile the user gives for the output intent: a CMYK output (printer) profile, else
    an error naming the file and what it is instead."""
    if len(data) < 128 or data[36:40] != b"acsp":
        raise UsageError(f"{where}: not an ICC profile (no 'acsp' signature at byte 36)")
    space, cls = data[16:20], data[12:16]
    if space != b"CMYK" or cls != b"prtr":
        raise UsageError(f"{where}: an ICC profile of class {cls.decode('latin-1').strip()!r} for "
                         f"{space.decode('latin-1').strip()!r}; the output intent needs a CMYK printer (prtr) "
                         "profile, such as the SWOP profile the shop names")
    return data
