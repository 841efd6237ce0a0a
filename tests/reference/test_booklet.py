"""The rules booklet read back from its PDFs: A5 pages, saddle-stitch order, a walkthrough whose
diagrams and sentences come from the replayed sample, every ruling in the clarifications."""

import re

import pytest

from pnp.games.daimyni import booklet as dm
from pnp.games.daimyni import notation
from pnp.games.daimyni.rules import Rules
from pnp.press.booklet import saddle_order
from tests.conftest import MM, build, open_pdf

SAMPLE = "first-blood.toml"


def all_text(doc):
    return "\n".join(p.get_text() for p in doc).replace("’", "'")


def test_a5_pages(kit):
    doc = open_pdf(kit["daimyni-rules-a5.pdf"].data)
    assert doc.page_count >= 10
    for page in doc:
        assert (page.rect.width / MM, page.rect.height / MM) == pytest.approx((148, 210), abs=0.01)


def test_a4_booklet_is_in_saddle_stitch_order(kit):
    n = open_pdf(kit["daimyni-rules-a5.pdf"].data).page_count
    doc = open_pdf(kit["daimyni-rules-a4-booklet.pdf"].data)
    assert doc.page_count == 2 * -(-n // 4)
    for side, (left, right) in zip(doc, saddle_order(n)):
        assert (side.rect.width / MM, side.rect.height / MM) == pytest.approx((297, 210), abs=0.01)
        found = {}
        for _x0, _y0, x1, _y1, word, *_ in side.get_text("words"):
            m = re.fullmatch(r"(\d+)/(\d+)", word)
            if m and int(m.group(2)) == n:
                found["left" if x1 / MM < 148.5 else "right"] = int(m.group(1)) - 1
        # page 0 (the cover) carries no footer; blank padding pages neither
        for half, index in (("left", left), ("right", right)):
            if index is not None and index > 0:
                assert found.get(half) == index, (half, index, found)


def test_walkthrough_diagrams_and_sentences_come_from_the_replayed_sample(kit, game):
    text = all_text(open_pdf(kit["daimyni-rules-a5.pdf"].data))
    t = notation.replay((game.folder / "samples" / SAMPLE).read_text(), Rules(game))
    second = notation.replay((game.folder / "samples" / "flood-and-flight.toml").read_text(), Rules(game))
    steps = sum(len(r.steps) for r in t.rounds) + sum(len(r.steps) for r in second.rounds)
    # every diagram prints the map's labels: setup + the second game's stated start + one per resolved card
    # of the two walkthroughs (the pictures of the board on the cover and in Components are too small for
    # 6 pt labels: they have none)
    assert text.count("a6") == 1 + 1 + steps
    for r in t.rounds:
        assert f"Round {r.round}" in text
    text = " ".join(text.split())
    assert "Red moves 3 Bushi from c3 to d3." in text
    assert ("Combat in d3: 3 Bushi against 1 Bushi. Red wins the fight: the blue Bushi is removed, and Red loses 1, "
            "holding d3 with 2 Bushi.") in text
    # the last card: a tie against the lone Daimyo, told once; the two cards left are named
    assert ("Combat in g4: 1 Bushi against the lone blue Daimyo, a tie: every unit in g4 is removed. The game ends "
            "at once: Red wins. Cards 7 and 15 are never resolved.") in text


def test_each_panel_shows_the_position_after_its_card(game):
    t, rounds = dm.walkthrough(game, game.folder / "samples" / SAMPLE, "en")
    for log, page in zip(t.rounds, rounds):
        assert len(page.panels) == len(log.steps)
        for step, panel in zip(log.steps, page.panels):
            shown = {(cell, s.kind, s.count) for cell, stacks in panel.spec.units.items() for s in stacks}
            want = {(cell, "bushi", n) for clan in ("red", "blue") for cell, n in step.after.bushi[clan].items()}
            want |= {(cell, "daimyo", 1) for cell in step.after.daimyo.values() if cell}
            want |= {(cell, "tanbo", 1) for cell in step.after.tanbo}
            assert shown == want
            moves = [e for e in step.events if e.kind.startswith("move-")]
            assert [(a[0], a[1]) for a in panel.spec.arrows] == [(e["src"], e["dst"]) for e in moves]


def test_clarifications_carry_every_daimyni_ruling(kit):
    text = " ".join(all_text(open_pdf(kit["daimyni-rules-a5.pdf"].data)).split())
    for ruling in ("Deck.", "Card numbers.", "Board.", "Recruit with an empty Bushi area.",
                   "A card that cannot be carried out", "Move Tanbo.", "Combat losses.", "Who decides."):
        assert ruling in text
    assert "6 Move Bushi, 4 Recruit Bushi, 2 Move Daimyo and 2 Move Tanbo, 14 cards" in text  # the printed figure


@pytest.mark.slow
def test_italian_booklet():
    kit = build(lang="it", only=("booklet",))
    text = all_text(open_pdf(kit["daimyni-rules-a5-it.pdf"].data))
    assert "Turno 1" in text and "Chiarimenti" in text and "Primo sangue" in text
    assert "Round 1" not in text and "Clarifications" not in text
