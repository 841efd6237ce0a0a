"""Daimyo's events, one frozen dataclass per kind: the booklet reads them by type.

Each keeps the ``kind`` name and the field names its dictionary ancestors had (a card's effect
is ``effect``, since ``kind`` names the event), so ``e.kind`` and ``e["count"]`` still work:

>>> e = MovedBushi("green", "A1", 1, "g1", "n2", 2)
>>> isinstance(e, MovedBushi), e.kind, e["count"], e.dst, e.via
(True, 'move-bushi', 2, 'n2', None)
>>> Ninja("red", "F2", 3, target="green", tile="g3", removed=2).special
'ninja'

The simultaneous play of two cards uses the engine's own `Committed` (a clan has played, face
down) and `Revealed` (every clan's cards face up, with the resolution order).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.events import Committed, GameEvent, Revealed, quick_init

__all__ = [
    "Alternative", "Barred", "CardEvent", "Combat", "Committed", "Control", "ControlTie", "DaimyoRemoved", "Dealt",
    "FormationChosen", "FormationDrawn", "GameOver", "HandDealt", "HanMoved", "HanPlaced", "Kept", "MassRecruitment",
    "MasteryRevealed", "Morale", "MovedBushi", "MovedDaimyo", "Ninja", "NoEffect", "PassedToReserves", "Recruited",
    "ReserveTaken", "Retreat", "Revealed", "RoninHired", "RoninLeft", "SpecialAction", "ToReserve", "Treachery",
]


# -- setup -------------------------------------------------------------------------------


@quick_init
@dataclass(frozen=True)
class Dealt(GameEvent):
    """The Densho cards were dealt: shuffled by category, or by the seat marks (balanced start)."""

    kind = "deal"
    balanced: bool


@quick_init
@dataclass(frozen=True)
class HandDealt(GameEvent):
    """A clan's starting hand (in the log; a player's `view` shows only their own)."""

    kind = "hand"
    clan: str
    cards: tuple[str, ...]


@quick_init
@dataclass(frozen=True)
class FormationDrawn(GameEvent):
    """Battle formation: the card each clan drew, in the priority order they place their Daimyo."""

    kind = "formation-draw"
    cards: tuple[tuple[str, str], ...]


@quick_init
@dataclass(frozen=True)
class FormationChosen(GameEvent):
    kind = "formation"
    clan: str
    tile: str


@quick_init
@dataclass(frozen=True)
class Kept(GameEvent):
    """A clan kept one of the two Special Action or Mastery cards it drew (which one stays secret)."""

    kind = "keep"
    clan: str
    deck: str


# -- the round: reserves, Mastery interludes -----------------------------------------------


@quick_init
@dataclass(frozen=True)
class ReserveTaken(GameEvent):
    """Stage 2: a clan takes the cards of its reserve back into its hand."""

    kind = "take-reserve"
    clan: str
    cards: tuple[str, ...]


@quick_init
@dataclass(frozen=True)
class ToReserve(GameEvent):
    """Two players: both played cards go to the opponent's reserve."""

    kind = "to-reserve"
    clan: str
    cards: tuple[str, ...]
    to: str


@quick_init
@dataclass(frozen=True)
class PassedToReserves(GameEvent):
    """Three or four players: one played card to the left neighbour's reserve, one to the right."""

    kind = "to-reserve"
    clan: str
    left: str
    right: str
    to_left: str
    to_right: str


@quick_init
@dataclass(frozen=True)
class RoninLeft(GameEvent):
    """End of round: Rōnin sharing no Han with their player's Bushi or Daimyo leave the map."""

    kind = "ronin-leave"
    clan: str
    tile: str
    count: int


@quick_init
@dataclass(frozen=True)
class MasteryRevealed(GameEvent):
    kind = "mastery-revealed"
    clan: str
    mastery: str


@quick_init
@dataclass(frozen=True)
class Barred(GameEvent):
    """Master of Strategy: nobody may move onto `tile` this round; a Bushi on `sacrificed` paid."""

    kind = "barred"
    clan: str
    tile: str
    sacrificed: str


@quick_init
@dataclass(frozen=True)
class Control(GameEvent):
    """End of round: one clan holds Han of every rival clan with `bushi` Bushi (it wins)."""

    kind = "control"
    clan: str
    bushi: int


@quick_init
@dataclass(frozen=True)
class ControlTie(GameEvent):
    kind = "control-tie"
    clans: tuple[str, ...]
    bushi: int


@quick_init
@dataclass(frozen=True)
class GameOver(GameEvent):
    """`reason`: daimyo, control or round-cap; `team` the winner and its allies."""

    kind = "game-over"
    winner: str | None
    team: tuple[str, ...]
    reason: str
    round: int


# -- what a resolving card did -------------------------------------------------------------


@quick_init
@dataclass(frozen=True)
class CardEvent(GameEvent):
    """What a resolving card did: which clan, which card, in which round."""

    clan: str
    card: str
    round: int


@quick_init
@dataclass(frozen=True)
class NoEffect(CardEvent):
    """The card could not be carried out; `effect` is how it acted (bushi-move, ...)."""

    kind = "no-effect"
    effect: str


@quick_init
@dataclass(frozen=True)
class Recruited(CardEvent):
    """A Bushi joins the Daimyo on `tile`: from the Bushi area, or from `source` (Recruitment)."""

    kind = "recruit"
    tile: str
    source: str | None = None


@quick_init
@dataclass(frozen=True)
class MovedDaimyo(CardEvent):
    kind = "move-daimyo"
    src: str
    dst: str
    via: str | None = None       # Master of Cavalry
    escort: bool = False         # Master of Command: one Bushi went along


@quick_init
@dataclass(frozen=True)
class HanPlaced(CardEvent):
    """New Han: a neutral Han from the reserve is added to the map at `at`."""

    kind = "new-han"
    tile: str
    at: tuple[int, int]


@quick_init
@dataclass(frozen=True)
class HanMoved(CardEvent):
    """Han Move (or Master of Diplomacy, which paid with a Bushi on `sacrificed`)."""

    kind = "move-han"
    tile: str
    src: tuple[int, int]
    at: tuple[int, int]
    sacrificed: str | None = None


@quick_init
@dataclass(frozen=True)
class MovedBushi(CardEvent):
    """`count` Bushi and `ronin` Rōnin from `src` to `dst` (through `via` with a Mastery card;
    `march`: Master of Movement, no attack)."""

    kind = "move-bushi"
    src: str
    dst: str
    count: int
    ronin: int = 0
    via: str | None = None
    march: bool = False


@quick_init
@dataclass(frozen=True)
class Combat(CardEvent):
    kind = "combat"
    tile: str
    attacker: str
    defender: str
    attackers: int             # Bushi and Rōnin that entered
    defending: int             # Bushi and Rōnin that held the Han
    defending_daimyo: bool
    winner: str                # attacker | defender | tie
    attack: int                # the counts compared, bonuses included
    defence: int
    attacker_lost: int
    defender_lost: int
    daimyo_lost: bool


@quick_init
@dataclass(frozen=True)
class DaimyoRemoved(CardEvent):
    kind = "daimyo-removed"
    owner: str
    tile: str
    by: str


# -- Special Action cards: one class per card, `special` names its narration -------------------


@quick_init
@dataclass(frozen=True)
class SpecialAction(CardEvent):
    kind = "special"
    special: ClassVar[str] = ""
    clans: ClassVar[tuple[str, ...]] = ()     # the fields that name a clan (the rest name Han, counts)

    @property
    def data(self) -> dict[str, Any]:
        """The fields, with ``special`` as the dictionaries had it."""
        return {**super().data, "special": self.special}

    def narration(self) -> dict[str, Any]:
        """The card's own values, for its sentence (absent ones left out)."""
        return {k: v for k, v in super().data.items() if k not in ("clan", "card", "round") and v is not None}


@quick_init
@dataclass(frozen=True)
class Alternative(SpecialAction):
    """F1: give up a Bushi on `sacrificed` and push the `count` Bushi of `clan_moved` on `target` to `dst`."""

    special = "alternative"
    clans = ("clan_moved",)
    sacrificed: str
    target: str
    dst: str
    clan_moved: str
    count: int


@quick_init
@dataclass(frozen=True)
class Ninja(SpecialAction):
    """F2: `removed` Bushi guarding the `target` clan's Daimyo on `tile` go back to its area."""

    special = "ninja"
    clans = ("target",)
    target: str
    tile: str
    removed: int


@quick_init
@dataclass(frozen=True)
class RoninHired(SpecialAction):
    """F3: every free Rōnin joins the clan's Daimyo on `tile`."""

    special = "ronin"
    tile: str
    ronin: int


@quick_init
@dataclass(frozen=True)
class MassRecruitment(SpecialAction):
    """F4: new Bushi on the Daimyo's Han, then the clan's own Han."""

    special = "mass"
    tiles: tuple[str, ...]


@quick_init
@dataclass(frozen=True)
class Treachery(SpecialAction):
    """F5: a `victim` Bushi on neutral `tile` goes home; one of the clan's enters `placed`."""

    special = "treachery"
    clans = ("victim",)
    tile: str
    victim: str
    placed: str | None = None


@quick_init
@dataclass(frozen=True)
class Retreat(SpecialAction):
    """F6: up to three units step back, each `(src, dst)`."""

    special = "retreat"
    moves: tuple[tuple[str, ...], ...]


@quick_init
@dataclass(frozen=True)
class Morale(SpecialAction):
    """F7: up to three `victim` Bushi on `tile` (without their Daimyo) go back to its area."""

    special = "morale"
    clans = ("victim",)
    tile: str
    victim: str
    removed: int
