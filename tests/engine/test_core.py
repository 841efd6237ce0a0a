"""The engine core serves more than Daimyni: a toy game with simultaneous secret bids resolved in
priority order, a shuffled deck and dice, played by random playouts."""

import random

import pytest

from pnp.engine import Chance, Decision, Event, Illegal, playout


class BidAndRoll:
    """Two players secretly bid a card from a shuffled hand; bids resolve highest first, each
    winner rolls a die and scores it. First to 10 wins."""

    players = ("north", "south")

    def __init__(self, seed: int):
        self.chance = Chance(seed)
        deck = self.chance.shuffle(range(1, 9))
        self.hands = {"north": set(deck[:4]), "south": set(deck[4:])}
        self.bids: dict[str, int] = {}
        self.score = {p: 0 for p in self.players}
        self.round = 1
        self.winner = None

    def decision(self):
        if self.winner:
            return None
        for p in self.players:
            if p not in self.bids:
                return Decision(p, "bid", self.round)

    def legal_actions(self):
        d = self.decision()
        return sorted(self.hands[d.player]) if d else []

    def apply_action(self, card):
        d = self.decision()
        if card not in self.hands[d.player]:
            raise Illegal(self.round, d.player, str(card), "hand", f"card {card} is not in {d.player}'s hand")
        self.hands[d.player].discard(card)
        self.bids[d.player] = card
        events = [Event("bid", {"player": d.player})]
        if len(self.bids) == 2:
            for p in sorted(self.bids, key=lambda p: -self.bids[p]):
                (value,) = self.chance.roll(1, 6)
                self.score[p] += value
                events.append(Event("score", {"player": p, "roll": value}))
                if self.score[p] >= 10:
                    self.winner = p
                    break
            self.bids = {}
            self.round += 1
            if not self.winner and not any(self.hands.values()):
                self.hands = {"north": {1, 2}, "south": {3, 4}}
        return events

    def is_terminal(self):
        return self.winner is not None


def test_illegal_choice_is_a_value_with_round_player_card_rule_reason():
    g = BidAndRoll(1)
    with pytest.raises(Illegal) as exc:
        g.apply_action(99)
    err = exc.value
    assert (err.round, err.player, err.rule) == (1, "north", "hand")
    assert str(err) == "round 1, north plays 99: card 99 is not in north's hand"


def test_same_seed_same_game_and_every_chance_is_an_event():
    a = playout(BidAndRoll(5), random.Random(2))
    b = playout(BidAndRoll(5), random.Random(2))
    assert a.winner == b.winner and a.score == b.score
    assert [e.data for e in a.chance.events] == [e.data for e in b.chance.events]
    assert a.chance.events[0].kind == "shuffle" and any(e.kind == "roll" for e in a.chance.events)


def test_random_playouts_end():
    for seed in range(200):
        g = playout(BidAndRoll(seed), random.Random(seed), max_steps=1000)
        assert g.is_terminal() and max(g.score.values()) >= 10


def test_a_roll_draws_what_randint_draws():
    # Chance.roll draws 1 + _randbelow(sides), randint's own draw without its checks: the dice of
    # every seed stay those of randint (a Python whose randint drew otherwise would change games).
    for seed in range(50):
        for sides in (2, 6, 10, 20):
            rng = random.Random(seed)
            expected = tuple(rng.randint(1, sides) for _ in range(4))
            assert Chance(seed).roll(4, sides) == expected


def test_a_shuffle_orders_the_deck_as_random_shuffle_does():
    # Chance.shuffle writes random.Random.shuffle's swaps out (the same bits, the same order): every
    # seed keeps its decks (a Python whose shuffle drew otherwise would change games).
    for seed in range(60):
        for size in (0, 1, 2, 3, 7, 16, 33, 64, 100):
            expected = list(range(size))
            random.Random(seed).shuffle(expected)
            assert Chance(seed).shuffle(range(size)) == expected
