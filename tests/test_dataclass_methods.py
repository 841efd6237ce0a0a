"""pnp.dataclass_methods makes five of a dataclass's methods without compiling them for each class;
they must behave as the methods `dataclasses` compiles: each case below is run on a class made each
way. `__eq__`, the order methods and `__hash__` must be the code `dataclasses` compiles."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from pnp import dataclass_methods

pytestmark = pytest.mark.skipif(sys.version_info[:2] not in ((3, 11), (3, 12)),
                                reason="installed only where dataclasses compiles every method")


@contextmanager
def compiled() -> Iterator[None]:
    """`dataclasses` as the standard library has it, for the classes made inside."""
    ours = tuple(getattr(dataclasses, name) for name in HOOKS)
    assert ours == (dataclass_methods.repr_method, dataclass_methods.frozen_methods,
                    dataclass_methods.compare_method, dataclass_methods.hash_method), "pnp installs them"
    for name, stdlib in zip(HOOKS, STDLIB):
        setattr(dataclasses, name, stdlib)
    try:
        yield
    finally:
        for name, mine in zip(HOOKS, ours):
            setattr(dataclasses, name, mine)


HOOKS = ("_repr_fn", "_frozen_get_del_attr", "_cmp_fn", "_hash_fn")


def _stdlib() -> tuple[Any, ...]:
    """The standard library's own functions, from a fresh copy of the module."""
    import importlib.util
    spec = importlib.util.find_spec("dataclasses")
    assert spec is not None and spec.loader is not None
    fresh = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fresh)
    return tuple(getattr(fresh, name) for name in HOOKS)


STDLIB = _stdlib()


def both(make: Callable[[], type]) -> tuple[type, type]:
    """The class `make` makes, made with pnp's methods and with compiled ones."""
    ours = make()
    with compiled():
        theirs = make()
    assert "__create_fn__" in theirs.__repr__.__wrapped__.__qualname__      # type: ignore[attr-defined]
    assert "__create_fn__" not in ours.__repr__.__wrapped__.__qualname__    # type: ignore[attr-defined]
    return ours, theirs


def outcome(action: Callable[..., Any], *args: Any) -> tuple[str, str]:
    try:
        return "ok", repr(action(*args))
    except Exception as exc:     # the error and its message are what must match
        return type(exc).__name__, str(exc)


def record() -> type:
    @dataclasses.dataclass(frozen=True)
    class Record:
        name: str
        score: float = 0.5
        tags: tuple[str, ...] = ()
        hidden: int = dataclasses.field(default=0, repr=False)
    return Record


def empty() -> type:
    @dataclasses.dataclass(frozen=True)
    class Empty:
        pass
    return Empty


def mutable() -> type:
    @dataclasses.dataclass
    class Node:
        label: str
        children: list[Any] = dataclasses.field(default_factory=list)
    return Node


def test_repr_is_the_same_text() -> None:
    for make, args in ((record, ("a'b", float("nan"), ("x",), 3)), (empty, ()), (mutable, ("n", [1, "2"]))):
        ours, theirs = both(make)
        assert repr(ours(*args)) == repr(theirs(*args)) and str(ours(*args)) == str(theirs(*args))
        assert ours.__repr__.__qualname__ == theirs.__repr__.__qualname__ == f"{make().__qualname__}.__repr__"
    ours, theirs = both(record)
    assert repr(ours("p")) == "record.<locals>.Record(name='p', score=0.5, tags=())"
    assert repr(ours("p")) == repr(theirs("p")).replace(theirs.__qualname__, ours.__qualname__)


def test_a_recursive_repr_stops_the_same_way() -> None:
    ours, theirs = both(mutable)
    texts = []
    for cls in (ours, theirs):
        node = cls("loop")
        node.children.append(node)
        texts.append(repr(node))
    assert texts[0] == texts[1] == "mutable.<locals>.Node(label='loop', children=[...])"


def test_a_frozen_record_refuses_the_same_changes() -> None:
    ours, theirs = both(record)
    changes: list[Callable[[Any], Any]] = [
        lambda r: setattr(r, "name", "b"), lambda r: setattr(r, "other", 1),
        lambda r: delattr(r, "score"), lambda r: delattr(r, "missing"),
        lambda r: object.__setattr__(r, "name", "c"), lambda r: dataclasses.replace(r, score=2.0),
    ]
    for change in changes:
        a, b = ours("a"), theirs("a")
        assert outcome(change, a) == outcome(change, b)
        assert repr(a) == repr(b).replace(theirs.__qualname__, ours.__qualname__)
    assert outcome(setattr, ours("a"), "name", "b") == ("FrozenInstanceError", "cannot assign to field 'name'")
    assert ours.__setattr__.__qualname__ == theirs.__setattr__.__qualname__
    assert ours.__delattr__.__qualname__ == theirs.__delattr__.__qualname__


def test_a_subclass_keeps_its_own_names_and_not_the_fields() -> None:
    ours, theirs = both(record)
    results = []
    for cls in (ours, theirs):
        sub = type("Sub", (cls,), {})     # not a dataclass: its own names may change, the fields may not
        item = sub("a")
        results.append([outcome(setattr, item, "note", 1), outcome(getattr, item, "note"),
                        outcome(delattr, item, "note"), outcome(setattr, item, "name", "z"),
                        outcome(delattr, item, "tags")])
    assert results[0] == results[1]
    assert results[0][1] == ("ok", "1") and results[0][3][0] == "FrozenInstanceError"


def test_slotted_and_empty_frozen_classes() -> None:
    def slotted() -> type:
        @dataclasses.dataclass(frozen=True, slots=True)
        class Point:
            q: int
            r: int
        return Point
    for make in (slotted, empty):
        ours, theirs = both(make)
        args = (1, 2) if make is slotted else ()
        for change in (lambda p: setattr(p, "q", 5), lambda p: setattr(p, "extra", 5), lambda p: delattr(p, "q")):
            a, b = ours(*args), theirs(*args)
            assert outcome(change, a) == outcome(change, b)
        assert hash(ours(*args)) == hash(theirs(*args)) and ours(*args) == ours(*args)


def test_eq_order_and_hash_are_the_code_dataclasses_compiles() -> None:
    def shapes() -> list[type]:
        made: list[type] = []
        for names in ([], ["x"], ["q", "r"], ["self", "other", "hash"], ["NotImplemented", "b"],
                      ["__pnp_field_1__", "a"], list("abcdefghijkl")):
            ns = {"__annotations__": dict.fromkeys(names, "int"), "__module__": __name__, "__qualname__": "Shape"}
            made.append(dataclasses.dataclass(frozen=True, order=True)(type("Shape", (), ns)))
        ns = {"__annotations__": {"a": "int", "b": "int"}, "b": dataclasses.field(default=0, compare=False)}
        made.append(dataclasses.dataclass(frozen=True)(type("Partly", (), {**ns, "__module__": __name__})))
        made.append(dataclasses.dataclass(unsafe_hash=True)(type("Unsafe", (), {**ns, "__module__": __name__})))
        return made
    ours = shapes()
    with compiled():
        theirs = shapes()
    for mine, std in zip(ours, theirs):
        for method in ("__eq__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__"):
            a, b = getattr(mine, method, None), getattr(std, method, None)
            if b is None or method not in vars(std):
                assert method not in vars(mine)
                continue
            # the same code but for the columns kept for tracebacks (which show none: no source is kept)
            assert a.__code__.replace(co_linetable=b"") == b.__code__.replace(co_linetable=b""), method
            assert list(a.__code__.co_lines()) == list(b.__code__.co_lines())
            assert (a.__qualname__, a.__name__, a.__module__, a.__defaults__, a.__closure__) == \
                   (b.__qualname__, b.__name__, b.__module__, b.__defaults__, b.__closure__)
            assert a.__globals__ is b.__globals__ is vars(sys.modules[__name__])
        fields = len(dataclasses.fields(mine))
        x, y = mine(*range(fields)), mine(*range(1, fields + 1))
        u, v = std(*range(fields)), std(*range(1, fields + 1))
        assert (x == y, x == x, x != y) == (u == v, u == u, u != v)
        if "__hash__" in vars(std) and std.__hash__ is not None:
            assert hash(x) == hash(u) and hash(y) == hash(v)
    assert ours[2](1, 2) == ours[2](1, 2) and ours[2](1, 2) < ours[2](1, 3)
