"""How many seeded games the slow random-playout tests play.

The counts in the tests are sized so that the whole suite stays inside CI's time budget on two cores.
A longer soak multiplies every count: ``PNP_SOAK=4 pytest -m slow`` (``nox -s soak``) plays four
times as many games with the same seeds first, so a failure found in CI replays under any soak.
"""

import os


def soak() -> int:
    """The multiplier from PNP_SOAK (default 1); a value that is not a positive whole number is an error,
    not a silent 1, so a mistyped soak never passes as a long run."""
    raw = os.environ.get("PNP_SOAK", "1")
    if not raw.isdigit() or int(raw) < 1:
        raise ValueError(f"PNP_SOAK={raw!r}: expected a whole number of at least 1")
    return int(raw)


def games(n: int) -> int:
    """`n` seeded games, times the soak multiplier."""
    return n * soak()


def chunks(total: int, parts: int) -> list[range]:
    """`total` seeds split into `parts` ranges, so that pytest-xdist can spread them over its workers.

    >>> chunks(10, 4)
    [range(0, 3), range(3, 6), range(6, 9), range(9, 10)]
    """
    size = -(-total // parts)
    return [range(start, min(start + size, total)) for start in range(0, total, size)]
