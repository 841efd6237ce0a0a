"""The cards of Samurai Vassal as rules data: convincing level, trust value and effects.

The printed facts (names, levels, trust values) also live in ``cards/samurai-vassal/cards.toml``
as `fields`; ``tests/games/samurai_vassal/test_playouts.py`` checks that both agree. Effects are
typed values the resolution (`pnp.games.samurai_vassal.rules.resolve`) reads; no effect is a
branch on a card's name.

Character trust values are not printed in the source: RULINGS.md gives 0, except Sarutobi
Sasuke (1).
"""

from __future__ import annotations

from dataclasses import dataclass

# -- effect kinds (each a small frozen value) --------------------------------------------------


@dataclass(frozen=True)
class Reject:
    """Reject other players' cards: those of convincing `level`, or (``character=True``) every
    character card."""

    level: int | None = None
    character: bool = False


@dataclass(frozen=True)
class Penalty:
    """If you win, every player who loses the round loses `points` trust."""

    points: int


@dataclass(frozen=True)
class CancelMajority:
    """Cancel the majority rule: the highest convincing level wins."""


@dataclass(frozen=True)
class Strategise:
    """You lose; all your cards (this one too) go back to your hand. Cannot be cancelled."""


@dataclass(frozen=True)
class WinWith:
    """If a player with convincing `level` wins, you win with them."""

    level: int


@dataclass(frozen=True)
class Bonus:
    """If you win, you gain `points` more trust."""

    points: int


@dataclass(frozen=True)
class PerFaceDown:
    """If you win, you gain 1 trust for each face-down card in front of you."""


@dataclass(frozen=True)
class ReturnOthers:
    """When played: every other card in front of you goes back to your hand."""


@dataclass(frozen=True)
class FlipOthers:
    """When played: every other card in front of you turns face down."""


@dataclass(frozen=True)
class ReturnLast:
    """When played: the card you played most recently that is still in front of you goes back
    to your hand."""


@dataclass(frozen=True)
class MustStrategise:
    """Win or lose, you must play Strategising next round."""


@dataclass(frozen=True)
class Spite:
    """If you lose, every other player loses `points` trust."""

    points: int = 1


@dataclass(frozen=True)
class CancelAll:
    """Cancel every other card effect of the round except Strategising's."""


@dataclass(frozen=True)
class Copy:
    """This card takes the convincing level and effects of the card you played last."""


@dataclass(frozen=True)
class AllLose:
    """Every player loses the round."""


@dataclass(frozen=True)
class HitLeader:
    """When played: the player(s) with the most trust (as at the reveal) lose 1 trust."""

    points: int = 1


Effect = (Reject | Penalty | CancelMajority | Strategise | WinWith | Bonus | PerFaceDown | ReturnOthers
          | FlipOthers | ReturnLast | MustStrategise | Spite | CancelAll | Copy | AllLose | HitLeader)


@dataclass(frozen=True)
class CardDef:
    """One card: its id (as in cards.toml and the notation), printed name, level (None: none),
    trust value, effects, and whether it is a character card."""

    id: str
    name: str
    level: int | None
    trust: int
    effects: tuple[Effect, ...] = ()
    character: bool = False


PARTY, SURVEYING, FORTRESSING, WAR_DRILLS, INVASION, STRATEGISING = (
    "party", "surveying", "fortressing", "war-drills", "invasion", "strategising")

PROPOSALS: tuple[CardDef, ...] = (
    CardDef(PARTY, "Cherry Blossom Party", 1, 1, (Reject(level=5),)),
    CardDef(SURVEYING, "Surveying", 2, 2),
    CardDef(FORTRESSING, "Fortressing", 3, 1),
    CardDef(WAR_DRILLS, "War Drills", 4, 0, (Penalty(1),)),
    CardDef(INVASION, "Invasion", 5, 1, (CancelMajority(),)),
    CardDef(STRATEGISING, "Strategising", 0, 0, (Strategise(),)),
)


def _c(id: str, name: str, level: int | None, *effects: Effect, trust: int = 0) -> CardDef:
    return CardDef(id, name, level, trust, tuple(effects), character=True)


CHARACTERS: tuple[CardDef, ...] = (
    _c("date-masamune", "Date Masamune", 3, Penalty(2)),
    _c("shima-sakon", "Shima Sakon", 4, Penalty(1)),
    _c("maeda-toshiie", "Maeda Toshiie", 3, WinWith(2)),
    _c("naoe-kanetsugu", "Naoe Kanetsugu", 2, PerFaceDown()),
    _c("sanada-yukimura", "Sanada Yukimura", None, Spite(1)),
    _c("ishida-mitsunari", "Ishida Mitsunari", 2, ReturnOthers()),
    _c("takenaka-hanbei", "Takenaka Hanbei", 3, CancelMajority()),
    _c("kuroda-kanbei", "Kuroda Kanbei", 3, CancelAll()),
    _c("matsu", "Matsu", 2, Bonus(4)),
    _c("nene", "Nene", 2, WinWith(5)),
    _c("tokugawa-ieyasu", "Tokugawa Ieyasu", 5, CancelMajority(), Bonus(2)),
    _c("oda-nobunaga", "Oda Nobunaga", 5, CancelMajority(), FlipOthers()),
    _c("toyotomi-hideyoshi", "Toyotomi Hideyoshi", 5, CancelMajority(), MustStrategise()),
    _c("hattori-hanzo", "Hattori Hanzo", None, Reject(character=True), ReturnOthers()),
    _c("sarutobi-sasuke", "Sarutobi Sasuke", None, Copy(), trust=1),
    _c("fuma-kotaro", "Fuma Kotaro", None, AllLose(), ReturnLast()),
    _c("asano-nagamasa", "Asano Nagamasa", 2, WinWith(4)),
    _c("kaihime", "Kaihime", 1, Reject(level=5), Reject(level=4)),
    _c("oichi", "Oichi", 1, Reject(level=5), Bonus(2)),
    _c("chacha", "Chacha", 1, Reject(level=5), MustStrategise()),
    _c("honda-tadakatsu", "Honda Tadakatsu", 4, Penalty(1), HitLeader(1)),
    _c("takeda-shingen", "Takeda Shingen", 4, Penalty(1), CancelMajority()),
    _c("uesugi-kenshin", "Uesugi Kenshin", 4, Penalty(1), ReturnLast()),
    _c("kato-kiyomasa", "Kato Kiyomasa", 3, Spite(1)),
    _c("fukushima-masanori", "Fukushima Masanori", 3, WinWith(4)),
    _c("shibata-katsuie", "Shibata Katsuie", 3, HitLeader(1)),
    _c("akechi-mitsuhide", "Akechi Mitsuhide", None, Reject(level=5)),
    _c("nohime", "Nohime", 1, Reject(level=5), FlipOthers()),
)

CARDS: dict[str, CardDef] = {c.id: c for c in PROPOSALS + CHARACTERS}
PROPOSAL_IDS = tuple(c.id for c in PROPOSALS)
CHARACTER_IDS = tuple(c.id for c in CHARACTERS)
TRUST_TOKENS = {1: 32, 5: 10}       # RULINGS.md: 42 tokens
WIN_TRUST = 12
