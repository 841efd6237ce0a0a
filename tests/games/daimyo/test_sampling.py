"""`DaimyoState.sample_action` draws what `rng.choice(legal_actions())` draws (the same game for the
same seed, and a legal action), in basic and advanced games of 2-4 players."""

import random
from dataclasses import replace

import pytest

from pnp.games.daimyo.rules import DaimyoState
from pnp.games.daimyo.state import Options, Rules
from pnp.model import load_game
from pnp.paths import cards_dir

GAME = load_game(cards_dir() / "daimyo")
ADVANCED = dict(balanced=True, fortifications=True, inaccessible=True, formation=True, special=True, mastery=True)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("advanced", [False, True])
def test_a_sampled_action_is_the_one_a_choice_among_the_legal_actions_gives(players: int, advanced: bool) -> None:
    kinds = set()
    for seed in range(4):
        extra = dict(ADVANCED, teams=players == 4) if advanced else {}
        state = DaimyoState(Rules(GAME, replace(Options(players=players, round_cap=12, **extra), seed=seed)))
        rng = random.Random(seed)
        while not state.is_terminal():
            listed = state.legal_actions()
            before = rng.getstate()
            expected = rng.choice(listed)
            after = rng.getstate()
            rng.setstate(before)
            drawn = state.sample_action(rng)
            assert drawn == expected and rng.getstate() == after, (seed, state.decision(), drawn, expected)
            d = state.decision()
            assert d is not None
            kinds.add(d.kind if d.card is None else state.kind(d.card, d.player))
            state.apply_action(drawn)
    drawn_by_counting = {"play", "bushi-move", "han-move", "new-han", "bushi-recruitment", "daimyo-move"}
    assert drawn_by_counting | ({"pass"} if players > 2 else set()) <= kinds
    assert not advanced or {"strategy", "diplomacy"} <= kinds       # the Mastery interludes



def test_the_resolution_order_is_the_engines_priority_order_by_printed_priority() -> None:
    from pnp.engine import priority_order

    state = DaimyoState(Rules(GAME, Options(players=4, seed=1)))
    rng = random.Random(5)
    cards = sorted(state.rules.cards)
    for _ in range(200):
        drawn = rng.sample(cards, 8)
        chosen = {clan: tuple(drawn[2 * i:2 * i + 2]) for i, clan in enumerate(state.rules.clans)}
        expected = priority_order(chosen, key=lambda played: state.rules.priority[played[0]])
        assert state._resolution_order(chosen) == expected


def position_and_record(state: DaimyoState) -> tuple[object, ...]:
    """Everything a game of Daimyo holds that moves change, as values."""
    return (state.round, state.phase, state.winner, state.win_reason, state.tile_pos, state.tile_at,
            state.han_reserve, state.bushi, state.ronin, state.daimyo, state.area, state.ronin_free, state.touched,
            state.hand, state.reserve, state.queue, state.passed, state.history, state.mastery, state.revealed,
            state.barred_tile, state.commits.revealed() if state.commits.is_revealed else len(state.commits),
            state.chance.copy().rng.getstate(), state.setup_choices, state.cards_in_play)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("advanced", [False, True])
def test_random_game_leaves_the_game_the_move_by_move_loop_leaves(players: int, advanced: bool) -> None:
    """`random_game` builds no events for the round's stages and the basic effects (`Board.quiet`):
    the position and the record it leaves are those of `sample_action` + `apply_action`."""
    for seed in range(3):
        extra = dict(ADVANCED, teams=players == 4) if advanced else {}
        rules = Rules(GAME, replace(Options(players=players, round_cap=30, **extra), seed=seed))
        fast, slow = DaimyoState(rules), DaimyoState(rules)
        steps, _plays = fast.random_game(random.Random(seed))
        rng = random.Random(seed)
        moves = 0
        while not slow.is_terminal():
            slow.apply_action(slow.sample_action(rng))
            moves += 1
        assert steps == moves and not fast.quiet
        assert position_and_record(fast) == position_and_record(slow)
