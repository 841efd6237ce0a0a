"""One scenario per rule and card of the rulebook (seeds/004), each from a stated position, with
the outcome worked out by hand from the rule summarised above it. RULINGS.md rulings are named as such."""

import pytest

from pnp.engine.core import Illegal
from pnp.games.shogun_solitaire.rules import rank

from .helpers import at, run

FILL = ["kato-cavalry", "kato-soldier", "kato-cavalry", "kato-soldier", "kato-cavalry", "kato-soldier"]


def refused(state, action, rule):
    with pytest.raises(Illegal) as exc:
        state.apply_action(action)
    assert exc.value.rule == rule
    return exc.value


def test_three_of_a_colour_seize_the_nearest_objective_and_clear_the_play_area():
    # «three unbroken same-colour cards take that clan's lowest open objective, and every card in the play area then
    # leaves the game for good.» (rulebook, "Seizing Objectives")
    s = at(["takeda-cavalry", "envoy", "envoy", "envoy", "envoy"], FILL, row=["takeda-soldier", "takeda-samurai"])
    run(s, "play takeda-cavalry")
    assert s.held["takeda"] == {0} and s.row == []
    assert sorted(s.removed[-3:]) == ["takeda-cavalry", "takeda-samurai", "takeda-soldier"]
    assert "takeda-soldier" not in s.discard
    assert s.hand.count("envoy") == 4 and len(s.hand) == 5


def test_an_intervening_colour_breaks_the_run():
    # «the three cards must be consecutive; any other card between them spoils the sequence.» (rulebook, "Seizing
    # Objectives")
    s = at(["takeda-cavalry"] + ["envoy"] * 4, FILL, row=["takeda-soldier", "hojo-cavalry", "takeda-samurai"])
    run(s, "play takeda-cavalry")
    assert s.held["takeda"] == set() and len(s.row) == 4


def test_first_and_third_may_share_a_type():
    # «a repeated type is fine when it sits in positions one and three.» (rulebook, "Seizing Objectives")
    s = at(["hojo-soldier"] + ["envoy"] * 4, FILL, row=["hojo-soldier", "hojo-cavalry"])
    run(s, "play hojo-soldier")
    assert s.held["hojo"] == {0}


def test_no_two_of_a_type_side_by_side_whatever_the_colour():
    # «neighbouring cards may never share a type, even across colours.» (rulebook, "Playing a Shogun Card")
    s = at(["takeda-soldier"] + ["envoy"] * 4, FILL, row=["hojo-soldier"])
    e = refused(s, "play takeda-soldier", "same-type")
    assert "soldier" in e.reason


def test_ninja_keeps_the_run_alive_but_does_not_count():
    # «a Ninja extends a colour sequence without counting toward the three, so soldier-Ninja-samurai takes nothing
    # yet; a further card of that colour (other than a samurai or Ninja) completes it.» (rulebook, "Playing a Shogun
    # Card" (Ninja example))
    s = at(["takeda-ninja", "takeda-samurai", "takeda-cavalry", "envoy", "envoy"], FILL,
           row=["takeda-soldier", "takeda-ninja", "takeda-samurai"])
    assert s.held["takeda"] == set()
    refused(s.clone(), "play takeda-samurai", "same-type")
    t = run(s.clone(), "play takeda-ninja")
    assert t.held["takeda"] == set()
    run(s, "play takeda-cavalry")
    assert s.held["takeda"] == {0}


def test_a_ninja_of_another_colour_breaks_the_run():
    # Ruling (Runs): «a Ninja of another colour breaks a run.»
    s = at(["hojo-cavalry"] + ["envoy"] * 4, FILL, row=["hojo-soldier", "hojo-samurai", "takeda-ninja"])
    run(s, "play hojo-cavalry")
    assert s.held["hojo"] == set()


def test_a_ninja_between_two_soldiers_lets_the_run_seize():
    # Ruling (Runs): «the only type rule is adjacency.»
    s = at(["amago-soldier"] + ["envoy"] * 4, FILL, row=["amago-cavalry", "amago-soldier", "amago-ninja"])
    run(s, "play amago-soldier")
    assert s.held["amago"] == {0}


def test_a_ninja_between_two_soldiers_keeps_them_apart_but_the_run_still_needs_three():
    # «three non-Ninja cards in single color sequence» (rulebook, "Playing a Shogun Card"). By hand: Soldier,
    # Ninja, Soldier of one clan is legal (the Soldiers are not neighbours) but counts two cards, so it seizes
    # nothing; with a Cavalry of that clan before them it counts three and takes the port.
    alone = at(["kato-soldier"] + ["envoy"] * 4, FILL, row=["kato-soldier", "kato-ninja"])
    run(alone, "play kato-soldier")
    assert alone.held["kato"] == set() and len(alone.row) == 3
    led = at(["kato-soldier"] + ["envoy"] * 4, FILL, row=["kato-cavalry", "kato-soldier", "kato-ninja"])
    run(led, "play kato-soldier")
    assert led.held["kato"] == {0} and led.row == []


def test_leader_is_wild_in_its_own_colour():
    # «the Leader stands in for any card type of its own clan.» (rulebook, "Shogun Cards")
    s = at(["kato-leader"] + ["envoy"] * 4, FILL, row=["kato-soldier", "kato-cavalry"])
    refused(s.clone(), "play kato-leader as cavalry", "same-type")
    refused(s.clone(), "play kato-leader", "declaration")
    run(s, "play kato-leader as samurai")
    assert s.held["kato"] == {0}


def test_fleet_is_wild_in_any_colour():
    # «the Fleet stands in for any Shogun card of any clan.» (rulebook, "Shogun Cards")
    s = at(["fleet"] + ["envoy"] * 4, FILL, row=["amago-soldier", "amago-cavalry"])
    refused(s.clone(), "play fleet as amago-cavalry", "same-type")
    run(s, "play fleet as amago-soldier")
    assert s.held["amago"] == {0}


def test_envoys_cannot_be_played_or_discarded_alone():
    # «Envoys sit in the hand unusable; only a whole-hand discard gets rid of them.» (rulebook, "Neutral Envoy Card
    # Effects")
    s = at(["envoy", "hojo-soldier", "hojo-soldier", "hojo-soldier", "hojo-soldier"], FILL)
    refused(s.clone(), "play envoy", "not-playable")
    refused(s.clone(), "discard envoy", "not-playable")
    run(s, "discard hand")
    assert "envoy" in s.discard and "envoy" not in s.hand


def test_discard_example_blue_cavalry_for_a_purple_samurai():
    # «ditching the blue Cavalry draws a purple samurai, which then completes the purple attack.» (rulebook,
    # "Discarding A Card" (example))
    hand = ["envoy", "hojo-soldier", "hojo-soldier", "kato-samurai", "takeda-cavalry"]
    s = at(hand, ["amago-samurai", *FILL],
           row=["takeda-soldier", "takeda-cavalry", "amago-soldier", "amago-cavalry"])
    run(s, "discard takeda-cavalry")
    assert "amago-samurai" in s.hand and s.discard == ["takeda-cavalry"]
    run(s, "play amago-samurai")
    assert s.held["amago"] == {0}


def test_ninja_discard_reveals_four_discards_a_shogun_card_and_reorders():
    # «discarding a Ninja shows the top 4 deck cards; one Shogun card among them goes to the discard and the
    # remaining three return on top in an order you pick.» (rulebook, "Discarding A Card")
    s = at(["hojo-ninja"] + ["envoy"] * 4, ["raid", "hojo-cavalry", "kato-leader", "takeda-soldier", *FILL])
    run(s, "discard hojo-ninja")
    assert s.pending == "ninja" and s.revealed == ["raid", "hojo-cavalry", "kato-leader", "takeda-soldier"]
    refused(s.clone(), "ninja: top raid hojo-cavalry kato-leader takeda-soldier", "ninja-order")
    # Ruling: «the draw right after the reorder is exempt, so the Raid on top is set aside.»
    run(s, "ninja: discard takeda-soldier, top raid hojo-cavalry kato-leader")
    assert "takeda-soldier" in s.discard and "hojo-cavalry" in s.hand and s.pending == "turn"
    assert "raid" in s.deck and s.striking is None


def test_ninja_power_only_on_a_single_discard():
    # Ruling: «not on a whole-hand discard.»
    s = at(["hojo-ninja"] + ["hojo-soldier"] * 4, FILL)
    run(s, "discard hand")
    assert s.pending == "turn" and s.revealed == []


def test_raid_met_by_discarding_the_hand():
    # «throw away the Raid plus your hand and draw 5 fresh cards, putting any enemy drawn to one side (to be
    # shuffled back) and drawing a replacement.» (rulebook, "Raid cards", first option)
    s = at(["hojo-cavalry", "envoy", "envoy", "kato-soldier", "kato-cavalry"],
           ["raid", "takeda-soldier", "assassin", "takeda-cavalry", "amago-soldier", "amago-cavalry", "fleet",
            "hojo-soldier"])
    run(s, "play hojo-cavalry")
    assert s.pending == "raid" and s.striking == "raid"
    run(s, "raid: hand")
    assert sorted(s.hand) == ["amago-cavalry", "amago-soldier", "fleet", "takeda-cavalry", "takeda-soldier"]
    assert "envoy" in s.discard and "raid" in s.discard and "assassin" in s.deck


def test_raid_met_through_the_deck():
    # «throw away the Raid plus the first 5 non-enemy deck cards; enemies turned up are shuffled back, then one card
    # is drawn to refill the hand.» (rulebook, "Raid cards", second option)
    deck = ["raid", "a", "b", "ronin", "c", "d", "e", "hojo-soldier", "kato-soldier", "kato-soldier"]
    names = {"a": "takeda-soldier", "b": "envoy", "c": "amago-soldier", "d": "fleet", "e": "hojo-ninja"}
    s = at(["hojo-cavalry", "envoy", "envoy", "kato-soldier", "kato-cavalry"], [names.get(c, c) for c in deck])
    run(s, "play hojo-cavalry", "raid: deck")
    assert s.discard[-6:] == ["raid", "takeda-soldier", "envoy", "amago-soldier", "fleet", "hojo-ninja"]
    # the Ronin went back into the deck (shuffled), and one card was drawn
    assert len(s.hand) == 5 or s.pending == "ronin"
    assert s.places()["ronin"] == 2


def test_raid_met_with_a_samurai_wilds_never_stop_it():
    # «a Samurai in hand cancels the Raid; both go to the discard and two cards are drawn.» (rulebook, "Raid cards",
    # third option) Ruling: «wilds never stop a Raid.»
    s = at(["hojo-cavalry", "kato-samurai", "fleet", "kato-leader", "envoy"],
           ["raid", "takeda-soldier", "amago-soldier", *FILL])
    run(s, "play hojo-cavalry")
    assert s.legal_actions() == ["raid: hand", "raid: deck", "raid: samurai kato-samurai"]
    run(s, "raid: samurai kato-samurai")
    assert sorted(s.hand) == ["amago-soldier", "envoy", "fleet", "kato-leader", "takeda-soldier"]
    t = at(["hojo-cavalry", "fleet", "kato-leader", "envoy", "envoy"], ["raid", *FILL])
    run(t, "play hojo-cavalry")
    refused(t, "raid: samurai kato-leader", "raid-answer")


def test_assassin_takes_a_leader_from_the_hand():
    # «with a Leader in hand, that Leader and the Assassin are discarded and two cards are drawn.» (rulebook,
    # "Assassin Cards")
    s = at(["hojo-cavalry", "kato-leader", "envoy", "envoy", "envoy"], ["assassin", "takeda-soldier", "amago-soldier"])
    run(s, "play hojo-cavalry")
    refused(s.clone(), "assassin: last", "assassin-target")
    run(s, "assassin: kato-leader")
    assert s.discard == ["kato-leader", "assassin"] and s.row[0].card == "hojo-cavalry"
    assert sorted(s.hand) == ["amago-soldier", "envoy", "envoy", "envoy", "takeda-soldier"]


def test_assassin_without_a_leader_takes_the_last_played_card():
    # «with no Leader in hand, the Assassin takes the most recently played Shogun card with it to the discard.»
    # (rulebook, "Assassin Cards")
    s = at(["hojo-cavalry", "envoy", "envoy", "envoy", "envoy"], ["assassin", "takeda-soldier"],
           row=["hojo-soldier"])
    run(s, "play hojo-cavalry", "assassin: last")
    assert [r.card for r in s.row] == ["hojo-soldier"] and s.discard == ["hojo-cavalry", "assassin"]


def test_assassin_with_neither_discards_only_itself():
    # Ruling: «with neither a Leader in hand nor a card in the play area, only the Assassin goes.»
    s = at(["hojo-cavalry", "envoy", "envoy", "envoy", "envoy"], FILL, row=["hojo-soldier", "hojo-samurai"])
    run(s, "play hojo-cavalry")          # seizes: the play area is empty
    s.hand.remove(s.hand[0])
    s.deck[:0] = ["assassin"]
    s.removed.remove("assassin")
    s.events += s._fill(exempt=False)
    assert s.legal_actions() == ["assassin: none"]
    run(s, "assassin: none")
    assert s.discard[-1] == "assassin"


def test_ronin_returns_a_chosen_counter_and_unifies_no_more():
    # «you hand back one seized counter of your choosing.» (rulebook, "Ronin Cards") Ruling: «a unified board turns
    # back; the next seize takes the lowest open objective.»
    s = at(["hojo-cavalry", "envoy", "envoy", "envoy", "envoy"], ["ronin", "kato-soldier", "kato-cavalry"],
           held={"hojo": ["port", "village", "castle"], "kato": ["port"]})
    run(s, "play hojo-cavalry")
    assert s.legal_actions() == ["ronin: hojo port", "ronin: hojo village", "ronin: hojo castle", "ronin: kato port"]
    run(s, "ronin: hojo village")
    assert s.held["hojo"] == {0, 2} and s.score == 3


def test_ronin_with_no_counter_is_ignored():
    # «with nothing seized the Ronin has no effect; discard it and draw once.» (rulebook, "Ronin Cards")
    s = at(["hojo-cavalry", "envoy", "envoy", "envoy", "envoy"], ["ronin", "kato-soldier"])
    run(s, "play hojo-cavalry")
    assert s.legal_actions() == ["ronin: none"]
    run(s, "ronin: none")
    assert "kato-soldier" in s.hand and s.discard == ["ronin"]


def test_whole_hand_discard_sets_enemies_aside_and_shuffles_them_back():
    # «redraw 5 as at setup, with enemies held apart and shuffled into the deck once the hand is full.» (rulebook,
    # "Discard Your Whole Hand")
    s = at(["envoy"] * 2 + ["hojo-soldier"] * 3, ["raid", "kato-soldier", "kato-cavalry", "ronin", "fleet",
                                                  "amago-soldier", "amago-cavalry", *FILL])
    run(s, "discard hand")
    assert sorted(s.hand) == sorted(["kato-soldier", "kato-cavalry", "fleet", "amago-soldier", "amago-cavalry"])
    assert s.pending == "turn" and "raid" in s.deck and "ronin" in s.deck


def test_the_game_ends_when_the_deck_cannot_fill_the_hand():
    # «once the deck is too short to refill the hand, play stops at once.» (rulebook, "Sequence of Play" (IMPORTANT
    # note)) Ruling: «without drawing.»
    s = at(["hojo-cavalry", "envoy", "envoy", "envoy", "envoy"], [], held={"kato": ["port", "village"]})
    run(s, "play hojo-cavalry")
    assert s.is_terminal() and not s.won and s.score == 2 and len(s.hand) == 4
    t = at(["envoy"] * 4 + ["hojo-cavalry"], ["hojo-soldier"] * 4)
    run(t, "discard hand")
    assert t.is_terminal() and t.deck == ["hojo-soldier"] * 4


def test_twelfth_objective_wins_at_once_even_with_an_empty_deck():
    # «unifying all four clans is an instant win, even before a refill.» (rulebook, "Winning")
    held = {c: ["port", "village", "castle"] for c in ("hojo", "takeda", "kato")} | {"amago": ["port", "village"]}
    s = at(["amago-soldier", "envoy", "envoy", "envoy", "envoy"], [], row=["amago-cavalry", "amago-samurai"], held=held)
    run(s, "play amago-soldier")
    assert s.is_terminal() and s.won and s.score == 12 and rank(s.score) == "Supreme Shogun"


def test_a_unified_clan_seizes_nothing():
    # Ruling: «cards of a unified clan may be played but seize nothing.»
    s = at(["hojo-cavalry"] + ["envoy"] * 4, FILL, row=["hojo-soldier", "hojo-samurai"],
           held={"hojo": ["port", "village", "castle"]})
    run(s, "play hojo-cavalry")
    assert s.score == 3 and len(s.row) == 3


def test_a_run_longer_than_three_seizes_once_a_ronin_gives_an_objective_back():
    # Ruling (A run longer than three): «any card that ends a same-colour run of three or more non-Ninja cards
    # seizes, while that clan has an objective on its board.»
    # Hōjō is unified, so its run of three seized nothing and a fourth Hōjō card makes it four. The Ronin drawn
    # then takes back the village: the run stays as it was (only a card played seizes). The next Hōjō card played
    # at its end, a Soldier or even a Ninja, seizes the village and clears the five cards out of the game.
    s = at(["hojo-cavalry", "hojo-soldier", "hojo-ninja", "envoy", "envoy"], ["ronin", *FILL],
           row=["hojo-soldier", "hojo-cavalry", "hojo-samurai"], held={"hojo": ["port", "village", "castle"]})
    run(s, "play hojo-cavalry")
    assert len(s.row) == 4 and s.pending == "ronin"
    run(s, "ronin: hojo village")
    assert s.held["hojo"] == {0, 2} and len(s.row) == 4 and s.pending == "turn"
    ninja = run(s.clone(), "play hojo-ninja")
    assert ninja.held["hojo"] == {0, 1, 2} and ninja.row == []
    run(s, "play hojo-soldier")
    assert s.held["hojo"] == {0, 1, 2} and s.row == []
    assert sorted(s.removed[-5:]) == ["hojo-cavalry", "hojo-cavalry", "hojo-samurai", "hojo-soldier", "hojo-soldier"]


def test_the_samurai_stops_raids_only():
    # Ruling (The Samurai stops Raids only): «the Assassin and the Ronin offer no choice.» With a Samurai in hand the
    # Assassin still takes the Leader, and the Ronin still takes the counter back.
    s = at(["hojo-cavalry", "kato-samurai", "kato-leader", "envoy", "envoy"], ["assassin", *FILL])
    run(s, "play hojo-cavalry")
    assert s.legal_actions() == ["assassin: kato-leader"]
    refused(s, "assassin: kato-samurai", "assassin-target")
    run(s, "assassin: kato-leader")
    assert "kato-samurai" in s.hand and s.discard == ["kato-leader", "assassin"]
    t = at(["hojo-cavalry", "kato-samurai", "envoy", "envoy", "envoy"], ["ronin", *FILL], held={"kato": ["port"]})
    run(t, "play hojo-cavalry")
    assert t.legal_actions() == ["ronin: kato port"]
    refused(t, "ronin: none", "ronin-target")
    run(t, "ronin: kato port")
    assert t.score == 0 and "kato-samurai" in t.hand


def test_the_draw_after_a_raid_met_through_the_deck_is_an_ordinary_draw():
    # Ruling: «The draw that replaces a Raid met through the deck is an ordinary draw: an enemy drawn then strikes
    # (the exempt draws are the opening deal, a whole-hand refill and the draw after a Ninja reorder).»
    # The Raid is met through the deck: its five next cards are Shogun and Envoy cards, discarded with it (no enemy
    # among them, so nothing is shuffled). The card drawn to replace the Raid is the Assassin: it strikes, and with
    # no Leader in hand it takes the Hōjō Cavalry just played.
    s = at(["hojo-cavalry", "envoy", "envoy", "kato-soldier", "kato-cavalry"],
           ["raid", "takeda-soldier", "envoy", "amago-soldier", "fleet", "hojo-ninja", "assassin", *FILL])
    run(s, "play hojo-cavalry", "raid: deck")
    assert s.discard == ["raid", "takeda-soldier", "envoy", "amago-soldier", "fleet", "hojo-ninja"]
    assert s.pending == "assassin" and s.striking == "assassin" and s.aside == []
    assert s.legal_actions() == ["assassin: last"]
    run(s, "assassin: last")
    assert s.row == [] and s.discard[-2:] == ["hojo-cavalry", "assassin"] and len(s.hand) == 5


@pytest.mark.parametrize("score,name", [(12, "Supreme Shogun"), (11, "Shogun"), (10, "Shogun"),
                                        (9, "Weak Shogun"), (8, "Total Defeat"), (0, "Total Defeat")])
def test_ranks(score, name):
    # «one point per objective; 0-8 Total Defeat, 9 Weak Shogun, 10-11 Shogun, 12 Supreme Shogun.» (rulebook,
    # "Winning")
    assert rank(score) == name
