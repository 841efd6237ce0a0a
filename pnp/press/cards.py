"""Card sheets: fronts and backs placed for duplex printing, with bleed and crop marks."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from itertools import combinations

from ..draw import text
from ..draw.shapes import Group, Scene, Shape
from ..render.pdf import Page
from .grid import GAP, CardGrid
from .marks import LENGTH, card_crop_marks
from .words import SheetWords, english

NOTE_PT = 6.5   # margin notes: nothing printed is smaller than 6 pt
NOTE_ROOM = 6.0  # the foot of the sheet, above the margin, that the note needs, mm


class Duplex(str, Enum):
    long = "long"    # flip on the long edge: backs mirror the columns
    short = "short"  # flip on the short edge: backs mirror the rows
    none = "none"    # all backs after all fronts, mirrored like `long`: each backs sheet is turned over
                     # like a book page and glued behind its fronts sheet
    fold = "fold"    # fronts and their backs on one page, mirrored about a fold line (`press.fold`)


def place(scene: Scene, x: float, y: float, bleed: tuple[float, float, float, float],
          turn: int = 0) -> Group:
    """A scene in the slot whose top-left is (x, y), its art clipped to the bleed the slot allows
    (left, top, right, bottom on the sheet). `turn` is 0, 90 (its top to the sheet's right), 180 or 270."""
    left, top, right, bottom = bleed
    w, h = scene.width, scene.height
    if turn == 90:      # card left faces the sheet's top, card top the sheet's right
        left, top, right, bottom = top, right, bottom, left
        dx, dy = x + h, y
    elif turn == 270:   # card left faces the sheet's bottom, card top the sheet's left
        left, top, right, bottom = bottom, left, top, right
        dx, dy = x, y + w
    elif turn == 180:   # upside down (a back on a fold sheet)
        left, top, right, bottom = right, bottom, left, top
        dx, dy = x + w, y + h
    else:
        dx, dy = x, y
    clip = (-left, -top, w + left + right, h + top + bottom)
    return Group(tuple(scene.shapes), dx, dy, float(turn), clip)


def back_slot(grid: CardGrid, row: int, col: int, duplex: Duplex) -> tuple[int, int, int]:
    """Where the back of the card in slot (row, col) goes on its backs sheet, and how it is turned.

    Long-edge flipping (and gluing, where the backs sheet is turned over like a book page) mirrors
    the columns, short-edge flipping the rows. Turned cards get their backs turned the other way
    round for long-edge flipping so that, turned over about its own long side, a card shows its back
    upright, as upright cards do."""
    if duplex is Duplex.short:
        return grid.rows - 1 - row, col, 90 if grid.rotated else 0
    return row, grid.cols - 1 - col, 270 if grid.rotated else 0


def _label(grid: CardGrid, words: str, head: str = "", rows: Sequence[int] | None = None) -> list[Shape]:
    """A note at the foot of the sheet, beyond the bleed and inside the printer's margin, between the
    two crop marks of a column, so that it never crosses a mark: in the column nearest the middle,
    or, when it does not fit there on one line, shared between neighbouring columns at its " · "
    breaks (`note_lines`). It keeps to the lowest `NOTE_ROOM` mm above the margin, leaving what is
    above to the cards (and to counters on a sheet the cards leave part empty). `head` (a tight
    sheet's cutting hint) goes in the same way at the head of the sheet; a tight block, or one narrowed
    down the sheet (`card_grid`), that leaves no room at the foot (Letter) has both up its sides
    instead (`side_label`), beside the `rows` the sheet's cards take (what rides below them, the
    counters, has the rest)."""
    _, ty, _, th = grid.trim_box
    top = max(ty + th + grid.bleed + GAP, grid.page_h - grid.margin - NOTE_ROOM)
    bottom = grid.page_h - grid.margin - 1.5
    if (grid.tight or grid.narrow[1]) and bottom - top < NOTE_PT * 0.3528 * 1.3:
        return side_label(grid, f"{words} · {head}" if head else words, rows=rows)
    shapes = _column_notes(grid, words, top, bottom)
    if head:
        shapes += _column_notes(grid, head, grid.margin + 1.5, ty - grid.bleed - GAP)
    return shapes


def _column_notes(grid: CardGrid, words: str, top: float, bottom: float) -> list[Shape]:
    """`words` in the band from `top` to `bottom`, each line between the marks of one column."""
    room = grid.slot_w - 3
    lines = note_lines(words, room, grid.cols)
    first = (grid.cols - len(lines)) // 2
    shapes: list[Shape] = []
    for i, line in enumerate(lines):
        x = grid.slot(0, first + i).x
        shapes += text.box(x + 1.5, top, room, bottom - top, line, "sans", NOTE_PT,
                           "center", "#555555", valign="middle", min_size=6.0)
    return shapes


def side_label(grid: CardGrid, words: str, sides: tuple[str, ...] = ("left", "right"),
               rows: Sequence[int] | None = None) -> list[Shape]:
    """The note read upwards in the band between the margin and a block's bleed, on the left side then
    the right (of `sides`), each line between the marks of one row (`note_lines`, as at the foot), of
    `rows` only when given (the rows a part-filled sheet's cards take)."""
    tx, _, tw, _ = grid.trim_box
    bands = {"left": (grid.margin + 0.5, tx - grid.bleed - 0.5),
             "right": (tx + tw + grid.bleed + 0.5, grid.page_w - grid.margin - 0.5)}
    beside = sorted(rows) if rows else list(range(grid.rows))
    room = grid.slot_h - 3
    lines = note_lines(words, room, len(sides) * len(beside))
    shapes: list[Shape] = []
    for i, line in enumerate(lines):
        side, k = divmod(i, len(beside))
        row = beside[k]
        x, x_end = bands[sides[side]]
        y = grid.slot(row, 0).y + grid.slot_h - 1.5      # the line's start, read upwards
        box = text.box(0, 0, room, x_end - x, line, "sans", NOTE_PT, "center", "#555555", valign="middle", min_size=6.0)
        shapes.append(Group(tuple(box), x, y, 270.0))
    return shapes


def note_lines(words: str, room: float, most: int) -> list[str]:
    """`words` as few lines as fit `room` mm each at 6 pt (at most `most`), broken at " · " and as
    even as can be; the last line takes what is left when `most` lines are not enough.

    >>> note_lines("Cards · fronts 1/2 · print at 100%", 200, 2)
    ['Cards · fronts 1/2 · print at 100%']
    >>> note_lines("Cards · fronts 1/2 · print at 100%", 25, 2)
    ['Cards · fronts 1/2', 'print at 100%']
    """
    parts = words.split(" · ")

    def width(group: list[str]) -> float:
        return text.measure(" · ".join(group), "sans", 6.0)

    for count in range(1, max(1, most) + 1):
        best: tuple[float, list[str]] | None = None
        for cuts in combinations(range(1, len(parts)), count - 1):
            edges = (0, *cuts, len(parts))
            groups = [parts[a:b] for a, b in zip(edges, edges[1:])]
            widest = max(width(g) for g in groups)
            if widest <= room and (best is None or widest < best[0]):
                best = (widest, [" · ".join(g) for g in groups])
        if best is not None:
            return best[1]
    head = parts[:max(1, most) - 1]
    return [*head, " · ".join(parts[len(head):])]


def impose_cards(fronts: list[Scene], backs: list[Scene], grid: CardGrid, duplex: Duplex,
                 title: str, words: SheetWords | None = None,
                 offset: tuple[float, float] = (0.0, 0.0)) -> list[Page]:
    """Sheets of fronts, each followed by its backs (or all backs last with `Duplex.none`).

    backs[i] is the back of fronts[i], placed by `back_slot` so each back lands behind its front."""
    n = grid.per_page
    total = -(-len(fronts) // n)
    front_pages, back_pages = [], []
    for sheet in range(1, total + 1):
        part = slice((sheet - 1) * n, sheet * n)
        front, back = impose_sheet(fronts[part], backs[part], grid, duplex, title, sheet, total, words, offset)
        front_pages.append(front)
        back_pages.append(back)
    if duplex is Duplex.none:
        return front_pages + back_pages
    return [p for pair in zip(front_pages, back_pages) for p in pair]


def impose_sheet(fronts: list[Scene], backs: list[Scene], grid: CardGrid, duplex: Duplex, title: str,
                 sheet: int, total: int, words: SheetWords | None = None,
                 offset: tuple[float, float] = (0.0, 0.0),
                 extra: tuple[list[Shape], list[Shape]] = ([], [])) -> tuple[Page, Page]:
    """One sheet of up to `grid.per_page` fronts and its backs sheet (sheet `sheet` of `total`).

    `offset` (mm, x right and y down as the backs sheet is seen) moves everything on the backs
    sheet, marks included, to make up for a printer that puts backs off (`--offset`). `extra` is
    drawn on the fronts and the backs sheet too: what shares a part-empty sheet with the cards
    (see `free_band`), placed by the caller for this duplex mode."""
    say = words or english()
    face_turn = 90 if grid.rotated else 0
    flip = say(f"flip_{duplex.value}")
    taken = [divmod(k, grid.cols) for k in range(min(len(fronts), grid.per_page))]
    back_taken = {back_slot(grid, r, c, duplex)[:2] for r, c in taken}
    fshapes: list[Shape] = card_crop_marks(grid, set(taken))
    bshapes: list[Shape] = card_crop_marks(grid, back_taken)
    for k, (front, back) in enumerate(zip(fronts, backs)):
        row, col = divmod(k, grid.cols)
        slot = grid.slot(row, col)
        fshapes.insert(0, place(front, slot.x, slot.y, open_bleed(grid, row, col, set(taken)), face_turn))
        brow, bcol, turn = back_slot(grid, row, col, duplex)
        bslot = grid.slot(brow, bcol)
        bshapes.insert(0, place(back, bslot.x, bslot.y, open_bleed(grid, brow, bcol, back_taken), turn))
    fshapes += extra[0]
    bshapes += extra[1]
    # a part-filled sheet has fewer cut lines: one more than the columns (rows) its cards take
    cut = say("tight_cut", down=len({c for _, c in taken}) + 1, across=len({r for r, _ in taken}) + 1) \
        if grid.tight and taken else ""
    fshapes += _label(grid, say("card_fronts", title=title, n=sheet, total=total, flip=flip), cut,
                      sorted({r for r, _ in taken}))
    bshapes += _label(grid, say("card_backs", title=title, n=sheet, total=total), "",
                      sorted({r for r, _ in back_taken}))
    # The sheet is what is printed and cut by hand: its trim and bleed are the whole sheet,
    # so a prepress tool neither crops away the crop marks nor scales the sheet.
    return sheet_page(grid.page_w, grid.page_h, fshapes), sheet_page(grid.page_w, grid.page_h,
                                                                     shift(bshapes, offset))


def open_bleed(grid: CardGrid, row: int, col: int, taken: set[tuple[int, int]]
               ) -> tuple[float, float, float, float]:
    """How far the art of slot (row, col) may reach (left, top, right, bottom): the slot's own bleed,
    and the whole bleed towards a place of the sheet no card takes, so a butted card beside an empty
    place (`tight_grid`, a part-filled sheet) is not cut along bare paper."""
    left, top, right, bottom = grid.slot(row, col).bleed
    b = grid.bleed
    return (b if (row, col - 1) not in taken else left, b if (row - 1, col) not in taken else top,
            b if (row, col + 1) not in taken else right, b if (row + 1, col) not in taken else bottom)


def free_band(grid: CardGrid, used: int) -> tuple[float, float]:
    """The band of the sheet (top and bottom, mm) that a sheet with `used` cards leaves free below
    them: from beyond their lowest crop marks down to the note at the foot of the sheet, across the
    whole sheet within the margins. Its mirror image (`back_slot`) is as free on the backs sheet.
    Empty (top >= bottom) when the last row is taken."""
    last_row = (min(used, grid.per_page) - 1) // grid.cols
    below = grid.slot(last_row, 0).y + grid.slot_h + grid.bleed + GAP + LENGTH + 1.0
    return below, grid.page_h - grid.margin - NOTE_ROOM


def shift(shapes: list[Shape], offset: tuple[float, float]) -> list[Shape]:
    """Shapes moved by `offset` (mm) as one group; the same list at (0, 0)."""
    dx, dy = offset
    return [Group(tuple(shapes), dx, dy)] if dx or dy else shapes


def sheet_page(w: float, h: float, shapes: list[Shape]) -> Page:
    """A sheet holding many components cut apart by hand: TrimBox and BleedBox are the sheet."""
    return Page(w, h, shapes, (0.0, 0.0, w, h), (0.0, 0.0, w, h))
