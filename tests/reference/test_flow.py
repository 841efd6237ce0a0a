"""The flow measures a figure's caption as it draws it, with typographic quotes."""

from pnp.draw.shapes import PT, Scene
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
