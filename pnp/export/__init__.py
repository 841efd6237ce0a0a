"""Exports for print shops and virtual tables, from the kit's own card drawings.

`pnp export GAME --target T`: per-card PNGs at a shop's pixel size (`mpc`, `tgc`, `png`), one card
per PDF page with TrimBox and BleedBox (`pdf-cards`, and `dtc` in CMYK with PDF/X-1a keys), and
Tabletop Simulator deck sheets with their saved object (`tts`). See docs/exports.md."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from ..errors import UsageError
from ..model import Game
from ..output import Artifact
from .presets import TARGETS, Spec, spec, target

__all__ = ["TARGETS", "Spec", "export", "settings"]


def settings(name: str, dpi: str | None, bleed: str | None, die_line: bool = False,
             profile: Path | None = None) -> Spec:
    """The target's settings, `--dpi`, `--bleed`, `--die-line` and `--output-profile` checked: a bad
    one is exit 2 before any work."""
    from dataclasses import replace

    from .cmyk import check_profile

    tgt = target(name)
    if tgt.what == "tts" and bleed is not None:
        raise UsageError("--bleed: Tabletop Simulator shows cards at their trim; --target tts takes no bleed")
    if die_line and tgt.key != "pdf-cards":
        why = " (PDF/X-1a is PDF 1.4, which has no layers)" if tgt.cmyk else ""
        raise UsageError(f"--die-line: only --target pdf-cards draws die lines{why}")
    data = None
    if profile is not None:
        if not tgt.cmyk:
            raise UsageError("--output-profile: only --target dtc (CMYK, PDF/X) has an output intent")
        try:
            data = check_profile(profile.read_bytes(), str(profile))
        except OSError as exc:
            raise UsageError(f"--output-profile {profile}: cannot read it ({exc.strerror})") from None
    return replace(spec(tgt, dpi, bleed), die_line=die_line, profile=data)


def export(game: Game, chosen: Spec, lang: str | None, where: Path,
           progress: Callable[[str], None] = lambda _: None, base_url: str | None = None) -> Iterator[Artifact]:
    """The target's files, one at a time. `where` is the absolute folder they will be in (the TTS
    saved object points to its images there, or under `base_url`, where they will be uploaded)."""
    from . import images, pdf_cards, tts
    from .cards import entries

    if base_url is not None:
        if chosen.target.what != "tts":
            raise UsageError("--base-url: only --target tts writes links to its images")
        tts.check_base_url(base_url)
    language = lang or game.meta.languages[0]
    if language not in game.meta.languages:
        raise UsageError(f"--lang {language}: {game.id} is written in {', '.join(game.meta.languages)}")
    entries(game)     # a game without cards is an error before anything is drawn
    suffix = "" if language == game.meta.languages[0] else f"-{language}"
    what = chosen.target.what
    cards = len(game.cards)
    made = {"images": f"{2 * cards} PNGs, a face and a back for each of {cards} cards",
            "pdf": f"{cards} cards, front and back, a page each", "tts": f"sheets of {cards} cards"}[what]
    at = f" at {chosen.dpi} dpi" if chosen.dpi and what == "images" else ""
    bleed = "" if what == "tts" else \
        f", bleed {chosen.bleed_mm:.3f} mm" if chosen.bleed_mm is not None else ", the layout's bleed"
    progress(f"{chosen.target.key}: {made}{at}{bleed}")
    if what == "images":
        return images.export(game, language, chosen, suffix, progress)
    if what == "pdf":
        return pdf_cards.export(game, language, chosen, suffix)
    return tts.export(game, language, chosen.dpi or 300, where, suffix, base_url)
