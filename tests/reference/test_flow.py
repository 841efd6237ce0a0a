"""The flow measures a figure's caption as it draws it, with typographic quotes."""

import pytest

from pnp.draw.shapes import PT, Scene, Text
from pnp.reference.flow import Flow, Frame, rich_wrap
from pnp.reference.markup import typographic

CAPTION_LINE = 7.4 * PT * 1.35     # the height of a caption line under a figure


def test_a_figure_shrinks_to_keep_its_caption_as_printed_on_the_page():
    """Near the foot of a page a figure is made smaller rather than pushed over: the room it is given
    leaves space for its caption as printed. In Italian « » are wider than the straight quotes they
    replace, so this caption takes one more line printed than typed."""
    flow = Flow(Frame(), "t", lang="it")
    caption = " ".join(['"ab"'] * 17)
    assert len(rich_wrap(caption, 7.4, flow.width)) == 1
    assert len(rich_wrap(typographic(caption, "it"), 7.4, flow.width)) == 2
    flow.y = flow.limit - 68 - 2 * CAPTION_LINE - 4       # room for 85 % of the figure and two caption lines
    flow.fit_figure(Scene("s", 100, 100), 80, caption)
    assert len(flow.pages) == 1, "the figure went to a new page instead of shrinking"
    assert flow.ink[0] <= flow.limit


def _panels(page):
    from pnp.draw.shapes import Rect
    from pnp.reference.flow import BOX_FILL

    return [s for s in page if isinstance(s, Rect) and s.style.fill == BOX_FILL]


def test_a_box_is_drawn_behind_its_text_and_round_all_of_it():
    """@box ... @end-box (issue 25: measured figures set apart from the rules): one panel, under the
    text it holds (drawn first), from above its first line to below its last."""
    from pnp.draw.shapes import Text

    flow = Flow(Frame(), "t")
    flow.paragraph("Before the box.")
    flow.box_open()
    flow.paragraph("Inside the box, " * 20)
    flow.box_close()
    flow.paragraph("After the box.")
    page = flow.pages[0]
    [panel] = _panels(page)
    inside = [s for s in page if isinstance(s, Text) and "Inside" in "".join(r.text for r in s.runs)]
    after = [s for s in page if isinstance(s, Text) and "After" in "".join(r.text for r in s.runs)]
    assert page.index(panel) < page.index(inside[0])
    assert panel.y < inside[0].y < inside[-1].y < panel.y + panel.h < after[0].y
    assert panel.x < flow.left and panel.x + panel.w > flow.left + flow.width


def test_a_box_over_a_page_break_is_drawn_on_both_pages():
    flow = Flow(Frame(), "t")
    flow.y = flow.limit - 30
    flow.box_open()
    for _ in range(6):
        flow.paragraph("A long measured line that goes on and on, " * 4)
    flow.box_close()
    assert len(flow.pages) == 2
    first, second = (_panels(p) for p in flow.pages)
    assert len(first) == 1 and len(second) == 1
    assert abs(first[0].y + first[0].h - flow.limit) < 0.01       # open at the foot of the first page
    assert second[0].y < flow.frame.top


LINE = 8.6 * PT * 1.38      # a paragraph line's height


def _lines_on(flow, page):
    """The lines of text drawn on a page (each drawn line is one or more Text runs at one baseline)."""
    from pnp.draw.shapes import Group, Text

    ys = set()
    for s in flow.pages[page]:
        for t in (s.shapes if isinstance(s, Group) else (s,)):
            if isinstance(t, Text):
                ys.add(round(t.y, 2))
    return len(ys)


def _words(n):
    """A paragraph that wraps to `n` lines in the flow's column."""
    flow = Flow(Frame(), "t")
    s = "word " * 12
    while len(rich_wrap(s, 8.6, flow.width)) < n:
        s += "word "
    while len(rich_wrap(s + "word ", 8.6, flow.width)) == n:
        s += "word "
    return s.strip()


def test_a_heading_goes_over_with_its_first_block():
    """Room for the heading but not for the five-line paragraph under it: both start the next page."""
    flow = Flow(Frame(), "t")
    flow.y = flow.limit - 20
    flow.heading("Combat", 2)
    flow.paragraph(_words(5))
    assert len(flow.pages) == 2
    assert flow.pages[0] == [] and _lines_on(flow, 1) == 6      # the heading and five lines


def test_a_heading_with_one_line_under_it_goes_over_with_that_line():
    """Room for the heading and a one-line intro, not for the paragraph after them: a heading keeps two
    lines of what follows, so heading and intro both start the next page (issue 25: "Examples" with
    only its lead-in at a page's foot)."""
    flow = Flow(Frame(), "t")
    flow.y = flow.limit - 7.5 - 2.7 * LINE        # past the 18 mm a subheading asks for
    flow.heading("Examples", 2)
    flow.paragraph("The rulebook works these out.")
    flow.paragraph(_words(3))
    assert flow.pages[0] == [] and _lines_on(flow, 1) == 5      # the heading, the intro and three lines


def test_a_heading_with_two_lines_under_it_stays():
    flow = Flow(Frame(), "t")
    flow.y = flow.limit - 7.5 - 3.5 * LINE
    flow.heading("Examples", 2)
    flow.paragraph("The rulebook works these out.")
    flow.paragraph("One more line.")
    flow.paragraph(_words(3))
    assert _lines_on(flow, 0) == 3 and _lines_on(flow, 1) == 3


def test_a_caption_sits_under_its_own_figure():
    """Two figures of different heights in a row: each caption starts right under its own figure (not at
    the foot of the taller one), and the row is as tall as its tallest figure with its caption."""
    from pnp.draw.shapes import Text

    flow = Flow(Frame(), "t")
    tall, short = Scene("tall", 100, 150), Scene("short", 100, 50)
    flow.grid([(tall, 1.5, "Tall one."), (short, 0.5, _words(1) + " " + _words(6))], cols=2, gap=5)
    w = (flow.width - 5) / 2
    texts = [t for t in flow.pages[0] if isinstance(t, Text)]
    first = {round(t.x, 1): min(u.y for u in texts if round(u.x, 1) == round(t.x, 1)) for t in texts}
    tall_cap, short_cap = (first[x] for x in sorted(first))
    assert tall_cap > flow.frame.top + w * 1.5 > short_cap > flow.frame.top + w * 0.5
    assert flow.y < flow.frame.top + w * 1.5 + 8 * 7.0 * PT * 1.32


def test_a_short_paragraph_is_never_split():
    flow = Flow(Frame(), "t")
    flow.y = flow.limit - 3.5 * LINE
    flow.paragraph(_words(5))
    assert _lines_on(flow, 0) == 0 and _lines_on(flow, 1) == 5


def test_a_long_paragraph_leaves_no_widow():
    """Six of seven lines would fit: five stay, two go over, so the last line is not alone."""
    flow = Flow(Frame(), "t")
    flow.y = flow.limit - 6.2 * LINE
    flow.paragraph(_words(7))
    assert (_lines_on(flow, 0), _lines_on(flow, 1)) == (5, 2)


def test_a_long_paragraph_leaves_no_orphan():
    """One line of seven would fit at the foot: the paragraph starts on the next page."""
    flow = Flow(Frame(), "t")
    flow.y = flow.limit - 1.5 * LINE
    flow.paragraph(_words(7))
    assert (_lines_on(flow, 0), _lines_on(flow, 1)) == (0, 7)


def test_a_short_list_starts_where_it_fits_whole():
    flow = Flow(Frame(), "t")
    flow.y = flow.limit - 4 * LINE
    items = ["one item", "another item", "a third item"]
    flow.keep_list(items)
    for item in items:
        flow.paragraph(item, indent=3.5, bullet="•")
    assert _lines_on(flow, 0) == 0 and _lines_on(flow, 1) == 3


def _from_scratch(flow, force, relax):
    """The layout `flow.replay` gives, made by laying out every recorded step again from the first."""
    import copy

    whole = copy.copy(flow)
    whole._starts = []        # no states to resume from
    return whole.replay(force, relax)


def test_a_layout_laid_out_again_resumes_where_it_first_differs():
    """`Flow.replay` resumes from the state the first layout had where a forced break or a relaxed keep
    first comes into play: what it makes is what laying out every step again makes, page for page,
    for each move `Flow.balance` tries on the Daimyni booklet (boxes, carried headings, figures)."""
    from pnp.catalog import find_game
    from pnp.model import load_game
    from pnp.reference.booklet import Booklet

    booklet = Booklet(load_game(find_game("daimyni")), "en")
    booklet.lay_out()
    flow = booklet.flow
    moves = [(frozenset({b}), frozenset()) for b, _page, _ink in flow.breaks[::3]]
    moves += [(frozenset(), frozenset({k})) for k, _page in flow.kept]
    moves.append((frozenset({b for b, _page, _ink in flow.breaks[-3:]}), frozenset(k for k, _page in flow.kept[:1])))
    assert len(moves) > 10
    for force, relax in moves:
        again, whole = flow.replay(force, relax), _from_scratch(flow, force, relax)
        assert again.pages == whole.pages, (force, relax)
        assert (again.ink, again.breaks, again.forced, again.kept) == (whole.ink, whole.breaks, whole.forced,
                                                                       whole.kept)


def test_a_box_and_a_carried_heading_are_laid_out_again_alike():
    """A box over a page break and a heading carried to the next page change shapes already placed on
    an earlier page; laying the steps out again from a later state leaves the earlier pages as they were."""
    flow = Flow(Frame(), "t")
    for i in range(6):
        flow.heading(f"Section {i}")
        flow.box_open()
        for _ in range(4):
            flow.paragraph("A long measured line that goes on and on, " * 5)
        flow.box_close()
        flow.heading("Sub", 2)
        flow.paragraph("Short. " * 30)
    assert len(flow.pages) > 3 and sum(len(_panels(p)) for p in flow.pages) > 6     # boxes over breaks
    for b, _page, _ink in flow.breaks:
        assert flow.replay(frozenset({b}), frozenset()).pages == _from_scratch(flow, frozenset({b}), frozenset()).pages


def test_a_heading_carried_over_is_laid_out_again_alike():
    """A heading left at a page's foot goes over with the first row of figures under it; a layout
    that breaks before the second row resumes from before the row and carries the heading again."""
    flow = Flow(Frame(), "t")
    flow.paragraph("Lead. " * 10)
    flow.space(flow.limit - 30 - flow.y)      # a step, recorded as the others are
    flow.heading("Sub", 2)
    flow.grid([(Scene("s", 10, 10), 1.0, "A figure") for _ in range(6)], cols=2)
    assert len(flow.pages) == 3 and not any(isinstance(s, Text) and s.string == "Sub" for s in flow.pages[0])
    later = [b for b, page, _ink in flow.breaks if page == 1]
    assert later
    for b in later:
        assert flow.replay(frozenset({b}), frozenset()).pages == _from_scratch(flow, frozenset({b}), frozenset()).pages


def _round_after(filled_pages: int, fill: float):
    """A flow: the cover, `filled_pages` full pages, then a page `fill` full of text before a walkthrough
    round (a keep: heading, two opening lines and a figure 70 % of a page tall), then a closing paragraph;
    laid out and balanced at 60 %. Returns the balanced flow and the page index the round's heading is on."""
    from pnp.draw.shapes import Group, Text

    flow = Flow(Frame(), "t")
    flow.close_page()                                     # the cover
    column = flow.limit - flow.frame.top
    for _ in range(filled_pages):
        flow.paragraph(_words(5))
        while (flow.y - flow.frame.top) / column < 0.85:
            flow.paragraph(_words(5))
        flow.close_page()
    flow.paragraph(_words(2))
    while (flow.y - flow.frame.top) / column < fill:
        flow.paragraph(_words(2))
    figure = 0.7 * column
    flow.keep(9 + 2 * LINE + figure + 6, 9 + 2 * LINE)
    flow.heading("Round 2", 2)
    flow.paragraph(_words(2))
    flow.figure(Group(()), figure, "The round's first diagram.")
    flow.paragraph(_words(3))
    flow.paragraph(_words(3))
    best = flow.balance(least=0.6, skip=1)
    where = next(i for i, page in enumerate(best.pages) for s in page
                 for t in (s.shapes if isinstance(s, Group) else (s,)) if isinstance(t, Text) and t.string == "Round 2")
    return best, where


def test_a_round_opens_at_the_foot_of_a_left_hand_page_facing_its_diagrams():
    """Page 2 (left-hand: the cover is page 1) is 55 % full and the round's figure does not fit under it:
    balancing lets the heading and its two lines stand at its foot, the figure on the facing page 3."""
    best, where = _round_after(0, 0.55)
    assert where == 1
    assert best.fills()[1] >= 0.6


def test_a_round_does_not_open_at_the_foot_of_a_right_hand_page():
    """The same on page 3 (right-hand): the reader would turn the page to see the figure, so the round
    starts page 4 and page 3 stays short (it is more than half full)."""
    best, where = _round_after(1, 0.55)
    assert where == 3
    assert 0.5 <= best.fills()[2] < 0.6


def _laid_out(game: str):
    from pnp.catalog import find_game
    from pnp.model import load_game
    from pnp.reference.booklet import Booklet

    booklet = Booklet(load_game(find_game(game)), "en")
    booklet.lay_out()
    return booklet.flow


@pytest.mark.slow
@pytest.mark.parametrize("game", ["daimyni", "daimyo", "dojima", "samurai-vassal", "shogun-solitaire"])
def test_a_balanced_booklet_is_the_one_laid_out_from_scratch_at_each_trial(game, monkeypatch):
    """The booklet's balancing (the notes loosened, then a beam of moves: forced breaks, relaxed keeps,
    forced breaks undone, each tried from the recorded steps) ends on the same pages, breaks and keeps
    whether each trial resumes from the first layout's state or lays every step out again."""
    from pnp.reference.booklet import BALANCED

    flow = _laid_out(game)
    resumed = flow.loosened().balance(least=BALANCED, skip=1)
    replay = Flow.replay
    monkeypatch.setattr(Flow, "replay", lambda self, force, relax, glue=None: replay(
        _without_states(self), force, relax, glue))
    whole = _laid_out(game).loosened().balance(least=BALANCED, skip=1)
    assert (resumed.force, resumed.relax, resumed.glue) == (whole.force, whole.relax, whole.glue)
    assert resumed.pages == whole.pages
    assert (resumed.ink, resumed.breaks, resumed.forced, resumed.kept) == (whole.ink, whole.breaks, whole.forced,
                                                                          whole.kept)


def _without_states(flow):
    import copy

    whole = copy.copy(flow)
    whole._starts = []
    return whole


def _stranded_heading_flow():
    """A heading with one line under it, then a long paragraph that runs over the page: the heading and
    its line go over with the paragraph's first lines only if they are fewer than two (`_under`)."""
    flow = Flow(Frame(), "t")
    flow.space(flow.limit - 40 - flow.y)
    flow.heading("Sub", 2)
    flow.paragraph("One line.")
    flow.paragraph(_words(12))
    flow.paragraph(_words(2))
    return flow


@pytest.mark.parametrize("make", [_stranded_heading_flow, lambda: _laid_out("daimyni")])
def test_a_layout_resumed_from_any_step_is_the_layout(make):
    """Every state the flow recorded holds all that the steps after it read: laying those steps out
    again from it gives the same pages, breaks and keeps."""
    flow = make()
    for i, state in enumerate(flow._starts):
        again = Flow(flow.frame, flow.title, lang=flow.lang, recording=False)
        again._resume(state, flow)
        for name, args, kwargs in flow.log[i:]:
            getattr(again, name)(*args, **kwargs)
        assert again.pages == flow.pages, i
        assert (again.ink, again.y, again.breaks, again.kept) == (flow.ink, flow.y, flow.breaks, flow.kept), i
        assert (again._pending, again._under, again._heading) == (flow._pending, flow._under, flow._heading), i


def _noted_rows(flow, notes, then):
    """Rows of figures, each with the room `then` kept under its last row for a note."""
    for _ in range(notes):
        flow.paragraph("Lead. " * 12)
        flow.grid([(Scene("s", 10, 10), 1.0, "A figure") for _ in range(2)], cols=2, gap=5, then=then)
        flow.aside("Note", "What the figures show. " * 3, glued=True)


@pytest.mark.parametrize("then", [3.0, 60.0])
def test_loosened_lays_out_again_only_when_the_room_kept_for_a_note_moved_a_break(then, monkeypatch):
    """`Flow.loosened` (the same steps without the room kept for notes) gives what laying the steps out
    again without it gives; it skips that when the room never moved a page break."""
    flow = Flow(Frame(), "t")
    _noted_rows(flow, 9, then)
    plain = Flow(Frame(), "t", glue=False)
    _noted_rows(plain, 9, then)
    moved = [len(p) for p in plain.pages] != [len(p) for p in flow.pages]
    assert moved == (then == 60.0)      # a small room never moved a break here; a large one did
    replays = []
    real = Flow.replay

    def replay(self, *a, **k):
        replays.append(real(self, *a, **k))
        return replays[-1]
    monkeypatch.setattr(Flow, "replay", replay)
    loose = flow.loosened()
    assert bool(replays) == moved
    for again in replays:       # laid out again from where the room first mattered: as from scratch
        assert (again.pages, again.ink, again.breaks, again.kept) == (plain.pages, plain.ink, plain.breaks,
                                                                      plain.kept)
    expected = plain if len(plain.pages) < len(flow.pages) else flow
    assert loose.pages == expected.pages
