"""Independent rules check of the Dôjima engine, written from the rulebook (seed 003) and the Dôjima
section of RULINGS.md alone, without reading the engine's rules code.

Each test states the rule it checks in our own words between « » and replays a hand-written game
(the notation of `pnp.games.dojima.notation`): a legal one must replay and meet every `expect`
worked out by hand, an illegal one must be refused with the rule's short name. A few files under
`independent/` go through the command line (`pnp check dojima FILE`).

At the end, a small reference model of a round's resolution (written from our reading, not from the
engine) replays bot and random games alongside the engine and must agree on every track after every
round and on the winners; and the choices the engine offers (draft, sales, the Imperial's move, the
two-player picks) are compared with what our reading allows.

Seats follow the colour order red, blue, green, yellow, purple, orange; "left" is the next seat.
"""

import random
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from pnp.engine.notation import IllegalMove
from pnp.games.dojima import notation
from pnp.games.dojima.module import Dojima
from pnp.games.interface import Settings
from pnp.model import load_game
from pnp.paths import cards_dir
from tests.conftest import run_pnp

GAME = load_game(cards_dir() / "dojima")
HERE = Path(__file__).parent / "independent"


def legal(text: str):
    """Replay a game that must be legal and meet all its expectations."""
    transcript = notation.replay(GAME, text, "independent.toml")
    assert transcript.expectations > 0
    return transcript


def illegal(text: str, rule: str) -> str:
    """Replay a game that must be refused for breaking `rule`; the message."""
    with pytest.raises(IllegalMove) as caught:
        notation.replay(GAME, text, "independent.toml")
    assert caught.value.rule == rule, str(caught.value)
    return str(caught.value)


# A three-player round (deck: the three basic advisors and the Imperial) used by several tests.
# Red keeps the Sow Advisor and lays the Imperial face down; blue keeps the Water Advisor; green gets
# the Market Advisor and the hidden Imperial, keeps the Market Advisor, and the Imperial lies on the
# black die.
THREE = """
game = "dojima"
players = 3
first = "red"

[position]
season = "spring"
{position}

[[round]]
draft = {{ red = "sow-advisor", hide = "imperial", blue = "water-advisor", green = "market-advisor" }}
black = {black}
roll = {{ red = {r}, blue = {b}, green = {g} }}
red = "{red}"
blue = "{blue}"
green = "{green}"
{extra}
"""


def three(red, blue, green, r, b, g, black=3, position="", extra=""):
    return THREE.format(red=red, blue=blue, green=green, r=r, b=b, g=g, black=black, position=position,
                        extra=extra)


# ---------------------------------------------------------------- sowing


def test_sowing_active_adjacent_empty_and_one_six_not_neighbours():
    """« The Sow Advisor's die is the field where a Sower grows 3 rice; the two numbers beside it grow
    1 each; every other field grows none. The dice faces do not wrap round: 1 and 6 are no
    neighbours. »
    Sow Advisor on 1: green's Sower on 1 +3, blue's on 2 +1, red's on 6 nothing.
    Water Advisor on 5: red's Waterer on 2 loses 3, the ones on 6 (next to 5) keep their water."""
    legal(three(red="sow-advisor 1, sower 6, waterer 2, merchant 3",
                blue="water-advisor 5, sower 2, waterer 6, merchant 1",
                green="market-advisor 4, sower 1, waterer 6, merchant 2",
                r=[1, 2, 3, 6], b=[1, 2, 5, 6], g=[1, 2, 4, 6],
                extra='expect = { red = { water = 3, rice = 2 }, blue = { water = 6, rice = 3 }, '
                      'green = { water = 6, rice = 5 }, reserve = 8, first = "blue" }'))


def test_sowing_and_watering_at_six_do_not_reach_one():
    """« Field 6 has a single neighbour, 5; field 1 has a single neighbour, 2. »
    Sow Advisor on 6: red's Sower on 1 grows nothing, blue's on 5 grows 1, green's on 6 grows 3.
    Water Advisor on 1: blue's Waterer on 6 loses 3, red's on 2 keeps 6, green's on 1 gains 1."""
    legal(three(red="sow-advisor 6, sower 1, waterer 2, merchant 4",
                blue="water-advisor 1, sower 5, waterer 6, merchant 3",
                green="market-advisor 5, sower 6, waterer 1, merchant 1",
                r=[1, 2, 4, 6], b=[1, 3, 5, 6], g=[1, 1, 5, 6],
                extra='expect = { red = { water = 6, rice = 2 }, blue = { water = 3, rice = 3 }, '
                      'green = { water = 7, rice = 5 } }'))


# ---------------------------------------------------------------- watering and withering


def test_withering_pays_the_missing_water_in_rice_and_stops_at_zero():
    """« A Waterer far from the Water Advisor costs 3 water; what the player cannot pay in water is
    paid in rice, and neither track goes below nothing. »
    Water Advisor on 6, all Waterers on 3 or 4 (neither 5 nor 6); no Sower near the Sow Advisor on 1.
    Red: water 1, rice 4 -> water 0, rice 2. Blue: water 0, rice 1 -> 0 and 0. Green: water 2,
    rice 0 -> 0 and 0."""
    legal(three(red="sow-advisor 1, sower 4, waterer 3, merchant 2",
                blue="water-advisor 6, sower 3, waterer 4, merchant 5",
                green="market-advisor 1, sower 4, waterer 3, merchant 6",
                r=[1, 2, 3, 4], b=[3, 4, 5, 6], g=[1, 3, 4, 6], black=2,
                position="water = { red = 1, blue = 0, green = 2 }\nrice = { red = 4, blue = 1, green = 0 }",
                extra='expect = { red = { water = 0, rice = 2 }, blue = { water = 0, rice = 0 }, '
                      'green = { water = 0, rice = 0 } }'))


def test_rice_grown_this_round_pays_for_withering_before_the_market():
    """« The reveal goes Sowers, then Waterers, then Merchants: rice grown this round can wither away
    before the sale, and what is left can be sold. »
    Red starts with water 1 and no rice: its Sower on the Sow Advisor's field brings 3, its Waterer far
    from the Water Advisor costs 1 water and 2 rice, and the remaining 1 rice is sold for 1 Ryô on the
    Market Advisor's field."""
    legal(three(red="sow-advisor 1, sower 1, waterer 4, merchant 2",
                blue="water-advisor 6, sower 3, waterer 5, merchant 4",
                green="market-advisor 2, sower 4, waterer 3, merchant 1",
                r=[1, 1, 2, 4], b=[3, 4, 5, 6], g=[1, 2, 3, 4], black=5,
                position="water = { red = 1 }\nrice = { red = 0 }",
                extra='sell = { red = 1 }\n'
                      'expect = { red = { water = 0, rice = 0, ryo = 1 }, reserve = 7 }'))


def test_rice_lost_to_withering_cannot_be_sold():
    """« A sale needs the rice still on the track once the Waterers have been paid. »
    Red has no water and no rice: it grows 3, loses all 3 to its thirsty fields, and has nothing left
    to sell at the market."""
    illegal(three(red="sow-advisor 1, sower 1, waterer 4, merchant 2",
                  blue="water-advisor 6, sower 3, waterer 5, merchant 4",
                  green="market-advisor 2, sower 4, waterer 3, merchant 1",
                  r=[1, 1, 2, 4], b=[3, 4, 5, 6], g=[1, 2, 3, 4], black=5,
                  position="water = { red = 0 }\nrice = { red = 0 }",
                  extra='sell = { red = 1 }'), "sell-rice")


# ---------------------------------------------------------------- limits


def test_limits_eight_water_six_rice_excess_lost_at_once():
    """« Nobody keeps more than 8 water or 6 rice; anything beyond is lost on the spot, not kept for
    later losses. »
    Red (water 8, rice 5): +3 rice -> 6, +1 water -> 8. Blue (water 1, rice 5): +3 rice -> 6 (not 8),
    then a thirsty Waterer takes its 1 water and 2 rice -> rice 4. Green (water 8, rice 6): +1 rice
    stays 6, +1 water stays 8, then sells 3 rice for 2 Ryô -> rice 3."""
    legal(three(red="sow-advisor 3, sower 3, waterer 4, merchant 6",
                blue="water-advisor 4, sower 3, waterer 1, merchant 6",
                green="market-advisor 2, sower 4, waterer 4, merchant 2",
                r=[3, 3, 4, 6], b=[1, 3, 4, 6], g=[2, 2, 4, 4], black=5,
                position="water = { red = 8, blue = 1, green = 8 }\nrice = { red = 5, blue = 5, green = 6 }",
                extra='sell = { green = 3 }\n'
                      'expect = { red = { water = 8, rice = 6 }, blue = { water = 0, rice = 4 }, '
                      'green = { water = 8, rice = 3, ryo = 2 }, reserve = 6 }'))


# ---------------------------------------------------------------- market

MARKET = dict(red="market-advisor 3, sower 1, waterer 5, merchant 3",
              blue="sow-advisor 6, sower 2, waterer 5, merchant 4",
              green="water-advisor 5, sower 1, waterer 6, merchant 3",
              r=[1, 3, 3, 5], b=[2, 4, 5, 6], g=[1, 3, 5, 6], black=2)


def market_round(extra, position="rice = { red = 4, blue = 4, green = 4 }", **changes):
    args = {**MARKET, **changes}
    return THREE.format(position=position, extra=extra, **args).replace(
        'red = "sow-advisor", hide = "imperial", blue = "water-advisor", green = "market-advisor"',
        'red = "market-advisor", hide = "imperial", blue = "sow-advisor", green = "water-advisor"')


def test_market_sales_on_active_and_adjacent_fields():
    """« A Merchant on the Market Advisor's own field may trade 1 rice for 1 Ryô or 3 rice for 2 Ryô;
    one on a neighbouring field may only trade 1 for 1; each Merchant trades once at most, and the Ryô
    leave the reserve. »
    Market Advisor on 3: red's Merchant on 3 sells 3 (2 Ryô), green's on 3 sells 1 (1 Ryô), blue's
    on 4 sells 1 (1 Ryô). Reserve 8 - 4 = 4. Sowers all far from the Sow Advisor on 6; Waterers on 5
    gain 1, green's on 6 is next to it."""
    legal(market_round('sell = { red = 3, blue = 1, green = 1 }\n'
                       'expect = { red = { rice = 1, ryo = 2, water = 7 }, blue = { rice = 3, ryo = 1, water = 7 }, '
                       'green = { rice = 3, ryo = 1, water = 6 }, reserve = 4 }'))


def test_market_not_selling_is_allowed():
    """« Selling is a choice: a Merchant on the Market Advisor's field may keep the rice. »"""
    legal(market_round('expect = { red = { rice = 4, ryo = 0 }, reserve = 8 }'))


def test_market_three_for_two_only_on_the_active_field():
    """« Next to the Market Advisor, only the 1-for-1 trade is allowed. »"""
    illegal(market_round('sell = { blue = 3 }'), "sell-three")


def test_market_no_sale_on_an_empty_field():
    """« A Merchant neither on the Market Advisor's field nor beside it cannot sell. »
    Green's Merchant on 1 with the Market Advisor on 3."""
    illegal(market_round('sell = { green = 1 }', green="water-advisor 5, sower 3, waterer 6, merchant 1"),
            "sell-field")


def test_market_on_one_does_not_reach_six():
    """« The market's neighbours stop at the ends: with the Market Advisor on 1, a Merchant on 6 is on
    an empty field. »"""
    text = three(red="sow-advisor 2, sower 2, waterer 5, merchant 4",
                 blue="water-advisor 5, sower 3, waterer 5, merchant 6",
                 green="market-advisor 1, sower 1, waterer 6, merchant 2",
                 r=[2, 2, 4, 5], b=[3, 5, 5, 6], g=[1, 1, 2, 6], black=4,
                 position="rice = { red = 3, blue = 3, green = 3 }")
    illegal(text + 'sell = { blue = 1 }', "sell-field")
    legal(text + 'sell = { green = 1 }\nexpect = { green = { ryo = 1 }, blue = { ryo = 0 } }')


def test_market_three_needs_three_rice():
    """« Trading 3 rice for 2 Ryô needs 3 rice on the track. »"""
    illegal(market_round('sell = { red = 3 }', position="rice = { red = 2 }"), "sell-rice")


# ---------------------------------------------------------------- the Beggar (four players)

BEGGAR = """
game = "dojima"
players = 4
first = "red"

[position]
season = "spring"
reserve = {reserve}
rice = {{ red = 4, blue = 4, green = 4, yellow = 4 }}
advisors = {advisors}

[[round]]
draft = {draft}
black = {black}
roll = {{ red = {r}, blue = {b}, green = {g}, yellow = {y} }}
red = "{red}"
blue = "{blue}"
green = "{green}"
yellow = "{yellow}"
{extra}
"""
BEGGAR_DECK = '["sow-advisor", "water-advisor", "market-advisor", "beggar", "imperial"]'
BEGGAR_DRAFT = ('{ red = "beggar", hide = "imperial", blue = "sow-advisor", green = "water-advisor", '
                'yellow = "market-advisor" }')


def beggar(extra="", reserve=8, advisors=BEGGAR_DECK, draft=BEGGAR_DRAFT, black=2, **cards):
    base = dict(red="beggar 2, sower 1, waterer 4, merchant 6", r=[1, 2, 4, 6],
                blue="sow-advisor 5, sower 5, waterer 3, merchant 1", b=[1, 3, 5, 5],
                green="water-advisor 4, sower 6, waterer 4, merchant 6", g=[4, 4, 6, 6],
                yellow="market-advisor 6, sower 3, waterer 5, merchant 6", y=[3, 5, 6, 6])
    base.update(cards)
    return BEGGAR.format(extra=extra, reserve=reserve, advisors=advisors, draft=draft, black=black, **base)


def test_beggar_paid_when_no_basic_advisor_on_its_field():
    """« After the market, the Beggar's holder takes 1 Ryô if its field holds none of the Sow, Water
    or Market Advisors; the Imperial lying there does not count. »
    Beggar on 2, the hidden Imperial on the black die 2, basic advisors on 4, 5, 6."""
    legal(beggar('expect = { red = { ryo = 1 }, reserve = 7 }'))


def test_beggar_blocked_by_a_basic_advisor_on_its_field():
    """« A basic advisor sharing the Beggar's field means no Ryô for the Beggar. »
    The Water Advisor is on 2 too."""
    legal(beggar('expect = { red = { ryo = 0 }, reserve = 8 }',
                 green="water-advisor 2, sower 6, waterer 4, merchant 6", g=[2, 4, 6, 6]))


def test_beggar_blocked_by_the_hidden_basic_advisor_on_the_black_die():
    """« A basic advisor nobody chose still stands on the black die's field and blocks the Beggar
    there; Sowers on that field grow 3 rice. »
    Red keeps the Beggar and hides the Sow Advisor; blue keeps the Imperial, green the Water Advisor;
    yellow gets the Market Advisor and the Sow Advisor, keeps the market, and the Sow Advisor lies on
    the black die 2 with the Beggar. From 4 rice, red's Sower on 1 grows 1 (5), blue's on 2 grows 3
    (7, kept at 6)."""
    legal(beggar('expect = { red = { ryo = 0, rice = 5 }, blue = { rice = 6 }, reserve = 8 }',
                 draft='{ red = "beggar", hide = "sow-advisor", blue = "imperial", green = "water-advisor", '
                       'yellow = "market-advisor" }',
                 blue="imperial 5, sower 2, waterer 3, merchant 1", b=[1, 2, 3, 5]))


def test_beggar_nobody_chose_pays_nobody():
    """« A Beggar left face down pays no one. »
    Red keeps the Sow Advisor and hides the Beggar; yellow keeps the market; the Beggar lies on the
    black die 2, a field with no basic advisor."""
    legal(beggar('expect = { red = { ryo = 0 }, blue = { ryo = 0 }, green = { ryo = 0 }, yellow = { ryo = 0 }, '
                 'reserve = 8 }',
                 draft='{ red = "sow-advisor", hide = "beggar", blue = "imperial", green = "water-advisor", '
                       'yellow = "market-advisor" }',
                 red="sow-advisor 5, sower 1, waterer 4, merchant 6", r=[1, 4, 5, 6],
                 blue="imperial 5, sower 5, waterer 3, merchant 1"))


def test_beggar_not_blocked_by_the_saboteur():
    """« Only the three basic advisors block the Beggar: the Saboteur on its field does not. »"""
    legal(beggar('expect = { red = { ryo = 1 }, reserve = 7, first = "blue" }',
                 advisors='["sow-advisor", "water-advisor", "market-advisor", "beggar", "saboteur"]',
                 draft='{ red = "beggar", hide = "saboteur", blue = "sow-advisor", green = "water-advisor", '
                       'yellow = "market-advisor" }'))


def test_beggar_paid_from_the_box_when_sales_empty_the_reserve():
    """« When the round's sales exceed the reserve every sale is still paid, the rest coming from the
    box; a Beggar paid later that round is paid the same way; the reserve then stands at 0 and a new
    season starts with a full reserve and one more water for everybody. »
    Reserve 2: yellow's and green's Merchants share the Market Advisor's field 6 and each sell 3 rice
    for 2 Ryô (green had grown 1 rice beside the Sow Advisor: 4 + 1 - 3 = 2; yellow 4 - 3 = 1). Four
    Ryô are paid, then red's Beggar 1. Spring turns to summer: reserve 8, water +1 after this round's
    watering (red and green 7 -> 8 on the Water Advisor's field, yellow 6 -> 7 beside it)."""
    legal(beggar('sell = { yellow = 3, green = 3 }\n'
                 'expect = { red = { ryo = 1, water = 8 }, green = { ryo = 2, rice = 2, water = 8 }, '
                 'yellow = { ryo = 2, rice = 1, water = 7 }, reserve = 8, season = "summer" }',
                 reserve=2))


# ---------------------------------------------------------------- Saboteur and Sake Seller

FOUR = """
game = "dojima"
players = 4
first = "{first}"

[position]
season = "spring"
{position}

[[round]]
draft = {draft}
black = {black}
roll = {{ red = {r}, blue = {b}, green = {g}, yellow = {y} }}
red = "{red}"
blue = "{blue}"
green = "{green}"
yellow = "{yellow}"
{extra}
"""


def test_saboteur_empties_the_neighbours_of_the_advisor_it_shares_a_field_with():
    """« A basic advisor on the Saboteur's field has no neighbours this round: workers beside it are on
    empty fields. Advisors on other fields work as usual. The Saboteur's holder starts next round. »
    Saboteur and Water Advisor on 4: Waterers on 3 and 5 lose 3, the one on 4 gains 1, the one on 6
    loses 3. The Sow Advisor on 2 is untouched: Sowers on 1 and 3 grow 1, on 2 grow 3."""
    legal(FOUR.format(
        first="red", position="", black=3,
        draft='{ red = "sow-advisor", hide = "imperial", blue = "water-advisor", green = "saboteur", '
              'yellow = "market-advisor" }',
        r=[1, 2, 3, 5], red="sow-advisor 2, sower 1, waterer 3, merchant 5",
        b=[2, 3, 4, 4], blue="water-advisor 4, sower 3, waterer 4, merchant 2",
        g=[2, 4, 5, 6], green="saboteur 4, sower 2, waterer 5, merchant 6",
        y=[1, 5, 6, 6], yellow="market-advisor 1, sower 6, waterer 6, merchant 5",
        extra='expect = { red = { water = 3, rice = 3 }, blue = { water = 7, rice = 3 }, '
              'green = { water = 3, rice = 5 }, yellow = { water = 3, rice = 2 }, first = "green" }'))


def test_saboteur_blocks_the_market_neighbours():
    """« With the Saboteur on the Market Advisor's field, a Merchant beside it may not sell. »"""
    text = FOUR.format(
        first="red", position="rice = { red = 3, blue = 3, green = 3, yellow = 3 }", black=6,
        draft='{ red = "market-advisor", hide = "imperial", blue = "saboteur", green = "water-advisor", '
              'yellow = "sow-advisor" }',
        r=[1, 3, 4, 5], red="market-advisor 3, sower 1, waterer 5, merchant 4",
        b=[1, 3, 3, 5], blue="saboteur 3, sower 1, waterer 5, merchant 3",
        g=[1, 2, 5, 6], green="water-advisor 5, sower 1, waterer 6, merchant 2",
        y=[1, 1, 5, 6], yellow="sow-advisor 6, sower 1, waterer 5, merchant 1",
        extra="")
    illegal(text + 'sell = { red = 1 }', "sell-field")
    illegal(text + 'sell = { green = 1 }', "sell-field")
    legal(text + 'sell = { blue = 3 }\nexpect = { blue = { ryo = 2, rice = 0 }, reserve = 6, first = "blue" }')


def test_saboteur_holder_who_is_first_stays_first():
    """« The Saboteur's holder starts the next round even if they started this one. »"""
    legal(FOUR.format(
        first="red", position="", black=6,
        draft='{ red = "saboteur", hide = "imperial", blue = "water-advisor", green = "sow-advisor", '
              'yellow = "market-advisor" }',
        r=[1, 3, 4, 5], red="saboteur 1, sower 4, waterer 3, merchant 5",
        b=[1, 3, 3, 5], blue="water-advisor 3, sower 1, waterer 5, merchant 3",
        g=[1, 2, 5, 6], green="sow-advisor 5, sower 1, waterer 6, merchant 2",
        y=[1, 1, 5, 6], yellow="market-advisor 6, sower 1, waterer 5, merchant 1",
        extra='expect = { first = "red", red = { rice = 3, water = 7 } }'))


def test_first_player_passes_left_and_wraps_round_when_the_saboteur_is_hidden():
    """« When no player chose the Saboteur, the first-player card moves to the next seat on the left;
    after the last seat it comes back to the first one. A Saboteur nobody chose still acts where the
    black die puts it. »
    Yellow (the fourth seat) is first; the draft goes yellow, red, blue, green; green keeps the Sow
    Advisor and lays the Saboteur face down; the black die puts it on 2 with the Sow Advisor, so the
    Sowers on 1 and 3 grow nothing and the ones on 2 grow 3. Next round red is first."""
    legal(FOUR.format(
        first="yellow", position="", black=2,
        draft='{ yellow = "water-advisor", hide = "saboteur", red = "market-advisor", blue = "imperial", '
              'green = "sow-advisor" }',
        r=[1, 3, 4, 5], red="market-advisor 5, sower 1, waterer 4, merchant 3",
        b=[2, 3, 4, 6], blue="imperial 6, sower 3, waterer 4, merchant 2",
        g=[2, 2, 4, 5], green="sow-advisor 2, sower 2, waterer 4, merchant 5",
        y=[2, 4, 4, 6], yellow="water-advisor 4, sower 2, waterer 4, merchant 6",
        extra='expect = { first = "red", red = { rice = 2 }, blue = { rice = 2 }, green = { rice = 5 }, '
              'yellow = { rice = 5 } }'))


FIVE = """
game = "dojima"
players = 5
first = "red"

[position]
season = "spring"
{position}

[[round]]
draft = {draft}
black = {black}
roll = {{ red = {r}, blue = {b}, green = {g}, yellow = {y}, purple = {p} }}
red = "{red}"
blue = "{blue}"
green = "{green}"
yellow = "{yellow}"
purple = "{purple}"
{extra}
"""


def test_sake_seller_swaps_active_and_adjacent_at_the_edge():
    """« A basic advisor on the Sake Seller's field pays its neighbours as if they were its own field,
    and its own field as a neighbour. On field 1 the only neighbour is 2. »
    Sake Seller and Sow Advisor on 1: Sowers on 2 grow 3, on 1 grow 1, on 5 and 6 nothing. The Water
    Advisor on 3 is untouched. The hidden Saboteur lies on 6, with no basic advisor: nothing changes
    and the first-player card passes left."""
    legal(FIVE.format(
        position="", black=6,
        draft='{ red = "sake-seller", hide = "saboteur", blue = "sow-advisor", green = "water-advisor", '
              'yellow = "market-advisor", purple = "imperial" }',
        r=[1, 2, 3, 6], red="sake-seller 1, sower 2, waterer 3, merchant 6",
        b=[1, 1, 4, 5], blue="sow-advisor 1, sower 1, waterer 4, merchant 5",
        g=[2, 3, 4, 6], green="water-advisor 3, sower 6, waterer 4, merchant 2",
        y=[1, 2, 5, 5], yellow="market-advisor 5, sower 5, waterer 2, merchant 1",
        p=[2, 3, 4, 6], purple="imperial 4, sower 2, waterer 3, merchant 6",
        extra='expect = { red = { rice = 5, water = 7 }, blue = { rice = 3, water = 6 }, '
              'green = { rice = 2, water = 6 }, yellow = { rice = 2, water = 6 }, '
              'purple = { rice = 5, water = 7 }, first = "blue" }'))


SAKE_MARKET = dict(
    position="rice = { red = 4, blue = 4, green = 4, yellow = 4, purple = 4 }", black=1,
    draft='{ red = "sake-seller", hide = "saboteur", blue = "sow-advisor", green = "water-advisor", '
          'yellow = "market-advisor", purple = "imperial" }',
    r=[2, 3, 4, 6], red="sake-seller 4, sower 2, waterer 6, merchant 3",
    b=[1, 1, 5, 6], blue="sow-advisor 1, sower 1, waterer 6, merchant 5",
    g=[1, 1, 6, 6], green="water-advisor 6, sower 1, waterer 6, merchant 1",
    y=[1, 4, 4, 5], yellow="market-advisor 4, sower 1, waterer 5, merchant 4",
    p=[1, 3, 5, 6], purple="imperial 3, sower 1, waterer 5, merchant 6")


def test_sake_seller_on_the_market_field_moves_the_big_trade_to_the_neighbours():
    """« With the Sake Seller beside the Market Advisor, the fields next to it allow 3 rice for 2 Ryô
    and its own field only 1 for 1. »
    Market Advisor and Sake Seller on 4: red (3) and blue (5) sell 3 rice for 2 Ryô, yellow (4) 1
    for 1; purple's Merchant on 6 is on an empty field. Reserve 8 - 5 = 3. The Saboteur nobody chose
    lies on 1 with the Sow Advisor: only Sowers on 1 grow (3 each, kept at 6)."""
    legal(FIVE.format(extra='sell = { red = 3, blue = 3, yellow = 1 }\n'
                            'expect = { red = { rice = 1, ryo = 2 }, blue = { rice = 3, ryo = 2 }, '
                            'yellow = { rice = 5, ryo = 1 }, green = { rice = 6 }, purple = { rice = 6 }, '
                            'reserve = 3, first = "blue" }', **SAKE_MARKET))


def test_sake_seller_on_the_market_field_forbids_the_big_trade_there():
    """« On the Market Advisor's own field, swapped by the Sake Seller, only 1 rice for 1 Ryô. »"""
    illegal(FIVE.format(extra='sell = { yellow = 3 }', **SAKE_MARKET), "sell-three")


def test_saboteur_and_sake_seller_together_on_the_water_advisor():
    """« Saboteur and Sake Seller both on a basic advisor's field: the neighbours pay as the active
    field, the advisor's own field pays nothing (a Waterer there loses 3). »
    Water Advisor, Sake Seller and Saboteur on 3: Waterers on 2 and 4 gain 1; those on 3 and 6 lose 3.
    Purple chose the Saboteur and starts next round."""
    legal(FIVE.format(
        position="", black=5,
        draft='{ red = "sake-seller", hide = "imperial", blue = "sow-advisor", green = "water-advisor", '
              'yellow = "market-advisor", purple = "saboteur" }',
        r=[1, 2, 3, 5], red="sake-seller 3, sower 1, waterer 2, merchant 5",
        b=[1, 3, 4, 6], blue="sow-advisor 6, sower 1, waterer 3, merchant 4",
        g=[1, 3, 4, 5], green="water-advisor 3, sower 1, waterer 4, merchant 5",
        y=[1, 1, 5, 6], yellow="market-advisor 1, sower 1, waterer 6, merchant 5",
        p=[1, 3, 3, 5], purple="saboteur 3, sower 1, waterer 3, merchant 5",
        extra='expect = { red = { water = 7, rice = 2 }, blue = { water = 3 }, green = { water = 7 }, '
              'yellow = { water = 3 }, purple = { water = 3 }, first = "purple" }'))


def test_saboteur_and_sake_seller_together_forbid_selling_on_the_market_field():
    """« With both on the Market Advisor's field, its own field is empty: no sale there, while the
    neighbours allow 3 for 2. »"""
    both = {**SAKE_MARKET,
            "draft": '{ red = "sake-seller", hide = "imperial", blue = "sow-advisor", green = "water-advisor", '
                     'yellow = "market-advisor", purple = "saboteur" }',
            "purple": "saboteur 4, sower 1, waterer 5, merchant 6", "p": [1, 4, 5, 6]}
    illegal(FIVE.format(extra='sell = { yellow = 1 }', **both), "sell-field")
    legal(FIVE.format(extra='sell = { red = 3 }\nexpect = { red = { ryo = 2, rice = 2 }, first = "purple" }',
                      **both))


# ---------------------------------------------------------------- Imperial


def imperial_round(extra, red="imperial 5, sower 2, waterer 1, merchant 3", r=(1, 2, 3, 5), black=4,
                   position=""):
    # Red keeps the Imperial and hides the Market Advisor; blue keeps the Sow Advisor; green gets the
    # Water Advisor and the Market Advisor, keeps the water, and the market lies on the black die.
    return f"""
game = "dojima"
players = 3
first = "red"

[position]
season = "spring"
{position}

[[round]]
draft = {{ red = "imperial", hide = "market-advisor", blue = "sow-advisor", green = "water-advisor" }}
black = {black}
roll = {{ red = {list(r)}, blue = [2, 3, 4, 6], green = [1, 2, 5, 6] }}
red = "{red}"
blue = "sow-advisor 2, sower 3, waterer 4, merchant 6"
green = "water-advisor 5, sower 1, waterer 6, merchant 2"
{extra}
"""


def test_imperial_moves_own_worker_to_its_field_and_it_is_paid_there():
    """« Once a round the Imperial's holder may carry one of their own workers to the Imperial's field
    before that worker is paid; it is paid for where it then stands. »
    Imperial and Water Advisor on 5: red's Waterer moves from 1 (would lose 3) to 5 and gains 1.
    Red's Sower on 2 shares the Sow Advisor's field (+3)."""
    legal(imperial_round('imperial = { red = "waterer" }\n'
                         'expect = { red = { water = 7, rice = 5 }, blue = { water = 6, rice = 3 }, '
                         'green = { water = 6, rice = 3 } }'))


def test_imperial_not_used_leaves_the_worker_where_it_was():
    """« The Imperial's move is a choice; without it the worker is paid on its own field. »"""
    legal(imperial_round('expect = { red = { water = 3, rice = 5 } }'))


def test_imperial_brings_a_merchant_to_the_hidden_market_advisor():
    """« The market left face down stands on the black die's field; a Merchant brought there by the
    Imperial trades as on the active field. »
    The black die puts the Market Advisor on 5, the Imperial's field: red's Merchant on 1 moves there
    and sells 3 rice for 2 Ryô. Without the move it may not sell."""
    text = imperial_round("", red="imperial 5, sower 2, waterer 3, merchant 1", black=5,
                          position="rice = { red = 1 }")
    legal(text + 'imperial = { red = "merchant" }\nsell = { red = 3 }\n'
                 'expect = { red = { rice = 1, ryo = 2 }, reserve = 6 }')
    illegal(text + 'sell = { red = 1 }', "sell-field")


def test_imperial_only_for_its_holder():
    """« Only the player who chose the Imperial can use it. »"""
    illegal(imperial_round('imperial = { blue = "sower" }'), "imperial-holder")


def test_imperial_left_face_down_moves_nothing():
    """« An Imperial nobody chose moves no worker. »"""
    illegal(three(red="sow-advisor 1, sower 6, waterer 2, merchant 3",
                  blue="water-advisor 5, sower 2, waterer 6, merchant 1",
                  green="market-advisor 4, sower 1, waterer 6, merchant 2",
                  r=[1, 2, 3, 6], b=[1, 2, 5, 6], g=[1, 2, 4, 6],
                  extra='imperial = { green = "sower" }'), "imperial-holder")


# ---------------------------------------------------------------- draft, dice, cards


def test_draft_last_player_may_keep_the_hidden_card_and_the_other_acts_on_the_black_die():
    """« The last player chooses between the card left in the deck and the one the first player hid;
    the other one stays face down and works on the black die's field. »
    Red keeps the Imperial and hides the Sow Advisor; blue keeps the Water Advisor; green gets the
    Market Advisor and the Sow Advisor, keeps the Sow Advisor; the market lies face down on 4. A
    Merchant on 4 may sell 3 for 2 there."""
    text = """
game = "dojima"
players = 3
first = "red"

[position]
season = "spring"
rice = { red = 3, blue = 3, green = 3 }

[[round]]
draft = { red = "imperial", hide = "sow-advisor", blue = "water-advisor", green = "sow-advisor" }
black = 4
roll = { red = [1, 2, 4, 6], blue = [2, 3, 5, 6], green = [1, 2, 3, 4] }
red = "imperial 1, sower 2, waterer 6, merchant 4"
blue = "water-advisor 6, sower 3, waterer 5, merchant 2"
green = "sow-advisor 2, sower 1, waterer 3, merchant 4"
sell = { red = 3, green = 1 }
expect.red = { rice = 3, ryo = 2, water = 7 }
expect.blue = { rice = 4, water = 6 }
expect.green = { rice = 3, ryo = 1, water = 3 }
expect.reserve = 5
"""
    legal(text)


def test_draft_card_not_in_the_deck():
    """« A player takes only an advisor still offered; three players play without the Saboteur. »"""
    illegal(three(red="saboteur 1, sower 6, waterer 2, merchant 3",
                  blue="water-advisor 5, sower 2, waterer 6, merchant 1",
                  green="market-advisor 4, sower 1, waterer 6, merchant 2",
                  r=[1, 2, 3, 6], b=[1, 2, 5, 6], g=[1, 2, 4, 6]).replace(
        'red = "sow-advisor", hide', 'red = "saboteur", hide'), "draft-card")


def test_draft_card_already_taken():
    """« Two players cannot both keep the same advisor. »"""
    illegal(three(red="sow-advisor 1, sower 6, waterer 2, merchant 3",
                  blue="sow-advisor 5, sower 2, waterer 6, merchant 1",
                  green="market-advisor 4, sower 1, waterer 6, merchant 2",
                  r=[1, 2, 3, 6], b=[1, 2, 5, 6], g=[1, 2, 4, 6]).replace(
        'blue = "water-advisor", green', 'blue = "sow-advisor", green'), "draft-card")


def test_cards_only_on_rolled_dice():
    """« Each of the four cards sits on one of its owner's own dice, one card per die. »"""
    illegal(three(red="sow-advisor 1, sower 5, waterer 2, merchant 3",
                  blue="water-advisor 5, sower 2, waterer 6, merchant 1",
                  green="market-advisor 4, sower 1, waterer 6, merchant 2",
                  r=[1, 2, 3, 6], b=[1, 2, 5, 6], g=[1, 2, 4, 6]), "assign-dice")
    illegal(three(red="sow-advisor 1, sower 1, waterer 2, merchant 3",
                  blue="water-advisor 5, sower 2, waterer 6, merchant 1",
                  green="market-advisor 4, sower 1, waterer 6, merchant 2",
                  r=[1, 2, 3, 6], b=[1, 2, 5, 6], g=[1, 2, 4, 6]), "assign-dice")


def test_cards_must_be_the_players_own():
    """« A player lays their three workers and the advisor they kept, nothing else. »"""
    illegal(three(red="water-advisor 1, sower 6, waterer 2, merchant 3",
                  blue="water-advisor 5, sower 2, waterer 6, merchant 1",
                  green="market-advisor 4, sower 1, waterer 6, merchant 2",
                  r=[1, 2, 3, 6], b=[1, 2, 5, 6], g=[1, 2, 4, 6]), "assign-cards")


def test_reroll_with_three_equal_dice_replaces_all_four():
    """« Three or more equal dice allow one new roll of all four; the cards then go on the new dice,
    even if they show three equal faces again. »"""
    base = three(red="sow-advisor 1, sower 6, waterer 2, merchant 3",
                 blue="water-advisor 5, sower 2, waterer 6, merchant 1",
                 green="market-advisor 4, sower 1, waterer 6, merchant 2",
                 r=[4, 4, 4, 5], b=[1, 2, 5, 6], g=[1, 2, 4, 6])
    legal(base + 'reroll = { red = [1, 2, 3, 6] }\nexpect = { red = { water = 3, rice = 2 }, green = { rice = 5 } }')
    again = base.replace('red = "sow-advisor 1, sower 6, waterer 2, merchant 3"',
                         'red = "sow-advisor 1, sower 1, waterer 1, merchant 2"')
    legal(again + 'reroll = { red = [1, 1, 1, 2] }\nexpect = { red = { rice = 5, water = 3 } }')
    illegal(base + 'reroll = { red = [4, 4, 4, 5] }', "assign-dice")


def test_reroll_needs_three_equal_dice():
    """« Two pairs are not enough for a second roll. »"""
    illegal(three(red="sow-advisor 1, sower 6, waterer 2, merchant 3",
                  blue="water-advisor 5, sower 2, waterer 6, merchant 1",
                  green="market-advisor 4, sower 1, waterer 6, merchant 2",
                  r=[1, 2, 3, 6], b=[1, 2, 5, 6], g=[2, 2, 4, 4],
                  extra='reroll = { green = [1, 2, 4, 6] }'), "reroll-triple")


# ---------------------------------------------------------------- reserve, seasons, end


def test_reserve_running_dry_pays_every_sale_and_starts_summer():
    """« Sales are all paid in full even past the reserve's last Ryô; a reserve at 0 after the round
    closes the season: it is refilled with 8, everybody gains the new season's water, rice stays. »
    Reserve 2; red and blue sell 3 for 2 on the market's field 3, green 1 for 1 beside it: 5 Ryô paid.
    Summer brings 1 water (all Waterers were beside the Water Advisor: 6 -> 7). The box (30) pays the
    3 Ryô missing, then fills the reserve with 8: 19 left."""
    legal(market_round('sell = { red = 3, blue = 3, green = 1 }\n'
                       'expect = { red = { rice = 1, ryo = 2, water = 7 }, blue = { rice = 1, ryo = 2, water = 7 }, '
                       'green = { rice = 3, ryo = 1, water = 7 }, reserve = 8, season = "summer", first = "blue", '
                       'box = 19 }',
                       position="reserve = 2\nbox = 30\nrice = { red = 4, blue = 4, green = 4 }",
                       red="market-advisor 3, sower 1, waterer 4, merchant 3", r=[1, 3, 3, 4],
                       blue="sow-advisor 6, sower 1, waterer 4, merchant 3", b=[1, 3, 4, 6],
                       green="water-advisor 5, sower 1, waterer 6, merchant 4", g=[1, 4, 5, 6]))


def test_reserve_with_ryo_left_keeps_the_season():
    """« While the reserve still holds Ryô after the round, the season goes on. »"""
    legal(market_round('sell = { red = 1 }\nexpect = { reserve = 1, season = "spring", red = { water = 7 } }',
                       position="reserve = 2\nrice = { red = 4 }"))


def test_autumn_water_is_capped_at_eight():
    """« Autumn brings 3 water to everyone, never above 8. »
    Summer, reserve 1, red sells 1: autumn starts. Water after the round: red 7, blue 7, green 2 ->
    8, 8, 5."""
    legal(market_round('sell = { red = 1 }\n'
                       'expect = { season = "autumn", reserve = 8, red = { water = 8 }, blue = { water = 8 }, '
                       'green = { water = 5 } }',
                       position='reserve = 1\nwater = { red = 6, blue = 6, green = 2 }\nrice = { red = 4 }'
                       ).replace('season = "spring"', 'season = "summer"'))


def test_summer_water_is_capped_at_eight():
    """« Summer's single water does not lift anyone past 8. »"""
    legal(market_round('sell = { red = 1 }\n'
                       'expect = { season = "summer", red = { water = 8 }, green = { water = 8 } }',
                       position='reserve = 1\nwater = { red = 8, blue = 6, green = 7 }\nrice = { red = 4 }'))


def test_short_game_refills_six():
    """« In the short game each season's reserve holds 6 Ryô. »"""
    text = market_round('sell = { red = 1 }\nexpect = { season = "summer", reserve = 6 }',
                        position="reserve = 1\nrice = { red = 4 }")
    legal(text.replace('first = "red"', 'first = "red"\noptions = ["short-game"]'))


def test_autumn_overstock_returns_one_ryo_to_the_box_each_round():
    """« Each autumn round ends with one Ryô going from the reserve back to the box. »
    Autumn, reserve 5, box 10; red sells 1: 4, then 3 after the overstock; the box holds 11."""
    legal(market_round('sell = { red = 1 }\nexpect = { season = "autumn", reserve = 3, box = 11, red = { ryo = 1 } }',
                       position="reserve = 5\nbox = 10\nrice = { red = 4 }").replace(
        'season = "spring"', 'season = "autumn"'))


def test_no_overstock_outside_autumn():
    """« Spring and summer rounds put nothing back in the box. »"""
    legal(market_round('sell = { red = 1 }\nexpect = { season = "summer", reserve = 4, box = 10 }',
                       position="reserve = 5\nbox = 10\nrice = { red = 4 }").replace(
        'season = "spring"', 'season = "summer"'))


def end_round(extra, position, season="autumn"):
    return market_round(extra, position=position).replace('season = "spring"', f'season = "{season}"')


def test_overstock_takes_the_last_ryo_and_the_game_ends_in_winter():
    """« The overstock goes back before the reserve is looked at: its last Ryô leaving ends the
    season; the end of autumn is the end of the game, and the most Ryô wins. »
    Autumn, reserve 1, no sale: the overstock empties the reserve, the game ends after this round."""
    text = end_round('expect = { reserve = 0 }\n\n[end]\nwinner = "blue"\nround = 1\n'
                     'ryo = { red = 5, blue = 6, green = 5 }',
                     'reserve = 1\nryo = { red = 5, blue = 6, green = 5 }')
    legal(text)


def test_no_round_after_the_end():
    """« Winter has no rounds: after the last autumn round nothing more is played. »"""
    text = end_round("", 'reserve = 1\nryo = { red = 5, blue = 6, green = 5 }')
    second = text.split("[[round]]")[1]
    illegal(text + "\n[[round]]" + second, "game-over")


def test_autumn_sales_emptying_the_reserve_end_the_game():
    """« In autumn, sales that drain the reserve end the year after that round. »
    Reserve 2; red sells 3 for 2: the reserve is empty, the overstock has nothing to take."""
    legal(end_round('sell = { red = 3 }\nexpect = { reserve = 0, red = { ryo = 7 } }\n\n'
                    '[end]\nwinner = "red"\nround = 1',
                    'reserve = 2\nryo = { red = 5, blue = 6, green = 5 }\nrice = { red = 4 }'))


def test_tie_on_ryo_goes_to_more_rice_before_water():
    """« Equal Ryô: the player with more rice wins, whatever the water. »
    Red and blue end with 6 Ryô; red has 4 rice and 3 water, blue 3 rice and 8 water."""
    legal(end_round('expect = { red = { water = 3 }, blue = { water = 8 } }\n\n[end]\nwinner = "red"\nround = 1',
                    'reserve = 1\nryo = { red = 6, blue = 6, green = 2 }\nrice = { red = 4, blue = 3, green = 6 }\n'
                    'water = { red = 2, blue = 7 }'))


def test_tie_on_ryo_and_rice_goes_to_more_water():
    """« Equal Ryô and rice: the player with more water wins. »
    Red and blue have 6 Ryô and 4 rice, and both Waterers gain 1 on the Water Advisor's field. From
    6 water each they end level: a shared victory; from 7 and 6, red wins with 8 against 7."""
    legal(end_round('expect = { red = { water = 7 }, blue = { water = 7 } }\n\n[end]\nwinner = "red+blue"\nround = 1',
                    'reserve = 1\nryo = { red = 6, blue = 6, green = 2 }\nrice = { red = 4, blue = 4 }\n'
                    'water = { red = 6, blue = 6 }'))
    legal(end_round('expect = { red = { water = 8 }, blue = { water = 7 } }\n\n[end]\nwinner = "red"\nround = 1',
                    'reserve = 1\nryo = { red = 6, blue = 6, green = 2 }\nrice = { red = 4, blue = 4 }\n'
                    'water = { red = 7, blue = 6 }'))


# ---------------------------------------------------------------- two players

TWO = """
game = "dojima"
players = 2
first = "red"

[position]
season = "spring"
{position}

[[round]]
pyramid = ["beggar", "sow-advisor", "water-advisor", "market-advisor", "saboteur", "sake-seller"]
roll = {{ red = [2, 3, 5], blue = [1, 4, 6] }}
advisor_dice = {{ red = [1, 3, 5], blue = [2, 4, 6] }}
red = "sower 2, waterer 5, merchant 3"
blue = "sower 1, waterer 6, merchant 4"
picks = {picks}
{extra}
"""
TWO_PICKS = '["3 market-advisor", "6 saboteur", "1 sake-seller", "2 sow-advisor", "5 water-advisor", "4 beggar"]'


def test_two_players_pyramid_round_and_beggar_pays_the_second_player():
    """« With two players the dice, not field tokens, set the fields; a face-down card is open for a
    die once both cards under it hold one; the reserve holds 6; the Beggar's Ryô goes to whoever is
    not first, and the first-player card alternates. »
    Bottom row market, Saboteur, Sake Seller; middle Sow, Water; top Beggar. Sow on 2, Water on 5,
    Market on 3, Saboteur on 6 and Sake Seller on 1 alone, Beggar on 4 with no basic advisor.
    Red: Sower 2 +3 -> 5, Waterer 5 +1 -> 7, Merchant 3 sells 3 -> rice 2, 2 Ryô.
    Blue: Sower 1 +1 -> 3, Waterer 6 next to 5 -> 6, Merchant 4 sells 1 -> rice 2, 1 Ryô, Beggar 1.
    Reserve 6 - 2 - 1 - 1 = 2."""
    legal(TWO.format(position="", picks=TWO_PICKS,
                     extra='sell = { red = 3, blue = 1 }\n'
                           'expect = { red = { water = 7, rice = 2, ryo = 2 }, '
                           'blue = { water = 6, rice = 2, ryo = 2 }, '
                           'reserve = 2, first = "blue" }'))


def test_two_players_second_round_saboteur_does_not_take_the_first_player_card():
    """« With two players the Saboteur works on its die's field but never decides who starts; the
    Beggar now pays red, who is second. The reserve running dry starts summer with 6 Ryô. »
    Round 2, blue first: Sow and Saboteur on 2 (only Sowers on 2 grow), Water on 4, Market on 5,
    Beggar on 6 (no basic advisor), Sake Seller on 3 alone.
    Red: Sower 3 nothing, Waterer 5 beside 4, Merchant 1 no sale, Beggar +1.
    Blue: Sower 2 +3, Waterer 4 +1, Merchant 6 sells 1. Reserve 2 - 1 - 1 = 0: summer, reserve 6,
    water +1 each."""
    text = TWO.format(position="", picks=TWO_PICKS, extra='sell = { red = 3, blue = 1 }') + """
[[round]]
pyramid = ["sake-seller", "beggar", "market-advisor", "sow-advisor", "water-advisor", "saboteur"]
roll = { blue = [2, 4, 6], red = [1, 3, 5] }
advisor_dice = { blue = [2, 2, 5], red = [3, 4, 6] }
red = "sower 3, waterer 5, merchant 1"
blue = "sower 2, waterer 4, merchant 6"
picks = ["2 sow-advisor", "4 water-advisor", "2 saboteur", "6 beggar", "5 market-advisor", "3 sake-seller"]
sell = { blue = 1 }
expect.red = { water = 8, rice = 2, ryo = 3 }
expect.blue = { water = 8, rice = 4, ryo = 3 }
expect.reserve = 6
expect.season = "summer"
expect.first = "red"
"""
    legal(text)


def test_two_players_die_only_on_a_face_up_card():
    """« A die goes only on an uncovered card: at first just the bottom row. »"""
    illegal(TWO.format(position="", extra="", picks='["3 sow-advisor", "6 saboteur", "1 sake-seller", '
                       '"2 market-advisor", "5 water-advisor", "4 beggar"]'), "pick-face-up")


def test_two_players_middle_card_waits_for_both_cards_under_it():
    """« A middle card opens only when both cards beneath it hold a die. »
    Market (bottom left) has a die, the Saboteur (bottom middle) not yet: the Sow Advisor stays
    closed."""
    illegal(TWO.format(position="", extra="", picks='["3 market-advisor", "6 sow-advisor", "1 sake-seller", '
                       '"2 saboteur", "5 water-advisor", "4 beggar"]'), "pick-face-up")


def test_two_players_one_die_per_card():
    """« Each card gets a single die. »"""
    illegal(TWO.format(position="", extra="", picks='["3 market-advisor", "6 market-advisor", "1 sake-seller", '
                       '"2 sow-advisor", "5 water-advisor", "4 beggar"]'), "pick-face-up")


def test_two_players_pick_only_a_free_die():
    """« Each die is given once: a value no longer free cannot be picked. »"""
    illegal(TWO.format(position="", extra="", picks='["3 market-advisor", "3 saboteur", "1 sake-seller", '
                       '"2 sow-advisor", "5 water-advisor", "4 beggar"]'), "pick-die")


# ---------------------------------------------------------------- through the command line


@pytest.mark.parametrize("name, code, words", [("summer-begins.toml", 0, "12 expectations met"),
                                               ("a-whole-year.toml", 0, "blue wins in round 5"),
                                               ("adjacent-three.toml", 1, "sells 1 rice only")])
def test_command_line_check(name, code, words):
    """« `pnp check dojima` exits 0 for a legal game meeting its expectations, 1 for an illegal one,
    saying which rule was broken. »"""
    done = run_pnp("check", "dojima", HERE / name)
    assert done.returncode == code, done.stdout + done.stderr
    assert words in done.stdout + done.stderr


# ---------------------------------------------------------------- more cases


@pytest.mark.parametrize("water, rice, after", [(3, 4, (0, 4)), (2, 4, (0, 3)), (0, 5, (0, 2)), (0, 2, (0, 0))])
def test_withering_cases(water, rice, after):
    """« A Waterer on an empty field costs 3 water; exactly 3 water pays it all, each missing water
    costs one rice, and rice stops at 0. »"""
    legal(three(red="sow-advisor 1, sower 4, waterer 3, merchant 2",
                blue="water-advisor 6, sower 3, waterer 4, merchant 5",
                green="market-advisor 1, sower 4, waterer 3, merchant 6",
                r=[1, 2, 3, 4], b=[3, 4, 5, 6], g=[1, 3, 4, 6], black=2,
                position=f"water = {{ red = {water} }}\nrice = {{ red = {rice} }}",
                extra=f'expect = {{ red = {{ water = {after[0]}, rice = {after[1]} }} }}'))


def test_game_from_the_setup():
    """« A game starts in spring with 6 water and 2 rice for each player, no Ryô, and 8 in the
    reserve. » The round of the first test, without a stated position."""
    text = three(red="sow-advisor 1, sower 6, waterer 2, merchant 3",
                 blue="water-advisor 5, sower 2, waterer 6, merchant 1",
                 green="market-advisor 4, sower 1, waterer 6, merchant 2",
                 r=[1, 2, 3, 6], b=[1, 2, 5, 6], g=[1, 2, 4, 6],
                 extra='sell = { red = 1 }\n'
                       'expect = { red = { water = 3, rice = 1, ryo = 1 }, blue = { water = 6, rice = 3, ryo = 0 }, '
                       'green = { water = 6, rice = 5, ryo = 0 }, reserve = 7, season = "spring", first = "blue" }')
    legal(text.replace('[position]\nseason = "spring"\n', ''))


def test_dice_first_variant_plays_the_same_round():
    """« In the variant the dice are rolled before the draft; the fields pay exactly as usual. »"""
    text = three(red="sow-advisor 1, sower 6, waterer 2, merchant 3",
                 blue="water-advisor 5, sower 2, waterer 6, merchant 1",
                 green="market-advisor 4, sower 1, waterer 6, merchant 2",
                 r=[1, 2, 3, 6], b=[1, 2, 5, 6], g=[1, 2, 4, 6],
                 extra='expect = { red = { water = 3, rice = 2 }, blue = { water = 6, rice = 3 }, '
                       'green = { water = 6, rice = 5 }, reserve = 8, first = "blue" }')
    legal(text.replace('first = "red"', 'first = "red"\noptions = ["dice-first"]'))


def test_beggar_takes_the_last_ryo_and_ends_the_season():
    """« The Beggar's Ryô counts like a sale: if it empties the reserve, the season is over. »"""
    legal(beggar('expect = { red = { ryo = 1 }, reserve = 8, season = "summer" }', reserve=1))


def test_beggar_paid_from_the_box_in_the_last_autumn_round_decides_the_winner():
    """« Even in the year's last round, a Beggar due after the reserve ran dry is paid from the box,
    and its Ryô counts in winter. »
    Autumn, reserve 2, box 20. Yellow sells 3 rice for 2 Ryô (4 -> 6 Ryô, rice 1); the reserve is
    empty; red's Beggar takes 1 from the box (5 -> 6 Ryô). Red and yellow tie on 6 Ryô; red has 4
    rice, yellow 1: red wins. Nothing is left for the overstock."""
    text = beggar('sell = { yellow = 3 }\n'
                  'expect = { red = { ryo = 6, rice = 4 }, yellow = { ryo = 6, rice = 1 }, reserve = 0, box = 19 }\n\n'
                  '[end]\nwinner = "red"\nround = 1', reserve=2)
    legal(text.replace('season = "spring"', 'season = "autumn"\nbox = 20\nryo = { red = 5, yellow = 4 }'))


def test_hidden_sake_seller_acts_on_the_black_die():
    """« A Sake Seller nobody chose still swaps the fields of a basic advisor on the black die's
    field. »
    Red keeps the Sow Advisor and hides the Sake Seller; purple keeps the Saboteur (on 2, alone) and
    the Sake Seller lies on 3 with the Sow Advisor: Sowers on 2 and 4 grow 3, on 3 grow 1, on 5
    nothing. Water Advisor on 6. Purple starts next round."""
    legal(FIVE.format(
        position="", black=3,
        draft='{ red = "sow-advisor", hide = "sake-seller", blue = "water-advisor", green = "market-advisor", '
              'yellow = "imperial", purple = "saboteur" }',
        r=[2, 3, 4, 5], red="sow-advisor 3, sower 2, waterer 4, merchant 5",
        b=[3, 4, 5, 6], blue="water-advisor 6, sower 3, waterer 5, merchant 4",
        g=[1, 2, 4, 6], green="market-advisor 1, sower 4, waterer 6, merchant 2",
        y=[1, 1, 5, 6], yellow="imperial 1, sower 5, waterer 1, merchant 6",
        p=[2, 2, 4, 5], purple="saboteur 2, sower 2, waterer 4, merchant 5",
        extra='expect = { red = { rice = 5, water = 3 }, blue = { rice = 3, water = 6 }, '
              'green = { rice = 5, water = 7 }, yellow = { rice = 2, water = 3 }, '
              'purple = { rice = 5, water = 3 }, first = "purple" }'))


def test_sake_seller_swaps_every_basic_advisor_on_its_field():
    """« Two basic advisors on the Sake Seller's field are both swapped. »
    Sake Seller, Sow and Water Advisors on 3: Sowers on 2 and 4 grow 3, on 3 grow 1; Waterers on 2
    and 4 gain 1, on 3 keep their water, on 1 lose 3. The Saboteur nobody chose lies on 6 alone."""
    legal(FIVE.format(
        position="", black=6,
        draft='{ red = "sake-seller", hide = "saboteur", blue = "sow-advisor", green = "water-advisor", '
              'yellow = "market-advisor", purple = "imperial" }',
        r=[2, 3, 4, 5], red="sake-seller 3, sower 2, waterer 4, merchant 5",
        b=[1, 3, 3, 6], blue="sow-advisor 3, sower 3, waterer 1, merchant 6",
        g=[2, 3, 3, 5], green="water-advisor 3, sower 5, waterer 3, merchant 2",
        y=[1, 2, 4, 4], yellow="market-advisor 1, sower 4, waterer 2, merchant 4",
        p=[1, 2, 3, 5], purple="imperial 5, sower 1, waterer 3, merchant 2",
        extra='expect = { red = { rice = 5, water = 7 }, blue = { rice = 3, water = 3 }, '
              'green = { rice = 2, water = 6 }, yellow = { rice = 5, water = 7 }, '
              'purple = { rice = 2, water = 6 }, first = "blue" }'))


def test_saboteur_blocks_a_hidden_basic_advisor_on_its_field():
    """« The Saboteur also cuts the neighbours of a basic advisor nobody chose, lying on the black die
    in its field. »
    Red keeps the Saboteur and hides the Water Advisor; yellow keeps the Imperial; the Water Advisor
    lies on 4 with red's Saboteur: Waterers on 3 and 5 lose 3, on 4 gain 1. Red starts again."""
    legal(FOUR.format(
        first="red", position="", black=4,
        draft='{ red = "saboteur", hide = "water-advisor", blue = "sow-advisor", green = "market-advisor", '
              'yellow = "imperial" }',
        r=[1, 2, 4, 5], red="saboteur 4, sower 1, waterer 5, merchant 2",
        b=[1, 2, 3, 4], blue="sow-advisor 1, sower 2, waterer 4, merchant 3",
        g=[2, 3, 5, 6], green="market-advisor 6, sower 5, waterer 3, merchant 2",
        y=[1, 1, 4, 6], yellow="imperial 6, sower 1, waterer 4, merchant 1",
        extra='expect = { red = { rice = 5, water = 3 }, blue = { rice = 3, water = 7 }, '
              'green = { rice = 2, water = 3 }, yellow = { rice = 5, water = 7 }, first = "red" }'))


def test_six_players_full_deck_draft():
    """« With six players the deck holds all seven advisors; the sixth player chooses between the
    last card and the hidden one. »
    Orange keeps the Water Advisor red hid; the Sake Seller lies on 6 alone. Sow on 2, Water on 3,
    Market on 5; red's Beggar on 4 is paid; purple's Saboteur on 1 sits with no basic advisor."""
    legal("""
game = "dojima"
players = 6
first = "red"

[position]
season = "spring"

[[round]]
draft.red = "beggar"
draft.hide = "water-advisor"
draft.blue = "sow-advisor"
draft.green = "market-advisor"
draft.yellow = "imperial"
draft.purple = "saboteur"
draft.orange = "water-advisor"
black = 6
roll.red = [1, 2, 3, 4]
roll.blue = [2, 2, 3, 4]
roll.green = [1, 2, 3, 5]
roll.yellow = [1, 1, 3, 4]
roll.purple = [1, 2, 3, 4]
roll.orange = [1, 2, 3, 3]
red = "beggar 4, sower 1, waterer 2, merchant 3"
blue = "sow-advisor 2, sower 2, waterer 3, merchant 4"
green = "market-advisor 5, sower 3, waterer 1, merchant 2"
yellow = "imperial 1, sower 1, waterer 3, merchant 4"
purple = "saboteur 1, sower 4, waterer 3, merchant 2"
orange = "water-advisor 3, sower 2, waterer 3, merchant 1"
expect.red = { rice = 3, water = 6, ryo = 1 }
expect.blue = { rice = 5, water = 7 }
expect.green = { rice = 3, water = 3 }
expect.yellow = { rice = 3, water = 7 }
expect.purple = { rice = 2, water = 7 }
expect.orange = { rice = 5, water = 7 }
expect.reserve = 7
expect.first = "purple"
""")


def test_two_players_beggar_blocked_and_reroll_of_three_dice():
    """« With two players a triple on the three worker dice allows one new roll of those three; the
    Beggar still pays nothing when a basic advisor's die shows its number. »
    Red rolls 4, 4, 4 and rolls again: 2, 3, 5. The Beggar's die is 3, like the Market Advisor's."""
    text = """
game = "dojima"
players = 2
first = "red"

[position]
season = "spring"

[[round]]
pyramid = ["beggar", "sow-advisor", "water-advisor", "market-advisor", "saboteur", "sake-seller"]
roll = { red = [4, 4, 4], blue = [1, 4, 6] }
advisor_dice = { red = [1, 3, 5], blue = [2, 3, 6] }
red = "sower 2, waterer 5, merchant 3"
blue = "sower 1, waterer 6, merchant 4"
picks = ["3 market-advisor", "6 saboteur", "1 sake-seller", "2 sow-advisor", "5 water-advisor", "3 beggar"]
"""
    legal(text + 'reroll = { red = [2, 3, 5] }\n'
                 'expect = { red = { rice = 5, water = 7, ryo = 0 }, blue = { rice = 3, water = 6, ryo = 0 }, '
                 'reserve = 6, first = "blue" }')
    illegal(text.replace("red = [4, 4, 4]", "red = [2, 3, 4]") + 'reroll = { red = [2, 3, 5] }', "reroll-triple")


def test_draft_order_follows_the_new_first_player():
    """« The draft starts with the round's first player and goes left; the last seat before them is
    the one who may take the card laid face down. »
    Round 1: green's Saboteur makes green first. Round 2: green keeps the Sow Advisor and hides the
    Market Advisor; yellow and red take theirs; blue, last, takes the hidden Market Advisor and the
    Saboteur lies face down on 1, alone. Nobody chose it: yellow is first in round 3."""
    round_one = FOUR.format(
        first="red", position="", black=3,
        draft='{ red = "sow-advisor", hide = "imperial", blue = "water-advisor", green = "saboteur", '
              'yellow = "market-advisor" }',
        r=[1, 2, 3, 5], red="sow-advisor 2, sower 1, waterer 3, merchant 5",
        b=[2, 3, 4, 4], blue="water-advisor 4, sower 3, waterer 4, merchant 2",
        g=[2, 4, 5, 6], green="saboteur 4, sower 2, waterer 5, merchant 6",
        y=[1, 5, 6, 6], yellow="market-advisor 1, sower 6, waterer 6, merchant 5",
        extra='expect = { first = "green" }')
    legal(round_one + """
[[round]]
draft.green = "sow-advisor"
draft.hide = "market-advisor"
draft.yellow = "water-advisor"
draft.red = "imperial"
draft.blue = "market-advisor"
black = 1
roll = { green = [2, 2, 3, 5], yellow = [1, 3, 4, 6], red = [1, 3, 5, 6], blue = [1, 2, 4, 5] }
green = "sow-advisor 2, sower 2, waterer 3, merchant 5"
yellow = "water-advisor 4, sower 1, waterer 3, merchant 6"
red = "imperial 6, sower 3, waterer 5, merchant 1"
blue = "market-advisor 5, sower 1, waterer 4, merchant 2"
expect.red = { water = 3, rice = 4 }
expect.blue = { water = 8, rice = 4 }
expect.green = { water = 3, rice = 6 }
expect.yellow = { water = 3, rice = 3 }
expect.first = "yellow"
""")


def test_reserve_pays_what_it_has_and_the_box_the_rest():
    """« A sale bigger than the reserve takes the reserve's last Ryô and the rest from the box. »
    Reserve 1, box 30: red sells 3 rice for 2 Ryô; 1 comes from the reserve, 1 from the box (29);
    the season ends and the box fills the reserve with 8 (21)."""
    legal(market_round('sell = { red = 3 }\n'
                       'expect = { red = { ryo = 2, rice = 1 }, reserve = 8, box = 21, season = "summer" }',
                       position="reserve = 1\nbox = 30\nrice = { red = 4 }"))


def test_three_way_full_tie_is_shared():
    """« Players level on Ryô, rice and water all win together. »"""
    legal(end_round('expect = { red = { water = 7 }, blue = { water = 7 }, green = { water = 7 } }\n\n'
                    '[end]\nwinner = "red+blue+green"\nround = 1',
                    'reserve = 1\nryo = { red = 6, blue = 6, green = 6 }\nrice = { red = 4, blue = 4, green = 4 }\n'
                    'water = { red = 6, blue = 6, green = 7 }'))


def test_reroll_with_four_equal_dice():
    """« Four equal dice are at least three equal: a new roll is allowed. »"""
    legal(three(red="sow-advisor 1, sower 6, waterer 2, merchant 3",
                blue="water-advisor 5, sower 2, waterer 6, merchant 1",
                green="market-advisor 4, sower 1, waterer 6, merchant 2",
                r=[6, 6, 6, 6], b=[1, 2, 5, 6], g=[1, 2, 4, 6],
                extra='reroll = { red = [1, 2, 3, 6] }\nexpect = { red = { water = 3, rice = 2 } }'))


def test_two_players_advisor_dice_triple_gives_no_reroll():
    """« With two players only a player's own three worker dice count for a second roll; three equal
    advisor dice allow nothing. »"""
    text = TWO.format(position="", extra='reroll = { red = [2, 3, 5] }', picks=TWO_PICKS)
    illegal(text.replace("advisor_dice = { red = [1, 3, 5], blue = [2, 4, 6] }",
                         "advisor_dice = { red = [5, 5, 5], blue = [2, 4, 6] }"), "reroll-triple")


def test_two_players_any_free_die_may_be_picked():
    """« Each pick may take any of the six advisor dice still free, the opponent's as well. »
    Market on 2, Saboteur on 1 and Sake Seller on 6 alone, Sow on 3, Water on 4, Beggar on 5.
    Red: Sower 3 +3 -> 5, Waterer 5 beside 4, Merchant 2 sells 1 -> rice 4, 1 Ryô.
    Blue: Sower 4 +1 -> 3, Waterer 4 +1 -> 7, Merchant 1 sells 1 -> rice 2, 1 Ryô, plus the Beggar.
    Reserve 6 - 3 = 3."""
    text = TWO.format(position="", extra='sell = { red = 1, blue = 1 }\n'
                      'expect = { red = { rice = 4, water = 6, ryo = 1 }, blue = { rice = 2, water = 7, ryo = 2 }, '
                      'reserve = 3 }',
                      picks='["2 market-advisor", "1 saboteur", "6 sake-seller", "3 sow-advisor", '
                            '"4 water-advisor", "5 beggar"]')
    legal(text.replace('roll = { red = [2, 3, 5], blue = [1, 4, 6] }', 'roll = { red = [2, 3, 5], blue = [1, 4, 4] }')
          .replace('red = "sower 2, waterer 5, merchant 3"', 'red = "sower 3, waterer 5, merchant 2"')
          .replace('blue = "sower 1, waterer 6, merchant 4"', 'blue = "sower 4, waterer 4, merchant 1"'))


def test_two_players_autumn_overstock_and_end():
    """« The two-player game ends like the others: autumn rounds return a Ryô to the box, and an empty
    reserve after autumn ends the year. »
    Autumn, reserve 2: blue's Beggar Ryô leaves 1, the overstock takes it; blue wins 4 to 3."""
    text = TWO.format(position='reserve = 2\nryo = { red = 3, blue = 3 }', picks=TWO_PICKS,
                      extra='expect = { reserve = 0, red = { ryo = 3 }, blue = { ryo = 4 } }\n\n'
                            '[end]\nwinner = "blue"\nround = 1')
    legal(text.replace('season = "spring"', 'season = "autumn"'))


BASE_THREE = dict(red="sow-advisor 1, sower 6, waterer 2, merchant 3",
                  blue="water-advisor 5, sower 2, waterer 6, merchant 1",
                  green="market-advisor 4, sower 1, waterer 6, merchant 2",
                  r=[1, 2, 3, 6], b=[1, 2, 5, 6], g=[1, 2, 4, 6])


@pytest.mark.parametrize("draft", [
    '{ red = "sow-advisor", hide = "sow-advisor", blue = "water-advisor", green = "market-advisor" }',
    '{ red = "sow-advisor", hide = "beggar", blue = "water-advisor", green = "market-advisor" }',
    '{ red = "sow-advisor", hide = "imperial", blue = "water-advisor", green = "water-advisor" }',
], ids=["hide-own-card", "hide-card-not-in-deck", "last-takes-a-taken-card"])
def test_draft_choices_outside_the_offer(draft):
    """« The first player keeps one card and hides a different one, both from the deck; the last
    player picks between the deck's last card and the hidden one only. »"""
    text = three(**BASE_THREE).replace(
        'draft = { red = "sow-advisor", hide = "imperial", blue = "water-advisor", green = "market-advisor" }',
        f"draft = {draft}")
    illegal(text, "draft-card")


@pytest.mark.parametrize("cards", ["sow-advisor 1, sower 6, sower 2, merchant 3",
                                   "sow-advisor 1, sower 6, waterer 2",
                                   "sower 6, waterer 2, merchant 3, imperial 1"])
def test_each_player_lays_exactly_their_four_cards(cards):
    """« Every round each player lays all three of their workers and the advisor they kept, each once
    (the same worker twice, a missing card or someone else's advisor are refused). »"""
    illegal(three(**{**BASE_THREE, "red": cards}), "assign-cards")


def test_two_players_lay_only_their_workers():
    """« With two players nobody holds an advisor: each lays just the three workers. »"""
    illegal(TWO.format(position="", extra="", picks=TWO_PICKS).replace(
        'red = "sower 2, waterer 5, merchant 3"', 'red = "sower 2, waterer 5, sow-advisor 3"'), "assign-cards")


def test_saboteur_first_player_carries_into_the_next_season():
    """« The Saboteur's claim on the next round holds across a change of season. »
    Blue sells the reserve's last 2 Ryô; summer starts with blue first."""
    text = FOUR.format(
        first="red", position="reserve = 2\nrice = { red = 3, blue = 3, green = 3, yellow = 3 }", black=6,
        draft='{ red = "market-advisor", hide = "imperial", blue = "saboteur", green = "water-advisor", '
              'yellow = "sow-advisor" }',
        r=[1, 3, 4, 5], red="market-advisor 3, sower 1, waterer 5, merchant 4",
        b=[1, 3, 3, 5], blue="saboteur 3, sower 1, waterer 5, merchant 3",
        g=[1, 2, 5, 6], green="water-advisor 5, sower 1, waterer 6, merchant 2",
        y=[1, 1, 5, 6], yellow="sow-advisor 6, sower 1, waterer 5, merchant 1",
        extra='sell = { blue = 3 }\nexpect = { season = "summer", reserve = 8, first = "blue" }')
    legal(text)


def test_imperial_move_to_a_field_far_from_the_advisor_costs_water():
    """« The worker moved by the Imperial is paid for its new field, for better or worse: a Waterer
    taken far from the Water Advisor loses 3. »
    Imperial on 2; red moves its Waterer from 5 (the Water Advisor's field) to 2."""
    legal(imperial_round('imperial = { red = "waterer" }\nexpect = { red = { water = 3, rice = 3 } }',
                         red="imperial 2, sower 3, waterer 5, merchant 1", r=(1, 2, 3, 5)))


def test_imperial_merchant_beside_the_market_sells_only_one():
    """« A Merchant the Imperial brings next to the Market Advisor trades as any Merchant there: 1 rice
    for 1 Ryô. »
    The Market Advisor lies face down on 5; red's Imperial on 4 brings its Merchant from 1."""
    text = imperial_round('imperial = { red = "merchant" }\n', red="imperial 4, sower 2, waterer 3, merchant 1",
                          r=(1, 2, 3, 4), black=5, position="rice = { red = 4 }")
    illegal(text + 'sell = { red = 3 }', "sell-three")
    legal(text + 'sell = { red = 1 }\nexpect = { red = { ryo = 1, rice = 5 }, reserve = 7 }')


def test_short_game_starts_with_six_in_the_reserve():
    """« The short game's reserve holds 6 Ryô from the very first round. »"""
    text = three(**BASE_THREE, extra='sell = { red = 1 }\nexpect = { reserve = 5, red = { ryo = 1 } }')
    legal(text.replace('[position]\nseason = "spring"\n', '').replace(
        'first = "red"', 'first = "red"\noptions = ["short-game"]'))


# ---------------------------------------------------------------- a reference model, from our reading
#
# An independent, minimal model of a round's resolution written from the rulebook and RULINGS.md
# (not from the engine): it reads a game's notation (the dice, the draft, the cards, the Imperial's
# move and the sales are all recorded) and works out every track after every round. Bot games of every
# size are replayed by both, and the tracks must agree round by round.

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
BASIC = ("sow-advisor", "water-advisor", "market-advisor")
# « The deck: the three basic advisors and, by player count, the Imperial (3), the Saboteur (4), the
# Sake Seller (5) and the Beggar (6); with two players every advisor but the Imperial. »
DECKS = {2: (*BASIC, "saboteur", "sake-seller", "beggar"), 3: (*BASIC, "imperial"),
         4: (*BASIC, "imperial", "saboteur"), 5: (*BASIC, "imperial", "saboteur", "sake-seller"),
         6: (*BASIC, "imperial", "saboteur", "sake-seller", "beggar")}


def field_kind(x, home, saboteur, sake):
    """« What a field is for a basic advisor on `home`: its own field active, the numbers beside it
    adjacent (no wrap from 6 to 1), the Sake Seller swapping the two, the Saboteur emptying the
    neighbours, both together emptying its own field and making the neighbours active. »"""
    kind = "active" if x == home else "adjacent" if abs(x - home) == 1 else "empty"
    if sake and saboteur:
        return {"active": "empty", "adjacent": "active"}.get(kind, "empty")
    if sake:
        return {"active": "adjacent", "adjacent": "active"}.get(kind, "empty")
    if saboteur and kind == "adjacent":
        return "empty"
    return kind


def reference_year(text, market=None):
    market = {} if market is None else market
    data = tomllib.loads(text)
    players = list(COLOURS[:data.get("players", 3)])
    two = len(players) == 2
    refill = 6 if two or "short-game" in data.get("options", []) else 8
    seasons = ("spring", "summer", "autumn")
    season, reserve, first = 0, refill, data.get("first", players[0])
    water = dict.fromkeys(players, 6)
    rice = dict.fromkeys(players, 2)
    ryo = dict.fromkeys(players, 0)
    deck = list(DECKS[len(players)])
    after = []
    over = False
    for rnd in data["round"]:
        assert not over
        dice = {q: list(rnd.get("reroll", {}).get(q, rnd["roll"][q])) for q in players}
        place = {}                                      # advisor -> field
        holder = {}                                     # advisor -> player
        workers = {}                                    # (player, role) -> field
        for q in players:
            for item in rnd[q].split(","):
                card, value = item.split()
                assert int(value) in dice[q]
                dice[q].remove(int(value))
                if card in ("sower", "waterer", "merchant"):
                    workers[q, card] = int(value)
                else:
                    place[card], holder[card] = int(value), q
        if two:
            for pick in rnd["picks"]:
                value, card = pick.split()
                place[card] = int(value)
        else:
            hidden = [c for c in deck if c not in holder]
            assert len(hidden) == 1
            place[hidden[0]] = rnd["black"]
        for q, role in rnd.get("imperial", {}).items():
            assert holder.get("imperial") == q
            workers[q, role] = place["imperial"]

        def kind(advisor, x, place=place):
            home = place[advisor]
            return field_kind(x, home, place.get("saboteur") == home, place.get("sake-seller") == home)

        def pay(q, amount):
            nonlocal reserve
            ryo[q] += amount
            reserve = max(0, reserve - amount)          # the box pays whatever the reserve lacks

        for q in players:                               # B: Sowers
            k = kind("sow-advisor", workers[q, "sower"])
            rice[q] = min(6, rice[q] + {"active": 3, "adjacent": 1, "empty": 0}[k])
        for q in players:                               # C: Waterers, withering paid in rice
            k = kind("water-advisor", workers[q, "waterer"])
            if k == "active":
                water[q] = min(8, water[q] + 1)
            elif k == "empty":
                missing = max(0, 3 - water[q])
                water[q] = max(0, water[q] - 3)
                rice[q] = max(0, rice[q] - missing)
        for q in players:                               # D: Merchants
            units = rnd.get("sell", {}).get(q)
            k = kind("market-advisor", workers[q, "merchant"])
            market[len(after) + 1, q] = (k, rice[q], holder.get("imperial"))
            if units:
                assert k == "active" or (k == "adjacent" and units == 1)
                assert rice[q] >= units
                rice[q] -= units
                pay(q, 1 if units == 1 else 2)
        if "beggar" in place:                           # E: the Beggar
            if all(place[b] != place["beggar"] for b in BASIC):
                if two:
                    pay(next(q for q in players if q != first), 1)
                elif "beggar" in holder:
                    pay(holder["beggar"], 1)
        if seasons[season] == "autumn" and reserve > 0:
            reserve -= 1                                # the overstock
        if reserve == 0:
            if seasons[season] == "autumn":
                over = True
            else:
                season += 1
                reserve = refill
                gain = 1 if seasons[season] == "summer" else 3
                for q in players:
                    water[q] = min(8, water[q] + gain)
        seat = players.index(first)
        if not two and "saboteur" in holder:
            first = holder["saboteur"]
        else:
            first = players[(seat + 1) % len(players)]
        after.append((dict(water), dict(rice), dict(ryo), reserve))
    best = max((ryo[q], rice[q], water[q]) for q in players)
    winners = [q for q in players if (ryo[q], rice[q], water[q]) == best] if over else []
    return after, winners


@pytest.mark.parametrize("players, options, seed", [
    (p, o, s) for p in (2, 3, 4, 5, 6) for o in ((), ("short-game",), ("dice-first",)) for s in (1, 2, 3, 4)
    if p > 2 or not o])
def test_reference_model_agrees_with_the_engine_on_bot_games(players, options, seed):
    """« Every track after every round, and the winners, follow from the recorded dice and choices
    by the rules alone. » The model above and the engine replay the same bot game."""
    module = Dojima()
    text = module.bot_notation(GAME, Settings(players, frozenset(options), seed))
    transcript = notation.replay(GAME, text, "bot.toml")
    after, winners = reference_year(text)
    assert len(after) == len(transcript.rounds)
    for number, (log, mine) in enumerate(zip(transcript.rounds, after), 1):
        assert (log.water, log.rice, log.ryo, log.reserve) == mine, f"round {number}"
    assert transcript.state.over
    assert list(transcript.state.winners) == winners


def offered_choices_mismatches(players, seed):
    """Play a game with random legal choices, recording what the engine offers at each decision, then
    compare the offers with what our reading allows (worked out by the reference model)."""
    state = Dojima().new_state(GAME, Settings(players, frozenset(), seed))
    rng = random.Random(seed)
    deck = list(DECKS[players])
    kept, hide, offers = {}, None, []
    wrong = []
    while not state.is_terminal():
        d = state.decision()
        offered = sorted(map(str, state.legal_actions()))
        if d.kind == "draft-first":
            kept, hide = {}, None
            want = sorted(f"keep {a} hide {b}" for a in deck for b in deck if a != b)
        elif d.kind in ("draft", "draft-last"):
            left = [c for c in deck if c not in kept.values() and (d.kind == "draft-last" or c != hide)]
            want = sorted(f"keep {c}" for c in left)
        elif d.kind == "pick":
            rec = state.record
            top, left_mid, right_mid, *bottom = rec.pyramid
            given = {card for _, card in (p.split() for p in rec.picks)}
            free = Counter(v for q in rec.advisor_dice for v in rec.advisor_dice[q])
            free.subtract(int(p.split()[0]) for p in rec.picks)
            up = set(bottom)
            up |= {left_mid} if {bottom[0], bottom[1]} <= given else set()
            up |= {right_mid} if {bottom[1], bottom[2]} <= given else set()
            up |= {top} if {left_mid, right_mid} <= given else set()
            want = sorted(f"{v} {c}" for c in up - given for v in free if free[v] > 0)
        else:
            want = None
            offers.append((state.round, d.kind, d.player, getattr(d, "card", None), offered))
        if want is not None and want != offered:
            wrong.append((state.round, d.kind, d.player, offered, want))
        action = str(rng.choice(state.legal_actions()))
        if d.kind.startswith("draft"):
            kept[d.player] = action.split()[1]
            hide = action.split()[3] if d.kind == "draft-first" else hide
        state.apply_action(action)
    text = notation.write(state)
    market = {}
    reference_year(text, market)
    rounds = tomllib.loads(text)["round"]
    roles = dict(zip(BASIC, ("sower", "waterer", "merchant")))
    for number, kind, q, card, offered in offers:
        if kind == "sell":
            k, rice, _ = market[number, q]
            want = ["no sale"] + ["sell 1"] * (k != "empty" and rice >= 1) + ["sell 3"] * (k == "active" and rice >= 3)
            if sorted(want) != offered:
                wrong.append((number, kind, q, offered, want))
        elif kind == "imperial":
            # « any one of its holder's own workers whose step has not yet resolved »: as an advisor turns
            # up, its own worker and those of the later steps
            used = list(rounds[number - 1].get("imperial", {}).values())
            steps = [c for c in BASIC][:[roles[c] for c in BASIC].index(used[0]) + 1] if used else list(BASIC)
            later = [roles[c] for c in BASIC[BASIC.index(card):]] if card in BASIC else []
            if card not in steps or offered != sorted(["pass", *(f"imperial {r}" for r in later)]):
                wrong.append((number, kind, q, offered, card))
    return wrong


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_offered_choices_match_the_rules(players):
    """« The draft offers every keep-and-hide pair to the first player, the cards left to the others,
    and the last card or the hidden one to the last player; a Merchant is offered no sale, 1 for 1 on
    the active or an adjacent field with 1 rice, 3 for 2 on the active field with 3 rice; as each basic
    advisor turns up, until the move is used, the Imperial's holder may move any of their workers not yet
    paid (that step's and the later ones); with two players a die may go on any face-up card without
    one. »"""
    for seed in range(1, 9):
        assert offered_choices_mismatches(players, seed) == []
