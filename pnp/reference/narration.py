"""Sentences from engine events: one jinja2 template per event, kept in the game folder.

A game folder is data someone may have downloaded: its templates render in jinja2's
`ImmutableSandboxedEnvironment` (no Python internals, no changing the values given), with
``include``, ``import`` and ``extends`` refused (there is nothing a template may read besides the
values it is given), and with string repetition and ``%`` formatting kept to a sane size. Any
failure is a `DefinitionError` naming the file, the key and the template's line.

>>> render_template("{{ n }} pawns move", "narration.en.toml", "events.move", n=2)
'2 pawns move'
>>> render_template("{{ lipsum.__globals__['os'] }}", "narration.en.toml", "events.move")
Traceback (most recent call last):
...
pnp.errors.DefinitionError: narration.en.toml: events.move, line 1: template error: ...
>>> render_template("a\\n{% include 'other' %}", "rules.en.md", None)
Traceback (most recent call last):
...
pnp.errors.DefinitionError: rules.en.md: line 2: template error: include is not allowed: ...
"""

from __future__ import annotations

import re
import traceback
from typing import Any

import jinja2
from jinja2 import nodes
from jinja2.sandbox import ImmutableSandboxedEnvironment

from ..errors import DefinitionError
from ..model import Game
from ..model.load import display, read_toml

MAX_OUTPUT = 1_000_000        # characters one template may produce
MAX_SOURCE = 1_000_000        # characters of one template
MAX_NUMBER = 100_000          # the largest number a template may give a call (width, repeat)


class _Sandbox(ImmutableSandboxedEnvironment):
    """The sandbox, with `*`, `**` and `%` checked so that a template cannot make a huge value."""

    intercepted_binops = frozenset({"*", "**", "%"})

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "**" and isinstance(right, (int, float)) and abs(right) > 64:
            raise jinja2.exceptions.SecurityError("'**' with an exponent above 64 is not allowed")
        if operator == "*":
            seq, count = (left, right) if isinstance(left, (str, list, tuple)) else (right, left)
            if isinstance(seq, (str, list, tuple)) and isinstance(count, int) and count * len(seq) > MAX_OUTPUT:
                raise jinja2.exceptions.SecurityError("repeating a text or list that many times is not allowed")
        if operator == "%" and isinstance(left, str):
            raise jinja2.exceptions.SecurityError("'%' formatting is not allowed; use {{ value }} or |format")
        return super().call_binop(context, operator, left, right)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (jinja2's names)
        _small(getattr(__obj, "__self__", None), *args, *kwargs.values())
        return super().call(__context, __obj, *args, **kwargs)


    def wrap_str_format(self, value: Any) -> Any:
        wrapped = super().wrap_str_format(value)
        if wrapped is not None:
            _small(value.__self__)     # the format string itself: "{:999999999}"
        return wrapped


def _small(*args: Any) -> None:
    """Refuse a huge number given to a call or filter (`"x".center(10**9)`, `"%9999999d"|format`)."""
    for arg in args:
        if isinstance(arg, int) and abs(arg) > MAX_NUMBER:
            raise jinja2.exceptions.SecurityError(f"a number above {MAX_NUMBER:,} given to a call is not allowed")
        if isinstance(arg, str) and re.search(r"[0-9]{6,}", arg) and ("%" in arg or "{" in arg):
            raise jinja2.exceptions.SecurityError("a format with a width above 99,999 is not allowed")


def _format(value: Any, *args: Any, **kwargs: Any) -> str:
    _small(value, *args, *kwargs.values())
    return str(jinja2.filters.do_format(value, *args, **kwargs))


_ENV = _Sandbox(undefined=jinja2.StrictUndefined, autoescape=False)
_ENV.filters["format"] = _format
_REFUSED = ((nodes.Include, "include"), (nodes.Import, "import"), (nodes.FromImport, "import"),
            (nodes.Extends, "extends"))


def _line(exc: BaseException) -> int | None:
    """The template line a runtime error happened on (jinja2 rewrites tracebacks to show it)."""
    line = getattr(exc, "lineno", None)
    if isinstance(line, int):
        return line
    found = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename == "<template>":
            found = frame.lineno
    return found


def render_template(source: str, where: str, key: str | None, **values: Any) -> str:
    """Render one template from a game folder in the sandbox; `where` and `key` name it in errors.

    The output is plain text for the booklet's own small markup and the PDF's text drawing (not
    HTML or XML), so nothing is escaped here; the SVG writer escapes what it writes."""

    def fail(line: int | None, problem: str) -> DefinitionError:
        place = ", ".join(p for p in (key, f"line {line}" if line else None) if p)
        return DefinitionError(where, place or None, f"template error: {problem}")

    if len(source) > MAX_SOURCE:
        raise fail(None, f"the template is longer than {MAX_SOURCE:,} characters")
    try:
        tree = _ENV.parse(source)
    except jinja2.TemplateSyntaxError as exc:
        raise fail(exc.lineno, exc.message or str(exc)) from None
    except RecursionError:
        raise fail(None, "nested too deeply") from None
    for kind, word in _REFUSED:
        for node in tree.find_all(kind):
            raise fail(node.lineno, f"{word} is not allowed: a template reads only the values it is given")
    try:
        out = _ENV.from_string(tree).render(**values)
    except jinja2.TemplateError as exc:
        raise fail(_line(exc), exc.message or str(exc)) from None
    except (ArithmeticError, ValueError, TypeError, LookupError, AttributeError, RecursionError) as exc:
        raise fail(_line(exc), f"{type(exc).__name__}: {exc}") from None
    if len(out) > MAX_OUTPUT:
        raise fail(None, f"the text it makes is longer than {MAX_OUTPUT:,} characters")
    return out


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
