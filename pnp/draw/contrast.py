"""Text colours a reader can read: WCAG 2 contrast, and a colour darkened or lightened just enough
to reach it against its background (a clan's yellow on cream becomes a deep ochre)."""

from __future__ import annotations

import functools

from ..model.colours import rgb

MINIMUM = 4.5   # WCAG AA for body text


def luminance(colour: str) -> float:
    """Relative luminance (WCAG 2)."""
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: str, b: str) -> float:
    """The contrast ratio of two colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def mix(colour: str, target: float, t: float) -> str:
    """`colour` moved a share `t` of the way to grey level `target` (0 black, 1 white)."""
    return "#" + "".join(f"{round((c + (target - c) * t) * 255):02x}" for c in rgb(colour))


# A pure function of three values, asked the same few pairs for every chip and label of a kit
# (about 13 ms of a build with many field chips); the pairs are the game's colours, so few.
@functools.lru_cache(maxsize=1024)
def readable(ink: str, background: str, minimum: float = MINIMUM) -> str:
    """`ink` itself when it reads on `background`, else `ink` moved towards black (on a light
    background) or white (on a dark one) by the smallest step that reaches `minimum`."""
    if ratio(ink, background) >= minimum:
        return ink
    target = 0.0 if luminance(background) > 0.18 else 1.0
    for step in range(1, 21):
        out = mix(ink, target, step / 20)
        if ratio(out, background) >= minimum:
            return out
    return "#000000" if target == 0.0 else "#ffffff"
