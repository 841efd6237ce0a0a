"""The site's own words (its buttons and navigation), in the languages pnp writes; a game folder may
word them in its narration file's `[site]` table (the game's prose never comes from here)."""

from __future__ import annotations

from typing import Any

SITE_WORDS: dict[str, dict[str, str]] = {
    "en": {"previous": "Previous", "next": "Next", "step": "Step {n} of {total}", "contents": "Contents",
           "games": "All games", "skip": "Skip to the rules", "walkthrough": "Walkthrough", "language": "Language",
           "index-title": "Rules of play", "index-intro": "The rules of each game, with sample games to step "
                                                      "through. Every diagram is a position the rules engine "
                                                      "replayed.",
           "made": "Made with pnp from the same sources as the printed booklet.",
           "keys": "Step with the buttons, the arrow keys or a swipe."},
    "it": {"previous": "Indietro", "next": "Avanti", "step": "Passo {n} di {total}", "contents": "Indice",
           "games": "Tutti i giochi", "skip": "Vai al regolamento", "walkthrough": "Partita d’esempio",
           "language": "Lingua", "index-title": "Regolamenti",
           "index-intro": "Il regolamento di ogni gioco, con partite d’esempio da seguire passo per passo. Ogni "
                          "diagramma è una posizione ricostruita dal motore delle regole.",
           "made": "Fatto con pnp dalle stesse fonti del regolamento stampato.",
           "keys": "Avanza con i pulsanti, le frecce della tastiera o scorrendo col dito."},
}

LANGUAGE_NAMES = {"en": "English", "it": "Italiano", "fr": "Français", "de": "Deutsch", "es": "Español",
                  "ja": "日本語", "pt": "Português", "nl": "Nederlands"}


def site_words(lang: str, narration: dict[str, Any] | None = None) -> dict[str, str]:
    """The words in `lang`: the narration file's `[site]` ones first, then pnp's, then English."""
    words = dict(SITE_WORDS["en"])
    words.update(SITE_WORDS.get(lang, {}))
    own = (narration or {}).get("site")
    if isinstance(own, dict):
        words.update({k: v for k, v in own.items() if k in words and isinstance(v, str)})
    return words
