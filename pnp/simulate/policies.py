"""Generic policies for every game: `random`, `greedy` (one step ahead) and `mcts` (information-set
Monte-Carlo tree search with a fixed budget per decision). They only use the state contract of
`pnp.engine.state` (``decision``, ``legal_actions``, ``apply_action``, ``is_terminal``,
``returns``, ``clone``), so they play any game, built-in or a user's.

Hidden information. A policy must not decide from what its player cannot see. Before it looks
ahead, a policy plays on a *determinisation*: a copy of the state in which what the deciding
player cannot know is drawn again at random (`determinize`). A state says how with an optional
method ``determinize(player, rng)`` (another player's hand, a face-down choice, the order of a
deck); a state without one is copied and every `pnp.engine.Chance` in it gets a fresh seed from
the policy's generator, so at least the dice and shuffles still to come are unknown.

Evaluation. `greedy` scores the position after each of its actions with the state's optional
``heuristic(player)`` (higher is better for that player) where the state offers one, otherwise
with ``returns()[player]``; ties are broken by the seeded generator. Everything is deterministic
for a seed: the same state and generator state give the same choice.

>>> from pnp.simulate.policies import ucb
>>> round(ucb(1.0, 1, 10, 1.4), 3)
3.124
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable, Hashable
from typing import Any

from ..engine.core import Chance, random_choice

Policy = Callable[[Any, random.Random], Any]

GENERIC = ("random", "greedy", "mcts")
DEFAULT_BUDGET = 64         # MCTS iterations per decision
ROLLOUT_STEPS = 200         # decisions in one random rollout before the position is scored as it stands
HEURISTIC_STEPS = 24        # the same for a state with a heuristic, which judges a cut-short game better


def clone(state: Any) -> Any:
    """An independent copy of a state: its own ``clone()`` if it has one, else a deep copy."""
    own = getattr(state, "clone", None)
    return own() if own is not None else copy.deepcopy(state)


def determinize(state: Any, player: str, rng: random.Random) -> Any:
    """A copy of `state` consistent with what `player` may know, the rest drawn at random."""
    hook = getattr(state, "determinize", None)
    if hook is not None:
        return hook(player, rng)
    other = clone(state)
    fields = getattr(other, "__dict__", {})
    for name, value in list(fields.items()):
        if isinstance(value, Chance):
            # A new generator on the copy only (a clone may share its Chance with the real game);
            # the same class, its lists copied, so a game's own kind of Chance keeps working.
            fresh = copy.copy(value)
            for key, item in list(vars(fresh).items()):
                if isinstance(item, (list, dict, set)):
                    setattr(fresh, key, copy.copy(item))
            fresh.rng = random.Random(rng.getrandbits(64))
            fields[name] = fresh
    return other


def _key(action: Any) -> Hashable:
    """Actions as dictionary keys (a game's actions are usually frozen dataclasses or strings)."""
    try:
        hash(action)
    except TypeError:
        return repr(action)
    return action  # type: ignore[no-any-return]


def _player(state: Any) -> str:
    d = state.decision()
    return str(d.player)


# -- random ------------------------------------------------------------------------------------

def random_policy(state: Any, rng: random.Random) -> Any:
    """A uniformly random legal action."""
    return random_choice(state, rng)


# -- greedy ------------------------------------------------------------------------------------

def evaluate(state: Any, player: str) -> float:
    """How good `state` is for `player`: the state's ``heuristic(player)`` if it has one, else its return."""
    heuristic = getattr(state, "heuristic", None)
    if heuristic is not None and not state.is_terminal():
        return float(heuristic(player))
    value = state.returns().get(player, 0.0)
    if state.is_terminal() and heuristic is not None:
        return float(value) * 1e9          # a finished game outweighs every heuristic score
    return float(value)


def greedy_policy(state: Any, rng: random.Random) -> Any:
    """The action whose resulting position (on a determinisation) evaluates best for the player."""
    actions = list(state.legal_actions())
    if len(actions) == 1:
        return actions[0]
    player = _player(state)
    world = determinize(state, player, rng)
    best: list[Any] = []
    best_score = -math.inf
    for action in actions:
        after = clone(world)
        after.apply_action(action)
        score = evaluate(after, player)
        if score > best_score:
            best, best_score = [action], score
        elif score == best_score:
            best.append(action)
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


# -- MCTS --------------------------------------------------------------------------------------

def ucb(total: float, visits: int, parent_available: int, c: float) -> float:
    """UCB1 of a child: mean reward plus the exploration bonus."""
    return total / visits + c * math.sqrt(math.log(parent_available) / visits)


class _Node:
    __slots__ = ("action", "mover", "children", "visits", "total", "available")

    def __init__(self, action: Any, mover: str | None):
        self.action, self.mover = action, mover
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


class _Scale:
    """Maps returns to [0, 1] by the smallest and largest return seen in this search, so one
    exploration constant fits win/loss games (-1..1) and scoring games (0..40) alike."""

    def __init__(self) -> None:
        self.lo, self.hi = math.inf, -math.inf

    def __call__(self, value: float) -> float:
        self.lo, self.hi = min(self.lo, value), max(self.hi, value)
        return 0.5 if self.hi == self.lo else (value - self.lo) / (self.hi - self.lo)


def mcts_policy(budget: int = DEFAULT_BUDGET, c: float = 1.0, rollout_steps: int | None = None) -> Policy:
    """Single-observer information-set MCTS: every iteration draws a determinisation for the deciding
    player, walks the tree by UCB among the actions legal in that world (another player's secret
    choice is drawn at random there, as it cannot depend on ours), adds one node, plays a random
    rollout and backs up each mover's scaled return. After `budget` iterations it plays the most visited
    action (ties: the first found). Deterministic for the generator's state. Rollouts stop after
    `rollout_steps` decisions (default: short for a state with a heuristic, long without)."""

    def choose(state: Any, rng: random.Random) -> Any:
        actions = list(state.legal_actions())
        if len(actions) == 1:
            return actions[0]
        me = _player(state)
        depth = rollout_steps if rollout_steps is not None else (
            HEURISTIC_STEPS if hasattr(state, "heuristic") else ROLLOUT_STEPS)
        root = _Node(None, None)
        scale = _Scale()
        for _ in range(budget):
            world = determinize(state, me, rng)
            node, path = root, [root]
            # selection and expansion
            while not world.is_terminal():
                legal = list(world.legal_actions())
                if not legal:
                    break
                decision = world.decision()
                mover = str(decision.player)
                if getattr(decision, "secret", False) and mover != me:
                    # Another player's face-down choice cannot depend on ours: in the tree it is
                    # drawn at random, like chance, rather than chosen knowing what we laid.
                    world.apply_action(random_choice(world, rng))
                    continue
                untried = [a for a in legal if _key(a) not in node.children]
                for a in legal:
                    child = node.children.get(_key(a))
                    if child is not None:
                        child.available += 1
                if untried:
                    action = untried[rng.randrange(len(untried))]
                    child = _Node(action, mover)
                    child.available = 1
                    node.children[_key(action)] = child
                    world.apply_action(action)
                    node = child
                    path.append(node)
                    break
                node = max((node.children[_key(a)] for a in legal),
                           key=lambda ch: ucb(ch.total, ch.visits, max(ch.available, 1), c))
                world.apply_action(node.action)
                path.append(node)
            # rollout
            steps = 0
            while not world.is_terminal() and steps < depth:
                world.apply_action(random_choice(world, rng))
                steps += 1
            returns = _scored(world)
            scaled = {p: scale(float(v)) for p, v in returns.items()}
            for n in path:
                n.visits += 1
                if n.mover is not None:
                    n.total += scaled.get(n.mover, 0.0)
        best = max(root.children.values(), key=lambda ch: ch.visits)
        return best.action

    return choose


def _scored(state: Any) -> dict[str, float]:
    """The returns of a rollout's last position. A game cut short by the rollout's length is judged by
    the state's ``heuristic`` where it has one: each player scores by how many others it is ahead of,
    less how many are ahead of it (scale-free, so any heuristic will do), counted as half a win at
    most so that finishing a won game still pays."""
    returns = {str(p): float(v) for p, v in state.returns().items()}
    heuristic = getattr(state, "heuristic", None)
    if state.is_terminal() or heuristic is None or len(returns) < 2:
        return returns
    value = {p: float(heuristic(p)) for p in returns}
    lo, hi = min(returns.values()), max(returns.values())
    # ahead of everyone: halfway from the middle of the returns to the best one (a real win is worth more)
    half, mid = (hi - lo) / 4 or 0.5, (hi + lo) / 2
    return {p: mid + half * sum((v < value[p]) - (v > value[p]) for v in value.values()) / (len(value) - 1)
            for p in value}


def policies_for(module: Any, budget: int = DEFAULT_BUDGET) -> dict[str, Policy]:
    """The module's own policies (its default first), then the generic ones it does not name itself."""
    known: dict[str, Policy] = dict(module.policies())
    generic: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy, "mcts": mcts_policy(budget)}
    for name, policy in generic.items():
        known.setdefault(name, policy)
    return known
