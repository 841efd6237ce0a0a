"""A numbered list prints its numbers as its markers: "1. Lay a card.", never "• 1. Lay a card." (issue 25
review: Samurai Vassal's three steps of a round, its resolution steps and the Dôjima and Samurai Vassal
turn summaries printed a bullet before each number). Read back from the printed booklets and the kit's
reference card."""

import re

import pytest

from pnp.catalog import find_game
from pnp.draw.shapes import Text
from pnp.kit.aidcard import aid_card
from pnp.model.game import load_game
from pnp.reference.flow import list_marker
from pnp.reference.markup import Block, parse
from tests.reference.booklet_text import BOOKLETS, lines

BULLET_THEN_NUMBER = re.compile(r"•\s*\d{1,2}\.")


@pytest.mark.slow
@pytest.mark.parametrize(("gid", "lang"), BOOKLETS)
def test_no_bullet_stands_before_a_number(gid, lang):
    bad = [f"p{ln.page + 1}: {ln.text[:50]!r}" for ln in lines(gid, lang) if BULLET_THEN_NUMBER.match(ln.text)]
    assert not bad, "\n".join(bad)


@pytest.mark.slow
def test_numbered_steps_print_their_numbers_as_markers():
    """Samurai Vassal's round (rules.en.md "- **1. Lay a card.**"), its resolution steps ("**0.** ...")
    and Dôjima's turn summary ("**1. Draft.**"): each item opens with its number, set apart from its text
    (in the list's marker place), and the numbers run in order."""
    for gid, first, want in (("samurai-vassal", "Lay a card.", ["1.", "2.", "3."]),
                             ("samurai-vassal", "Reveal. Every player", [f"{n}." for n in range(9)]),
                             ("dojima", "Draft.", ["1.", "2.", "3.", "4.", "5."])):
        found = list(lines(gid, "en"))
        start = next(i for i, ln in enumerate(found) if ln.item and ln.text.split(" ", 1)[1].startswith(first))
        numbers = [ln.text.split(" ", 1)[0] for ln in found[start:] if ln.item][:len(want)]
        assert numbers == want, (gid, first, numbers)


def test_the_markup_reads_a_numbered_line_as_a_list_item():
    assert parse("Steps:\n\n1. Lay a card.\n2. **Approval.** Decide.\n") == [
        Block("para", "Steps:"), Block("bullet", "1. Lay a card."), Block("bullet", "2. **Approval.** Decide.")]
    assert parse("In 2024. The year.") == [Block("para", "In 2024. The year.")]     # no space: not a number


def test_an_item_opening_with_its_number_is_marked_by_it():
    assert list_marker("**1. Draft.** The first player", "•") == ("1.", "**Draft.** The first player")
    assert list_marker("**0.** Middle Player mode", "•") == ("0.", "Middle Player mode")
    assert list_marker("2. Approval.", "•") == ("2.", "Approval.")
    assert list_marker("**12**: Supreme Shogun.", "•") == ("•", "**12**: Supreme Shogun.")    # a score, not a step
    assert list_marker("3 Bushi against 1", "•") == ("•", "3 Bushi against 1")
    assert list_marker("1. Not a list item", "") == ("", "1. Not a list item")


@pytest.mark.parametrize("gid", ["dojima", "samurai-vassal"])
def test_the_reference_card_numbers_its_steps_without_a_bullet(gid):
    front, back, _aid, _where = aid_card(load_game(find_game(gid)), "en")
    texts = [s for side in (front, back) for s in side.shapes if isinstance(s, Text)]
    said = [t.string for t in texts]
    numbers = [s for s in said if re.fullmatch(r"\d{1,2}\.", s)]
    assert len(numbers) >= 3, said[:20]
    assert "•" in said            # the other lists keep their bullets
    for i, s in enumerate(said):
        if s == "•":
            assert not re.match(r"\d{1,2}\.", said[i + 1] if i + 1 < len(said) else ""), said[i:i + 2]
