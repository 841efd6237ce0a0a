"""Templates of a few simple shapes, rendered without compiling them: what the sandbox's Jinja
renders from them, with the same work charged to the budget, or None (Jinja renders it).

Most of a booklet's narration lines are texts with values and choices in them::

    {{ side }} moves {{ count['move-pawn'] }} pawns{% if lost == 1 %}, losing one{% endif %}.
    the last {{ enemy|lower }} piece

Compiling each (lexing, parsing, generating Python and compiling it) cost a kit build more than
rendering all of them. The shapes, and nothing else (any other markup, spacing inside a tag, a line
break, a comment, whitespace control, gives None):

- ``{{ value }}``, ``{{ -value }}``, ``{{ a + b - c }}`` (whole numbers), ``{{ value|lower }}``,
  ``|upper``, ``|join(', ')``, or ``{{ 'one' if test else 'other' }}`` (a value or a literal on
  either side), where a value is ``name``, ``name.key``, ``name['key']``, ``name[0]`` or
  ``name[1:]`` (an item or a slice of a text or a tuple): printed, it is a text
  or a whole number (a filter takes a text, ``join`` a tuple of texts and numbers);
- ``{% if test %}``, ``{% elif test %}``, ``{% else %}``, ``{% endif %}``, where a test reads at
  least one value and is made of values and literals, ``+``, ``-``, ``==``, ``!=``, ``<``, ``>``,
  ``<=``, ``>=`` (chained as Python chains them), ``not``, ``and`` and ``or`` (a literal: a whole
  number, or a text in quotes without a backslash); a test Jinja could work out when compiling is
  left to it;
- ``{% for name in value %}`` ... ``{% endfor %}`` over a tuple (no ``else``, no filter, one name),
  with ``loop.index``, ``loop.index0``, ``loop.first`` and ``loop.last`` inside; nested as deep as
  one likes.

Rendering gives None wherever Jinja might do anything but print: a name the values lack, a key its
mapping lacks, a value of another type, a value or a text the sandbox would refuse, or work the
budget cannot pay for whole (Jinja then renders, and refuses, as before). The charges are Jinja's:
`{{ }}` one step and the value's weight; a filter one step, the weight of what it is given and of
what it makes; a loop one step a turn (a tuple is not weighed); ``+`` and ``-`` a step each; tests
nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

# value: (name, key or None)
# node: ("text", str) | ("out", expr) | ("if", ((expr, body), ...), else body or None) | ("for", name, value, body)
# expr: ("value", value) | ("literal", x) | ("neg", value) | ("filter", name, argument or None, value)
#       | ("cond", then, test, otherwise) | ("not", expr) | ("and", expr, expr) | ("or", expr, expr)
#       | ("cmp", (expr, ...), (op, ...))
_TOKEN = re.compile(r" *(?:([A-Za-z_][A-Za-z0-9_]*)|(0|[1-9][0-9]{0,17})(?![0-9A-Za-z_.])|('[^'\\]*'|\"[^\"\\]*\")"
                    r"|(==|!=|<=|>=|<|>|\(|\)|\[|\]|\.|\||,|-|\+|:)) *")
_IF = re.compile(r" *(if|elif) +(.*?) *")
_FOR = re.compile(r" *for +([A-Za-z_][A-Za-z0-9_]*) +in +(.*?) *")
_WORD = re.compile(r" *(else|endif|endfor) *")
_TAG = re.compile(r"\{\{(.*?)\}\}|\{%(.*?)%\}", re.S)
# names Jinja reads as constants, operators or its own (loop, self...) rather than as a value given
_NOT_NAMES = frozenset({"true", "false", "none", "True", "False", "None", "not", "and", "or", "in", "is", "if",
                        "else", "elif", "endif", "for", "endfor", "loop", "self", "super", "varargs", "kwargs",
                        "caller"})
_LOOP_KEYS = frozenset({"index", "index0", "first", "last"})
_FILTERS: dict[str, Callable[[str], str]] = {"lower": str.lower, "upper": str.upper}
_ORDER = ("<", ">", "<=", ">=")


class _Parser:
    """Jinja's expression grammar, as far as the shapes go: anything else raises ValueError."""

    def __init__(self, text: str, loops: int):
        self.tokens: list[tuple[str, str]] = []
        at = 0
        while at < len(text):
            match = _TOKEN.match(text, at)
            if match is None or match.end() == at:
                raise ValueError(text)
            kind = next(i for i in range(1, 5) if match.group(i) is not None)
            self.tokens.append((("name", "int", "str", "op")[kind - 1], match.group(kind)))
            at = match.end()
        self.at, self.loops = 0, loops

    def peek(self, word: str) -> bool:
        return (self.at < len(self.tokens) and self.tokens[self.at][1] == word
                and self.tokens[self.at][0] in ("name", "op"))

    def take(self, word: str) -> None:
        if not self.peek(word):
            raise ValueError(word)
        self.at += 1

    def done(self) -> None:
        if self.at != len(self.tokens):
            raise ValueError("more")

    def value(self) -> tuple[str, str | None]:
        kind, name = self.tokens[self.at] if self.at < len(self.tokens) else ("", "")
        if kind != "name":
            raise ValueError(name)
        self.at += 1
        key = None
        if self.peek("."):
            self.at += 1
            kind, key = self.tokens[self.at] if self.at < len(self.tokens) else ("", "")
            if kind != "name":
                raise ValueError(key)
            self.at += 1
        elif self.peek("["):
            self.at += 1
            kind, quoted = self.tokens[self.at] if self.at < len(self.tokens) else ("", "")
            if kind == "str":
                key = quoted[1:-1]
                self.at += 1
            else:       # an item or a slice of a text or tuple: [0], [1:], [:1], [1:3]
                start = self.number()
                if self.peek(":"):
                    self.at += 1
                    key = slice(start, self.number())        # type: ignore[assignment]
                elif start is None:
                    raise ValueError("[]")
                else:
                    key = start                              # type: ignore[assignment]
            self.take("]")
        if self.peek(".") or self.peek("["):
            raise ValueError("deeper")
        if name == "loop" and self.loops and isinstance(key, str) and key in _LOOP_KEYS:
            return name, key
        if name in _NOT_NAMES:
            raise ValueError(name)
        return name, key

    def number(self) -> int | None:
        kind, word = self.tokens[self.at] if self.at < len(self.tokens) else ("", "")
        if kind != "int":
            return None
        self.at += 1
        return int(word)

    def operand(self) -> tuple[Any, ...]:
        """A value or a literal (a whole number, a text)."""
        kind, word = self.tokens[self.at] if self.at < len(self.tokens) else ("", "")
        if kind == "int":
            self.at += 1
            return "literal", int(word)
        if kind == "str":
            self.at += 1
            return "literal", word[1:-1]
        return "value", self.value()

    def signed(self) -> tuple[Any, ...]:
        if self.peek("-"):
            self.at += 1
            return "neg", self.signed()
        return self.operand()

    def arithmetic(self) -> tuple[Any, ...]:
        """Operands added and taken away (Jinja: + and - bind looser than a sign, tighter than ==)."""
        expr = self.signed()
        while self.peek("+") or self.peek("-"):
            op = self.tokens[self.at][1]
            self.at += 1
            expr = ("arith", expr, op, self.signed())
        return expr

    def compare(self) -> tuple[Any, ...]:
        operands, ops = [self.arithmetic()], []
        while self.at < len(self.tokens) and self.tokens[self.at] in (("op", o) for o in ("==", "!=") + _ORDER):
            ops.append(self.tokens[self.at][1])
            self.at += 1
            operands.append(self.arithmetic())
        return ("cmp", tuple(operands), tuple(ops)) if ops else operands[0]

    def negation(self) -> tuple[Any, ...]:
        if self.peek("not"):
            self.at += 1
            return "not", self.negation()
        return self.compare()

    def conjunction(self) -> tuple[Any, ...]:
        expr = self.negation()
        while self.peek("and"):
            self.at += 1
            expr = ("and", expr, self.negation())
        return expr

    def test(self) -> tuple[Any, ...]:
        """A test that reads at least one value (a constant one Jinja works out when compiling)."""
        expr = self.conjunction()
        while self.peek("or"):
            self.at += 1
            expr = ("or", expr, self.conjunction())
        if not _reads_a_value(expr):
            raise ValueError("constant")
        return expr

    def output(self) -> tuple[Any, ...]:
        """`{{ }}`: a value with filters, values added and taken away, or `then if test else otherwise`."""
        if any(t == ("name", "if") for t in self.tokens):
            then = self.operand()
            self.take("if")
            test = self.test()
            self.take("else")
            return "cond", then, test, self.operand()
        if not any(t == ("op", "|") for t in self.tokens):
            expr = self.arithmetic()
            if not _reads_a_value(expr):        # Jinja would work a constant out when compiling
                raise ValueError("constant")
            return expr
        expr = ("value", self.value())
        while self.peek("|"):
            self.at += 1
            kind, name = self.tokens[self.at] if self.at < len(self.tokens) else ("", "")
            self.at += 1
            if kind == "name" and name in _FILTERS:
                expr = ("filter", name, None, expr)
            elif kind == "name" and name == "join":
                self.take("(")
                kind, quoted = self.tokens[self.at] if self.at < len(self.tokens) else ("", "")
                if kind != "str":
                    raise ValueError(quoted)
                self.at += 1
                self.take(")")
                expr = ("filter", name, quoted[1:-1], expr)
            else:
                raise ValueError(name)
        return expr


def _reads_a_value(expr: tuple[Any, ...]) -> bool:
    if expr[0] == "value":
        return True
    return any(isinstance(part, tuple) and part and (_reads_a_value(part) if isinstance(part[0], str) else
                                                     any(_reads_a_value(p) for p in part if isinstance(p, tuple)))
               for part in expr[1:])


def _parsed(text: str, loops: int, how: str) -> Any:
    try:
        parser = _Parser(text, loops)
        made = parser.output() if how == "output" else parser.test() if how == "test" else parser.value()
        parser.done()
    except (ValueError, IndexError):
        return None
    return made


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
        inside = tag.group(1) if tag.group(1) is not None else tag.group(2)
        if inside[:1] in ("-", "+") or inside[-1:] in ("-", "+"):      # whitespace control ({{- x }}, -%})
            return None
        if tag.group(1) is not None:
            expr = _parsed(tag.group(1), loops, "output")
            if expr is None:
                return None
            body.append(("out", expr))
            continue
        if (match := _IF.fullmatch(inside)) is not None:
            test = _parsed(match.group(2), loops, "test")
            if test is None:
                return None
            if match.group(1) == "if":
                stack.append(["if", [], body, None])
            elif not stack or stack[-1][0] != "if" or stack[-1][3] is not None:
                return None
            body = []
            stack[-1][1].append((test, body))
        elif (match := _FOR.fullmatch(inside)) is not None:
            value = _parsed(match.group(2), loops, "value")
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
           weigh: Callable[[Any], int], refused: Callable[[str], bool], max_value: int,
           max_bits: int) -> tuple[str, int, int] | None:
    """What Jinja renders from `nodes` with `values` (each made `plain` when first read): the text,
    and the steps and weight it charges; None where Jinja should render it. `weigh` is the
    sandbox's weighing, `refused` whether it refuses a text given to a filter."""
    got: dict[str, Any] = {}
    spent = [0, 0]

    def read(value: tuple[str, Any], scope: Mapping[str, Any]) -> Any:
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
        if isinstance(key, str):
            if not isinstance(found, Mapping):
                raise _Unsure
            try:
                return found[key]
            except (KeyError, TypeError):
                raise _Unsure from None
        if type(found) not in (str, tuple) or (type(key) is int and key >= len(found)):
            raise _Unsure       # the sandbox's getitem: an item or a slice of a text or tuple, else Jinja's
        return found[key]

    def charge(value: Any) -> None:
        weight = weigh(value)
        if weight > max_value:
            raise _Unsure
        spent[1] += weight

    def scalar(found: Any) -> Any:
        if type(found) not in (str, int, bool, float) and found is not None:
            raise _Unsure
        return found

    def truth(found: Any) -> bool:
        if type(found) not in (str, int, bool, float, tuple) and found is not None and not isinstance(found, Mapping):
            raise _Unsure
        return bool(found)

    def compared(left: Any, op: str, right: Any) -> bool:
        if op in _ORDER:
            numbers = (int, float, bool)
            if not ((type(left) in numbers and type(right) in numbers) or (type(left) is str and type(right) is str)):
                raise _Unsure           # Python (and Jinja) would refuse to order them
        result: bool = {"==": left == right, "!=": left != right}[op] if op in ("==", "!=") else \
            {"<": left < right, ">": left > right, "<=": left <= right, ">=": left >= right}[op]
        return result

    def evaluate(expr: tuple[Any, ...], scope: Mapping[str, Any]) -> Any:
        kind = expr[0]
        if kind == "value":
            return read(expr[1], scope)
        if kind == "literal":
            return expr[1]
        if kind == "not":
            return not truth(evaluate(expr[1], scope))
        if kind == "and":
            return truth(evaluate(expr[1], scope)) and truth(evaluate(expr[2], scope))
        if kind == "or":
            return truth(evaluate(expr[1], scope)) or truth(evaluate(expr[2], scope))
        if kind == "cmp":           # a chain, as Python (and Jinja's generated code) reads it
            left = scalar(evaluate(expr[1][0], scope))
            for op, operand in zip(expr[2], expr[1][1:]):
                right = scalar(evaluate(operand, scope))
                if not compared(left, op, right):
                    return False
                left = right
            return True
        if kind == "neg":           # a sign: not one of the sandbox's guarded operators
            found = evaluate(expr[1], scope)
            if type(found) is not int:
                raise _Unsure
            return -found
        if kind == "arith":         # the sandbox's + and -: a step, and a number of at most max_bits
            left, right = evaluate(expr[1], scope), evaluate(expr[3], scope)
            if type(left) is not int or type(right) is not int:
                raise _Unsure
            made = left + right if expr[2] == "+" else left - right
            if made.bit_length() > max_bits:
                raise _Unsure
            spent[0] += 1
            return made
        if kind == "cond":
            return evaluate(expr[1] if truth(evaluate(expr[2], scope)) else expr[3], scope)
        return filtered(expr, evaluate(expr[3], scope))

    def filtered(expr: tuple[Any, ...], found: Any) -> Any:
        """A guarded filter: a step, and the weight of what it is given and of what it makes."""
        name, argument = expr[1], expr[2]
        if name == "join":
            if type(found) is not tuple or not all(type(item) in (str, int) for item in found) or refused(argument):
                raise _Unsure
            given = weigh(found), weigh(argument)
            if max(given) > max_value or weigh(list(found)) + len(argument) * len(found) > max_value:
                raise _Unsure
            spent[0] += 1
            spent[1] += sum(given)
            made = argument.join(map(str, found))
        else:
            if type(found) is not str or refused(found):
                raise _Unsure
            spent[0] += 1
            charge(found)
            made = _FILTERS[name](found)
        charge(made)
        return made

    def run(nodes: tuple[Any, ...], out: list[str], scope: Mapping[str, Any]) -> None:
        for node in nodes:
            kind = node[0]
            if kind == "text":
                out.append(node[1])
            elif kind == "out":
                found = evaluate(node[1], scope)
                if type(found) not in (str, int):
                    raise _Unsure
                spent[0] += 1
                charge(found)
                out.append(str(found))
            elif kind == "if":
                for test, body in node[1]:
                    if truth(evaluate(test, scope)):
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
