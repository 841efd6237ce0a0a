"""A sheet (or more) of round counters with cut guides."""

from __future__ import annotations

from ..draw import text
from ..draw.shapes import Group, Line, Scene, Shape, Style
from ..render.pdf import Page

GAP = 4.0
GUIDE = Style(stroke="#999999", width=0.15, dash=(1.0, 1.0))


def impose_counters(scenes: list[Scene], paper_w: float, paper_h: float, margin: float, title: str) -> list[Page]:
    """Counters in rows, largest first; a dotted square around each helps the first scissor cut."""
    order = sorted(scenes, key=lambda s: -s.width)
    pages: list[list[Shape]] = [[]]
    x, y, row_h = margin + 2, margin + 2, 0.0
    for scene in order:
        d = scene.width
        if x + d > paper_w - margin - 2:
            x, y, row_h = margin + 2, y + row_h + GAP, 0.0
        if y + d > paper_h - margin - 10:
            pages.append([])
            x, y, row_h = margin + 2, margin + 2, 0.0
        g = GAP / 2
        pages[-1] += [Line(x - g, y - g, x + d + g, y - g, GUIDE), Line(x - g, y + d + g, x + d + g, y + d + g, GUIDE),
                      Line(x - g, y - g, x - g, y + d + g, GUIDE), Line(x + d + g, y - g, x + d + g, y + d + g, GUIDE)]
        pages[-1].append(Group(tuple(scene.shapes), x, y))
        x += d + GAP
        row_h = max(row_h, d)
    out = []
    for i, shapes in enumerate(pages, 1):
        shapes += text.box(margin, paper_h - margin - 6, paper_w - 2 * margin, 4,
                           f"{title} · counters {i}/{len(pages)} · cut along the black circles · print at 100%",
                           "sans", 7, "center", "#555555", valign="middle")
        out.append(Page(paper_w, paper_h, shapes))
    return out
