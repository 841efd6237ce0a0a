"""Dataclasses made with less compiling, on the Python versions whose `dataclasses` compiles every method.

Up to 3.12, `dataclasses` writes each method it adds as source text and compiles it on its own:
0.1-0.25 ms a method, six for a frozen class, and a kit build makes about 140 dataclasses (its own,
the engine's and its libraries'), some 120 ms of compiling in a process. `install` (called by
`pnp.cli`, for the command's own process only) changes how five of them are made, each behaving as
the compiled one does:

- a frozen class's `__setattr__` and `__delattr__`, which only refuse, and `__repr__` (messages,
  debugging) are closures over the class's field names: the same test, the same error and message,
  the same text, the same guard against a recursive repr, the same names;
- `__eq__` (and the order methods) and `__hash__`, which the engines and every dict keyed by a
  record call again and again, keep the code `dataclasses` compiles: it is compiled once for each
  number of fields, by `dataclasses` itself with stand-in names, and each class's method is that
  code with its own field names put in (a field named like a name the code uses itself, such as
  `hash`, is compiled as before). The bytecode, names and line numbers are the compiled ones; only
  the columns a traceback could point at differ, and none does (the source text is not kept).

- `__init__`, likewise, for a class whose fields are all plain (each an argument, with a default
  value or none; no default factory, keyword-only field or InitVar): compiled once for each
  pattern of defaults, and each class's `__init__` is that code with its field names put in, and
  its own defaults and annotations, as the compiled one has them.

Other classes' `__init__` is still compiled for each class, and every method on 3.13 and later
(which compile a class's methods differently). tests/test_dataclass_methods.py compares both kinds
of method.
"""

from __future__ import annotations

import copy
import dataclasses
import sys
from collections.abc import Callable, Sequence
from types import CellType, CodeType, FunctionType, SimpleNamespace
from typing import Any

# dataclasses' own functions that make the methods (the names `install` replaces), as it has them
STDLIB: dict[str, Any] = {name: getattr(dataclasses, name, None)
                          for name in ("_repr_fn", "_frozen_get_del_attr", "_cmp_fn", "_hash_fn", "_init_fn")}
_SHAPES: dict[tuple[Any, ...], tuple[CodeType, tuple[str, ...]]] = {}   # see _shaped
_STAND_IN = "__pnp_field_{}__"


def repr_method(fields: Sequence[dataclasses.Field[Any]], _globals: object = None) -> Callable[[Any], str]:
    """`dataclasses._repr_fn`: "Name(a=1, b='x')", the fields given, with "..." for a recursive call."""
    names = tuple(f.name for f in fields)

    def __repr__(self: Any) -> str:  # noqa: N807 - the method's own name, as dataclasses gives it
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in names])
        text: str = self.__class__.__qualname__ + "(" + shown + ")"
        return text

    guarded: Callable[[Any], str] = dataclasses._recursive_repr(__repr__)  # type: ignore[attr-defined]
    return guarded


def frozen_methods(cls: Any, fields: Sequence[dataclasses.Field[Any]],
                   _globals: object = None) -> tuple[Callable[..., None], Callable[..., None]]:
    """`dataclasses._frozen_get_del_attr`: a frozen class's `__setattr__` and `__delattr__`, which
    refuse its fields (and any name on the class itself) and leave a subclass's other names alone."""
    names = tuple(f.name for f in fields)
    refused = dataclasses.FrozenInstanceError

    def __setattr__(self: Any, name: str, value: Any) -> None:  # noqa: N807
        if type(self) is cls or name in names:
            raise refused(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:  # noqa: N807
        if type(self) is cls or name in names:
            raise refused(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__


def _tuple_text(obj: str, names: Sequence[str]) -> str:
    """`dataclasses._tuple_str`'s text: "(self.a,self.b,)", "()" for no field."""
    return f"({','.join(f'{obj}.{name}' for name in names)},)" if names else "()"


def _shaped(key: tuple[Any, ...], names: Sequence[str], globals: dict[str, Any],
            compile_with: Callable[[Sequence[str]], FunctionType]) -> FunctionType | None:
    """The method `compile_with(names)` would compile, made from the code it compiled for the same
    shape (`key`) with stand-in names; None where the code would differ in more than its names."""
    made = _SHAPES.get(key)
    if made is None:
        stand_ins = tuple(_STAND_IN.format(i) for i in range(len(names)))
        made = _SHAPES[key] = (compile_with(stand_ins).__code__, stand_ins)
    code, stand_ins = made
    if "__builtins__" not in globals or not set(names).isdisjoint(code.co_names):
        return None
    own = dict(zip(stand_ins, names))
    return FunctionType(code.replace(co_names=tuple(own.get(n, n) for n in code.co_names)), globals)


def compare_method(name: str, op: str, self_tuple: str, other_tuple: str,
                   globals: dict[str, Any]) -> FunctionType:
    """`dataclasses._cmp_fn`: `__eq__` or an order method comparing the fields of two instances."""
    compiled = STDLIB["_cmp_fn"]
    assert compiled is not None
    names = self_tuple[1:-2].replace("self.", "").split(",") if self_tuple != "()" else []
    made = None
    if self_tuple == _tuple_text("self", names) and other_tuple == _tuple_text("other", names):
        made = _shaped(("cmp", name, op, len(names)), names, globals,
                       lambda stand_ins: compiled(name, op, _tuple_text("self", stand_ins),
                                                  _tuple_text("other", stand_ins), {}))
    return made or compiled(name, op, self_tuple, other_tuple, globals)


def hash_method(fields: Sequence[dataclasses.Field[Any]], globals: dict[str, Any]) -> FunctionType:
    """`dataclasses._hash_fn`: the hash of the fields' values as a tuple."""
    compiled = STDLIB["_hash_fn"]
    assert compiled is not None
    names = [f.name for f in fields]
    made = _shaped(("hash", len(names)), names, globals,
                   lambda stand_ins: compiled([SimpleNamespace(name=n) for n in stand_ins], {}))
    return made or compiled(fields, globals)


def init_method(fields: Sequence[dataclasses.Field[Any]], std_fields: Sequence[dataclasses.Field[Any]],
                kw_only_fields: Sequence[dataclasses.Field[Any]], frozen: bool, has_post_init: bool,
                self_name: str, globals: dict[str, Any], slots: bool) -> FunctionType:
    """`dataclasses._init_fn`: `__init__(self, field, field=default...)` setting each field."""
    compiled = STDLIB["_init_fn"]
    assert compiled is not None
    made = None
    defaults = [f.default is not dataclasses.MISSING for f in fields]
    plain = all(f.init and not f.kw_only and f.default_factory is dataclasses.MISSING
                and f._field_type is dataclasses._FIELD for f in fields)  # type: ignore[attr-defined]
    # (defaults out of order are refused by dataclasses, naming the field: left to it)
    if plain and not kw_only_fields and list(std_fields) == list(fields) and defaults == sorted(defaults):
        key = ("init", frozen, has_post_init, self_name, slots, tuple(defaults))
        made = _init_shaped(key, fields, globals,
                            lambda stand_ins: compiled(stand_ins, stand_ins, [], frozen, has_post_init, self_name,
                                                       {}, slots))
    return made or compiled(fields, std_fields, kw_only_fields, frozen, has_post_init, self_name, globals, slots)


_CELLS = {"__dataclass_builtins_object__": object}     # what an __init__ of plain fields may refer to


def _init_shaped(key: tuple[Any, ...], fields: Sequence[dataclasses.Field[Any]], globals: dict[str, Any],
                 compile_with: Callable[[list[dataclasses.Field[Any]]], FunctionType]) -> FunctionType | None:
    """The `__init__` `compile_with(fields)` would compile, from the code compiled for the same shape
    with stand-in field names (each field copied, renamed); None where it would differ otherwise."""
    names = [f.name for f in fields]
    made = _SHAPES.get(key)
    if made is None:
        stand_ins = tuple(_STAND_IN.format(i) for i in range(len(fields)))
        copies = [copy.copy(f) for f in fields]
        for field, stand_in in zip(copies, stand_ins):
            field.name = stand_in
        made = _SHAPES[key] = (compile_with(copies).__code__, stand_ins)
    code, stand_ins = made
    own = dict(zip(stand_ins, names))
    used = {*code.co_names, *code.co_varnames, *code.co_freevars, *(c for c in code.co_consts if isinstance(c, str))}
    if "__builtins__" not in globals or not set(names).isdisjoint(used - set(stand_ins)) \
            or not set(code.co_freevars) <= _CELLS.keys():
        return None

    def put(values: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(own.get(v, v) if isinstance(v, str) else v for v in values)

    code = code.replace(co_names=put(code.co_names), co_varnames=put(code.co_varnames), co_consts=put(code.co_consts))
    values = tuple(f.default for f in fields if f.default is not dataclasses.MISSING)
    closure = tuple(CellType(_CELLS[name]) for name in code.co_freevars)
    method = FunctionType(code, globals, None, values or None, closure or None)
    method.__annotations__ = {**{f.name: f.type for f in fields}, "return": None}
    return method


OURS: dict[str, Callable[..., Any]] = {"_repr_fn": repr_method, "_frozen_get_del_attr": frozen_methods,
                                      "_cmp_fn": compare_method, "_hash_fn": hash_method, "_init_fn": init_method}


def install() -> None:
    """Have `dataclasses` make these methods as above, where it compiles each one (3.11, 3.12)."""
    if sys.version_info[:2] in ((3, 11), (3, 12)) and hasattr(dataclasses, "_recursive_repr") \
            and None not in STDLIB.values():
        for name, method in OURS.items():
            setattr(dataclasses, name, method)
