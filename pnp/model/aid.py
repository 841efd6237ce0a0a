"""The player aid: a turn summary written once per language in ``booklet/aid.LANG.toml``.

The same file feeds the booklet's aid page (``@aid``) and the reference card in the kit
(`pnp.kit.aidcard`), so the two never drift apart::

    title = "Turn summary"
    [card]                      # optional: the kit's reference card
    size = "poker"              # a size from layouts/sizes.toml (default poker)
    copies = 2                  # how many to print (default: the game's most players)
    [[section]]
    heading = "Each round"
    lines = ["**1. Play.** ...", "..."]

Texts are jinja2 templates (rendered in the sandbox by whoever prints them) with `**bold**` spans.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

from pydantic import Field

from .load import display, read_toml, validate
from .schema import MAX_COUNT, Strict

Text = Annotated[str, Field(min_length=1)]


class AidSection(Strict):
    heading: Text
    lines: Annotated[list[Text], Field(min_length=1)]


class AidCard(Strict):
    size: str = "poker"
    copies: Annotated[int, Field(ge=1, le=MAX_COUNT)] | None = None


class Aid(Strict):
    title: Text
    section: Annotated[list[AidSection], Field(min_length=1)]
    card: AidCard = Field(default_factory=AidCard)

    def rendered(self, fill: Callable[[str, str], str]) -> Aid:
        """The aid with every text passed through `fill(text, key)` (a template renderer); `key`
        names the text in errors: `title`, `section[0].heading`, `section[0].lines[2]`."""
        return Aid(title=fill(self.title, "title"), card=self.card, section=[
            AidSection(heading=fill(s.heading, f"section[{i}].heading"),
                       lines=[fill(ln, f"section[{i}].lines[{j}]") for j, ln in enumerate(s.lines)])
            for i, s in enumerate(self.section)])


def aid_path(folder: Path, lang: str) -> Path:
    return folder / "booklet" / f"aid.{lang}.toml"


def has_aid(folder: Path) -> bool:
    """Whether the game folder writes a player aid in any language."""
    return any((folder / "booklet").glob("aid.*.toml"))


def read_aid(folder: Path, lang: str) -> tuple[Aid, str]:
    """booklet/aid.LANG.toml, validated, and its name for messages; a missing file is a
    `DefinitionError` naming it."""
    path = aid_path(folder, lang)
    return validate(Aid, read_toml(path), display(path)), display(path)
