"""One PNG per card face and per card back, at a shop's exact pixel size or at `--dpi`/`--bleed`."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..errors import UsageError
from ..model import Game
from ..output import Artifact
from .cards import Drawings, card_page, entries, face_and_back
from .presets import Spec, pixels, product_for
from .raster import png, rasterise

CHUNK = 40   # cards drawn, rasterised and handed on at a time


def export(game: Game, lang: str, spec: Spec, suffix: str,
           progress: Callable[[str], None] = lambda _: None) -> Iterator[Artifact]:
    """`fronts`' and `backs`' PNGs, named `DECK-front-NNN-CARD.png` and `DECK-back-NNN-CARD.png`."""
    dpi = spec.dpi
    if dpi is None:   # pragma: no cover - image targets always have a resolution
        raise UsageError(f"--target {spec.target.key}: no resolution")
    drawings = Drawings(game, lang)
    cards = entries(game)
    checked: set[str] = set()
    for start in range(0, len(cards), CHUNK):
        part = cards[start:start + CHUNK]
        names, pages, sizes = [], [], []
        for entry in part:
            size = game.size_of(entry.card)
            if size.name not in checked:
                product = product_for(spec.target, size.size, f"deck {entry.deck!r} ({size.name})")
                checked.add(size.name)
                if product is not None and spec.dpi == spec.target.dpi and spec.bleed_mm is not None \
                        and abs(spec.bleed_mm - (spec.target.bleed_in or 0) * 25.4) < 1e-9:
                    made = pixels(size.size, spec.bleed_mm, dpi)
                    if made != product.pixels:   # the preset disagrees with itself: a bug, not bad input
                        raise AssertionError(f"{spec.target.key} {product.name}: {made} != {product.pixels}")
            for face, scene in face_and_back(drawings, entry):
                bleed = spec.bleed_for(scene.bleed)
                names.append(f"{entry.name(face)}{suffix}.png")
                pages.append(card_page(scene, bleed))
                sizes.append(pixels((scene.width, scene.height), bleed, dpi))
        for name, image in zip(names, rasterise(pages, sizes)):
            yield Artifact(name, png(image, dpi), None, "png")
        if len(cards) > CHUNK:
            progress(f"{min(start + CHUNK, len(cards))} of {len(cards)} cards")
