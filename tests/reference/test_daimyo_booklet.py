"""The Daimyo booklet: start maps, the rulebook's examples drawn from replayed scenarios, the
walkthrough with the map as it changes, every Daimyo ruling in the clarifications."""

import math
import re

import pytest

from pnp.build import Options, build_kit
from pnp.games.daimyo import booklet as ref
from pnp.model import load_game
from pnp.paths import cards_dir
from tests.conftest import MM, open_pdf

GAME = load_game(cards_dir() / "daimyo")


@pytest.fixture(scope="module")
def kit():
    return {a.name: a for a in build_kit(GAME, Options(only=("booklet",)))}


@pytest.fixture(scope="module")
def doc(kit):
    return open_pdf(kit["daimyo-rules-a5.pdf"].data)


@pytest.fixture(scope="module")
def text(kit, doc):
    assert all(abs(p.rect.width / MM - 148) < 0.01 for p in doc)
    assert kit["daimyo-rules-a4-booklet.pdf"].pages == 2 * -(-doc.page_count // 4)
    # running footers ("Daimyo · Rules of play · 9/14") are left out: a page break may fall mid-sentence
    # and typographic apostrophes read back as straight ones, as the sentences below are written
    text = " ".join(" ".join(p.get_text() for p in doc).split()).replace("’", "'")
    return re.sub(r" ?Daimyo · [^·]+ · \d+/\d+ ?", " ", text)


def test_rulebook_examples_appear_with_the_engines_verdict(text):
    """Each verdict is the engine's, told once: the descriptions set the scene and no longer state it
    (the rulebook: 4 against 3, both sides remove 3 and red keeps 1; 3 Bushi on Han of every rival clan
    win at the end of the round; 2 do not). The win is told by the Han it rests on, per position."""
    assert "A combat, before. Red's 4 Bushi on n2 attack the 3 green Bushi that hold the neutral Han n1." in text
    assert "After. Red wins the fight: the 3 green Bushi are removed, and Red loses 3 of its own, keeping 1 on n1." \
        in text
    # the example maps (examples/victory-*.toml): r1 + r2 for 2 players; r1 + y1 for 3; r1, y1, b1 for 4
    for held in ("r1 (1 Bushi) and r2 (2 Bushi): 3 Bushi on red Han",
                 "r1 (2 Bushi) and y1 (1 Bushi): 3 Bushi on red and yellow Han",
                 "r1 (1 Bushi), y1 (1 Bushi) and b1 (1 Bushi): 3 Bushi on red, yellow and blue Han"):
        assert f"At the end of the round Green holds {held}, so Green wins." in text, held
    # the position that wins nothing (examples/no-victory-3-players.toml, [end] ongoing: the engine's verdict)
    # says so once, in its title, and comes after the 3-player victory it is the counter-example of
    nothing = "Not yet a victory, 3 players. Green holds a red Han and a yellow Han with a single Bushi on each: " \
              "every rival clan, but only 2 Bushi in all."
    assert nothing in text
    follows = text[text.index(nothing) + len(nothing):][:60]
    assert "win" not in follows and "goes on" not in follows, follows
    assert text.index("Victory by control, 3 players.") < text.index(nothing)
    assert "Result:" not in text


def test_walkthrough_follows_the_replayed_sample(text):
    t, rounds = ref.walkthrough(GAME, cards_dir() / "daimyo" / "samples" / "lords-on-the-move.toml", "en")
    for r in t.rounds:
        assert f"Round {r.round}" in text
    assert "Red lifts the empty Han g1 and sets it down beside r3 (dashed: where g1 was)" in text
    # the opening hands of the sample's shuffled deal (seed 181), so every card played can be checked
    assert ("Dealt at random: Green A1, A2, A4, B1, B4, C2, D1, E1; Red A3, A5, A6, B2, B3, C1, D2, E2.") in text
    # how the reserves come back is told once (round 2), then only what came back
    assert text.count("Before the reveal each player takes back") == 1 and text.count("Taken back:") == 2
    # round 4: the attack told with the sides once, then its outcome; the win by the Han it rests on
    assert ("Red moves 3 Bushi from n2 to g2, against 1 green Bushi. Red wins the fight: the green Bushi is "
            "removed, and Red loses 1 of its own, keeping 2 on g2.") in text
    assert "Red holds g1 (its Daimyo and 1 Bushi) and g2 (2 Bushi): 3 Bushi on green Han, so Red wins." in text
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
        "A Han of your ally's colour is never a rival Han",                                       # teams
        "Mass Recruitment (F4) brings up to four new Bushi",
        "your Daimyo's Han too if it is one of them (so it gets two)",
        "you choose which of the other Han get the ones left",
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
            # the method above says what the brackets hold, so a line gives only the figures
            line = f"{names[r['subject']]} {r['value'] * 100:.1f} % ({r['low'] * 100:.1f} %–{r['high'] * 100:.1f} %)"
            assert line in text, line
            assert r["n"] == 2000 and text.count("Measured over 2,000 games.") == 2
    assert "pnp simulate" not in text


# The rulebook's balanced-start tables (seed 000, "Balanced game start"), typed from the rulebook so the
# printed table, made from cards.toml's seat marks, is checked against the source and not against itself.
RULEBOOK_DEAL = {
    2: ["A1, A4, A6, B2, B3, C2, D1, E2", "A2, A3, A5, B1, B4, C1, D2, E1"],
    3: ["A1, A6, A9, B3, B5, C3, D2, E1", "A2, A4, A8, B2, B4, C2, D1, E3", "A3, A5, A7, B1, B6, C1, D3, E2"],
    4: ["A1, A8, A12, B4, B6, C4, D3, E2", "A2, A7, A11, B3, B5, C1, D4, E3", "A3, A5, A10, B2, B7, C2, D1, E4",
        "A4, A6, A9, B1, B8, C3, D2, E1"],
}


def section(text: str, title: str, after: str) -> str:
    start = text.index(title)
    return text[start:text.index(after, start)]


def test_the_balanced_start_tables_are_the_rulebooks(doc):
    """One table under "Balanced start", read back row by row from where its words print: the player
    count named once per group, then a row per seat (review R-daimyo-shogun, item 8: nine bullets read
    as nine more advanced rules)."""
    clans = ["Green", "Red", "Yellow", "Blue"]
    page = next(p for p in doc if "Cards dealt" in p.get_text())
    head = page.search_for("Cards dealt")[0]
    lines: dict[float, list] = {}
    for sp in spans(page):
        if sp["bbox"][1] > head.y1 and sp["text"].strip():
            lines.setdefault(round(sp["origin"][1], 1), []).append(sp)
    table, players = {}, None
    for y in sorted(lines):
        cells = [sp["text"].strip() for sp in sorted(lines[y], key=lambda sp: sp["bbox"][0])]
        if cells[0].endswith(" players"):
            players = int(cells.pop(0).split()[0])
        if len(cells) == 2 and cells[0].startswith("Player "):
            table.setdefault(players, []).append(cells)
    assert sorted(table) == sorted(RULEBOOK_DEAL)
    for players, seats in RULEBOOK_DEAL.items():
        assert table[players] == [[f"Player {seat} ({clans[seat - 1]})", cards] for seat, cards in enumerate(seats, 1)]
    # the table belongs to the rule above it, and no seat line is a bullet of its own
    assert page.search_for("Balanced start.")[0].y1 < head.y0
    assert "• 2 players" not in " ".join(page.get_text().split())


def test_every_advanced_card_has_its_own_entry(text):
    """Issue 25: every Special Action and Mastery card of cards.toml is explained in its section, under
    its own bold title, with when it acts; the two-at-once rule is said."""
    specials = section(text, "Special Action cards With this advanced rule", "Mastery cards With this")
    masteries = section(text, "Mastery cards With this advanced rule", "Clarifications")
    kinds = {c.type_id: c for c in GAME.cards}.values()
    special = [c for c in kinds if c.type.letter == "F"]
    mastery = [c for c in kinds if c.type.deck == "mastery"]
    assert len(special) == 8 and len(mastery) == 8   # the rulebook's counts
    for c in special:
        assert f"{c.type.title['en']} ({c.label})." in specials, c.label
    for c in mastery:
        assert f"{c.type.title['en']} ({c.type.subtitle['en']})." in masteries, c.type_id
    assert "If you hold two, you may lay both in the same round." in specials
    assert "F1 first and F8 last" in specials
    for when in ("At the start of each round, before anyone lays cards",            # Strategy
                 "After the last card of the round has resolved and before the cards go to the reserves",
                 "Whenever your units defend", "Whenever your units attack"):
        assert when in masteries, when


def test_each_card_example_is_a_checked_position_drawn_after_its_card():
    """The maps under the advanced cards are examples/ files the engine replays (their `expect` met):
    each shows the map right after the card it is about, with that card's pieces marked."""
    from pnp.games.daimyo import cardfigures, maps, notation
    from pnp.games.daimyo.module import check_file

    source = (cards_dir() / "daimyo" / "booklet" / "rules.en.md").read_text(encoding="utf-8")
    named = [n for line in source.splitlines() if line.startswith("@card-examples ") for n in line.split()[1:]]
    assert len(named) == 13
    for name in named:
        path = cards_dir() / "daimyo" / "examples" / f"{name}.toml"
        result = check_file(GAME, path, path.name)
        assert result.ok and result.transcript.expectations > 0, result.line
    figures = cardfigures.card_figures(GAME, "en", " ".join(named))
    assert [f.caption.split(".")[0].strip("*") for f in figures][:2] == ["Alternative (F1)", "Ninja Attack (F2)"]
    # Ninja Attack: red had 5 with its Daimyo on r3 after two recruits; 2 are drawn as ghosts, 3 stay
    t = notation.replay((cards_dir() / "daimyo" / "examples" / "special-f2-ninja-attack.toml")
                            .read_text(encoding="utf-8"), GAME)
    before, after, events = cardfigures.focus(GAME, t.rounds[0])
    assert before["bushi"]["red"]["r3"] == 5 and after["bushi"]["red"]["r3"] == 3
    spec = maps.spec_of(GAME, after)
    cardfigures.mark(GAME, spec, events)
    assert [s.count for s in spec.losses["r3"]] == [2]


def test_two_han_moves_are_drawn_as_one_arrow_to_a_han_a_single_step_cannot_reach():
    """Review R-daimyo-shogun, item 9: the Master of Cavalry and Master of Movement examples end two
    Han from where they start (n2 was next to g1 already), and each move is one line through the Han
    it passes, with one head."""
    from pnp.games.daimyo import cardfigures, maps, notation
    from pnp.hexgrid import distance

    for name in ("mastery-cavalry", "mastery-movement"):
        t = notation.replay((cards_dir() / "daimyo" / "examples" / f"{name}.toml").read_text(encoding="utf-8"), GAME)
        before, after, events = cardfigures.focus(GAME, t.rounds[0])
        spec = maps.spec_of(GAME, after)
        cardfigures.mark(GAME, spec, events)
        assert spec.arrows == [] and len(spec.routes) == 1, name
        (src, via, dst), _colour = spec.routes[0]
        tiles = before["tiles"]
        assert distance(tiles[src], tiles[via]) == distance(tiles[via], tiles[dst]) == 1
        assert distance(tiles[src], tiles[dst]) == 2, name


def test_the_masters_of_strategy_and_diplomacy_print_side_by_side_at_one_height():
    """Review item 15: their captions start level, so the two maps are drawn to the same frame (the
    Han Diplomacy moves stays within the map's outline)."""
    figures = cardfigures_of("mastery-strategy mastery-diplomacy")
    (a, b) = [f.scene for f in figures]
    assert math.isclose(a.height / a.width, b.height / b.width)


def cardfigures_of(names):
    from pnp.games.daimyo import cardfigures

    return cardfigures.card_figures(GAME, "en", names)


def test_an_example_name_that_is_not_a_file_is_refused():
    from pnp.errors import DefinitionError
    from pnp.games.daimyo import cardfigures

    with pytest.raises(DefinitionError, match=r"rules\.en\.md: @card-examples: '\.\./samples/two-clans': expected the "
                                              "name of a file in examples/"):
        cardfigures.card_figures(GAME, "en", "../samples/two-clans")
    with pytest.raises(DefinitionError, match=r"@card-examples: 'no-such-example': there is no .*\.toml"):
        cardfigures.card_figures(GAME, "en", "no-such-example")


def test_clarifications_speak_to_players_not_of_engine_defaults(text):
    clarifications = section(text, "Clarifications The original rulebook", "Walkthrough")
    for leak in ("when the player does not name one", "name them in any order", "lowest-numbered"):
        assert leak not in clarifications, leak


def test_measured_balance_has_its_own_section_with_its_method(text):
    advanced = section(text, "Advanced rules Each advanced rule", "How balanced is it?")
    assert "Measured over" not in advanced and "%" not in advanced
    measured = section(text, "How balanced is it?", "Special Action cards With")
    assert "These figures are measurements, not rules. Method:" in measured
    assert "played both clans of two-player games" in measured and "95 % confidence" in measured
    assert measured.count("95 % confidence") == 1 and "every game was played to a win" in measured


HAN = re.compile(r"n1[0-2]|n[1-9]|[grby][1-3]")


def spans(page):
    return [s for b in page.get_text("dict")["blocks"] for ln in b.get("lines", []) for s in ln["spans"]]


def han_labels(page, top=0.0, bottom=1e9, left=0.0, right=1e9):
    """{Han name: its type size} for the Han labels printed in the box (a label under 6 pt would be
    drawn as a bar, so a label too small to read is missing here)."""
    return {s["text"].strip(): s["size"] for s in spans(page)
            if HAN.fullmatch(s["text"].strip()) and top < s["bbox"][1] < bottom and left <= s["bbox"][0] < right}


def test_no_han_label_in_any_diagram_prints_under_7_pt(doc):
    """Every Han name printed in the booklet, the walkthrough's small maps included (two to a row, framed
    round the whole game's map), is 7 pt or more: they printed at 6.6 pt, readable only up close."""
    sizes = {(n, name): size for n, page in enumerate(doc, 1) for name, size in han_labels(page).items()}
    assert sizes
    small = {k: round(v, 2) for k, v in sizes.items() if v < 7 - 1e-6}
    assert not small, f"(page, Han): size under 7 pt {small}"
    walkthrough = next(n for n, page in enumerate(doc, 1) if "Walkthrough: " in page.get_text())
    assert any(n >= walkthrough for n, _ in sizes), "the walkthrough's maps print their Han names"


def test_the_4_player_maps_print_every_han_name_large_enough_to_read(doc):
    """maps.toml's 4-player map: every Han on it named on the setup page and in the victory example, at
    8 pt or more (the 2-player map prints its names at about 9 pt)."""
    four = next(m for m in GAME.maps.maps if m.players == 4)
    # the rules: "n1 to n12 for the neutral Han, and g, r, y, b with 1 to 3 for the ... Han"
    names = {f"n{i}" for i in range(1, len(four.neutral) + 1)} | {f"{c}{i}" for c in "gryb" for i in (1, 2, 3)}
    for caption in ("4 players: Green, Red, Yellow, Blue", "Victory by control, 4 players."):
        page = next(p for p in doc if caption in " ".join(p.get_text().split()))
        cap = page.search_for(caption.split(":")[0].rstrip("."))[0]
        shown = han_labels(page, cap.y0 - 260, cap.y0)
        assert names <= set(shown), caption
        assert min(shown[n] for n in names) >= 8 - 1e-6, caption


def units_by_han(page, top, bottom, left, right):
    """The unit marks (Bushi counts, D) in the box, by the Han whose label is printed just above them."""
    here = [s for s in spans(page) if top < s["bbox"][1] < bottom and left <= s["bbox"][0] < right]
    labels = [s for s in here if HAN.fullmatch(s["text"].strip())]
    out: dict[str, list[str]] = {}
    for s in here:
        mark = s["text"].strip()
        if mark != "D" and not mark.isdigit():
            continue
        cx = (s["bbox"][0] + s["bbox"][2]) / 2
        han = min((lb for lb in labels if 3 < s["bbox"][1] - lb["bbox"][1] < 20),
                  key=lambda lb: abs((lb["bbox"][0] + lb["bbox"][2]) / 2 - cx))
        out.setdefault(han["text"].strip(), []).append(mark)
    return {h: sorted(v) for h, v in out.items()}


def test_the_combat_example_is_drawn_before_and_after(doc):
    """Rulebook combat example (examples/combat.toml): 4 red Bushi on n2 enter n1, held by 3 green Bushi;
    "both sides remove 3". Before: n2 red 4, n1 green 3. After: n1 red 1, n2 empty."""
    page = next(p for p in doc if "A combat, before" in " ".join(p.get_text().split()))
    before = page.search_for("A combat, before")[0]
    after = next(r for r in page.search_for("After. Red wins the fight") if abs(r.y0 - before.y0) < 2)
    assert after.x0 > before.x1, "the two diagrams stand side by side, before on the left"
    was = units_by_han(page, before.y0 - 200, before.y0, 0, after.x0 - 2)
    now = units_by_han(page, after.y0 - 200, after.y0, after.x0 - 2, 1e9)
    assert was["n2"] == ["4"] and was["n1"] == ["3"]
    assert now["n1"] == ["1"] and "n2" not in now
    # the pair shows the move and nothing else: the other cards of the round (recruits on the Daimyo's
    # Han) come after it, so both Daimyo stand alone in both pictures (review R-daimyo-shogun, item 4)
    assert was["r3"] == now["r3"] == ["D"] and was["g3"] == now["g3"] == ["D"]


def _loss_tags(page, y0, y1, x0, x1):
    """The removed-piece counts ("–n") drawn in a part of the page, with their colours."""
    out = []
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            for span in line["spans"]:
                x, y = span["bbox"][0], span["bbox"][1]
                if span["text"].strip().startswith("\u2013") and y0 <= y <= y1 and x0 <= x <= x1:
                    out.append((span["text"].strip(), "#%06x" % span["color"]))
    return sorted(out)


@pytest.mark.parametrize(("caption", "tags"), [
    # the rulebook's combat: 4 red against 3 green, both sides lose 3 (review R2 item 10)
    ("After. Red wins the fight", [("–3", "#2e7d32"), ("–3", "#b8262f")]),
    # the walkthrough's round 4 A1: 3 red against 1 green on g2, both sides lose 1 (the earlier review's
    # leftover: one black "–2" for both)
    ("Red moves 3 Bushi from n2 to g2", [("–1", "#2e7d32"), ("–1", "#b8262f")]),
])
def test_each_sides_loss_shows_in_its_own_colour(doc, caption, tags):
    page = next(p for p in doc if caption in " ".join(p.get_text().split()))
    at = page.search_for(caption.split(". ")[-1])[0]
    half = page.rect.width / 2
    left, right = (0, half) if at.x0 < half else (half, page.rect.width)
    assert _loss_tags(page, at.y0 - 200, at.y0, left, right) == tags
