"""`quick_init` gives a frozen event class an `__init__` made from code shared by every class with
the same pattern of defaults: each class's must still take its own field names and defaults, and
build what the dataclass's own `__init__` builds, refusing the same calls with the same words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from pnp.engine.events import GameEvent, quick_init

SHARED = ("shared",)


def pair(make: Any) -> tuple[type, type]:
    return quick_init(make()), make()


def moved() -> type:
    @dataclass(frozen=True)
    class Moved(GameEvent):
        kind = "move"
        player: str
        src: str
        dst: str
        count: int = 1
        tags: tuple[str, ...] = SHARED
    return Moved


def paid() -> type:                      # the same shape, other names: code shared, names its own
    @dataclass(frozen=True)
    class Paid(GameEvent):
        kind = "paid"
        who: str
        coins: str
        why: str
        times: int = 7
        note: tuple[str, ...] = ()
    return Paid


CALLS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    (("red", "b2", "c2"), {}), (("red", "b2", "c2", 3), {}), (("red",), {"src": "a", "dst": "b", "tags": ("x",)}),
    ((), {"player": "p", "src": "s", "dst": "d", "count": 0}), (("red", "b2"), {}), (("a", "b", "c", 1, (), 9), {}),
    (("a", "b", "c"), {"colour": "red"}), (("a", "b", "c"), {"src": "again"}),
]


@pytest.mark.parametrize("make", [moved, paid])
def test_quick_init_builds_and_refuses_as_the_dataclass_does(make: Any) -> None:
    quick, plain = pair(make)
    assert quick.__init__ is not plain.__init__
    names = list(plain.__dataclass_fields__)
    for args, kwargs in CALLS:
        kwargs = {names[["player", "src", "dst", "count", "tags"].index(k)] if k in
                  ("player", "src", "dst", "count", "tags") else k: v for k, v in kwargs.items()}
        try:
            expected: Any = plain(*args, **kwargs)
        except TypeError as exc:
            with pytest.raises(TypeError) as got:
                quick(*args, **kwargs)
            assert str(got.value) == str(exc)
            continue
        made = quick(*args, **kwargs)
        assert repr(made) == repr(expected) and made.data == expected.data
        assert vars(made) == {n: getattr(expected, n) for n in names}
        assert hash(made) == hash(quick(*args, **kwargs))
    assert quick.__init__.__qualname__ == f"{quick.__qualname__}.__init__"
    assert quick.__init__.__defaults__ == plain.__init__.__defaults__
    assert quick(*("a", "b", "c"))[names[4]] is plain("a", "b", "c")[names[4]]


def test_classes_of_one_shape_keep_their_own_names() -> None:
    moved_q, paid_q = quick_init(moved()), quick_init(paid())
    assert moved_q.__init__.__code__.co_code == paid_q.__init__.__code__.co_code
    assert vars(moved_q("r", "s", "d")) == {"player": "r", "src": "s", "dst": "d", "count": 1, "tags": SHARED}
    assert vars(paid_q("r", "s", "d")) == {"who": "r", "coins": "s", "why": "d", "times": 7, "note": ()}
