"""Every pair of advisors that can share a field, played as a one-round game from a stated
position (five players, a deck of the three basic advisors, the Saboteur, the Sake Seller and the
Beggar). The expected effects are written out by hand from the rules:

- « A basic advisor's own field is active and the fields one above and one below are adjacent. »
- « The Saboteur on the same field turns the adjacent fields empty. »
- « The Sake Seller on the same field swaps them: the neighbours become active, the field itself
  adjacent. »
- « Both together: the neighbours are active and the field itself empty. »
- « The Beggar pays only if no Sow, Water or Market Advisor shares its field » (RULINGS.md: the
  advanced advisors never block it).
"""

import pytest

from .helpers import replay_text

BASIC = ("sow-advisor", "water-advisor", "market-advisor")
ROLE = {"sow-advisor": "sower", "water-advisor": "waterer", "market-advisor": "merchant"}
OTHER = {"sower": ("waterer", "merchant"), "waterer": ("sower", "merchant"), "merchant": ("sower", "waterer")}
DECK = ["sow-advisor", "water-advisor", "market-advisor", "saboteur", "sake-seller", "beggar"]

# Effects on fields 2, 3 and 4 of a basic advisor on 3, by what shares field 3 with it.
EXPECTED = {
    (): ("adjacent", "active", "adjacent"),
    ("saboteur",): ("empty", "active", "empty"),
    ("sake-seller",): ("active", "adjacent", "active"),
    ("saboteur", "sake-seller"): ("active", "empty", "active"),
}


def game_text(draft: dict[str, str], laid: dict[str, dict[str, int]]) -> str:
    """A five-player round: `laid` gives each player's cards on their dice (the dice follow)."""
    lines = ['game = "dojima"', "players = 5", 'first = "red"', "", "[position]",
             f"advisors = {DECK!r}".replace("'", '"'), "", "[[round]]",
             "draft = { " + ", ".join(f'{k} = "{v}"' for k, v in draft.items()) + " }", "black = 6",
             "roll = { " + ", ".join(f"{p} = {sorted(c.values())}" for p, c in laid.items()) + " }"]
    lines += [f'{p} = "' + ", ".join(f"{c} {v}" for c, v in cards.items()) + '"' for p, cards in laid.items()]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("mods", list(EXPECTED), ids=lambda m: "+".join(m) or "alone")
@pytest.mark.parametrize("basic", BASIC)
def test_a_basic_advisor_with_what_shares_its_field(basic, mods):
    role = ROLE[basic]
    others = [b for b in BASIC if b != basic]
    draft = {"red": basic, "hide": "beggar", "blue": "saboteur", "green": "sake-seller",
             "yellow": others[0], "purple": others[1]}
    a, b = OTHER[role]
    laid = {
        "red": {basic: 3, role: 1, a: 5, b: 6},
        "blue": {"saboteur": 3 if "saboteur" in mods else 6, role: 4, a: 1, b: 5},
        "green": {"sake-seller": 3 if "sake-seller" in mods else 6, role: 5, a: 1, b: 2},
        "yellow": {others[0]: 6, role: 2, a: 1, b: 5},
        "purple": {others[1]: 6, role: 3, a: 1, b: 5},
    }
    t = replay_text(game_text(draft, laid))
    events = t.rounds[0].record.events
    kind = "sale" if role == "merchant" else "worker"
    effect = {e.player: e.effect for e in events if e.kind == kind and (kind == "sale" or e.role == role)}
    assert (effect["yellow"], effect["purple"], effect["blue"]) == EXPECTED[mods]
    assert effect["red"] == "empty"      # field 1 is two away from 3: empty whatever shares field 3
    assert effect["green"] == "empty"    # field 5 likewise


@pytest.mark.parametrize("partner,blocked", [("sow-advisor", True), ("water-advisor", True),
                                             ("market-advisor", True), ("saboteur", False),
                                             ("sake-seller", False)])
def test_the_beggar_with_what_shares_its_field(partner, blocked):
    rest = [c for c in DECK if c not in ("beggar", partner)]
    draft = {"red": "beggar", "hide": rest[0], "blue": partner, "green": rest[1], "yellow": rest[2],
             "purple": rest[3]}
    laid = {
        "red": {"beggar": 3, "sower": 1, "waterer": 5, "merchant": 6},
        "blue": {partner: 3, "sower": 1, "waterer": 5, "merchant": 6},
        "green": {rest[1]: 6, "sower": 1, "waterer": 5, "merchant": 2},
        "yellow": {rest[2]: 6, "sower": 1, "waterer": 5, "merchant": 2},
        "purple": {rest[3]: 6, "sower": 1, "waterer": 5, "merchant": 2},
    }
    t = replay_text(game_text(draft, laid))
    (paid,) = [e for e in t.rounds[0].record.events if e.kind == "beggar"]
    assert paid.blocked is blocked
    assert t.state.ryo["red"] == (0 if blocked else 1)
