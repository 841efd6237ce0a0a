"""Playing many games: one game per index, its seed the base seed plus the index, so game `i` is
the game `pnp play GAME --seed S+i --policy P` writes, whichever worker plays it. Games run in
chunks on local processes or on a Dask cluster; the records come back in index order, so the
same seeds give the same results whatever the number of workers.

>>> Spec("my-game", 2, (), "random", seed=10).seed + 3      # the seed of game 3
13
"""

from __future__ import annotations

import hashlib
import os
import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import UsageError
from ..model.load import display, read_bytes
from .policies import DEFAULT_BUDGET, Policy, policies_for

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Spec:
    """What to simulate, as plain values a worker process or a cluster node can receive."""

    game: str                       # a built-in id or a game folder's absolute path
    players: int
    options: tuple[str, ...]
    policy: str
    seed: int = 1
    budget: int = DEFAULT_BUDGET
    max_steps: int = 100_000        # decisions before a game is cut short (a guard, never reached normally)
    revision: str = ""              # the digest of the game's definitions (`definitions_digest`), set by `run`


@dataclass
class GameRecord:
    """One played game, reduced to what the tables need."""

    index: int
    seed: int
    seats: tuple[str, ...]
    returns: dict[str, float]
    outcome: str | None
    rounds: int
    decisions: int
    finished: bool
    plays: list[tuple[str, str]] = field(default_factory=list)    # (player, label) per labelled choice

    @property
    def winners(self) -> tuple[str, ...]:
        """The seats with the highest return, unless every seat has the same (a draw): one winner, or
        several (a team, a shared victory). None in a one-player game."""
        if len(self.seats) < 2 or len(set(self.returns.values())) < 2:
            return ()
        best = max(self.returns.values())
        return tuple(p for p in self.seats if self.returns.get(p) == best)


_LOADED: dict[tuple[str, str, int, tuple[str, ...]], tuple[Any, Any, Any]] = {}


def definitions_digest(game: str) -> str:
    """A digest of the definition files (the folder's *.toml) of a built-in id or a game folder: a
    process that already loaded the game loads it again once they change (a designer's edit, a
    long-lived cluster worker)."""
    from ..catalog import find_game

    digest = hashlib.sha256()
    for path in sorted(find_game(game).glob("*.toml")):
        digest.update(path.name.encode() + b"\0" + read_bytes(path, display(path)) + b"\0")
    return digest.hexdigest()


def load(spec: Spec) -> tuple[Any, Any, Any]:
    """(game, module, settings template) for a spec, loaded once per process and revision."""
    key = (spec.game, spec.revision, spec.players, spec.options)
    if key not in _LOADED:
        from ..catalog import find_game, rules_for
        from ..model import load_game
        game = load_game(find_game(spec.game))
        module = rules_for(game)
        settings = module.settings(game, spec.players, list(spec.options), spec.seed)
        _LOADED[key] = (game, module, settings)
    return _LOADED[key]


def labels(state: Any, decision: Any, action: Any) -> list[str]:
    """What a choice plays, for the card table: the state's ``action_labels(action)`` if it has it;
    else the cards an action lays (an action with ``cards``); else, for a choice that is not carrying
    out a card already laid, the action itself when it is a word or number (a card name), or the
    decision's kind and the action's type. Carrying out a laid card is not counted again."""
    hook = getattr(state, "action_labels", None)
    if hook is not None:
        return [str(x) for x in hook(action)]
    return _plain_labels(decision, action)


def _plain_labels(decision: Any, action: Any) -> list[str]:
    """`labels` for a state without ``action_labels``."""
    cards = getattr(action, "cards", None)
    if isinstance(cards, (tuple, list)):
        return [str(c) for c in cards]
    if decision.card is not None:
        return []
    if isinstance(action, (str, int)):
        return [str(action)]
    return [f"{decision.kind} {type(action).__name__}"]


def play_game(spec: Spec, index: int) -> GameRecord:
    """Game `index` of the spec, played by its policy from seed `spec.seed + index`."""
    game, module, settings = load(spec)
    seed = spec.seed + index
    settings = replace(settings, seed=seed)
    known = policies_for(module, spec.budget)
    names = spec.policy.split(",")
    state = module.new_state(game, settings)
    by_seat = {str(p): known[names[i] if len(names) > 1 else names[0]] for i, p in enumerate(state.players)}
    # The loop runs once per decision of every simulated game: what does not change during a game
    # (one policy for every seat) is looked up once, before it.
    only = known[names[0]] if len(set(names)) == 1 else None
    rng = random.Random(seed)
    fast = getattr(state, "random_game", None)
    if fast is not None and all(name == "random" for name in names):
        # The same game as the loop below, played by the state's own fast loop (`pnp.engine`: it
        # plays as the module's `random` policy does, which is `random_policy` unless it has its own).
        steps, plays = fast(rng, spec.max_steps)
    else:
        steps, plays = _play(state, rng, by_seat, only, spec.max_steps)
    returns = {str(p): float(v) for p, v in state.returns().items()}
    outcome = module.outcome(state) if state.is_terminal() else None
    return GameRecord(index, seed, tuple(str(p) for p in state.players), returns, outcome,
                      int(getattr(state, "round", 0)), steps, bool(state.is_terminal()), plays)


def _play(state: Any, rng: random.Random, by_seat: dict[str, Policy], only: Policy | None,
          max_steps: int) -> tuple[int, list[tuple[str, str]]]:
    """A game to its end (or `max_steps` decisions), each seat choosing by its policy: the decisions
    taken and the (player, label) of every labelled choice."""
    hook = getattr(state, "action_labels", None)
    plays: list[tuple[str, str]] = []
    add = plays.append
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        decision = state.decision()
        player = str(decision.player)
        action = (only or by_seat[player])(state, rng)
        for label in (hook(action) if hook is not None else _plain_labels(decision, action)):
            add((player, str(label)))
        state.apply_action(action)
        steps += 1
    return steps, plays


def play_chunk(spec: Spec, start: int, stop: int) -> list[GameRecord]:
    """Games `start` to `stop - 1` (what one worker task plays)."""
    return [play_game(spec, i) for i in range(start, stop)]


CHUNKS_PER_WORKER = 8     # tasks queued per worker: the last chunk to finish idles the others for at most 1/8
MAX_CHUNK = 64            # games in one task: progress moves, and a task's records stay small to send back


def chunks(games: int, workers: int) -> list[tuple[int, int]]:
    """Index ranges for `workers` processes or cluster threads: about `CHUNKS_PER_WORKER` chunks each, so
    that when the queue runs dry the others wait for one short chunk at most (1/8 of a worker's share:
    above 0.8 N on N free cores once a game's own spread is added), and at most `MAX_CHUNK` games, so
    a chunk's cost (one task, one pickled list of records) stays far below its games' cost. The
    records come back in index order, so the chunking never changes a result.

    >>> parts = chunks(1000, 2)
    >>> len(parts), parts[0], parts[-1]
    (17, (0, 62), (992, 1000))
    >>> chunks(5, 2)
    [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]
    """
    size = max(1, min(MAX_CHUNK, games // (max(1, workers) * CHUNKS_PER_WORKER)))
    return [(i, min(i + size, games)) for i in range(0, games, size)]


def check_policy(spec: Spec) -> None:
    """A usage error (exit 2) for a policy the game does not have, before any worker starts."""
    _, module, _ = load(spec)
    known = policies_for(module, spec.budget)
    names = spec.policy.split(",")
    for name in names:
        if name not in known:
            raise UsageError(f"--policy {name}: {module.id} has no such policy (its policies: {', '.join(known)})")
    if len(names) > 1 and len(names) != spec.players:
        raise UsageError(f"--policy {spec.policy}: one policy for every seat, or one per seat ({spec.players} "
                         f"here, in seat order), not {len(names)}")


def run(spec: Spec, games: int, workers: int = 1, scheduler: str | None = None,
        progress: Progress | None = None) -> list[GameRecord]:
    """Every game's record in index order: in this process (1 worker), in `workers` processes, or
    on the Dask cluster whose scheduler address is given."""
    spec = replace(spec, revision=definitions_digest(spec.game))
    check_policy(spec)
    out: list[GameRecord] = []
    tick = progress or (lambda _done, _total: None)
    for records in _results(spec, games, workers, scheduler):
        out.extend(records)
        tick(len(out), games)
    return out


def _results(spec: Spec, games: int, workers: int, scheduler: str | None) -> Iterator[list[GameRecord]]:
    if scheduler is not None:
        yield from _dask(spec, games, scheduler)
        return
    parts = chunks(games, workers)
    if workers <= 1:
        for start, stop in parts:
            yield play_chunk(spec, start, stop)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = [pool.submit(play_chunk, spec, start, stop) for start, stop in parts]
        for fut in futures:                # in index order, whatever order they finish in
            yield fut.result()


def _dask(spec: Spec, games: int, scheduler: str) -> Iterator[list[GameRecord]]:
    try:
        from distributed import Client
    except ImportError:
        raise UsageError("--scheduler needs Dask distributed: pip install 'pnp[cluster]'") from None
    # Seconds to keep trying to reach the scheduler (PNP_SCHEDULER_TIMEOUT, default 10) and to wait
    # for the first result (PNP_SCHEDULER_FIRST_RESULT, default 600): a scheduler that accepts the
    # connection but never answers must not hang the command.
    wait = _seconds("PNP_SCHEDULER_TIMEOUT", 10.0)
    first = _seconds("PNP_SCHEDULER_FIRST_RESULT", 600.0)
    client = _connect(Client, scheduler, wait)
    try:
        # The same rule as local processes, with the cluster's threads as the workers.
        parts = chunks(games, sum(client.nthreads().values()) or 1)
        futures = [client.submit(play_chunk, spec, start, stop, pure=False, key=f"pnp-simulate-{start}-{os.getpid()}-"
                                 f"{time.time_ns()}") for start, stop in parts]
        for i, fut in enumerate(futures):
            try:
                yield fut.result(timeout=first if i == 0 else None)
            except TimeoutError:
                raise UsageError(f"--scheduler {scheduler}: no result after {first:g} s; check that the cluster has "
                                 "workers with pnp installed (PNP_SCHEDULER_FIRST_RESULT=S waits longer)") from None
    finally:
        client.close(timeout=wait)


def _seconds(name: str, default: float) -> float:
    try:
        value = float(os.environ.get(name, "") or default)
    except ValueError:
        raise UsageError(f"{name}={os.environ[name]!r}: expected a number of seconds") from None
    if not 0 < value < 1e6:
        raise UsageError(f"{name}={os.environ[name]!r}: expected a number of seconds above 0")
    return value


def _connect(client_type: Any, scheduler: str, wait: float) -> Any:
    """A Dask client, or UsageError once `wait` seconds pass: the connection and the scheduler's
    first answer both count (Client's own timeout covers only the first)."""
    import threading
    made: list[Any] = []
    failed: list[BaseException] = []

    def connect() -> None:
        try:
            made.append(client_type(scheduler, timeout=wait, set_as_default=False))
        except BaseException as exc:   # reported below, in this thread
            failed.append(exc)

    thread = threading.Thread(target=connect, daemon=True)
    thread.start()
    thread.join(wait + 1)
    if made:
        return made[0]
    why = f"{failed[0]}" if failed else f"no answer within {wait:g} s"
    raise UsageError(f"--scheduler {scheduler}: cannot reach a Dask scheduler there ({why}); check the address and "
                     "that `dask scheduler` runs there (PNP_SCHEDULER_TIMEOUT=S waits longer)")


MAX_GAMES = 100_000_000      # games in one run: a million-game sweep fits a hundred times
MIN_WORKER_CAP = 8           # --workers may always be this many, on a machine with fewer cores too


def max_workers() -> int:
    """The most worker processes `--workers` may ask for: the cores, or MIN_WORKER_CAP if fewer."""
    return max(MIN_WORKER_CAP, default_workers())


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:      # not on Linux
        return os.cpu_count() or 1
