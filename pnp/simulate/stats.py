"""From game records to a table of measures, each with a 95 % confidence interval: Wilson's
interval for proportions (win rates, shares), the normal interval of a mean for averages
(scores, game length).

>>> iv = wilson(5, 10)
>>> round(iv.low, 4), round(iv.high, 4)
(0.2366, 0.7634)
>>> wilson(0, 0)
Interval(value=0.0, low=0.0, high=1.0)
>>> m = mean_interval([1.0, 2.0, 3.0])
>>> m.value, round(m.high - m.value, 4)
(2.0, 1.1316)
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from .run import GameRecord, Spec

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Interval:
    value: float
    low: float
    high: float


def wilson(successes: int, n: int, z: float = Z95) -> Interval:
    """The share `successes / n` with its Wilson score interval (sound near 0 and 1, unlike p ± z·se)."""
    if n == 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)        # exact ends: no rounding below 0 or 1
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Interval(p, min(low, p), max(high, p))


def mean_interval(values: Sequence[float], z: float = Z95) -> Interval:
    """The mean with its normal-approximation interval, mean ± z·s/√n (a point for fewer than two values)."""
    if not values:
        return Interval(0.0, 0.0, 0.0)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Interval(mean, mean, mean)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return Interval(mean, mean - half, mean + half)


@dataclass(frozen=True)
class Row:
    """One measure: `section` (seat, first-player, outcome, length, card...), what it is about, the
    measure's name, its value and 95 % interval, and how many games or cases it rests on."""

    section: str
    subject: str
    measure: str
    value: float
    low: float
    high: float
    n: int


@dataclass
class Report:
    spec: Spec
    games: int
    finished: int
    seats: tuple[str, ...]
    rows: list[Row] = field(default_factory=list)

    def add(self, section: str, subject: str, measure: str, iv: Interval, n: int) -> None:
        self.rows.append(Row(section, subject, measure, iv.value, iv.low, iv.high, n))

    def find(self, section: str, subject: str, measure: str) -> Row:
        for row in self.rows:
            if (row.section, row.subject, row.measure) == (section, subject, measure):
                return row
        raise KeyError((section, subject, measure))

    def section(self, name: str) -> list[Row]:
        return [r for r in self.rows if r.section == name]

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.spec.game, "players": self.spec.players, "options": list(self.spec.options),
                "policy": self.spec.policy, "seed": self.spec.seed, "budget": self.spec.budget,
                "games": self.games, "finished": self.finished, "seats": list(self.seats),
                "confidence": 0.95, "rows": [asdict(r) for r in self.rows]}


def aggregate(spec: Spec, records: Sequence[GameRecord]) -> Report:
    """Every measure of the simulation, from the records in index order."""
    n = len(records)
    seats = records[0].seats if records else ()
    report = Report(spec, n, sum(r.finished for r in records), seats)
    multi = len(seats) > 1
    winners = [r.winners for r in records]
    if multi:
        for seat in seats:
            report.add("seat", seat, "win rate", wilson(sum(seat in w for w in winners), n), n)
        report.add("seat", "(none)", "draw rate", wilson(sum(not w for w in winners), n), n)
        shared = sum(len(w) > 1 for w in winners)
        if shared:
            report.add("seat", "(several)", "shared win rate", wilson(shared, n), n)
        first = seats[0]
        share = 1 / len(seats)
        won = wilson(sum(first in w for w in winners), n)
        report.add("first-player", first, "win rate", won, n)
        report.add("first-player", first, "advantage over 1/N",
                   Interval(won.value - share, won.low - share, won.high - share), n)
    for seat in seats:
        values = [r.returns.get(seat, 0.0) for r in records]
        report.add("score", seat, "mean return", mean_interval(values), n)
        if values:
            ordered = sorted(values)
            report.add("score", seat, "min / median / max",
                       Interval(statistics.median(ordered), ordered[0], ordered[-1]), n)
    outcomes = Counter(r.outcome for r in records if r.outcome is not None)
    for name in sorted(outcomes, key=lambda k: (-outcomes[k], k)):
        report.add("outcome", name, "share", wilson(outcomes[name], n), n)
    report.add("length", "rounds", "mean", mean_interval([float(r.rounds) for r in records]), n)
    report.add("length", "decisions", "mean", mean_interval([float(r.decisions) for r in records]), n)
    report.add("length", "finished", "share", wilson(report.finished, n), n)
    _cards(report, records, multi)
    return report


def _cards(report: Report, records: Sequence[GameRecord], multi: bool) -> None:
    """How often each card (or kind of action) is played, in how many games, and how the player who
    played it fared: their win rate (several players; a shared win counts) or their mean return (one
    player)."""
    times: Counter[str] = Counter()
    in_games: Counter[str] = Counter()
    by_player: dict[str, list[GameRecord | None]] = defaultdict(list)
    returns: dict[str, list[float]] = defaultdict(list)
    counts = [Counter(label for _, label in r.plays) for r in records]
    for r in records:
        seen: set[tuple[str, str]] = set()
        for player, label in r.plays:
            times[label] += 1
            seen.add((player, label))
        for label in {label for _, label in seen}:
            in_games[label] += 1
        for player, label in sorted(seen):
            by_player[label].append(r if player in r.winners else None)
            returns[label].append(r.returns.get(player, 0.0))
    n = len(records)
    for label in sorted(times, key=_natural):
        report.add("card", label, "plays per game", mean_interval([float(c[label]) for c in counts]), n)
        report.add("card", label, "games played", wilson(in_games[label], n), n)
        cases = len(by_player[label])
        if multi:
            report.add("card", label, "win rate when played",
                       wilson(sum(x is not None for x in by_player[label]), cases), cases)
        else:
            report.add("card", label, "mean return when played", mean_interval(returns[label]), cases)


def _natural(label: str) -> tuple[int, int, str]:
    """Card numbers in number order, names after them in alphabetical order."""
    return (0, int(label), "") if label.isdigit() else (1, 0, label)
