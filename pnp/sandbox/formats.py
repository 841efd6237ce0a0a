"""Format strings from a game folder ("Trust {}" in a layout, "{game} cards" in `[words]`).

Python's `str.format` would let such a string read attributes and items (`{0.__class__.__mro__}`),
ask for a gigabyte (`{:>999999999}`) or fail with a bare KeyError (`{x}`, `{1}`, `{`). Here a
format may hold only `{}` (where the caller gives one value) or `{name}` for a name the caller
gives, with an optional `!s` and a format spec whose width is at most `MAX_WIDTH` and precision
at most `MAX_PRECISION`; `{{` and `}}` are braces. Anything else is a sentence saying what to write.

>>> fill("Trust {}", value=2)
'Trust 2'
>>> fill("{game} cards", names={"game": "Lantern"})
'Lantern cards'
>>> problem("{0.__class__}", names=(), value=True)
"'{0.__class__}': write {} for the value, or {name} for a name ({0} and {x.y} or {x[0]} are not allowed)"
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from string import Formatter
from typing import Any

MAX_WIDTH = 200
MAX_PRECISION = 20
_SPEC = re.compile(r"(?:.?[<>=^])?[-+ ]?z?#?0?(?P<width>\d*)[,_]?(?:\.(?P<precision>\d+))?[bcdeEfFgGnosxX%]?")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class FormatProblem(ValueError):
    """A format string the folder gave cannot be used; the message says why."""


def problem(template: str, names: Collection[str] = (), value: bool = False) -> str | None:
    """What is wrong with `template` given the `names` and (if `value`) the `{}` a caller fills, or
    None. With names=None-like empty collection and value=False, only literal text is allowed."""
    try:
        parts = list(Formatter().parse(template))
    except ValueError as exc:
        return f"{template!r}: {exc} (write {{{{ and }}}} for a brace)"
    for _literal, field, spec, conversion in parts:
        if field is None:
            continue
        if field == "":
            if not value:
                return f"{template!r}: {{}} has no value here; write a name: {{{', '.join(sorted(names)) or '...'}}}"
        elif not _NAME.fullmatch(field):
            return (f"{template!r}: write {{}} for the value, or {{name}} for a name "
                    "({0} and {x.y} or {x[0]} are not allowed)")
        elif field not in names:
            known = ", ".join("{" + n + "}" for n in sorted(names))
            return f"{template!r}: unknown name {{{field}}} ({'known here: ' + known if known else 'no names here'})"
        if conversion not in (None, "s"):
            return f"{template!r}: !{conversion} is not allowed (only !s)"
        if spec and ("{" in spec or "}" in spec):
            return f"{template!r}: a format spec cannot hold another field"
        m = _SPEC.fullmatch(spec or "")
        if m is None:
            return f"{template!r}: {spec!r} is not a format spec (e.g. >3, .1f)"
        if m["width"] and int(m["width"]) > MAX_WIDTH:
            return f"{template!r}: a width above {MAX_WIDTH} is not allowed"
        if m["precision"] and int(m["precision"]) > MAX_PRECISION:
            return f"{template!r}: a precision above {MAX_PRECISION} is not allowed"
    return None


def fill(template: str, names: Mapping[str, Any] | None = None, value: Any = None) -> str:
    """`template` with its fields filled; raises `FormatProblem` for anything `problem` refuses
    or a spec that does not suit its value (`{:d}` for a text)."""
    names = dict(names or {})
    why = problem(template, names, value is not None)
    if why:
        raise FormatProblem(why)
    out = []
    for literal, field, spec, conversion in Formatter().parse(template):
        out.append(literal)
        if field is None:
            continue
        v = value if field == "" else names[field]
        if conversion == "s":
            v = str(v)
        try:
            out.append(format(v, spec or ""))
        except (ValueError, TypeError) as exc:
            raise FormatProblem(f"{template!r}: {{{field}:{spec}}} does not suit the value '{v}' ({exc})") from None
    return "".join(out)


class AnyName(Collection[str]):
    """Every name: for checking a format's form when the names are known only where it is filled."""

    def __contains__(self, item: object) -> bool:
        return True

    def __iter__(self) -> Any:
        return iter(())

    def __len__(self) -> int:
        return 0
