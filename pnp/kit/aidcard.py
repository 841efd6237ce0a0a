"""The player aid as a reference card: the turn summary of ``booklet/aid.LANG.toml`` (the data the
booklet's aid page prints, see `pnp.model.aid`) set on the two sides of one card, with bleed and crop
marks, one card per player.

The sections are shared between the front and the back at the largest type size, from `START_PT` down
to the smallest pnp prints (`MIN_PT`, 6 pt), that fits both sides; at that size the split is made
between two sections if one fits, else between two lines (the back repeats the heading of a section
it continues), and the most even split wins. An aid that does not fit at 6 pt is a definition error
naming the file: shorten it, or choose a larger `[card] size`.

Front and back both carry the aid's title in a band of an accent colour and the game's name with 1/2
or 2/2 in the band's corner: no word of any language is needed. With one card per player, each copy
is a seat's: the band in that clan's colour with its mon (`aid_cards`); a single card takes the
game's first clan's colour."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..draw import image, text
from ..draw.contrast import readable
from ..draw.shapes import PT, Circle, Rect, Scene, Shape, Style
from ..draw.text import MIN_PT
from ..errors import DefinitionError
from ..model import Game
from ..model.aid import Aid, read_aid
from ..reference.flow import INK, draw_rich, list_marker, rich_wrap
from ..reference.markup import typographic
from ..reference.narration import render_template

START_PT = 8.0       # the largest body type tried
STEP_PT = 0.25
SECTION_PT = 0.75   # type size given up to keep sections whole
RULES_PT = 7.0       # rules on a card read at this size or more: keeping sections whole never costs it
SAFE = 3.2           # mm from the trim to the text: the safe zone
BAND = 7.6           # mm: the title band under the top trim
PAPER = "#fbf8f1"    # the card's ground, into the bleed
TOP_GAP = 1.6        # mm between the band and the first heading
BULLET = 2.6         # mm: a line's indent after its bullet
LEADING = 1.24       # line step / type size


@dataclass(frozen=True)
class Block:
    """One section's heading and some of its lines (all of them, or a run when a side breaks it)."""
    heading: str
    lines: tuple[str, ...]


def _heading_pt(size: float) -> float:
    return size + 0.8


def _bold(heading: str) -> str:
    """A heading as the wrapper must measure it: it is set in bold."""
    return f"**{heading}**"


class _Heights:
    """Blocks' heights for one plan, each line wrapped once per size: the planner tries every split
    at every size, and would otherwise wrap the same lines again for each (most of a kit's wrapping)."""

    def __init__(self, width: float):
        self.width = width
        self._rows: dict[tuple[str, float, float], int] = {}
        self._blocks: dict[tuple[Block, float], float] = {}

    def rows(self, s: str, size: float, width: float) -> int:
        key = (s, size, width)
        if key not in self._rows:
            self._rows[key] = len(rich_wrap(s, size, width))
        return self._rows[key]

    def block(self, block: Block, size: float) -> float:
        key = (block, size)
        if key not in self._blocks:
            self._blocks[key] = _block_height(block, size, self.width, self.rows)
        return self._blocks[key]

    def side(self, blocks: list[Block], size: float) -> float:
        return sum(self.block(b, size) for b in blocks)


def _block_height(block: Block, size: float, width: float, rows: Callable[[str, float, float], int]) -> float:
    step = size * PT * LEADING
    h = rows(_bold(block.heading), _heading_pt(size), width) * _heading_pt(size) * PT * 1.3 + size * PT * 0.2
    for line in block.lines:
        h += rows(list_marker(line, "•")[1], size, width - BULLET) * step + size * PT * 0.3
    return h + size * PT * 0.5


def _splits(aid: Aid) -> Iterator[tuple[bool, list[Block], list[Block]]]:
    """Every way to share the sections between two sides: (between sections?, front, back). A short
    aid may stay on the front alone (its back then shows only the band)."""
    secs = [Block(s.heading, tuple(s.lines)) for s in aid.section]
    yield True, secs, []
    for k in range(1, len(secs)):
        yield True, secs[:k], secs[k:]
    for k, sec in enumerate(secs):
        for j in range(1, len(sec.lines)):
            yield (False, [*secs[:k], Block(sec.heading, sec.lines[:j])],
                   [Block(sec.heading, sec.lines[j:]), *secs[k + 1:]])


def plan(aid: Aid, width: float, room: float) -> tuple[float, list[Block], list[Block]]:
    """The body size and the two sides' blocks: the largest size at which both sides fit in `room`
    mm of a `width` mm column, the most even split at that size. A split between two sections wins
    over one inside a section if it costs at most `SECTION_PT` of type size and does not take the
    body under `RULES_PT` where the other split stays at or above it."""
    heights = _Heights(width)

    def best(between_only: bool, size: float = START_PT, least: float = MIN_PT) -> tuple[float, list[Block],
                                                                                         list[Block]] | None:
        while size >= least - 1e-9:
            found = None
            for between, front, back in _splits(aid):
                if between_only and not between:
                    continue
                hf, hb = heights.side(front, size), heights.side(back, size)
                if hf <= room and hb <= room and (found is None or abs(hf - hb) < found[0]):
                    found = (abs(hf - hb), front, back)
            if found is not None:
                return size, found[1], found[2]
            size -= STEP_PT
        return None

    anywhere = best(False)
    if anywhere is None:
        raise ValueError("does not fit")
    # a split between sections is one of all the splits, so it fits at no larger size; and one that
    # only fits at more than SECTION_PT below `anywhere` would not be taken: the sizes tried are those
    # between (the same steps down from START_PT)
    sections = best(True, anywhere[0], max(MIN_PT, anywhere[0] - SECTION_PT))
    if (sections is not None and sections[0] >= anywhere[0] - SECTION_PT - 1e-9
            and (sections[0] >= RULES_PT - 1e-9 or anywhere[0] < RULES_PT - 1e-9)):
        return sections
    return anywhere


def _side(name: str, title: str, mark: str, blocks: list[Block], size: float, w: float, h: float,
          bleed: float, band: str, game_title: str, mon: list[Shape]) -> Scene:
    scene = Scene(name, w, h, bleed)
    scene.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=PAPER)),
              Rect(-bleed, -bleed, w + 2 * bleed, BAND + bleed, Style(fill=band)))
    on_band = readable("#ffffff", band)      # a yellow clan's band takes dark words
    accent = readable(band, PAPER)           # headings and bullets in the band's colour, dark enough to read
    corner = f"{game_title} · {mark}"
    left = SAFE + (BAND - 1.4 if mon else 0.0)       # the seat's mon, then the title
    room = w - SAFE - left - text.measure(corner, "sans", 6.5) - 2
    scene.add(*mon)
    scene.add(*text.box(left, 1.2, room, BAND - 1.6, title, "sans-bold", 9.5, "left", on_band, valign="middle"))
    scene.add(text.line(w - SAFE, BAND - 2.7, corner, "sans", 6.5, on_band, "end"))
    x, y, width = SAFE, BAND + TOP_GAP, w - 2 * SAFE
    step = size * PT * LEADING
    shapes: list[Shape] = []
    for block in blocks:
        hp = _heading_pt(size)
        for row in rich_wrap(_bold(block.heading), hp, width):
            shapes.append(text.line(x, y + hp * PT * 0.85, "".join(t for t, _ in row), "sans-bold", hp, accent))
            y += hp * PT * 1.3
        y += size * PT * 0.2
        for item in block.lines:
            marker, line = list_marker(item, "•")     # a numbered step shows its number alone
            for i, row in enumerate(rich_wrap(line, size, width - BULLET)):
                base = y + size * PT * 0.85
                if i == 0 and marker == "•":
                    shapes.append(text.line(x, base, marker, "sans-bold", size, accent))
                elif i == 0:
                    shapes.append(text.line(x + BULLET - 0.5, base, marker, "sans-bold", size, accent, "end"))
                shapes.extend(draw_rich(row, x + BULLET, base, size, INK))
                y += step
            y += size * PT * 0.3
        y += size * PT * 0.5
    scene.add(*shapes)
    return scene


def aid_card(game: Game, lang: str) -> tuple[Scene, Scene, Aid, str]:
    """The reference card's front and back (the first copy's), the aid as printed and the file it came from."""
    sides, aid, where = aid_cards(game, lang)
    return sides[0][0], sides[0][1], aid, where


def aid_copies(game: Game, aid: Aid) -> int:
    """How many reference cards a kit prints: the aid's `[card] copies`, else one per player."""
    return aid.card.copies or game.meta.players.max


def _seat(game: Game, copies: int, i: int) -> tuple[str, list[Shape]]:
    """Copy `i`'s band colour and mon: with one card per player, the i-th clan's (in game.toml's
    order, again from the first past the last); a lone card, the first clan's colour and no mon."""
    clans = game.meta.clans
    if not clans:
        return INK, []
    if copies <= 1:
        return clans[0].colour, []
    k = i % len(clans)
    clan = clans[k]
    if clan.emblem is None:
        return clan.colour, []
    d = BAND - 1.8      # the mon in the clan's colour on a paper badge: a mon drawn without ground shows too
    badge = Circle(SAFE + d / 2, BAND / 2, d / 2, Style(fill="#ffffff"))
    box = (SAFE + 0.6, BAND / 2 - d / 2 + 0.6, d - 1.2, d - 1.2)
    return clan.colour, [badge, *image.placed(game.folder / clan.emblem, box, game.files["game"],
                                              f"clans[{k}].emblem", clan.colour)]


def aid_cards(game: Game, lang: str) -> tuple[list[tuple[Scene, Scene]], Aid, str]:
    """Each reference card's front and back (`aid_copies` of them, copy i in seat i's colour and mon),
    the aid as printed and the file it came from."""
    raw, where = read_aid(game.folder, lang)
    count = Counter(c.type_id for c in game.cards)
    aid = raw.rendered(lambda value, key: typographic(render_template(value, where, key, count=count,
                                                                      game=game.meta), lang))
    if aid.card.size not in game.layouts.sizes:
        raise DefinitionError(where, "card.size", f"unknown card size {aid.card.size!r} "
                                                  f"(known: {', '.join(game.layouts.sizes)})")
    w, h = game.layouts.sizes[aid.card.size].size
    bleed = 3.0
    room = h - BAND - TOP_GAP - SAFE
    try:
        size, front, back = plan(aid, w - 2 * SAFE, room)
    except ValueError:
        raise DefinitionError(where, None, f"the player aid does not fit on the two sides of a {w:g} x {h:g} mm "
                                           f"card at {MIN_PT:g} pt: shorten it, or set a larger [card] size") from None
    title = game.meta.title
    copies = aid_copies(game, aid)
    sides = []
    for i in range(copies):
        band, mon = _seat(game, copies, i)
        suffix = "" if i == 0 else f"-{i + 1}"      # the first copy's sides keep their names (aid-front.svg)
        sides.append((_side(f"aid-front{suffix}", aid.title, "1/2", front, size, w, h, bleed, band, title, mon),
                      _side(f"aid-back{suffix}", aid.title, "2/2", back, size, w, h, bleed, band, title, mon)))
    return sides, aid, where
