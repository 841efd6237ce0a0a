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

from typing import Any

from ..errors import DefinitionError
from ..model import Game
from ..model.load import display, read_toml
from ..sandbox.template import render_template

__all__ = ["Narrator", "Phrasebook", "render_template"]


class Narrator:
    def __init__(self, game: Game, lang: str):
        path = game.folder / "booklet" / f"narration.{lang}.toml"
        self.where = display(path)
        self.data = read_toml(path)
        self.game, self.lang = game, lang

    def short(self, clan: str) -> str:
        c = self.game.clans[clan]
        return c.short.get(self.lang) or c.name[self.lang]

    def say(self, section: str, key: str, **values: Any) -> str:
        try:
            source = self.data[section][key]
        except (KeyError, TypeError):
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
