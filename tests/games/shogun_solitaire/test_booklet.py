"""The Shogun Solitaire booklet as a player reads it: the PDF's text read back with PyMuPDF."""

import re
from collections import Counter

import pytest

from pnp.games.interface import Prose, Settings
from pnp.games.shogun_solitaire.booklet import difficulty_rows, walkthrough
from pnp.games.shogun_solitaire.module import ShogunSolitaire
from pnp.reference.booklet import build_booklet
from pnp.reference.flow import A5
from pnp.render.pdf import Page, render_pdf
from tests.conftest import open_pdf
from tests.games.rulings import unsaid

from .helpers import FOLDER, game

DEVELOPER = re.compile(r"\bpnp\b|\.toml\b|\bengine\b|pnp check|\bheuristic\b|\bseed\b|\bpolicy\b", re.I)


def pdf_bytes():
    return render_pdf([Page(A5[0], A5[1], p) for p in build_booklet(game(), "en")], "shogun")


@pytest.fixture(scope="module")
def pages():
    doc = open_pdf(pdf_bytes())
    return [" ".join(p.get_text().split()) for p in doc]


@pytest.mark.slow
def test_every_ruling_is_in_the_printed_clarifications(pages):
    """Every phrase tests/games/rulings.py holds for the game's rulings (checked there against the
    booklet's source) reaches the printed Clarifications."""
    text = " ".join(pages)
    assert not unsaid("shogun-solitaire", "en", text[text.index("Clarifications"):text.index("Walkthrough")])


def test_the_five_rulebook_examples_are_drawn_before_and_after(pages):
    text = " ".join(pages)
    for title in ("A Ninja in the run", "Discard and wait", "A Raid met with the deck", "Envoys leave with a Raid",
                  "A fresh hand"):
        assert f"{title}." in text and f"{title}, after." in text
    assert ("Three Takeda cards in a row, not counting the Ninja: the Takeda port falls and the play area is "
            "cleared.") in text
    assert ("You meet the Raid with the deck: a Takeda Soldier, an Amago Cavalry, a Katō Ninja, an Envoy and a Takeda"
            in text)


def test_the_difficulty_table_prints_every_rank_and_adds_up(pages):
    text = " ".join(pages)
    shares = re.findall(r"(Supreme Shogun|Shogun|Weak Shogun|Total Defeat) \([^)]*objectives\): ([0-9.]+) % of games "
                        r"\(([0-9.]+)–([0-9.]+) %\)", text)
    assert [s[0] for s in shares] == ["Supreme Shogun", "Shogun", "Weak Shogun", "Total Defeat"]
    assert abs(sum(float(s[1]) for s in shares) - 100) < 0.3
    assert all(float(lo) <= float(p) <= float(hi) for _, p, lo, hi in shares)
    assert "played 400 shuffles of this deck, once each, without seeing the deck’s order" in text
    assert "with 95 % confidence" in text
    # the blind baseline: the random policy's mean over the same seeds, as printed
    m = ShogunSolitaire()
    mean = sum(m.play(game(), Settings(1, frozenset(), seed), "random").score for seed in range(1, 401)) / 400
    assert f"with {round(mean, 1)} objectives on average" in text


def _saved_copy(tmp_path, games="40"):
    """A copy of the game whose difficulty simulations were saved by `pnp simulate --save`, as a
    designer would after changing the deck."""
    import shutil
    import subprocess
    import sys

    copy = tmp_path / "shogun-copy"
    shutil.copytree(FOLDER, copy)
    for policy, suffix in (("heuristic", ""), ("random", "-random")):
        subprocess.run([sys.executable, "-m", "pnp.cli", "simulate", str(copy), "--games", games, "--policy", policy,
                        "--workers", "1", "-q", "--save", str(copy / f"simulation-difficulty{suffix}.toml")],
                       check=True, capture_output=True)
    return copy


@pytest.mark.slow
def test_the_difficulty_rows_count_the_games_played(tmp_path):
    from pnp.model import load_game
    copy = _saved_copy(tmp_path)
    m = ShogunSolitaire()
    got = Counter(m.outcome(m.play(game(), Settings(1, frozenset(), seed), "heuristic")) for seed in range(1, 41))
    rows = difficulty_rows(load_game(copy), "en", "")
    for name in ("Supreme Shogun", "Shogun", "Weak Shogun", "Total Defeat"):
        line = next(r for r in rows if r.startswith(f"**{name}**"))
        assert f": {round(100 * got[name] / 40, 1)} % of games" in line
    # issue 25 review (Shogun 9): the method and the blind baseline are paragraphs; only the ranks are bullets
    assert [isinstance(r, Prose) for r in rows] == [True, False, False, False, False, True]
    assert "played 40 shuffles" in rows[0]


def test_a_build_plays_no_game(monkeypatch):
    """Measured data stays data (issue 22): the table comes from the saved files, so a booklet
    build never runs a simulation."""
    import pnp.simulate.run as sim

    def refuse(*_args, **_kwargs):
        raise AssertionError("a build played bot games")

    monkeypatch.setattr(sim, "run", refuse)
    monkeypatch.setattr(sim, "play_chunk", refuse)
    assert any(r.startswith("**Total Defeat**") for r in difficulty_rows(game(), "en", ""))


def test_without_its_saved_simulation_the_booklet_says_how_to_make_it(tmp_path):
    import shutil

    from tests.conftest import run_pnp
    copy = tmp_path / "shogun-copy"
    shutil.copytree(FOLDER, copy)
    (copy / "simulation-difficulty-random.toml").unlink()
    res = run_pnp("build", copy, "-q", "--only", "booklet", "--out", tmp_path / "kit")
    assert res.returncode == 2, res.stderr
    assert "shogun-copy/simulation-difficulty-random.toml: missing: write it with `pnp simulate " in res.stderr
    assert ("shogun-copy --games 400 --policy random --save shogun-copy/simulation-difficulty-random.toml`"
            in res.stderr)


def test_the_walkthrough_replays_its_sample_and_shows_each_step(pages):
    t, rounds = walkthrough(game(), FOLDER / "samples" / "raid-and-ronin.toml", "en")
    assert [r.round for r in rounds] == list(range(1, 10))
    first = rounds[0].panels[0].spec             # a Ninja discarded: its four cards are drawn in a row of their own
    assert first.shown == ["kato-soldier", "assassin", "kato-samurai", "kato-samurai"]
    assert rounds[0].panels[1].spec.shown == []
    last = rounds[-1].panels[-1].spec
    assert sorted(last.hand) == sorted(t.state.hand) and last.score == t.state.score == 7
    text = " ".join(pages)
    for n in range(1, 10):
        assert f"Turn {n}" in text
    assert ("You play the Fleet, named as an Amago Soldier. Three Amago cards in a row: the Amago village "
            "falls and the play area is cleared.") in text
    assert "You choose to give back the Hōjō port counter, which returns to its board." in text
    # the designer's notes of the sample print beside their rounds
    assert text.count("Note.") == 6 and "Designer" not in text
    assert "the draw right after a Ninja is never struck" in text


def test_the_diagrams_keep_their_kanji_legible(pages):
    # a card drawn too small for its kanji would print a bar instead: the walkthrough pages read back
    # the kanji of the cards they show (the first two turns, on one page or two)
    page = " ".join(p for p in pages if "Turn 1 " in p or "Turn 2 " in p)
    assert page.count("騎") >= 6 and "侍" in page and "襲" in page


def test_no_developer_words_and_typographic_quotes(pages):
    text = " ".join(pages)
    assert not sorted({m.group(0) for m in DEVELOPER.finditer(text)})
    assert "'" not in text and '"' not in text


@pytest.mark.slow
def test_same_definitions_same_booklet_bytes():
    assert pdf_bytes() == pdf_bytes()


def _diagram_above(page, caption: str):
    """The kanji rows and the dashed strokes of the diagram printed above `caption` on `page` (the
    same half of the page, between the caption and the block above it): rows top first, each the
    texts left to right."""
    spans = [s for b in page.get_text("dict")["blocks"] for ln in b.get("lines", []) for s in ln["spans"]]
    cap = next(s for s in spans if caption in s["text"])
    left = cap["bbox"][0] < page.rect.width / 2

    def here(x0: float, y1: float) -> bool:
        return (x0 < page.rect.width / 2) == left and cap["bbox"][1] - 130 < y1 < cap["bbox"][1]

    kanji = [s for s in spans if here(s["bbox"][0], s["bbox"][3]) and "Gothic" in s["font"]]
    rows: dict[float, list[tuple[tuple[int, float], str]]] = {}
    for s in sorted(kanji, key=lambda s: s["bbox"][1]):      # a card's marks lie within 20 pt of its top
        top = next((y for y in rows if s["bbox"][1] - y < 20), s["bbox"][1])
        centre = round((s["bbox"][0] + s["bbox"][2]) / 16)      # a card's marks share its centre
        rows.setdefault(top, []).append(((centre, s["bbox"][1]), s["text"]))
    dashed = [d for d in page.get_drawings() if here(d["rect"].x0, d["rect"].y1)
              and d.get("dashes") not in (None, "", "[] 0")]
    return [[t for _, t in sorted(r)] for _, r in sorted(rows.items())], dashed, min(s["size"] for s in kanji)


@pytest.mark.parametrize(("caption", "run"), [
    # raid-and-ronin, turn 3: "row = amago-soldier, amago-cavalry", then "play fleet as amago-soldier"
    ("You play the Fleet, named", ["兵", "騎", "艦隊", "＝兵"]),
    # turn 6: takeda-cavalry (turn 4), takeda-soldier (turn 5), then "play takeda-leader as cavalry"
    ("Leader, named as a Takeda Cavalry", ["騎", "兵", "将", "＝騎"]),
])
def test_a_seize_shows_the_run_that_made_it_with_the_wild_framed_dashed(caption, run):
    """Rules p. 3: "When a run holds three cards that are not Ninjas, that clan seizes", and after it
    "every card in the play area leaves the game": the step's diagram shows the run at that moment,
    the wild with the dashed frame the legend promises, every mark at 6 pt or more."""
    doc = open_pdf(pdf_bytes())
    page = next(p for p in doc if caption in p.get_text() and "Turn" in p.get_text())
    rows, dashed, least = _diagram_above(page, caption)
    assert rows[0] == run
    assert dashed, "the wild in the run has no dashed frame"
    assert least >= 6 - 1e-6


def test_a_clan_card_in_a_diagram_carries_its_clans_mon():
    """Review 2 of issue 25: clans were told apart by colour alone (Takeda blue beside Amago purple; Hōjō red
    and Katō green to a red-green colour-blind reader). A clan card, and a wild named as a clan's card, carry
    that clan's mon; a card of no clan (an enemy, an Envoy, a Fleet in hand) carries none."""
    from pnp.draw.shapes import Group
    from pnp.games.shogun_solitaire.booklet import Cards

    cards = Cards(game(), "en")

    def mons(name: str) -> int:          # the mon is the one picture (a group of paths) on a diagram card
        return sum(isinstance(s, Group) for s in cards(name).shapes)

    for name in ("hojo-soldier", "takeda-ninja", "kato-samurai", "amago-cavalry", "fleet as takeda-soldier"):
        assert mons(name) == 1, name
    for name in ("raid", "assassin", "ronin", "envoy", "fleet"):
        assert mons(name) == 0, name


def test_the_walkthrough_draws_its_mid_game_start_before_turn_1():
    """samples/raid-and-ronin.toml starts "Mid-game" from its [position]: row = amago-soldier,
    amago-cavalry; hand = amago-cavalry, takeda-ninja, amago-cavalry, takeda-cavalry, takeda-leader.
    Before Turn 1 the booklet draws that play area (兵 騎) over that hand (three 騎, 忍者, 将)."""
    doc = open_pdf(pdf_bytes())
    caption = "The position this game starts from"
    page = next(p for p in doc if caption in p.get_text())
    cap = page.search_for(caption)[0]
    spans = [s for b in page.get_text("dict")["blocks"] for ln in b.get("lines", []) for s in ln["spans"]]
    assert all(s["bbox"][1] > cap.y1 for s in spans if s["text"].strip() == "Turn 1"), "Turn 1 comes before it"
    legend = page.search_for("How to read the diagrams")
    top = legend[0].y0 if legend else 0.0
    kanji = sorted((s for s in spans if "Gothic" in s["font"] and top < s["bbox"][1] < cap.y0
                    and s["bbox"][1] > max((r.y1 for r in page.search_for("out of twelve.")), default=top)),
                   key=lambda s: (s["bbox"][1], s["bbox"][0]))
    rows: dict[float, list[str]] = {}
    for s in kanji:                 # a card's marks lie within 20 pt of its top
        row = next((y for y in rows if s["bbox"][1] - y < 20), s["bbox"][1])
        rows.setdefault(row, []).append(s["text"].strip())
    play, hand = (r for _, r in sorted(rows.items()))
    assert play == ["兵", "騎"]
    assert sorted(hand) == sorted(["騎", "騎", "騎", "忍", "者", "将"])     # 忍者 is set one kanji over the other


@pytest.mark.parametrize(("caption", "discarded", "aside"), [
    # Rules: a Raid met with the deck sends the deck's top five Shogun and Envoy cards to the discard pile;
    # an enemy found among them is set aside and shuffled back. examples/raid-with-deck.toml: under the Raid
    # lie Takeda Soldier, Amago Cavalry, the Assassin, Katō Ninja, Envoy, Takeda Cavalry.
    ("A Raid met with the deck, after.", ["襲", "兵", "騎", "忍者", "使節", "騎"], ["刺客"]),
    # a Raid met with the hand: the two Envoys, Hōjō Ninja and Amago Soldier are discarded with the Raid;
    # the Ronin drawn while refilling waits aside
    ("Envoys leave with a Raid, after.", ["襲", "使節", "使節", "忍者", "兵"], ["浪人"]),
])
def test_set_aside_cards_are_parted_from_the_discarded_by_a_sign(caption, discarded, aside):
    """Review 2 of issue 25 (p. 8): the set-aside Assassin sat among the discarded cards, though it goes
    back into the deck and they do not, told apart only by the caption. The "after" diagram's last row
    now holds the discarded cards, then a ↺ (the legend's sign for "shuffled back"), then the cards set
    aside; the ↺ prints at 6 pt or more."""
    doc = open_pdf(pdf_bytes())
    page = next(p for p in doc if caption in " ".join(p.get_text().split()))
    rows, _dashed, _least = _diagram_above(page, caption)
    # a two-kanji type is set in a column, one character a span
    assert "".join(rows[-1]) == "".join(discarded + aside)
    spans = [s for b in page.get_text("dict")["blocks"] for line in b.get("lines", ()) for s in line["spans"]]
    cap = next(s for s in spans if caption.rstrip(".") in s["text"])
    left = cap["bbox"][0] < page.rect.width / 2

    def here(s):
        return (s["bbox"][0] < page.rect.width / 2) == left and cap["bbox"][1] - 130 < s["bbox"][3] < cap["bbox"][1]

    marks = [s for s in spans if s["text"].strip() == "↺" and here(s)]
    assert len(marks) == 1 and marks[0]["size"] >= 6.0
    mark = marks[0]["bbox"]
    # on the last row, after every discarded card and before the one set aside
    row = [s for s in spans if here(s) and "Gothic" in s["font"] and s["bbox"][1] < mark[3] and s["bbox"][3] > mark[1]]
    before = [s["text"] for s in sorted(row, key=lambda s: s["bbox"][0]) if s["bbox"][2] <= mark[0]]
    after = [s["text"] for s in sorted(row, key=lambda s: s["bbox"][0]) if s["bbox"][0] >= mark[2]]
    assert after and "".join(after) == "".join(aside)[:len("".join(after))]
    assert set(before) <= set("".join(discarded)) and before
    assert "then, after a ↺, the enemies set aside" in " ".join(" ".join(p.get_text().split()) for p in doc)


def _rgb(colour: str) -> tuple[float, ...]:
    return tuple(round(int(colour[i:i + 2], 16) / 255, 2) for i in (1, 3, 5))


def test_the_mon_prints_large_enough_to_tell_the_clan_by_its_shape():
    """Review 3 of issue 25: the mon on the diagrams' cards printed 3-4 pt across, too small to tell Hōjō's
    scales from Katō's ring when the colours fail. Read back from the printed booklet: on every diagram card
    of a clan, the mon (its outer ring: a filled round path in the clan's colour in the card's top left
    corner) is at least 6 pt across, on the pages that print the diagrams smallest too."""
    clans = game().clans.values()
    tints, inks = {_rgb(c.tint) for c in clans}, {_rgb(c.colour) for c in clans}
    widths, checked = [], 0
    for n, page in enumerate(open_pdf(pdf_bytes())):
        drawn = page.get_drawings()
        rounded = [d for d in drawn if d.get("fill") and tuple(round(x, 2) for x in d["fill"]) in inks
                   and abs(d["rect"].width - d["rect"].height) < 0.3]
        for card in drawn:
            r = card["rect"]
            if not (card.get("fill") and tuple(round(x, 2) for x in card["fill"]) in tints
                    and 10 < r.width < 30 and abs(r.width / r.height - 20 / 28) < 0.02):
                continue
            corner = [d["rect"].width for d in rounded if r.x0 <= d["rect"].x0 < r.x0 + r.width / 2
                      and r.y0 <= d["rect"].y0 < r.y0 + r.height / 3]
            checked += 1
            widths.append((max(corner, default=0.0), n + 1, round(r.width, 1)))
    assert checked > 100           # the walkthrough and the five examples: hundreds of clan cards
    assert min(widths)[0] >= 6.0, f"(mon width, page, card width) {min(widths)}: under 6 pt"


def test_the_ninjas_two_kanji_print_under_its_mon(pages):
    """Two kanji under a mon must stay over the booklet's least legible size, or they print as a bar: the
    examples' page with the Raid met with the deck reads back 忍者 for each of its Ninjas."""
    page = next(p for p in pages if "A Raid met with the deck." in p)
    assert page.count("忍") >= 3 and page.count("者") >= 3


def test_cards_are_named_as_a_person_would():
    """Issue 25, review 3: "You draw Envoy." read like a log. A card new to the reader takes "a"/"an", one
    already met takes "the", a card the deck holds once (each clan's Leader) always "the"; a hand's cards
    are counted wherever they stand, a Ninja's revealed cards keep their order (top first)."""
    from pnp.games.shogun_solitaire.booklet import Say

    say = Say(game(), "en")
    assert say("events", "drew", cards=say.cards(["envoy", "kato-leader", "envoy", "amago-ninja"], "a",
                                                 ordered=False), n=4, aside="", n_aside=0) == (
        "You draw two Envoys, the Katō Leader and an Amago Ninja.")
    assert say.cards(["raid", "raid", "envoy"], "the") == "the two Raids and the Envoy"
    assert say.cards(["envoy", "fleet", "envoy"], "the") == "the Envoy, the Fleet and the Envoy"
    assert say("events", "aside", cards=say.cards(["assassin"], "the"), n=1).startswith("The Assassin is set aside")
    assert say.cards(["hojo-samurai"]) == "Hōjō Samurai"       # after "Your": no article


def test_the_clarified_runs_seize_as_the_engine_plays_them(pages):
    """Issue 25 review (Shogun 1): the Clarifications said Soldier, Ninja, Soldier of one clan seizes, but the
    rulebook asks for «three non-Ninja cards». Each run the printed entry names is played out, in one clan, after
    an empty play area; the printed verdict (seizes / seizes nothing) must be the engine's."""
    from .helpers import at, run

    text = " ".join(pages)
    entry = text[text.index("Types only matter between neighbours."):]
    entry = entry[:entry.index("After a seize")]
    said = re.findall(r"((?:(?:Cavalry|Soldier|Ninja), )+(?:Cavalry|Soldier|Ninja))(?: of one clan| alone)[^:.]*?"
                      r"(seizes nothing|seizes)", entry)
    assert said, entry
    for run_, verdict in said:
        cards = [f"amago-{k.lower()}" for k in run_.split(", ")]
        s = at([cards[-1]] + ["envoy"] * 4, ["kato-cavalry", "kato-soldier"] * 3, row=cards[:-1])
        run(s, f"play {cards[-1]}")
        assert (s.held["amago"] == {0}) == (verdict == "seizes"), (run_, verdict)


def test_each_section_shows_the_cards_it_explains_beside_its_text(pages):
    """Issue 25 review (Shogun 12): the ten-card gallery ran over two pages, its heading followed by pictures
    alone. Each section now shows its own cards (`@cards kanji TYPE ...`) on the page of its first rule."""
    powers = next(p for p in pages if "Card powers" in p)
    assert all(f"{name} {kanji}" in powers for name, kanji in
               [("Leader", "将"), ("Fleet", "艦隊"), ("Samurai", "侍"), ("Ninja", "忍者"), ("Cavalry", "騎"),
                ("Soldier", "兵")])
    assert "A wild card of its own clan" in powers and "Raid 襲" not in powers
    enemies = next(p for p in pages if "Enemies and Envoys An enemy" in p or "Enemies and Envoys Raid" in p)
    assert all(x in enemies for x in ("Raid 襲", "Assassin 刺客", "Ronin 浪人", "Envoy 使節", "Choose one"))


def test_an_unknown_card_type_in_the_cards_directive_is_named(tmp_path):
    import shutil

    from pnp.errors import DefinitionError
    from pnp.model import load_game

    copy = tmp_path / "shogun-solitaire"
    shutil.copytree(FOLDER, copy)
    rules = copy / "booklet" / "rules.en.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("@cards kanji raid", "@cards kanji raids"),
                     encoding="utf-8")
    with pytest.raises(DefinitionError) as exc:
        build_booklet(load_game(copy), "en")
    assert "'raids': not a card type of this deck" in str(exc.value) and "rules.en.md" in str(exc.value)


def test_the_measured_figures_stay_in_one_box_on_one_page(pages):
    """Issue 25 review (Shogun 9): the method is a sentence of its own, and the box it opens is not split from
    the figures it explains."""
    page = next(p for p in pages if "How hard is it?" in p and "Method:" in p)
    assert "Total Defeat (8 or fewer objectives)" in page and "your choices matter" in page


def test_components_name_the_card_face_shown_and_the_player_aid(pages):
    page = next(p for p in pages if p.startswith("Components"))
    assert "A card face (Hōjō Leader); the deck holds 97 cards" in page
    assert "a player aid card" in page
    aid = pages[-1]
    assert "Enemies and Envoys" in aid and "Rank, by objectives held • 12 Supreme Shogun" in aid
    assert aid.index("Rank,") > aid.index("Deck: 97 cards")


def test_an_enemy_drawn_in_place_of_a_card_is_told_as_that_draw(pages):
    """Review R2 (Shogun item 1): "You discard the Amago Cavalry. The Raid strikes." named a Raid the
    reader had not seen drawn. Rules: after a single play or discard you draw one card, and an enemy
    drawn then «strikes at once». The walkthrough's turn 2 discards the Amago Cavalry and draws a Raid."""
    text = " ".join(pages)
    assert "You discard the Amago Cavalry and draw a Raid, which strikes at once." in text
    assert "The Raid strikes." not in text and "The Ronin strikes." not in text


def test_a_section_named_with_a_page_is_on_that_page(pages):
    """Review R2 (Shogun item 7): a section's title run into a sentence is quoted and given its page."""
    refs = re.findall(r"“([^”]+)”, p\. (\d+)", " ".join(pages))
    assert len(refs) >= 2
    for title, page in refs:
        there = pages[int(page) - 1]
        # the heading itself, not only another quoted mention of it
        assert there.count(title) > there.count(f"“{title}”"), (title, page)


def test_example_panels_share_one_card_size_and_ring_the_card_played():
    """Review R2 (Shogun items 5, 6): the examples' cards changed size from pair to pair, and the two
    Raid examples' "after" panels did not ring the card played before the Raid. Each example's before
    and after now have one width (one card size), and every "after" whose steps play a card (all but
    "A fresh hand", which discards the whole hand) rings exactly one card in gold."""
    from pnp.draw.shapes import Rect
    from pnp.draw.table import MARK
    from pnp.games.shogun_solitaire.booklet import example_figures
    figures = example_figures(game(), "en")
    assert len(figures) == 10 and len({round(f.scene.width, 3) for f in figures}) == 1
    for f in figures[1::2]:
        rings = [s for s in f.scene.shapes if isinstance(s, Rect) and s.style.stroke == MARK]
        assert len(rings) == (0 if f.caption.startswith("**A fresh hand") else 1), f.caption[:40]
