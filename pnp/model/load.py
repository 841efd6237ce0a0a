"""Read TOML files and validate them, turning every failure into one DefinitionError that names
the file, the key path and what was expected."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from ..errors import DefinitionError
from ..paths import data_root

M = TypeVar("M", bound=BaseModel)


def display(path: Path) -> str:
    """A short, recognisable name for a file in messages."""
    path = Path(path)
    for base in (Path.cwd(), data_root()):
        try:
            return str(path.resolve().relative_to(base.resolve()))
        except ValueError:
            continue
    return str(path)


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DefinitionError(display(path), None, "file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise DefinitionError(display(path), None, f"not valid TOML: {exc}") from None
    except UnicodeDecodeError:
        raise DefinitionError(display(path), None, "not valid TOML: the file is not UTF-8 text") from None


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


def validate(model: type[M], data: Any, where: str, prefix: str = "") -> M:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        key = key_path(first["loc"])
        if prefix:
            key = f"{prefix}.{key}" if key else prefix
        more = len(exc.errors()) - 1
        tail = f" (and {more} more problem{'s' if more > 1 else ''} in this file)" if more else ""
        raise DefinitionError(where, key or None, explain(dict(first)) + tail) from None


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
