"""Flowing headings, paragraphs and figures onto A5 pages."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..draw import text
from ..draw.miniature import legible
from ..draw.shapes import PT, Group, Line, Scene, Shape, Style, Text
from .markup import typographic

A5 = (148.0, 210.0)
INK = "#231f1a"
# The smallest type on an A5 page: on Letter the saddle-stitch booklet shrinks A5 onto half a sheet
# (x 0.944), and 6.4 pt there still prints at 6 pt. Pictures of components drawn smaller than this
# show a bar for each line of text they cannot print legibly (`draw.miniature`).
LEAST_PT = 6.4


@dataclass
class Frame:
    width: float = A5[0]
    height: float = A5[1]
    top: float = 15.0
    bottom: float = 18.0
    inner: float = 15.0
    outer: float = 13.0
    accent: str = "#b8262f"


@dataclass
class Flow:
    """Places content top to bottom, opening a new page when the current one is full."""

    frame: Frame
    title: str
    pages: list[list[Shape]] = field(default_factory=list)
    y: float = 0.0
    lang: str = "en"          # for typographic quotes

    def __post_init__(self) -> None:
        self.new_page()

    # geometry of the text column on the current page
    @property
    def left(self) -> float:
        return self.frame.inner if len(self.pages) % 2 == 1 else self.frame.outer

    @property
    def width(self) -> float:
        return self.frame.width - self.frame.inner - self.frame.outer

    @property
    def limit(self) -> float:
        return self.frame.height - self.frame.bottom

    def new_page(self) -> None:
        self.pages.append([])
        self.y = self.frame.top

    def at_top(self) -> bool:
        return self.y <= self.frame.top + 0.01

    def ensure(self, height: float) -> None:
        if self.y + height > self.limit and not self.at_top():
            self.new_page()

    def add(self, *shapes: Shape) -> None:
        self.pages[-1].extend(shapes)

    # content
    def heading(self, s: str, level: int = 1) -> None:
        if level == 1:
            if not self.at_top():
                if self.limit - self.y < 40:   # a section never starts at the foot of a page
                    self.new_page()
                else:
                    self.y += 6
            self.add(*text.box(self.left, self.y, self.width, 9, typographic(s, self.lang), "sans-bold", 15, "left",
                               INK, valign="bottom"))
            self.y += 10.5
            self.add(Line(self.left, self.y, self.left + self.width, self.y, Style(stroke=self.frame.accent,
                                                                                   width=0.6)))
            self.y += 4.5
        else:
            self.ensure(18)
            self.y += 1.5
            self.add(*text.box(self.left, self.y, self.width, 5.5, typographic(s, self.lang), "sans-bold", 10.5,
                               "left", self.frame.accent, valign="bottom"))
            self.y += 7.5

    def paragraph(self, s: str, size: float = 8.6, indent: float = 0.0, bullet: str = "") -> None:
        lines = rich_wrap(typographic(s, self.lang), size, self.width - indent)
        step = size * PT * 1.38
        for i, ln in enumerate(lines):
            self.ensure(step)
            base = self.y + size * PT * 0.8
            if i == 0 and bullet:
                self.add(text.line(self.left + indent - 3.2, base, bullet, "sans-bold", size, self.frame.accent))
            self.add(*draw_rich(ln, self.left + indent, base, size))
            self.y += step
        self.y += size * PT * 0.55

    def aside(self, label: str, s: str, size: float = 7.6) -> None:
        """A side note (a designer's comment): a bold label, the text indented, a bar in the accent
        colour down its left edge; kept whole on one page."""
        lines = rich_wrap(typographic(f"**{label}.** {s}", self.lang), size, self.width - 6)
        step = size * PT * 1.36
        self.ensure(len(lines) * step + 2)
        top = self.y
        for ln in lines:
            self.add(*draw_rich(ln, self.left + 4.5, self.y + size * PT * 0.8, size, "#4a443b"))
            self.y += step
        self.add(Line(self.left + 1.2, top + 0.3, self.left + 1.2, self.y - 0.6,
                      Style(stroke=self.frame.accent, width=0.9)))
        self.y += size * PT * 0.8

    def figure(self, scene_group: Group, height: float, caption: str = "") -> None:
        cap = rich_wrap(typographic(caption, self.lang), 7.4, self.width) if caption else []
        total = height + len(cap) * 7.4 * PT * 1.35 + 3
        self.ensure(total)
        self.add(Group(scene_group.shapes, self.left + scene_group.dx, self.y + scene_group.dy, 0, scene_group.clip,
                       scene_group.scale))
        self.y += height + 1.5
        for ln in cap:
            self.add(*draw_rich(ln, self.left, self.y + 7.4 * PT * 0.8, 7.4, "#4a443b"))
            self.y += 7.4 * PT * 1.35
        self.y += 2.5

    def grid(self, cells: list[tuple[Scene, float, str]], cols: int = 2, gap: float = 4.0) -> None:
        """Figures `cols` to a row, each with a caption under it (scene, its aspect, caption); a
        last row with fewer figures is centred."""
        w = (self.width - gap * (cols - 1)) / cols
        for start in range(0, len(cells), cols):
            row = cells[start:start + cols]
            caps = [rich_wrap(typographic(c, self.lang), 7.0, w) for _, _, c in row]
            img_h = max(w * aspect for _, aspect, _ in row)
            cap_h = max(len(c) for c in caps) * 7.0 * PT * 1.32
            self.ensure(img_h + cap_h + 4)
            lead = (cols - len(row)) * (w + gap) / 2     # a short last row sits in the middle
            for i, (scene, _aspect, _) in enumerate(row):
                x = self.left + lead + i * (w + gap)
                k = w / scene.width
                self.add(Group(legible(scene.shapes, k, LEAST_PT), x, self.y, 0, (0, 0, scene.width, scene.height), k))
                cy = self.y + img_h + 1.2
                for ln in caps[i]:
                    self.add(*draw_rich(ln, x, cy + 7.0 * PT * 0.8, 7.0, "#3a352d"))
                    cy += 7.0 * PT * 1.32
            self.y += img_h + cap_h + 4

    def space(self, mm: float) -> None:
        self.y += mm

    def finish(self) -> list[list[Shape]]:
        """Pages with running footers (title and page number)."""
        total = len(self.pages)
        for i, page in enumerate(self.pages, 1):
            if i == 1:
                continue
            y = self.frame.height - 9
            page.append(Line(self.frame.outer, y - 4.5, self.frame.width - self.frame.outer, y - 4.5,
                             Style(stroke="#cfc6b4", width=0.25)))
            page.append(text.line(self.frame.width / 2, y, f"{self.title} · {i}/{total}", "sans", 7, "#6b6457",
                                  "middle"))
        return self.pages


_BOLD = re.compile(r"\*\*(.+?)\*\*")


def _spans(s: str) -> list[tuple[str, bool]]:
    out, pos = [], 0
    for m in _BOLD.finditer(s):
        if m.start() > pos:
            out.append((s[pos:m.start()], False))
        out.append((m.group(1), True))
        pos = m.end()
    if pos < len(s):
        out.append((s[pos:], False))
    return out


Word = list[tuple[str, bool]]   # segments of one word, each (text, bold)


def rich_wrap(s: str, size: float, width: float) -> list[list[tuple[str, bool]]]:
    """Wrap text with **bold** spans into lines; each line is a list of (text, bold) runs."""
    words: list[Word] = []
    glue = False  # does the next segment continue the previous word (no space between)?
    for chunk, bold in _spans(s):
        parts = chunk.split(" ")
        for i, part in enumerate(parts):
            if i > 0:
                glue = False
            if not part:
                continue
            if glue and words:
                words[-1].append((part, bold))
            else:
                words.append([(part, bold)])
            glue = True
    lines: list[list[Word]] = []
    cur: list[Word] = []
    cur_w = 0.0
    space = text.measure(" ", "sans", size)
    for word in words:
        ww = sum(text.measure(t, "sans-bold" if b else "sans", size) for t, b in word)
        if cur and cur_w + space + ww > width:
            lines.append(cur)
            cur, cur_w = [], 0.0
        cur_w += (space if cur else 0) + ww
        cur.append(word)
    if cur:
        lines.append(cur)
    out = []
    for line in lines:
        runs: list[tuple[str, bool]] = []
        for j, word in enumerate(line):
            for k, (t, b) in enumerate(word):
                lead = " " if (j > 0 and k == 0) else ""
                if runs and runs[-1][1] == b:
                    runs[-1] = (runs[-1][0] + lead + t, b)
                else:
                    runs.append((lead + t, b) if not runs else (t, b) if not lead else (lead + t, b))
        out.append(runs)
    return out


def draw_rich(line: list[tuple[str, bool]], x: float, baseline: float, size: float, fill: str = INK) -> list[Text]:
    """One Text per run of the same weight; spaces are part of the runs."""
    out: list[Text] = []
    for t, bold in line:
        font = "sans-bold" if bold else "sans"
        lead = len(t) - len(t.lstrip(" "))
        x += text.measure(" ", "sans", size) * lead
        shape = text.line(x, baseline, t.lstrip(" "), font, size, fill)
        out.append(shape)
        x += shape.width
    return out
