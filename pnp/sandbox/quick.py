"""Templates of a few simple shapes, rendered without compiling them: what the sandbox's Jinja
renders from them, with the same work charged to the budget, or None (Jinja renders it).

Most of a booklet's narration lines are texts with values and choices in them::

    {{ side }} moves {{ count['move-pawn'] }} pawns{% if lost == 1 %}, losing one{% endif %}.
    the last {{ enemy|lower }} piece

Compiling each (lexing, parsing, generating Python and compiling it) cost a kit build more than
rendering all of them. The shapes, and nothing else (any other markup, spacing inside a tag, a line
break, a comment, whitespace control, gives None):

- ``{{ value }}`` or ``{{ value|lower }}`` / ``|upper``, where a value is ``name``, ``name.key`` or
  ``name['key']``: a text, or a whole number printed as it is (a filter takes a text only);
- ``{% if test %}``, ``{% elif test %}``, ``{% else %}``, ``{% endif %}``, nested, where a test is
  ``value``, ``not value``, or ``value == literal`` / ``!=`` (a literal: a whole number, or a text
  in quotes without a backslash).

Rendering gives None wherever Jinja might do anything but print: a name the values lack, a key its
mapping lacks, a value of another type, a value or a text the sandbox would refuse, or work the
budget cannot pay for whole (Jinja then renders, and refuses, as before). The charges are Jinja's:
`{{ }}` one step and the value's weight; a filter one step, the weight of what it is given and of
what it makes; tests nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

# (value): (name, key or None)
# node: ("text", str) | ("out", value, filter or None) | ("if", ((test, body), ...), else body or None)
# test: ("truth", value, negated) | ("cmp", value, "==" or "!=", literal)
_VALUE = r"([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*)|\['([^'\\]*)'\]|\[\"([^\"\\]*)\"\])?"
_OUT = re.compile(rf" *{_VALUE}(?: *\| *(lower|upper))? *")
_TRUTH = re.compile(rf" *(if|elif) +(not +)?{_VALUE} *")
_CMP = re.compile(rf" *(if|elif) +{_VALUE} *(==|!=) *(0|[1-9][0-9]{{0,17}}|'[^'\\]*'|\"[^\"\\]*\") *")
_WORD = re.compile(r" *(else|endif) *")
_TAG = re.compile(r"\{\{(.*?)\}\}|\{%(.*?)%\}", re.S)
# names Jinja reads as constants, operators or its own (loop, self...) rather than as a value given
_NOT_NAMES = frozenset({"true", "false", "none", "True", "False", "None", "not", "and", "or", "in", "is", "if",
                        "else", "elif", "endif", "loop", "self", "super", "varargs", "kwargs", "caller"})
_FILTERS: dict[str, Callable[[str], str]] = {"lower": str.lower, "upper": str.upper}


def _value(groups: tuple[str | None, ...]) -> tuple[str, str | None] | None:
    name, attr, single, double = groups
    if name in _NOT_NAMES:
        return None
    key = attr if attr is not None else single if single is not None else double
    return name, key                                            # type: ignore[return-value]


def _test(match: re.Match[str]) -> tuple[Any, ...] | None:
    if match.re is _TRUTH:
        value = _value(match.groups()[2:6])
        return None if value is None else ("truth", value, match.group(2) is not None)
    value = _value(match.groups()[1:5])
    literal = match.group(7)
    return None if value is None else ("cmp", value, match.group(6),
                                       literal[1:-1] if literal[0] in "'\"" else int(literal))


@lru_cache(maxsize=256)
def program(source: str) -> tuple[Any, ...] | None:
    """The nodes of a source of the shapes above (its final line break dropped, as Jinja's lexer
    drops it), or None for any other source."""
    if "\r" in source:
        return None
    text = source[:-1] if source.endswith("\n") else source
    root: list[Any] = []
    stack: list[tuple[list[Any], list[Any], list[Any] | None]] = []   # (branches, body, else) of open ifs
    body = root
    at = 0
    for tag in _TAG.finditer(text):
        before = text[at:tag.start()]
        if "{" in before:
            return None
        if before:
            body.append(("text", before))
        at = tag.end()
        if tag.group(1) is not None:
            out = _OUT.fullmatch(tag.group(1))
            value = _value(out.groups()[:4]) if out else None
            if out is None or value is None:
                return None
            body.append(("out", value, out.group(5)))
            continue
        inside = tag.group(2)
        match = _TRUTH.fullmatch(inside) or _CMP.fullmatch(inside)
        if match is not None:
            test = _test(match)
            if test is None:
                return None
            if match.group(1) == "if":
                branches: list[Any] = []
                stack.append((branches, body, None))
                body = []
                branches.append((test, body))
            else:
                if not stack or stack[-1][2] is not None:
                    return None
                body = []
                stack[-1][0].append((test, body))
            continue
        word = _WORD.fullmatch(inside)
        if word is None or not stack:
            return None
        branches, outer, otherwise = stack[-1]
        if word.group(1) == "else":
            if otherwise is not None:
                return None
            body = []
            stack[-1] = (branches, outer, body)
        else:
            stack.pop()
            outer.append(("if", tuple((t, tuple(b)) for t, b in branches),
                          None if otherwise is None else tuple(otherwise)))
            body = outer
    rest = text[at:]
    if stack or "{" in rest:
        return None
    if rest:
        body.append(("text", rest))
    return tuple(root)


class _Unsure(Exception):
    """Something Jinja should render (and perhaps refuse) itself."""


def render(nodes: tuple[Any, ...], values: Mapping[str, Any], plain: Callable[[Any], Any],
           weigh: Callable[[Any], int], refused: Callable[[str], bool], max_value: int) -> tuple[str, int, int] | None:
    """What Jinja renders from `nodes` with `values` (each made `plain` when first read): the text,
    and the steps and weight it charges; None where Jinja should render it. `weigh` is the
    sandbox's weighing, `refused` whether it refuses a text given to a filter."""
    got: dict[str, Any] = {}
    spent = [0, 0]

    def read(value: tuple[str, str | None]) -> Any:
        name, key = value
        if name not in got:
            if name not in values:
                raise _Unsure
            got[name] = plain(values[name])
        found = got[name]
        if key is None:
            return found
        if not isinstance(found, Mapping):
            raise _Unsure
        try:
            return found[key]
        except (KeyError, TypeError):
            raise _Unsure from None

    def charge(value: Any) -> None:
        weight = weigh(value)
        if weight > max_value:
            raise _Unsure
        spent[1] += weight

    def holds(test: tuple[Any, ...]) -> bool:
        found = read(test[1])
        if type(found) not in (str, int, bool, float) and found is not None:
            raise _Unsure
        if test[0] == "truth":
            return not found if test[2] else bool(found)
        same: bool = found == test[3]
        return same if test[2] == "==" else not same

    def run(nodes: tuple[Any, ...], out: list[str]) -> None:
        for node in nodes:
            if node[0] == "text":
                out.append(node[1])
            elif node[0] == "out":
                found = read(node[1])
                if node[2] is not None:
                    if type(found) is not str or refused(found):
                        raise _Unsure
                    spent[0] += 1
                    charge(found)
                    found = _FILTERS[node[2]](found)
                    charge(found)
                elif type(found) not in (str, int):
                    raise _Unsure
                spent[0] += 1
                charge(found)
                out.append(str(found))
            else:
                for test, body in node[1]:
                    if holds(test):
                        run(body, out)
                        break
                else:
                    if node[2] is not None:
                        run(node[2], out)

    out: list[str] = []
    try:
        run(nodes, out)
    except _Unsure:
        return None
    return "".join(out), spent[0], spent[1]
