"""A rules page's content, read from the same sources as the booklet and in the same order.

`WebBooklet` is the booklet (`pnp.reference.booklet.Booklet`): the same template, markup, directives,
game figures and replayed walkthroughs. Only its flow differs: `WebFlow` keeps each heading,
paragraph and figure as a block of the page instead of placing it on an A5 page, and a walkthrough
becomes a list of steps (one per diagram) instead of rows of diagrams."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..draw.shapes import Group, Scene, Shape
from ..engine.notation import localized
from ..model import Game
from ..reference import credits
from ..reference.booklet import Booklet
from ..reference.flow import Flow, Frame

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def plain(s: str) -> str:
    """Rich text (with **bold**) as the words alone, for alt text and labels."""
    return _BOLD.sub(r"\1", s)


@dataclass(frozen=True)
class Heading:
    level: int            # 1 or 2, as in the booklet's markup
    text: str


@dataclass(frozen=True)
class Paragraph:
    text: str
    bullet: bool = False
    small: bool = False


@dataclass(frozen=True)
class Aside:
    label: str
    text: str


@dataclass(frozen=True)
class Cell:
    scene: Scene
    caption: str


@dataclass(frozen=True)
class Figures:
    cells: tuple[Cell, ...]
    cols: int                 # how many the booklet puts in a row (a hint to the page's grid)
    share: float = 1.0        # a lone figure's width as a share of the text column


@dataclass(frozen=True)
class Cover:
    title: str
    subtitle: str
    kanji: str
    tagline: str
    facts: str
    board: Scene | None
    board_label: str
    byline: str


@dataclass(frozen=True)
class Step:
    id: str               # the fragment that opens this step (`first-blood-round-3-card-10`)
    heading: str
    sentence: str
    scene: Scene


@dataclass(frozen=True)
class Round:
    heading: str
    intro: tuple[str, ...]
    steps: tuple[Step, ...]
    note: Aside | None


@dataclass(frozen=True)
class Walkthrough:
    id: str
    title: str
    description: str
    legend: str
    rounds: tuple[Round, ...]


@dataclass(frozen=True)
class Box:
    """`@box` (opening: True) or `@end-box` (False): the blocks between are set apart."""

    opening: bool


Block = Heading | Paragraph | Aside | Figures | Cover | Walkthrough | Box


@dataclass
class WebFlow(Flow):
    """The booklet's flow, kept as blocks of a page: no pages, no measuring, nothing dropped."""

    blocks: list[Block] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.pages = [[]]     # one page that never fills: the booklet's checks that count pages pass

    def new_page(self) -> None:
        pass

    def page_break(self) -> None:
        pass

    def close_page(self) -> None:
        pass

    def ensure(self, height: float) -> None:
        pass

    def keep(self, height: float, least: float) -> None:
        pass

    def keep_list(self, items: list[str], size: float = 8.6, indent: float = 3.5) -> None:
        pass              # a page that never ends splits no list

    def space(self, mm: float) -> None:
        pass

    def add(self, *shapes: Shape) -> None:
        raise AssertionError("a web page is made of blocks, not placed shapes")

    def box_open(self) -> None:
        self.blocks.append(Box(True))

    def box_close(self) -> None:
        self.blocks.append(Box(False))

    def heading(self, s: str, level: int = 1) -> None:
        self.blocks.append(Heading(level, s))

    def paragraph(self, s: str, size: float = 8.6, indent: float = 0.0, bullet: str = "", then: float = 0.0) -> None:
        self.blocks.append(Paragraph(s, bullet=bool(bullet), small=size < 8.0 and not bullet))

    def aside(self, label: str, s: str, size: float = 7.6, glued: bool = False) -> None:
        self.blocks.append(Aside(label, s))

    def figure(self, scene_group: Group, height: float, caption: str = "") -> None:
        raise AssertionError("a web page draws scenes, not placed groups (see fit_figure)")

    def fit_figure(self, scene: Scene, width: float, caption: str = "", least: float = 0.7) -> None:
        self.blocks.append(Figures((Cell(scene, caption),), 1, min(1.0, width / self.width)))

    def beside(self, scene: Scene, width: float, s: str, caption: str, size: float = 8.6, gap: float = 5.0) -> None:
        # a page has no column to share: the paragraph, then the figure with its caption
        self.paragraph(s, size)
        self.fit_figure(scene, width, caption)

    def grid(self, cells: list[tuple[Scene, float, str]], cols: int = 2, gap: float = 4.0, then: float = 0.0,
             cell: float | None = None) -> None:
        if cells:
            self.blocks.append(Figures(tuple(Cell(scene, caption) for scene, _aspect, caption in cells), cols))


def _slug(s: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", plain(s).lower()).strip("-")


class WebBooklet(Booklet):
    """The booklet's content as the blocks of a web page (see the module's docstring)."""

    def __init__(self, game: Game, lang: str):
        super().__init__(game, lang)
        self.flow = self.web = WebFlow(Frame(accent=self.flow.frame.accent), self.flow.title, lang=lang)

    def blocks(self) -> list[Block]:
        self.lay_out()
        return self.web.blocks

    def do_cover(self, _arg: str) -> None:
        g, say = self.game, self.say
        board = self.adapter.cover_scene(g, self.lang) if self.adapter is not None else self.plain_board()
        self.web.blocks.append(Cover(
            g.meta.title, g.meta.subtitle.get(self.lang, ""), g.meta.kanji, say.say("booklet", "tagline"),
            " · ".join(credits.facts(g.meta, self.lang, say.data)), board,
            say.say("booklet", "components-board") or g.meta.title,    # a game may leave the caption out
            credits.byline(g.meta, self.lang, say.data)))

    def do_walkthrough(self, arg: str) -> None:
        _module, adapter = self.engine()
        notes = self.notes(self.sample(arg))
        transcript, pages = adapter.walkthrough(self.game, self.sample(arg), self.lang)
        legend = ""
        if not self.legend_shown:      # the key to the diagrams, once per page as in the booklet
            legend = self.say.say("booklet", "legend")
            self.legend_shown = True
        start = adapter.start_figure(self.game, transcript, self.lang)
        if start is not None:      # a game from a stated position: that position, as in the booklet
            self.web.fit_figure(start.scene, self.web.width / 2, start.caption)
        rounds = []
        taken: set[str] = set()
        for place, rp in enumerate(pages, 1):        # notes go by a round's place in the sample
            steps = []
            for i, panel in enumerate(rp.panels, 1):
                steps.append(Step(_step_id(arg, rp.round, i, panel.heading, taken), panel.heading, panel.sentence,
                                  panel.scene))
            note = Aside(self.say.say("booklet", "comment"), notes[place]) if place in notes else None
            rounds.append(Round(self.say.say("booklet", "round", n=rp.round), tuple(rp.intro), tuple(steps), note))
        self.web.blocks.append(Walkthrough(arg, localized(transcript.title, self.lang) or arg,
                                           localized(transcript.description, self.lang), legend, tuple(rounds)))


def _step_id(sample: str, round_no: int, index: int, heading: str, taken: set[str]) -> str:
    """`first-blood-round-3-card-10` when the panel's heading starts with a card's number or label in
    bold (**10**, **A1**), else `...-round-3-step-2`; made unique within the walkthrough."""
    m = re.match(r"\*\*([A-Za-z0-9]{1,4})\*\*", heading)
    what = f"card-{m.group(1).lower()}" if m else f"step-{index}"
    base = f"{sample}-round-{round_no}-{what}"
    name, n = base, 2
    while name in taken:
        name, n = f"{base}-{n}", n + 1
    taken.add(name)
    return name
