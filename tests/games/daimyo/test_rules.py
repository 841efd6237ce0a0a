"""Daimyo rules, one test per rule, on hand-made positions."""

import pytest

from pnp.engine import Illegal
from pnp.games.daimyo.actions import MoveBushi, MoveDaimyo, MoveHan, Pass, PassCards, PlaceHan, PlayCards, Recruit
from pnp.games.daimyo.combat import combat
from pnp.games.daimyo.rules import DaimyoState
from pnp.games.daimyo.state import Options, Rules
from pnp.model import load_game
from pnp.paths import cards_dir

GAME = load_game(cards_dir() / "daimyo")


def game(players=2, **opts) -> DaimyoState:
    return DaimyoState(Rules(GAME, Options(players=players, balanced=True, **opts)))


def resolve_until(s, card):
    while s.decision().card != card:
        s.apply_action(s.legal_actions()[0])


def test_setup_2_players():
    s = game()
    assert s.rules.clans == ("green", "red")
    assert s.daimyo == {"green": "g3", "red": "r3"}       # on the tip of each triangle
    assert s.bushi["green"] == {"g1": 1, "g2": 1, "g3": 1}
    assert s.area == {"green": 9, "red": 9}
    assert len(s.han_reserve) == 9                        # 12 neutral, 3 on the map
    assert sorted(s.hand["green"]) == sorted("A1 A4 A6 B2 B3 C2 D1 E2".split())


@pytest.mark.parametrize("players,neutral", [(2, 3), (3, 6), (4, 8)])
def test_maps_and_random_deal(players, neutral):
    s = DaimyoState(Rules(GAME, Options(players=players, seed=9)))
    assert len(s.tile_pos) == neutral + 3 * players and s.connected()
    for clan in s.rules.clans:
        letters = sorted(s.rules.cards[c].letter for c in s.hand[clan])
        assert letters == ["A", "A", "A", "B", "B", "C", "D", "E"]
        assert all((s.rules.cards[c].players or 0) <= players for c in s.hand[clan])


def test_priority_letter_then_number():
    s = game()
    s.apply_action(PlayCards(("D1", "A6")))
    s.apply_action(PlayCards(("A2", "B1")))
    assert s.queue == [("A2", "red"), ("A6", "green"), ("B1", "red"), ("D1", "green")]


def test_two_player_reserves_take_both_cards_back_next_round():
    s = game()
    s.apply_action(PlayCards(("A1", "B2")))
    s.apply_action(PlayCards(("A2", "B1")))
    while s.phase == "resolve":
        s.apply_action(s.legal_actions()[0])
    assert sorted(s.reserve["red"]) == ["A1", "B2"] and sorted(s.reserve["green"]) == ["A2", "B1"]


def test_three_players_pass_one_card_left_and_one_right():
    s = game(3)
    for _clan, cards in (("green", ("A1", "B3")), ("red", ("A2", "B2")), ("yellow", ("A3", "B1"))):
        s.apply_action(PlayCards(cards))
    while s.phase == "resolve":
        s.apply_action(s.legal_actions()[0])
    assert s.decision().kind == "pass"
    with pytest.raises(Illegal, match="green must pass its two played cards"):
        s.apply_action(PassCards("A1", "A2"))
    s.apply_action(PassCards("B3", "A1"))   # B3 to the left (red), A1 to the right (yellow)
    s.apply_action(PassCards("A2", "B2"))
    s.apply_action(PassCards("A3", "B1"))
    assert "B3" in s.reserve["red"] and "A1" in s.reserve["yellow"]


def test_bushi_move_and_combat_four_against_three():
    s = game()
    s.bushi = {"green": {"n1": 3}, "red": {"n2": 4}}
    s.apply_action(PlayCards(("B2", "B3")))
    s.apply_action(PlayCards(("A2", "B1")))
    events = s.apply_action(MoveBushi("n2", "n1"))
    fight = events[-1]
    assert fight.kind == "combat" and fight["winner"] == "attacker"
    assert s.bushi["red"] == {"n1": 1} and "n1" not in s.bushi["green"]


def test_combat_daimyo_counts_and_its_loss_ends_the_game():
    assert combat(2, 1, True).winner == "tie"
    assert combat(1, 1, True).daimyo_lost is False
    s = game()
    s.bushi["red"] = {"g2": 2}
    s.bushi["green"] = {"g1": 1}
    s.apply_action(PlayCards(("B2", "B3")))
    s.apply_action(PlayCards(("A2", "B1")))
    events = s.apply_action(MoveBushi("g2", "g3"))   # 2 against Daimyo + 1 Bushi: a tie
    assert [e.kind for e in events][-2:] == ["daimyo-removed", "game-over"]
    assert s.winner == "red" and s.win_reason == "daimyo"


def test_recruit_falls_back_to_bushi_move_when_all_bushi_are_out():
    s = game()
    s.apply_action(PlayCards(("B2", "B3")))
    s.apply_action(PlayCards(("A2", "A3")))
    resolve_until(s, "B2")
    s.area["green"] = 0
    assert all(isinstance(a, MoveBushi) for a in s.legal_actions())
    with pytest.raises(Illegal, match="every green Bushi is on the map, so this card acts as Bushi Move"):
        s.apply_action(Recruit())


def test_new_han_touches_the_map_and_falls_back_to_han_move():
    s = game()
    s.apply_action(PlayCards(("D1", "E2")))
    s.apply_action(PlayCards(("D2", "E1")))
    assert s.decision().card == "D1"
    with pytest.raises(Illegal, match="must go on an empty spot touching the map"):
        s.apply_action(PlaceHan("n4", (5, 5)))
    s.apply_action(PlaceHan("n4", (0, 2)))
    assert s.tile_at[(0, 2)] == "n4"
    s.han_reserve = []
    assert s.kind("D2", "red") == "han-move"


def test_han_move_rules():
    s = game()
    for tile, at in (("n6", (0, 2)), ("n7", (0, 3))):   # a tail: lifting n6 would cut n7 off
        s.han_reserve.remove(tile)
        s.tile_pos[tile] = at
        s.tile_at[at] = tile
    s.apply_action(PlayCards(("D1", "E2")))
    s.apply_action(PlayCards(("D2", "E1")))
    s.apply_action(PlaceHan("n4", (0, -2)))           # D1
    s.apply_action(PlaceHan("n5", (3, -1)))           # D2
    assert s.decision().card == "E1"
    with pytest.raises(Illegal, match="n4 was already added or moved this round"):
        s.apply_action(MoveHan("n4", (1, 1)))
    with pytest.raises(Illegal, match="g1 holds units"):
        s.apply_action(MoveHan("g1", (3, -1)))
    with pytest.raises(Illegal, match="lifting n6 would split the map in two"):
        s.apply_action(MoveHan("n6", (-1, 2)))
    s.apply_action(MoveHan("n7", (-1, 2)))
    assert s.tile_pos["n7"] == (-1, 2) and s.connected()


def test_daimyo_move_never_attacks_and_inaccessible_clans():
    s = game(inaccessible=True)
    s.bushi["green"].pop("g2")
    s.bushi["red"] = {"g2": 1, "r1": 1, "r2": 1, "r3": 1}
    s.apply_action(PlayCards(("C2", "B2")))
    s.apply_action(PlayCards(("C1", "B1")))
    resolve_until(s, "C2")
    with pytest.raises(Illegal, match="the Daimyo cannot move into g2: enemy units hold it"):
        s.apply_action(MoveDaimyo("g3", "g2"))
    s.daimyo["green"] = "n1"
    s.bushi["red"].pop("r1")   # an empty red Han is still closed to the green Daimyo
    with pytest.raises(Illegal, match="the Daimyo cannot enter r1, a Han of the red clan"):
        s.apply_action(MoveDaimyo("n1", "r1"))


def test_fortification_adds_one_in_defence():
    s = game(fortifications=True)
    s.bushi = {"green": {"n2": 2}, "red": {"r1": 1}}
    s.apply_action(PlayCards(("A1", "B2")))
    s.apply_action(PlayCards(("B1", "B4")))
    events = s.apply_action(MoveBushi("n2", "r1"))   # 2 against 1 + 1: a tie
    assert events[-1]["winner"] == "tie" and events[-1]["defence"] == 2


def test_control_victory_needs_three_bushi_on_rival_han():
    s = game(3)
    s.bushi["green"] = {"r1": 1, "y1": 1}
    s.bushi["red"].pop("r1")
    s.bushi["yellow"].pop("y1")
    assert s.controllers() == {}
    s.bushi["green"]["r1"] = 2
    assert s.controllers() == {"green": 3}


def test_team_play_allies_never_fight():
    s = game(4, teams=True)
    assert s.rules.team("green") == s.rules.team("yellow") != s.rules.team("red")
    assert s.rules.rivals("green") == ["red", "blue"]


def test_pass_only_when_nothing_is_possible():
    s = game()
    s.apply_action(PlayCards(("A1", "B2")))
    s.apply_action(PlayCards(("B1", "B4")))
    with pytest.raises(Illegal, match="the card can be carried out, so it must be"):
        s.apply_action(Pass())
