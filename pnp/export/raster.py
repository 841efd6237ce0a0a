"""Pixels from the PDF pages: the pages pnp.render.pdf writes are rasterised by PyMuPDF at an exact
pixel size, so an image is the PDF's drawing (one drawing, three outputs: PDF, SVG, PNG).

The PNG is written by Pillow with the resolution in its pHYs chunk and nothing that varies from
run to run (no time, no software version): the same card gives the same bytes."""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence

import pymupdf
from PIL import Image

from ..render.pdf import Page, render_pdf

BATCH = 40   # pages per intermediate PDF: memory stays flat for a deck of any size


def rasterise(pages: Sequence[Page], sizes: Sequence[tuple[int, int]]) -> Iterator[Image.Image]:
    """Each page as an RGB image of exactly its size in `sizes` (width, height in pixels)."""
    for start in range(0, len(pages), BATCH):
        chunk = pages[start:start + BATCH]
        pdf = render_pdf(chunk, "pnp export")
        with pymupdf.open(stream=pdf, filetype="pdf") as doc:  # type: ignore[no-untyped-call]
            for page, (w, h) in zip(doc, sizes[start:start + BATCH]):
                yield _pixels(page, w, h)


def _pixels(page: pymupdf.Page, w: int, h: int) -> Image.Image:
    rect = page.rect
    # A twentieth of a pixel more than the exact scale, and the extra row cut off: the art then
    # covers the last row and column whole (at the exact scale the anti-aliasing leaves the edge
    # pixels part white). The stretch, 0.05 px over the card, is far below what a printer shows.
    matrix = pymupdf.Matrix(  # type: ignore[no-untyped-call]
        (w + 0.05) / rect.width, (h + 0.05) / rect.height)
    pix = page.get_pixmap(matrix=matrix, alpha=False, colorspace=pymupdf.csRGB)
    image = Image.frombytes("RGB", (pix.width, pix.height), pix.samples)
    if image.size != (w, h):
        image = image.crop((0, 0, w, h)) if image.width >= w and image.height >= h else \
            image.resize((w, h), Image.Resampling.LANCZOS)
    return image


def png(image: Image.Image, dpi: int) -> bytes:
    """PNG bytes, deterministic, with the resolution recorded for the shop's uploader."""
    buf = io.BytesIO()
    image.save(buf, format="PNG", dpi=(dpi, dpi), compress_level=1)
    return buf.getvalue()
