"""Daimyo's definitions: 48 cards with their marks, 24 Han tiles, boards, pieces and maps."""

from collections import Counter

import pytest

from pnp.model import load_game
from pnp.paths import cards_dir

BALANCED = {  # the rulebook's balanced-start tables
    2: {1: "A1 A4 A6 B2 B3 C2 D1 E2", 2: "A2 A3 A5 B1 B4 C1 D2 E1"},
    3: {1: "A1 A6 A9 B3 B5 C3 D2 E1", 2: "A2 A4 A8 B2 B4 C2 D1 E3", 3: "A3 A5 A7 B1 B6 C1 D3 E2"},
    4: {1: "A1 A8 A12 B4 B6 C4 D3 E2", 2: "A2 A7 A11 B3 B5 C1 D4 E3", 3: "A3 A5 A10 B2 B7 C2 D1 E4",
        4: "A4 A6 A9 B1 B8 C3 D2 E1"},
}


@pytest.fixture(scope="module")
def daimyo():
    return load_game(cards_dir() / "daimyo")


def test_forty_eight_cards_by_deck(daimyo):
    decks = Counter(c.back_key for c in daimyo.cards)
    assert decks == {"basic": 32, "special": 8, "mastery": 8}
    letters = Counter(c.type.letter for c in daimyo.cards if c.back_key == "basic")
    assert letters == {"A": 12, "B": 8, "C": 4, "D": 4, "E": 4}
    assert [c.label for c in daimyo.cards if c.back_key == "special"] == [f"F{i}" for i in range(1, 9)]
    assert len({c.label for c in daimyo.cards}) == 48


def test_player_count_marks_follow_the_ruling(daimyo):
    marks = {c.label: c.players for c in daimyo.cards if c.back_key == "basic"}
    two = {"A1", "A2", "A3", "A4", "A5", "A6", "B1", "B2", "B3", "B4", "C1", "C2", "D1", "D2", "E1", "E2"}
    three = {"A7", "A8", "A9", "B5", "B6", "C3", "D3", "E3"}
    assert {k for k, v in marks.items() if v == 2} == two
    assert {k for k, v in marks.items() if v == 3} == three
    assert {k for k, v in marks.items() if v == 4} == set(marks) - two - three


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_marks_give_the_balanced_start_hands(daimyo, players):
    hands = {}
    for c in daimyo.cards:
        for n, seat in c.deal:
            if n == players:
                hands.setdefault(seat, set()).add(c.label)
    assert hands == {seat: set(cards.split()) for seat, cards in BALANCED[players].items()}


def test_mastery_cards_carry_their_kanji(daimyo):
    masters = [c for c in daimyo.cards if c.back_key == "mastery"]
    assert len(masters) == 8 and all(c.type.kanji.endswith("の巧") for c in masters)
    assert {c.type.subtitle["en"] for c in masters} >= {"Kihei no Shō", "Heihō no Shō"}


def test_tiles_pieces_and_maps(daimyo):
    assert daimyo.tiles.neutral + 4 * daimyo.tiles.per_clan == 24
    assert Counter(c.piece.id for c in daimyo.counters) == {"daimyo": 4, "bushi": 48, "ronin": 3}
    sizes = {m.players: (len(m.neutral), len(m.seats)) for m in daimyo.maps.maps}
    assert sizes == {2: (3, 2), 3: (6, 3), 4: (8, 4)}
