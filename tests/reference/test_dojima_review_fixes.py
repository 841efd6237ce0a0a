"""Review R-sv-dojima (issue 25), Dôjima: rules the booklet stated short or loosely, read back from the PDF."""

import pytest

from tests.reference.test_booklet_wording import text

pytestmark = pytest.mark.slow


def test_dojima_glossary_first_player_alternates_with_two_players():
    """Rulebook, two players: the first player card «alternates»; the Saboteur's holder does not take it."""
    t = text("dojima")
    assert "else to the left; with two players it changes hands every round." in t
    assert "last player. The player on the first player’s right" in t


def test_dojima_idle_saboteur_and_sake_seller_are_told_to_change_nothing():
    """Round 3 (six-players.toml): the Saboteur and the hidden Sake Seller both stand on 5, the Sow Advisor
    on 4. They only act on «the basic advisor» of their field; none is on 5, so the Sowers on 5 grow 1 as
    adjacent to 4 (Green and Red), worked by hand: 4 ± 1 = 3 and 5."""
    t = text("dojima")
    assert "The Saboteur and the Sake Seller on field 5 find no basic advisor there and change nothing." in t
    assert "Green, Red and Purple (5, adjacent): Green and Red grow 1 rice each;" in t


def test_dojima_capped_sowers_are_told_in_one_sentence():
    """Round 6: the Sow Advisor on 1; Blue (5 rice) and Green (4 rice) sow on 1, active, 3 rice each, and
    the track «6 rice» caps them at 6: room for 1 and 2."""
    t = text("dojima")
    assert "Blue and Green have room for only 1 and 2 of the 3 rice (the track stops at 6)" in t


def test_dojima_two_player_mode_says_there_is_no_draft():
    t = text("dojima")
    assert "There is no draft and no black die: phase 1 is skipped" in t


# -- review R2-dojima (issue 25), second reading -------------------------------------------------


def test_dojima_tables_after_a_seasons_last_round_say_they_hold_the_new_seasons_water():
    """R2 item 1. Rulebook: each player gains «1 unit of water» in summer, 3 in autumn, and the
    track holds at most 8 (paraphrased). Worked by hand from six-players.toml: Blue ends round 4 with
    5 + 1 = 6 water (Waterer on 5, active); + 3 for autumn = 9, cut to 8, so Blue gains 2. Yellow (7 + 1 = 8)
    and Orange (8, already full) gain none. Red (8 − 3 = 5) gains all 3. The table, which prints the
    autumn figures, is titled for the start of autumn, not "After the round"."""
    t = text("dojima")
    assert "At the start of summer." in t and "At the start of autumn." in t
    assert "Refill: 8 Ryô, and 3 water each, up to 8 (Blue gains 2, Yellow and Orange none)." in t
    assert "Red gains" not in t


def test_dojima_round_three_note_no_longer_comments_on_round_four():
    """R2 item 2: a note on round 3 spoke of Orange's move in round 4; it is now round 4's own note."""
    import tomllib

    from pnp.catalog import find_game
    rounds = tomllib.loads((find_game("dojima") / "samples" / "six-players.toml").read_text())["round"]
    assert "round 4" not in rounds[2]["note"]
    assert "Orange" in rounds[3]["note"] and "Imperial" in rounds[3]["note"]


def test_dojima_two_player_round_is_told_to_its_end():
    """R2 item 3 and old item 18. Rulebook, two players: the Beggar pays the player «who is not
    the first» (paraphrased). Worked by hand from two-players.toml, round 1: the Sake Seller's 5 meets the Water
    Advisor's 5, so 4 and 6 pay as active (both Waterers on 4 gain 1 water, 6 → 7); the Beggar's 5 shares
    its field with the Water Advisor, so it pays nothing, though Blue (Red is first player) was its payee;
    the Saboteur's 3 finds no basic advisor. Both Merchants on 1 (active) sell 3 rice for 2 Ryô, so the
    reserve goes 6 → 2, and Red ends with 2 + 3 − 3 = 2 rice, Blue with 2 + 1 − 3 = 0."""
    t = text("dojima")
    assert ("The Sake Seller already stands there, so the Water Advisor’s fields swap: fields 4 and 6 pay as "
            "active, field 5 as adjacent. Red and Blue (4, active) gain 1 water each.") in t
    assert ("The Water Advisor shares field 5, so the Beggar pays nothing; alone on its field it would have "
            "paid Blue, who is not first player.") in t
    assert "The Saboteur on field 3 finds no basic advisor there and changes nothing." in t
    assert "Red and Blue (1, active) sell 3 rice for 2 Ryô each." in t
    assert "Reserve: 6 → 2 Ryô. The first-player card goes to Blue." in t
    assert "Red ends it with 7 water, 2 rice and 2 Ryô; Blue ends it with 7 water, 0 rice and 2 Ryô." in t


def test_dojima_the_last_player_turning_up_the_hidden_advisor_is_one_sentence():
    """R2 item 4: Green, the last player of round 2, reveals its Saboteur and then turns up the hidden
    Sake Seller (the last player rolls «the neutral die» for the hidden one too)."""
    t = text("dojima")
    assert ("Green reveals the Saboteur on field 6 and, as last player, turns up the hidden Sake Seller on "
            "field 3, the black die.") in t
    assert "Green turns up the hidden" not in t
    assert "moves their Sower from field 6 to field 5" in t and "moves the Sower" not in t


def test_dojima_workers_on_one_field_are_told_together():
    """R2 items 5 and 6. Round 5 D: Market Advisor on 2; Purple's Merchant on 3 and the other five on 1 are
    all adjacent (2 ± 1), one sale of 1 rice for 1 Ryô each. Round 3 C: Water Advisor on 3, active; Green
    had 5 water (gains 1), Orange and Red 8 (the track is full): one sentence for field 3."""
    t = text("dojima")
    assert ("Purple on 3 and Orange, Red, Blue, Green and Yellow on 1, all on adjacent fields, sell 1 rice for "
            "1 Ryô each.") in t
    assert "Green, Orange and Red (3, active): Green gains 1 water; Orange and Red are already at 8 water." in t
    assert "(1), Red (1)" not in t


def test_dojima_a_hidden_beggar_says_it_pays_nobody():
    """R2 item 7. Rulebook: the Beggar pays «the player who chose it»; hidden, nobody did. Round 5: the Sow
    and Water Advisors are both on 6, the black die's field, so it would pay nothing anyway."""
    t = text("dojima")
    assert ("Nobody holds it, so it pays nobody (the Sow Advisor and the Water Advisor share field 6 in any "
            "case).") in t


def test_dojima_legend_says_unnamed_advisors_do_nothing():
    """R2 item 9."""
    assert "An advisor the caption does not name has no effect in the step drawn." in text("dojima")


def test_dojima_reveal_steps_print_their_letters_as_markers():
    """R2 item 10: "A." to "E." stand where the bullet would, in the rules and in the turn summary."""
    from tests.reference.booklet_text import lines
    found = [ln.text for ln in lines("dojima", "en") if ln.item]
    for letter, start in (("A.", "Saboteur and Sake Seller are revealed"), ("E.", "Beggar.")):
        assert any(x.startswith(f"{letter} {start}") for x in found), (letter, start)
    assert not any(x.startswith("• A.") or x.startswith("• B.") for x in found)


def test_dojima_turn_summary_says_what_step_a_does():
    """R2 item 11. Rulebook: the Saboteur «blocks the adjacent fields» of the basic advisor on its field,
    the Sake Seller trades the active field's effect with «the adjacent fields» (paraphrased)."""
    assert "A. Saboteur: only the active field pays. Sake Seller: active and adjacent swap." in text("dojima")


def test_dojima_opening_order_and_named_card_pictures():
    """R2 items 12 and 14: the aim comes before the components; the cards pictured carry their names."""
    t = text("dojima")
    assert t.index("The aim") < t.index("Components") < t.index("The cards")
    cards = t[t.index("The cards"):t.index("Setup")]
    assert cards.count("Waterer") >= 3      # the heading's list, the card's own name and its caption
    assert "Each round, each player rolls three worker dice and three advisor dice." in t
