"""Issue 25, item 4: each note of a walkthrough comments on the step it is printed beside. A note that
names a move (a card, a Han or cell a unit goes to or leaves, a Han added or lifted, a wild named, a Raid
met) must find that move in the same round of the sample file: a note moved to the wrong round, or a
sample changed under its note, fails here. A sentence that says it looks back ("in the last round")
is not checked against the round it sits beside.

The notes are read from the sample files (`note`, `note.en` on a `[[round]]`), which is how the booklet
attaches each one to its step (pnp/reference/booklet.py prints a round's note beside that round)."""

import re
import tomllib
from pathlib import Path

import pytest

from pnp.paths import cards_dir

LOOKS_BACK = re.compile(r"\b(?:in the last round|last turn|earlier)\b", re.I)
CELL = r"([a-z]\d{1,2})\b"
# (pattern, what the captured cell must be in the round: a move's destination, source, a Han placed or lifted)
HEX_PHRASES = (
    (re.compile(rf"\b(?:to|onto|into|strikes|takes?)\s+{CELL}"), "dst"),
    (re.compile(rf"\bflood on {CELL}"), "dst"),
    (re.compile(rf"(?<!way )\bfrom {CELL}"), "src"),
    (re.compile(rf"\bleaves {CELL}"), "src"),
    (re.compile(rf"\badds {CELL}"), "placed"),
    (re.compile(rf"\blifts (?:the )?(?:\w+ )*?Han {CELL}"), "lifted"),
)


def notes(game: str) -> list[tuple[str, int, dict, str]]:
    """(sample, round number, round entry, English note) for every round with a note."""
    out = []
    for path in sorted((cards_dir() / game / "samples").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for i, entry in enumerate(data.get("round", []), 1):
            note = entry.get("note")
            text = note.get("en") if isinstance(note, dict) else note
            if text:
                out.append((path.stem, i, entry, text))
    return out


def sentences(note: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.:;])\s+", note) if not LOOKS_BACK.search(s)]


def hex_round(entry: dict, clans: tuple[str, ...]) -> dict[str, set[str]]:
    """What a Daimyo or Daimyni round does, from its plays: cards, move sources and destinations, Han."""
    done: dict[str, set[str]] = {"card": set(), "dst": set(), "src": set(), "placed": set(), "lifted": set()}
    for clan in clans:
        for play in entry.get(clan, []):
            card, _, decision = play.partition(":")
            done["card"].add(card.strip())
            for word in decision.split():
                if "@" in word:       # a Han put down: added by a D card, lifted by an E card
                    done["placed" if card.strip().startswith("D") else "lifted"].add(word.split("@")[0])
                elif re.fullmatch(r"[a-z]\d{1,2}(?:-[a-z]\d{1,2})+", word):
                    cells = word.split("-")
                    done["src"].add(cells[0])
                    done["dst"].update(cells[1:])
    return done


def hex_cards_named(sentence: str, game: str) -> set[str]:
    if game == "daimyo":
        return set(re.findall(r"\b([A-F]\d{1,2})\b", sentence))
    named = set()
    for m in re.finditer(r"\b(?:[Cc]ards?|(?:red|blue)[’']s) ((?:\d+(?:, | and | or )?)+)", sentence):
        named.update(re.findall(r"\d+", m.group(1)))
    return named


HEX_GAMES = {"daimyo": ("green", "red", "yellow", "blue"), "daimyni": ("red", "blue")}


@pytest.mark.parametrize("game", sorted(HEX_GAMES))
def test_hex_game_notes_name_only_moves_of_their_round(game):
    found = notes(game)
    assert found, f"{game} has a walkthrough with notes"
    checked = 0
    for sample, n, entry, note in found:
        done = hex_round(entry, HEX_GAMES[game])
        for sentence in sentences(note):
            for card in hex_cards_named(sentence, game):
                assert card in done["card"], f"{sample} round {n}: the note names card {card}, not played then"
                checked += 1
            for pattern, kind in HEX_PHRASES:
                for cell in pattern.findall(sentence):
                    assert cell in done[kind], f"{sample} round {n}: the note's {cell!r} ({kind}) is not in the round"
                    checked += 1
    assert checked >= 8   # the notes do name moves: the check is not vacuous


def shogun_checks(sentence: str) -> list[tuple[str, str]]:
    """(what the sentence names, the command of the round's `do` list that carries it out)."""
    out = []
    for clan, kind in re.findall(r"named as an? (?:(\w+) )?(\w+)", sentence):
        out.append((f"named as {clan} {kind}".replace("  ", " "),
                    f"as {clan.lower()}-{kind.lower()}" if clan else f"as {kind.lower()}"))
    if re.search(r"stopped by a Samurai", sentence):
        out.append(("a Raid stopped by a Samurai", "raid: samurai"))
    if re.search(r"the deck pays", sentence):
        out.append(("a Raid met through the deck", "raid: deck"))
    for clan, place in re.findall(r"Giving back the (\w+) (port|village|castle)", sentence):
        out.append((f"{clan} {place} given back", f"ronin: {clan.lower().replace('ō', 'o')} {place}"))
    if re.match(r"The Ninja shows", sentence):
        out.append(("a Ninja's look at the deck", "ninja:"))
    if re.search(r"so it all goes", sentence):
        out.append(("the whole hand discarded", "discard hand"))
    return out


def test_shogun_notes_name_only_moves_of_their_turn():
    checked = 0
    for sample, n, entry, note in notes("shogun-solitaire"):
        done = " | ".join(entry.get("do", []))
        for sentence in sentences(note):
            for named, command in shogun_checks(sentence):
                assert command in done, f"{sample} turn {n}: the note says {named}, but the turn does {done!r}"
                checked += 1
    assert checked >= 6


# A clause about a card not on the table this round: one in front of a player, in a hand, or next round's.
NOT_LAID_NOW = re.compile(r"face[- ](?:up|down)|back into|next round|\bbrought\b|worth \d")


def samurai_vassal_titles() -> dict[str, str]:
    """Each card's title as a note may name it (the full title, or a character's first name alone, or the
    last word of a proposal: "the Party", "Hideyoshi", "Oda"), by card id."""
    from pnp.model import load_game

    game = load_game(cards_dir() / "samurai-vassal")
    names: dict[str, str] = {}
    for c in game.cards:
        title = c.type.title.get("en", c.type_id)
        words = title.split()
        for name in {title, words[0] if c.type.deck != "proposal" and len(words) > 1 else title, words[-1]}:
            names.setdefault(name, c.type_id)
    return names


def test_samurai_vassal_notes_name_only_cards_laid_that_round():
    names = samurai_vassal_titles()
    pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, names), key=len, reverse=True)) + r")s?\b")
    checked = 0
    for sample, n, entry, note in notes("samurai-vassal"):
        laid = {v for k, v in entry.items() if k not in ("note", "expect") and isinstance(v, str)}
        for sentence in sentences(note):
            for clause in re.split(r"[,:;(]", sentence):
                if NOT_LAID_NOW.search(clause):
                    continue
                for title in pattern.findall(clause):
                    assert names[title] in laid, f"{sample} round {n}: the note names {title}, not laid then ({laid})"
                    checked += 1
    assert checked >= 10


def test_a_note_put_beside_the_wrong_round_is_caught():
    """The check itself: the Daimyo note of round 3 (C1, C2, walks onto g1) fails beside round 2."""
    sample = cards_dir() / "daimyo" / "samples" / "lords-on-the-move.toml"
    rounds = tomllib.loads(Path(sample).read_text(encoding="utf-8"))["round"]
    done = hex_round(rounds[1], HEX_GAMES["daimyo"])
    note = rounds[2]["note"]["en"] if isinstance(rounds[2]["note"], dict) else rounds[2]["note"]
    named = {c for s in sentences(note) for c in hex_cards_named(s, "daimyo")}
    assert named and not named <= done["card"]
