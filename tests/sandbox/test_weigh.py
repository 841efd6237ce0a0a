"""`weigh` keeps a Record's weight once it has counted all of it: over many generated plain values
and limits, weighed again and again (kept weights used, or too large to use), it must give what
counting every item each time gives, the partial total of a stopped count included."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from pnp.sandbox.plain import Record, plain
from pnp.sandbox.template import weigh


def counted(value: Any, limit: int) -> int:
    """`weigh` as it was before it kept weights: every item counted, every time."""
    total, stack = 0, [value]
    while stack:
        v = stack.pop()
        if type(v) is int:
            total += v.bit_length() // 3 + 1
        elif type(v) is float or type(v) is bool or v is None:
            total += 4
        elif isinstance(v, str):
            total += len(v) + 2
        elif isinstance(v, (list, tuple)):
            total += 2 + len(v)
            stack.extend(v)
        elif isinstance(v, Mapping):
            total += 2 + 2 * len(v)
            stack.extend(v.keys())
            stack.extend(v.values())
        else:
            total += 4
        if total > limit:
            return total
    return total


def made(rng: random.Random, depth: int, shared: list[Any]) -> Any:
    kind = rng.random()
    if shared and kind < 0.1:
        return rng.choice(shared)          # one Record in several places, as plain shares them
    if depth > 3 or kind < 0.4:
        return rng.choice((0, 7, 10**30, -5, 1.5, True, None, "", "word", "x" * rng.randint(0, 300)))
    if kind < 0.6:
        return tuple(made(rng, depth + 1, shared) for _ in range(rng.randint(0, 6)))
    record = plain({f"k{i}": made(rng, depth + 1, shared) for i in range(rng.randint(0, 6))})
    shared.append(record)
    return record


def test_kept_weights_give_the_totals_of_counting_every_item() -> None:
    rng = random.Random(36)
    used = 0
    for _ in range(400):
        shared: list[Any] = []
        value = made(rng, 0, shared)
        for _ in range(4):
            limit = rng.choice((0, 5, 50, 200, 1000, 10_000, 2_000_000))
            assert weigh(value, limit) == counted(value, limit), (value, limit)
            used += sum(r._weight is not None for r in shared if isinstance(r, Record))
        assert weigh(value) == counted(value, 2_000_000)
    assert used > 500, "Records weighed whole should keep their weight"


def test_a_record_weighed_whole_keeps_its_weight_and_a_stopped_count_keeps_none() -> None:
    record = plain({"name": "x" * 100, "sizes": (1, 2, 3)})
    assert record._weight is None
    assert weigh(record, 10) == counted(record, 10) and record._weight is None     # stopped: nothing kept
    assert weigh(record) == counted(record, 2_000_000) == record._weight
    pieces = (record,) * 50
    assert weigh(pieces) == counted(pieces, 2_000_000)
    assert weigh(pieces, 3000) == counted(pieces, 3000) > 3000
