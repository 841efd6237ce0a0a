"""Which cards the components page pictures, and how large: one face of each kind and each back, drawn
large enough that every name on them prints at the booklet's smallest type or more. Drawn smaller, a
name shows as a bar (`draw.miniature`) and a reader cannot tell one card from another."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..draw.card import back_title_size, name_size
from ..model import Card, Game

# More card types than this are pictured a deck at a time: a row of every type would be too small to read.
MOST_TYPES = 6


@dataclass(frozen=True)
class CardRows:
    kinds: dict[str, list[Card]]     # what one face stands for, by type or by deck
    backs: list[Card]                # a card of each back pictured
    cols: int                        # cards to a row
    cell: float                      # a card's width (mm)

    def name_pt(self, game: Game, card: Card, least: float) -> float:
        """The size a face pictured `cell` wide sets its name at, to print at `least` (`card_face`'s `name_pt`)."""
        return least * trim_width(game, card) / self.cell


def trim_width(game: Game, card: Card) -> float:
    return game.size_of(card).size[0]


def by_type(game: Game) -> dict[str, list[Card]]:
    out: dict[str, list[Card]] = {}
    for c in game.cards:
        out.setdefault(c.type_id, []).append(c)
    return out


def by_deck(game: Game) -> dict[str, list[Card]]:
    """Each deck, or each back where a deck has several; a deck whose cards differ only in their clan's
    colour and back (a set per player) is one."""
    out: dict[str, list[Card]] = {}
    for c in game.cards:
        own = c.clan is not None and c.back_key == c.clan.id
        out.setdefault(c.deck if own else c.back_key, []).append(c)
    return out


def backs_of(game: Game, kinds: dict[str, list[Card]]) -> list[Card]:
    """A card of each back the kinds show (a back several share, once); one alone for a game with a
    board, where the backs differ only in colour."""
    shown: dict[str, Card] = {}
    for cards in kinds.values():
        shown.setdefault(cards[0].back_key, cards[0])
    return list(shown.values())[:1] if game.board is not None else list(shown.values())


def widest_row(n: int) -> int:
    """Cards to a row when size does not limit them: one row up to six (a sixth alone on a second row
    left a quarter page blank), else rows as even as five to a row allows."""
    if n <= 6:
        return max(3, n)
    rows = -(-n // 5)
    return -(-n // rows)


def legible(game: Game, lang: str, kinds: dict[str, list[Card]], backs: list[Card], cell: float,
            least: float) -> bool:
    """Every face's name (set larger where its box holds it) and every back's title print at `least`
    pt or more on cards `cell` wide."""
    faces = all(name_size(game, cards[0], lang, least * trim_width(game, cards[0]) / cell) * cell
                >= least * trim_width(game, cards[0]) - 1e-6 for cards in kinds.values())
    return faces and all(back_title_size(game, c, lang) * cell >= least * trim_width(game, c) - 1e-6 for c in backs)


def least_cell(game: Game, lang: str, kinds: dict[str, list[Card]], backs: list[Card], width: float,
               least: float) -> float:
    """The narrowest card (mm, to a tenth) on which every name prints at `least` pt or more; `width`
    when even that is too narrow."""
    if not legible(game, lang, kinds, backs, width, least):
        return width
    lo, hi = 1.0, width
    while hi - lo > 0.05:
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if legible(game, lang, kinds, backs, mid, least) else (mid, hi)
    return min(width, math.ceil(hi * 10) / 10)


def card_rows(game: Game, lang: str, width: float, gap: float, least: float) -> CardRows:
    """The cards and their size on a column `width` wide: each type (up to MOST_TYPES) or each deck,
    as many to a row as `widest_row` allows. Where a name would not read at that size, the cards are
    drawn at the narrowest size where every name reads, each type when that takes no more rows than
    each deck, else each deck; rows as even as they can be."""
    types = by_type(game)
    kinds = types if len(types) <= MOST_TYPES else by_deck(game)
    backs = backs_of(game, kinds)
    n = len(kinds) + len(backs)
    cols = widest_row(n)
    cell = (width - gap * (cols - 1)) / cols
    if legible(game, lang, kinds, backs, cell, least):
        return CardRows(kinds, backs, min(cols, n), cell)
    best: tuple[int, CardRows] | None = None
    for kinds in ([types] if len(types) <= MOST_TYPES else []) + [by_deck(game)]:
        backs = backs_of(game, kinds)
        n = len(kinds) + len(backs)
        cell = least_cell(game, lang, kinds, backs, width, least)
        most = max(1, min(n, int((width + gap + 1e-9) // (cell + gap))))
        rows = -(-n // most)
        if best is None or rows < best[0]:
            best = rows, CardRows(kinds, backs, -(-n // rows), cell)
    assert best is not None
    return best[1]
