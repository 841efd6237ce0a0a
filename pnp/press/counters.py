"""A sheet (or more) of round counters with cut guides."""

from __future__ import annotations

from ..draw import text
from ..draw.shapes import Group, Line, Scene, Shape, Style
from ..render.pdf import Page
from .cards import sheet_page, shift
from .words import SheetWords, english

GAP = 4.0
GUIDE = Style(stroke="#999999", width=0.15, dash=(1.0, 1.0))


def impose_counters(scenes: list[Scene], paper_w: float, paper_h: float, margin: float, title: str,
                    backs: list[Scene | None] | None = None, duplex: str = "long",
                    words: SheetWords | None = None, offset: tuple[float, float] = (0.0, 0.0)) -> list[Page]:
    """Counters in rows, largest first; a dotted square around each helps the first scissor cut.

    With `backs` (backs[i] is the other side of scenes[i], or None for a one-sided counter), each
    sheet is followed by its backs sheet, every back placed behind its front for long- or
    short-edge flipping (`duplex`), or all backs sheets at the end for gluing ("none": mirrored
    like long-edge, since a backs sheet is turned over like a book page to be glued on). `offset`
    moves everything on a backs sheet, as for cards (`--offset`)."""
    say = words or english()
    pairs = list(zip(scenes, backs or [None] * len(scenes)))
    order = sorted(pairs, key=lambda p: -p[0].width)
    pages: list[list[Shape]] = [[]]
    back_pages: list[list[Shape]] = [[]]
    x, y, row_h = margin + 2, margin + 2, 0.0
    for scene, back in order:
        d = scene.width
        if x + d > paper_w - margin - 2:
            x, y, row_h = margin + 2, y + row_h + GAP, 0.0
        if y + d > paper_h - margin - 10:
            pages.append([])
            back_pages.append([])
            x, y, row_h = margin + 2, margin + 2, 0.0
        g = GAP / 2
        pages[-1] += [Line(x - g, y - g, x + d + g, y - g, GUIDE), Line(x - g, y + d + g, x + d + g, y + d + g, GUIDE),
                      Line(x - g, y - g, x - g, y + d + g, GUIDE), Line(x + d + g, y - g, x + d + g, y + d + g, GUIDE)]
        fb = scene.bleed
        pages[-1].append(Group(tuple(scene.shapes), x, y, 0, (-fb, -fb, d + 2 * fb, d + 2 * fb)))
        if back is not None:
            bx = x if duplex == "short" else paper_w - x - d
            by = paper_h - y - d if duplex == "short" else y
            b = back.bleed
            back_pages[-1].append(Group(tuple(back.shapes), bx, by, 0, (-b, -b, d + 2 * b, d + 2 * b)))
        x += d + GAP
        row_h = max(row_h, d)
    out = []
    two_sided = any(back is not None for _, back in pairs)
    flip = say(f"flip_{duplex}")
    tail = []
    for i, (shapes, bshapes) in enumerate(zip(pages, back_pages), 1):
        note = say("counter_fronts", title=title, n=i, total=len(pages))
        if two_sided:
            note += f" · {flip}"
        shapes += text.box(margin, paper_h - margin - 6, paper_w - 2 * margin, 4, note,
                           "sans", 7, "center", "#555555", valign="middle", min_size=6.0)
        out.append(sheet_page(paper_w, paper_h, shapes))
        if two_sided:
            bshapes += text.box(margin, paper_h - margin - 6, paper_w - 2 * margin, 4,
                                say("counter_backs", title=title, n=i, total=len(pages), flip=flip), "sans", 7,
                                "center", "#555555", valign="middle", min_size=6.0)
            (tail if duplex == "none" else out).append(sheet_page(paper_w, paper_h, shift(bshapes, offset)))
    return out + tail
