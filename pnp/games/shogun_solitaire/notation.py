"""Shogun Solitaire's notation: a seed (the shuffles), optionally a stated position, and each turn's
actions in order, the same text the rules take as actions.

```toml
game = "shogun-solitaire"
seed = 7                       # every shuffle (setup, set-aside enemies going back) follows it

[position]                     # optional: start here instead of the setup (top of the deck first)
deck = ["takeda-soldier", "raid", "hojo-ninja"]
hand = ["hojo-cavalry", "hojo-soldier", "fleet", "envoy", "kato-samurai"]
row = ["hojo-soldier", "hojo-ninja"]
held = { kato = ["port"] }

[[round]]                      # one turn: the action, then the answers to whatever struck
do = ["play hojo-cavalry", "raid: samurai kato-samurai"]
expect = { score = 2, row = [] }

[end]
score = 2
rank = "Total Defeat"
round = 1
```

Cards the position does not name are out of the game. `expect` may check `score`, `hand` (in any
order), `row`, `deck` (how many cards) and `held`; `[end]` the `score`, `rank` and `round`. A round's
`note` is a designer's comment the booklet prints beside a walkthrough; replaying ignores it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ...engine.core import Chance, Illegal
from ...engine.notation import GameRejected, quote
from ...engine.position import value_text, write_table
from ...engine.replay import (
    End,
    GameNotation,
    Header,
    Notation,
    Requested,
    RoundEntry,
    Transcript,
    expect_end_round,
    expect_value,
    header_lines,
)
from ...engine.settings import Limits, Settings
from ..interface import game_limits
from .rules import OBJECTIVES, ShogunState, deck_of, rank

GAME = "shogun-solitaire"


class ShogunHeader(Header):
    seed: int = 1


class ShogunEnd(End):
    score: int | None = None
    rank: str | None = None


class ShogunNotation(GameNotation[ShogunState, list[str], ShogunHeader, ShogunEnd]):
    """Shogun Solitaire on the shared skeleton: a round is one turn's actions, in order."""

    game, header, end, round_keys = GAME, ShogunHeader, ShogunEnd, ("do", "expect", "note")

    def __init__(self, limits: Limits, new_state: Callable[[Settings], ShogunState], game: Any):
        super().__init__(limits, new_state)
        self.folder = game

    def requested(self, head: ShogunHeader, position: dict[str, Any] | None, where: str) -> Requested:
        return Requested(seed=head.seed)

    def start(self, settings: Settings, notation: Notation[ShogunHeader], where: str) -> ShogunState:
        return start_state(self.folder, settings.seed, notation.position, where)

    def play_round(self, state: ShogunState, entry: RoundEntry, where: str) -> list[str]:
        actions = entry.get("do")
        if not isinstance(actions, list) or not actions or not all(isinstance(a, str) for a in actions):
            raise entry.error(where, "do", "expected a list of actions, e.g. [\"play hojo-cavalry\"]")
        first = state.round
        for i, action in enumerate(actions):
            if state.is_terminal():
                raise entry.error(where, f"do[{i + 1}]", f"the game ended before {action!r}")
            if i and state.pending == "turn" and action.split(" ", 1)[0] in ("play", "discard"):
                raise entry.error(where, f"do[{i + 1}]", f"{action!r} starts another turn: write it in the next "
                                                         "[[round]]")
            state.apply_action(action)
        if not state.is_terminal() and state.pending != "turn":
            waiting = state.striking or "Ninja"
            answers = " or ".join(repr(a) for a in state.legal_actions()[:3])
            raise Illegal(first, "shogun", None, "unanswered", f"the {waiting} waits for an answer: {answers}")
        return list(actions)

    def check_expect(self, state: ShogunState, entry: RoundEntry, log: list[str], where: str) -> int:
        return check_expect(state, entry, where)

    def check_end(self, state: ShogunState, end: ShogunEnd, where: str) -> int:
        met = 0
        if end.score is not None:
            met += expect_value(where, "end.score", end.score, state.score)
        if end.rank is not None:
            got = rank(state.score) if state.is_terminal() else "not decided (the game goes on)"
            met += expect_value(where, "end.rank", end.rank, got)
        if end.round is not None:
            met += expect_end_round(where, end.round, state.is_terminal(), state.round)
        return met


def check_expect(state: ShogunState, entry: RoundEntry, where: str) -> int:
    expect = entry.get("expect")
    if expect is None:
        return 0
    if not isinstance(expect, dict):
        raise entry.error(where, "expect", "expected a table: score, hand, row, deck, held")
    got: dict[str, Any] = {"score": state.score, "hand": sorted(state.hand), "row": [r.text() for r in state.row],
                           "deck": len(state.deck),
                           "held": {c: [OBJECTIVES[o] for o in sorted(v)] for c, v in state.held.items() if v}}
    met = 0
    for key, want in expect.items():
        if key not in got:
            raise entry.error(where, f"expect.{key}", "unknown key (expected score, hand, row, deck, held)")
        if key == "hand" and isinstance(want, list):
            want = sorted(want)
        if key == "held" and isinstance(want, dict):
            want = {c: v for c, v in want.items() if v}
        if want != got[key]:
            raise GameRejected(f"{where}: {entry.key('expect.' + key)}: expected {value_text(want)}, "
                               f"but it is {value_text(got[key])}")
        met += 1
    return met


def start_state(game: Any, seed: int, position: dict[str, Any] | None, where: str) -> ShogunState:
    """The game as set up (the deck shuffled by the seed), or from a stated position."""
    cards, clans = deck_of(game)
    if position is None:
        return ShogunState.new(cards, clans, Chance(seed))
    state = ShogunState(cards, clans, Chance(seed))
    state.set_position(position, where)
    return state


def new_state(game: Any, settings: Settings) -> ShogunState:
    """The game as set up for `settings`."""
    return start_state(game, settings.seed, None, "")


def replay(game: Any, text: str, where: str) -> Transcript[ShogunState, list[str]]:
    """Replay a notation file of `game` (its folder)."""
    return ShogunNotation(game_limits(game, GAME), partial(new_state, game), game).replay(text, where)


def write(state: ShogunState, seed: int, title: str, description: str) -> str:
    """The notation of a game played from the setup or from its stated start; replaying it gives
    the same game."""
    lines = [*header_lines(GAME, title, description, always=True), f"seed = {seed}"]
    if state.start is not None:
        lines += ["", write_table("position", state.start)]
    for turn in state.turns:
        lines += ["", "[[round]]", f"do = {value_text(turn)}"]
    if state.is_terminal():
        lines += ["", "[end]", f"score = {state.score}", f"rank = {quote(rank(state.score))}",
                  f"round = {state.round}"]
    return "\n".join(lines) + "\n"


def summary(t: Transcript[ShogunState, list[str]]) -> str:
    s = t.state
    n = len(t.rounds)
    held = f"{s.score} objective{'s' if s.score != 1 else ''}"
    where = (f"{'won' if s.won else 'ended'} in round {s.round}: {held}, {rank(s.score)}"
             if s.is_terminal() else f"still going in round {s.round} with {held}")
    return f"{n} round{'s' if n != 1 else ''}, {where}, {t.expectations} expectations met"
