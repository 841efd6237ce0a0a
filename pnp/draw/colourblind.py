"""Colour is never the only signal: how colours look to players with the common colour-vision
deficiencies, and a check that things players must tell apart differ by more than colour.

The simulation is Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for
Simulation of Color Vision Deficiency", at full severity: a 3x3 matrix applied to linear RGB. The
distance is CIE76 ΔE in CIELAB (D65); about 2 is a just-noticeable difference, and at MIN_DELTA two
flat markers read as different colours across a table.

A test calls `confusable` with every marker of a kind (clans, players, card kinds): each has a colour
and a sign (its shape, symbol or letter). Two markers with the same sign must stay MIN_DELTA apart in
normal vision and in every simulated one; two with different signs may share any colour.

>>> confusable({"red": ("#b8262f", "sun"), "green": ("#2e7d32", "pine")})
[]
>>> confusable({"red": ("#b8262f", "disc"), "green": ("#2e7d32", "disc")})[0][:60]
'red and green: the same sign (disc) and only ΔE 7.7 apart un'
"""

from __future__ import annotations

from collections.abc import Mapping

from ..model.colours import rgb

MIN_DELTA = 15.0

Matrix3 = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

# Machado et al. 2009, Table 1, severity 1.0 (linear RGB in, linear RGB out).
DEFICIENCIES: dict[str, Matrix3] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *DEFICIENCIES)


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def simulate(colour: str, vision: str) -> tuple[float, float, float]:
    """The sRGB (0-1) a player with `vision` (normal or a key of DEFICIENCIES) sees for `colour`."""
    r, g, b = rgb(colour)
    if vision == "normal":
        return r, g, b
    m = DEFICIENCIES[vision]
    lin = (_linear(r), _linear(g), _linear(b))
    out = tuple(_gamma(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))
    return out[0], out[1], out[2]


def lab(srgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour given as three 0-1 values."""
    r, g, b = (_linear(c) for c in srgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: str, b: str, vision: str = "normal") -> float:
    """How far apart `a` and `b` look (CIE76 ΔE) to a player with `vision`."""
    la, lb = lab(simulate(a, vision)), lab(simulate(b, vision))
    return float(sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5)


def closest(a: str, b: str) -> tuple[float, str]:
    """The smallest ΔE of the two colours over every vision, and that vision."""
    return min((delta_e(a, b, v), v) for v in VISIONS)


def confusable(markers: Mapping[str, tuple[str, str]], min_delta: float = MIN_DELTA) -> list[str]:
    """Sentences naming each pair of markers (name -> (colour, sign)) that share a sign and come
    closer than `min_delta` in some vision; empty when every pair can be told apart."""
    out = []
    names = list(markers)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            (ca, sa), (cb, sb) = markers[a], markers[b]
            if sa != sb:
                continue
            d, vision = closest(ca, cb)
            if d < min_delta:
                out.append(f"{a} and {b}: the same sign ({sa}) and only ΔE {d:.1f} apart under {vision} "
                           f"(at least {min_delta:g} needed): give them different shapes, symbols or letters")
    return out
