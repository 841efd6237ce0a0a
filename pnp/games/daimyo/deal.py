"""The balanced-start tables of the booklet, read from the cards' seat marks (`deal` in cards.toml),
the same data the engine deals from, so the printed table and the deal cannot disagree. They print
as one small table (player count, seat, cards), as the rulebook sets them: as bullets they read as
more advanced rules."""

from __future__ import annotations

from ...draw import text
from ...draw.shapes import PT, Line, Scene, Shape, Style
from ...model import Game
from ...reference.narration import Narrator
from ..interface import Figure

INK = "#231f1a"
GREY = "#6b6357"
RULE = "#c9c0ae"
WIDTH = 120.0     # the booklet's text column (A5 less its margins): the table prints at its own size
INDENT = 3.5      # in line with the text of the bullet it belongs to
SIZE = 8.0
HEAD = 7.2


def deal_rows(game: Game, lang: str) -> list[tuple[int, int, str, str]]:
    """(player count, seat, clan, cards) for every seat of every player count: the basic cards that
    seat is dealt, in priority order."""
    say = Narrator(game, lang)
    clans = list(game.clans)
    counts = sorted({n for c in game.cards for n, _ in c.deal})
    rows = []
    for n in counts:
        for seat in range(1, n + 1):
            cards = sorted((c for c in game.cards if dict(c.deal).get(n) == seat),
                           key=lambda c: (c.type.letter or "", c.number))
            rows.append((n, seat, say.short(clans[seat - 1]), ", ".join(c.label for c in cards)))
    return rows


def deal_table(game: Game, lang: str) -> list[Figure]:
    """The table, a row per seat, the player counts apart: a rule between them, the count named once."""
    say = Narrator(game, lang)
    rows = deal_rows(game, lang)
    counts = [say.say("booklet", "deal-players", n=n) for n, *_ in rows]
    seats = [say.say("booklet", "deal-seat", seat=seat, clan=clan) for _, seat, clan, _ in rows]
    heads = [say.say("booklet", f"deal-head-{k}") for k in ("players", "seat", "cards")]
    gap = 5.0
    x1 = INDENT + max(text.measure(s, "sans-bold", SIZE) for s in [*counts, heads[0]]) + gap
    x2 = x1 + max(text.measure(s, "sans", SIZE) for s in [*seats, heads[1]]) + gap
    step = SIZE * PT * 1.5
    shapes: list[Shape] = [text.line(x, HEAD * PT, h, "sans-bold", HEAD, GREY) for x, h in zip((INDENT, x1, x2), heads)]
    y = HEAD * PT + 1.6
    shapes.append(Line(INDENT, y, WIDTH, y, Style(stroke=GREY, width=0.3)))
    y += 0.6
    previous = None
    for (n, _seat, _clan, cards), count, seat in zip(rows, counts, seats):
        if previous is not None and n != previous:
            y += 0.9
            shapes.append(Line(INDENT, y, WIDTH, y, Style(stroke=RULE, width=0.25)))
            y += 0.6
        base = y + SIZE * PT * 1.12
        if n != previous:
            shapes.append(text.line(INDENT, base, count, "sans-bold", SIZE, INK))
        shapes += [text.line(x1, base, seat, "sans", SIZE, INK), text.line(x2, base, cards, "sans", SIZE, INK)]
        y += step
        previous = n
    y += 1.0
    shapes.append(Line(INDENT, y, WIDTH, y, Style(stroke=GREY, width=0.3)))
    scene = Scene("balanced-start", WIDTH, y + 0.3, 0.0)
    scene.add(*shapes)
    # printed at its own size (the whole column, never shrunk): its type is the booklet's list type
    return [Figure(scene, "", share=1.0, least=1.0)]
