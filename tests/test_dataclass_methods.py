"""pnp.dataclass_methods makes a dataclass's methods without compiling them for each class; they
must behave as the methods `dataclasses` compiles: each case below is run on a class made each way.
`__init__`, `__eq__`, the order methods and `__hash__` must be the code `dataclasses` compiles."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from pnp import dataclass_methods

pytestmark = pytest.mark.skipif(sys.version_info[:2] not in ((3, 11), (3, 12)),
                                reason="installed only where dataclasses compiles every method")


@pytest.fixture(autouse=True, scope="module")
def installed() -> Iterator[None]:
    """pnp's methods, as the `pnp` command installs them, for this module's tests only."""
    dataclass_methods.install()
    try:
        yield
    finally:
        for name, stdlib in dataclass_methods.STDLIB.items():
            setattr(dataclasses, name, stdlib)


def test_the_command_installs_them_and_a_library_import_does_not():
    """`pnp` (pnp.cli) uses pnp's methods; a program that only imports pnp keeps the standard library's."""
    probe = "import dataclasses, {0}; print(dataclasses._init_fn.__module__)"
    made_by = {module: subprocess.run([sys.executable, "-c", probe.format(module)], capture_output=True,
                                      text=True, check=True).stdout.strip()
               for module in ("pnp", "pnp.model", "pnp.cli")}
    assert made_by == {"pnp": "dataclasses", "pnp.model": "dataclasses", "pnp.cli": "pnp.dataclass_methods"}


@contextmanager
def compiled() -> Iterator[None]:
    """`dataclasses` as the standard library has it, for the classes made inside."""
    assert all(getattr(dataclasses, name) is ours for name, ours in dataclass_methods.OURS.items()), "pnp installs them"
    for name, stdlib in dataclass_methods.STDLIB.items():
        setattr(dataclasses, name, stdlib)
    try:
        yield
    finally:
        for name, ours in dataclass_methods.OURS.items():
            setattr(dataclasses, name, ours)


def both(make: Callable[[], type]) -> tuple[type, type]:
    """The class `make` makes, made with pnp's methods and with compiled ones."""
    ours = make()
    with compiled():
        theirs = make()
    assert "__create_fn__" in theirs.__repr__.__wrapped__.__qualname__      # type: ignore[attr-defined]
    assert "__create_fn__" not in ours.__repr__.__wrapped__.__qualname__    # type: ignore[attr-defined]
    return ours, theirs


def outcome(action: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[str, str]:
    try:
        return "ok", repr(action(*args, **kwargs))
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


def _same_function(a: Any, b: Any, mine: type) -> None:
    # the same code but for the columns kept for tracebacks (which show none: no source is kept)
    assert a.__code__.replace(co_linetable=b"") == b.__code__.replace(co_linetable=b""), mine
    assert list(a.__code__.co_lines()) == list(b.__code__.co_lines())
    assert (a.__qualname__, a.__name__, a.__module__, a.__doc__, a.__defaults__, a.__kwdefaults__) == \
           (b.__qualname__, b.__name__, b.__module__, b.__doc__, b.__defaults__, b.__kwdefaults__)
    assert list(a.__annotations__.items()) == list(b.__annotations__.items())
    assert [c.cell_contents for c in a.__closure__ or ()] == [c.cell_contents for c in b.__closure__ or ()]
    assert a.__globals__ is b.__globals__


def test_init_is_the_code_dataclasses_compiles() -> None:
    marker = object()
    kinds: list[tuple[dict[str, Any], dict[str, Any], tuple[Any, ...]]] = [
        ({}, {"a": int, "b": "str"}, (1, "x")),
        ({"frozen": True}, {"a": int, "b": "str"}, (1, "x")),
        ({"frozen": True}, {"a": int, "b": float, "c": tuple}, (1,)),          # b and c default
        ({}, {}, ()),
        ({"frozen": True}, {"self": int, "object": str}, (1, "o")),           # names the code uses itself
        ({"frozen": True, "slots": True}, {"q": int, "r": int}, (3, 4)),
        ({"frozen": True}, {"a": int, "items": list}, (1,)),                   # a default factory: compiled
        ({}, {"a": int, "b": int}, (1, 2)),                                    # and with __post_init__
    ]
    defaults: dict[str, Any] = {"b": 2.5, "c": (marker,), "items": dataclasses.field(default_factory=list)}
    def shapes() -> list[type]:
        made = []
        for i, (options, hints, _args) in enumerate(kinds):
            ns: dict[str, Any] = {"__annotations__": hints, "__module__": __name__, "__qualname__": f"K{i}"}
            ns.update({k: v for k, v in defaults.items() if k in hints and (k != "b" or i == 2)})
            if i == 7:
                ns["__post_init__"] = lambda self: setattr(self, "seen", True)
            made.append(dataclasses.dataclass(**options)(type(f"K{i}", (), ns)))
        return made
    ours = shapes()
    with compiled():
        theirs = shapes()
    for (_options, _annotations, args), mine, std in zip(kinds, ours, theirs):
        _same_function(mine.__init__, std.__init__, mine)
        a, b = mine(*args), std(*args)
        assert repr(a).replace(mine.__qualname__, "K") == repr(b).replace(std.__qualname__, "K")
        assert vars(a) == vars(b) if hasattr(a, "__dict__") else (a.q, a.r) == (b.q, b.r)
        assert mine.__doc__ == std.__doc__
    assert outcome(ours[0]) == outcome(theirs[0]) and outcome(ours[0], 1, "x", 3) == outcome(theirs[0], 1, "x", 3)
    assert outcome(ours[0], 1, c=2) == outcome(theirs[0], 1, c=2)
    assert ours[7](1, 2).seen and ours[2](1).c[0] is marker


def test_a_default_before_a_plain_field_is_refused_with_its_name() -> None:
    def bad() -> Any:
        ns = {"__annotations__": {"early": int, "late": int}, "early": 1, "__module__": __name__}
        return dataclasses.dataclass(type("Bad", (), ns))
    mine = outcome(bad)
    with compiled():
        theirs = outcome(bad)
    assert mine == theirs == ("TypeError", "non-default argument 'late' follows default argument")
