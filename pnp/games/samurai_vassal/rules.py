"""Samurai Vassal's rules: the state, and the one written resolution algorithm.

RESOLUTION, one written algorithm (RULINGS.md "Samurai Vassal").

The steps are `STEPS` below (the booklet prints them from there); `resolve` follows them in order.

0. Reveal. Every player lays a card face down, and all are turned up together (in Middle Player
   mode the NPC's card is turned up first; its effects act like any player's).
1. Blocking. If anyone laid Kuroda Kanbei, every other effect of the round is cancelled except
   Strategising's, "when played" effects and Sasuke's copy included (a blocked Sasuke has no level).
   Otherwise a Sasuke takes the level and effects of its owner's previous card; an earlier Sasuke
   counts as the card it copied (nothing to copy, or an earlier Sasuke that copied nothing: no level,
   and it loses; a Sasuke that copies Kuroda blocks exactly as Kuroda does).
2. "When played" effects: Strategising takes every card in front of its owner back to hand (its
   owner loses); Ishida and Hanzo take back the other cards, Fuma and Uesugi the last one still in
   front, Oda and Nohime turn the others face down; Honda and Shibata take 1 trust from each player with
   the most at the reveal. Then every card not taken back to hand is laid face up in front of its owner.
3. Reject. Every active Reject names its targets among the other players' cards (several Rejects add
   up). If there is at least one target, the targets lose and every other card wins, except
   Strategising and a Sasuke that copied nothing: they always lose. Majority and level are skipped.
   A rejected card keeps its other effects.
4. Otherwise majority: the level laid by the most cards wins; a tie goes to the highest of the tied
   levels. With an active "cancel majority", the highest level wins. Strategising and cards with no
   level never count.
5. Win together: a card that wins with a level (Maeda 2, Nene 5, Asano and Fukushima 4) wins when a
   card of that level won, repeated until nothing changes. Never for a rejected card or
   Strategising.
6. Fuma Kotaro: everyone loses, whatever steps 3-5 said.
7. Trust. Winners gain the trust values of their face-up cards plus their bonuses (Matsu, Tokugawa,
   Oichi, Naoe); losers turn all their cards face down. An "if you win, the losers give up trust"
   effect (War Drills, Date, Shima, Honda, Takeda, Uesugi) hits every player who lost; an "if you
   lose" effect (Sanada, Kato) hits every other player. Each player's gains and losses are added up,
   then trust stops at 0. Hideyoshi and Chacha force Strategising next round.
8. End: after the trust step, if anyone has 12 or more, the most trust wins; a tie goes to the most
   cards in front (face down too); still tied, they share the victory.

The NPC (Middle Player) counts as an "other player" for every effect, and its own cards' effects
act like any player's (a winning NPC War Drills costs each player who lost 1 trust, an NPC Party
rejects); it never gains or loses trust, and its Strategising simply loses.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ...engine.core import Chance, Decision, Illegal
from ...engine.events import GameEvent, Revealed, Shuffled
from ...engine.simultaneous import Commitments
from ...engine.state import Hidden, check_players
from .cards import (
    CARDS,
    CHARACTER_IDS,
    PARTY,
    PROPOSAL_IDS,
    STRATEGISING,
    WIN_TRUST,
    AllLose,
    Bonus,
    CancelAll,
    CancelMajority,
    CardDef,
    Copy,
    Effect,
    FlipOthers,
    HitLeader,
    MustStrategise,
    Penalty,
    PerFaceDown,
    Reject,
    ReturnLast,
    ReturnOthers,
    Spite,
    Strategise,
    WinWith,
)
from .events import (
    Blocked,
    CardsFlipped,
    CardsReturned,
    CharacterKept,
    Copied,
    GameEnded,
    NpcCard,
    Rejected,
    RoundDecided,
    TrustChanged,
)

MIDDLE, NO_PARTY, SAMURAI = "middle-player", "no-party", "samurai"

# The resolution algorithm in steps, as the booklet prints it.
STEPS: tuple[tuple[int, str], ...] = (
    (0, "Reveal. Every player lays a card face down, and all are turned up together (in Middle Player mode "
        "the NPC's card is turned up first; its effects act like any player's)."),
    (1, 'Blocking. If anyone laid Kuroda Kanbei, every other effect of the round is cancelled except '
        'Strategising\'s, "when played" effects and Sasuke\'s copy included (a blocked Sasuke has no '
        "level). Otherwise a Sasuke takes the level and effects of its owner's previous card; an earlier "
        'Sasuke counts as the card it copied (nothing to copy, or an earlier Sasuke that copied nothing: no '
        'level, and it loses; a Sasuke that copies Kuroda blocks exactly as Kuroda does).'),
    (2, '"When played" effects: Strategising takes every card in front of its owner back to hand (its '
        'owner loses); Ishida and Hanzo take back the other cards, Fuma and Uesugi the last one still in '
        'front, Oda and Nohime turn the others face down; Honda and Shibata take 1 trust from each player with '
        'the most at the reveal. Then every card not taken back to hand is laid face up in front of its owner.'),
    (3, "Reject. Every active Reject names its targets among the other players' cards (several Rejects "
        'add up). If there is at least one target, the targets lose and every other card wins, except '
        'Strategising and a Sasuke that copied nothing: they always lose. Majority and level are skipped. '
        'A rejected card keeps its other effects.'),
    (4, 'Otherwise majority: the level laid by the most cards wins; a tie goes to the highest of the tied '
        'levels. With an active "cancel majority", the highest level wins. Strategising and cards with no '
        'level never count.'),
    (5, 'Win together: a card that wins with a level (Maeda 2, Nene 5, Asano and Fukushima 4) wins when a '
        'card of that level won, repeated until nothing changes. Never for a rejected card or '
        'Strategising.'),
    (6, 'Fuma Kotaro: everyone loses, whatever steps 3-5 said.'),
    (7, 'Trust. Winners gain the trust values of their face-up cards plus their bonuses (Matsu, Tokugawa, '
        'Oichi, Naoe); losers turn all their cards face down. An "if you win, the losers give up trust" '
        'effect (War Drills, Date, Shima, Honda, Takeda, Uesugi) hits every player who lost; an "if you '
        'lose" effect (Sanada, Kato) hits every other player. Each player\'s gains and losses are added up, '
        'then trust stops at 0. Hideyoshi and Chacha force Strategising next round.'),
    (8, 'End: after the trust step, if anyone has 12 or more, the most trust wins; a tie goes to the most '
        'cards in front (face down too); still tied, they share the victory.'),
)
DEAL = 3   # characters dealt to each player in Samurai mode

# Every refusal names one of these rules (IllegalMove.rule in a notation file).
RULES = {
    "game-over": "the game already ended",
    "not-in-hand": "the card is not in the player's hand",
    "twice": "the player already laid a card this round",
    "must-strategise": "Hideyoshi or Chacha forces Strategising this round",
    "not-dealt": "Samurai mode: the kept character must be one of the three dealt",
    "npc-card": "Middle Player mode: the NPC card is not left in the NPC deck",
}

E = TypeVar("E")          # a kind of effect or event, for picking those of one kind


@dataclass(frozen=True)
class Play:
    """One revealed card as it resolves: its owner, card, level and active effects; `counts_as` is
    the card it stood in for (a Sasuke's copy; the card itself otherwise, and a Sasuke with nothing
    to copy counts as itself, which gives a later Sasuke nothing); `loses` is set for a card that
    never wins (Strategising, a Sasuke that copied nothing), whatever a Reject would give."""

    who: str
    card: str
    level: int | None
    effects: tuple[Effect, ...]
    strategise: bool
    counts_as: str = ""
    loses: bool = False

    def has(self, kind: type[E]) -> list[E]:
        if not self.effects:        # most cards: asked a dozen times a round
            return []
        return [e for e in self.effects if isinstance(e, kind)]


@dataclass
class RoundLog:
    """One resolved round: the plays, the events, the winners and the trust after it."""

    round: int
    plays: dict[str, str]
    npc: str | None
    events: list[GameEvent]
    winners: tuple[str, ...]
    rule: str
    trust: dict[str, int]
    tables: dict[str, list[tuple[str, bool]]]

    def of(self, kind: type[E]) -> list[E]:
        return [e for e in self.events if isinstance(e, kind)]


@dataclass(frozen=True)
class View:
    """What one player may know: their own hand (and dealt characters), how many cards the others
    hold, every card in front of every player, trust, the NPC's cards so far, this round's
    commitments (the others only as `Hidden` before the reveal) and the past rounds' reveals."""

    player: str
    round: int
    phase: str
    hand: tuple[str, ...]
    dealt: tuple[str, ...]
    others: dict[str, Hidden]
    tables: dict[str, tuple[tuple[str, bool], ...]]
    trust: dict[str, int]
    must: tuple[str, ...]
    last: dict[str, str | None]
    npc: str | None
    npc_seen: tuple[str, ...]
    npc_left: int
    committed: dict[str, Any]
    history: tuple[tuple[tuple[str, str], ...], ...]


@dataclass
class Rules:
    """The options of one game, as data."""

    middle: bool = False
    no_party: bool = False
    samurai: bool = False
    round_cap: int | None = None

    @classmethod
    def of(cls, options: Sequence[str], round_cap: int | None = None) -> Rules:
        return cls(MIDDLE in options, NO_PARTY in options, SAMURAI in options, round_cap)

    def names(self) -> list[str]:
        return [n for n, on in ((MIDDLE, self.middle), (NO_PARTY, self.no_party), (SAMURAI, self.samurai)) if on]

    def proposal_set(self) -> list[str]:
        return [c for c in PROPOSAL_IDS if not (self.no_party and c == PARTY)]


@dataclass
class Resolution:
    """What `resolve` decided, for the state to apply and the booklet to narrate."""

    events: list[GameEvent] = field(default_factory=list)
    winners: tuple[str, ...] = ()
    rule: str = "none"


class SamuraiVassalState:
    """A game in progress: `pnp.engine.state.GameState` with positions (`HasPosition`)."""

    def __init__(self, players: Sequence[str], rules: Rules, chance: Chance, npc: str | None = None):
        self.players = check_players(players)
        self.rules = rules
        self.chance = chance
        self.npc = npc if rules.middle else None
        self.round = 1
        self.phase = "play"
        self.hands: dict[str, list[str]] = {p: rules.proposal_set() for p in self.players}
        self.tables: dict[str, list[list[Any]]] = {p: [] for p in self.players}   # [card, face_up]
        self.trust = {p: 0 for p in self.players}
        self.last: dict[str, str | None] = {p: None for p in self.players}
        self.must: set[str] = set()
        self.dealt: dict[str, list[str]] = {}
        self.npc_deck: list[str] = []
        self.npc_card: str | None = None
        self.npc_seen: list[str] = []
        self.commit: Commitments[str] = Commitments(self.players)
        self.events: list[GameEvent] = []
        self.log: list[RoundLog] = []
        self.winners: tuple[str, ...] = ()
        self.over = False
        self.start: dict[str, Any] | None = None
        self.auto_npc = True     # False in a replay: the file states each NPC card
        self._asked: Decision | None = None          # see `decision`
        self._asked_at: tuple[int, str, bool, int] | None = None

    # -- setup -------------------------------------------------------------------------------

    def deal_characters(self, dealt: Mapping[str, Sequence[str]]) -> None:
        """Samurai mode: the characters dealt; each player then keeps one (`phase` "character")."""
        self.dealt = {p: list(dealt[p]) for p in self.players}
        self.phase = "character"

    def next_npc(self, forced: str | None = None) -> list[GameEvent]:
        """Middle Player mode: reveal the NPC's card for the round (a replay states it: `forced`)."""
        if self.npc is None:
            return []
        out: list[GameEvent] = []
        if not self.npc_deck:
            seen = len(self.chance.events)
            self.npc_deck = self.chance.shuffle(self.rules.proposal_set())
            out += self.chance.events[seen:]
        if forced is None:
            card = self.npc_deck.pop(0)
        else:
            if forced not in self.npc_deck:
                raise Illegal(self.round, self.npc, forced, "npc-card",
                              f"{forced} is not left in the NPC deck ({', '.join(sorted(self.npc_deck))})")
            self.npc_deck.remove(forced)
            card = forced
        self.npc_card = card
        self.npc_seen.append(card)
        out.append(NpcCard(self.npc, card))
        self.events += out
        return out

    # -- the GameState contract ----------------------------------------------------------------

    def decision(self) -> Decision | None:
        # Asked several times per choice (the policy, the labels, apply_action): cached under what
        # it depends on. Within a round the count of commitments only grows, so (round, phase, over,
        # count) names one moment of this state's game; any change of those asks afresh.
        key = (self.round, self.phase, self.over, len(self.commit))
        if self._asked_at != key:
            self._asked = None if self.over else self.commit.decision(self.phase, self.round)
            self._asked_at = key
        return self._asked

    def legal_actions(self) -> list[str]:
        d = self.decision()
        if d is None:
            return []
        if self.phase == "character":
            return list(dict.fromkeys(self.dealt[d.player]))
        hand = list(dict.fromkeys(self.hands[d.player]))
        if d.player in self.must and STRATEGISING in hand:
            return [STRATEGISING]
        return hand

    def random_game(self, rng: random.Random, max_steps: int = 100_000) -> tuple[int, list[tuple[str, str]]]:
        """The game the loop of `random_choice` + `apply_action` plays from `rng` (`pnp simulate --policy
        random`): the same draw among the same legal cards, laid by `play` (which checks only what
        costs nothing); the decisions taken and (player, card) for every choice, as
        `pnp.simulate.run.labels` names them."""
        plays: list[tuple[str, str]] = []
        steps = 0
        while not self.over and steps < max_steps:
            # decision().player and legal_actions(), without building the Decision
            player = self.commit.next_waiting()
            assert player is not None   # a game that is not over waits for someone
            if self.phase == "character":
                legal = list(dict.fromkeys(self.dealt[player]))
            else:
                legal = list(dict.fromkeys(self.hands[player]))
                if player in self.must and STRATEGISING in legal:
                    legal = [STRATEGISING]
            card = rng.choice(legal)
            plays.append((player, card))
            self.play(player, card)
            steps += 1
        return steps, plays

    def apply_action(self, card: str) -> list[GameEvent]:
        d = self.decision()
        if d is None:
            raise Illegal(self.round, "-", card, "game-over", "the game is over")
        return self.play(d.player, card)

    def play(self, player: str, card: str) -> list[GameEvent]:
        """`player` lays `card` face down (or keeps a character in the setup); the last to choose
        reveals and resolves."""
        if self.is_terminal():
            raise Illegal(self.round, player, card, "game-over", "the game already ended")
        if self.commit.has_committed(player):
            raise Illegal(self.round, player, card, "twice", f"{player} already chose this round")
        if self.phase == "character":
            if card not in self.dealt[player]:
                raise Illegal(self.round, player, card, "not-dealt",
                              f"{card} is not one of the characters dealt to {player} "
                              f"({', '.join(self.dealt[player])})")
            out: list[GameEvent] = [self.commit.commit(player, card), CharacterKept(player)]
            if self.commit.complete:
                for p in self.players:
                    kept = self.commit.own(p)
                    assert kept is not None
                    self.hands[p].append(kept)
                self.commit.clear()
                self.phase = "play"
                out += self.next_npc() if self.auto_npc else []
            self.events += out
            return out
        if card not in self.hands[player]:
            held = ", ".join(self.hands[player])
            raise Illegal(self.round, player, card, "not-in-hand", f"{card} is not in {player}'s hand ({held})")
        if player in self.must and card != STRATEGISING and STRATEGISING in self.hands[player]:
            raise Illegal(self.round, player, card, "must-strategise",
                          f"{player} must play strategising this round (Hideyoshi or Chacha last round)")
        self.hands[player].remove(card)
        out = [self.commit.commit(player, card)]
        if self.commit.complete:
            out += self._resolve()
        self.events += out
        return out

    def is_terminal(self) -> bool:
        return self.over

    def returns(self) -> dict[str, float]:
        if not self.winners:
            return {p: 0 for p in self.players}
        return {p: 1 if p in self.winners else -1 for p in self.players}

    @property
    def winner(self) -> str | None:
        """The winner's name, several joined by '+' for a shared victory; None before the end."""
        return "+".join(self.winners) if self.winners else None

    def view(self, player: str) -> View:
        committed = dict(self.commit.view(player))
        if self.phase == "character":     # the kept characters stay secret even once all chose
            committed = {p: (c if p == player else Hidden()) for p, c in committed.items()}
        return View(player, self.round, self.phase, tuple(sorted(self.hands[player])),
                    tuple(self.dealt.get(player, ())),
                    {p: Hidden(len(h)) for p, h in self.hands.items() if p != player},
                    {p: tuple((c, up) for c, up in t) for p, t in self.tables.items()},
                    dict(self.trust), tuple(p for p in self.players if p in self.must), dict(self.last),
                    self.npc_card, tuple(self.npc_seen), len(self.npc_deck), committed,
                    tuple(tuple(r.plays.items()) for r in self.log))

    # -- the round -------------------------------------------------------------------------------

    def _resolve(self) -> list[GameEvent]:
        revealed = self.commit.reveal()
        plays = dict(revealed.choices)
        before = dict(self.trust)
        res = resolve(self, plays)
        events: list[GameEvent] = [revealed, *res.events]
        self.commit.clear()
        self.log.append(RoundLog(self.round, plays, self.npc_card, events, res.winners, res.rule, dict(self.trust),
                                 {p: [(c, up) for c, up in t] for p, t in self.tables.items()}))
        del before
        if self.rules.round_cap is not None and self.round >= self.rules.round_cap and not self.over:
            self.over = True
        if not self.over:
            self.round += 1
            self.npc_card = None
            if self.auto_npc:
                events += self.next_npc()
        return events

    # -- positions -------------------------------------------------------------------------------

    def position(self) -> dict[str, Any]:
        """Where the game stands between rounds, as a TOML table (see notation.py)."""
        table: dict[str, Any] = {"round": self.round}
        table["hands"] = {p: list(h) for p, h in self.hands.items()}
        table["tables"] = {p: [c if up else f"{c} down" for c, up in t] for p, t in self.tables.items()}
        table["trust"] = dict(self.trust)
        last = {p: c for p, c in self.last.items() if c}
        if last:
            table["last"] = last
        if self.must:
            table["must"] = [p for p in self.players if p in self.must]
        if self.npc is not None:
            table["npc_deck"] = sorted(self.npc_deck)
        return table


# ---- the resolution ---------------------------------------------------------------------------

def _active(p: Play, cancellers: set[str]) -> tuple[Effect, ...]:
    if not cancellers or p.who in cancellers:
        return p.effects
    return tuple(e for e in p.effects if isinstance(e, Strategise))


def _copies(card: str) -> bool:
    return any(isinstance(e, Copy) for e in CARDS[card].effects)


def profiles(plays: Mapping[str, str], last: Mapping[str, str | None]) -> tuple[dict[str, Play], set[str],
                                                                                list[GameEvent]]:
    """Step 1: every card's level and active effects, and who cancels the others (Kuroda).

    A Sasuke copies what its owner's previous card counted as (`last`: for an earlier Sasuke, the card
    it stood in for); a previous Sasuke that had nothing to copy gives nothing. A Sasuke blocked by
    another player's Kuroda (laid, or copied by another Sasuke) copies nothing: no level, it loses."""
    events: list[GameEvent] = []
    direct = {w for w, c in plays.items() if any(isinstance(e, CancelAll) for e in CARDS[c].effects)}

    def source(who: str) -> str | None:
        src = last.get(who)
        return None if direct or src is None or _copies(src) else src

    copied = {w: source(w) for w, c in plays.items() if _copies(c)}
    cancellers = direct | {w for w, src in copied.items()
                           if src is not None and any(isinstance(e, CancelAll) for e in CARDS[src].effects)}
    out: dict[str, Play] = {}
    for who, card in plays.items():
        d: CardDef = CARDS[card]
        if who in copied:
            src = copied[who] if (not cancellers or who in cancellers) else None
            events.append(Copied(who, src))
            if src is None:
                out[who] = Play(who, card, None, (), False, card, loses=True)
                continue
            d = CARDS[src]
        strategise = any(isinstance(e, Strategise) for e in d.effects)
        p = Play(who, card, d.level, d.effects, strategise, d.id, loses=strategise)
        out[who] = Play(p.who, p.card, p.level, _active(p, cancellers), p.strategise, p.counts_as, p.loses)
    if cancellers:
        events.append(Blocked(tuple(sorted(cancellers, key=list(plays).index)),
                              tuple(w for w in plays if w not in cancellers)))
    return out, cancellers, events


def decide(plays: Mapping[str, Play]) -> tuple[tuple[str, ...], str, tuple[str, ...], list[GameEvent]]:
    """Steps 3-6 on the profiled plays: the winners, the rule that decided, who won together."""
    events: list[GameEvent] = []
    order = list(plays)
    targets: set[str] = set()
    rejecters: list[str] = []
    for who, p in plays.items():
        for r in p.has(Reject):
            hit = {o for o, q in plays.items() if o != who
                   and ((r.character and CARDS[q.card].character) or (r.level is not None and q.level == r.level))}
            if hit:
                rejecters.append(who)
            targets |= hit
    winners: set[str]
    if targets:
        rule = "reject"
        winners = {w for w, p in plays.items() if w not in targets and not p.loses}
        events.append(Rejected(tuple(dict.fromkeys(rejecters)), tuple(w for w in order if w in targets)))
    else:
        levels = {w: p.level for w, p in plays.items() if p.level is not None and not p.loses}
        if not levels:
            rule, winners = "none", set()
        elif any(p.has(CancelMajority) for p in plays.values()):
            top = max(levels.values())
            rule, winners = "highest", {w for w, lv in levels.items() if lv == top}
        else:
            counts: dict[int, int] = {}
            for lv in levels.values():
                counts[lv] = counts.get(lv, 0) + 1
            most = max(counts.values())
            tied = [lv for lv, n in counts.items() if n == most]
            top = max(tied)
            rule = "majority" if len(tied) == 1 else "level"
            winners = {w for w, lv in levels.items() if lv == top}
    together: list[str] = []
    changed = True
    while changed:
        changed = False
        for who, p in plays.items():
            if who in winners or who in targets or p.loses:
                continue
            for ww in p.has(WinWith):
                if any(plays[w].level == ww.level for w in winners if w != who):
                    winners.add(who)
                    together.append(who)
                    changed = True
                    break
    if any(p.has(AllLose) for p in plays.values()):
        rule, winners, together = "all-lose", set(), []
    return tuple(w for w in order if w in winners), rule, tuple(together), events


Judged = tuple[dict[str, Play], list[GameEvent], tuple[tuple[str, ...], str, tuple[str, ...], list[GameEvent]]]

# Steps 1 and 3-6 of a reveal (`profiles`, then `decide`) depend only on the cards laid, in seat
# order, and on what each player's previous card counted as (a Sasuke copies it): memoised on
# exactly that. CARDS never changes, so nothing invalidates an entry; the table is emptied when it
# grows past JUDGED_MAX (many players make many combinations).
_JUDGED: dict[tuple[tuple[tuple[str, str], ...], tuple[str | None, ...]], Judged] = {}
JUDGED_MAX = 100_000


def _judged(everyone: dict[str, str], last: Mapping[str, str | None]) -> Judged:
    """`profiles` and `decide` of a reveal; the events are fresh lists, the plays a fresh dict."""
    key = (tuple(everyone.items()), tuple(last.get(w) for w in everyone))
    found = _JUDGED.get(key)
    if found is None:
        if len(_JUDGED) >= JUDGED_MAX:
            _JUDGED.clear()
        profiled, _cancellers, ev = profiles(everyone, {**last})
        found = _JUDGED[key] = (profiled, ev, decide(profiled))
    profiled, ev, (winners, rule, together, decided) = found
    return dict(profiled), list(ev), (winners, rule, together, list(decided))


def resolve(state: SamuraiVassalState, plays: Mapping[str, str]) -> Resolution:
    """Resolve one revealed round on `state` (steps 1-8 of the module docstring)."""
    res = Resolution()
    everyone = dict(plays)
    if state.npc is not None and state.npc_card is not None:
        everyone[state.npc] = state.npc_card
    profiled, ev, (winners, rule, _together, decided) = _judged(everyone, state.last)
    res.events += ev
    players = state.players
    delta = {p: 0 for p in players}
    gained = {p: 0 for p in players}
    lost = {p: 0 for p in players}

    def hit(p: str, n: int) -> None:
        delta[p] -= n
        lost[p] += n

    # step 2: when played
    at_reveal = dict(state.trust)
    for who in plays:
        p = profiled[who]
        table = state.tables[who]
        if not p.effects:           # most cards: nothing happens when played
            table.append([p.card, True])
            continue
        if p.strategise:
            back = [c for c, _ in table]
            state.hands[who] += back + [p.card]
            table.clear()
            res.events.append(CardsReturned(who, tuple(back + [p.card]), p.card))
            continue
        if p.has(ReturnOthers) and table:
            back = [c for c, _ in table]
            state.hands[who] += back
            table.clear()
            res.events.append(CardsReturned(who, tuple(back), p.card))
        if p.has(ReturnLast) and table:
            c, _ = table.pop()
            state.hands[who].append(c)
            res.events.append(CardsReturned(who, (c,), p.card))
        if p.has(FlipOthers) and any(up for _, up in table):
            flipped = tuple(c for c, up in table if up)
            for slot in table:
                slot[1] = False
            res.events.append(CardsFlipped(who, flipped, p.card))
        for h in p.has(HitLeader):
            top = max(at_reveal.values())
            for q in players:
                if at_reveal[q] == top:
                    hit(q, h.points)
        table.append([p.card, True])
    # steps 3-6
    res.events += decided
    losers = tuple(w for w in everyone if w not in winners)
    res.events.append(RoundDecided(rule, winners, losers, _together))
    res.winners, res.rule = winners, rule
    # step 7: trust
    for who in players:
        table = state.tables[who]
        p = profiled[who]
        if who in winners:
            g = sum(CARDS[c].trust for c, up in table if up)
            if p.effects:
                g += sum(b.points for b in p.has(Bonus))
                if p.has(PerFaceDown):
                    g += sum(1 for _, up in table if not up)
            delta[who] += g
            gained[who] += g
        elif any(up for _, up in table):
            flipped = tuple(c for c, up in table if up)
            for slot in table:
                slot[1] = False
            res.events.append(CardsFlipped(who, flipped, "lost"))
    for who, p in profiled.items():
        if not p.effects:
            continue
        if who in winners:
            for pen in p.has(Penalty):
                for q in players:
                    if q not in winners and q != who:
                        hit(q, pen.points)
        else:
            for sp in p.has(Spite):
                for q in players:
                    if q != who:
                        hit(q, sp.points)
    state.must = {w for w in plays if profiled[w].effects and profiled[w].has(MustStrategise)}
    for who in players:
        before = state.trust[who]
        after = max(0, before + delta[who])
        state.trust[who] = after
        if gained[who] or lost[who]:
            res.events.append(TrustChanged(who, before, after, gained[who], lost[who]))
        state.last[who] = profiled[who].counts_as
    # step 8: the end
    if max(state.trust.values()) >= WIN_TRUST:
        state.over = True
        top = max(state.trust.values())
        best = [p for p in players if state.trust[p] == top]
        tie = "trust"
        if len(best) > 1:
            most = max(len(state.tables[p]) for p in best)
            best = [p for p in best if len(state.tables[p]) == most]
            tie = "cards" if len(best) == 1 else "shared"
        state.winners = tuple(best)
        res.events.append(GameEnded(state.winners, tie))
    return res


def new_game(players: Sequence[str], rules: Rules, chance: Chance, npc: str | None) -> SamuraiVassalState:
    """The state after setup: hands dealt, the NPC deck shuffled, characters dealt (Samurai mode)."""
    state = SamuraiVassalState(players, rules, chance, npc)
    if rules.samurai:
        seen = len(chance.events)
        deck = chance.shuffle(CHARACTER_IDS)
        state.events += chance.events[seen:]
        state.deal_characters({p: deck[i * DEAL:(i + 1) * DEAL] for i, p in enumerate(state.players)})
    else:
        state.next_npc()
    return state


__all__ = ["RULES", "Rules", "SamuraiVassalState", "View", "RoundLog", "resolve", "new_game", "Revealed",
           "Shuffled"]
