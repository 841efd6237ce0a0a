"""Small pictograms for card types, drawn in a unit box."""

from __future__ import annotations

import math

from .shapes import Circle, Line, Polygon, Shape, Style


def icon(kind: str, cx: float, cy: float, size: float, colour: str) -> list[Shape]:
    """An icon centred on (cx, cy), `size` mm across."""
    s = size / 2
    ink = Style(stroke=colour, width=size * 0.09)
    if kind == "move":
        head = ((cx + s, cy), (cx + s * 0.35, cy - s * 0.55), (cx + s * 0.35, cy + s * 0.55))
        return [Line(cx - s, cy, cx + s * 0.4, cy, ink), Polygon(head, Style(fill=colour))]
    if kind == "recruit":
        return [Circle(cx, cy, s * 0.95, Style(stroke=colour, width=size * 0.07)),
                Line(cx - s * 0.55, cy, cx + s * 0.55, cy, ink), Line(cx, cy - s * 0.55, cx, cy + s * 0.55, ink)]
    if kind == "flood":
        shapes: list[Shape] = []
        for row in (-0.45, 0.0, 0.45):
            pts = tuple((cx - s + i * s / 8, cy + row * s + math.sin(i * math.pi / 4) * s * 0.12) for i in range(17))
            shapes.append(Polygon(pts, Style(stroke=colour, width=size * 0.07), closed=False))
        return shapes
    return []
