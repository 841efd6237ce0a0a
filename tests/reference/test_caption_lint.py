"""Issue 25, item 2: the booklets' sentences read as an editor would write them. Every built-in booklet
(five games, Daimyni also in Italian) is laid out, printed and read back from the PDF, block by block
(a caption, a walkthrough line, a paragraph), and linted:

- no sentence is said twice in one block, nor twice with only the player changed (several players who
  did alike are named together: "Red and Yellow both lay Strategising");
- counts agree with their words ("both cards", never "all 2 cards"; never "1 cards"; "4 more trust");
- an outcome is told once: not the same winners named twice, nor one result in two wordings ("they lose and
  every other card wins ... The Reject decides, not the majority");
- a player is named with a capital when the player acts ("Red takes", never "red takes");
- the Italian booklet has no English words left in it;
- a combat's sides are told once per caption ("Combat: 4 against 3 ... 4 Bushi against 3 Bushi");
- no stock sentence is printed in three or more captions, told the same whatever the position ("At the
  end of the round Green holds Han of every rival clan with 3 Bushi: Green wins." three times);
- Shogun Solitaire's cards drawn, discarded or revealed are named with an article, as a person would
  ("You draw an Envoy", "the Takeda Leader"), not as a log ("You draw Envoy.")."""

from __future__ import annotations

import re

import pytest

from tests.reference.booklet_text import BOOKLETS, Block, Line, blocks, lines, sentences

pytestmark = pytest.mark.slow

PLAYERS = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange", "Black", "White",
           "Rosso", "Blu", "Verde", "Giallo", "Il rosso", "Il blu")
COLOUR = "|".join(p.lower() for p in PLAYERS[:8])
# a colour word, small, followed by what a player does: "red takes", "green defends"
LOWER_PLAYER = re.compile(rf"(?<![\w’'-])({COLOUR})(’s)? (takes|wins|win|holds|moves|defends|gathers|recruits|uses"
                          rf"|loses|sells|grows|lays|has|is|strikes|needs|chose|plays|reveals|gains|pulls|adds"
                          rf"|lifts|walks|carries|leaves|can|cannot|did|does|gets|gives)\b")
COUNT_ERRORS = {
    r"\ball (?:0|1|2|one|two)\b": "'all' needs three or more: 'both', or 'it'",
    r"(?<![\w.,-])1 (?:cards|players|rounds|dice|workers|objectives|turns|advisors|Invasions|Envoys|pieces|units"
    r"|carte|giocatori|round|turni)\b": "one of a thing is singular",
    r"(?<![\w.,-])(?<!level )(?:[02-9]|\d\d+) (?:card|player|die|worker|objective|turn|advisor|carta|giocatore)"
    r"\b(?!’s| back| [a-z]+s\b)":
        "more than one of a thing is plural",
    r"\b\d+ trust more\b": "'4 more trust', not '4 trust more'",
}
# "4 against 3", "4 Bushi against 3 Bushi", "2 contro 1": a combat's sides, told once in a caption
SIDES = re.compile(r"(?<![\w.])(\d+) (?:[A-Za-zōÀ-ÿ]+ ){0,2}(?:against|contro) (\d+)(?!\w|[.,]\d)")
# Words of a sentence that count towards a stock phrase: words of letters, not the players' names, not
# numbers or arrows ("Trust: Red 0 → 1; Blue 0 → 1." says only who gained what)
WORD = re.compile(r"[A-Za-zÀ-ÿ’'-]*[A-Za-zÀ-ÿ]")
# A result a caption may tell in several wordings: two of one family in a block tell it twice (issue 25's
# second review: "whatever the majority" / "The Reject decides, not the majority").
PARAPHRASES = {
    "a Reject's outcome": (r"every other card wins?\b", r"\breject decides\b", r"\bnot the majority\b",
                           r"\bwhatever the majority\b"),
    "everyone losing": (r"\bevery player loses?\b", r"\beveryone loses?\b", r"\bnobody wins\b"),
}
# Shogun Solitaire: a card named in full ("Hōjō Soldier", "Envoy"; not "Envoy cards", a kind of card, nor a bare
# type after a clan named once: "a Takeda Soldier, Ninja and Samurai"), and the lists of cards a step tells:
# after drawing, discarding, taking or playing, and after "the top of the deck:", "the whole hand:", "top first:"
SHOGUN_CARD = (r"(?:(?:Hōjō|Takeda|Katō|Amago) (?:Leader|Samurai|Ninja|Cavalry|Soldier)"
               r"|Envoy|Fleet|Raid|Assassin|Ronin)\b(?! cards?\b)")
CARD_LIST = re.compile(r"(?:\b(?:draws?|drew|discards?|takes|plays?)\b|\b(?:deck|hand|first):)\s+([^.;:]*)")
NAMES = "(?:Red|Blue|Green|Yellow|Purple|Orange|Black|White)"
NAME_LIST = rf"{NAMES}(?:(?:, | and ){NAMES})*"
# "Red and Blue win", "wins: Red and Blue" (a name followed by ’s is a card's owner, not a winner)
WINNERS = re.compile(rf"(?<![\w’])({NAME_LIST})(?!’) (?:both |all )?wins?\b|\bwins?: ({NAME_LIST})\b")
SIGNED_ZERO = re.compile(r"(?<![\w.])[+−-]0(?![\d.,])")
# English words that are no Italian word: one of these in the Italian booklet was never translated
ENGLISH = {"the", "and", "of", "with", "from", "to", "for", "by", "is", "are", "its", "their", "his", "her",
           "wins", "win", "takes", "moves", "round", "rounds", "player", "players", "card", "cards", "each", "every",
           "nothing", "which", "that", "this", "then", "result", "rules", "turn", "step", "back", "front", "after",
           "before", "walkthrough", "example", "examples", "setup", "credits", "glossary", "designer", "game",
           "plays", "played", "reserve", "combat", "against", "holds", "loses", "keeps", "clan’s", "it", "they",
           "diagram", "diagrams", "move", "recruit", "first", "second", "page", "pages", "note:", "players’"}


def words(b: Block) -> list[str]:
    return re.findall(r"[A-Za-zÀ-ÿ’']+:?", b.text)


def _normal(sentence: str) -> str:
    """A sentence with its players' names replaced: two such sentences alike say the same of two players."""
    s = sentence
    for p in PLAYERS:
        s = re.sub(rf"\b{p}\b", "P", s)
    return s


@pytest.mark.parametrize(("gid", "lang"), BOOKLETS)
def test_no_sentence_twice_in_a_caption(gid, lang):
    bad = []
    for b in blocks(gid, lang):
        seen: dict[str, str] = {}
        for s in sentences(b.text):
            key = _normal(s)
            if len(s) > 12 and key in seen:
                bad.append(f"p{b.page + 1}: {seen[key]!r} / {s!r}")
            seen.setdefault(key, s)
    assert not bad, "\n".join(bad)


def _told(s: str) -> str:
    """A sentence as told, without a label before it ("Result: ...") or its case."""
    return re.sub(r"^[A-Z][a-z]+: ", "", s).lower()


@pytest.mark.parametrize(("gid", "lang"), BOOKLETS)
def test_no_result_is_told_twice(gid, lang):
    """'The game goes on. Result: the game goes on.'; an after-round list printed again as a list."""
    bad = []
    found = blocks(gid, lang)
    for i, b in enumerate(found):
        told = [_told(s) for s in sentences(b.text)]
        bad += [f"p{b.page + 1}: {s!r}" for n, s in enumerate(told) if len(s) > 12 and s in told[:n]]
        item = b.text.lstrip("• ").rstrip(".")
        if b.size >= 8 and len(item.split()) >= 4:      # a list item, not a label in a picture
            bad += [f"p{b.page + 1}: {item!r} was said just before" for a in found[max(0, i - 8):i]
                    if a.page >= b.page - 1 and item in a.text and len(a.text) > len(item) + 12]
    assert not bad, "\n".join(bad)


def twice_told_sides(text: str) -> list[tuple[str, ...]]:
    """The combat sides ("4 against 3") a block tells more than once."""
    pairs = [m.groups() for m in SIDES.finditer(text)]
    return sorted({p for p in pairs if pairs.count(p) > 1})


@pytest.mark.parametrize(("gid", "lang"), BOOKLETS)
def test_a_combat_is_told_once(gid, lang):
    """Daimyo's combat example said "4 against 3" in its title, its scene and its outcome."""
    bad = [f"p{b.page + 1}: {' and '.join(' against '.join(p) for p in twice)} in {b.text[:100]!r}"
           for b in blocks(gid, lang) if (twice := twice_told_sides(b.text))]
    assert not bad, "\n".join(bad)


# a step's heading at a caption's start: "A and B · Saboteur and Sake Seller, then Sow Advisor and Sowers."
HEADING = re.compile(r"^[A-Z](?: and [A-Z])? · ")


def stock_sentences(found: list[Block], words: int = 8, pages: int = 3) -> dict[str, list[int]]:
    """Sentences of `words` words or more printed, alike but for the players named, on `pages` pages or
    more: a sentence that does not change with the position it tells says nothing of it."""
    where: dict[str, set[int]] = {}
    for b in found:
        for s in sentences(b.text):
            if len([w for w in WORD.findall(s) if w not in PLAYERS]) >= words and not HEADING.match(s):
                where.setdefault(_normal(s), set()).add(b.page + 1)
    return {s: sorted(p) for s, p in where.items() if len(p) >= pages}


@pytest.mark.parametrize(("gid", "lang"), BOOKLETS)
def test_no_stock_sentence_in_every_caption(gid, lang):
    bad = [f"pp. {', '.join(map(str, p))}: {s!r}" for s, p in stock_sentences(blocks(gid, lang)).items()]
    assert not bad, "\n".join(bad)


def _winners_named(text: str) -> list[frozenset[str]]:
    """The sets of players a block says win, up to where it says the game ends (who wins the game is
    another result than who won the round or the combat)."""
    before_end = re.split(r"the game ends", text, flags=re.IGNORECASE)[0]
    return [frozenset(re.findall(NAMES, m.group(1) or m.group(2))) for m in WINNERS.finditer(before_end)]


def _paraphrased(text: str) -> list[str]:
    """The families of PARAPHRASES a block tells more than once."""
    low = text.lower()
    return [family for family, ways in PARAPHRASES.items() if sum(len(re.findall(w, low)) for w in ways) > 1]


@pytest.mark.parametrize(("gid", "lang"), [b for b in BOOKLETS if b[1] == "en"])
def test_an_outcome_is_told_once(gid, lang):
    """A caption names the round's winners once, and tells a Reject's or Fuma's outcome in one wording."""
    bad = []
    for b in blocks(gid, lang):
        named = _winners_named(b.text)
        bad += [f"p{b.page + 1}: the winners {sorted(w)} named twice in …{b.text[:80]}…"
                for n, w in enumerate(named) if w in named[:n]]
        bad += [f"p{b.page + 1}: {family} told twice in …{b.text[:80]}…" for family in _paraphrased(b.text)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(("gid", "lang"), BOOKLETS)
def test_counts_agree_with_their_words(gid, lang):
    bad = [f"p{b.page + 1}: {why}: …{b.text[max(0, m.start() - 30):m.end() + 30]}…"
           for b in blocks(gid, lang) for pattern, why in COUNT_ERRORS.items() for m in re.finditer(pattern, b.text)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(("gid", "lang"), BOOKLETS)
def test_nothing_is_written_one_way(gid, lang):
    """A signed zero ('+0', '−0') beside '–' and 'no rice' said nothing three ways in Dôjima's diagrams and
    briefs: nothing is '–' in a diagram and words in a sentence."""
    bad = [f"p{ln.page + 1}: {ln.text!r}" for ln in lines(gid, lang) if SIGNED_ZERO.search(ln.text)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(("gid", "lang"), [b for b in BOOKLETS if b[1] == "en"])
def test_players_are_named_with_a_capital(gid, lang):
    bad = [f"p{b.page + 1}: …{b.text[max(0, m.start() - 30):m.end() + 20]}…"
           for b in blocks(gid, lang) for m in LOWER_PLAYER.finditer(b.text)]
    assert not bad, "\n".join(bad)


def bare_cards(text: str) -> list[str]:
    """The cards of a step's lists named without an article ("You draw Envoy and Katō Soldier")."""
    return [item for m in CARD_LIST.finditer(text) for item in re.split(r", | and ", m.group(1))
            if re.match(SHOGUN_CARD, item)]


def test_shogun_cards_are_named_with_an_article():
    """Issue 25, third review: "You draw Envoy." read like a log; a person writes "You draw an Envoy"."""
    bad = [f"p{b.page + 1}: {item!r} in …{b.text[:90]}…" for b in blocks("shogun-solitaire", "en")
           for item in bare_cards(b.text)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(("gid", "lang"), [b for b in BOOKLETS if b[1] == "it"])
def test_the_italian_booklet_has_no_english_words(gid, lang):
    bad = [f"p{b.page + 1}: {w!r} in …{b.text[:90]}…" for b in blocks(gid, lang) for w in words(b)
           if w.lower() in ENGLISH]
    assert not bad, "\n".join(bad)


def test_the_lint_finds_what_it_looks_for():
    """Each check fires on the line the issue quotes (so a pass means something)."""
    def block(s: str) -> Block:
        return Block(0, [Line(0, 0, 0, 0, 0, 7.4, False, s)])
    strat = block("Red lays Strategising and loses the round. Yellow lays Strategising and loses the round.")
    assert len({_normal(s) for s in sentences(strat.text)}) == 1
    assert _told("Result: the game goes on.") == _told("The game goes on.")
    assert SIGNED_ZERO.search("+0") and SIGNED_ZERO.search("Red −0") and not SIGNED_ZERO.search("+10 or 1.0")
    assert re.search(list(COUNT_ERRORS)[0], "takes all 2 cards")
    assert re.search(list(COUNT_ERRORS)[3], "gain 4 trust more")
    plural = list(COUNT_ERRORS)[2]
    assert re.search(plural, "gives up 2 card") and not re.search(plural, "a level 2 card")
    old = ("Red’s Cherry Blossom Party rejects Yellow’s and Purple’s Invasions: they lose and every other card wins. "
           "The Reject decides, not the majority: Red, Blue and Green win.")
    assert _paraphrased(old) == ["a Reject's outcome"]
    assert _winners_named("Level 3 has the most cards: Red and Blue win. The higher level wins: Red and Blue.") == [
        frozenset({"Red", "Blue"})] * 2
    assert _winners_named("Blue’s Maeda Toshiie wins too. Green wins.") == [frozenset({"Green"})]
    assert _winners_named("Red wins the combat. The game ends at once and Red wins.") == [frozenset({"Red"})]
    assert LOWER_PLAYER.search("reserve: red takes 1 Ryô")
    assert not LOWER_PLAYER.search("a red Han")
    assert {"the", "wins"} <= {w.lower() for w in words(block("Il rosso wins the round"))}
    old_combat = ("Combat: 4 against 3. Red attacks with 4 Bushi a neutral Han that 3 green Bushi hold. "
                  "Combat on n1: 4 Bushi against 3 Bushi. Red wins, loses 3 and keeps 1.")
    assert twice_told_sides(old_combat) == [("4", "3")]
    assert not twice_told_sides("Red moves 3 Bushi from n2 to g2, against 1 green Bushi. Red wins the fight.")
    won = "At the end of the round {} holds Han of every rival clan with 3 Bushi: {} wins."
    stock = [Block(n, [Line(n, 0, 0, 0, 0, 7.4, False, won.format(p, p))]) for n, p in enumerate(("Green", "Red",
                                                                                                   "Green"))]
    assert list(stock_sentences(stock).values()) == [[1, 2, 3]]
    assert not stock_sentences(stock[:2])
    assert bare_cards("You draw Envoy.") == ["Envoy"]
    assert bare_cards("You draw an Envoy and Katō Soldier; the Raid waits aside.") == ["Katō Soldier"]
    assert bare_cards("The Ninja reveals the top of the deck: Katō Leader, a Fleet and Envoy.") == [
        "Katō Leader", "Envoy"]
    assert not bare_cards("You draw a Fleet, the Takeda Leader and two Katō Cavalry.")
    assert not bare_cards("The play area ends with a Takeda Soldier, Ninja and Samurai.")
    assert not bare_cards("You discard five Shogun and Envoy cards.")
