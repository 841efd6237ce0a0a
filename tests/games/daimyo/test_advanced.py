"""Every Special Action card and every Mastery card, each on a hand-made position."""

import pytest

from pnp.engine import Illegal
from pnp.games.daimyo.actions import Keep, MoveBushi, MoveDaimyo, PlayCards, Recruit, Special
from pnp.games.daimyo.rules import DaimyoState
from pnp.games.daimyo.state import Options, Rules
from pnp.model import load_game
from pnp.paths import cards_dir

GAME = load_game(cards_dir() / "daimyo")


def game(mastery=None, **opts) -> DaimyoState:
    """Two players, balanced hands, Special and Mastery cards dealt, then set by hand."""
    s = DaimyoState(Rules(GAME, Options(players=2, balanced=True, special=True, mastery=True, **opts)))
    while s.phase == "setup":
        s.apply_action(Keep(s.decision().kind[5:], 1))
    for clan in ("green", "red"):
        s.hand[clan] -= {c for c in s.hand[clan] if c.startswith("F")}
    s.mastery = {"green": mastery, "red": None}
    s.phase = "play"
    s.interlude = []
    return s


def units(s, **where):
    s.bushi = {"green": {}, "red": {}}
    for tile, (clan, n) in where.items():
        s.bushi[clan][tile] = n
    for clan in ("green", "red"):
        s.area[clan] = 12 - sum(s.bushi[clan].values())


def play(s, green, red):
    for clan, cards in (("green", green), ("red", red)):
        s.hand[clan] |= set(cards)
    s.apply_action(PlayCards(tuple(green)))
    s.apply_action(PlayCards(tuple(red)))


def until(s, card):
    while s.decision().card != card:
        s.apply_action(s.legal_actions()[0])


# -- Special Action cards ---------------------------------------------------------------


def test_f1_alternative_gives_up_a_bushi_and_pushes_the_enemy():
    s = game()
    units(s, n2=("green", 2), n1=("red", 3))
    play(s, ("F1", "B2"), ("B1", "B4"))
    until(s, "F1")
    s.apply_action(Special("alternative", ("n2", "n1", "r1")))
    assert s.bushi["green"]["n2"] == 1 and s.area["green"] == 12 - 2 - 1 + 1   # B2 recruited one first
    assert s.bushi["red"]["r1"] == 3 and "n1" not in s.bushi["red"]


def test_f2_ninja_removes_two_guards():
    s = game()
    units(s, r3=("red", 3), g1=("green", 1))
    play(s, ("F2", "B2"), ("B1", "B4"))
    until(s, "F2")
    s.apply_action(Special("ninja", ("red",)))
    assert s.bushi["red"]["r3"] == 3   # red's two recruits came first (B before F): 5 guards, 2 removed


def test_f3_ronin_join_and_leave_when_alone():
    from pnp.games.daimyo import advanced
    s = game()
    units(s, g1=("green", 1))
    play(s, ("F3", "B2"), ("B1", "B4"))
    until(s, "F3")
    s.apply_action(Special("ronin"))
    assert s.ronin["green"] == {"g3": 3} and s.ronin_free == 0
    assert s.round == 2 and s.ronin["green"] == {"g3": 3}   # the Daimyo stands with them: they stay
    s.daimyo["green"] = "g2"
    s.bushi["green"].pop("g3", None)
    events = advanced.end_of_round(s)
    assert events[0].kind == "ronin-leave" and s.ronin_free == 3 and not s.ronin["green"]


def test_f4_mass_recruitment_up_to_four():
    s = game()
    units(s, g1=("green", 1), g2=("red", 1))
    play(s, ("F4", "B2"), ("B1", "B4"))
    until(s, "F4")
    before = s.area["green"]
    s.apply_action(Special("mass"))
    # ruling: one with the Daimyo (g3), then one on each own Han free of enemies, g3 again
    # included; g2 is held by red
    assert before - s.area["green"] == 3
    assert s.bushi["green"]["g1"] == 2 and s.bushi["green"]["g3"] == 3   # B2's recruit, then 2


def test_f4_mass_recruitment_short_of_bushi_lets_the_player_choose():
    """Rulebook, Mass Recruitment (F4): one new Bushi on the Daimyo's Han, «and then» one on each
    own-clan Han free of enemy units, «if possible». The Daimyo's comes first; which own Han go
    without when the Samegawa runs out is the player's choice (the booklet's Clarifications).
    9 green Bushi on n1: 3 left. B3 recruits one on g3 (2 left);
    F4's first joins the Daimyo on g3, and Green sends the last to g2."""
    s = game()
    units(s, n1=("green", 9))
    play(s, ("F4", "B3"), ("B1", "B4"))
    until(s, "F4")
    assert s.area["green"] == 2
    choices = [a for a in s.legal_actions() if isinstance(a, Special)]
    # the own Han free of enemies are g1, g2, g3 (the Daimyo's again): one of them gets the last Bushi
    assert sorted(a.args for a in choices) == [("g1",), ("g2",), ("g3",)]
    s.apply_action(Special("mass", ("g2",)))
    assert s.area["green"] == 0
    assert s.bushi["green"]["g3"] == 2 and s.bushi["green"]["g2"] == 1 and "g1" not in s.bushi["green"]


def test_f5_treachery():
    s = game()
    units(s, n2=("red", 2), g2=("green", 1))
    play(s, ("F5", "B2"), ("B1", "B4"))
    until(s, "F5")
    assert Special("treachery", ("n2", "g2")) in s.legal_actions()
    s.apply_action(Special("treachery", ("n2", "g2")))
    assert s.bushi["red"]["n2"] == 1 and s.bushi["green"]["g2"] == 2


def test_f6_strategic_retreat_moves_the_daimyo_too():
    s = game()
    units(s, g3=("green", 2), n1=("red", 1), g2=("red", 1))
    play(s, ("F6", "B2"), ("B1", "B4"))
    until(s, "F6")
    s.apply_action(Special("retreat", ("g3-g1",)))
    assert s.daimyo["green"] == "g1" and s.bushi["green"]["g1"] == 3 and "g3" not in s.bushi["green"]


def test_f7_breakdown_of_morale_needs_no_daimyo():
    s = game()
    units(s, n1=("red", 4), g1=("green", 1))
    play(s, ("F7", "B2"), ("B1", "B4"))
    until(s, "F7")
    assert Special("morale", ("r3",)) not in s.legal_actions()   # the red Daimyo is there
    s.apply_action(Special("morale", ("n1",)))
    assert s.bushi["red"]["n1"] == 1


def test_f8_forced_march_is_a_bushi_move_that_resolves_last():
    s = game()
    play(s, ("F8", "A1"), ("E1", "D2"))
    assert [c for c, _ in s.queue][-1] == "F8"
    until(s, "F8")
    assert all(isinstance(a, MoveBushi) for a in s.legal_actions())


# -- Mastery cards --------------------------------------------------------------------------


def test_kihei_cavalry_moves_one_bushi_two_han():
    s = game("kihei")
    units(s, g1=("green", 2))
    play(s, ("A1", "C2"), ("B1", "B4"))
    assert MoveBushi("g1", "n2", 1, "n1") in s.legal_actions()
    events = s.apply_action(MoveBushi("g1", "n2", 1, "n1"))
    assert s.bushi["green"] == {"g1": 1, "n2": 1} and events[0].kind == "mastery-revealed"
    until(s, "C2")
    assert any(a.via for a in s.legal_actions() if isinstance(a, MoveDaimyo))


def test_without_the_mastery_the_variant_is_refused():
    s = game(None)
    units(s, g1=("green", 2))
    play(s, ("A1", "C2"), ("B1", "B4"))
    with pytest.raises(Illegal, match="needs a Mastery card that allows it"):
        s.apply_action(MoveBushi("g1", "n2", 1, "n1"))


def test_bobi_and_heiho_change_the_counts():
    for mastery, attacker, expect in (("heiho", "green", (3, 2)), ("bobi", "red", (2, 3))):
        s = game(mastery)
        if attacker == "green":
            units(s, n2=("green", 2), n1=("red", 2))
            play(s, ("A1", "B2"), ("B1", "B4"))
            ev = s.apply_action(MoveBushi("n2", "n1"))
        else:
            units(s, n2=("red", 2), n1=("green", 2))
            play(s, ("B2", "B3"), ("A2", "B1"))
            ev = s.apply_action(MoveBushi("n2", "n1"))
        fight = [e for e in ev if e.kind == "combat"][0]
        assert (fight["attack"], fight["defence"]) == expect


def test_sambo_command_takes_a_bushi_along():
    s = game("sambo")
    units(s, g3=("green", 2))
    play(s, ("C2", "B2"), ("B1", "B4"))
    until(s, "C2")
    s.apply_action(MoveDaimyo("g3", "g1", None, True))
    assert s.daimyo["green"] == "g1" and s.bushi["green"]["g1"] == 1 and s.bushi["green"]["g3"] >= 1


def test_katsudo_movement_marches_the_whole_unit_and_loses_one():
    s = game("katsudo")
    units(s, g1=("green", 3))
    play(s, ("A1", "B2"), ("B1", "B4"))
    s.apply_action(MoveBushi("g1", "n2", 3, "n1", True))
    assert s.bushi["green"] == {"n2": 2} and s.area["green"] == 10


def test_tyouhei_recruitment_brings_a_bushi_home():
    s = game("tyouhei")
    units(s, n2=("green", 2))
    play(s, ("B2", "B3"), ("B1", "B4"))
    until(s, "B2")
    s.apply_action(Recruit("n2"))   # ruling: the whole unit on n2 comes to the Daimyo's Han
    assert s.bushi["green"] == {"g3": 2} and s.area["green"] == 10


def test_senryaku_strategy_bars_a_han_for_the_round():
    s = game("senryaku")
    units(s, g1=("green", 2), n2=("red", 1))
    s.phase = "play"
    from pnp.games.daimyo import mastery
    assert mastery.start_interlude(s, "strategy") and s.decision().kind == "strategy"
    s.apply_action(Special("bar", ("n1", "g1")))
    assert s.barred_tile == "n1" and s.bushi["green"]["g1"] == 1
    play(s, ("B2", "B3"), ("A2", "B1"))
    with pytest.raises(Illegal, match="n1 is barred this round"):
        s.apply_action(MoveBushi("n2", "n1"))


def test_gaiko_diplomacy_moves_a_neutral_han_before_the_reserves():
    s = game("gaiko")
    units(s, g1=("green", 2))
    play(s, ("B2", "B3"), ("B1", "B4"))
    while s.phase == "resolve":
        s.apply_action(s.legal_actions()[0])
    assert s.decision().kind == "diplomacy"
    choice = next(a for a in s.legal_actions() if a.name == "diplomacy")
    s.apply_action(choice)
    tile = choice.args[1]
    assert s.tile_pos[tile] == tuple(int(v) for v in choice.args[2].split(",")) and s.round == 2


def test_ronin_move_like_bushi_and_fall_first():
    s = game()
    units(s, n2=("green", 1), n1=("red", 2))
    s.ronin["green"] = {"n2": 2}
    s.ronin_free = 1
    play(s, ("A1", "B2"), ("B1", "B4"))
    assert MoveBushi("n2", "n1", 0, None, False, 2) in s.legal_actions()
    events = s.apply_action(MoveBushi("n2", "n1", 1, None, False, 2))   # 1 Bushi + 2 Rōnin against 2
    fight = [e for e in events if e.kind == "combat"][0]
    assert fight["attackers"] == 3 and fight["winner"] == "attacker" and fight["attacker_lost"] == 2
    assert s.bushi["green"].get("n1") == 1 and not s.ronin["green"] and s.ronin_free == 3
