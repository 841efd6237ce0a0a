"""Export targets and the print shops' published card files: resolution, bleed and pixel size.

A shop's preset is the resolution and bleed it asks for, and the card products whose pixel size it
publishes. A card whose trim is not one of those products is refused for that shop (exit 2) rather
than given a size nobody checked: `--target png` with `--dpi` and `--bleed` makes any other size.
Where each figure comes from is in docs/exports.md.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction

from ..errors import UsageError

MM_PER_IN = 25.4
PT_PER_IN = 72.0
MAX_BLEED_MM = 20.0
DPI_RANGE = (50, 1200)


@dataclass(frozen=True)
class Product:
    """A card a shop prints: its trim in inches and the full-bleed image it asks for at its dpi."""

    name: str
    trim_in: tuple[float, float]
    pixels: tuple[int, int]

    @property
    def trim_mm(self) -> tuple[float, float]:
        return (self.trim_in[0] * MM_PER_IN, self.trim_in[1] * MM_PER_IN)


@dataclass(frozen=True)
class Target:
    """One `--target`: what it writes, and the shop's defaults where it is a shop's."""

    key: str
    what: str                      # "images", "pdf" or "tts"
    shop: str = ""
    dpi: int | None = 300          # None: a PDF has no resolution
    bleed_in: float | None = None  # None: the layout's own bleed
    products: tuple[Product, ...] = ()
    cmyk: bool = False


POKER_IN = (2.5, 3.5)   # 63.5 x 88.9 mm, the `poker` size of layouts/sizes.toml

TARGETS: dict[str, Target] = {
    # MakePlayingCards: 300 dpi, 36 px of bleed on every side (0.12 in): poker is 822 x 1122 px.
    "mpc": Target("mpc", "images", "MakePlayingCards", 300, 0.12, (Product("poker", POKER_IN, (822, 1122)),)),
    # The Game Crafter: 300 dpi, 1/8 in of bleed: poker is 825 x 1125 px.
    "tgc": Target("tgc", "images", "The Game Crafter", 300, 0.125, (Product("poker", POKER_IN, (825, 1125)),)),
    # DriveThruCards: one card per PDF page at 2.75 x 3.75 in for poker (1/8 in of bleed), PDF/X-1a, CMYK.
    "dtc": Target("dtc", "pdf", "DriveThruCards", None, 0.125, (Product("poker", POKER_IN, (825, 1125)),),
                  cmyk=True),
    "png": Target("png", "images"),
    "pdf-cards": Target("pdf-cards", "pdf", dpi=None),
    "tts": Target("tts", "tts"),
}


@dataclass(frozen=True)
class Spec:
    """What an export of one card size is made at."""

    target: Target
    dpi: int | None
    bleed_mm: float | None     # None: each card's layout bleed
    preset: bool = True        # the target's own dpi and bleed (neither --dpi nor --bleed given)
    die_line: bool = False     # pdf-cards: each trim stroked in the CutContour spot colour on its own layer
    profile: bytes | None = None   # dtc: an ICC output profile to embed in the output intent

    def bleed_for(self, layout_bleed: float) -> float:
        return layout_bleed if self.bleed_mm is None else self.bleed_mm


def pixels(trim_mm: tuple[float, float], bleed_mm: float, dpi: int) -> tuple[int, int]:
    """The full-bleed image size in whole pixels: trim plus bleed on both sides, at `dpi`."""
    w, h = trim_mm
    # Half a pixel rounds up (2.75 in at 150 dpi is 413 px), as an image editor sizes a canvas.
    return (math.floor((w + 2 * bleed_mm) / MM_PER_IN * dpi + 0.5),
            math.floor((h + 2 * bleed_mm) / MM_PER_IN * dpi + 0.5))


def target(name: str) -> Target:
    key = name.strip().lower()
    if key not in TARGETS:
        raise UsageError(f"--target {name!r}: expected one of {', '.join(TARGETS)}")
    return TARGETS[key]


_LENGTH = re.compile(r"^\s*(\d+(?:\.\d+)?|\d+/\d+|\d+\s+\d+/\d+)\s*(mm|in|px|pt)\s*$", re.IGNORECASE)


def parse_bleed(value: str | None, dpi: int | None) -> float | None:
    """`--bleed` in millimetres: `3mm`, `0.125in`, `1/8in`, `36px` (at `--dpi`), `9pt`; None if not given."""
    if value is None:
        return None
    m = _LENGTH.match(value)
    if not m:
        raise UsageError(f"--bleed {value!r}: expected a length with its unit, e.g. 3mm, 0.125in, 1/8in or 36px")
    number, unit = m.group(1), m.group(2).lower()
    try:
        amount = float(sum(Fraction(part) for part in number.split()))
    except ZeroDivisionError:
        raise UsageError(f"--bleed {value!r}: a fraction cannot divide by zero") from None
    if unit == "px":
        if dpi is None:
            raise UsageError(f"--bleed {value!r}: pixels need a resolution; this target makes a PDF, give mm or in")
        mm = amount / dpi * MM_PER_IN
    else:
        mm = amount * {"mm": 1.0, "in": MM_PER_IN, "pt": MM_PER_IN / PT_PER_IN}[unit]
    if not 0 <= mm <= MAX_BLEED_MM:
        raise UsageError(f"--bleed {value!r}: expected at most {MAX_BLEED_MM:g} mm")
    return mm


def parse_dpi(value: str | None) -> int | None:
    if value is None:
        return None
    low, high = DPI_RANGE
    try:
        dpi = int(value.strip())
    except ValueError:
        raise UsageError(f"--dpi {value!r}: expected a whole number of dots per inch, e.g. 300") from None
    if not low <= dpi <= high:
        raise UsageError(f"--dpi {value!r}: expected between {low} and {high}")
    return dpi


def spec(tgt: Target, dpi: str | None, bleed: str | None) -> Spec:
    """The target's settings with `--dpi` and `--bleed` applied."""
    chosen_dpi = parse_dpi(dpi)
    if chosen_dpi is not None and tgt.dpi is None:
        raise UsageError(f"--dpi: --target {tgt.key} writes vector PDF pages, which have no resolution")
    use_dpi = chosen_dpi if chosen_dpi is not None else tgt.dpi
    chosen_bleed = parse_bleed(bleed, use_dpi)
    if chosen_bleed is None and tgt.bleed_in is not None:
        chosen_bleed = tgt.bleed_in * MM_PER_IN
    return Spec(tgt, use_dpi, chosen_bleed, preset=dpi is None and bleed is None)


def product_for(tgt: Target, trim_mm: tuple[float, float], where: str) -> Product | None:
    """The shop's product of this trim (within 0.5 mm), or an error naming the sizes it prints;
    None for a target that is not a shop's."""
    if not tgt.products:
        return None
    for product in tgt.products:
        pw, ph = product.trim_mm
        if math.isclose(pw, trim_mm[0], abs_tol=0.5) and math.isclose(ph, trim_mm[1], abs_tol=0.5):
            return product
    sizes = ", ".join(f"{p.name} {p.trim_in[0]:g} x {p.trim_in[1]:g} in" for p in tgt.products)
    raise UsageError(f"--target {tgt.key}: {where} is {trim_mm[0]:g} x {trim_mm[1]:g} mm, not a card size pnp "
                     f"knows {tgt.shop} prints ({sizes}); use --target png with --dpi and --bleed for other sizes")
