"""The shared commit-and-reveal helper and the whole state contract, on a toy game of another
shape: three players secretly propose a card, the highest proposal scores a die roll."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pnp.engine import (
    Chance,
    Commitments,
    Committed,
    Decision,
    GameEvent,
    Hidden,
    Illegal,
    Revealed,
    Rolled,
    Shuffled,
    playout,
    points,
    priority_order,
    win_loss,
)
from pnp.engine.simultaneous import NotAllCommitted
from pnp.engine.state import GameState, check_players, same_view


class Proposals:
    """Each round every player secretly proposes one card from a dealt hand; highest first, each
    proposal rolls a die, the highest proposal scores it. Three rounds; most points wins."""

    def __init__(self, players: list[str], seed: int):
        self.players = check_players(players)
        self.chance = Chance(seed)
        deck = self.chance.shuffle(range(1, 3 * len(self.players) + 1))
        self.hands = {p: set(deck[i * 3:(i + 1) * 3]) for i, p in enumerate(self.players)}
        self.score = {p: 0 for p in self.players}
        self.round = 1
        self.table: Commitments[int] = Commitments(self.players)

    def decision(self) -> Decision | None:
        return None if self.is_terminal() else self.table.decision("propose", self.round)

    def legal_actions(self) -> list[int]:
        d = self.decision()
        return sorted(self.hands[d.player]) if d else []

    def apply_action(self, card: int) -> list[GameEvent]:
        d = self.decision()
        assert d is not None
        if card not in self.hands[d.player]:
            raise Illegal(self.round, d.player, str(card), "hand", f"card {card} is not in {d.player}'s hand")
        self.hands[d.player].discard(card)
        events: list[GameEvent] = [self.table.commit(d.player, card)]
        if self.table.complete:
            reveal = self.table.reveal(lambda chosen: priority_order({p: [c] for p, c in chosen.items()},
                                                                     key=lambda ip: -ip[0]))
            events.append(reveal)
            (value,) = self.chance.roll(1, 6)
            self.score[reveal.order[0][1]] += value
            self.table.clear()
            self.round += 1
        return events

    def is_terminal(self) -> bool:
        return self.round > 3

    def returns(self) -> dict[str, float]:
        return points(self.score)

    def view(self, player: str) -> dict[str, Any]:
        return {"hand": sorted(self.hands[player]), "score": dict(self.score), "round": self.round,
                "others": {p: Hidden(len(self.hands[p])) for p in self.players if p != player},
                "table": self.table.view(player)}


def test_a_simultaneous_decision_names_every_player_still_choosing():
    g = Proposals(["ann", "bo", "cy"], 1)
    d = g.decision()
    assert d and d.players == ("ann", "bo", "cy") and d.secret and d.simultaneous and d.player == "ann"
    g.apply_action(min(g.hands["ann"]))
    d = g.decision()
    assert d and d.players == ("bo", "cy") and d.player == "bo"


def test_nobody_sees_another_players_commitment_before_the_reveal():
    g = Proposals(["ann", "bo", "cy"], 1)
    card = min(g.hands["ann"])
    events = g.apply_action(card)
    assert events == [Committed("ann")]
    assert g.view("ann")["table"] == {"ann": card}
    assert g.view("bo")["table"] == {"ann": Hidden()} and g.view("cy")["table"] == {"ann": Hidden()}
    with pytest.raises(NotAllCommitted):
        g.table.reveal()
    with pytest.raises(NotAllCommitted):
        g.table.revealed()


def test_every_commitment_is_revealed_together_in_priority_order():
    g = Proposals(["ann", "bo", "cy"], 2)
    chosen = {p: min(g.hands[p]) for p in g.players}
    events: list[GameEvent] = []
    for p in g.players:
        events += g.apply_action(chosen[p])
    reveal = [e for e in events if isinstance(e, Revealed)]
    assert len(reveal) == 1 and dict(reveal[0].choices) == chosen
    assert [c for c, _ in reveal[0].order] == sorted(chosen.values(), reverse=True)
    assert reveal[0].of("bo") == chosen["bo"] and reveal[0].kind == "reveal"


def test_view_hides_other_hands_and_the_deck_order():
    a, b = Proposals(["ann", "bo"], 3), Proposals(["ann", "bo"], 3)
    b.hands["bo"] = {99, 98, 97}                      # a different secret for bo only
    assert same_view(a, b, "ann") and not same_view(a, b, "bo")
    assert "deck" not in a.view("ann") and a.view("ann")["others"] == {"bo": Hidden(3)}


def test_commitments_refuse_strangers_and_second_thoughts():
    c: Commitments[int] = Commitments(["a", "b"])
    c.commit("a", 1)
    with pytest.raises(ValueError):
        c.commit("a", 2)
    with pytest.raises(ValueError):
        c.commit("z", 2)
    copy = c.copy()
    copy.commit("b", 3)
    assert not c.complete and copy.complete and c.waiting() == ("b",)


def test_priority_order_defaults_to_the_items_then_seat_order():
    assert priority_order({"red": (16, 1), "blue": (2, 15)}) == [(1, "red"), (2, "blue"), (15, "blue"), (16, "red")]
    assert priority_order({"b": [5], "a": [5]}) == [(5, "b"), (5, "a")]


@pytest.mark.parametrize("count", range(1, 7))
def test_any_player_count_plays_to_the_end_with_returns_for_everyone(count):
    players = [f"p{i}" for i in range(count)]
    for seed in range(20):
        g = playout(Proposals(players, seed), random.Random(seed))
        assert g.is_terminal() and set(g.returns()) == set(players)
        assert sum(g.returns().values()) == sum(e.values[0] for e in g.chance.events if isinstance(e, Rolled))


def test_same_seed_same_luck_and_the_luck_is_logged():
    a, b = (playout(Proposals(["x", "y", "z"], 4), random.Random(1)) for _ in range(2))
    assert a.chance.events == b.chance.events and isinstance(a.chance.events[0], Shuffled)
    assert a.chance.events[0].kind == "shuffle" and a.chance.events[0]["order"] == a.chance.events[0].order


def test_players_are_checked_and_returns_helpers():
    with pytest.raises(ValueError):
        check_players([f"p{i}" for i in range(7)])
    with pytest.raises(ValueError):
        check_players(["a", "a"])
    assert win_loss(["a", "b", "c"], "c") == {"a": -1, "b": -1, "c": 1}
    state: GameState = Proposals(["a"], 1)            # a one-player game is a game too
    assert state.returns() == {"a": 0}
