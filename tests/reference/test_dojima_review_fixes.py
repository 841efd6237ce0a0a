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
    assert "Green and Red (5, adjacent) grow 1 rice each." in t


def test_dojima_capped_sowers_are_told_in_one_sentence():
    """Round 6: the Sow Advisor on 1; Blue (5 rice) and Green (4 rice) sow on 1, active, 3 rice each, and
    the track «6 rice» caps them at 6: room for 1 and 2."""
    t = text("dojima")
    assert "Blue and Green (1, active) have room for only 1 and 2 of the 3 rice: the track stops at 6." in t


def test_dojima_two_player_mode_says_there_is_no_draft():
    t = text("dojima")
    assert "There is no draft and no black die: phase 1 is skipped" in t
