"""Samurai Vassal notation: what each player laid each round, checked by replaying it.

```toml
game = "samurai-vassal"
players = 3
options = ["middle-player", "samurai"]   # optional: no-party too

[setup]                                  # Samurai mode: the three characters dealt, the one kept
dealt = { red = ["nene", "oichi", "matsu"], blue = [...], green = [...] }
kept = { red = "nene", blue = "...", green = "..." }

[position]                               # optional: start from a stated position
round = 4
hands = { red = ["party", "surveying"], blue = [...], green = [...] }
tables = { red = ["fortressing", "invasion down"] }   # in the order laid; "down" = face down
trust = { red = 3 }
last = { red = "invasion" }              # each player's previous card (what Sasuke copies; after a
                                         # Sasuke, the card it copied, or sarutobi-sasuke: nothing)
must = ["blue"]                          # players forced to play Strategising this round
npc_deck = ["party", "surveying"]        # Middle Player mode: the NPC cards not yet revealed

[[round]]
npc = "invasion"                         # Middle Player mode: the NPC card revealed first
red = "fortressing"
blue = "war-drills"
green = "fortressing"
expect = { winners = ["red", "green"], trust = { red = 1, blue = 0, green = 1 } }
note = "Why this was a good card"          # optional: printed beside the round in a walkthrough

[end]
winner = "red"                           # "red+blue" for a shared victory, "none" if nobody
round = 9
trust = { red = 12, blue = 3, green = 5 }
```

Cards are named by their ids in cards.toml (``party``, ``war-drills``, ``kuroda-kanbei`` ...).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from ...engine.core import Chance, Illegal
from ...engine.notation import GameRejected, IllegalMove, NotationError, quote, shown
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
    expect_values,
    header_lines,
)
from ...engine.settings import Limits, Option, Settings
from ...engine.state import check_players
from ..interface import game_limits
from .cards import CARDS, CHARACTER_IDS
from .rules import MIDDLE, NO_PARTY, SAMURAI, RoundLog, Rules, SamuraiVassalState, new_game

GAME = "samurai-vassal"
OPTIONS = (
    Option(MIDDLE, "an NPC deck (an unused colour set) reveals a card first every round", players=(2, 3, 4, 5)),
    Option(NO_PARTY, "the Cherry Blossom Party cards are left out"),
    Option(SAMURAI, "each player keeps one of three Character cards dealt"),
)
POSITION_KEYS = ("round", "hands", "tables", "trust", "last", "must", "npc_deck")


class SvHeader(Header):
    players: int | None = None
    options: list[str] = []
    setup: dict[str, Any] | None = None


class SvEnd(End):
    trust: dict[str, int] | None = None


def _card(value: Any, where: str, key: str) -> str:
    if value is None:
        raise NotationError(where, key, "missing: the card laid, e.g. \"fortressing\"")
    if isinstance(value, list):
        raise NotationError(where, key, f"one card a round: write one card id, not {shown(value)}")
    if not isinstance(value, str) or value not in CARDS:
        raise NotationError(where, key, f"expected a card id (e.g. \"fortressing\", \"kuroda-kanbei\"), got "
                                        f"{shown(value)}")
    return value


def _cards(value: Any, where: str, key: str) -> list[str]:
    if not isinstance(value, list):
        raise NotationError(where, key, "expected a list of card ids")
    return [_card(v, where, f"{key}[{i}]") for i, v in enumerate(value)]


def _by_player(value: Any, players: Sequence[str], where: str, key: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise NotationError(where, key, f"expected a table by player ({', '.join(players)})")
    for k in value:
        if k not in players:
            raise NotationError(where, f"{key}.{k}", f"no such player (players: {', '.join(players)})")
    return value


def set_position(state: SamuraiVassalState, table: Mapping[str, Any], where: str) -> None:
    """Start `state` from a stated position (exit 2 for anything impossible)."""
    for k in table:
        if k not in POSITION_KEYS:
            raise NotationError(where, f"position.{k}", f"unknown key (expected {', '.join(POSITION_KEYS)})")
    ps = state.players
    rnd = table.get("round", 1)
    if not isinstance(rnd, int) or isinstance(rnd, bool) or rnd < 1:
        raise NotationError(where, "position.round", f"expected a round number of at least 1, got {shown(rnd)}")
    state.round = rnd
    for p, cards in _by_player(table.get("hands", {}), ps, where, "position.hands").items():
        state.hands[p] = _cards(cards, where, f"position.hands.{p}")
    for p, cards in _by_player(table.get("tables", {}), ps, where, "position.tables").items():
        state.tables[p] = _table_cards(cards, where, f"position.tables.{p}")
    for p in ps:
        if not state.hands[p]:
            raise NotationError(where, f"position.hands.{p}", "a player needs at least one card in hand")
    for p, v in _by_player(table.get("trust", {}), ps, where, "position.trust").items():
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise NotationError(where, f"position.trust.{p}", f"expected a whole number of at least 0, got {shown(v)}")
        state.trust[p] = v
    for p, c in _by_player(table.get("last", {}), ps, where, "position.last").items():
        state.last[p] = _card(c, where, f"position.last.{p}")
    _set_must_and_npc(state, table, where)


def _table_cards(cards: Any, where: str, key: str) -> list[list[Any]]:
    """A player's table: each card laid, in order, face up unless written "card down"."""
    if not isinstance(cards, list):
        raise NotationError(where, key, "expected a list like [\"surveying\", \"invasion down\"]")
    out: list[list[Any]] = []
    for i, c in enumerate(cards):
        name, _, down = str(c).partition(" ")
        if down not in ("", "down"):
            raise NotationError(where, f"{key}[{i}]", f"expected \"card\" or \"card down\", got {shown(c)}")
        out.append([_card(name, where, f"{key}[{i}]"), down != "down"])
    return out


def _set_must_and_npc(state: SamuraiVassalState, table: Mapping[str, Any], where: str) -> None:
    """Who must play Strategising, and the NPC cards not yet revealed (Middle Player mode)."""
    if "must" in table:
        must = table["must"]
        if not isinstance(must, list) or any(m not in state.players for m in must):
            raise NotationError(where, "position.must", f"expected a list of players ({', '.join(state.players)})")
        state.must = set(must)
    if "npc_deck" in table:
        if state.npc is None:
            raise NotationError(where, "position.npc_deck", "only with the middle-player option")
        state.npc_deck = _cards(table["npc_deck"], where, "position.npc_deck")


class SvNotation(GameNotation[SamuraiVassalState, RoundLog, SvHeader, SvEnd]):
    """Samurai Vassal on the shared skeleton: a round is the card each player laid (and the NPC's)."""

    game, header, end = GAME, SvHeader, SvEnd

    def __init__(self, limits: Limits, new_state: Callable[[Settings], SamuraiVassalState], seats: Sequence[str]):
        super().__init__(limits, new_state)
        self.seats = list(seats)

    def requested(self, head: SvHeader, position: dict[str, Any] | None, where: str) -> Requested:
        count = head.players
        if count is None and position and isinstance(position.get("hands"), dict):
            count = len(position["hands"])
        if count is None:
            raise NotationError(where, "players", f"missing: how many play ({self.limits.lo}-{self.limits.hi})")
        return Requested(count, head.options)

    def start(self, settings: Settings, notation: Notation[SvHeader], where: str) -> SamuraiVassalState:
        """The players' seats, no shuffle: the file states the characters dealt and each NPC card."""
        players = check_players(self.seats[:settings.players])
        rules = Rules.of(sorted(settings.options), settings.round_cap)
        npc = self.seats[settings.players] if MIDDLE in settings.options else None
        state = SamuraiVassalState(players, rules, Chance(0), npc)
        state.auto_npc = False
        setup = notation.header.setup
        if SAMURAI in settings.options and notation.position is None:
            _deal(state, setup, where)
        elif setup is not None:
            raise NotationError(where, "setup", "only in Samurai mode without a [position]")
        if notation.position is not None:
            set_position(state, notation.position, where)
        return state

    def stated_start(self, state: SamuraiVassalState, notation: Notation[SvHeader]) -> dict[str, Any]:
        return {"position": state.position(), "setup": notation.header.setup}

    def play_round(self, state: SamuraiVassalState, entry: RoundEntry, where: str) -> RoundLog:
        players = state.players
        entry.check_keys([*players, "npc", "expect", "note"], where)   # note: a designer's comment
        if state.npc is not None:
            state.next_npc(_card(entry.get("npc"), where, entry.key("npc")))
        elif entry.get("npc") is not None:
            raise entry.error(where, "npc", "only in Middle Player mode")
        for p in players:
            if entry.get(p) is None:
                raise entry.error(where, p, "missing: the card this player laid")
            _card(entry.get(p), where, entry.key(p))
        for p in players:
            state.play(p, entry.get(p))
        return state.log[-1]

    def check_expect(self, state: SamuraiVassalState, entry: RoundEntry, log: RoundLog, where: str) -> int:
        expect = entry.get("expect")
        if expect is None:
            return 0
        if not isinstance(expect, dict) or any(k not in ("winners", "trust") for k in expect):
            raise entry.error(where, "expect", "expected a table with winners and/or trust")
        met = 0
        if "winners" in expect:
            met += _expect_winners(expect["winners"], log, entry, where)
        for p, v in _by_player(expect.get("trust", {}), state.players, where, entry.key("expect.trust")).items():
            if log.trust[p] != v:
                raise GameRejected(f"{where}: {entry.key(p)}: expected {v} trust, but it is {log.trust[p]}")
            met += 1
        return met

    def check_end(self, state: SamuraiVassalState, end: SvEnd, where: str) -> int:
        met = 0
        if end.winner is not None:
            met += expect_value(where, "end.winner", end.winner,
                                state.winner or ("none" if state.is_terminal() else "nobody yet"))
        if end.round is not None:
            met += expect_end_round(where, end.round, state.is_terminal(), state.round)
        return met + expect_values(where, "end.trust", end.trust or {}, state.trust)


def _deal(state: SamuraiVassalState, setup: dict[str, Any] | None, where: str) -> None:
    """Samurai mode: the three characters dealt to each player, then the one each kept."""
    players = state.players
    if not isinstance(setup, dict) or set(setup) != {"dealt", "kept"}:
        raise NotationError(where, "setup", "Samurai mode: expected [setup] with dealt and kept")
    dealt = _by_player(setup["dealt"], players, where, "setup.dealt")
    seen: set[str] = set()
    for p in players:
        cards = _cards(dealt.get(p), where, f"setup.dealt.{p}")
        if len(cards) != 3 or any(c not in CHARACTER_IDS or c in seen for c in cards):
            raise NotationError(where, f"setup.dealt.{p}", "expected three different characters, none dealt twice")
        seen |= set(cards)
    state.deal_characters({p: dealt[p] for p in players})
    kept = _by_player(setup["kept"], players, where, "setup.kept")
    for p in players:
        try:
            state.play(p, _card(kept.get(p), where, f"setup.kept.{p}"))
        except Illegal as exc:
            raise IllegalMove(f"{where}: setup: {exc.reason}", exc.rule) from None


def _expect_winners(want: Any, log: RoundLog, entry: RoundEntry, where: str) -> int:
    if not isinstance(want, list) or not all(isinstance(w, str) for w in want):
        raise entry.error(where, "expect.winners", f"expected a list of colours (e.g. [\"red\"]), got {shown(want)}")
    if sorted(want) != sorted(log.winners):
        raise GameRejected(f"{where}: {entry.key('expect.winners')}: expected {', '.join(want) or 'nobody'}, "
                           f"but {', '.join(log.winners) or 'nobody'} won ({log.rule})")
    return 1


def new_state(game: Any, settings: Settings) -> SamuraiVassalState:
    """A game set up for `settings`: the first seats play, the next one is the NPC in Middle Player mode."""
    seats = list(game.clans)
    players = seats[:settings.players]
    npc = seats[settings.players] if MIDDLE in settings.options and settings.players < len(seats) else None
    return new_game(players, Rules.of(sorted(settings.options), settings.round_cap), Chance(settings.seed), npc)


def notation_for(game: Any, limits: Limits | None = None) -> SvNotation:
    """The notation of `game` (its folder), with the rules module's limits if given."""
    return SvNotation(limits or game_limits(game, GAME, OPTIONS), partial(new_state, game), list(game.clans))


def replay(game: Any, text: str, where: str) -> Transcript[SamuraiVassalState, RoundLog]:
    """Replay a notation file of `game`; NotationError (exit 2) or GameRejected (exit 1)."""
    return notation_for(game).replay(text, where)


def write(state: SamuraiVassalState, title: str, description: str) -> str:
    """The notation of a played game (from its setup); `replay(write(s))` is the same game."""
    lines = [*header_lines(GAME, title, description, always=True), f"players = {len(state.players)}"]
    if state.rules.names():
        lines.append(f"options = {value_text(state.rules.names())}")
    if state.rules.round_cap is not None:
        lines.append(f"round_cap = {state.rules.round_cap}")
    if state.dealt:
        kept = {p: next(c for c in state.dealt[p] if c in _owned(state, p)) for p in state.players}
        lines += ["", write_table("setup", {"dealt": {p: list(d) for p, d in state.dealt.items()}, "kept": kept})]
    for log in state.log:
        lines += ["", "[[round]]"]
        if log.npc is not None:
            lines.append(f"npc = {quote(log.npc)}")
        lines += [f"{p} = {quote(c)}" for p, c in log.plays.items()]
        lines.append("expect = { winners = " + value_text(list(log.winners)) + ", trust = "
                     + value_text(dict(log.trust)) + " }")
    lines += ["", "[end]", f"winner = {quote(state.winner or 'none')}"]
    if state.is_terminal():
        lines.append(f"round = {state.round}")
    lines.append(f"trust = {value_text(dict(state.trust))}")
    return "\n".join(lines) + "\n"


def _owned(state: SamuraiVassalState, p: str) -> set[str]:
    """Every card `p` has: hand, table, or played in a round (the kept character is among them)."""
    out = set(state.hands[p]) | {c for c, _ in state.tables[p]}
    out |= {log.plays[p] for log in state.log}
    return out
