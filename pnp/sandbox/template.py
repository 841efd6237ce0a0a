"""Templates from a game folder (booklet text, narration sentences, the aid, credits), rendered so
that they can neither reach Python nor make the machine work without end.

- **Plain data only.** The values a template is given go through `plain` first: text, numbers,
  tuples and frozen `Record`s, never a model or an object with methods. Attribute access reads a
  mapping's keys and the fields of jinja's own loop helpers (`loop.last`, a namespace); anything
  else (`'x'.upper`, `game.parse_raw`) is refused.
- **No reading.** ``include``, ``import`` and ``extends`` are refused before rendering.
- **Bounded work.** Every loop turn, call, filter and operator spends from a `Budget`, and every
  value a template makes is weighed (its characters, its items) before it is made: repeating,
  joining, concatenating (``~``, ``+``), replacing and formatting cannot build a value of more than
  `MAX_VALUE`, numbers stay under `MAX_BITS` bits, and the output stops at `MAX_OUTPUT`
  characters while it is written, not after.

Any failure is a `DefinitionError` naming the file, the key and the template's line.

>>> render_template("{{ n }} pawns move", "narration.en.toml", "events.move", n=2)
'2 pawns move'
>>> render_template("{{ lipsum.__globals__['os'] }}", "narration.en.toml", "events.move")
Traceback (most recent call last):
...
pnp.errors.DefinitionError: narration.en.toml: events.move, line 1: template error: ...
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import re
import traceback
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import jinja2
import jinja2.filters
from jinja2 import nodes
from jinja2.runtime import LoopContext
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import Cycler, Joiner, Namespace
from jinja2.visitor import NodeTransformer

from ..errors import DefinitionError
from . import quick
from .plain import Record, plain

MAX_OUTPUT = 1_000_000        # characters one template may produce
MAX_SOURCE = 1_000_000        # characters of one template
MAX_NUMBER = 100_000          # the largest number a template may give a call or filter (width, repeat)
MAX_VALUE = 2_000_000         # the weight (characters and items) of any one value a template makes
MAX_BITS = 4_096              # the size of any whole number a template makes
STEPS = 200_000               # loop turns, calls, filters and operators: one build's templates together
WEIGHT = 50_000_000           # characters and items filters and operators may go through, together

_SAFE_FILTERS = (
    "abs", "batch", "capitalize", "count", "d", "default", "dictsort", "first", "float", "groupby",
    "int", "items", "join", "last", "length", "list", "lower", "map", "max", "min", "reject",
    "rejectattr", "replace", "reverse", "round", "select", "selectattr", "slice", "sort", "string",
    "sum", "title", "trim", "truncate", "unique", "upper", "wordcount", "format",
)
_HELPERS = (LoopContext, Namespace, Cycler, Joiner)   # jinja's own objects a template may read


class TemplateLimit(jinja2.exceptions.SecurityError):
    """The template asked for more work or a larger value than a booklet needs."""


@dataclass
class Budget:
    """What the templates of one build (or one render, outside a build) may still spend."""

    steps: int = STEPS
    weight: int = WEIGHT

    def spend(self, steps: int = 1, weight: int = 0) -> None:
        self.steps -= steps
        self.weight -= weight
        if self.steps < 0:
            raise TemplateLimit(f"the templates do too much work (over {STEPS:,} loop turns, calls and "
                                "filters in one build): a booklet template needs far fewer")
        if self.weight < 0:
            raise TemplateLimit(f"the templates go through too much text (over {WEIGHT:,} characters "
                                "in one build)")


_BUDGET: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("pnp_template_budget", default=None)


@contextlib.contextmanager
def template_budget() -> Iterator[Budget]:
    """One budget for every template rendered inside the block (a whole build or check), so that
    many small renders cannot add up to endless work."""
    budget = Budget()
    token = _BUDGET.set(budget)
    try:
        yield budget
    finally:
        try:
            _BUDGET.reset(token)
        except ValueError:      # a generator closed in another context: its budget goes with it
            pass


def _budget() -> Budget:
    budget = _BUDGET.get()
    if budget is None:
        raise RuntimeError("render outside render_template")
    return budget


class _Counted:
    """Where a `Record`'s keys and values end on `weigh`'s stack, and the total when they began."""

    __slots__ = ("record", "start")

    def __init__(self, record: Record, start: int):
        self.record, self.start = record, start


def weigh(value: Any, limit: int = MAX_VALUE) -> int:
    """About how many characters `value` becomes as text, counted without making that text;
    counting stops once past `limit`.

    A `Record` counted to its end keeps its weight: it holds only plain values (texts, numbers,
    tuples, Records), none of which can change, so its weight cannot either. A template that
    reads one list of records in several filters (selectattr, list, length) weighed every record
    each time. The stack is depth first, so a Record's keys and values are counted one after
    another, and the total goes up by its weight without passing `limit` before it has passed
    it at the end: adding the kept weight whole when that stays within `limit` gives the same
    total, and otherwise it is counted item by item, as it always was, to the same stop."""
    total, stack = 0, [value]
    while stack:
        v = stack.pop()
        kind = type(v)
        if kind is _Counted:
            object.__setattr__(v.record, "_weight", total - v.start)
            continue
        if kind is Record:
            known = v._weight
            if known is not None and total + known <= limit:
                total += known
                continue
            stack.append(_Counted(v, total))
        # the common plain values by their exact type first: `Mapping` is an abstract class, and
        # asking it about every number and flag was most of the weighing
        if kind is int:
            total += v.bit_length() // 3 + 1
        elif kind is float or kind is bool or v is None:
            total += 4
        elif isinstance(v, str):
            total += len(v) + 2
        elif isinstance(v, (list, tuple)):
            total += 2 + len(v)
            stack.extend(v)
        elif isinstance(v, Mapping):
            total += 2 + 2 * len(v)
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, int) and not isinstance(v, bool):
            total += v.bit_length() // 3 + 1
        else:
            total += 4
        if total > limit:
            return total
    return total


def _sized(value: Any, what: str) -> int:
    w = weigh(value)
    if w > MAX_VALUE:
        raise TemplateLimit(f"{what} would make a value of over {MAX_VALUE:,} characters")
    return w


def _bits(n: Any) -> int:
    return n.bit_length() if isinstance(n, int) and not isinstance(n, bool) else 0


def _wide_format(text: str) -> bool:
    """Whether a text given to a call or filter could be a format with a huge width ("%9999999d")."""
    return bool(re.search(r"[0-9]{6,}", text)) and ("%" in text or "{" in text)


def _small(*args: Any) -> None:
    """Refuse a huge number given to a call or filter (`"x"|center(10**9)`, `"%9999999d"|format`)."""
    for arg in args:
        if isinstance(arg, int) and not isinstance(arg, bool) and abs(arg) > MAX_NUMBER:
            raise TemplateLimit(f"a number above {MAX_NUMBER:,} given to a call or filter is not allowed")
        if isinstance(arg, str) and _wide_format(arg):
            raise TemplateLimit("a format with a width above 99,999 is not allowed")


def _guard_filter(name: str, func: Any) -> Any:
    """A filter that weighs what it is given and what it makes, and charges the budget."""
    @functools.wraps(func)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        values = [a for a in (*args, *kwargs.values()) if not isinstance(a, (jinja2.Environment,
                                                                           jinja2.nodes.EvalContext,
                                                                           jinja2.runtime.Context))]
        _small(*values)
        _budget().spend(1, sum(_sized(v, f"|{name}") for v in values))
        out = func(*args, **kwargs)
        if isinstance(out, Iterator):       # map, select...: made now, to be weighed
            out = tuple(out)
        _budget().spend(0, _sized(out, f"|{name}"))
        return out
    return guarded


def _replace(s: Any, old: Any, new: Any, count: int | None = None) -> str:
    s, old, new = str(s), str(old), str(new)
    times = s.count(old) if old else len(s) + 1
    if count is not None:
        times = min(times, max(count, 0))
    if len(s) + times * max(0, len(new) - len(old)) > MAX_VALUE:
        raise TemplateLimit(f"|replace would make a text of over {MAX_VALUE:,} characters")
    return str(s.replace(old, new, -1 if count is None else count))


def _join(value: Any, d: str = "", attribute: str | int | None = None) -> str:
    items = list(value)
    if attribute is not None:
        items = [_ENV.getitem(item, attribute) for item in items]
    if weigh(items) + len(str(d)) * len(items) > MAX_VALUE:
        raise TemplateLimit(f"|join would make a text of over {MAX_VALUE:,} characters")
    return str(d).join(map(str, items))


def _format(value: Any, *args: Any, **kwargs: Any) -> str:
    if not isinstance(value, str):
        raise TemplateLimit("|format works on a text such as '%d cards'")
    times = max(1, value.count("%"))
    if len(value) + times * weigh((args, kwargs)) > MAX_VALUE:
        raise TemplateLimit(f"|format would make a text of over {MAX_VALUE:,} characters")
    return str(jinja2.filters.do_format(value, *args, **kwargs))


def _sum(iterable: Any, attribute: str | int | None = None, start: int | float = 0) -> int | float:
    items = list(iterable)
    if attribute is not None:
        items = [_ENV.getitem(item, attribute) for item in items]
    if not all(isinstance(i, (int, float)) and not isinstance(i, bool) for i in (*items, start)):
        raise TemplateLimit("|sum adds numbers only")
    total: int | float = start
    for i in items:
        total = _checked_number(total + i)
    return total


def _checked_number(n: Any) -> Any:
    if _bits(n) > MAX_BITS:
        raise TemplateLimit(f"a number of over {MAX_BITS:,} bits is not allowed")
    return n


class _Guards(NodeTransformer):
    """Rewrites a parsed template so that loops, `~` and `in` go through the sandbox's guards."""

    @staticmethod
    def _call(name: str, *args: nodes.Expr) -> nodes.Call:
        return nodes.Call(nodes.EnvironmentAttribute(name), list(args), [], None, None)

    def visit_For(self, node: nodes.For) -> nodes.Node:
        self.generic_visit(node)
        node.iter = self._call("pnp_iterate", node.iter)  # type: ignore[arg-type]
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        self.generic_visit(node)
        return self._call("pnp_concat", *node.nodes)

    def visit_Operand(self, node: nodes.Operand) -> nodes.Node:
        self.generic_visit(node)
        if node.op in ("in", "notin"):
            node.expr = self._call("pnp_weighed", node.expr)
        return node


class _Sandbox(ImmutableSandboxedEnvironment):
    intercepted_binops = frozenset({"+", "-", "*", "/", "//", "%", "**"})

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        budget = _budget()
        budget.spend()
        if operator == "%" and isinstance(left, str):
            raise TemplateLimit("'%' formatting is not allowed; use {{ value }} or |format")
        if operator == "**" and isinstance(right, (int, float)) and not isinstance(right, bool):
            if abs(right) > 64 or _bits(left) * max(int(right), 0) > MAX_BITS:
                raise TemplateLimit("'**' with an exponent above 64, or a result that large, is not allowed")
        if operator == "*":
            seq, count = (left, right) if isinstance(left, (str, list, tuple)) else (right, left)
            if isinstance(seq, (str, list, tuple)) and isinstance(count, int):
                if count > 0 and (len(seq) if isinstance(seq, str) else weigh(seq)) * count > MAX_VALUE:
                    raise TemplateLimit("repeating a text or list that many times is not allowed")
            elif _bits(left) + _bits(right) > MAX_BITS:
                raise TemplateLimit(f"a number of over {MAX_BITS:,} bits is not allowed")
        if operator == "+" and isinstance(left, (str, list, tuple)):
            budget.spend(0, _sized((left, right), "'+'"))
        return _checked_number(super().call_binop(context, operator, left, right))

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (jinja2's names)
        if __obj in _HOOKS:                 # the guards the template was rewritten with
            return __obj(*args)
        _budget().spend()
        _small(*args, *kwargs.values())
        return super().call(__context, __obj, *args, **kwargs)

    def getattr(self, obj: Any, attribute: str) -> Any:
        if isinstance(obj, jinja2.Undefined):
            return super().getattr(obj, attribute)      # "'x' is undefined", as usual
        if isinstance(obj, Mapping):
            try:
                return obj[attribute]
            except (KeyError, TypeError):
                return self.undefined(obj=obj, name=attribute)
        if isinstance(obj, _HELPERS) and not attribute.startswith("_"):
            return super().getattr(obj, attribute)
        return self.undefined(f"{type(obj).__name__} value has no field {attribute!r} (a template reads "
                              "only the fields of the values it is given; use filters such as |upper)",
                              obj=obj, name=attribute, exc=jinja2.exceptions.SecurityError)

    def getitem(self, obj: Any, argument: Any) -> Any:
        if isinstance(obj, Mapping) or (isinstance(obj, (str, list, tuple)) and isinstance(argument, (int, slice))):
            try:
                return obj[argument]
            except (LookupError, TypeError):
                return self.undefined(obj=obj, name=argument)
        if isinstance(argument, str):
            return self.getattr(obj, argument)
        return self.undefined(obj=obj, name=argument)

    @staticmethod
    def pnp_iterate(iterable: Any) -> Iterator[Any]:
        budget = _budget()
        budget.spend(0, _sized(iterable, "the loop's values") if isinstance(iterable, (str, Mapping)) else 0)
        for item in iterable:
            budget.spend()
            yield item

    @staticmethod
    def pnp_concat(*parts: Any) -> str:
        _budget().spend(1, _sized(parts, "'~'"))
        return "".join(map(str, parts))

    @staticmethod
    def pnp_weighed(value: Any) -> Any:
        _budget().spend(1, weigh(value))
        return value


def _finalize(value: Any) -> Any:
    _budget().spend(1, _sized(value, "a {{ value }}"))
    return value


_HOOKS = (_Sandbox.pnp_iterate, _Sandbox.pnp_concat, _Sandbox.pnp_weighed)
_ENV = _Sandbox(undefined=jinja2.StrictUndefined, autoescape=False, finalize=_finalize)
_ENV.globals = {name: _ENV.globals[name] for name in ("range", "dict", "namespace", "cycler", "joiner")}
_own = {"replace": _replace, "join": _join, "format": _format, "sum": _sum}
_ENV.filters = {name: _guard_filter(name, _own.get(name) or _ENV.filters[name]) for name in _SAFE_FILTERS}
_ENV.tests = {name: _guard_filter(f"is {name}", test) for name, test in _ENV.tests.items()}
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


class _Refused(Exception):
    def __init__(self, line: int, word: str):
        self.line, self.word = line, word


class _Nested(Exception):
    """The parser ran out of stack: a template nested too deeply."""


CACHED_SOURCE = 10_000       # characters: templates up to this long are compiled once per process


@functools.lru_cache(maxsize=256)
def _compiled(source: str) -> jinja2.Template:
    """A template parsed, checked for refused tags, guarded and compiled, once per source: a booklet
    narrates hundreds of steps with the same few dozen templates, and compiling was most of a kit's
    template time. Raises TemplateSyntaxError, _Nested, _Refused or what compiling raises (nothing
    that raises is kept). Called with the render's budget set, as compiling may fold constants."""
    try:
        tree = _ENV.parse(source)
    except RecursionError:
        raise _Nested() from None
    for kind, word in _REFUSED:
        for node in tree.find_all(kind):
            raise _Refused(node.lineno, word)
    return _ENV.from_string(_Guards().visit(tree))


_NEWLINE = re.compile(r"\r\n|\r|\n")


def _quick(source: str, values: dict[str, Any]) -> str | None:
    """What jinja renders from a source of `pnp.sandbox.quick`'s shapes (values, filters, if),
    rendered without compiling it, its work spent from the budget as jinja spends it; None when
    the source or a value is anything else, or when the budget or the output's limit could stop
    it (jinja renders it, and stops, as before). Most of a booklet's narration lines are such;
    compiling each was most of their cost."""
    nodes = quick.program(source) if len(source) <= CACHED_SOURCE else quick.program.__wrapped__(source)
    if nodes is None:
        return None
    made = quick.render(nodes, values, plain, weigh, _wide_format, MAX_VALUE, MAX_BITS)
    if made is None:
        return None
    text, steps, weight = made
    budget = _budget()
    if steps > budget.steps or weight > budget.weight or len(text) > MAX_OUTPUT:
        return None
    budget.spend(steps, weight)         # one charge of the same total: it cannot stop half-way
    return text


def plain_text(source: str) -> str:
    r"""What Jinja renders from a source with no tag, expression or comment in it (no "{"): the
    text with its line breaks made "\n" and one final line break dropped, as its lexer does. Most
    of a booklet's sentences are plain, and compiling each was a third of the booklet's template
    time; nothing is evaluated, so nothing needs the sandbox.

    >>> plain_text("Both players act.\r\nThen the round ends.\n")
    'Both players act.\nThen the round ends.'
    """
    lines = _NEWLINE.split(source)
    if lines[-1] == "":
        del lines[-1]
    return "\n".join(lines)


def render_template(source: str, where: str, key: str | None, **values: Any) -> str:
    """Render one template from a game folder in the sandbox; `where` and `key` name it in errors.

    The output is plain text for the booklet's own small markup and the PDF's text drawing (not
    HTML or XML), so nothing is escaped here; the SVG writer escapes what it writes."""

    def fail(line: int | None, problem: str) -> DefinitionError:
        place = ", ".join(p for p in (key, f"line {line}" if line else None) if p)
        return DefinitionError(where, place or None, f"template error: {problem}")

    if len(source) > MAX_SOURCE:
        raise fail(None, f"the template is longer than {MAX_SOURCE:,} characters")
    if "{" not in source:
        return plain_text(source)
    token = _BUDGET.set(Budget()) if _BUDGET.get() is None else None
    try:
        filled = _quick(source, values)
        if filled is not None:
            if len(filled) > MAX_OUTPUT:
                raise fail(None, f"the text it makes is longer than {MAX_OUTPUT:,} characters")
            return filled
        try:
            # Short templates (narration lines, card texts) are kept compiled; a long one is compiled
            # each time, so a folder of huge templates cannot fill memory with them.
            template = _compiled(source) if len(source) <= CACHED_SOURCE else _compiled.__wrapped__(source)
        except _Nested:
            raise fail(None, "nested too deeply") from None
        except _Refused as exc:
            raise fail(exc.line, f"{exc.word} is not allowed: a template reads only the values it is given") from None
        except jinja2.TemplateSyntaxError as exc:
            raise fail(exc.lineno, exc.message or str(exc)) from None
        out, size = [], 0
        for chunk in template.generate(**{name: plain(v) for name, v in values.items()}):
            size += len(chunk)
            if size > MAX_OUTPUT:
                raise fail(None, f"the text it makes is longer than {MAX_OUTPUT:,} characters")
            out.append(chunk)
    except jinja2.TemplateError as exc:
        raise fail(_line(exc), exc.message or str(exc)) from None
    except (ArithmeticError, ValueError, TypeError, LookupError, AttributeError, RecursionError,
            MemoryError) as exc:
        raise fail(_line(exc), f"{type(exc).__name__}: {exc}") from None
    finally:
        if token is not None:
            _BUDGET.reset(token)
    return "".join(out)
