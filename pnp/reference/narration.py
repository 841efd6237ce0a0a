"""Sentences from engine events: one jinja2 template per event, kept in the game folder."""

from __future__ import annotations

import jinja2

from ..errors import DefinitionError
from ..model import Game
from ..model.load import display, read_toml


class Narrator:
    def __init__(self, game: Game, lang: str):
        path = game.folder / "booklet" / f"narration.{lang}.toml"
        self.where = display(path)
        self.data = read_toml(path)
        self.env = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False)
        self.game, self.lang = game, lang

    def short(self, clan: str) -> str:
        c = self.game.clans[clan]
        return c.short.get(self.lang) or c.name[self.lang]

    def say(self, section: str, key: str, **values) -> str:
        try:
            source = self.data[section][key]
        except KeyError:
            raise DefinitionError(self.where, f"{section}.{key}",
                                  "missing: the walkthrough needs this sentence") from None
        try:
            return self.env.from_string(source).render(**values)
        except jinja2.TemplateError as exc:
            raise DefinitionError(self.where, f"{section}.{key}", f"template error: {exc}") from None

