"""The plan of a build's card sheets, worked out once (`card_sheet_plan`): the cards split by size,
how a sheet of each size holds them, and what rides on a deck's last sheet besides its cards (the
player aids in its empty places, the counters in the band below). The cards, aid and pieces builders
all ask it; it draws the aid card and the counters once for all of them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..draw.piece import counter_back_scene, counter_scene
from ..draw.shapes import Scene, Shape
from ..model import Card, Game
from ..press.cards import free_band
from ..press.grid import CardGrid, Sheet, card_grid, tight_grid
from .aidcard import aid_cards
from .context import Context, CounterSides, sheet_words

if TYPE_CHECKING:      # fold sheets (--duplex fold) and counters in a band: loaded by the builds that make them
    from ..press.fold import FoldGrid


def size_groups(game: Game) -> list[list[Card]]:
    """The cards split by printed size, in deck order."""
    groups: dict[str, list[Card]] = {}
    for card in game.cards:
        groups.setdefault(game.size_of(card).name, []).append(card)
    return list(groups.values())


def deck_grid(game: Game, ctx: Context, cards: list[Card]) -> CardGrid:
    """How the sheets of one size group hold its cards on the build's paper."""
    size = game.size_of(cards[0])
    fit = tight_grid if ctx.sheet is Sheet.tight else card_grid
    return fit(*ctx.paper.size, ctx.paper.margin, *size.size, game.face_layout_of(cards[0]).bleed,
               where=game.files["cards"], paper_name=ctx.paper.name)


def deck_fold_grid(game: Game, ctx: Context, cards: list[Card]) -> FoldGrid:
    """How the fold sheets (`--duplex fold`) of one size group hold its cards and their backs."""
    from ..press.fold import fold_grid

    size = game.size_of(cards[0])
    return fold_grid(*ctx.paper.size, ctx.paper.margin, *size.size, game.face_layout_of(cards[0]).bleed,
                     tight=ctx.sheet is Sheet.tight, where=game.files["cards"], paper_name=ctx.paper.name)


@dataclass(frozen=True)
class SheetPlan:
    """What the card sheets hold besides the deck: the player aids and the counters, if they ride on them."""
    groups: list[list[Card]]
    aid: AidOnSheets | None
    counters: CountersOnSheets | None


def card_sheet_plan(game: Game, ctx: Context) -> SheetPlan:
    """The plan of this build's card sheets, worked out once: the cards, aid and pieces builders all ask."""
    if ctx.shared.card_sheet_plan is None:
        groups = size_groups(game)
        aid = aid_on_card_sheets(game, ctx, groups)
        added = {aid.group: aid.copies} if aid is not None else {}
        ctx.shared.card_sheet_plan = SheetPlan(groups, aid, counters_on_card_sheets(game, ctx, groups, added))
    return ctx.shared.card_sheet_plan


def counter_sides(game: Game, ctx: Context) -> CounterSides:
    """Every counter's front, and the backs (None when no counter has one), drawn once a build."""
    if ctx.shared.counter_sides is None:
        scenes = [counter_scene(c, ctx.lang, game=game) for c in game.counters]
        backs = [counter_back_scene(c, ctx.lang, game) if c.piece.back else None for c in game.counters]
        ctx.shared.counter_sides = (scenes, backs if any(b is not None for b in backs) else None)
    return ctx.shared.counter_sides


@dataclass(frozen=True)
class AidOnSheets:
    """The aid cards a card-sheet builder adds after the deck of the same size and bleed."""
    group: int            # which of the deck's size groups (`size_groups`) they join
    front: Scene          # the first copy's sides (their SVGs)
    back: Scene
    copies: int
    seats: tuple[tuple[Scene, Scene], ...] = ()    # every copy's front and back, each in its seat's colour

    def cards(self) -> list[AidOnSheets]:
        """One entry per physical card, each drawing its own copy's sides."""
        return [replace(self, front=f, back=b, copies=1, seats=()) for f, b in self.seats] or [self] * self.copies


def aid_on_card_sheets(game: Game, ctx: Context, groups: list[list[Card]]) -> AidOnSheets | None:
    """When the build makes both the cards and the aid, and a deck has the aid card's size and bleed,
    the aid cards go on that deck's sheets, in the places its last sheet leaves empty, rather than
    alone on a sheet of their own."""
    if not {"cards", "aid"} <= set(ctx.parts):
        return None
    sides, _aid, _ = aid_cards(game, ctx.lang)
    front, back = sides[0]
    group = _deck_like(game, groups, front)
    return None if group is None else AidOnSheets(group, front, back, len(sides), tuple(sides))


def _deck_like(game: Game, groups: list[list[Card]], front: Scene) -> int | None:
    """The first size group whose cards have the aid card's size and bleed."""
    for i, cards in enumerate(groups):
        w, h = game.size_of(cards[0]).size
        if (w, h) == (front.width, front.height) and game.face_layout_of(cards[0]).bleed == front.bleed:
            return i
    return None


@dataclass(frozen=True)
class CountersOnSheets:
    """The counters a card-sheet builder draws on the last sheet of one deck, fronts and backs placed."""
    group: int              # which size group (`size_groups`) whose last sheet holds them
    fronts: list[Shape]
    backs: list[Shape]


def counters_on_card_sheets(game: Game, ctx: Context, groups: list[list[Card]],
                            added: dict[int, int]) -> CountersOnSheets | None:
    """When the build makes both the cards and the pieces, the first deck whose last sheet leaves a
    band below its cards that holds every counter (`added[i]` more cards go on deck i's sheets, the
    player aids) gets them there."""
    if not {"cards", "pieces"} <= set(ctx.parts) or not game.counters or ctx.duplex.value == "fold":
        return None     # a fold sheet's halves leave no band: the counters get their own sheets
    from ..press.counters import counters_in_band

    scenes, backs = counter_sides(game, ctx)
    note = sheet_words(game, ctx.lang)("counters_cut")
    for index, cards in enumerate(groups):
        grid = deck_grid(game, ctx, cards)
        used = (len(cards) + added.get(index, 0)) % grid.per_page or grid.per_page
        placed = counters_in_band(scenes, backs, *ctx.paper.size, ctx.paper.margin, *free_band(grid, used),
                                  ctx.duplex.value, note)
        if placed is not None:
            return CountersOnSheets(index, *placed)
    return None


