"""The 18 Daimyni cards as protograf draws them, the floor `pnp build daimyni --only cards` is
compared with: poker size, crop marks, a title, a number, the rules text and a back on each card.

    python benchmarks/protograf_deck.py OUT.pdf

protograf reads the command line itself (its own options), so the output name is taken off argv first.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from protograf import Card, CardBack, Create, Deck, Save, rectangle, text  # type: ignore[import-not-found]

CARDS = Path(__file__).resolve().parent.parent / "cards" / "daimyni" / "cards.toml"


def main(out: str) -> None:
    data = tomllib.loads(CARDS.read_text(encoding="utf-8"))
    deck = [(data["types"][c["type"]], c) for c in data["cards"]]
    Create(filename=out, units="mm", margin=8, paper="A4")
    Deck(cards=len(deck), width=63, height=88, grid_marks=True, rounding=3)
    for i, (kind, card) in enumerate(deck, start=1):
        Card(i,
             rectangle(x=3, y=3, width=57, height=12, fill="#c0392b", stroke=None),
             text(text=kind["title"]["en"], x=31.5, y=11, font_size=11, stroke="white"),
             text(text=str(card.get("number", i)), x=8, y=24, font_size=18),
             text(text=kind["text"]["en"], x=5, y=40, width=53, height=40, wrap=True, font_size=7))
    CardBack("all", rectangle(x=3, y=3, width=57, height=82, fill="#2b261f", stroke=None),
             text(text="Daimyni", x=31.5, y=46, font_size=14, stroke="white"))
    Save()


if __name__ == "__main__":
    target = sys.argv.pop(1)
    main(target)
