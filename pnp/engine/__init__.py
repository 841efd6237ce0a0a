"""The rules-engine core: states, decisions, legal choices, events, seeded randomness, replay
and random playouts. It knows nothing of any particular game and nothing of drawing.

- `core`: `Decision` (one player, or several deciding at once and in secret), `Illegal`,
  `Chance` (seeded dice and shuffles, logged as events), `playout`;
- `state`: the `GameState` protocol (``players``, ``returns()``, ``view(player)``), `Hidden`,
  `win_loss`, `points`;
- `events`: typed events (`GameEvent` and the engine's own `Rolled`, `Shuffled`, `Committed`,
  `Revealed`); `core.Event(kind, data)` stays for games not yet moved to typed events;
- `simultaneous`: `Commitments` (everyone commits in secret, then all are revealed) and
  `priority_order` (resolve the revealed cards in order);
- `replay`: the one replay skeleton every game's notation runs on (`GameNotation`: header,
  settings, start or stated position, rounds, expectations, `[end]`) and its parts (`read_notation`,
  `Header`, `End`, `RoundEntry`, `play_rounds`, `Transcript`);
- `settings`: `Settings` (players, options, seed, round cap) and `Limits`, the one check of a
  player count and options, for the command line and notation files alike;
- `position`: the position protocol (`HasPosition`) and `write_table`;
- `notation`: the two failures (`NotationError`, `GameRejected`) and text helpers.

A game module provides a state class that follows `GameState`: ``players``, ``round``,
``decision()``, ``legal_actions()``, ``apply_action(action)`` (returns the events it caused or
raises `Illegal`), ``is_terminal()``, ``returns()``, ``view(player)``, ``clone()``; and where it
has positions, ``position()`` and ``set_position(table, where)``.

Optional state methods that tools use where a state offers them (none is required):
``sample_action(rng)`` (a uniformly random legal action without listing them all),
``random_playout(rng, max_steps)`` (a whole random game without per-choice checks or events, which
`playout` uses for random sweeps), ``random_game(rng, max_steps)`` (the very game the loop of
`core.random_choice` and ``apply_action`` plays from `rng`, as the module's ``random`` policy must
too, returning the decisions taken and the ``(player, label)`` of every labelled choice; `pnp
simulate --policy random` uses it, and `playout` where there is no ``random_playout``), and, for
`pnp simulate`'s policies (`pnp.simulate.policies`),
``determinize(player, rng)`` (a copy with what `player` cannot see drawn again at random),
``heuristic(player)`` (how good the position is for `player`, for greedy look-ahead and cut-short
rollouts) and ``action_labels(action)`` (what a choice plays, for the card table).

Chance replays through `core.RecordedChance`: draws recorded in order, or by what each is for
(`Chance.roll_for(key, ...)`).

Simultaneous secret choices (each player plays cards face down) are one `Decision` naming every
player still to choose, with ``secret=True``; `apply_action` commits for ``decision().player``
and nothing is revealed until the last has chosen. Shuffled decks and dice go through `Chance`,
so a seed replays the same game.
"""

from .core import Chance, Decision, Event, Illegal, playout
from .events import Committed, GameEvent, Revealed, Rolled, Shuffled
from .simultaneous import Commitments, priority_order
from .state import GameState, Hidden, points, win_loss

__all__ = ["Chance", "Commitments", "Committed", "Decision", "Event", "GameEvent", "GameState", "Hidden",
           "Illegal", "Revealed", "Rolled", "Shuffled", "playout", "points", "priority_order", "win_loss"]
