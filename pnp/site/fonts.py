"""pnp's own fonts, cut down to the characters a page uses, as @font-face rules with data: URLs.

A page must read the same on any machine and make no request of its own (a font loaded from a
file:// address is refused by browsers as a cross-origin fetch), so each face travels inside the
stylesheet as a WOFF subset. Subsets are made with fontTools, with fixed timestamps so the same
page gives the same bytes."""

from __future__ import annotations

import base64
import io
from collections.abc import Iterable

from .. import fonts
from ..paths import fonts_dir

# pnp's font name -> (CSS family, weight)
FACES = {"sans": ("pnp sans", "normal"), "sans-bold": ("pnp sans", "bold"), "jp": ("pnp jp", "normal")}


def subset_woff(font: str, chars: Iterable[str]) -> bytes:
    """The glyphs of `chars` from one of pnp's fonts as a WOFF file, without hinting."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    face = TTFont(str(fonts_dir() / fonts.FILES[font]), recalcTimestamp=False, recalcBBoxes=False)
    options = subset.Options()
    options.hinting = False
    options.desubroutinize = True
    options.layout_features = ["kern", "liga"] if font != "jp" else []
    options.name_IDs = [1, 2]              # family and style: the licence is in the package, not each page
    options.notdef_outline = True
    options.drop_tables = [*options.drop_tables, "FFTM"]   # FontForge's timestamps: nothing a browser reads
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(set(chars))) or " ")
    subsetter.subset(face)
    face.flavor = "woff"
    out = io.BytesIO()
    face.save(out)
    return out.getvalue()


def font_faces(used: dict[str, set[str]]) -> str:
    """@font-face rules for the characters each of pnp's fonts draws on a page (or a whole site)."""
    rules = []
    for font in ("sans", "sans-bold", "jp"):
        chars = used.get(font, set())
        if not chars:
            continue
        family, weight = FACES[font]
        data = base64.b64encode(subset_woff(font, chars)).decode("ascii")
        rules.append(f'@font-face{{font-family:"{family}";font-weight:{weight};font-style:normal;'
                     f'src:url(data:font/woff;base64,{data}) format("woff")}}')
    return "\n".join(rules)


def text_faces(text: str, used: dict[str, set[str]]) -> None:
    """Note the characters of page text (set in sans, bold or not, with Japanese from the jp face)."""
    for ch in set(text):
        if ch.isspace():
            continue
        if fonts.covers("sans", ch):
            used.setdefault("sans", set()).add(ch)
            used.setdefault("sans-bold", set()).add(ch)
        else:
            used.setdefault("jp", set()).add(ch)
