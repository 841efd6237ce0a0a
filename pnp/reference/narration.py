"""Sentences from engine events: one jinja2 template per event, kept in the game folder.

A game folder is data someone may have downloaded: its templates render in pnp's sandbox
(`pnp.sandbox.template`): plain values only, no reading, bounded work. Any failure is a
`DefinitionError` naming the file, the key and the template's line.

>>> render_template("{{ n }} pawns move", "narration.en.toml", "events.move", n=2)
'2 pawns move'
>>> render_template("a\\n{% include 'other' %}", "rules.en.md", None)
Traceback (most recent call last):
...
pnp.errors.DefinitionError: rules.en.md: line 2: template error: include is not allowed: ...
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable, Sequence
from typing import Any, TypeVar

from ..errors import DefinitionError
from ..model import Game
from ..model.load import display, parse_toml, read_text
from ..sandbox.template import render_template

__all__ = ["Narrator", "Phrasebook", "grouped", "render_template"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

# The booklet's own words (its running header, the components' captions) where a game's narration
# file does not write them: a game with no walkthrough needs no narration file at all.
BOOKLET_WORDS: dict[str, dict[str, str]] = {
    "en": {"tagline": "Rules of play", "components-cards": "{{ title }}: {{ n }} cards",
           "components-back": "{{ title }} back", "components-piece": "{{ name }}: {{ n }}",
           "components-board": "The board", "components-neutral": "{{ name }}: {{ n }} neutral",
           "components-per-clan": "{{ name }}: {{ n }} per clan"},
    "it": {"tagline": "Regolamento", "components-cards": "{{ title }}: {{ n }} carte",
           "components-back": "Dorso: {{ title }}", "components-piece": "{{ name }}: {{ n }}",
           "components-board": "Il tabellone", "components-neutral": "{{ name }}: {{ n }} neutrali",
           "components-per-clan": "{{ name }}: {{ n }} per clan"},
}


# The words that join a list ("Red, Blue and Green"), where a narration file's [words] does not give them.
LIST_WORDS: dict[str, dict[str, str]] = {"en": {"and": "and"}, "it": {"and": "e"}}


def grouped(pairs: Iterable[tuple[K, V]]) -> list[tuple[K, list[V]]]:
    """(what happened, to whom) pairs gathered by what happened, in the order each first happened:
    several players who did alike are told in one sentence.

    >>> grouped([("+3", "Red"), ("0", "Blue"), ("+3", "Green")])
    [('+3', ['Red', 'Green']), ('0', ['Blue'])]
    """
    out: dict[K, list[V]] = {}
    for key, value in pairs:
        out.setdefault(key, []).append(value)
    return list(out.items())


@functools.lru_cache(maxsize=16)
def _parsed(text: str, where: str) -> dict[str, Any]:
    """A narration file's TOML (`read_toml`), parsed once per text: a booklet makes a Narrator for
    each figure it draws, and the file is read again each time but parsed only when it changed. The
    same dict is handed to each: nothing changes a narration's data once read."""
    return parse_toml(text, where)


class Narrator:
    """The sentences of booklet/narration.LANG.toml. The file is optional: a sentence is demanded
    only when something prints it (a walkthrough's events), and the booklet's own words have defaults."""

    def __init__(self, game: Game, lang: str):
        path = game.folder / "booklet" / f"narration.{lang}.toml"
        self.where = display(path)
        # a path that exists but is no regular file still goes to read_text, which refuses it by name
        self.data = _parsed(read_text(path, self.where), self.where) if path.exists() or path.is_symlink() else {}
        self.game, self.lang = game, lang

    def short(self, clan: str) -> str:
        c = self.game.clans[clan]
        return c.short.get(self.lang) or c.name[self.lang]

    def listing(self, names: Sequence[str]) -> str:
        """'Red', 'Red and Blue', 'Red, Blue and Green': `[words] and` of the narration file, else pnp's
        word for the language."""
        if len(names) < 2:
            return "".join(names)
        words = self.data.get("words")
        word = words.get("and") if isinstance(words, dict) and isinstance(words.get("and"), str) else None
        if word is None:
            word = LIST_WORDS.get(self.lang, {}).get("and")
        if word is None:
            raise DefinitionError(self.where, "words.and", f"missing: pnp has no word of its own in {self.lang!r} "
                                  "that joins the last two names of a list, write it here")
        return f"{', '.join(names[:-1])} {word} {names[-1]}"

    def say(self, section: str, key: str, **values: Any) -> str:
        try:
            source = self.data[section][key]
        except (KeyError, TypeError):
            default = BOOKLET_WORDS.get(self.lang, {}).get(key) if section == "booklet" else None
            if default is not None:
                return render_template(default, self.where, f"{section}.{key}", **values)
            if section == "booklet" and key in BOOKLET_WORDS["en"]:
                raise DefinitionError(self.where, f"{section}.{key}", "missing: pnp has no words of its own in "
                                      f"{self.lang!r} for this, write them here") from None
            raise DefinitionError(self.where, f"{section}.{key}",
                                  "missing: the walkthrough needs this sentence") from None
        if not isinstance(source, str):
            raise DefinitionError(self.where, f"{section}.{key}", f"expected text, got {source!r}")
        return render_template(source, self.where, f"{section}.{key}", **values)


class Phrasebook:
    """A booklet adapter's sentences: the narration file's (`self("section", "key", ...)`) and the card
    titles in one language (`self.titles[type_id]`). Games subclass it with their own names."""

    def __init__(self, game: Game, lang: str):
        self.game, self.lang = game, lang
        self.n = Narrator(game, lang)
        self.titles = {c.type_id: c.type.title.get(lang, c.type_id) for c in game.cards}

    def __call__(self, section: str, key: str, **values: Any) -> str:
        return self.n.say(section, key, **values)
