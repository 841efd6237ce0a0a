"""One card per page for a print shop: front, back, front, back..., each page the card's trim plus
the bleed, with TrimBox and BleedBox; in CMYK with PDF/X keys for a shop that asks for them."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Game
from ..output import Artifact
from ..press.cutpaths import RoundedRect
from ..render.fonttags import retagged
from ..render.pdf import PdfDocument
from .cards import Drawings, Entry, card_page, entries, face_and_back
from .cmyk import to_pdfx
from .presets import Spec, product_for


def export(game: Game, lang: str, spec: Spec, suffix: str) -> Iterator[Artifact]:
    """A PDF per deck, `GAME-DECK-TARGET.pdf`; every deck's size is checked against the shop's
    products before the first page is drawn."""
    by_deck: dict[str, list[Entry]] = {}
    for entry in entries(game):
        by_deck.setdefault(entry.deck, []).append(entry)
    for deck, cards in by_deck.items():
        size = game.size_of(cards[0].card)
        product_for(spec.target, size.size, f"deck {deck!r} ({size.name})")
    return _pdfs(game, lang, spec, suffix, by_deck)


def _pdfs(game: Game, lang: str, spec: Spec, suffix: str, by_deck: dict[str, list[Entry]]) -> Iterator[Artifact]:
    drawings = Drawings(game, lang)
    for deck, cards in by_deck.items():
        title = f"{game.meta.title}: {deck}"
        doc = PdfDocument(title, f"{len(cards)} cards, one side a page, front then back", game.meta.title)
        for entry in cards:
            for face, scene in face_and_back(drawings, entry):
                page = card_page(scene, spec.bleed_for(scene.bleed))
                if spec.die_line:
                    layout = game.face_layout_of(entry.card) if face == "front" else game.back_layout_of(entry.card)
                    page.cuts = (RoundedRect(*(page.trim or (0.0, 0.0, scene.width, scene.height)),
                                             layout.corner_radius),)
                doc.add(page)
        data = doc.finish()
        # Both kinds are shop files: every font subset gets a tag of its own (pnp.export.fonttags).
        data = to_pdfx(data, title, spec.profile) if spec.target.cmyk else retagged(data)
        yield Artifact(f"{game.id}-{deck}-{spec.target.key}{suffix}.pdf", data, doc.pages, "pdf")
