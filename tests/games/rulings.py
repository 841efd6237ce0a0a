"""Every game's rulings, as the project keeps them: for each ruling of the shared RULINGS.md (named by
the bold words that open its bullet there), the phrases of the game's booklet Clarifications that say
it, in every language the booklet is written in.

The Clarifications (cards/<game>/booklet/rules.<lang>.md) are where the rulings live in the
project's own words; this table is how the tests know what each must say, so they need nothing from
outside the repository. tests/games/test_rulings.py checks the Clarifications against the table, and
the table against RULINGS.md when that file is beside the repository (a ruling added there is
noticed); the booklet tests check the printed PDFs against the same table."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from pnp.paths import cards_dir

# The shared file the rulings were first taken in: beside the repository, not part of it (a checkout
# elsewhere, such as a git worktree, names it in PNP_RULINGS_MD).
RULINGS_MD = Path(os.environ.get("PNP_RULINGS_MD") or Path(__file__).resolve().parents[3] / "shared" / "RULINGS.md")

# Each game's section of RULINGS.md, and the heading of the booklet's Clarifications in each language.
SECTIONS = {"daimyni": "Daimyni", "daimyo": "Daimyo", "samurai-vassal": "Samurai Vassal", "dojima": "Dôjima",
            "shogun-solitaire": "Shogun Solitaire"}
HEADINGS = {"en": "Clarifications", "it": "Chiarimenti"}


@dataclass(frozen=True)
class Ruling:
    key: str                     # the bold words opening its bullet in RULINGS.md, without the final . or :
    en: tuple[str, ...]          # phrases of its Clarification in the English booklet
    it: tuple[str, ...] = ()     # ... and in the Italian one, for a game that has it

    def phrases(self, lang: str) -> tuple[str, ...]:
        phrases: tuple[str, ...] = getattr(self, lang)
        return phrases


RULINGS: dict[str, list[Ruling]] = {
    "daimyni": [
        Ruling("Deck",
               ("names 6 Move Bushi, 4 Recruit Bushi, 2 Move Daimyo and 2 Move Tanbo, 14 cards in all",
                "So there are 18 cards, nine per clan: 5 Move Bushi, 2 Recruit Bushi, 1 Move Daimyo and 1 Move Tanbo"
                " each"),
               ("conta 14 carte in tutto", "Le carte sono quindi 18, nove per clan: 5 Sposta Bushi, 2 Recluta Bushi, "
                "1 Sposta Daimyo e 1 Sposta Tanbo ciascuno")),
        Ruling("Card numbers",
               ("Cards are numbered 1 to 18, no number twice", "in the priority order of Daimyo",
                "Red and Blue share the early numbers", "Each card shows its number in large print"),
               ("Le carte sono numerate da 1 a 18, senza ripetizioni", "nell'ordine di priorità di Daimyo",
                "I due clan si dividono i numeri bassi", "Ogni carta porta il suo numero stampato in grande")),
        Ruling("Board",
               ("this kit offers its own: 39 hexagonal cells in seven columns, every cell labelled",),
               ("questo kit ne propone uno: 39 caselle esagonali in sette colonne, ognuna con il suo nome",)),
        Ruling("Recruit with an empty Bushi area",
               ("Recruit with an empty Bushi area. As in Daimyo, the card acts as a Move Bushi card and keeps its "
                "number",),
               ("la carta vale come Sposta Bushi e mantiene il suo numero",)),
        Ruling("A card that cannot be carried out",
               ("A card that cannot be carried out has no effect", "a card that can be carried out must be",
                "Move Bushi moves at least one Bushi"),
               ("Una carta che non si può eseguire non ha effetto", "una carta eseguibile va eseguita",
                "Sposta Bushi muove almeno un Bushi")),
        Ruling("Move Tanbo",
               ("The Tanbo goes to any empty cell of the board", "each Tanbo moves at most once in a round"),
               ("Il Tanbo va in una casella vuota qualsiasi", "ogni Tanbo si sposta al massimo una volta per turno")),
        Ruling("Combat losses",
               ("The winner removes as many of its units as the loser lost, Bushi first",
                "its Daimyo is removed only when none of its Bushi are left in the cell",
                "A Daimyo removed in any way ends the game at once and the player who removed it wins"),
               ("Il vincitore elimina tante unità proprie quante ne ha perse lo sconfitto, prima i Bushi",
                "il suo Daimyo viene eliminato solo se nella casella non gli restano Bushi",
                "Un Daimyo eliminato, in qualunque modo, chiude subito la partita e vince chi lo ha eliminato")),
        Ruling("Who decides",
               ("The player who played a card makes its choices when it resolves, on the board as it is then",
                "a Bushi that went back to the Bushi area earlier in the same round is recruited again"),
               ("Chi ha giocato una carta fa le sue scelte quando la carta si risolve",
                "un Bushi tornato nell'area Bushi poco prima, nello stesso turno, viene reclutato di nuovo")),
        Ruling("Who fights",
               ("only the Bushi that moved into the cell count for the attacker",
                "The defender counts everything it has in the cell, its Daimyo included"),
               ("Per chi attacca contano solo i Bushi entrati nella casella",
                "Chi difende conta tutte le sue unità nella casella, Daimyo compreso")),
        Ruling('"Turno" in the Move Tanbo text',
               ("(turno, in the Italian original)", "That turn is the whole round"),
               ("è il turno intero, con le sue quattro fasi",)),
        Ruling("A game that never ends",
               ("There is no round limit: only the removal of a Daimyo ends a game",
                "A game broken off earlier has no winner"),
               ("Non c'è un limite di turni: solo l'eliminazione di un Daimyo chiude la partita",
                "Una partita interrotta prima non ha vincitore")),
    ],
    "daimyo": [
        Ruling("Player numbers on cards",
               ("2 players use A1-A6, B1-B4, C1-C2, D1-D2 and E1-E2", "3 players add A7-A9, B5-B6, C3, D3 and E3",
                "4 players use all 32 basic cards", "This matches the balanced-start tables")),
        Ruling("Maps", ("The rulebook's figures are missing; the maps are built from its text as shown under Setup",)),
        Ruling("Special Action and Mastery cards",
               ("Special Action and Mastery cards are used only with the advanced rules",
                "Played Special Action cards circulate like the others", "Mastery cards stay with their owner")),
        Ruling("Control",
               ("Control of a Han means only your units stand on it",
                "Your Daimyo standing alone on a rival Han controls it too, but adds nothing to the 3")),
        Ruling("A battle's winner never loses its Daimyo",
               ("A battle's winner keeps its Daimyo.", "The winner takes off Bushi and Rōnin only",
                "it takes off all it has and its Daimyo stays",
                "A Daimyo falls only when its side loses or ties a battle, or to a card",
                "a fortified Daimyo alone on its Han that wins its defence stays",
                "the attacker who lost that battle does not win the game by it")),
        Ruling("Teams (4 players)",
               ("Rival clans are the two clans of the other team", "A Han of your ally's colour is never a rival Han",
                "with Inaccessible Clans your Daimyo may enter it", "it does not count towards control")),
        Ruling("Mass Recruitment (F4)",
               ("Mass Recruitment (F4) brings up to four new Bushi", "The first joins your Daimyo",
                "your Daimyo's Han too if it is one of them (so it gets two)",
                "A Han of yours held by an enemy gets none",
                "If your Samegawa runs out before every Han has its Bushi, the first still joins your Daimyo and you "
                "choose which of the other Han get the ones left")),
        Ruling("Master of Recruitment",
               ("Master of Recruitment: the unit you bring to your Daimyo is a whole stack",
                "every Bushi and Rōnin of yours on one Han, instead of the recruit")),
        Ruling("Strategic Retreat (F6)",
               ("Strategic Retreat (F6) follows every rule a move follows", "nor the barred Han",
                "with Inaccessible Clans a retreating Daimyo never enters a rival clan's Han",
                "never onto the Han barred by the Master of Strategy",
                "Every other move or push a card makes keeps to Inaccessible Clans and the barred Han too")),
        Ruling("Notation order",
               ("where a card has you choose several things at once and the rules give them no order (the Han of a "
                "Strategic Retreat)",
                "the order in which you choose them makes no difference")),
    ],
    "samurai-vassal": [
        Ruling("Players", ("Players. 2 to 6, one colour set each",)),
        Ruling("Trust values of Character cards",
               ("Character trust values are not printed in the original: they are 0, except Sarutobi Sasuke, which is "
                "worth 1",)),
        Ruling("Trust tokens", ("of the 42, 32 are worth 1 and 10 are worth 5",)),
        Ruling("Resolution order", (
            "When several effects meet, always resolve them in the order of",
            "Kuroda Kanbei switches off every other card effect of the round except Strategising's",
            "A Sasuke whose copy is switched off has no level and loses",
            "Several Rejects add up their targets", "A rejected card keeps its other effects",
            "it loses even if its own effect would let it win together with a winner",
            "Strategising is never counted for a majority",
            "Maeda Toshiie wins through Nene's level 2")),
        Ruling("Fuma Kotaro",
               ("Fuma Kotaro makes everyone lose, Reject's winners included",
                "Fuma and Uesugi Kenshin take back your latest card still in front of you, face up or down")),
        Ruling("Sasuke", ("Sarutobi Sasuke with no earlier card to copy loses",
                          "A Sasuke copying Strategising loses and takes the cards back to hand")),
        Ruling("Trust", ("Add up all of a player's gains and losses of the round first, then stop at 0",
                         "The end of the game is checked once the whole trust step is done",
                         "look at trust as it stood at the reveal", "every player tied for the most loses 1",
                         "Losses from several effects add up",
                         "for the tie-break include the face-down ones",
                         "to hand by Strategising may be laid again later",
                         "the must-lay-Strategising effects of Hideyoshi and Chacha")),
        Ruling("Middle Player mode", ("needs a colour set nobody plays, so it is for 2 to 5 players",
                                      "The NPC deck is shuffled again after six rounds",
                                      "The NPC counts as another player for every effect",
                                      "when it turns up Strategising, that card simply loses")),
        Ruling("The NPC's own effects", (
            "a War Drills it wins costs each player who lost 1 trust, and its Cherry Blossom Party rejects",
            "The NPC alone never keeps any trust")),
        Ruling("Strategising always loses",
               ("it always loses: not even a Reject that makes every other card win lets it win",)),
        Ruling("Sasuke copying a Sasuke", ("the new Sasuke copies what that one stood in for in its round",
                                           "the new one copies nothing as well and loses")),
    ],
    "dojima": [
        Ruling('"Sake Merchant" and "Sake Seller"',
               ("Sake Merchant and Sake Seller are two names for one advanced advisor",)),
        Ruling("Two-player pyramid",
               ("A face-down card turns up once both cards under it have a die", "dice go only to face-up cards",
                "each of the six cards gets exactly one die", "laid out anew every round",
                "The Beggar keeps its usual condition and pays the player who is not first player")),
        Ruling("Advisor deck", ("always holds exactly one advisor more than there are players",
                                "It passes to the left, the same way as the first-player card")),
        Ruling("Re-roll", ("All four of your dice are rolled again, once", "three equal numbers again",
                           "The black die is never rolled again", "with two players you re-roll only your three "
                           "worker dice")),
        Ruling("Withering", ("both stop at 0; you lose nothing else",)),
        Ruling("Empty reserve", ("Every sale of that round is paid in full, the part the reserve lacks from the box",
                                 "a Beggar paid later in the same round is paid from the box too",
                                 "The reserve stays at 0 and the season ends")),
        Ruling("End of round order", ("First the overstock Ryô goes back to the box, then you check whether the "
                                      "reserve is empty",)),
        Ruling("A hidden Saboteur or Sake Seller",
               ("A hidden Saboteur or Sake Seller is turned up by the last player", "works on the field of the black "
                "die", "Nobody chose it, so the first-player card passes to the left")),
        Ruling("Beggar", ("Only the three basic advisors stop it", "including a hidden basic advisor turned up on the "
                          "black die")),
        Ruling("Imperial", ("It moves one of its holder's own workers, before that worker is paid, once a round",)),
        Ruling("Selling", ("Selling is never compulsory", "1 rice for 1 Ryô, 3 rice for 2 Ryô, or no sale",
                           "A full tie in winter (Ryô, rice and water all equal) is a shared victory")),
        Ruling("Variant (phases 1 and 2 swapped)",
               ("The black die and any re-rolls are rolled in the first phase with the other dice",
                "the black die goes to the card left hidden after the draft")),
        Ruling("Two players, between seasons",
               ("Each new season's 6 Ryô are taken from the box", "the box always holds enough")),
        Ruling("Autumn overstock with an empty reserve",
               ("have already emptied the reserve, no overstock Ryô goes back to the box, and the season ends as "
                "usual",)),
        Ruling("Imperial, which worker",
               ("may move any of their workers not yet paid: the one that step pays or one of a later step",
                "The worker goes to the Imperial's field even if it pays less there",
                "is paid for the field it now stands on")),
    ],
    "shogun-solitaire": [
        Ruling("Deck composition",
               ("The rulebook gives no counts; this deck is a design of its own, listed under Components and on the "
                "player aid, with the ranks it gives under \"How hard is it?\", p. 9.",)),
        Ruling("Wild cards",
               ("A Leader or Fleet is named as a colour and a type when played (a Leader keeps its own colour)",
                "counts as exactly that card for every run rule", "The name never changes afterwards",
                "A wild in hand never stops a Raid: only a Samurai does", "The Fleet is a Shogun card",
                "The four clans pair with the four colours in the order the rulebook lists them")),
        Ruling("Runs", ("Ninjas of another colour break a run", "Types only matter between neighbours.",
                        "Cavalry, Soldier, Ninja, Soldier of one clan seizes",
                        "Soldier, Ninja, Soldier alone is a legal run but counts only two cards",
                        "After a seize the play area is empty, so any card may be played next",
                        "Cleared cards leave the game; they are not the discard pile")),
        Ruling("Enemies", ("An enemy does not clear the play area.",
                           "The Assassin takes a Leader from your hand if you hold one (you pick which)",
                           "if there is neither, only the Assassin is discarded",
                           "A Ronin against a unified clan puts one of its counters back on its objective",
                           "The next seize of that colour takes the lowest objective on the board again",
                           "At the end, you score the counters you hold", "The Envoy is never an enemy",
                           "A Raid met with the deck when fewer than five Shogun and Envoy cards remain discards what "
                           "there is")),
        Ruling("Ninja discard power",
               ("The Ninja's power works only when a single Ninja is discarded as your action",
                "not when the whole hand goes, nor to meet a Raid or an Assassin", "It is not optional",
                "With fewer than four cards in the deck, look at what there is",
                "The draw right after it is safe, like drawing a fresh hand")),
        Ruling("The end", ("The game ends, without drawing, as soon as the deck cannot refill your hand",
                           "A twelfth objective seized with the deck already empty still wins at once",
                           "Cards of a unified clan may be played, but their runs seize nothing",
                           "The deck is shuffled only when enemies that were set aside go back into it")),
        Ruling("A run longer than three",
               ("A run longer than three.", "the next card played at the end of the run seizes it, even a Ninja",
                "as long as the run holds three or more cards of that colour that are not Ninjas")),
        Ruling("The Samurai stops Raids only",
               ("The Samurai stops Raids only.", "only the Raid's rules say how",
                "the Assassin and the Ronin give you no choice to make")),
        Ruling("The draw that replaces a Raid met through the deck",
               ("The draw after a Raid met with the deck is an ordinary draw", "an enemy drawn then strikes at once")),
    ],
}


def plain(text: str) -> str:
    """Text as the phrases above are written: no bold marks, straight quotes, one space between words."""
    text = text.replace("**", "").translate(str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "«": '"',
                                                          "»": '"'}))
    return " ".join(text.split())


def booklet_languages(game: str) -> list[str]:
    """The languages the game's booklet is written in (its rules.<lang>.md files)."""
    return sorted(p.name.split(".")[1] for p in (cards_dir() / game / "booklet").glob("rules.*.md"))


def clarifications(game: str, lang: str) -> str:
    """The Clarifications section of the game's booklet source in `lang`, as `plain` text."""
    text = (cards_dir() / game / "booklet" / f"rules.{lang}.md").read_text(encoding="utf-8")
    start = re.search(rf"^# {HEADINGS[lang]}\s*$", text, re.M)
    assert start is not None, f"{game} rules.{lang}.md has no '# {HEADINGS[lang]}' section"
    end = re.search(r"^# ", text[start.end():], re.M)
    return plain(text[start.end():start.end() + end.start()] if end else text[start.end():])


def shared_rulings(section: str) -> list[tuple[str, str]]:
    """(key, text) of each bullet of RULINGS.md's `## section`, in order: the key is the bullet's
    opening bold words without the final . or :."""
    text = RULINGS_MD.read_text(encoding="utf-8")
    found = re.search(rf"^## {re.escape(section)}\b.*?$(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert found is not None, f"RULINGS.md has no '## {section}' section"
    bullets = re.split(r"^- (?=\*\*)", found.group(1), flags=re.M)[1:]
    out = []
    for bullet in bullets:
        key = re.match(r"\*\*(.+?)\*\*", bullet)
        assert key is not None
        out.append((key.group(1).rstrip(".:"), " ".join(bullet.split())))
    return out


def unsaid(game: str, lang: str, text: str) -> list[tuple[str, str]]:
    """(ruling, phrase) for each phrase of the game's rulings in `lang` that `text` (a Clarifications
    section, from the source or read back from the printed booklet) does not contain."""
    said = plain(text)
    return [(r.key, p) for r in RULINGS[game] for p in r.phrases(lang) if plain(p) not in said]
