"""`pnp site`: the rules of one game or all of them as static HTML pages: an index, one page per game
and language. Pages open from the file system and make no request: the stylesheet (with the font
subsets inside it) and the script sit in assets/ beside them, or inside each page (`single_file`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from markupsafe import Markup

from ..errors import UsageError
from ..model import Game
from ..output import Artifact
from ..reference import credits
from ..reference.narration import Narrator
from . import html
from .fonts import font_faces, text_faces
from .page import WebBooklet
from .words import LANGUAGE_NAMES, site_words

_COLOUR = re.compile(r"#[0-9A-Fa-f]{3,8}")
DEFAULT_ACCENT = "#b8262f"


def booklet_languages(game: Game) -> list[str]:
    """The languages the game's booklet is written in (booklet/rules.LANG.md), in the game's order."""
    return [lang for lang in game.meta.languages if (game.folder / "booklet" / f"rules.{lang}.md").is_file()]


def chosen_languages(game: Game, lang: str | None) -> list[str]:
    langs = booklet_languages(game)
    if lang is None:
        if not langs:
            raise UsageError(f"{game.id}: no booklet to publish (the page is made from booklet/rules.LANG.md, "
                             "as the printed booklet is)")
        return langs
    if lang not in game.meta.languages:
        raise UsageError(f"--lang {lang}: {game.id} is written in {', '.join(game.meta.languages)}")
    if lang not in langs:
        raise UsageError(f"--lang {lang}: {game.id} has no booklet/rules.{lang}.md")
    return [lang]


def _static(name: str) -> str:
    return (html.HERE / "static" / name).read_text(encoding="utf-8")


@dataclass
class _Page:
    name: str
    lang: str
    values: dict[str, object]
    text: html.PageText


def _accent(game: Game) -> str:
    first = next(iter(game.clans.values()), None)
    colour = first.colour if first is not None else ""
    return colour if _COLOUR.fullmatch(colour or "") else DEFAULT_ACCENT


def _game_page(game: Game, lang: str, langs: list[str]) -> _Page:
    booklet = WebBooklet(game, lang)
    text = html.PageText(lang)
    view = html.game_view(booklet.blocks(), text)
    words = site_words(lang, booklet.say.data)
    switch = [{"code": code, "name": LANGUAGE_NAMES.get(code, code), "href": f"{code}.html", "current": code == lang}
              for code in langs]
    values: dict[str, object] = {"lang": lang, "title": f"{game.meta.title} · {booklet.say.say('booklet', 'tagline')}",
                                 "root": "../", "accent": _accent(game), "words": words, "langs": switch,
                                 "is_index": False, **view}
    return _Page(f"{game.id}/{lang}.html", lang, values, text)


def _index_page(entries: list[tuple[Game, list[str]]]) -> _Page:
    lang = "en"
    games = []
    for game, langs in entries:
        data = Narrator(game, langs[0]).data
        games.append({"title": game.meta.title, "kanji": game.meta.kanji,
                      "subtitle": game.meta.subtitle.get(lang) or game.meta.subtitle.get(langs[0], ""),
                      "facts": " · ".join(credits.facts(game.meta, langs[0], data)),
                      "pages": [{"href": f"{game.id}/{code}.html", "lang": code,
                                 "name": LANGUAGE_NAMES.get(code, code)} for code in langs]})
    values: dict[str, object] = {"lang": lang, "title": site_words(lang)["index-title"], "root": "",
                                 "accent": DEFAULT_ACCENT, "words": site_words(lang), "games": games,
                                 "is_index": True}     # its "All games" is the page itself: not a link
    return _Page("index.html", lang, values, html.PageText(lang))


def site_files(games: list[Game], lang: str | None = None, single_file: bool = False,
               say: Callable[[str], None] = lambda _m: None, every: bool = False) -> Iterator[Artifact]:
    """Every file of the site: index.html, GAME/LANG.html for each game and language, and (unless
    `single_file`) assets/site.css and assets/site.js. `every` (`pnp site all`): a game whose booklet
    is not written in `lang` is left out rather than refused."""
    if every and lang is not None:
        games = [game for game in games if lang in booklet_languages(game)]
        if not games:
            raise UsageError(f"--lang {lang}: no game has a booklet in this language")
    entries = [(game, chosen_languages(game, lang)) for game in games]    # every --lang checked first
    pages = []
    for game, langs in entries:
        for code in langs:
            say(f"{game.id} ({code})")
            pages.append(_game_page(game, code, langs))
    pages.append(_index_page(entries))
    css, js = _static("site.css"), _static("site.js")
    union: dict[str, set[str]] = {}
    for page in pages:
        words = page.values["words"]
        assert isinstance(words, dict)
        draft = html.render("index.html" if page.name == "index.html" else "game.html", inline=False, css="", js="",
                            **page.values)
        html.page_text_chars(draft, page.text, "".join(words.values()) + "0123456789·←→ ")
        if single_file:
            faces = font_faces(page.text.used)
            document = html.render("index.html" if page.name == "index.html" else "game.html", inline=True,
                                   css=Markup(faces + "\n" + css), js=Markup(js), **page.values)
            yield Artifact(page.name, document.encode("utf-8"))
        else:
            for font, chars in page.text.used.items():
                union.setdefault(font, set()).update(chars)
            yield Artifact(page.name, draft.encode("utf-8"))
    if not single_file:
        text_faces("", union)
        yield Artifact("assets/site.css", (font_faces(union) + "\n" + css).encode("utf-8"))
        yield Artifact("assets/site.js", js.encode("utf-8"))
