"""A whole uniformly random Daimyni game as `pnp simulate --policy random` plays it, fast.

`DaimyniState.random_game` draws exactly what `sample_action` draws, in the same order from the
same generator, and changes the position as `apply_action` does, so a seed gives the very game
the loop of `random_choice` + `apply_action` gives (tests/simulate/test_random_game_digests.py pins
it). What it leaves out is what nobody reads in a sweep: `Decision` objects, checking a choice it
drew from the legal ones, and building the events of moves that fight no one. (`random_playout`,
which `pnp.engine.playout` uses, draws from the generator differently and so plays other games.)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .actions import CARDS_PLAYED, MoveBushi, MoveDaimyo, MoveTanbo, Pass, PlayCards, Recruit

if TYPE_CHECKING:           # (rules.py asks for this module: at run time the state brings what it needs)
    from .rules import DaimyniState

PASS, RECRUIT = Pass(), Recruit()
ONE = (None,)      # a choice among one action: `sample_action` still draws it from the generator


def random_game(state: DaimyniState, rng: random.Random, max_steps: int) -> tuple[int, list[tuple[str, str]]]:
    """Play `state` to its end (or `max_steps` decisions): the decisions taken, and (clan, card)
    for every card laid, as `pnp.simulate.run.labels` names them."""
    state._sampled = None
    rules = state.rules
    clans, adj, types = rules.clans, rules.adj, {n: info.type for n, info in rules.cards.items()}
    opponent = {clans[0]: clans[1], clans[1]: clans[0]}
    bushi, daimyo, area, hand, commits = state.bushi, state.daimyo, state.area, state.hand, state.commits
    plays: list[tuple[str, str]] = []
    sample, randrange, choice = rng.sample, rng.randrange, rng.choice
    made, made_plays = rules.made, rules.made_plays     # one object per distinct action (they are immutable)
    steps = 0
    while state.phase != "over" and steps < max_steps:
        if state.phase == "play":
            clan = commits.next_waiting()
            if clan is not None:
                # sample_action: a uniform pair of the hand; apply_action: laid face down.
                a, b = sample(sorted(hand[clan]), CARDS_PLAYED)
                pair = (a, b) if a < b else (b, a)
                plays.append((clan, str(pair[0])))
                plays.append((clan, str(pair[1])))
                hand[clan].difference_update(pair)
                state.history[-1].plays[clan] = made_plays.get(pair) or made_plays.setdefault(pair, PlayCards(pair))
                commits.commit(clan, pair)
                steps += 1
                if not commits.complete:
                    continue
                # Phase 2: Reserves back to hand; phase 3: reveal, lowest number first (numbers differ).
                for c in clans:
                    if state.reserve[c]:
                        hand[c].update(state.reserve[c])
                        state.reserve[c] = []
                commits.reveal_silently()
                state.queue = sorted((n, c) for c in clans for n in commits.own(c) or ())
                state.phase = "resolve"
            continue
        number, clan = state.queue.pop(0)
        steps += 1
        kind = types[number]
        if kind == "recruit-bushi" and area[clan] == 0:
            kind = "move-bushi"
        record = state.history[-1].decisions
        if kind == "move-bushi":
            # The same draw as sample_action: one number below (Bushi x open neighbours), cells in order.
            opens, own = rules.open_neighbours(state.tanbo), bushi[clan]
            total = 0
            for cell, n in own.items():
                total += n * len(opens[cell])
            if not total:
                record.append((number, clan, PASS))
            else:
                pick = randrange(total)
                for src, n in own.items():  # noqa: B007 (the cell the draw falls in)
                    weight = n * len(opens[src])
                    if pick < weight:
                        break
                    pick -= weight
                di, moved = divmod(pick, n)
                dst, moved = opens[src][di], moved + 1
                count = None if moved == n else moved     # every Bushi there is written without a count
                key: tuple[str, str, str | int | None] = (src, dst, count)
                record.append((number, clan, made.get(key) or made.setdefault(key, MoveBushi(src, dst, count))))
                if moved == n:
                    del own[src]
                else:
                    own[src] = n - moved
                enemy = opponent[clan]
                if dst in bushi[enemy] or daimyo[enemy] == dst:
                    state._combat(clan, enemy, dst, moved, (clan, number, state.round))
                else:
                    own[dst] = own.get(dst, 0) + moved
        elif kind == "move-tanbo":
            tanbo = state.tanbo
            free = [i for i in range(len(tanbo)) if i not in state.tanbo_moved]
            empty = state._empty_cells()
            if not free or not empty:
                record.append((number, clan, PASS))
            else:
                i, dst = choice(free), choice(empty)
                tkey: tuple[str, str, str | int | None] = ("T", tanbo[i], dst)
                record.append((number, clan, made.get(tkey) or made.setdefault(tkey, MoveTanbo(tanbo[i], dst))))
                tanbo[i] = dst
                state.tanbo_moved.add(i)
        elif kind == "recruit-bushi":
            choice(ONE)            # a draw among one action still takes bits from the generator
            home = daimyo[clan]
            assert home is not None
            area[clan] -= 1
            bushi[clan][home] = bushi[clan].get(home, 0) + 1
            record.append((number, clan, RECRUIT))
        else:                                                   # move-daimyo
            home = daimyo[clan]
            assert home is not None       # a removed Daimyo ended the game
            enemy = opponent[clan]
            tanbo = state.tanbo
            dsts = [d for d in adj[home] if d not in tanbo and d not in bushi[enemy] and daimyo[enemy] != d]
            if not dsts:
                choice(ONE)
                record.append((number, clan, PASS))
            else:
                dst = choice(dsts)
                dkey: tuple[str, str, str | int | None] = ("D", home, dst)
                record.append((number, clan, made.get(dkey) or made.setdefault(dkey, MoveDaimyo(home, dst))))
                daimyo[clan] = dst
        if state.phase != "over" and not state.queue:
            _end_round(state)
    return steps, plays


def _end_round(state: DaimyniState) -> None:
    """`DaimyniState._end_round` without its events: the played cards to the other's Reserve."""
    rules, commits = state.rules, state.commits
    for clan in rules.clans:
        laid = commits.own(clan)
        assert laid is not None
        state.reserve[rules.opponent(clan)].extend(laid)
    commits.clear()
    state.tanbo_moved = set()
    if state.round_cap is not None and state.round >= state.round_cap:
        state._finish(None)
        return
    state.round += 1
    state.phase = "play"
    state.history.append(state._new_round_record())
