"""The game's credits and box facts (players, playing time, age) from game.toml, in words.

One place turns the metadata into text, so that the booklet's cover, its credits page, the PDF
metadata and `pnp list` say the same thing. The words come from the game's narration file
(``[booklet]`` keys ``facts-players``, ``facts-minutes``, ``facts-age``, ``pdf-title``, ``pdf-subject``)
when it has them, else from the English defaults here.
"""

from __future__ import annotations

from typing import Any

from ..model.schema import GameFile
from .narration import render_template

DEFAULTS = {
    "facts-players": "{% if min == max == 1 %}1 player{% elif min == max %}{{ min }} players"
                     "{% else %}{{ min }}-{{ max }} players{% endif %}",
    "facts-minutes": "{% if min == max %}{{ min }}{% else %}{{ min }}-{{ max }}{% endif %} minutes",
    "facts-age": "ages {{ age }}+",
    "facts-authors": "A game by {{ authors }}",
    "pdf-title": "{{ title }}: rules",
    "pdf-subject": "{{ title }}{% if subtitle %}, {{ subtitle }}{% endif %}: rules, player aid and examples",
}


def booklet_word(data: dict[str, Any] | None, key: str, default: str, **values: Any) -> str:
    """The narration file's `[booklet] key` (a template), else `default`, filled with `values`."""
    book = (data or {}).get("booklet", {})
    given = book.get(key) if isinstance(book, dict) else None
    source = given if isinstance(given, str) else default
    return render_template(source, "narration", f"booklet.{key}", **values)


def _word(data: dict[str, Any] | None, key: str, **values: Any) -> str:
    return booklet_word(data, key, DEFAULTS[key], **values)


def names(people: list[str], lang: str) -> str:
    """'A, B and C' ('A, B e C' in Italian)."""
    if len(people) < 2:
        return "".join(people)
    joiner = {"it": " e ", "fr": " et ", "de": " und ", "es": " y "}.get(lang, " and ")
    return ", ".join(people[:-1]) + joiner + people[-1]


def facts(meta: GameFile, lang: str, data: dict[str, Any] | None = None) -> list[str]:
    """['2 players', '20-30 minutes', 'ages 10+']: what the box would say, in this language."""
    out = [_word(data, "facts-players", min=meta.players.min, max=meta.players.max)]
    if meta.minutes:
        out.append(_word(data, "facts-minutes", min=meta.minutes[0], max=meta.minutes[-1]))
    if meta.age:
        out.append(_word(data, "facts-age", age=meta.age))
    return out


def byline(meta: GameFile, lang: str, data: dict[str, Any] | None = None) -> str:
    """'A game by Piero Cioni' or ''."""
    return _word(data, "facts-authors", authors=names(meta.authors, lang)) if meta.authors else ""


def credit_lines(meta: GameFile, lang: str) -> list[str]:
    """The credit lines in this language (English where a line has no translation)."""
    out = []
    for line in meta.credits:
        text = line.get(lang) or line.get("en") or next(iter(line.values()), "")
        if text:
            out.append(text)
    return out


def licence(meta: GameFile, lang: str) -> str:
    return meta.licence.get(lang) or meta.licence.get("en", "")


def pdf_title(meta: GameFile, lang: str, data: dict[str, Any] | None = None) -> str:
    """The booklet PDF's Title, in the build's language ('Title: regolamento')."""
    return _word(data, "pdf-title", title=meta.title, subtitle=meta.subtitle.get(lang, ""))


def pdf_subject(meta: GameFile, lang: str, data: dict[str, Any] | None = None) -> str:
    return _word(data, "pdf-subject", title=meta.title, subtitle=meta.subtitle.get(lang, ""))


def pdf_author(meta: GameFile, lang: str) -> str:
    return names(meta.authors, lang)


def list_line(meta: dict[str, Any]) -> str:
    """`pnp list`'s second line for a game, from its raw game.toml ('' when it says nothing)."""
    parts = []
    minutes = meta.get("minutes")
    if isinstance(minutes, list) and minutes and all(isinstance(m, int) for m in minutes):
        parts.append(f"{minutes[0]} min" if minutes[0] == minutes[-1] else f"{minutes[0]}-{minutes[-1]} min")
    age = meta.get("age")
    if isinstance(age, int):
        parts.append(f"ages {age}+")
    authors = meta.get("authors")
    if isinstance(authors, list) and authors and all(isinstance(a, str) for a in authors):
        parts.append("by " + names(authors, "en"))
    publisher, year = meta.get("publisher"), meta.get("year")
    if isinstance(publisher, str) and publisher:
        parts.append(publisher + (f" {year}" if isinstance(year, int) else ""))
    return ", ".join(parts)
