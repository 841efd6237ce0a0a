"""Issue 25, item 7: the booklets' pages flow as a publisher's would, read back from the printed PDF of
every built-in booklet (five games, Daimyni also in Italian):

- a heading is never the last thing on its page: at least two lines of what follows it (or its first
  figure) follow it there;
- a paragraph of five lines or fewer is never split; a longer one leaves at least two lines on each
  page (no orphan at the foot, no widow at the head of the next page);
- a short list (twelve lines or fewer) is never split;
- no page between the cover and the last is less than 60 % full unless what comes next could not have
  fitted in the room left on it (a walkthrough round's heading and opening lines count as what comes
  next on a left-hand page: its diagrams may follow on the facing page; a walkthrough's intro counts
  with its first round);
- a paragraph leading into a short list stays on the list's page."""

from __future__ import annotations

import pytest

from pnp.reference.flow import SHORT_LINES, SHORT_LIST_LINES, Frame
from tests.reference.booklet_text import BOOKLETS, ITEM, Block, blocks
from tests.reference.test_page_fill import fills

pytestmark = pytest.mark.slow

FRAME = Frame()
COLUMN = FRAME.width - FRAME.inner - FRAME.outer
HEADING_PT = (15.0, 10.5)
PROSE_PT = (8.6, 8.2, 8.0, 7.6)
LEAST = 0.6
ROUND_PT, CAPTION_PT = 8.0, 7.0      # a walkthrough round's opening lines; the captions of its diagrams
FIGURE_CAPTION_PT = (7.0, 7.4)      # under a row of figures, under a figure of its own
ROW_GAP = 2.8       # mm the flow keeps under a row of figures (`Flow.grid`): a row fits only with it
NOTE = ("Note.", "Nota.")            # a walkthrough round's note, after its last row of diagrams


def left(page: int) -> float:
    """The text column's left edge on a page (0-based): inner margin on right-hand pages."""
    return FRAME.inner if page % 2 == 0 else FRAME.outer


def pages(gid: str, lang: str) -> dict[int, list[Block]]:
    """Each page's blocks above the running footer."""
    out: dict[int, list[Block]] = {}
    for b in blocks(gid, lang):
        if b.lines[0].top < FRAME.height - FRAME.bottom:
            out.setdefault(b.page, []).append(b)
    return out


def prose(b: Block) -> bool:
    """A paragraph or a list item set in the text column (not a label inside a figure)."""
    offset = b.lines[0].x - left(b.page)
    return b.size in PROSE_PT and (abs(offset) < 0.6 or abs(offset - 3.5) < 0.6)


def item(b: Block) -> bool:
    """A list item, bulleted ("• ...") or numbered ("1. ...")."""
    return bool(ITEM.match(b.text))


def heading(b: Block) -> bool:
    return b.size in HEADING_PT and all(ln.bold for ln in b.lines) and abs(b.lines[0].x - left(b.page)) < 0.6


def full(b: Block) -> bool:
    """The block's last line runs to the column's end: the paragraph goes on."""
    last = b.lines[-1]
    return last.right > left(b.page) + COLUMN - 12


def splits(gid: str, lang: str) -> list[tuple[Block, Block]]:
    """(the foot of a page, the head of the next) where one paragraph or list runs over the break."""
    by_page = pages(gid, lang)
    out = []
    for p, found in by_page.items():
        after = by_page.get(p + 1)
        if not after:
            continue
        foot = max(found, key=lambda b: b.lines[-1].bottom)
        head = min(after, key=lambda b: b.lines[0].top)
        if prose(foot) and prose(head) and foot.size == head.size:
            out.append((foot, head))
    return out


@pytest.mark.parametrize(("gid", "lang"), BOOKLETS)
def test_a_heading_is_followed_on_its_page(gid, lang):
    """What a heading announces starts under it: two lines of text at least, or a figure (whose labels
    and caption print under the heading). A heading with one line under it and the rest overleaf
    ("Examples", then "The rulebook works these out:" alone) counts as stranded; one whose whole section
    is a line (the aid's last entry) does not."""
    by_page = pages(gid, lang)
    bad = []
    for p, found in by_page.items():
        after = sorted(by_page.get(p + 1, []), key=lambda b: b.lines[0].top)
        goes_on = bool(after) and not heading(after[0])      # the section runs onto the next page
        for h in (b for b in found if heading(b)):
            below = [b for b in found if b.lines[0].top > h.lines[-1].bottom - 0.1 and b is not h]
            said = sum(len(b.lines) for b in below if prose(b) and not heading(b))
            drawn = any(not prose(b) and not heading(b) for b in below)
            if said < 2 and not drawn and (goes_on or not below):
                what = "the last thing on its page" if not below else f"followed by {said} line only"
                bad.append(f"p{p + 1}: {h.text!r} is {what}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(("gid", "lang"), BOOKLETS)
def test_paragraphs_split_only_when_long_and_never_leave_one_line(gid, lang):
    bad = []
    for foot, head in splits(gid, lang):
        # a paragraph whose last line happens to fill the column, then one opening with a bold term (the
        # next glossary entry), are two paragraphs, not one running over the page
        opens = foot.text.endswith(".") and head.lines[0].lead
        continued = full(foot) and not item(head) and not opens and abs(
            (foot.lines[-1].x - left(foot.page)) - (head.lines[0].x - left(head.page))) < 0.6
        if not continued:
            continue
        n = len(foot.lines) + len(head.lines)
        if n <= SHORT_LINES or len(foot.lines) < 2 or len(head.lines) < 2:
            bad.append(f"p{foot.page + 1}-{head.page + 1}: {len(foot.lines)} + {len(head.lines)} lines: "
                       f"…{foot.text[-50:]!r} / {head.text[:50]!r}…")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(("gid", "lang"), BOOKLETS)
def test_short_lists_stay_on_one_page(gid, lang):
    by_page = pages(gid, lang)
    bad = []
    for foot, head in splits(gid, lang):
        if not (item(head) and (item(foot) or foot.lines[0].x - left(foot.page) > 2)):
            continue
        items = [b for b in by_page[foot.page] if prose(b)]
        run = []
        for b in reversed(items):              # the list's items on the first page, back to its start
            if b.lines[0].x - left(b.page) < 2:
                break
            run.append(b)
        for b in by_page[head.page]:           # and on the next, up to its end
            if not prose(b) or b.lines[0].x - left(b.page) < 2:
                break
            run.append(b)
        n = sum(len(b.lines) for b in run)
        if n <= SHORT_LIST_LINES:
            bad.append(f"p{foot.page + 1}-{head.page + 1}: a list of {n} lines split: {head.text[:60]!r}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(("gid", "lang"), BOOKLETS)
def test_a_long_list_splits_with_two_items_on_each_page(gid, lang):
    """A list too long to keep whole runs over a page between items, with two items at least on each
    page: its last item alone at the head of the next page reads as cut off from the list and its heading
    (issue 25 review: Dôjima's "• Imperial." opened p. 7, the other advanced advisors on p. 6)."""
    by_page = pages(gid, lang)
    bad = []
    for foot, head in splits(gid, lang):
        if not (item(foot) and item(head)):
            continue                      # not a break between two items of one list
        before = 0
        for b in sorted((b for b in by_page[foot.page] if prose(b)), key=lambda b: -b.lines[0].top):
            if not item(b):
                break
            before += 1
        after = 0
        for b in sorted((b for b in by_page[head.page] if prose(b)), key=lambda b: b.lines[0].top):
            if not item(b):
                break
            after += 1
        if before < 2 or after < 2:
            bad.append(f"p{foot.page + 1}-{head.page + 1}: {before} item(s) at the foot, {after} overleaf: "
                       f"{head.text[:50]!r}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(("gid", "lang"), BOOKLETS)
def test_a_short_list_stays_with_the_paragraph_that_leads_into_it(gid, lang):
    """A paragraph followed by a short list (twelve lines or fewer) is not left at a page's foot while the
    list opens the next page (issue 25: the Italian combat rule's paragraph on p. 5, its three outcomes on
    p. 6; Shogun's "... scores one point:" and the four ranks overleaf)."""
    by_page = pages(gid, lang)
    bad = []
    for p, found in by_page.items():
        after = sorted(by_page.get(p + 1, []), key=lambda b: b.lines[0].top)
        text = [b for b in found if prose(b) or heading(b)]
        if not after or not text or not prose(after[0]):
            continue
        foot = max(text, key=lambda b: b.lines[-1].bottom)
        if item(foot) or abs(foot.lines[0].x - left(foot.page)) > 0.6 or heading(foot) or full(foot):
            continue                      # not a whole paragraph set in the column
        if not item(after[0]):
            continue
        run = []
        for b in after:                    # the list's items, down to its end
            if not item(b) and abs(b.lines[0].x - left(b.page) - 3.5) > 0.6:
                break
            run.append(b)
        n = sum(len(b.lines) for b in run)
        if n <= SHORT_LIST_LINES:
            bad.append(f"p{p + 1}-{p + 2}: {foot.text[-60:]!r} at the foot, its list of {n} lines overleaf")
    assert not bad, "\n".join(bad)


def _opening(ordered: list[Block]) -> list[Block]:
    """A walkthrough round's opening lines (set at 8 pt) at the top of `ordered`, down to its diagrams."""
    stop = next((c.lines[0].top for c in ordered if c.size != ROUND_PT), 1e9)
    return [b for b in ordered if b.size == ROUND_PT and b.lines[0].top < stop]


def _first_unit(found: list[Block], facing: bool) -> float:
    """How far down the page its first unit reaches: headings with the block under them, a long
    paragraph's first two lines, a figure with its caption (mm below the text column's top). A
    walkthrough round's unit is its heading and opening lines (set at 8 pt) when they would stand at the
    foot of a left-hand page (`facing`: their diagrams then face them; issue 25: Dôjima's page 14 was
    54 % full before round 2), else those lines and its first row of diagrams with their captions."""
    ordered = [b for b in sorted(found, key=lambda b: b.lines[0].top) if not heading(b)]
    if not ordered:
        return 0.0
    first = ordered[0]
    # a walkthrough's intro (its description, the key to the diagrams) goes with its first round: at a
    # page's foot, with the round overleaf, it read as cut off from what it introduces (review R2-sv 9)
    opens = next((k for k, b in enumerate(ordered) if b.size == ROUND_PT), None)
    if prose(first) and opens is not None and 0 < opens <= 3 and all(prose(b) for b in ordered[:opens]):
        # down to the captions of the round's first row (a diagram's level digits, set larger than a
        # caption, read back before them)
        caps = [b for b in ordered[opens:] if b.size == CAPTION_PT]
        if not caps:
            return _first_unit(ordered[opens:], facing=False)
        row = [b for b in caps if abs(b.lines[0].top - caps[0].lines[0].top) < 40]
        return max(b.lines[-1].bottom for b in row) - FRAME.top + ROW_GAP
    if first.size == ROUND_PT:
        opening = _opening(ordered)
        # what follows the opening: its diagrams' captions (the labels inside a diagram, "−1 D", set
        # smaller than a caption, read back before it and are not the unit's end)
        rest = [b for b in ordered if b.size != ROUND_PT and b.size >= CAPTION_PT]
        said = sum(len(b.lines) for b in opening)       # a heading stays only with two lines under it
        if (facing and said >= 2) or not rest or rest[0].size != CAPTION_PT:
            return opening[-1].lines[-1].bottom - FRAME.top
        row = [b for b in rest if b.size == CAPTION_PT and abs(b.lines[0].top - rest[0].lines[0].top) < 40]
        return max(b.lines[-1].bottom for b in row) - FRAME.top + ROW_GAP
    if not prose(first):         # a figure (its labels read back as text): down to the end of its caption
        caption = next((b for b in ordered if b.size in FIGURE_CAPTION_PT), first)
        row = [b for b in ordered if b.size in FIGURE_CAPTION_PT and abs(b.lines[0].top - caption.lines[0].top) < 1]
        bottom = max(b.lines[-1].bottom for b in row)
        # a round's note stays on the page of the diagrams it comments on (the last row of the round)
        note = next((b for b in ordered if b.lines[0].top > bottom - 0.1), None)
        if note is not None and note.text.startswith(NOTE) and note.lines[0].top - bottom < 8:
            bottom = note.lines[-1].bottom
        return bottom - FRAME.top + ROW_GAP
    shown = first.lines[:2] if len(first.lines) > SHORT_LINES else first.lines
    return shown[-1].bottom - FRAME.top


@pytest.mark.parametrize(("gid", "lang"), BOOKLETS)
def test_a_round_opens_at_a_page_foot_only_facing_its_diagrams(gid, lang):
    """A walkthrough round's heading and opening lines stand at the foot of a page, their diagrams on the
    next, only on a left-hand page (even numbers: the cover is page 1), where the diagrams face them; on a
    right-hand page the reader would turn the page to see what the lines announce (issue 25: Daimyni's
    "Round 2" on p. 13), unless that page would be less than half full without them."""
    by_page = pages(gid, lang)
    bad = []
    for p, found in by_page.items():
        ordered = sorted(found, key=lambda b: b.lines[0].top)
        rounds = [i for i, b in enumerate(ordered) if heading(b) and b.size == HEADING_PT[1]
                  and i + 1 < len(ordered) and ordered[i + 1].size == ROUND_PT]
        if not rounds:
            continue
        start = ordered[rounds[-1]]
        below = ordered[rounds[-1] + 1:]
        drawn = any(b.size == CAPTION_PT for b in below)
        nxt = sorted(by_page.get(p + 1, []), key=lambda b: b.lines[0].top)
        # the round's first diagram opens the next page: its labels (set smaller than a caption, "−1 D" on
        # Daimyni's p. 12) read back before its caption, so the first block at caption size or larger decides
        opening = [b for b in nxt if b.size >= CAPTION_PT]
        overleaf = bool(opening) and opening[0].size == CAPTION_PT
        # the exception: without them the page would be less than half full (test_page_fill's floor)
        thin = (start.lines[0].top - FRAME.top) / (FRAME.height - FRAME.bottom - FRAME.top) < 0.5
        if not drawn and overleaf and (p + 1) % 2 == 1 and not thin:
            bad.append(f"p{p + 1}: {start.text!r} and its opening at the foot of a right-hand page")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(("gid", "lang"), BOOKLETS)
def test_no_inner_page_is_short_when_the_next_block_would_fit(gid, lang):
    f = fills(gid, lang)
    column = FRAME.height - FRAME.bottom - FRAME.top
    by_page = pages(gid, lang)
    bad = []
    for p in range(1, len(f) - 1):                 # the cover and the last page (the player aid) stand alone
        if f[p] >= LEAST:
            continue
        room = (1 - f[p]) * column - 3           # less the gap between two blocks
        nxt = column if p + 1 == len(f) - 1 else _first_unit(by_page.get(p + 1, []), facing=(p + 1) % 2 == 0)
        if nxt <= room:
            bad.append(f"p{p + 1} is {f[p]:.0%} full, and the first {nxt:.0f} mm of p{p + 2} would fit in "
                       f"its {room:.0f} mm")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(("gid", "lang"), BOOKLETS)
def test_a_note_sits_with_the_diagrams_it_comments_on(gid, lang):
    """A walkthrough round's note is printed under its round's last row of diagrams, on the same page: a
    note opening a page comments on diagrams the reader has turned away from (issue 25 review: Daimyni
    p. 11, round 3's note). The flow moves the row over with its note, unless that costs the booklet a
    page (Daimyo's walkthrough): a note may open a page only when it did not fit on the page before."""
    f = fills(gid, lang)
    column = FRAME.height - FRAME.bottom - FRAME.top
    bad = []
    for p, found in pages(gid, lang).items():
        top = min(found, key=lambda b: b.lines[0].top)
        if top.text.startswith(NOTE):
            room = (1 - f[p - 1]) * column - 3
            if top.lines[-1].bottom - top.lines[0].top <= room:
                bad.append(f"p{p + 1}: opens with {top.text[:60]!r}, which fitted in the {room:.0f} mm left on p{p}")
    assert not bad, "\n".join(bad)
