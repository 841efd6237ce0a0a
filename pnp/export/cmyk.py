"""A pnp PDF turned into the CMYK file a print shop's PDF/X-1a:2001 workflow takes (pikepdf).

ReportLab draws in RGB. This pass rewrites the finished file rather than drawing it a second time:

- every colour operator of every page becomes its CMYK form (``rg``/``RG``/``g``/``G`` to
  ``k``/``K``): a neutral colour (black, greys, white: channels within 8 %) becomes black ink
  alone (C = M = Y = 0), so black text and lines are pure K and never rich black that smears when
  the plates shift; a near-black (85 % and darker, such as a
  layout's warm text black #231f1a) is full K, so text prints solid; any other colour gets the
  full-GCR separation (K = 1 - max(R, G, B), the rest in C, M, Y; at most 300 % ink);
- pictures become DeviceCMYK by the same rule, flattened on white (PDF/X-1a allows no
  transparency, so no soft mask survives);
- the document gets the PDF/X keys: an output intent for a registered characterization
  (CGATS TR 001, U.S. Web Coated (SWOP) v2), ``GTS_PDFXVersion``, ``GTS_PDFXConformance``,
  ``Trapped``, a fixed ID, PDF 1.3 without object streams.

Anything the pass does not know how to convert (a colour space operator, an inline image, a form)
is an error rather than a file that only looks converted."""

from __future__ import annotations

import io
import zlib
from typing import Any

import pikepdf
from pikepdf import Name, Operator
from PIL import Image, ImageChops, ImageMath

from ..errors import PnpError

NEUTRAL = 0.08      # channels this close together are grey: black ink only
FULL_BLACK = 0.15   # a grey this dark (85 % and more) prints as 100 % K
OUTPUT_CONDITION = "CGATS TR 001"
OUTPUT_INFO = "U.S. Web Coated (SWOP) v2"


class ConversionError(PnpError):
    """The PDF holds something the CMYK pass cannot convert (a bug in pnp, not in the game)."""

    exit_code = 1


def cmyk(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """An RGB colour (0-1) as the CMYK this pass prints it with (see the module's note)."""
    hi, lo = max(r, g, b), min(r, g, b)
    if hi - lo <= NEUTRAL:
        k = 1.0 - (r + g + b) / 3
        return (0.0, 0.0, 0.0, 1.0 if k >= 1.0 - FULL_BLACK else round(k, 4))
    k = 1.0 - hi
    c, m, y = ((hi - v) / hi for v in (r, g, b))
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
    """An image flattened on white and separated with full GCR, as `cmyk` does a flat colour."""
    if image.mode not in ("RGB", "L"):
        image = image.convert("RGBA")
    if image.mode == "RGBA":
        white = Image.new("RGB", image.size, "white")
        white.paste(image, mask=image.getchannel("A"))
        image = white
    rgb = image.convert("RGB")
    r, g, b = rgb.split()
    hi = ImageChops.lighter(ImageChops.lighter(r, g), b)
    k = ImageChops.invert(hi)

    # (hi - v) / hi for each channel; where hi is 0 the colour is black and C, M, Y are 0.
    c, m, y = (_divide(ImageChops.subtract(hi, v), hi) for v in (r, g, b))
    return Image.merge("CMYK", (c, m, y, k))


def _divide(num: Image.Image, den: Image.Image) -> Image.Image:
    """255 * num / den per pixel, rounded (0 where den is 0: ImageMath's integer division by zero)."""
    out = ImageMath.lambda_eval(lambda a: a["convert"]((a["n"] * 510 + a["d"]) / (a["d"] * 2), "L"), n=num, d=den)
    return out if isinstance(out, Image.Image) else Image.new("L", num.size)


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


def to_pdfx(pdf: bytes, title: str) -> bytes:
    """The CMYK, PDF/X-1a:2001-keyed version of a pnp PDF, byte-identical for the same input."""
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:
            page.Contents = doc.make_stream(_page_content(doc, page))
            if "/Resources" in page.obj:
                _convert_images(doc, page.obj.Resources)
            if "/Group" in page.obj:           # a transparency group: none in PDF/X-1a
                del page.obj["/Group"]
        intent = pikepdf.Dictionary(
            Type=Name.OutputIntent, S=Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String(OUTPUT_CONDITION),
            OutputCondition=pikepdf.String(OUTPUT_INFO),
            RegistryName=pikepdf.String("http://www.color.org"),
            Info=pikepdf.String(OUTPUT_INFO))
        doc.Root.OutputIntents = pikepdf.Array([doc.make_indirect(intent)])
        info = doc.trailer.Info if "/Info" in doc.trailer else doc.make_indirect(pikepdf.Dictionary())
        info.Title = pikepdf.String(title)
        info.GTS_PDFXVersion = pikepdf.String("PDF/X-1:2001")
        info.GTS_PDFXConformance = pikepdf.String("PDF/X-1a:2001")
        info.Trapped = Name("/False")
        doc.trailer.Info = info
        out = io.BytesIO()
        doc.save(out, force_version="1.3", object_stream_mode=pikepdf.ObjectStreamMode.disable,
                 deterministic_id=True, compress_streams=True, fix_metadata_version=False)
        return out.getvalue()
