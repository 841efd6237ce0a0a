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
- ``{% if test %}``, ``{% elif test %}``, ``{% else %}``, ``{% endif %}``, where a test is
  ``value``, ``not value``, or values and literals compared with ``==`` and ``!=``, chained as
  Python chains them (a literal: a whole number, or a text in quotes without a backslash);
- ``{% for name in value %}`` ... ``{% endfor %}`` over a tuple (no ``else``, no filter, one name),
  with ``loop.index``, ``loop.index0``, ``loop.first`` and ``loop.last`` inside; nested as deep as
  one likes.

Rendering gives None wherever Jinja might do anything but print: a name the values lack, a key its
mapping lacks, a value of another type, a value or a text the sandbox would refuse, or work the
budget cannot pay for whole (Jinja then renders, and refuses, as before). The charges are Jinja's:
`{{ }}` one step and the value's weight; a filter one step, the weight of what it is given and of
what it makes; a loop one step a turn (a tuple is not weighed); tests nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

# value: (name, key or None)
# node: ("text", str) | ("out", value, filter or None) | ("if", ((test, body), ...), else body or None)
#       | ("for", name, value, body)
# test: ("truth", value, negated) | ("cmp", (operand, ...), (op, ...)), operand ("value", value) | ("literal", x)
_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
_VALUE_TEXT = rf"({_NAME})(?:\.({_NAME})|\['([^'\\]*)'\]|\[\"([^\"\\]*)\"\])?"
_VALUE = re.compile(_VALUE_TEXT)
_LITERAL = re.compile(r"0|[1-9][0-9]{0,17}|'[^'\\]*'|\"[^\"\\]*\"")
_OUT = re.compile(rf" *{_VALUE_TEXT}(?: *\| *(lower|upper))? *")
_IF = re.compile(r" *(if|elif) +(.*?) *")
_NOT = re.compile(r"not +(.*)")
_COMPARE = re.compile(r" *(==|!=) *")
_FOR = re.compile(rf" *for +({_NAME}) +in +(.*?) *")
_WORD = re.compile(r" *(else|endif|endfor) *")
_TAG = re.compile(r"\{\{(.*?)\}\}|\{%(.*?)%\}", re.S)
# names Jinja reads as constants, operators or its own (loop, self...) rather than as a value given
_NOT_NAMES = frozenset({"true", "false", "none", "True", "False", "None", "not", "and", "or", "in", "is", "if",
                        "else", "elif", "endif", "for", "endfor", "loop", "self", "super", "varargs", "kwargs",
                        "caller"})
_LOOP_KEYS = frozenset({"index", "index0", "first", "last"})
_FILTERS: dict[str, Callable[[str], str]] = {"lower": str.lower, "upper": str.upper}


def _value(text: str, loops: int) -> tuple[str, str | None] | None:
    match = _VALUE.fullmatch(text)
    if match is None:
        return None
    name, attr, single, double = match.groups()
    key = attr if attr is not None else single if single is not None else double
    if name == "loop" and loops and key in _LOOP_KEYS:
        return name, key
    return None if name in _NOT_NAMES else (name, key)


def _test(text: str, loops: int) -> tuple[Any, ...] | None:
    negated = _NOT.fullmatch(text)
    value = _value(negated.group(1) if negated else text, loops)
    if value is not None:
        return "truth", value, negated is not None
    if negated:
        return None
    parts = _COMPARE.split(text)
    if len(parts) < 3:
        return None
    operands: list[tuple[str, Any]] = []
    for i, part in enumerate(parts[0::2]):
        value = _value(part, loops)
        if value is not None:
            operands.append(("value", value))
        elif i and _LITERAL.fullmatch(part):
            operands.append(("literal", part[1:-1] if part[0] in "'\"" else int(part)))
        else:
            return None
    return "cmp", tuple(operands), tuple(parts[1::2])


@lru_cache(maxsize=256)
def program(source: str) -> tuple[Any, ...] | None:
    """The nodes of a source of the shapes above (its final line break dropped, as Jinja's lexer
    drops it), or None for any other source."""
    if "\r" in source:
        return None
    text = source[:-1] if source.endswith("\n") else source
    root: list[Any] = []
    # open blocks, innermost last: ["if", branches, outer body, else body or None] or ["for", name, value, outer body]
    stack: list[list[Any]] = []
    body = root
    at = 0
    for tag in _TAG.finditer(text):
        before = text[at:tag.start()]
        if "{" in before:
            return None
        if before:
            body.append(("text", before))
        at = tag.end()
        loops = sum(block[0] == "for" for block in stack)
        if tag.group(1) is not None:
            out = _OUT.fullmatch(tag.group(1))
            value = _value(tag.group(1).split("|")[0].strip(" "), loops) if out else None
            if out is None or value is None:
                return None
            body.append(("out", value, out.group(5)))
            continue
        inside = tag.group(2)
        if (match := _IF.fullmatch(inside)) is not None:
            test = _test(match.group(2), loops)
            if test is None:
                return None
            if match.group(1) == "if":
                stack.append(["if", [], body, None])
            elif not stack or stack[-1][0] != "if" or stack[-1][3] is not None:
                return None
            body = []
            stack[-1][1].append((test, body))
        elif (match := _FOR.fullmatch(inside)) is not None:
            value = _value(match.group(2), loops)
            if value is None or match.group(1) in _NOT_NAMES:
                return None
            stack.append(["for", match.group(1), value, body])
            body = []
            stack[-1].append(body)
        elif (match := _WORD.fullmatch(inside)) is not None and stack:
            block, word = stack[-1], match.group(1)
            if word == "else" and block[0] == "if" and block[3] is None:
                body = block[3] = []
            elif word == "endif" and block[0] == "if":
                stack.pop()
                body = block[2]
                body.append(("if", tuple((t, tuple(b)) for t, b in block[1]),
                             None if block[3] is None else tuple(block[3])))
            elif word == "endfor" and block[0] == "for":
                stack.pop()
                body = block[3]
                body.append(("for", block[1], block[2], tuple(block[4])))
            else:
                return None
        else:
            return None
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

    def read(value: tuple[str, str | None], scope: Mapping[str, Any]) -> Any:
        name, key = value
        if name in scope:
            found = scope[name]
        else:
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

    def scalar(found: Any) -> Any:
        if type(found) not in (str, int, bool, float) and found is not None:
            raise _Unsure
        return found

    def holds(test: tuple[Any, ...], scope: Mapping[str, Any]) -> bool:
        if test[0] == "truth":
            found = scalar(read(test[1], scope))
            return not found if test[2] else bool(found)
        found = [scalar(read(x, scope)) if kind == "value" else x for kind, x in test[1]]
        for left, op, right in zip(found, test[2], found[1:]):      # a chain, as Python (and Jinja) read it
            same: bool = left == right
            if same is not (op == "=="):
                return False
        return True

    def run(nodes: tuple[Any, ...], out: list[str], scope: Mapping[str, Any]) -> None:
        for node in nodes:
            kind = node[0]
            if kind == "text":
                out.append(node[1])
            elif kind == "out":
                found = read(node[1], scope)
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
            elif kind == "if":
                for test, body in node[1]:
                    if holds(test, scope):
                        run(body, out, scope)
                        break
                else:
                    if node[2] is not None:
                        run(node[2], out, scope)
            else:
                items = read(node[2], scope)
                if type(items) is not tuple:
                    raise _Unsure
                spent[0] += len(items)
                last = len(items) - 1
                for i, item in enumerate(items):
                    run(node[3], out, {**scope, node[1]: item,
                                       "loop": {"index": i + 1, "index0": i, "first": i == 0, "last": i == last}})

    out: list[str] = []
    try:
        run(nodes, out, {})
    except _Unsure:
        return None
    return "".join(out), spent[0], spent[1]
