"""Read TOML files and validate them, turning every failure into one DefinitionError that names
the file, the key path and what was expected."""

from __future__ import annotations

import difflib
import os
import re
import tomllib
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from ..errors import DefinitionError, DefinitionProblems
from ..paths import data_root
from ..sandbox.files import read_folder_file

M = TypeVar("M", bound=BaseModel)


_REAL_BASES: dict[str, str] = {}     # the real path of each folder display() names files from


def _real_base(base: str) -> str:
    """`base`'s real path, found once per folder (the working folder and the built-in data: a build
    named hundreds of files, each time following every link above both). Only message text hangs on
    it; a process that moves between more than 64 folders starts the table again."""
    real = _REAL_BASES.get(base)
    if real is None:
        if len(_REAL_BASES) >= 64:
            _REAL_BASES.clear()
        real = _REAL_BASES[base] = os.path.realpath(base)
    return real


def display(path: Path) -> str:
    """A short, recognisable name for a file in messages."""
    path = Path(path)
    real = Path(os.path.realpath(path))   # realpath, not resolve(): a link that loops must still be named, not raise
    for base in (os.getcwd(), str(data_root())):
        try:
            return str(real.relative_to(_real_base(base)))
        except ValueError:
            continue
    return str(path)


MAX_FILE = 10 * 1024 * 1024     # bytes of one definition, template or notation file
MAX_DEPTH = 32                   # tables and lists inside each other


def read_bytes(path: Path, where: str, what: str = "", limit: int = MAX_FILE) -> bytes:
    """A file's bytes, at most `limit` of them, read through `pnp.sandbox.files` (inside its game
    folder, a regular file, bounded); every failure is a `DefinitionError` saying why."""
    def fail(problem: str) -> DefinitionError:
        return DefinitionError(where, None, f"{problem}: {what}" if problem == "file not found" and what else problem)

    return read_folder_file(path, fail, limit)


CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")   # no XML, PDF text or person wants these


def control_character(text: str) -> str | None:
    """Where `text` holds a control character (not tab or newline), said for a person, else None."""
    m = CONTROL.search(text)
    if m is None:
        return None
    return f"a control character (U+{ord(m.group()):04X}) on line {text.count(chr(10), 0, m.start()) + 1}"


def decode(data: bytes, where: str) -> str:
    """UTF-8 text; a byte-order mark at the start (some editors write one) is dropped. A control
    character (a NUL...) is refused: it would make an SVG that is not well-formed XML."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DefinitionError(where, None, f"the file is not UTF-8 text (byte {exc.start + 1})") from None
    bad = control_character(text)
    if bad:
        raise DefinitionError(where, None, f"{bad}: remove it (text holds letters, tabs and newlines only)")
    return text


def read_text(path: Path, where: str | None = None, what: str = "") -> str:
    where = where or display(path)
    return decode(read_bytes(path, where, what), where)


# Texts parsed already, with their data. A build reads some files more than once (game.toml for the
# loader and the catalog, a sample game for a walkthrough and its figures, the aid for the sheet and
# the booklet), and tomllib parses in Python. The data is a function of the text alone, so a text
# seen before gives the same data; each caller gets a copy of its own (tables and lists; the rest
# cannot change), so no caller can change what another reads. Bounded: texts of at most
# `_KEPT_TEXT` characters, `_KEPT_ALL` in all, for the life of the process.
_PARSED: dict[str, dict[str, Any]] = {}
_KEPT_TEXT = 256 * 1024
_KEPT_ALL = 4 * 1024 * 1024
_kept = 0                       # characters of the texts in _PARSED


def _copy(value: Any) -> Any:
    """TOML data with every table and list new (the depth is bounded by `check_depth`)."""
    kind = type(value)
    if kind is dict:
        return {k: _copy(v) for k, v in value.items()}
    if kind is list:
        return [_copy(v) for v in value]
    return value


def parse_toml(text: str, where: str) -> dict[str, Any]:
    """TOML text as a dict; a syntax error, a number too long to read and nesting deeper than
    `MAX_DEPTH` are each one `DefinitionError`."""
    kept = _PARSED.get(text)
    if kept is not None:
        return _copy(kept)      # type: ignore[no-any-return]
    data = _parsed(text, where)
    global _kept
    if len(text) <= _KEPT_TEXT and _kept + len(text) <= _KEPT_ALL:
        _PARSED[text] = _copy(data)
        _kept += len(text)
    return data


def _parsed(text: str, where: str) -> dict[str, Any]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DefinitionError(where, None, f"not valid TOML: {exc}") from None
    except RecursionError:
        raise DefinitionError(where, None, f"not valid TOML: nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as exc:   # an integer of more than 4,300 digits
        problem = "a number has more than 4,300 digits" if "digits" in str(exc) else str(exc)
        raise DefinitionError(where, None, f"not valid TOML: {problem}") from None
    check_depth(data, where)
    return data


def check_depth(data: Any, where: str) -> None:
    """Refuse tables and lists nested more than `MAX_DEPTH` levels, and texts holding a control
    character written as an escape ("\\u0000"), naming the key (walked without recursion)."""
    stack: list[tuple[Any, int, tuple[Any, ...]]] = [(data, 0, ())]
    while stack:
        value, depth, loc = stack.pop()
        if depth > MAX_DEPTH:
            raise DefinitionError(where, None, f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, dict):
            stack += [(v, depth + 1, (*loc, k)) for k, v in value.items()]
        elif isinstance(value, list):
            stack += [(v, depth + 1, (*loc, i)) for i, v in enumerate(value)]
        elif isinstance(value, str) and CONTROL.search(value):
            code = ord(CONTROL.search(value).group())  # type: ignore[union-attr]
            raise DefinitionError(where, key_path(loc) or None,
                                  f"the text holds a control character (U+{code:04X}): remove it")


def read_toml(path: Path) -> dict[str, Any]:
    where = display(path)
    return parse_toml(read_text(path, where), where)


def key_path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


_EXPECT = {
    "int_type": "a whole number", "int_parsing": "a whole number", "int_from_float": "a whole number",
    "float_type": "a number", "float_parsing": "a number", "string_type": "text",
    "bool_type": "true or false", "list_type": "a list", "tuple_type": "a list",
    "dict_type": "a table", "model_type": "a table", "model_attributes_type": "a table",
}


def explain(err: dict[str, Any]) -> str:
    """One pydantic error as a sentence a definition author understands."""
    kind, ctx = err["type"], err.get("ctx") or {}
    got = err.get("input")
    shown = f", got {got!r}" if not isinstance(got, (dict, list)) else ""
    if kind == "missing":
        return "missing: this key is required"
    if kind == "extra_forbidden":
        return "unknown key (check the spelling)"
    if kind in _EXPECT:
        return f"expected {_EXPECT[kind]}{shown}"
    if kind == "greater_than_equal":
        return f"expected a number of at least {ctx['ge']}{shown}"
    if kind == "greater_than":
        return f"expected a number above {ctx['gt']}{shown}"
    if kind in ("less_than_equal", "less_than"):
        return f"expected a number of at most {ctx.get('le', ctx.get('lt'))}{shown}"
    if kind == "literal_error":
        return f"expected one of {ctx['expected']}{shown}"
    if kind in ("too_short", "too_long"):
        return f"expected {err['msg'].split('should have ', 1)[-1]}"
    if kind == "string_pattern_mismatch":
        return f"expected lowercase letters, digits, '-' or '_'{shown}"
    if kind == "value_error":
        return str(ctx.get("error", err["msg"]))
    msg = str(err["msg"])
    return msg[0].lower() + msg[1:] + shown


def _keys_at(model: Any, loc: tuple[Any, ...]) -> list[str]:
    """The keys the schema allows in the table at `loc` (for suggesting a spelling), or []."""
    kind: Any = model
    for part in loc:
        kind = _table_type(kind)
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            field = kind.model_fields.get(str(part))
            if field is None:
                return []
            kind = field.annotation
        else:
            args = [a for a in get_args(kind) if a is not type(None)]
            origin = get_origin(kind)
            if origin in (list, tuple) and args:
                kind = args[0]
            elif origin is dict and len(args) == 2:
                kind = args[1]
            else:
                return []
    kind = _table_type(kind)
    return list(kind.model_fields) if isinstance(kind, type) and issubclass(kind, BaseModel) else []


def _table_type(kind: Any) -> Any:
    """Strip Annotated[...] and Optional[...] down to the type inside."""
    while True:
        origin = get_origin(kind)
        if origin is Annotated:
            kind = get_args(kind)[0]
        elif origin in (Union, UnionType):
            models = [a for a in get_args(kind) if isinstance(a, type) and issubclass(a, BaseModel)]
            if len(models) != 1:
                return kind
            kind = models[0]
        else:
            return kind


def unknown_key(name: str, inside: str, allowed: list[str]) -> str:
    """"unknown key 'nubmer' in cards[3]; did you mean 'number'?" (difflib picks the suggestion);
    with nothing close, "unknown key (check the spelling)" (the message's key path names it)."""
    close = difflib.get_close_matches(name, allowed, n=1, cutoff=0.6)
    if not close:
        return "unknown key (check the spelling)"
    return f"unknown key {name!r}{f' in {inside}' if inside else ''}; did you mean {close[0]!r}?"


def validate(model: type[M], data: Any, where: str, prefix: str = "") -> M:
    """Validate against a schema; every problem becomes a `DefinitionError`, all raised at once
    (`DefinitionProblems`). An unknown key is named with a suggestion, and the key it meant is
    not also called "missing" (a typo makes both)."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise DefinitionProblems(schema_problems(model, exc, where, prefix)) from None


def schema_problems(model: type[BaseModel], exc: ValidationError, where: str, prefix: str = "",
                    name_key: Any = None) -> list[DefinitionError]:
    """Each of a validation's errors as a `DefinitionError`, unknown keys first. `name_key` names
    a location for a message (default: its key path under `prefix`)."""
    def named(loc: tuple[Any, ...]) -> str:
        if name_key is not None:
            return str(name_key(loc))
        key = key_path(loc)
        return (f"{prefix}.{key}" if key else prefix) if prefix else key

    errors = exc.errors(include_url=False)
    extra = [e for e in errors if e["type"] == "extra_forbidden"]
    meant = set()
    out = []
    for err in extra:
        parent, name = tuple(err["loc"][:-1]), str(err["loc"][-1])
        allowed = _keys_at(model, parent)
        close = difflib.get_close_matches(name, allowed, n=1, cutoff=0.6)
        if close:
            meant.add((*parent, close[0]))
        out.append(DefinitionError(where, named(tuple(err["loc"])) or None,
                                   unknown_key(name, named(parent), allowed)))
    for err in errors:
        if err["type"] == "extra_forbidden" or (err["type"] == "missing" and tuple(err["loc"]) in meant):
            continue
        out.append(DefinitionError(where, named(tuple(err["loc"])) or None, explain(dict(err))))
    return out


def merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """Deep merge: tables merge key by key, anything else in `over` wins."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def resolve_extends(tables: dict[str, Any], where: str) -> dict[str, dict[str, Any]]:
    """Flatten `extends` chains: each entry becomes its parent merged with its own keys."""
    done: dict[str, dict[str, Any]] = {}

    def resolve(name: str, chain: tuple[str, ...]) -> dict[str, Any]:
        if name in done:
            return done[name]
        entry = tables[name]
        if not isinstance(entry, dict):
            raise DefinitionError(where, name, "expected a table")
        parent = entry.get("extends")
        own = {k: v for k, v in entry.items() if k != "extends"}
        if parent is None:
            result = own
        elif not isinstance(parent, str) or parent not in tables:
            known = ", ".join(sorted(tables))
            raise DefinitionError(where, f"{name}.extends", f"unknown layout {parent!r} (known: {known})")
        elif parent in chain:
            raise DefinitionError(where, f"{name}.extends",
                                  f"layouts extend each other in a loop: {' -> '.join(chain + (parent,))}")
        else:
            result = merge(resolve(parent, chain + (parent,)), own)
        done[name] = result
        return result

    for name in tables:
        resolve(name, (name,))
    return done
