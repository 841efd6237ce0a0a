"""Pictures from a game folder placed in a layout box. A PNG or JPEG is scaled, keeping its aspect
ratio, until it fills the box, centred, and clipped to it. An SVG is vector art (`draw.vector`):
fitted whole into the box, drawn as paths in the PDF and inline in the SVG, its `currentColor`
painted in the colour the caller gives (the card's clan colour, a player's colour)."""

from __future__ import annotations

import io
import warnings
from functools import lru_cache
from pathlib import Path

from ..errors import DefinitionError
from ..sandbox.files import read_folder_file
from . import vector
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
    if kind is None or kind != KINDS.get(path.suffix.lower()):
        raise bad("expected a PNG, JPEG or SVG file whose contents match its name (.png, .jpg, .jpeg, .svg)")
    if kind == "svg":
        art = vector_art(path, where, key)
        return data, kind, art.box[2], art.box[3]
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


@lru_cache(maxsize=64)
def vector_art(path: Path, where: str, key: str) -> vector.Art:
    """The SVG file read as vector art, or one message naming the file, the key, what was found and
    what to do."""
    def bad(why: str) -> DefinitionError:
        return DefinitionError(where, key, f"art {path.name!r}: {why}")

    data = read_folder_file(path, lambda why: bad(why.removeprefix("cannot read: ")), vector.MAX_BYTES)
    if sniff(data) not in ("svg", None):
        raise bad("expected an SVG file whose contents match its name (this one holds a PNG or JPEG)")
    try:
        return vector.read(data)
    except vector.ArtError as exc:
        raise bad(str(exc)) from None


@lru_cache(maxsize=512)
def _fitted_svg(path: Path, box: tuple[float, float, float, float], where: str, key: str,
                colour: str) -> tuple[Shape, ...]:
    # The same emblem lands in the same box on every copy of a card, counter and tile: transforming
    # its paths once per (file, box, colour) is safe because shapes are frozen.
    return tuple(vector.fitted(vector_art(path, where, key), box, colour, path.name))


def placed(path: Path, box: tuple[float, float, float, float], where: str, key: str,
           colour: str = "#000000") -> list[Shape]:
    """The picture in `box` (x, y, w, h in mm): a PNG or JPEG scaled to cover it, centred, clipped
    to it; an SVG fitted whole into it, centred, its currentColor painted `colour`."""
    if path.suffix.lower() == ".svg":
        return list(_fitted_svg(path, box, where, key, colour))
    data, kind, iw, ih = load(path, where, key)
    x, y, w, h = box
    k = max(w / iw, h / ih)
    dw, dh = iw * k, ih * k
    pic = Image((w - dw) / 2, (h - dh) / 2, dw, dh, data, kind, path.name)
    return [Group((pic,), x, y, 0, (0.0, 0.0, w, h))]
