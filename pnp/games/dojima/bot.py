"""A simple Dôjima player that decides from its own view (`DojimaState.view`): it drafts the
advisors that pay, lays its worker on its own basic advisor's die, keeps its Waterer near the
middle of the dice, uses the Imperial when it turns an empty field into a paying one, and sells
what it can. Seeded: the same seed plays the same game."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from .basics import BASIC, IMPERIAL, ROLE_OF, SABOTEUR, SAKE, field_effect
from .rules import View

VALUE = {"sow-advisor": 3.0, "water-advisor": 3.0, "market-advisor": 3.2, "saboteur": 2.4, "imperial": 2.6,
         "beggar": 2.0, "sake-seller": 1.6}
WORTH = {"sower": {"active": 3.0, "adjacent": 1.0, "empty": 0.0},
         "waterer": {"active": 1.0, "adjacent": 0.0, "empty": -3.0},
         "merchant": {"active": 2.0, "adjacent": 1.0, "empty": 0.0}}
ADVISOR_OF = {role: adv for adv, role in ROLE_OF.items()}


def choose(view: View, kind: str, legal: Sequence[str], rng: random.Random) -> str:
    """The bot's action for a decision of `kind`, among the `legal` ones."""
    if kind == "draft-first":
        return _draft_first(legal, rng)
    if kind in ("draft", "draft-last"):
        return max(legal, key=lambda a: VALUE.get(a.split()[1], 1.0) + rng.random())
    if kind == "reroll":
        dice = view.dice[view.player]
        return "reroll" if len(set(dice)) == 1 or rng.random() < 0.5 else "stand"
    if kind == "assign":
        return max(legal, key=lambda a: _assign_score(view, a) + rng.random() * 0.8)
    if kind == "pick":
        return max(legal, key=lambda a: _pick_score(view, a) + rng.random() * 0.5)
    if kind == "imperial":
        return _imperial(view, legal)
    if kind == "sell":
        sales = [a for a in legal if a.startswith("sell")]
        if not sales:
            return "no sale"
        if "sell 3" in sales and (view.rice[view.player] >= 4 or rng.random() < 0.7):
            return "sell 3"
        return "sell 1" if "sell 1" in sales else sales[0]
    return rng.choice(list(legal))


def _draft_first(legal: Sequence[str], rng: random.Random) -> str:
    def score(a: str) -> float:
        _keep, k, _hide, h = a.split()
        return VALUE.get(k, 1.0) * 2 - VALUE.get(h, 1.0) + rng.random()
    return max(legal, key=score)


def _laid(text: str) -> dict[str, int]:
    return {m.group(1): int(m.group(2)) for m in re.finditer(r"([a-z-]+) ([1-6])", text)}


def _assign_score(view: View, action: str) -> float:
    laid = _laid(action)
    score = 0.0
    adv = view.hand
    if adv in BASIC:
        role = ROLE_OF[adv]
        score += WORTH[role][field_effect(laid[role], laid[adv])] * 1.5
    if adv == "beggar":       # a field far from the middle is less likely to hold a basic advisor
        score += 0.3 * abs(laid[adv] - 3.5)
    score -= 0.4 * abs(laid["waterer"] - 3.5)
    return score


def _pick_score(view: View, action: str) -> float:
    value, card = action.split()
    if card not in BASIC or not view.laid:
        return 0.0
    role = ROLE_OF[card]
    return WORTH[role][field_effect(view.laid[role], int(value))]


def _fields(view: View) -> dict[str, int]:
    return {card: value for _owner, card, value in view.table if card in (*BASIC, SABOTEUR, SAKE, IMPERIAL)}


def _imperial(view: View, legal: Sequence[str]) -> str:
    move = [a for a in legal if a != "pass"]
    if not move or view.step is None or IMPERIAL not in view.laid:
        return "pass"
    role = ROLE_OF[view.step]
    fields = _fields(view)
    a = fields.get(view.step)
    if a is None:
        return "pass"
    sab, sake = fields.get(SABOTEUR) == a, fields.get(SAKE) == a
    now = WORTH[role][field_effect(view.laid[role], a, sab, sake)]
    then = WORTH[role][field_effect(view.laid[IMPERIAL], a, sab, sake)]
    mine = f"imperial {role}"         # it only moves the worker of the advisor just turned up
    return mine if then > now and mine in move else "pass"
