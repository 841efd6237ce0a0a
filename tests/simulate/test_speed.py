"""The engine's fast random playout (`DaimyniState.random_playout`, which `pnp.engine.playout` uses for
random sweeps) plays by the rules: every game it records replays, choice by choice, through the checked
`apply_action` to the same position, and `pnp check` accepts its notation."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pnp.engine import playout
from pnp.games.daimyni.notation import replay, write
from pnp.games.daimyni.rules import DaimyniState, Rules, _builtin


@pytest.fixture(scope="module")
def rules() -> Rules:
    return Rules(_builtin())


def replayed(rules: Rules, fast: DaimyniState) -> DaimyniState:
    """The fast game's recorded choices applied one by one by the checked rules."""
    slow = DaimyniState(rules, fast.round_cap)
    for record in fast.history:
        for clan in rules.clans:
            if clan in record.plays:
                slow.apply_action(record.plays[clan])
        for number, clan, action in record.decisions:
            d = slow.decision()
            assert (d.card, d.player) == (number, clan)
            if action.__class__.__name__ == "MoveBushi" and action.count is None:
                action = type(action)(action.src, action.dst, slow.bushi[clan][action.src])
            slow.apply_action(action)
    return slow


def same_position(a: DaimyniState, b: DaimyniState) -> bool:
    return (a.round, a.phase, a.winner, a.bushi, a.daimyo, a.tanbo, a.area, a.hand, a.reserve, a.queue) == \
           (b.round, b.phase, b.winner, b.bushi, b.daimyo, b.tanbo, b.area, b.hand, b.reserve, b.queue)


@pytest.mark.parametrize("seed", range(40))
def test_fast_random_games_replay_through_the_checked_rules(rules, seed):
    fast = DaimyniState(rules, round_cap=60)
    playout(fast, random.Random(seed))
    assert fast.is_terminal()
    assert same_position(replayed(rules, fast), fast)


@pytest.mark.parametrize("steps", [1, 2, 3, 7, 50])
def test_a_playout_cut_short_stops_in_a_position_the_rules_continue(rules, steps):
    fast = DaimyniState(rules, round_cap=60)
    taken = fast.random_playout(random.Random(3), max_steps=steps)
    assert taken == steps
    slow = replayed(rules, fast)
    assert same_position(slow, fast)
    assert slow.decision() == fast.decision()
    fast.apply_action(fast.sample_action(random.Random(1)))     # and the game goes on from there


def test_fast_games_write_notation_that_replays(rules):
    fast = DaimyniState(rules, round_cap=30)
    playout(fast, random.Random(11))
    text = write(fast, title="fast", description="a random playout")
    again = replay(text, rules, "fast.toml")
    assert same_position(again.state, fast)


def test_fast_choices_are_uniform_like_sample_action(rules):
    # The first pair of cards a clan lays: every pair of its 9 cards about equally often (36 pairs).
    seen: Counter[tuple[int, ...]] = Counter()
    for seed in range(3600):
        s = DaimyniState(rules, round_cap=1)
        s.random_playout(random.Random(seed), max_steps=1)
        seen[s.commits.own(rules.clans[0])] += 1
    assert len(seen) == 36
    assert min(seen.values()) > 60 and max(seen.values()) < 145      # 100 expected each
