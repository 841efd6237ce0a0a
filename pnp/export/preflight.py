"""An open preflight check of the shop PDFs pnp writes: what can be checked without Acrobat.

- structure: qpdf's own check (`qpdf --check`, run through pikepdf's libqpdf), no encryption;
- page boxes: a TrimBox inside the BleedBox inside the MediaBox on every page;
- fonts: every font the pages use is embedded, and no two subsets share a tag;
- PDF/X-1a:2003 (`pdfx=True`): PDF 1.3 or 1.4; an output intent `/GTS_PDFX` naming its condition;
  `GTS_PDFXVersion (PDF/X-1a:2003)`, a Title, `Trapped` True or False and a trailer ID; no RGB or
  ICC-based colour anywhere (content operators, images, colour spaces in the resources); no soft
  mask, no transparency group, no optional content, no JavaScript.

`python -m pnp.export.preflight [--pdfx] FILE...` prints each file's problems (exit 1 if any)."""

from __future__ import annotations

import io
import sys
from typing import Any

import pikepdf

from ..render.fonttags import subset_tags
from .cmyk import PDFX_VERSION

RGB_OPERATORS = {"rg", "RG"}
COLOUR_SPACE_OPERATORS = {"cs", "CS"}


def _box(page: pikepdf.Page, name: str) -> tuple[float, float, float, float] | None:
    if name not in page.obj:
        return None
    x0, y0, x1, y1 = (float(v) for v in page.obj[name])
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _inside(inner: tuple[float, ...], outer: tuple[float, ...], tol: float = 0.01) -> bool:
    return (inner[0] >= outer[0] - tol and inner[1] >= outer[1] - tol
            and inner[2] <= outer[2] + tol and inner[3] <= outer[3] + tol)


def _fonts_embedded(doc: pikepdf.Pdf) -> list[str]:
    problems = []
    for n, page in enumerate(doc.pages, 1):
        resources: Any = page.obj.get("/Resources", {})
        for key, font in resources.get("/Font", {}).items():
            fonts = [font] + list(font.get("/DescendantFonts", []))
            if not any("/FontDescriptor" in f and any(k in f.FontDescriptor for k in
                                                      ("/FontFile", "/FontFile2", "/FontFile3")) for f in fonts):
                problems.append(f"page {n}: font {key} ({font.get('/BaseFont')}) is not embedded")
    return problems


def _rgb_spaces(value: Any) -> bool:
    """Whether a colour space names an RGB or ICC-based space (an alternate space included)."""
    if isinstance(value, pikepdf.Name):
        return str(value) in ("/DeviceRGB", "/CalRGB", "/ICCBased", "/Lab")
    if isinstance(value, pikepdf.Array):
        return any(_rgb_spaces(v) for v in value if isinstance(v, (pikepdf.Name, pikepdf.Array)))
    return False


def _pdfx(doc: pikepdf.Pdf, data: bytes) -> list[str]:
    problems = []
    if not data.startswith((b"%PDF-1.3", b"%PDF-1.4")):
        problems.append(f"PDF/X-1a:2003 is PDF 1.4 at most, this is {data[:8].decode('latin-1')}")
    intents = list(doc.Root.get("/OutputIntents", []))
    if not any(str(i.get("/S")) == "/GTS_PDFX" and "/OutputConditionIdentifier" in i for i in intents):
        problems.append("no /GTS_PDFX output intent with an OutputConditionIdentifier")
    info: Any = doc.trailer.get("/Info", {})
    if str(info.get("/GTS_PDFXVersion", "")) != PDFX_VERSION:
        problems.append(f"GTS_PDFXVersion is {info.get('/GTS_PDFXVersion')!s}, not {PDFX_VERSION}")
    if not str(info.get("/Title", "")):
        problems.append("no Title")
    if str(info.get("/Trapped", "")) not in ("/True", "/False"):
        problems.append("Trapped is neither /True nor /False")
    if "/ID" not in doc.trailer:
        problems.append("no trailer ID")
    for key in ("/OCProperties", "/Names", "/OpenAction", "/AA"):
        if key in doc.Root:
            problems.append(f"the catalog has {key} (optional content, names or actions)")
    for n, page in enumerate(doc.pages, 1):
        if "/Group" in page.obj:
            problems.append(f"page {n}: a transparency group")
        ops = {str(item.operator) for item in pikepdf.parse_content_stream(page)}
        if ops & RGB_OPERATORS:
            problems.append(f"page {n}: RGB colour operators {sorted(ops & RGB_OPERATORS)}")
        resources: Any = page.obj.get("/Resources", {})
        for key, space in resources.get("/ColorSpace", {}).items():
            if _rgb_spaces(space):
                problems.append(f"page {n}: colour space {key} is RGB, ICC-based or Lab")
        for key, xobj in resources.get("/XObject", {}).items():
            if xobj.get("/Subtype") == pikepdf.Name.Image:
                if _rgb_spaces(xobj.get("/ColorSpace", pikepdf.Name.DeviceGray)):
                    problems.append(f"page {n}: image {key} is RGB")
                if "/SMask" in xobj:
                    problems.append(f"page {n}: image {key} has a soft mask")
        for key, state in resources.get("/ExtGState", {}).items():
            if str(state.get("/SMask", "/None")) != "/None" or float(state.get("/ca", 1)) < 1 \
                    or float(state.get("/CA", 1)) < 1:
                problems.append(f"page {n}: graphics state {key} is transparent")
    return problems


def preflight(data: bytes, pdfx: bool = False) -> list[str]:
    """The problems found in a PDF (an empty list: it passes)."""
    try:
        doc = pikepdf.open(io.BytesIO(data))
    except pikepdf.PdfError as exc:
        return [f"not a readable PDF: {exc}"]
    with doc:
        problems = [f"structure: {p}" for p in doc.check_pdf_syntax()]
        if doc.is_encrypted:
            problems.append("encrypted")
        for n, page in enumerate(doc.pages, 1):
            media, bleed, trim = _box(page, "/MediaBox"), _box(page, "/BleedBox"), _box(page, "/TrimBox")
            if media is None or bleed is None or trim is None:
                problems.append(f"page {n}: MediaBox, BleedBox and TrimBox are not all set")
            elif not (_inside(trim, bleed) and _inside(bleed, media)):
                problems.append(f"page {n}: the TrimBox is not inside the BleedBox inside the MediaBox")
        problems += _fonts_embedded(doc)
        tags = subset_tags(doc)
        repeated = sorted({t for t in tags if tags.count(t) > 1})
        if repeated:
            problems.append(f"font subsets share the tags {', '.join(repeated)}")
        if pdfx:
            problems += _pdfx(doc, data)
    return problems


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    pdfx = "--pdfx" in args
    failed = 0
    for name in [a for a in args if a != "--pdfx"]:
        with open(name, "rb") as f:
            problems = preflight(f.read(), pdfx)
        print(f"{name}: {'passes' if not problems else 'FAILS'}")
        for p in problems:
            print(f"  {p}")
        failed += bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
