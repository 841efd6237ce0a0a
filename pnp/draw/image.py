"""Pictures from a game folder (PNG, JPEG) placed in a layout box: scaled, keeping their aspect
ratio, until they fill the box, centred, and clipped to it.

SVG art is refused for now: the PDFs are drawn with ReportLab, which places only raster images,
and reading SVG into it would take svglib, which pnp does not depend on. Export the art as PNG
(at 300 dpi for the box's size, e.g. 600 x 500 px for a 50 x 42 mm art box)."""

from __future__ import annotations

import io
import warnings
from functools import lru_cache
from pathlib import Path

from ..errors import DefinitionError
from ..sandbox.files import read_folder_file
from .shapes import Group, Image, Shape

KINDS = {".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg", ".svg": "svg"}
MAX_BYTES = 20_000_000
MAX_PIXELS = 60_000_000       # 60 megapixels: an A4 page at 600 dpi is 35


def sniff(data: bytes) -> str | None:
    """What the bytes are, whatever the file's name says."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    head = data[:1024].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith((b"<?xml", b"<svg", b"<!--", b"<!DOCTYPE svg")) and b"<svg" in data[:4096]:
        return "svg"
    return None


@lru_cache(maxsize=64)
def load(path: Path, where: str, key: str) -> tuple[bytes, str, float, float]:
    """The file's bytes, kind and size in pixels, or one message naming the file and the key that
    asked for it."""
    def bad(why: str) -> DefinitionError:
        return DefinitionError(where, key, f"image {path.name!r}: {why}")

    data = read_folder_file(path, lambda why: bad(why.removeprefix("cannot read: ")), MAX_BYTES)
    kind = sniff(data)
    if kind == "svg" or path.suffix.lower() == ".svg":
        raise bad("SVG art cannot go into the PDFs (ReportLab places only PNG and JPEG): export it as PNG")
    if kind is None or kind != KINDS.get(path.suffix.lower()):
        raise bad("expected a PNG or JPEG file whose contents match its name (.png, .jpg, .jpeg)")
    from PIL import Image as PILImage

    try:
        with warnings.catch_warnings():     # Pillow warns of a huge image; it is refused just below
            warnings.simplefilter("ignore", PILImage.DecompressionBombWarning)
            im = PILImage.open(io.BytesIO(data))
        with im:
            w, h = im.size
            if w * h > MAX_PIXELS:
                raise bad(f"{w} x {h} pixels is more than the limit of {MAX_PIXELS // 1_000_000} megapixels "
                          f"(print art needs at most about 7,000 x 8,500 pixels: scale it down)")
            im.load()      # decodes every pixel: a corrupt or truncated image is found here, not in the PDF
    except DefinitionError:
        raise
    except Exception as exc:  # Pillow raises many kinds for a broken file
        raise bad(f"not a readable {kind.upper()} ({exc})") from None
    return data, kind, float(w), float(h)


def placed(path: Path, box: tuple[float, float, float, float], where: str, key: str) -> list[Shape]:
    """The picture filling `box` (x, y, w, h in mm): scaled to cover it, centred, clipped to it."""
    data, kind, iw, ih = load(path, where, key)
    x, y, w, h = box
    k = max(w / iw, h / ih)
    dw, dh = iw * k, ih * k
    pic = Image((w - dw) / 2, (h - dh) / 2, dw, dh, data, kind, path.name)
    return [Group((pic,), x, y, 0, (0.0, 0.0, w, h))]
