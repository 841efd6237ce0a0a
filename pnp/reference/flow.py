"""Flowing headings, paragraphs and figures onto A5 pages.

A `Flow` records each step it is asked to take (a heading, a paragraph, a row of figures ...) as it
lays it out, so that `Flow.balance` can lay the same steps out again with some page breaks moved:
first fit leaves a page half empty when what comes next is kept together and does not fit below."""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..draw import text
from ..draw.miniature import legible
from ..draw.shapes import PT, Group, Line, Rect, Scene, Shape, Style, Text
from .markup import typographic

A5 = (148.0, 210.0)
INK = "#231f1a"
# The smallest type on an A5 page: on Letter the saddle-stitch booklet shrinks A5 onto half a sheet
# (x 0.944), and 6.4 pt there still prints at 6 pt. Pictures of components drawn smaller than this
# show a bar for each line of text they cannot print legibly (`draw.miniature`).
LEAST_PT = 6.4
KEEP_WITH_LIST = 14.0  # mm of a list that must fit under its lead-in ("...as follows:"): two short items
BOX_PAD = 2.5          # mm between a box's edge and its text, above, below and (outside the column) at the sides
BOX_FILL = "#f5f0e6"
# A paragraph of this many lines or fewer is never split across pages; a longer one leaves at least two
# lines on each page (no orphan at a page's foot, no widow at the next page's head).
SHORT_LINES = 5
# A list of this many lines or fewer, all told, stays on one page.
SHORT_LIST_LINES = 12
# No page between the cover and the last is less full than this, whatever else the flow keeps together.
HALF = 0.5
# A heading stays on its page only with this many lines of what follows it (or its first figure) under it:
# a heading with one intro line at a page's foot and the rest overleaf reads as stranded.
HEADING_KEEP_LINES = 2


# A list item that opens with its number or letter ("1. Lay a card", "**2. Roll.** ...", "**B. Sowers.**")
# is marked by it: the number stands where the bullet would, never after one ("• 1.").
_NUMBERED = re.compile(r"^(\*\*)?(\d{1,2}\.|[A-Z]\.)(\*\*)?\s+")


def list_marker(s: str, bullet: str) -> tuple[str, str]:
    """A list item's marker and the text after it: its own number when it opens with one ("**2.** ..."
    or "**2. Roll.** ...", whose bold goes on), else `bullet`."""
    m = _NUMBERED.match(s) if bullet else None
    if m is None:
        return bullet, s
    bold_goes_on = m.group(1) and not m.group(3)
    return m.group(2), ("**" if bold_goes_on else "") + s[m.end():]


@dataclass
class Frame:
    width: float = A5[0]
    height: float = A5[1]
    top: float = 15.0
    bottom: float = 18.0
    inner: float = 15.0
    outer: float = 13.0
    accent: str = "#b8262f"


F = TypeVar("F", bound=Callable[..., Any])


def _step(method: F) -> F:
    """A step of the layout: called from outside the flow, it is recorded (see `Flow.replay`)."""
    @functools.wraps(method)
    def run(self: Flow, *args: Any, **kwargs: Any) -> Any:
        if self._depth == 0:
            if self._marking:
                self._starts.append(self._state())
            if self.recording:
                self.log.append((method.__name__, args, kwargs))
        self._depth += 1
        try:
            return method(self, *args, **kwargs)
        finally:
            self._depth -= 1
    return run  # type: ignore[return-value]


@dataclass(frozen=True)
class _State:
    """Where a flow stood as a step began (`Flow._starts`)."""
    points: int
    keeps: int
    pages: tuple[tuple[list[Shape], int], ...]      # each page's list and how many shapes it held
    ink: tuple[float, ...]
    y: float
    breaks: int
    forced: int
    kept: int
    heading: bool
    box: tuple[int, int, float] | None
    pending: tuple[int, int, float, float] | None
    under: int


@dataclass
class Flow:
    """Places content top to bottom, opening a new page when the current one is full."""

    frame: Frame
    title: str
    pages: list[list[Shape]] = field(default_factory=list)
    y: float = 0.0
    lang: str = "en"          # for typographic quotes
    force: frozenset[int] = frozenset()     # break points (numbered in order) where a new page starts
    relax: frozenset[int] = frozenset()     # keeps (numbered in order) that settle for their least height
    recording: bool = True
    glue: bool = True        # a row of figures keeps room for what stays with it (`grid`'s `then`)

    def __post_init__(self) -> None:
        self.log: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        # The flow's state as each recorded step began (see `replay`). Page lists are only ever
        # appended to in place (a shape taken off or put in between makes a new list), so a page is
        # kept as its list and length, not copied.
        self._starts: list[_State] = []
        self._texts: dict[tuple[tuple[tuple[str, bool], ...], float, float, float, str], tuple[Text, ...]] = {}
        self._marking = self.recording      # keeping `_starts` (a layout made with no break forced: `replay`)
        # A picture's shapes as drawn at a scale (`draw.miniature.legible`), by the shapes' identity and
        # the scale: shared with the layouts `replay` makes, which place the same pictures again.
        self._small: dict[tuple[int, int, float], tuple[list[Shape] | tuple[Shape, ...], tuple[Shape, ...]]] = {}
        self.ink: list[float] = []           # per page: the lowest mark of the content (mm from the top)
        self.breaks: list[tuple[int, int, float]] = []   # (break point, page, its ink) where a page could start
        self.forced: list[tuple[int, int]] = []          # (break point, the page it started) for forced breaks
        self.kept: list[tuple[int, int]] = []     # (keep, page) for keeps that opened a new page
        self._depth = 0
        self._points = 0
        self._keeps = 0
        self._heading = False                # the last content placed is a heading
        self._box: tuple[int, int, float] | None = None   # an open box: (page, shapes before it there, top)
        # a heading with less than HEADING_KEEP_LINES placed under it yet: (page, its first shape, y it starts
        # at, the page's ink before it). If what follows opens a new page, the heading goes with it, and so
        # does the line under it.
        self._pending: tuple[int, int, float, float] | None = None
        self._under = 0                      # lines placed under the pending heading
        # the room a row of figures kept for what stays with it (`glue`) moved a page break: until it
        # does, the same steps laid out without that room go exactly as these did (`loosened`)
        self._glued = False
        self._glued_at: int | None = None      # the step it first did so at (in `_starts`), when kept
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

    @_step
    def new_page(self) -> None:
        pending, self._pending = self._pending, None
        was_left, ink, y = self.left, self.ink[-1] if self.ink else 0.0, self.y
        self.pages.append([])
        self.ink.append(self.frame.top)
        self.y = self.frame.top
        if pending is not None and pending[0] == len(self.pages) - 2 and pending[2] > self.frame.top + 0.01:
            self._carry_heading(pending, was_left, ink, y)

    def _carry_heading(self, pending: tuple[int, int, float, float], was_left: float, ink: float, y: float) -> None:
        """A heading whose first two lines did not fit under it leaves the foot of its page for the top of
        this one, with what was placed under it (`ink`, `y`: where that ends)."""
        page, first, top, ink_before = pending
        shapes = tuple(self.pages[page][first:])
        self.pages[page] = self.pages[page][:first]      # a new list: see `_starts`
        self.ink[page] = ink_before
        dy = self.frame.top - top
        self.pages[-1].append(Group(shapes, self.left - was_left, dy))
        self.ink[-1] = ink + dy
        self.y = y + dy
        if self._box is not None and self._box[0] == page and self._box[1] >= first:   # a box opened under it
            self._box = (len(self.pages) - 1, 0, self._box[2] + dy)

    def at_top(self) -> bool:
        return self.y <= self.frame.top + 0.01

    @_step
    def page_break(self) -> None:
        """What follows starts on a new page (unless this one is still empty)."""
        if not self.at_top():
            self.new_page()

    @_step
    def close_page(self) -> None:
        """Nothing more goes on this page."""
        self.y = self.limit

    @_step
    def ensure(self, height: float) -> None:
        self._ensure(height)

    # `ensure` and `add` as the steps themselves call them: a step's own calls are not recorded and
    # mark no break point, so they skip `_step`'s bookkeeping (a paragraph calls both for each line,
    # and `balance` lays the paragraphs out again for every layout it tries)
    def _ensure(self, height: float) -> None:
        if self.y + height > self.limit and not self.at_top():
            self.new_page()

    @_step
    def keep(self, height: float, least: float) -> None:
        """What follows starts on a new page unless `height` of it fits here; `balance` may settle
        for `least` (say a heading and its text, without the figures that follow)."""
        self._keeps += 1
        page = len(self.pages)
        self._ensure(least if self._keeps in self.relax else height)
        if len(self.pages) != page:
            self.kept.append((self._keeps, len(self.pages) - 1))

    @_step
    def add(self, *shapes: Shape) -> None:
        self.pages[-1].extend(shapes)

    def _add(self, *shapes: Shape) -> None:
        self.pages[-1].extend(shapes)

    def _inked(self, y: float, lines: int = HEADING_KEEP_LINES) -> None:
        """Content placed down to `y`: `lines` of text (a figure counts as enough to keep a heading)."""
        self.ink[-1] = max(self.ink[-1], y)
        self._under += lines
        if self._under >= HEADING_KEEP_LINES:
            self._pending = None      # enough is placed under it: a heading above it stays where it is

    def _point(self, heading: bool = False, glued: bool = False) -> None:
        """A place between two pieces of content of the outermost step: a new page may start here,
        unless a heading is just above (a heading stays with what follows it). `heading`: what
        starts here stays with what follows it; `glued`: it stays with what precedes it."""
        if self._depth != 1:
            return
        self._points += 1
        if glued:
            self._heading = heading
            return
        if self._points in self.force and not self._heading and not self.at_top():
            self.page_break()
            self.forced.append((self._points, len(self.pages) - 1))
        if not self.at_top() and not self._heading and self._pending is None:
            self.breaks.append((self._points, len(self.pages) - 1, self.ink[-1]))
        self._heading = heading

    def _rich(self, line: list[tuple[str, bool]] | tuple[tuple[str, bool], ...], x: float, baseline: float,
              size: float, fill: str = INK) -> tuple[Text, ...]:
        """`draw_rich`'s shapes, made once for each place a line is set at: the layouts `replay` makes
        set most lines where an earlier one did (shared with them, as `_small` is)."""
        key = (tuple(line), x, baseline, size, fill)
        out = self._texts.get(key)
        if out is None:
            out = self._texts[key] = tuple(draw_rich(line, x, baseline, size, fill))
        return out

    def _legible(self, shapes: list[Shape] | tuple[Shape, ...], k: float) -> tuple[Shape, ...]:
        key = (id(shapes), len(shapes), k)
        seen = self._small.get(key)
        if seen is not None and seen[0] is shapes:
            return seen[1]
        out = legible(shapes, k, LEAST_PT)
        self._small[key] = (shapes, out)       # the shapes are kept, so their id is not reused
        return out

    # content
    @_step
    def heading(self, s: str, level: int = 1) -> None:
        self._point(heading=True)
        if level == 1:
            if not self.at_top():
                if self.limit - self.y < 40:   # a section never starts at the foot of a page
                    self.new_page()
                else:
                    self.y += 6
            start = (len(self.pages) - 1, len(self.pages[-1]), self.y, self.ink[-1])
            prior = self._pending
            self._add(*text.box(self.left, self.y, self.width, 9, typographic(s, self.lang), "sans-bold", 15, "left",
                               INK, valign="bottom"))
            self.y += 10.5
            self._add(Line(self.left, self.y, self.left + self.width, self.y, Style(stroke=self.frame.accent,
                                                                                   width=0.6)))
            self._inked(self.y)
            self.y += 4.5
        else:
            self._ensure(18)
            start = (len(self.pages) - 1, len(self.pages[-1]), self.y, self.ink[-1])
            prior = self._pending
            self.y += 1.5
            self._add(*text.box(self.left, self.y, self.width, 5.5, typographic(s, self.lang), "sans-bold", 10.5,
                               "left", self.frame.accent, valign="bottom"))
            self._inked(self.y + 5.5)
            self.y += 7.5
        if prior is not None and prior[0] == start[0]:     # headings one under the other go together
            start = prior
        self._pending, self._under = start, 0

    @_step
    def paragraph(self, s: str, size: float = 8.6, indent: float = 0.0, bullet: str = "", then: float = 0.0) -> None:
        """`then`: the height of a short list that follows and stays with this paragraph on its page."""
        bullet, s = list_marker(s, bullet)
        colon = s.rstrip().endswith(":")
        lead_in = colon or then > 0
        self._point(heading=lead_in)      # a line that opens a list stays with it
        lines = _wrapped(typographic(s, self.lang), size, self.width - indent)    # read, never changed
        step = size * PT * 1.38
        if lead_in:       # ...on its page too: room for itself and the list (or its first items)
            self._ensure(len(lines) * step + size * PT * 0.55 + max(then, KEEP_WITH_LIST if colon else 0.0))
        n = len(lines)
        # a short paragraph is kept whole; a long one starts with two lines at least ...
        self._ensure(step * (n if n <= SHORT_LINES else 2))
        room = int((self.limit - self.y) / step + 1e-9)     # the lines that fit on this page
        # ... and leaves two at least for the next page
        early = room - 1 if n > SHORT_LINES and room < n and n - room < 2 else None
        for i, ln in enumerate(lines):
            if i == early:
                self.new_page()
            self._ensure(step)
            base = self.y + size * PT * 0.8
            if i == 0 and bullet == "•":
                self._add(text.line(self.left + indent - 3.2, base, bullet, "sans-bold", size, self.frame.accent))
            elif i == 0 and bullet:      # a number, set flush against the item's text
                self._add(text.line(self.left + indent - 0.9, base, bullet, "sans-bold", size, self.frame.accent,
                                    "end"))
            self._add(*self._rich(ln, self.left + indent, base, size))
            self._inked(base + size * PT * 0.25, lines=1)
            self.y += step
        self.y += size * PT * 0.55

    def lines_height(self, items: list[str], size: float = 8.6, indent: float = 0.0) -> tuple[int, float]:
        """The lines and the height paragraphs take, one after the other (as `paragraph` sets them)."""
        wrapped = [len(rich_wrap(typographic(s, self.lang), size, self.width - indent)) for s in items]
        step = size * PT * 1.38
        return sum(wrapped), sum(n * step + size * PT * 0.55 for n in wrapped)

    @_step
    def keep_list(self, items: list[str], size: float = 8.6, indent: float = 3.5) -> None:
        """A short list (SHORT_LIST_LINES or fewer) starts on a page that holds it whole."""
        n, height = self.lines_height(items, size, indent)
        if n <= SHORT_LIST_LINES:
            self._ensure(height)

    def aside_height(self, label: str, s: str, size: float = 7.6) -> float:
        """The height `aside` needs on its page."""
        return len(rich_wrap(typographic(f"**{label}.** {s}", self.lang), size, self.width - 6)) * size * PT * 1.36 + 2

    @_step
    def aside(self, label: str, s: str, size: float = 7.6, glued: bool = False) -> None:
        """A side note (the project's note on a round): a bold label, the text indented, a bar in the accent
        colour down its left edge; kept whole on one page (`glued`: on the page of what it comments on,
        which then made room for it)."""
        self._point(glued=glued)
        lines = rich_wrap(typographic(f"**{label}.** {s}", self.lang), size, self.width - 6)
        step = size * PT * 1.36
        self._ensure(self.aside_height(label, s, size))
        top = self.y
        for ln in lines:
            self._add(*self._rich(ln, self.left + 4.5, self.y + size * PT * 0.8, size, "#4a443b"))
            self.y += step
        self._add(Line(self.left + 1.2, top + 0.3, self.left + 1.2, self.y - 0.6,
                      Style(stroke=self.frame.accent, width=0.9)))
        self._inked(self.y - 0.6, lines=len(lines))
        self.y += size * PT * 0.8

    @_step
    def figure(self, scene_group: Group, height: float, caption: str = "") -> None:
        self._point()
        cap = rich_wrap(typographic(caption, self.lang), 7.4, self.width) if caption else []
        total = height + len(cap) * 7.4 * PT * 1.35 + 3
        self._ensure(total)
        self._add(Group(scene_group.shapes, self.left + scene_group.dx, self.y + scene_group.dy, 0, scene_group.clip,
                       scene_group.scale))
        self.y += height + 1.5
        for ln in cap:
            self._add(*self._rich(ln, self.left, self.y + 7.4 * PT * 0.8, 7.4, "#4a443b"))
            self.y += 7.4 * PT * 1.35
        self._inked(self.y)
        self.y += 2.5

    @_step
    def fit_figure(self, scene: Scene, width: float, caption: str = "", least: float = 0.7) -> None:
        """A figure `width` wide, centred; made smaller (down to `least` of its width) rather than
        pushed to the next page when the space left on this page nearly holds it."""
        self._point()
        lines = len(rich_wrap(typographic(caption, self.lang), 7.4, self.width)) if caption else 0   # as drawn
        room = self.limit - self.y - lines * 7.4 * PT * 1.35 - 4
        height = width * scene.height / scene.width
        if height > room and room >= least * height and not self.at_top():
            width *= room / height
        k = width / scene.width
        self.figure(Group(self._legible(scene.shapes, k), (self.width - width) / 2, 0.0, 0.0,
                          (0, 0, scene.width, scene.height), k), width * scene.height / scene.width, caption)

    @_step
    def beside(self, scene: Scene, width: float, s: str, caption: str, size: float = 8.6, gap: float = 5.0) -> None:
        """A figure `width` wide at the column's left edge, with a paragraph and then the figure's caption
        set in the room to its right: a figure half the column wide, centred, leaves a quarter of the
        column blank on each side and pushes the text that introduces it above it."""
        self._point()
        right = self.width - width - gap
        lines = rich_wrap(typographic(s, self.lang), size, right)
        cap = rich_wrap(typographic(caption, self.lang), 7.4, right) if caption else []
        step, cap_step = size * PT * 1.38, 7.4 * PT * 1.35
        said = len(lines) * step + (size * PT * 0.55 + len(cap) * cap_step if cap else 0.0)
        k = width / scene.width
        height = max(scene.height * k, said)
        self.ensure(height + 2.5)
        self.add(Group(self._legible(scene.shapes, k), self.left, self.y, 0.0, (0, 0, scene.width, scene.height), k))
        x, y = self.left + width + gap, self.y
        for ln in lines:
            self.add(*self._rich(ln, x, y + size * PT * 0.8, size))
            y += step
        y += size * PT * 0.55
        for ln in cap:
            self.add(*self._rich(ln, x, y + 7.4 * PT * 0.8, 7.4, "#4a443b"))
            y += cap_step
        self._inked(self.y + height)
        self.y += height + 2.5

    @_step
    def grid(self, cells: list[tuple[Scene, float, str]], cols: int = 2, gap: float = 4.0, then: float = 0.0,
             cell: float | None = None) -> None:
        """Figures `cols` to a row, each with its caption right under it (scene, its aspect, caption); a
        row with fewer figures, or narrower than the column, is centred. A row is as tall as its tallest
        figure with its caption: a short figure's long caption is not pushed down to the foot of a tall
        neighbour (a caption beside a blank, and a row that takes more room than it needs). `then`: the
        height of what stays with the last row on its page (a note on the figures). `cell`: each
        figure's width, when not the column's share."""
        w = cell if cell is not None else (self.width - gap * (cols - 1)) / cols
        line = 7.0 * PT * 1.32
        for start in range(0, len(cells), cols):
            row = cells[start:start + cols]
            caps = [rich_wrap(typographic(c, self.lang), 7.0, w) for _, _, c in row]
            height = max(w * aspect + 1.2 + len(cap) * line for (_, aspect, _), cap in zip(row, caps, strict=True))
            self._point()
            last = start + cols >= len(cells) and self.glue
            if last and then and not self.at_top() and \
                    (self.y + (height + 2.8 + then) > self.limit) != (self.y + (height + 2.8 + 0.0) > self.limit):
                if not self._glued and self._marking:
                    self._glued_at = len(self._starts) - 1      # this step's
                self._glued = True
            self._ensure(height + 2.8 + (then if last else 0.0))
            lead = (self.width - len(row) * w - (len(row) - 1) * gap) / 2     # a short row sits in the middle
            for i, (scene, aspect, _) in enumerate(row):
                x = self.left + lead + i * (w + gap)
                k = w / scene.width
                self._add(Group(self._legible(scene.shapes, k), x, self.y, 0, (0, 0, scene.width, scene.height), k))
                cy = self.y + w * aspect + 1.2
                for ln in caps[i]:
                    self._add(*self._rich(ln, x, cy + 7.0 * PT * 0.8, 7.0, "#3a352d"))
                    cy += line
            self._inked(self.y + height)
            self.y += height + 2.8

    @_step
    def box_open(self) -> None:
        """What follows, up to `box_close`, is set apart in a box (a tinted panel with a rule in the
        accent colour): for what the players should not read as a rule, such as measured figures."""
        self._point()
        self._ensure(2 * BOX_PAD + 14)
        self._box = (len(self.pages) - 1, len(self.pages[-1]), self.y)
        self.y += BOX_PAD

    @_step
    def box_close(self) -> None:
        """Draw the box opened last behind what was placed since; a box that ran over a page break is
        drawn on each page it covers, open at the break."""
        if self._box is None:
            return
        first, at, top = self._box
        self._box = None
        self.y += BOX_PAD
        last = len(self.pages) - 1
        for p in range(first, last + 1):
            y0 = top if p == first else self.frame.top - BOX_PAD
            y1 = self.y if p == last else self.limit
            left = self.frame.inner if (p + 1) % 2 == 1 else self.frame.outer
            panel = Rect(left - BOX_PAD, y0, self.width + 2 * BOX_PAD, y1 - y0,
                         Style(fill=BOX_FILL, stroke=self.frame.accent, width=0.35), 1.2)
            shapes, i = self.pages[p], at if p == first else 0
            self.pages[p] = [*shapes[:i], panel, *shapes[i:]]      # a new list: see `_starts`
        self._inked(self.y)
        self.y += 3

    @_step
    def space(self, mm: float) -> None:
        self.y += mm

    # pagination
    def fills(self) -> list[float]:
        """How full each page is: its lowest mark, as a share of the text column's height."""
        return [(b - self.frame.top) / (self.limit - self.frame.top) for b in self.ink]

    def _state(self) -> _State:
        return _State(self._points, self._keeps, tuple((page, len(page)) for page in self.pages), tuple(self.ink),
                      self.y, len(self.breaks), len(self.forced), len(self.kept), self._heading, self._box,
                      self._pending, self._under)

    def _resume(self, state: _State, was: Flow) -> None:
        """Stand where `was` stood at `state`."""
        self._points, self._keeps = state.points, state.keeps
        self.pages = [page[:n] for page, n in state.pages]
        self.ink = list(state.ink)
        self.y = state.y
        self.breaks, self.forced = was.breaks[:state.breaks], was.forced[:state.forced]
        self.kept = was.kept[:state.kept]
        self._heading, self._box, self._pending, self._under = state.heading, state.box, state.pending, state.under

    def replay(self, force: frozenset[int], relax: frozenset[int], glue: bool | None = None) -> Flow:
        """The recorded steps laid out again on new pages, with new pages forced at the break points
        `force` and the keeps `relax` settling for their least height (`glue`: see the field). Every
        step before the one that reaches the first of those break points or keeps goes as it went in
        this layout (made with none forced or relaxed, and the same glue): the new layout resumes from
        this one's state there."""
        again = Flow(self.frame, self.title, lang=self.lang, force=force, relax=relax, recording=False,
                     glue=self.glue if glue is None else glue)
        again.pages, again.ink = [], []
        again._small, again._texts = self._small, self._texts
        start = 0
        same = again.glue == self.glue
        # without the room rows keep for their notes, every step before the first where that room moved
        # a break goes as it went here (`_glued_at`)
        if self._starts and not (self.force or self.relax) and (same or self._glued_at is not None):
            point, keep = min(force, default=math.inf), min(relax, default=math.inf)
            last = len(self._starts) - 1 if same or self._glued_at is None else self._glued_at
            while (start + 1 <= last and self._starts[start + 1].points < point
                   and self._starts[start + 1].keeps < keep):
                start += 1
            again._resume(self._starts[start], self)
            if same and self._glued_at is not None and self._glued_at < start:
                again._glued = True
        # a layout with nothing forced or relaxed (`loosened`'s) keeps its states too, for the layouts
        # `balance` makes from it; up to `start` they are this one's
        again._marking = not (force or relax)
        if again._marking:
            again._starts = self._starts[:start]
        for name, args, kwargs in self.log[start:]:
            getattr(again, name)(*args, **kwargs)
        again.log = self.log
        return again

    def _score(self, least: float, skip: int) -> tuple[int, float, float]:
        inner = self.fills()[skip:-1] or [1.0]
        return len(self.pages), round(sum(max(0.0, least - f) for f in inner), 4), -round(min(inner), 4)

    def _short(self, least: float, skip: int) -> list[int]:
        fills = self.fills()
        return [p for p in range(skip, len(fills) - 1) if fills[p] < least]

    def _moves(self, p: int, least: float) -> list[tuple[frozenset[int], frozenset[int]]]:
        """The layouts that may fill page `p`: a new page forced earlier on the page before (its end moves
        to p; only where that page stays `least` full, or its last break point), a keep of the page after
        relaxed (a heading and its text move up to p, on a left-hand page: the figures they introduce
        are then on the facing page, not overleaf; on a right-hand page only to bring it to HALF), or a
        break forced before undone (what it pushed to the page after comes back)."""
        column = self.limit - self.frame.top
        before = [(b, ink) for b, page, ink in self.breaks if page == p - 1]
        trials = [(self.force | {b}, self.relax) for i, (b, ink) in enumerate(before)
                  if (ink - self.frame.top) / column >= least or i == len(before) - 1]
        # on a left-hand page (the cover is page 1) what the keep held together faces it; on a right-hand
        # one only to keep the page from being less than half full (HALF)
        if p % 2 == 1 or (self.ink[p] - self.frame.top) / column < HALF:
            trials += [(self.force, self.relax | {k}) for k, page in self.kept if page == p + 1]
        trials += [(self.force - {b}, self.relax) for b, page in self.forced if page == p + 1]
        return trials

    def loosened(self) -> Flow:
        """This layout, or the same without the room rows of figures keep for what stays with them (a
        note on a walkthrough round) when that room costs a page: a note may then open the next page."""
        if self.glue and not self._glued:
            return self
        loose = self.replay(self.force, self.relax, glue=False)
        return loose if len(loose.pages) < len(self.pages) else self

    def balance(self, least: float = 0.5, skip: int = 1, rounds: int = 8, width: int = 2) -> Flow:
        """This layout, or one with as many pages or fewer where fewer pages are less than `least`
        full (not counting the first `skip` pages and the last, which may stand alone). A page left
        short takes the end of the page before it (a new page forced earlier there), or the start of
        the one after (a keep relaxed: a heading and its text at the foot, the figures after them on
        the next page), or gets back what a break forced before pushed off it. Each move is tried by
        laying the steps out again; the `width` best layouts of each round are kept and moved again,
        since filling one page often leaves a later one short until a second move (a beam search)."""
        def score(flow: Flow) -> tuple[float, float]:
            s = flow._score(least, skip)
            return s[1], s[2]

        best = self
        beam = [self]
        seen = {(self.force, self.relax)}
        idle = 0        # rounds since the best layout last improved: two moves may be needed, not three
        for _ in range(rounds):
            if score(best)[0] == 0 or idle == 2:
                break
            found: list[Flow] = []
            for flow in beam:
                for p in flow._short(least, skip):
                    for force, relax in flow._moves(p, least):
                        if (force, relax) in seen:
                            continue
                        seen.add((force, relax))
                        trial = self.replay(force, relax)
                        if len(trial.pages) <= len(self.pages):
                            found.append(trial)
            if not found:
                break
            found.sort(key=lambda f: (score(f), sorted(f.force), sorted(f.relax)))
            beam = found[:width]
            idle += 1
            if score(beam[0]) < score(best):
                best, idle = beam[0], 0
        # a move the search took on its way that the result does not need only leaves a page shorter
        # than first fit would (a long list broken early): undo each that it can
        for moved in (*((f, None) for f in sorted(best.force)), *((None, r) for r in sorted(best.relax))):
            force = best.force - {moved[0]} if moved[0] is not None else best.force
            relax = best.relax - {moved[1]} if moved[1] is not None else best.relax
            trial = self.replay(force, relax)
            if len(trial.pages) <= len(best.pages) and score(trial) <= score(best):
                best = trial
        return best

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
    return [list(line) for line in _wrapped(s, size, width)]


@functools.lru_cache(maxsize=1 << 12)
def _wrapped(s: str, size: float, width: float) -> tuple[tuple[tuple[str, bool], ...], ...]:
    """rich_wrap's lines, remembered: a booklet is laid out again as its page breaks are balanced,
    and an aid card is tried at several sizes, each time wrapping the same paragraphs."""
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
    bold_space = text.measure(" ", "sans-bold", size)   # a space inside a bold run is drawn bold, wider
    for word in words:
        ww = sum(text.measure(t, "sans-bold" if b else "sans", size) for t, b in word)
        gap = bold_space if cur and cur[-1][-1][1] and word[0][1] else space
        if cur and cur_w + gap + ww > width:
            lines.append(cur)
            cur, cur_w = [], 0.0
            gap = space
        cur_w += (gap if cur else 0) + ww
        cur.append(word)
    if cur:
        lines.append(cur)
    out: list[tuple[tuple[str, bool], ...]] = []
    for line in lines:
        runs: list[tuple[str, bool]] = []
        for j, word in enumerate(line):
            for k, (t, b) in enumerate(word):
                lead = " " if (j > 0 and k == 0) else ""
                if runs and runs[-1][1] == b:
                    runs[-1] = (runs[-1][0] + lead + t, b)
                else:
                    runs.append((lead + t, b) if not runs else (t, b) if not lead else (lead + t, b))
        out.append(tuple(runs))
    return tuple(out)


def draw_rich(line: list[tuple[str, bool]] | tuple[tuple[str, bool], ...], x: float, baseline: float, size: float,
              fill: str = INK) -> list[Text]:
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
