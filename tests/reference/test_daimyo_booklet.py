"""The Daimyo booklet: start maps, the rulebook's examples drawn from replayed scenarios, the
walkthrough with the map as it changes, every Daimyo ruling in the clarifications."""

import re

import pytest

from pnp.build import Options, build_kit
from pnp.games.daimyo import booklet as ref
from pnp.model import load_game
from pnp.paths import cards_dir
from tests.conftest import MM, open_pdf

GAME = load_game(cards_dir() / "daimyo")


@pytest.fixture(scope="module")
def text():
    kit = {a.name: a for a in build_kit(GAME, Options(only=("booklet",)))}
    doc = open_pdf(kit["daimyo-rules-a5.pdf"].data)
    assert all(abs(p.rect.width / MM - 148) < 0.01 for p in doc)
    assert kit["daimyo-rules-a4-booklet.pdf"].pages == 2 * -(-doc.page_count // 4)
    # running footers ("Daimyo · Rules of play · 9/14") are left out: a page break may fall mid-sentence
    # and typographic apostrophes read back as straight ones, as the sentences below are written
    text = " ".join(" ".join(p.get_text() for p in doc).split()).replace("’", "'")
    return re.sub(r" ?Daimyo · [^·]+ · \d+/\d+ ?", " ", text)


def test_rulebook_examples_appear_with_the_engines_verdict(text):
    assert "Combat: 4 against 3." in text
    assert text.count("Result: green wins by control.") == 3
    assert "Result: the game goes on." in text


def test_walkthrough_follows_the_replayed_sample(text):
    t, rounds = ref.walkthrough(GAME, cards_dir() / "daimyo" / "samples" / "lords-on-the-move.toml", "en")
    for r in t.rounds:
        assert f"Round {r.round}" in text
    assert "Red lifts the empty Han g1 and sets it down elsewhere" in text
    moved = [p for page in rounds for p in page.panels if "lifts the empty Han" in p.sentence]
    assert moved and all(p.scene is not None for p in moved)
    # each panel's map shows the tiles where the engine left them
    for log, page in zip(t.rounds, rounds):
        for step, panel in zip(log.steps, page.panels):
            labels = {s.runs[0].text for s in panel.scene.shapes if hasattr(s, "runs")}
            assert set(step.after["tiles"]) <= labels


def test_clarifications_carry_every_daimyo_ruling(text):
    for ruling in ("Player marks.", "Maps.", "Special Action and Mastery cards",
                   "Control of a Han means only your units"):
        assert ruling in text
    assert "2 players use A1-A6, B1-B4, C1-C2, D1-D2 and E1-E2" in text
    # every Daimyo ruling of RULINGS.md (issue 8), in the project's own words
    for ruling in (
        "Your Daimyo standing alone on a rival Han controls it too, but adds nothing to the 3",   # control
        "A battle's winner keeps its Daimyo.",                                                    # combat
        "a fortified Daimyo alone on its Han that wins its defence stays",
        "An ally's Han is never a rival Han",                                                     # teams
        "Mass Recruitment (F4) brings four new Bushi",
        "the Daimyo's own Han included, which then gets two",
        "the unit you bring to your Daimyo is a whole stack",                                     # Recruitment
        "Strategic Retreat (F6) follows every rule a move follows",
        "never onto the Han barred by the Master of Strategy",                                    # Alternative
        "the order in which you choose them makes no difference",   # order of choices
    ):
        assert ruling in text, ruling
    assert "its Daimyo never goes this way" in text   # the combat section says the same


def test_the_booklet_prints_the_measured_balance_of_both_starts(text):
    """Issue 15: the balanced start against a random deal, as `pnp simulate --save` measured them in
    the game folder (simulation-balanced.toml, simulation-random-deal.toml), each seat's win rate
    with its interval."""
    import tomllib

    names = {"green": "Green clan", "red": "Red clan"}
    for name in ("simulation-balanced", "simulation-random-deal"):
        data = tomllib.loads((cards_dir() / "daimyo" / f"{name}.toml").read_text(encoding="utf-8"))
        seats = [r for r in data["row"] if r["section"] == "seat" and r["measure"] == "win rate"]
        assert len(seats) == 2
        for r in seats:
            line = (f"{names[r['subject']]} {r['value'] * 100:.1f} % ({r['low'] * 100:.1f} %–"
                    f"{r['high'] * 100:.1f} % with 95 % confidence)")
            assert line in text, line
            assert r["n"] == 2000 and text.count("Measured over 2,000 games.") == 2
    assert "pnp simulate" not in text
