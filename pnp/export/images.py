"""One PNG per card face and per card back, at a shop's exact pixel size or at `--dpi`/`--bleed`."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..errors import UsageError
from ..model import Game
from ..output import Artifact
from .cards import AidCards, Drawings, Entry, aid_cards, card_page, entries, face_and_back
from .presets import Spec, pixels, product_for
from .raster import png, rasterise

CHUNK = 40   # cards drawn, rasterised and handed on at a time


def export(game: Game, lang: str, spec: Spec, suffix: str,
           progress: Callable[[str], None] = lambda _: None) -> Iterator[Artifact]:
    """`DECK-front-NNN-CARD.png` and `DECK-back-NNN-CARD.png` for every card, then the player aid's
    `aid-front-NNN-aid.png` and `aid-back-NNN-aid.png`, one pair a copy. Every deck's size is checked
    against the shop's products before the first image is made; an aid of a size the shop does not
    print is left out, saying so, rather than stopping the export of the cards."""
    dpi = spec.dpi
    if dpi is None:   # pragma: no cover - image targets always have a resolution
        raise UsageError(f"--target {spec.target.key}: no resolution")
    cards = entries(game)
    # With the shop's own dpi and bleed, a product's size is the shop's published one, as is.
    published: dict[str, tuple[int, int]] = {}
    for entry in cards:
        size = game.size_of(entry.card)
        if size.name not in published:
            product = product_for(spec.target, size.size, f"deck {entry.deck!r} ({size.name})")
            if product is not None and spec.preset:
                published[size.name] = product.pixels
    aid = aid_cards(game, lang)
    if aid is not None:
        try:
            product = product_for(spec.target, (aid.front.width, aid.front.height), "the player aid")
        except UsageError as exc:
            progress(f"{exc}: left out")
            aid = None
        else:
            if product is not None and spec.preset:
                published["aid"] = product.pixels
    return _images(game, lang, spec, dpi, suffix, cards, published, progress, aid)


def _images(game: Game, lang: str, spec: Spec, dpi: int, suffix: str, cards: list[Entry],
            published: dict[str, tuple[int, int]], progress: Callable[[str], None],
            aid: AidCards | None = None) -> Iterator[Artifact]:
    drawings = Drawings(game, lang)
    for start in range(0, len(cards), CHUNK):
        part = cards[start:start + CHUNK]
        names, pages, sizes = [], [], []
        for entry in part:
            size_name = game.size_of(entry.card).name
            for face, scene in face_and_back(drawings, entry):
                bleed = spec.bleed_for(scene.bleed)
                names.append(f"{entry.name(face)}{suffix}.png")
                pages.append(card_page(scene, bleed))
                sizes.append(published.get(size_name) or pixels((scene.width, scene.height), bleed, dpi))
        for name, image in zip(names, rasterise(pages, sizes)):
            yield Artifact(name, png(image, dpi), None, "png")
        if len(cards) > CHUNK:
            progress(f"{min(start + CHUNK, len(cards))} of {len(cards)} cards")
    if aid is not None:
        progress(f"the player aid: {aid.copies} cards")
        sides = [aid.front, aid.back]
        pages = [card_page(s, spec.bleed_for(s.bleed)) for s in sides]
        sizes = [published.get("aid") or pixels((s.width, s.height), spec.bleed_for(s.bleed), dpi) for s in sides]
        front, back = (png(image, dpi) for image in rasterise(pages, sizes))
        for n in range(1, aid.copies + 1):      # one pair a copy, as every physical card of a deck has
            yield Artifact(f"aid-front-{n:03d}-aid{suffix}.png", front, None, "png")
            yield Artifact(f"aid-back-{n:03d}-aid{suffix}.png", back, None, "png")
