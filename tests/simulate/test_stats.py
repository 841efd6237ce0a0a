"""Confidence intervals on known inputs, and the measures a report draws from hand-made records."""

from __future__ import annotations

import math

import pytest

from pnp.simulate.run import GameRecord, Spec
from pnp.simulate.stats import aggregate, mean_interval, wilson


@pytest.mark.parametrize("k, n, low, high", [
    # Wilson score intervals at 95 %, worked out by hand from (p + z²/2n ± z·√(p(1-p)/n + z²/4n²)) / (1 + z²/n)
    (5, 10, 0.2366, 0.7634),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (1, 20, 0.0089, 0.2361),
    (50, 100, 0.4038, 0.5962),
])
def test_wilson_interval_on_known_counts(k, n, low, high):
    iv = wilson(k, n)
    assert iv.value == pytest.approx(k / n)
    assert iv.low == pytest.approx(low, abs=1e-4)
    assert iv.high == pytest.approx(high, abs=1e-4)


def test_wilson_interval_narrows_with_more_games_and_stays_in_0_1():
    small, large = wilson(30, 60), wilson(300, 600)
    assert large.high - large.low < small.high - small.low
    for k in range(0, 11):
        iv = wilson(k, 10)
        assert 0.0 <= iv.low <= iv.value <= iv.high <= 1.0


def test_mean_interval_is_mean_plus_minus_z_standard_error():
    values = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]     # mean 5, sample sd sqrt(32/7)
    iv = mean_interval(values)
    half = 1.959963984540054 * math.sqrt(32 / 7) / math.sqrt(8)
    assert iv.value == 5.0
    assert (iv.low, iv.high) == (pytest.approx(5 - half), pytest.approx(5 + half))


def _record(i: int, winner: str | None, rounds: int, plays: list[tuple[str, str]]) -> GameRecord:
    seats = ("ann", "bo")
    returns = {p: (0.0 if winner is None else (1.0 if p == winner else -1.0)) for p in seats}
    return GameRecord(i, i + 1, seats, returns, None, rounds, rounds * 2, True, plays)


def test_report_counts_wins_draws_first_player_length_and_cards():
    # ann wins 3, bo 1, one draw; ann plays card "7" in games 0-3 and wins three of them (not game 3);
    # bo plays "x" once, in a game ann wins
    records = [_record(0, "ann", 10, [("ann", "7")]), _record(1, "ann", 12, [("ann", "7"), ("ann", "7")]),
               _record(2, "ann", 8, [("ann", "7"), ("bo", "x")]), _record(3, "bo", 10, [("ann", "7")]),
               _record(4, None, 10, [])]
    report = aggregate(Spec("g", 2, (), "random"), records)
    assert report.find("seat", "ann", "win rate").value == pytest.approx(3 / 5)
    assert report.find("seat", "bo", "win rate").value == pytest.approx(1 / 5)
    assert report.find("seat", "(none)", "draw rate").value == pytest.approx(1 / 5)
    assert report.find("first-player", "ann", "advantage over 1/N").value == pytest.approx(3 / 5 - 1 / 2)
    assert report.find("length", "rounds", "mean").value == pytest.approx(10.0)
    seven = report.find("card", "7", "win rate when played")
    assert (seven.value, seven.n) == (pytest.approx(3 / 4), 4)      # 4 (game, player) cases, 3 won
    assert report.find("card", "7", "win rate when played").low < 3 / 4 < seven.high
    assert report.find("card", "7", "plays per game").value == pytest.approx(5 / 5)
    assert report.find("card", "7", "games played").value == pytest.approx(4 / 5)
    assert report.find("card", "x", "win rate when played").value == 0.0


def test_a_shared_victory_counts_for_every_winner_and_is_no_draw():
    # Four seats in two teams: a team's win gives both its seats the best return.
    seats = ("a", "b", "c", "d")
    team_ac = {"a": 1.0, "b": -1.0, "c": 1.0, "d": -1.0}
    solo_b = {"a": -1.0, "b": 1.0, "c": -1.0, "d": -1.0}
    nobody = dict.fromkeys(seats, 0.0)
    records = [GameRecord(i, i, seats, dict(r), None, 5, 9, True, [("a", "k")]) for i, r in
               enumerate([team_ac, team_ac, solo_b, nobody])]
    report = aggregate(Spec("g", 4, (), "random"), records)
    assert report.find("seat", "a", "win rate").value == pytest.approx(2 / 4)
    assert report.find("seat", "c", "win rate").value == pytest.approx(2 / 4)
    assert report.find("seat", "b", "win rate").value == pytest.approx(1 / 4)
    assert report.find("seat", "(none)", "draw rate").value == pytest.approx(1 / 4)
    assert report.find("seat", "(several)", "shared win rate").value == pytest.approx(2 / 4)
    assert report.find("card", "k", "win rate when played").value == pytest.approx(2 / 4)
