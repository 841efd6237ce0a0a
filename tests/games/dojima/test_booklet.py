"""Dôjima's rules booklet, read back from its PDF: every ruling in the Clarifications, the rulebook's
examples drawn at the step they are about and showing what the rule says, the walkthrough round by
round, the glossary's words kept, and prose in our own words."""

import re
import tomllib
from pathlib import Path

import pytest

from pnp.catalog import find_game
from pnp.games.dojima.booklet import DojimaBooklet, _events, _replay, focus, steps_of
from pnp.model.game import load_game
from pnp.model.load import read_toml
from pnp.reference.booklet import Booklet, build_booklet
from pnp.reference.flow import A5
from pnp.render.pdf import Page, render_pdf
from tests.conftest import open_pdf
from tests.games.rulings import unsaid

ROOT = Path(__file__).parents[3]
SEED = next((ROOT.parent / "shared" / "seeds").glob("003_*.txt"), None)


@pytest.fixture(scope="module")
def game():
    return load_game(find_game("dojima"))


@pytest.fixture(scope="module")
def pdf_text(game):
    pages = build_booklet(game, "en")
    doc = open_pdf(render_pdf([Page(A5[0], A5[1], p) for p in pages], "t"))
    return " ".join(" ".join(p.get_text() for p in doc).split())


def section(text, heading, after):
    start = text.index(heading)
    return text[start:text.index(after, start)]


def example(game, name):
    """The events of an example replayed from its stated position, and its steps drawn."""
    path = game.folder / "examples" / f"{name}.toml"
    t = _replay(game, path)
    events = [e for evs in _events(t) for e in evs]
    steps, _end = steps_of(game, "en", events)
    return events, steps, focus(events, steps, name)


@pytest.mark.slow
def test_every_ruling_is_in_the_printed_clarifications(pdf_text):
    """The players read the rulings in Clarifications: every phrase tests/games/rulings.py holds for
    Dôjima's rulings (checked there against the booklet's source) reaches the printed page."""
    assert not unsaid("dojima", "en", section(pdf_text, "Clarifications The source rulebook", "Walkthrough:"))


def test_sowing_example_pays_active_adjacent_and_empty(game, pdf_text):
    """« A Sower on the Sow Advisor's field grows 3 rice, one on a field next to it 1, any other
    nothing. » The example's row is the sowing step: the Sow Advisor's field shaded active, its
    two neighbours adjacent, and each Sower's die standing where the example laid it."""
    _events, _steps, shown = example(game, "sowing")
    assert [s.key for s in shown] == ["B"]
    row = shown[0]
    advisor = next(f for f, cards in row.above.items() if "sow-advisor" in cards)
    assert row.shades[advisor] == "active"
    assert {f for f, eff in row.shades.items() if eff == "adjacent"} == {advisor - 1, advisor + 1} & set(range(1, 7))
    assert row.below[advisor] == ["yellow"]
    for sentence in ("Yellow (4, active) grows 3 rice.", "Red (3) and Green (5), on adjacent fields, grow 1 rice each.",
                     "Blue (1, empty) grows no rice."):
        assert sentence in " ".join(row.results)
    assert "Sowing." in pdf_text and "Yellow (4, active) grows 3 rice." in pdf_text


def test_imperial_example_shows_the_move(game):
    """« Once a round, as a basic advisor is turned up, the Imperial's holder may move one of their
    own workers to the Imperial's field; the worker is paid where it now stands. » The figure keeps
    a dashed die where the Sower stood and an arrow to the Imperial's field, adjacent to the Sow
    Advisor, where it grows 1 rice."""
    events, _steps, shown = example(game, "imperial")
    assert [s.key for s in shown] == ["B"]
    row = shown[0]
    imperial = next(f for f, cards in row.above.items() if "imperial" in cards)
    assert "yellow" in row.below[imperial] and row.shades[imperial] == "adjacent"
    ghosts = [s for s in row.scene.shapes if getattr(getattr(s, "style", None), "dash", ())]
    assert ghosts, "no dashed die where the Sower stood"
    assert any("moves their Sower from field 2 to field 5" in r for r in row.results)


@pytest.mark.parametrize(("name", "own", "near"), [
    # « A basic advisor sharing the Saboteur's field keeps only its own field: the ones beside it are empty. »
    ("saboteur", "active", "empty"),
    # « A basic advisor sharing the Sake Seller's field swaps: the fields beside it pay as active,
    #   its own as adjacent. »
    ("sake-seller", "adjacent", "active"),
    # « With both on its field, the fields beside it pay as active and its own field is empty. »
    ("saboteur-and-sake-seller", "empty", "active"),
])
def test_saboteur_and_sake_seller_rows(game, name, own, near):
    events, _steps, shown = example(game, name)
    assert shown, name
    for row in shown:
        basic = {"B": "sow-advisor", "C": "water-advisor", "D": "market-advisor"}[row.key]
        advisor = next(f for f, cards in row.above.items() if basic in cards)
        assert {"saboteur", "sake-seller"} & set(row.above[advisor])     # the row the example is about
        assert row.shades[advisor] == own
        for n in (advisor - 1, advisor + 1):
            if 1 <= n <= 6:
                assert row.shades[n] == near
        for n in set(range(1, 7)) - {advisor - 1, advisor, advisor + 1}:
            assert row.shades[n] == "empty"


def test_beggar_example(game):
    """« The Beggar's holder gets 1 Ryô when no Sow, Water or Market Advisor shares its field. »"""
    _events, _steps, shown = example(game, "beggar")
    assert [s.key for s in shown] == ["E"]
    row = shown[0]
    beggar = next(f for f, cards in row.above.items() if "beggar" in cards)
    assert not set(row.above[beggar]) & {"sow-advisor", "water-advisor", "market-advisor"}
    assert any("takes 1 Ryô" in r for r in row.results)


def test_every_example_is_in_the_booklet(game, pdf_text):
    examples = sorted((game.folder / "examples").glob("*.toml"))
    assert len(examples) >= 8
    part = section(pdf_text, "Examples", "Clarifications")
    for path in examples:
        title = read_toml(path)["title"]
        assert f"{title}." in part, title


def test_the_walkthrough_draws_the_first_season_and_tells_the_rest(game, pdf_text):
    """Spring's rounds are drawn step by step (a row for B, C, D and, with six players, the Beggar's
    E); the later rounds are told without the rows, a line per step; every round but the last has its
    heading and a table of the tracks after it (the reserve before and after in its caption), and the
    year ends with each player's water, rice and Ryô."""
    sample = game.folder / "samples" / "six-players.toml"
    transcript, rounds = DojimaBooklet().walkthrough(game, sample, "en")
    assert len(rounds) == len(transcript.rounds) >= 3
    seasons = [log.record.season for log in transcript.rounds]
    drawn = [page for page, season in zip(rounds, seasons) if season == seasons[0]]
    told = [page for page, season in zip(rounds, seasons) if season != seasons[0]]
    assert drawn and told
    for page in drawn:
        assert [p.spec.key for p in page.panels[:4]] == ["B", "C", "D", "E"], page.round
    for page in told:
        # the table after a season's last round already holds the next season's water, and says so
        assert all(p.heading in ("**After the round.**", "**At the start of autumn.**") for p in page.panels)
        text = " ".join(page.intro)
        for heading in ("Sow Advisor and Sowers", "C · Water Advisor and Waterers",
                        "D · Market Advisor and Merchants", "E · Beggar"):
            assert heading in text, (page.round, heading)
    for page, log in zip(rounds[:-1], transcript.rounds[:-1]):
        assert f"Round {page.round}" in pdf_text
        after = page.panels[-1]
        assert after.heading in ("**After the round.**", "**At the start of summer.**", "**At the start of autumn.**") \
            and ("Reserve:" in after.sentence or "The reserve is" in
                                                      after.sentence), page.round
        shown = [t.string for t in after.scene.shapes if hasattr(t, "string")]
        for p in log.water:       # a row a player: the name, then water, rice and Ryô
            i = shown.index(game.clans[p].name["en"])
            assert shown[i + 1:i + 4] == [str(log.water[p]), str(log.rice[p]), str(log.ryo[p])], (page.round, p)
    # the last round's table is winter's count, read from the drawn table like the others, the winner bold
    s = transcript.state
    last = rounds[-1].panels[-1]
    assert "Winter’s count:" in last.sentence
    shown = [t for t in last.scene.shapes if hasattr(t, "string")]
    strings = [t.string for t in shown]
    for p in s.players:
        i = strings.index(game.clans[p].name["en"])
        assert strings[i + 1:i + 4] == [str(s.water[p]), str(s.rice[p]), str(s.ryo[p])], p
        assert ("bold" in shown[i].runs[0].font) == (p in s.winners), p


def texts(game):
    """Every text of the game in English a player reads: the booklet's prose, narration, aid, cards."""
    folder = game.folder / "booklet"
    yield "rules", Booklet(game, "en").source()
    for name in ("narration", "aid"):
        yield name, re.sub(r"\{\{.*?\}\}|\{%.*?%\}", " ", (folder / f"{name}.en.toml").read_text(encoding="utf-8"))
    for c in game.cards:
        yield f"card {c.label}", f"{c.type.title['en']} {c.type.text['en']}"


def test_the_glossary_words_are_kept(game, pdf_text):
    """One word for one thing: no text the players read (the printed booklet, its examples and
    walkthrough included, and the card texts) uses a variant the glossary forbids."""
    data = read_toml(game.folder / "booklet" / "glossary.en.toml")
    forbidden = [v for t in data["term"] for v in t.get("forbidden", [])]
    assert forbidden
    for where, text in [*texts(game), ("the printed booklet", pdf_text)]:
        for v in forbidden:
            assert not re.search(rf"(?<![\w-]){re.escape(v)}(?![\w-])", text), (where, v)


@pytest.mark.skipif(SEED is None, reason="the source rulebook is not beside the repository")
def test_no_ten_word_run_from_the_rulebook(game):
    """Facts carry over, sentences do not: no run of ten words is shared with the source rulebook."""
    def words(s):
        return re.findall(r"[a-zà-ÿ0-9]+", s.lower())

    seed = words(SEED.read_text(encoding="utf-8"))
    runs = {tuple(seed[i:i + 10]) for i in range(len(seed) - 9)}
    for where, text in texts(game):
        w = words(text)
        shared = [" ".join(w[i:i + 10]) for i in range(len(w) - 9) if tuple(w[i:i + 10]) in runs]
        assert not shared, (where, shared[:3])


def test_no_developer_words(pdf_text):
    found = re.findall(r"\bpnp\b|\.toml\b|\bengine\b|\bnotation\b|\bbot\b", pdf_text, re.I)
    assert not found, found


def test_card_texts_in_the_booklet_name_each_card(game, pdf_text):
    with open(game.folder / "cards.toml", "rb") as fh:
        types = tomllib.load(fh)["types"]
    for tid, t in types.items():
        assert t["title"]["en"] in pdf_text, tid


def test_the_two_player_pyramid_figure(game, pdf_text):
    """« With two players the six advisors lie in a pyramid; a face-down card turns face up once
    both cards under it have a die, dice go only to face-up cards, and each card gets one die. »
    The figure's caption tells the dice in the order given: a middle card turns up only after both
    cards under it were named, the top one after both middle cards."""
    from pnp.games.dojima.booklet import PYRAMID, pyramid_figure
    [figure] = pyramid_figure(game, "en", game.folder / "samples" / "two-players.toml")
    caption = figure.caption
    laid = read_toml(game.folder / "samples" / "two-players.toml")["round"][0]["pyramid"]
    titles = {c.label: c.type.title["en"] for c in game.cards}

    given_at = {m.group(1): m.start() for m in re.finditer(r" a \d on the ([A-Z][A-Za-z]+(?: [A-Z][a-z]+)?)", caption)}
    turned_at = {t: m.start() for m in re.finditer(r"; the ([^;.]+?) turns? face up", caption)
                 for t in re.split(r", | and ", m.group(1))}

    def given(card):
        return given_at[titles[card]]

    def turned(card):
        return turned_at[titles[card]]

    under = {0: (1, 2), 1: (3, 4), 2: (4, 5)}
    for top, (a, b) in under.items():
        assert turned(laid[top]) > max(given(laid[a]), given(laid[b]))
        assert given(laid[top]) > turned(laid[top])
    assert sorted(given_at) == sorted(titles[c] for c in laid)
    assert "rolled the white advisor dice" in caption
    # « take turns giving one advisor die to a face-up advisor »: the six dice are one pool. Red rolled
    # 1 3 5, Blue 2 5 5; Blue's first die given is a 3, which only Red rolled.
    assert "Either player may give any of the six: Blue gives the 3 Red rolled." in caption
    assert len(PYRAMID) == 6
    assert "The pyramid of a first round." in pdf_text


def test_the_walkthrough_tells_the_reserve_and_why_fields_pay(game):
    """Review 2 of issue 25: season ends came from nowhere, and a Market Advisor on the hidden Sake Seller's
    field paid field 2 as active with no word why. The rulebook: «each season lasts until the reserve is
    empty» and the Sake Seller «inverts» the fields of the basic advisor it shares a field with. Each
    round's end gives the reserve before and after; the next round starts where it ended, or at 8 when a
    season began; and a basic advisor that shares the Saboteur's or Sake Seller's field says so."""
    sample = game.folder / "samples" / "six-players.toml"
    transcript, rounds = DojimaBooklet().walkthrough(game, sample, "en")
    expected = 8
    for page in rounds:
        said = page.panels[-1].sentence if page.panels else " ".join(page.intro)
        m = re.search(r"Reserve: (\d+) → (\d+) Ryô|(?:The reserve is empty|payments emptied the reserve) "
                      r"\((\d+) → 0\)", said)
        assert m, (page.round, said)
        before = int(m.group(1) or m.group(3))
        assert before == expected, page.round
        ended = m.group(3) is not None
        seasons = [r.record.season for r in transcript.rounds]
        i = page.round - 1
        assert ended == (i == len(seasons) - 1 or seasons[i + 1] != seasons[i]), page.round
        expected = 8 if ended else int(m.group(2))
    first = " ".join(p.sentence for p in rounds[0].panels)
    assert ("Red reveals the Market Advisor on field 1. The Sake Seller already stands there, so the Market "
            "Advisor’s fields swap: field 2 pays as active, field 1 as adjacent.") in first
    assert "The Saboteur already stands there, so only field 5 pays; fields 4 and 6 are empty." in first
    assert rounds[0].panels[0].heading.startswith("**A and B ·")     # a bold lead-in
    # Red ends round 5 with no rice and grows none in round 6: its Merchant, on the Market Advisor's field,
    # has nothing to sell (not a sale it chose not to make)
    # (told with Blue, the other Merchant on that field)
    assert "Blue and Red (2, active): Blue sells 3 rice for 2 Ryô, 1 of them from the box; Red has no rice to sell." \
        in " ".join(rounds[-1].intro)


def test_every_die_in_a_step_diagram_carries_its_players_sign(game):
    """Review 2 of issue 25: red and green dice on one field looked alike to a red-green colour-blind reader.
    Each worker's die is marked with its player's sign (the shape on their cards and markers), once per die."""
    sample = game.folder / "samples" / "six-players.toml"
    _t, rounds = DojimaBooklet().walkthrough(game, sample, "en")
    signs = {"●": "red", "■": "blue", "▲": "green", "◆": "yellow", "★": "purple", "✚": "orange"}
    checked = 0
    for page in rounds:
        for panel in page.panels:
            step = panel.spec
            if step is None or not step.below:
                continue
            # a die's note is its sign and what it brought ("▲ +3"); an advisor tile's sign stands alone
            marked = [t.string[0] for t in panel.scene.shapes
                      if hasattr(t, "string") and t.string[:1] in signs and len(t.string) > 1]
            drawn = sorted(p for ps in step.below.values() for p in ps)
            assert sorted(signs[m] for m in marked) == drawn, (page.round, panel.heading)
            checked += 1
    assert checked >= 6          # B, C and D of the two rounds drawn step by step


def _owned_tiles(scene, colours):
    """Each advisor tile of a player's colour in a diagram, with the strings printed inside it."""
    from pnp.draw.shapes import Rect
    tiles = [s for s in scene.shapes if isinstance(s, Rect) and s.style.fill in colours and abs(s.w - s.h) < 1e-6
             and s.w < 10 and s.radius == 1.2]
    texts = [t for t in scene.shapes if hasattr(t, "string")]
    return [(colours[r.style.fill], [t.string for t in texts if r.x < t.x < r.x + r.w and r.y < t.y < r.y + r.h])
            for r in tiles]


def test_every_advisor_tile_carries_its_holders_sign(game):
    """Issue 24, "colour is never the only signal": an advisor's holder showed only by the tile's colour,
    and Red's and Green's tiles look alike to a deuteranope. Each held advisor's tile now prints, under
    the card's sign, its holder's sign; the hidden advisor (dark grey) has none. Read back from the
    printed booklet too: every sign is real text of 6 pt or more, not a stand-in bar."""
    from pnp.draw.colourblind import confusable
    from pnp.games.dojima.booklet import Words, example_figures
    w = Words(game, "en")
    colours = {c.colour: c.id for c in game.meta.clans}
    assert confusable({c.id: (c.colour, "tile") for c in game.meta.clans})     # colour alone fails
    scenes = [f.scene for f in example_figures(game, "en")]
    _t, rounds = DojimaBooklet().walkthrough(game, game.folder / "samples" / "six-players.toml", "en")
    scenes += [panel.scene for page in rounds for panel in page.panels if panel.scene is not None]
    held = [tile for scene in scenes for tile in _owned_tiles(scene, colours)]
    assert len(held) > 30
    for holder, inside in held:
        assert w.sign(holder) in inside, (holder, inside)
        assert len(inside) == 2          # the advisor's kanji and the holder's sign
    assert len({w.sign(c.id) for c in game.meta.clans}) == len(game.meta.clans)
    # in print: every tile's sign is text at 6 pt or more (a scaled-down figure bars smaller type)
    doc = open_pdf(render_pdf([Page(A5[0], A5[1], p) for p in build_booklet(game, "en")], "t"))
    signs = {w.sign(c.id) for c in game.meta.clans}
    printed = [s["size"] for p in doc for b in p.get_text("dict")["blocks"] for line in b.get("lines", ())
               for s in line["spans"] if s["text"] in signs]
    assert len(printed) >= len(held) and min(printed) >= 6.0
