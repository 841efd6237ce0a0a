"""Daimyo rules for 2-4 players on a map of Han tiles that changes shape during play: the round.

Basic rules: dealing by category (`state`), the four stages of a round (here), priority
resolution (letter, then number), reserves (both cards to the opponent with 2 players, one left
and one right with 3 or 4), the five card effects with their fallbacks (`effects`), combat
(`combat`), and both ways to win. Advanced rules are switched on one by one in `Options` and act
as hooks at fixed points of the round (see `pnp.games.daimyo.advanced`).

>>> state = new_game(Options(players=2, seed=1))
>>> state.decision().kind, state.decision().player
('play', 'green')
>>> sorted(state.tile_at)[:3]
[(-2, 1), (-1, 0), (-1, 1)]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from itertools import combinations
from typing import Any

from ...engine import Decision, GameEvent, Illegal
from ...model import Game
from . import mastery, setup
from .actions import Action, Pass, PassCards, PlayCards
from .advanced import hooks_for
from .effects import BASIC_EFFECTS, Effect, whole_unit
from .events import Control, ControlTie, NoEffect, PassedToReserves, ReserveTaken, ToReserve
from .position import position_table, read_position
from .sampling import sample
from .specials import SPECIAL_EFFECTS
from .state import Board, Options, Position, RoundRecord, Rules

# Options and Rules live in `state`; benchmarks/bench_engine.py reads them from here.
__all__ = ["RULES", "DaimyoState", "Options", "Rules", "new_game"]

# Every refusal names one of these rules (`Illegal.rule`); tests assert on the names.
RULES: dict[str, str] = {
    # the round
    "game-over": "nothing is played after the game has ended",
    "play-two": "each clan plays exactly two different cards a round",
    "hand": "a clan plays only cards from its own hand",
    "pass": "with 3 or 4 players a clan passes its two played cards, one to each neighbour's reserve",
    "must-carry-out": "a card that can be carried out must be; 'pass' only when it cannot",
    "card-effect": "a card does only what its kind does",
    # setup and Mastery interludes
    "formation": "battle formation: the Daimyo starts on one of its own clan's Han",
    "keep-special": "a clan keeps the first or the second Special Action card it drew",
    "keep-mastery": "a clan keeps the first or the second Mastery card it drew",
    "strategy": "Master of Strategy bars a Han free of units, giving up a Bushi",
    "diplomacy": "Master of Diplomacy moves a neutral Han as Han Move does, giving up a Bushi",
    # the five basic effects
    "recruit-while-reserve": "Bushi Recruitment recruits while the Samegawa holds a Bushi",
    "recruit-empty": "with every Bushi on the map, Bushi Recruitment acts as Bushi Move",
    "no-han-left": "with the Han reserve empty, New Han acts as Han Move",
    "han-reserve": "New Han takes a neutral Han from the Han reserve",
    "han-touch": "a placed or moved Han touches the map on an empty spot",
    "no-han": "decisions name Han on the map",
    "han-empty": "Han Move lifts only a Han without units",
    "han-once": "a Han placed or moved this round cannot move again this round",
    "han-split": "a Han whose absence splits the map cannot move",
    "daimyo-where": "Daimyo Move moves the clan's Daimyo from where it stands",
    "bushi-where": "Bushi Move moves the clan's Bushi from a Han that holds them",
    "adjacent": "units move to an adjacent Han",
    "daimyo-no-attack": "a Daimyo never moves onto enemy units",
    "barred": "nobody moves onto the Han barred by the Master of Strategy",
    "inaccessible": "Inaccessible Clans: a Daimyo never enters a rival clan's Han",
    "bushi-count": "Bushi Move moves at least one Bushi, and no more than the Han holds",
    "ronin-count": "a move takes no more Rōnin than the Han holds",
    "ally": "allies never share a Han",
    "mastery": "a Mastery move needs the Mastery card that allows it, and a legal move",
    # Special Action cards
    "special-form": "a Special Action decision names what its card needs",
    "alternative-sacrifice": "Alternative gives up one of the player's own Bushi",
    "alternative-target": "Alternative pushes the enemy Bushi of a Han next to the one given up",
    "alternative-push": "the pushed Bushi go to another Han next to theirs, free of other clans' units",
    "ninja-target": "Ninja Attack removes Bushi standing with a rival Daimyo",
    "ronin-none-left": "Rōnin Recruitment adds the Rōnin not yet on the map",
    "mass-reserve-empty": "Mass Recruitment needs Bushi on the Samegawa",
    "mass-choose": "Mass Recruitment short of Bushi: the player names the own Han that get the rest",
    "mass-han": "Mass Recruitment puts one Bushi on each own Han free of enemies",
    "treachery-target": "Treachery removes an enemy Bushi from a neutral Han next to the player's units",
    "treachery-place": "Treachery's new Bushi joins the player's units on a Han next to the removed one",
    "retreat-count": "Strategic Retreat moves the units of 1 to 3 different Han",
    "retreat-source": "Strategic Retreat moves from Han held by the player and next to enemy units",
    "retreat-enemy": "a retreat never moves onto enemy units",
    "morale-target": "Breakdown of Morale removes Bushi of an enemy unit",
    "morale-daimyo": "Breakdown of Morale never strikes a Han where the Daimyo stands",
}


# What each kind of card does (`Board.kind` names the kind). A new card effect is one `Effect` class,
# listed in its module's tuple (`effects.BASIC_EFFECTS`, `specials.SPECIAL_EFFECTS`).
EFFECTS: dict[str, Effect] = {e.kind: e for e in (*BASIC_EFFECTS, *SPECIAL_EFFECTS)}

Choices = Callable[[Board, Decision], list[Any]]
Apply = Callable[[Board, Decision, Any, bool], list[GameEvent]]     # the last: the action is known legal
# The decisions outside the four stages: before round 1 and the Mastery interludes, by kind.
SETUP: dict[str, tuple[Choices, Apply]] = {
    kind: (setup.setup_actions, setup.apply_setup) for kind in ("formation", "keep-special", "keep-mastery")}
INTERLUDES: dict[str, tuple[Choices, Apply]] = {
    kind: (mastery.interlude_actions, mastery.apply_interlude) for kind in ("strategy", "diplomacy")}


def new_game(options: Options | None = None, game: Game | None = None) -> DaimyoState:
    if game is None:
        from ...model import load_game
        from ...paths import cards_dir
        game = load_game(cards_dir() / "daimyo")
    return DaimyoState(Rules(game, options or Options()))


class DaimyoState(Board):
    """A game of Daimyo: the `Board` and the round that changes it."""

    def __init__(self, rules: Rules):
        super().__init__(rules, hooks_for(rules.options))
        for hook in self.hooks:
            hook.setup(self)
        if self.pending_setup:
            self.phase = "setup"
        else:
            self._start_round()

    def _start_round(self) -> None:
        """Before the cards: an advanced rule may ask for decisions first (an interlude)."""
        for hook in self.hooks:
            if hook.round_start(self):
                return

    # -- positions -----------------------------------------------------------------------

    def position(self) -> dict[str, Any]:
        """The start of the current round as the notation's ``[position]`` table (`pnp.engine.position`)."""
        return position_table(self, self.round_start())

    def set_position(self, table: Mapping[str, Any], where: str) -> None:
        """Start a round from a stated ``[position]`` table, after the setup (if any): a
        `NotationError` naming the key for anything impossible."""
        self.start_from(read_position(self, table, where))

    def start_from(self, p: Position) -> None:
        super().start_from(p)
        self._start_round()
        self.start_position = self.round_start()

    # -- legal choices -----------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        d = self.decision()
        if d is None:
            return []
        if d.kind == "play":
            return [PlayCards(tuple(p)) for p in combinations(self.sorted_cards(self.hand[d.player]), 2)]
        if d.kind == "pass":
            a, b = self.table[d.player]
            return [PassCards(a, b), PassCards(b, a)]
        if d.kind in INTERLUDES:
            return INTERLUDES[d.kind][0](self, d)
        if d.kind != "resolve":
            return SETUP[d.kind][0](self, d)
        assert d.card is not None
        return self.effects(d.player, d.card) or [Pass()]

    def sample_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action, drawn as `rng.choice(legal_actions())` draws it, without
        listing them all (`sampling`); `apply_action` does not check that very object again."""
        action = sample(self, rng, self.decision())
        self._sampled = action
        return action

    def effects(self, clan: str, card: str) -> list[Action]:
        """The decisions `clan`'s card allows now (none: the card passes)."""
        return EFFECTS[self.kind(card, clan)].options(self, clan)

    # -- applying ------------------------------------------------------------------------

    def random_game(self, rng: random.Random, max_steps: int = 100_000) -> tuple[int, list[tuple[str, str]]]:
        """The game the loop of `sample_action` + `apply_action` plays from `rng` (`pnp simulate
        --policy random`), asking each decision once: the decisions taken and the (player, label) of
        every labelled choice, as `pnp.simulate.run.labels` names them."""
        plays: list[tuple[str, str]] = []
        self.quiet = True
        try:
            steps = self._random_steps(rng, max_steps, plays)
        finally:
            self.quiet = False
        return steps, plays

    def _random_steps(self, rng: random.Random, max_steps: int, plays: list[tuple[str, str]]) -> int:
        """`random_game`'s loop: the decisions taken."""
        steps = 0
        while self.phase != "over" and steps < max_steps:
            d = self.decision()
            assert d is not None        # a game that is not over has a decision
            action = sample(self, rng, d)
            cards = getattr(action, "cards", None)
            if isinstance(cards, (tuple, list)):
                plays.extend((d.player, str(c)) for c in cards)
            elif d.card is None:        # carrying out a laid card is not counted again
                label = str(action) if isinstance(action, (str, int)) else f"{d.kind} {type(action).__name__}"
                plays.append((d.player, label))
            self._sampled = None
            self._apply(d, action, sampled=True)
            steps += 1
        return steps

    def apply_action(self, action: Action) -> list[GameEvent]:
        sampled, self._sampled = action is self._sampled, None
        return self._apply(self.decision(), action, sampled)

    def _apply(self, d: Decision | None, action: Action, sampled: bool) -> list[GameEvent]:
        """`apply_action` at decision `d` (this state's `decision()`); a `sampled` action is legal."""
        if d is None:
            raise Illegal(self.round, "nobody", None, "game-over", "the game is over")
        if d.kind == "play":
            if not isinstance(action, PlayCards):
                raise Illegal(self.round, d.player, None, "play-two", f"{d.player} must first play 2 cards")
            return self._play(d.player, action, checked=sampled)
        if d.kind == "pass":
            return self._pass(d.player, action)
        if d.kind in INTERLUDES:
            events = INTERLUDES[d.kind][1](self, d, action, sampled)
            if not self.interlude:
                if d.kind == "strategy":
                    self.phase = "play"
                else:
                    events += self.to_reserves()
            return events
        if d.kind != "resolve":
            events = SETUP[d.kind][1](self, d, action, sampled)
            if not self.pending_setup:
                self.phase = "play"
                self._start_round()
            return events
        assert d.card is not None
        return self._resolve(d.player, d.card, action, checked=sampled)

    def _play(self, clan: str, action: PlayCards, checked: bool = False) -> list[GameEvent]:
        cards = tuple(action.cards)
        hand = self.hand[clan]
        if checked:
            # drawn from the sorted hand (`sampling`): two cards of it, already in priority order
            played = cards
            self.history[-1].plays[clan] = action
        else:
            if len(cards) != 2 or len(set(cards)) != 2:
                raise Illegal(self.round, clan, None, "play-two", f"{clan} must play exactly 2 different cards")
            for c in cards:
                if c not in hand:
                    raise Illegal(self.round, clan, None, "hand", f"card {c} is not in {clan}'s hand; the hand "
                                  f"holds {' '.join(self.sorted_cards(hand))}")
            played = tuple(self.sorted_cards(cards))
            self.history[-1].plays[clan] = PlayCards(played)
        hand.difference_update(cards)
        events: list[GameEvent] = [self.commits.commit(clan, played)]
        if not self.commits.complete:
            return events
        for c in self.rules.clans:   # stage 2: take the two reserve cards back (none in round 1)
            if self.reserve[c]:
                if not self.quiet:
                    events.append(ReserveTaken(c, tuple(self.sorted_cards(self.reserve[c]))))
                self.hand[c].update(self.reserve[c])
                self.reserve[c] = []
        # stage 3: reveal, then resolve by priority: letter first, then number
        self.phase = "resolve"
        if self.quiet:
            self.commits.reveal_silently()
            self.queue = self._resolution_order(self.commits.revealed())
            return events
        reveal = self.commits.reveal(self._resolution_order)
        self.queue = list(reveal.order)
        events.append(reveal)
        return events

    def _resolution_order(self, chosen: Mapping[str, tuple[str, ...]]) -> list[tuple[str, str]]:
        """Every played (card, clan) by the card's priority: `priority_order(chosen, key=...)` with the
        card's printed priority as key. A card is played by one clan, so the cards alone are sorted
        (with the dict's own lookup as key) and each takes its clan along; the sort is stable, so
        cards of equal priority stay in seat order as there."""
        owner = {card: clan for clan, cards in chosen.items() for card in cards}
        return [(card, owner[card]) for card in sorted(owner, key=self.rules.priority.__getitem__)]

    def _resolve(self, clan: str, card: str, action: Action, checked: bool = False) -> list[GameEvent]:
        kind = self.kind(card, clan)
        effect = EFFECTS[kind]
        action = whole_unit(self, clan, action)
        if not checked:
            self.check(clan, card, kind, action)
        self.history[-1].decisions.append((card, clan, effect.written(self, clan, action)))
        self.queue.pop(0)
        base: dict[str, Any] = {"clan": clan, "card": card, "round": self.round}
        if isinstance(action, Pass):
            events: list[GameEvent] = [NoEffect(**base, effect=kind)]
        else:
            events = effect.carry_out(self, clan, action, base)
        if self.phase != "over" and not self.queue:
            events += self._after_resolution()
        return events

    def check(self, clan: str, card: str, kind: str, action: Action) -> None:
        """Raise `Illegal`, naming the rule, unless `action` is what the card does now."""
        if isinstance(action, Pass):
            options = self.effects(clan, card)
            if options:
                raise self._illegal(clan, card, "must-carry-out",
                                    f"the card can be carried out, so it must be (for example {options[0]})")
            return
        refusal = EFFECTS[kind].refusal(self, clan, card, action)
        if refusal is not None:
            raise self._illegal(clan, card, *refusal)

    def _illegal(self, clan: str, card: str, rule: str, why: str) -> Illegal:
        assert rule in RULES, rule
        return Illegal(self.round, clan, self.rules.label(card), rule, why)

    # -- the end of a round ----------------------------------------------------------------

    def _after_resolution(self) -> list[GameEvent]:
        for hook in self.hooks:
            if hook.after_resolution(self):
                return []
        return self.to_reserves()

    def to_reserves(self) -> list[GameEvent]:
        if len(self.rules.clans) == 2:
            return self._end_round()
        self.phase = "pass"
        return []

    def _pass(self, clan: str, action: Action) -> list[GameEvent]:
        mine = set(self.table[clan])
        if not isinstance(action, PassCards) or {action.left, action.right} != mine:
            raise Illegal(self.round, clan, None, "pass", f"{clan} must pass its two played cards "
                          f"({' and '.join(self.table[clan])}), one to the left and one to the right")
        self.passed[clan] = action
        self.history[-1].passes[clan] = action
        if len(self.passed) < len(self.rules.clans):
            return []
        return self._end_round()

    def _end_round(self) -> list[GameEvent]:
        events: list[GameEvent] = []
        rules = self.rules
        played = self.commits.revealed()
        if len(rules.clans) == 2:
            for clan in rules.clans:
                to = rules.left(clan)
                self.reserve[to].extend(played[clan])
                if not self.quiet:
                    events.append(ToReserve(clan, played[clan], to))
        else:
            for clan in rules.clans:
                p = self.passed[clan]
                self.reserve[rules.left(clan)].append(p.left)
                self.reserve[rules.right(clan)].append(p.right)
                if not self.quiet:
                    events.append(PassedToReserves(clan, p.left, p.right, rules.left(clan), rules.right(clan)))
        for hook in self.hooks:
            events += hook.end_of_round(self)
        self.commits.clear()
        self.passed, self.touched, self.barred_tile = {}, set(), None
        winners = self.controllers()
        if winners:
            best = max(winners.values())
            top = [c for c, v in winners.items() if v == best]
            if len(top) == 1:
                events.append(Control(top[0], best))
                events.append(self.finish(top[0], "control"))
                return events
            events.append(ControlTie(tuple(top), best))
        if rules.options.round_cap is not None and self.round >= rules.options.round_cap:
            events.append(self.finish(None, "round-cap"))
            return events
        self.round += 1
        self.phase = "play"
        self.history.append(RoundRecord(self.round))
        self._start_round()
        return events
