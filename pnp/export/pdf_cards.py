"""One card per page for a print shop: front, back, front, back..., each page the card's trim plus
the bleed, with TrimBox and BleedBox; in CMYK with PDF/X keys for a shop that asks for them."""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import UsageError
from ..model import Game
from ..output import Artifact
from ..press.cutpaths import RoundedRect
from ..render.fonttags import retagged
from ..render.pdf import PdfDocument
from .cards import AidCards, Drawings, Entry, aid_cards, card_page, entries, face_and_back
from .cmyk import to_pdfx
from .presets import Spec, product_for


def export(game: Game, lang: str, spec: Spec, suffix: str) -> Iterator[Artifact]:
    """A PDF per deck, `GAME-DECK-TARGET.pdf`, and the player aid's, `GAME-aid-TARGET.pdf` (one card per
    player); every deck's size is checked against the shop's products before the first page is drawn,
    and an aid of a size the shop does not print is left out rather than stopping the export."""
    by_deck: dict[str, list[Entry]] = {}
    for entry in entries(game):
        by_deck.setdefault(entry.deck, []).append(entry)
    for deck, cards in by_deck.items():
        size = game.size_of(cards[0].card)
        product_for(spec.target, size.size, f"deck {deck!r} ({size.name})")
    aid = aid_cards(game, lang)
    if aid is not None:
        try:
            product_for(spec.target, (aid.front.width, aid.front.height), "the player aid")
        except UsageError:
            aid = None
    return _pdfs(game, lang, spec, suffix, by_deck, aid)


def _pdfs(game: Game, lang: str, spec: Spec, suffix: str, by_deck: dict[str, list[Entry]],
          aid: AidCards | None = None) -> Iterator[Artifact]:
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
    if aid is not None:
        title = f"{game.meta.title}: {aid.title}"
        doc = PdfDocument(title, f"{aid.copies} reference cards, one side a page, front then back", game.meta.title)
        for _ in range(aid.copies):
            for scene in (aid.front, aid.back):
                page = card_page(scene, spec.bleed_for(scene.bleed))
                if spec.die_line:     # the aid card is drawn square-cornered
                    page.cuts = (RoundedRect(*(page.trim or (0.0, 0.0, scene.width, scene.height)), 0.0),)
                doc.add(page)
        data = doc.finish()
        data = to_pdfx(data, title, spec.profile) if spec.target.cmyk else retagged(data)
        yield Artifact(f"{game.id}-aid-{spec.target.key}{suffix}.pdf", data, doc.pages, "pdf")
