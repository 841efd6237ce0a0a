"""Font subsets with tags of their own.

ReportLab names the n-th subset of every font it embeds by n alone: the first subset of each font
is `AAAAAA+Name`, so a PDF with three fonts has three `AAAAAA+` tags. The PDF reference (1.7,
5.5.3 "Font Subsets") wants the tag to tell subsets apart, and preflight tools flag a repeated tag,
since a RIP may take two subsets that share one for the same font. This pass gives each subset a
tag drawn from a hash of its own glyph data and name: distinct, and the same for the same input."""

from __future__ import annotations

import hashlib
import io
import re
from typing import Any

import pikepdf
from pikepdf import Name

TAGGED = re.compile(r"^[A-Z]{6}\+(.+)$")


def _tag(seed: bytes, taken: set[str]) -> str:
    """Six capital letters from `seed`'s hash, not in `taken` (a collision rehashes)."""
    salt = 0
    while True:
        digest = hashlib.sha256(seed + salt.to_bytes(4, "big")).digest()
        tag = "".join(chr(ord("A") + b % 26) for b in digest[:6])
        if tag not in taken:
            return tag
        salt += 1


def _fonts(doc: pikepdf.Pdf) -> list[Any]:
    """Every font dictionary the pages use, once each, in page order."""
    seen: set[tuple[int, int]] = set()
    out = []
    for page in doc.pages:
        resources: Any = page.obj.get("/Resources", {})
        fonts: Any = resources.get("/Font", {})
        for key in sorted(fonts.keys()):
            font = fonts[key]
            ref = font.objgen
            if ref != (0, 0) and ref in seen:
                continue
            seen.add(ref)
            out.append(font)
    return out


def retag_subsets(doc: pikepdf.Pdf) -> int:
    """Give every tagged subset font in `doc` a distinct tag; returns how many were retagged."""
    taken: set[str] = set()
    count = 0
    for font in _fonts(doc):
        base = str(font.get("/BaseFont", ""))[1:]
        match = TAGGED.match(base)
        if match is None:
            continue
        descriptor = font.get("/FontDescriptor")
        data = b""
        if descriptor is not None:
            for key in ("/FontFile2", "/FontFile", "/FontFile3"):
                if key in descriptor:
                    data = descriptor[key].read_raw_bytes()
                    break
        tag = _tag(base.encode() + b"\0" + data, taken)
        taken.add(tag)
        name = f"{tag}+{match.group(1)}"
        font.BaseFont = Name("/" + name)
        if descriptor is not None:
            descriptor.FontName = Name("/" + name)
        count += 1
    return count


def subset_tags(doc: pikepdf.Pdf) -> list[str]:
    """The subset tags of the fonts the pages use, one per font, in page order (for checks)."""
    tags = []
    for font in _fonts(doc):
        match = re.match(r"^/([A-Z]{6})\+", str(font.get("/BaseFont", "")))
        if match:
            tags.append(match.group(1))
    return tags


def retagged(pdf: bytes) -> bytes:
    """`pdf` with distinct subset tags, saved as it was otherwise (same version, a fixed ID)."""
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        retag_subsets(doc)
        out = io.BytesIO()
        doc.save(out, deterministic_id=True, compress_streams=True,
                 object_stream_mode=pikepdf.ObjectStreamMode.disable)
        return out.getvalue()
