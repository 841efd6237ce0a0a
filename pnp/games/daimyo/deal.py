"""The balanced-start tables of the booklet, read from the cards' seat marks (`deal` in cards.toml),
the same data the engine deals from, so the printed table and the deal cannot disagree."""

from __future__ import annotations

from ...model import Game
from ...reference.narration import Narrator


def deal_rows(game: Game, lang: str) -> list[str]:
    """One line per player count and seat: the basic cards that seat is dealt, in priority order."""
    say = Narrator(game, lang)
    clans = list(game.clans)
    counts = sorted({n for c in game.cards for n, _ in c.deal})
    rows = []
    for n in counts:
        for seat in range(1, n + 1):
            cards = sorted((c for c in game.cards if dict(c.deal).get(n) == seat),
                           key=lambda c: (c.type.letter or "", c.number))
            rows.append(say.say("booklet", "deal-row", players=n, seat=seat, clan=say.short(clans[seat - 1]),
                                cards=", ".join(c.label for c in cards)))
    return rows
