"""The Samurai Vassal rules booklet, read back from the PDF `pnp build` writes: every ruling in the
Clarifications, the resolution steps the rules use, the 28 characters, the rulebook's examples and
the walkthrough drawn from replayed games, legible levels on the diagrams, players' words only, the
glossary's words, typographic quotes, the aid on the last page, the same bytes on every build."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from pnp.catalog import cards_dir
from pnp.cli import app
from pnp.draw.shapes import Group, Text
from pnp.games.samurai_vassal.booklet import example_figures, walkthrough
from pnp.games.samurai_vassal.cards import CARDS, CHARACTER_IDS
from pnp.games.samurai_vassal.events import Copied
from pnp.games.samurai_vassal.module import SamuraiVassal
from pnp.games.samurai_vassal.rules import STEPS
from pnp.model import load_game
from pnp.model.load import read_toml
from pnp.reference.booklet import build_booklet, glossary_entries
from pnp.reference.flow import A5, LEAST_PT, Flow, Frame
from pnp.render.pdf import Page, render_pdf
from tests.conftest import open_pdf
from tests.games.rulings import unsaid
from tests.reference.test_glossary import offending, texts
from tests.reference.test_player_words import DEVELOPER

GID = "samurai-vassal"
GAME = load_game(cards_dir() / GID)
EXAMPLES = sorted((GAME.folder / "examples").glob("*.toml"))


@pytest.fixture(scope="module")
def pages():  # type: ignore[no-untyped-def]
    return build_booklet(GAME, "en")


@pytest.fixture(scope="module")
def pdf(pages):  # type: ignore[no-untyped-def]
    return render_pdf([Page(A5[0], A5[1], p) for p in pages], "t")


@pytest.fixture(scope="module")
def words(pdf):  # type: ignore[no-untyped-def]
    """The booklet's text as printed, one space between words, straight quotes for comparing."""
    doc = open_pdf(pdf)
    text = " ".join(" ".join(p.get_text() for p in doc).split())
    text = re.sub(r" ?Samurai Vassal · Rules of play · \d+/\d+", "", text)     # the running footers
    return text.replace("’", "'").replace("“", '"').replace("”", '"')


def plain(s: str) -> str:
    """Bold marks dropped, one space between words, straight quotes (as `words` compares)."""
    s = s.replace("**", "").replace("’", "'").replace("“", '"').replace("”", '"')
    return " ".join(s.split())


@pytest.mark.slow
def test_pnp_build_writes_the_booklet(tmp_path):  # type: ignore[no-untyped-def]
    out = tmp_path / "kit"
    result = CliRunner().invoke(app, ["build", GID, "--only", "booklet", "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    a5 = out / "samurai-vassal-rules-a5.pdf"
    doc = open_pdf(a5.read_bytes())
    assert "Samurai Vassal" in doc[0].get_text()
    # the printed booklet: the A5 pages padded to a multiple of four (notes pages, a back cover), two a side
    sides = open_pdf((out / "samurai-vassal-rules-a4-booklet.pdf").read_bytes())
    assert len(sides) == 2 * -(-len(doc) // 4)


@pytest.mark.slow
def test_the_clarifications_state_every_ruling(words):  # type: ignore[no-untyped-def]
    """Every phrase tests/games/rulings.py holds for the game's rulings (checked there against the
    booklet's source) reaches the printed Clarifications."""
    assert not unsaid(GID, "en", words[words.index("Clarifications The original rulebook"):])


def test_the_booklet_prints_the_steps_the_rules_follow(words):  # type: ignore[no-untyped-def]
    for n, text in STEPS:
        assert f"{n}. {plain(text)}" in words, text[:40]


def test_every_character_is_described(words):  # type: ignore[no-untyped-def]
    for cid in CHARACTER_IDS:
        d = CARDS[cid]
        level = "no level" if d.level is None else f"level {d.level}"
        assert f"{d.name} ({level}" in words, cid


def test_every_rulebook_example_is_drawn_with_its_result(words):  # type: ignore[no-untyped-def]
    figures = example_figures(GAME, "en", "")
    assert len(figures) == len(EXAMPLES) >= 10
    for path, fig in zip(EXAMPLES, figures, strict=True):
        t = SamuraiVassal().replay(GAME, path.read_text(encoding="utf-8"), path.name)
        assert plain(f"{t.title}.") in words
        winners = t.rounds[-1].winners
        for w in winners:                                # the caption names each winner
            assert GAME.clans[w].name["en"] in fig.caption
        if not winners:
            assert "every player lose the round" in fig.caption


@pytest.mark.parametrize("sample,winner", [("four-players", "Blue"), ("samurai", "Green")])
def test_the_walkthroughs_show_every_round_and_the_end(words, sample, winner):  # type: ignore[no-untyped-def]
    t, rounds = walkthrough(GAME, GAME.folder / "samples" / f"{sample}.toml", "en")
    assert [r.round for r in rounds] == list(range(1, len(t.rounds) + 1))
    for log, r in zip(t.rounds, rounds, strict=True):
        assert len(r.panels) == 2                        # the reveal, the tables after the trust step
        assert plain(f"Round {log.round} {r.intro[-1]}") in words
        for p, card in log.plays.items():
            assert f"{GAME.clans[p].name['en']} {CARDS[card].name}" in r.intro[-1]
    assert f"the game ends, and {winner} wins" in rounds[-1].panels[0].sentence
    assert t.state.winners == (winner.lower(),)


def test_the_samurai_walkthrough_names_the_characters_effects(words):  # type: ignore[no-untyped-def]
    _t, rounds = walkthrough(GAME, GAME.folder / "samples" / "samurai.toml", "en")
    said = " ".join(p.sentence for r in rounds for p in r.panels)
    assert "Walkthrough: Samurai mode" in words
    assert "Red's Chacha rejects" in plain(said) and "Red must lay Strategising next round" in said
    assert "As Oda Nobunaga is laid, Yellow’s Surveying turns face down." in said


def test_the_levels_on_the_walkthrough_cards_stay_legible():  # type: ignore[no-untyped-def]
    # A card's level is the one thing a diagram must show: it must not print under the booklet's
    # smallest type (where it would become a bar).
    cell = (Flow(Frame(), "t").width - 5) / 2            # the walkthrough's two figures a row
    t, rounds = walkthrough(GAME, GAME.folder / "samples" / "four-players.toml", "en")
    for log, r in zip(t.rounds, rounds, strict=True):
        reveal = r.panels[0].scene
        with_level = [c for c in log.plays.values() if CARDS[c].level is not None]
        assert len(_levels(reveal.shapes, cell / reveal.width)) == len(with_level)


def _levels(shapes, scale):  # type: ignore[no-untyped-def]
    found = []
    for s in shapes:
        if isinstance(s, Text) and re.fullmatch(r"[0-5]", "".join(r.text for r in s.runs)) \
                and s.size * scale >= LEAST_PT:
            found.append(s)
        elif isinstance(s, Group):
            found += _levels(s.shapes, scale * s.scale)
    return found


def test_no_developer_words(words):  # type: ignore[no-untyped-def]
    assert not DEVELOPER.search(words), DEVELOPER.search(words)


def test_no_text_uses_a_forbidden_variant():  # type: ignore[no-untyped-def]
    entries = glossary_entries(read_toml(GAME.folder / "booklet" / "glossary.en.toml"), "glossary")
    problems = []
    for where, text in texts(GID, "en"):
        for e in entries:
            for variant in e.forbidden:
                problems += [f"{where}: {variant!r}: …{s}…" for s in offending(variant, e.term, text)]
    assert not problems, "\n".join(problems)


def test_glossary_terms_printed_and_quotes_typographic(pages):  # type: ignore[no-untyped-def]
    lines = [" ".join(r.text for r in s.runs) for page in pages for s in page if isinstance(s, Text)]
    text = "\n".join(lines)
    for e in glossary_entries(read_toml(GAME.folder / "booklet" / "glossary.en.toml"), "glossary"):
        assert e.term in text
    assert "'" not in text and '"' not in text, [ln for ln in lines if "'" in ln or '"' in ln][:5]


def test_the_aid_is_the_last_page(pdf):  # type: ignore[no-untyped-def]
    aid = read_toml(GAME.folder / "booklet" / "aid.en.toml")
    doc = open_pdf(pdf)
    last = " ".join(doc[-1].get_text().split())
    assert last.startswith(aid["title"])
    for sec in aid["section"]:
        assert sec["heading"] in last


@pytest.mark.slow
def test_the_same_booklet_every_time(pdf):  # type: ignore[no-untyped-def]
    again = render_pdf([Page(A5[0], A5[1], p) for p in build_booklet(GAME, "en")], "t")
    assert again == pdf


@pytest.mark.parametrize(("last", "said"), [
    ({"red": "invasion"},
     "Kuroda Kanbei blocks Sasuke’s copy of Invasion: Red’s Sasuke has no level and loses."),
    ({}, "Red’s Sarutobi Sasuke has nothing to copy: it has no level."),
])
def test_a_blocked_copy_and_nothing_to_copy_are_told_apart(last, said):
    """Issue 25: with blue's Kuroda Kanbei in play, a Sasuke whose owner laid Invasion last round has
    something to copy and is blocked; one whose owner laid nothing yet really has nothing to copy."""
    from pnp.games.samurai_vassal.booklet import Say, approval
    from pnp.games.samurai_vassal.rules import RoundLog, profiles

    plays = {"red": "sarutobi-sasuke", "blue": "kuroda-kanbei", "green": "surveying"}
    _, _, events = profiles(plays, last)
    log = RoundLog(1, plays, None, events, (), "", {}, {})
    sentences = approval(Say(GAME, "en"), log, None, last)
    assert said in sentences
    assert not any("nothing to copy" in s for s in sentences if s != said)


def test_how_a_character_with_no_level_wins_is_what_the_booklet_says(words):  # type: ignore[no-untyped-def]
    """The characters' intro (review 2 of issue 25 found it wrong about Fuma): «A character with no level
    wins only when a Reject finds its target, so that every card but the targets wins (Hanzo's and
    Akechi's own Rejects count), or, for Sasuke, by copying a card that has a level. Fuma Kotaro never
    wins.» The rulebook on Fuma: «This card has no way to win the round.» Checked against the rules on
    every round of three where Red lays a character with no level and the others lay any proposal or a
    Reject character, with Red's card of the round before any proposal or none."""
    from pnp.games.samurai_vassal.cards import PROPOSAL_IDS
    from pnp.games.samurai_vassal.rules import decide, profiles

    assert plain("Fuma Kotaro never wins.") in words
    no_level = [c for c in CHARACTER_IDS if CARDS[c].level is None]
    assert set(no_level) == {"sanada-yukimura", "hattori-hanzo", "sarutobi-sasuke", "fuma-kotaro", "akechi-mitsuhide"}
    others = [*PROPOSAL_IDS, "chacha", "akechi-mitsuhide", "kuroda-kanbei"]
    wins = {c: 0 for c in no_level}
    for red in no_level:
        for blue in others:
            for green in others:
                for last in (None, *PROPOSAL_IDS):
                    plays = {"red": red, "blue": blue, "green": green}
                    profiled, _, events = profiles(plays, {"red": last})
                    winners, rule, _together, decided = decide(profiled)
                    copied = next((e.card for e in events if isinstance(e, Copied) and e.player == "red"), None)
                    if "red" not in winners:
                        continue
                    wins[red] += 1
                    by_copy = red == "sarutobi-sasuke" and copied is not None and CARDS[copied].level is not None
                    assert rule == "reject" or by_copy, (plays, last, rule)
    assert wins["fuma-kotaro"] == 0
    assert all(wins[c] > 0 for c in no_level if c != "fuma-kotaro"), wins


def test_the_card_drawn_large_prints_its_own_text_legibly(pdf):  # type: ignore[no-untyped-def]
    """Review 2 of issue 25 (SV 9): the card miniatures show grey bars where the name and effect are, so
    "its name (top right) and its effect (the small text at the bottom)" pointed at nothing readable.
    One Proposal card is drawn large with its four parts named; every line of the card's own text
    prints as text (a figure shrunk below the booklet's least size turns text into bars) at 6 pt or
    more, the effect at its printed size or larger."""
    from pnp.draw.card import card_face

    card = next(c for c in GAME.cards if c.type_id == "war-drills")
    on_card = [s for s in card_face(GAME, card, "en").shapes if isinstance(s, Text)]
    assert len(on_card) >= 5                       # level, trust, name, seat, effect lines, footer
    doc = open_pdf(pdf)
    page = next(p for p in doc if "A Proposal card, War Drills" in " ".join(p.get_text().split()))
    spans = [s for b in page.get_text("dict")["blocks"] for line in b.get("lines", ()) for s in line["spans"]]
    for label in ("Convincing level", "Trust value", "Name", "Effect"):
        assert label in " ".join(page.get_text().split())
    for t in on_card:
        printed = [s for s in spans if s["text"].strip() == t.string.strip()]
        assert printed, f"{t.string!r} is not printed as text"
        assert min(s["size"] for s in printed) >= max(6.0, t.size) - 0.01, (t.string, printed[0]["size"])


def test_a_chain_of_winners_together_is_told_in_one_sentence():  # type: ignore[no-untyped-def]
    """Issue 25: "Red's Nene wins too, with ... Blue's Maeda Toshiie wins too, with ..." told each link as a
    sentence of its own, the same words twice; a chain is one sentence, its links in order."""
    fig = next(f for f in example_figures(GAME, "en", "09-win-together-chain"))
    assert fig.caption.count("wins too") == 1
    chain = re.search(r"Red’s Nene wins too, with Green’s Invasion, a level-5 card, and then Blue’s Maeda Toshiie, "
                      r"with Red’s Nene, a level-2 card\.", fig.caption)
    assert chain, fig.caption


def test_a_copying_sasuke_is_not_named_at_every_step():  # type: ignore[no-untyped-def]
    """Issue 25: "Red's Sarutobi Sasuke copies Invasion ... Red's Sarutobi Sasuke cancels the majority" named
    the card again in the very next sentence; once its copy is told, it is "it"."""
    fig = next(f for f in example_figures(GAME, "en", "06-sasuke-copies"))
    assert "its level and its effects. It cancels the majority, so the highest level, 5, wins: Red." in fig.caption
    assert fig.caption.count("Red’s Sarutobi Sasuke") == 1
    # Kuroda's block switches the copy off: nothing cancels the majority, and no "it" stands for nothing
    blocked = next(f for f in example_figures(GAME, "en", "07-kuroda-blocks-sasuke"))
    assert "It cancels" not in blocked.caption


def test_every_example_draws_its_cards_at_one_size():  # type: ignore[no-untyped-def]
    """A three-seat example drawn as wide as a five-seat one had cards a quarter larger and took more of
    the page: the share of the column each takes is its felt's width at one scale."""
    figures = example_figures(GAME, "en", "")
    scales = {round(f.share / f.scene.width, 6) for f in figures}
    assert len(scales) == 1
    widest = max(figures, key=lambda f: f.scene.width)
    assert widest.share == pytest.approx(0.6)
    assert min(f.share for f in figures) < widest.share          # the narrower felts print narrower


def test_the_aid_gives_each_win_together_card_the_level_it_wins_with():  # type: ignore[no-untyped-def]
    """Review R2-sv 1: "join winners of their level" read as the characters' own level. The rulebook, Asano
    Nagamasa: «If player(s) with convincing level 4 wins, you win together». By hand: Maeda (level 3) wins
    with a 2, Nene (2) with a 5, Asano (2) and Fukushima (3) with a 4; none of them with its own level."""
    from pnp.games.samurai_vassal.cards import WinWith

    aid = " ".join(line for sec in read_toml(GAME.folder / "booklet" / "aid.en.toml")["section"]
                   for line in sec["lines"])
    said = re.search(r"\*\*Win together:\*\* ([^\"]*)", aid)
    assert said, aid
    wants = {"maeda-toshiie": 2, "nene": 5, "asano-nagamasa": 4, "fukushima-masanori": 4}
    for cid, level in wants.items():
        [ww] = [fx for fx in CARDS[cid].effects if isinstance(fx, WinWith)]
        assert ww.level == level and CARDS[cid].level != level
    assert said.group(1).replace("\u00a0", " ").startswith(
        "Maeda with a 2, Nene with a 5, Asano and Fukushima with a 4.")


def test_without_the_party_the_reject_example_is_won_by_the_invasions():  # type: ignore[no-untyped-def]
    """Review R2-sv 11: the Reject example said two Invasions "would make level 5 the majority"; Invasion's
    own text is «the majority does not count this round». By hand, with Red's Party swapped for a War Drills:
    levels 4, 2, 3, 5, 5; Invasion cancels the majority, so the highest, 5, wins: Yellow and Purple."""
    text = (GAME.folder / "examples" / "03-reject.toml").read_text(encoding="utf-8").replace(
        'red = "party"', 'red = "war-drills"').split("expect =")[0]
    t = SamuraiVassal().replay(GAME, text, "03-without-party.toml")
    assert set(t.rounds[0].winners) == {"yellow", "purple"} and t.rounds[0].rule == "highest"
    [fig] = example_figures(GAME, "en", "03-reject")
    assert "they cancel the majority, and 5 is the highest level" in fig.caption
    assert "the majority, but" not in fig.caption


def test_the_fuma_example_does_not_draw_the_card_it_takes_back():  # type: ignore[no-untyped-def]
    """Review R2-sv 2: Fuma takes Red's Surveying back to hand as it is laid (rulebook, Fuma: «return your
    last played card to your hand»); drawn small under Fuma, it read as a card still in front."""
    from pnp.games.samurai_vassal.booklet import _kept
    from pnp.games.samurai_vassal.notation import replay

    path = GAME.folder / "examples" / "08-fuma-against-reject.toml"
    t = replay(GAME, path.read_text(encoding="utf-8"), "08.toml")
    assert _kept({"red": [("surveying", True)], "blue": [], "green": []}, t.rounds[0])["red"] == []
    [fig] = example_figures(GAME, "en", "08-fuma-against-reject")
    assert "As it is laid, Surveying goes back to Red’s hand." in fig.caption


def test_captions_group_and_shorten_what_repeats():  # type: ignore[no-untyped-def]
    """Review R2-sv 3-6: like trust changes are grouped, Strategising is told in full once a walkthrough and
    then short, counts under ten are words, and an example does not name its card twice in a row."""
    _t, rounds = walkthrough(GAME, GAME.folder / "samples" / "four-players.toml", "en")
    said = [r.panels[0].sentence for r in rounds]
    full = [s for s in said if "Strategising included" in s]
    assert len(full) == 1 and "takes all three cards in front, Strategising included, back to Green’s hand" in full[0]
    # round 7 (four-players.toml): Red had Strategising and two cards face down, Green four cards
    assert "Red and Green both lay Strategising: Red takes back three cards and Green four." in said[6]
    assert not any(re.search(r"\ball \d", s) for s in said)
    [majority] = example_figures(GAME, "en", "01-majority")
    assert "Trust: Red, Blue and Green\u00a00\u00a0→\u00a01." in majority.caption
    for name in ("03-reject", "05-kuroda-against-reject", "10-rejected-stays-a-loser", "11-npc-card"):
        [fig] = example_figures(GAME, "en", name)
        assert ", which " in fig.caption and not re.search(r"lays (the )?([A-Z][\w ]+)\. \w+’s \2", fig.caption)
