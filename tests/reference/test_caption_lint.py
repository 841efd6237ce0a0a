"""Issue 25, item 2: the booklets' sentences read as an editor would write them. Every built-in booklet
(five games, Daimyni also in Italian) is laid out, printed and read back from the PDF, block by block
(a caption, a walkthrough line, a paragraph), and linted:

- no sentence is said twice in one block, nor twice with only the player changed (several players who
  did alike are named together: "Red and Yellow both lay Strategising");
- counts agree with their words ("both cards", never "all 2 cards"; never "1 cards"; "4 more trust");
- a player is named with a capital when the player acts ("Red takes", never "red takes");
- the Italian booklet has no English words left in it."""

from __future__ import annotations

import re

import pytest

from tests.reference.booklet_text import BOOKLETS, Block, blocks, lines, sentences

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


@pytest.mark.parametrize(("gid", "lang"), [b for b in BOOKLETS if b[1] == "it"])
def test_the_italian_booklet_has_no_english_words(gid, lang):
    bad = [f"p{b.page + 1}: {w!r} in …{b.text[:90]}…" for b in blocks(gid, lang) for w in words(b)
           if w.lower() in ENGLISH]
    assert not bad, "\n".join(bad)


def test_the_lint_finds_what_it_looks_for():
    """Each check fires on the line the issue quotes (so a pass means something)."""
    def block(s: str) -> Block:
        from tests.reference.booklet_text import Line
        return Block(0, [Line(0, 0, 0, 0, 0, 7.4, False, s)])
    strat = block("Red lays Strategising and loses the round. Yellow lays Strategising and loses the round.")
    assert len({_normal(s) for s in sentences(strat.text)}) == 1
    assert _told("Result: the game goes on.") == _told("The game goes on.")
    assert SIGNED_ZERO.search("+0") and SIGNED_ZERO.search("Red −0") and not SIGNED_ZERO.search("+10 or 1.0")
    assert re.search(list(COUNT_ERRORS)[0], "takes all 2 cards")
    assert re.search(list(COUNT_ERRORS)[3], "gain 4 trust more")
    plural = list(COUNT_ERRORS)[2]
    assert re.search(plural, "gives up 2 card") and not re.search(plural, "a level 2 card")
    assert LOWER_PLAYER.search("reserve: red takes 1 Ryô")
    assert not LOWER_PLAYER.search("a red Han")
    assert {"the", "wins"} <= {w.lower() for w in words(block("Il rosso wins the round"))}
