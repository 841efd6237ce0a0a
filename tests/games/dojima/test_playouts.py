"""Random and bot playouts of Dôjima for every player count and mode, with invariants checked after
every action: tracks within their limits, Ryô conserved between reserve, box and players, every
advisor in exactly one place; and the same seed playing the same game."""

import random

import pytest

from pnp.games.dojima.rules import MAX_RICE, MAX_WATER, DojimaState
from tests.soak import chunks, games

from .helpers import GAME, MODULE

# The Ryô the kit prints (pieces.toml: ryo-<value> tokens): the box, the reserve and the players share them.
PRINTED_RYO = sum(int(p.kanji) * (p.count or 0) for p in GAME.pieces_file.pieces if p.id.startswith("ryo"))

MODES = [(2, ()), (3, ()), (4, ()), (5, ()), (6, ()), (3, ("dice-first",)), (6, ("dice-first",)),
         (4, ("short-game",)), (5, ("dice-first", "short-game"))]
EVERY_MODE = [(2, ())] + [(n, o) for n in range(3, 7) for o in ((), ("dice-first",), ("short-game",))] + [
    (n, ("dice-first", "short-game")) for n in range(3, 7)]
# The modes the fast loop (-m "not slow") plays: every player count, each option alone and both together,
# the two-player game's own rules. The others run the same code with another count or option; CI plays them.
FAST_MODES = [(2, ()), (3, ("dice-first",)), (4, ("short-game",)), (5, ("dice-first", "short-game")), (6, ())]


def fast_first(modes):
    """`modes` as parameters, those outside FAST_MODES marked slow."""
    return [pytest.param(*m, id=str(m), marks=() if m in FAST_MODES else pytest.mark.slow) for m in modes]


def invariants(s: DojimaState) -> None:
    assert all(0 <= v <= MAX_WATER for v in s.water.values()), s.water
    assert all(0 <= v <= MAX_RICE for v in s.rice.values()), s.rice
    assert s.reserve + s.box + sum(s.ryo.values()) == s.rules.supply == PRINTED_RYO
    assert s.reserve >= 0 and s.box >= 0
    if not s.two:
        # every advisor is in a hand, in the deck being passed or face down (once the draft began)
        places = list(s.hand.values()) + list(s.pool) + ([s.hidden] if s.hidden else [])
        if places:
            assert sorted(places) == sorted(s.advisors), places
    elif s.pyramid:
        assert sorted(s.pyramid) == sorted(s.advisors)


def playout(players, options, seed, policy="random", check=True):
    state = MODULE.new_state(GAME, MODULE.settings(GAME, players, options, seed))
    choose = MODULE.policy(policy)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(choose(state, rng))
        if check:
            invariants(state)
    return state


@pytest.mark.parametrize("players,options", fast_first(MODES))
def test_random_games_keep_the_invariants_and_end(players, options):
    for seed in range(12):
        s = playout(players, options, seed)
        assert s.over and s.winners
        assert s.season_name == "winter" and s.reserve == 0


@pytest.mark.parametrize("players,options", MODES, ids=lambda m: str(m))
def test_bot_games_end_and_replay_from_their_notation(players, options):
    for seed in range(3):
        s = playout(players, options, seed, policy="bot")
        assert s.over
        text = MODULE.write(s, MODULE.settings(GAME, players, options, seed), "t", "d")
        t = MODULE.replay(GAME, text, "t.toml")
        assert t.state.ryo == s.ryo and t.state.winners == s.winners
        assert MODULE.write(t.state, MODULE.settings(GAME, players, options, seed), "t", "d") == text


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_same_seed_plays_the_same_game(players):
    settings = MODULE.settings(GAME, players, (), seed=17)
    assert MODULE.bot_notation(GAME, settings) == MODULE.bot_notation(GAME, settings)
    other = MODULE.bot_notation(GAME, MODULE.settings(GAME, players, (), seed=18))
    assert other != MODULE.bot_notation(GAME, settings)


SEEDS = chunks(games(1000), 2)


@pytest.mark.slow
@pytest.mark.parametrize("seeds", SEEDS, ids=[f"seeds{r.start}-{r.stop - 1}" for r in SEEDS])
@pytest.mark.parametrize("players", sorted({n for n, _ in EVERY_MODE}))
def test_a_thousand_random_games_per_player_count_through_every_mode(players, seeds):
    """At least 1,000 random games for every player count and for every mode (issue 13): each count
    plays 1,000 seeds, cycling through the modes it allows, so each of the four modes of 3 to 6
    players gets 250 games at every count, 1,000 in all.

    Four seeds in ten are played one action at a time through `apply_action` with the invariants
    checked after every action; the others through `random_game`, the fast path `pnp simulate`
    takes, which plays the very same game (tests/games/dojima/test_random_game.py), with the
    invariants checked at its end. The fast path is about six times quicker, and these playouts
    were a fifth of the whole suite's time on two cores."""
    modes = [options for n, options in EVERY_MODE if n == players]
    for seed in seeds:
        options = modes[seed % len(modes)]
        if seed % 10 < 4:
            s = playout(players, options, seed)
        else:
            s = MODULE.new_state(GAME, MODULE.settings(GAME, players, options, seed))
            s.random_game(random.Random(seed))
        invariants(s)
        assert s.over and s.winners, (players, options, seed)


def test_every_mode_gets_a_thousand_games_across_the_counts():
    played: dict[tuple[str, ...], int] = {}
    for players in sorted({n for n, _ in EVERY_MODE}):
        modes = [options for n, options in EVERY_MODE if n == players]
        for seed in range(1000):
            played[modes[seed % len(modes)]] = played.get(modes[seed % len(modes)], 0) + 1
    assert set(played) == {o for _, o in EVERY_MODE} and min(played.values()) >= 1000
