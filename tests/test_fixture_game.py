"""The proof game: High Roll (tests/fixtures/high-roll/ + tests/fixtures/high_roll.py) is added to pnp
with only a data folder and one rules module, announced through the ``pnp.games`` entry points as an
installed package would be. It builds, plays, replays and gets a walkthrough like the built-in games.

The subprocess tests run `python -m pnp.cli` as a user would, with a throwaway `*.dist-info` (the
package's entry point) and tests/fixtures on PYTHONPATH; the rest runs in-process for speed."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.build import Options, build_kit
from pnp.engine.core import Illegal
from pnp.engine.events import Committed, Revealed, Rolled
from pnp.engine.notation import GameRejected, NotationError
from pnp.engine.state import Hidden, same_view
from pnp.games import registry
from pnp.model import load_game
from tests.conftest import open_pdf, read_pdf

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
FOLDER = FIXTURES / "high-roll"
SAMPLE = FOLDER / "samples" / "three-hands.toml"


def make_plugin(where: Path) -> Path:
    """A minimal installed distribution announcing the fixture's rules module."""
    info = where / "high_roll_fixture-0.1.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: high-roll-fixture\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[pnp.games]\nhigh-roll = high_roll:HighRoll\n")
    return where


@pytest.fixture(scope="module")
def plugin(tmp_path_factory) -> Path:
    return make_plugin(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="module")
def installed(plugin):
    """The entry point visible in this process (as if `pip install`ed), for the in-process tests."""
    added = [str(plugin), str(FIXTURES)]
    sys.path[:0] = added
    registry.forget()
    yield
    for p in added:
        sys.path.remove(p)
    registry.forget()


@pytest.fixture(scope="module")
def game(installed):
    return load_game(FOLDER)


@pytest.fixture(scope="module")
def module(installed):
    return registry.module_for("high-roll")


@pytest.fixture(scope="module")
def hr(installed):
    import high_roll
    return high_roll


def pnp(plugin: Path, *args, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(plugin), str(FIXTURES), str(ROOT)]))
    return subprocess.run([sys.executable, "-m", "pnp.cli", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd or ROOT, env=env)


# ---- as a user runs it -----------------------------------------------------------------------------

@pytest.mark.slow
def test_build_writes_card_sheets_and_a_booklet_with_the_walkthrough(plugin, tmp_path):
    res = pnp(plugin, "build", FOLDER, "--out", tmp_path / "kit")
    assert res.returncode == 0, res.stderr
    out = tmp_path / "kit"
    assert sorted(p.name for p in out.glob("*.pdf")) == [
        "high-roll-cards-a4.pdf", "high-roll-duplex-check-a4.pdf", "high-roll-rules-a4-booklet.pdf",
        "high-roll-rules-a5.pdf"]
    assert len(list((out / "svg" / "cards").glob("*.svg"))) == 13          # 12 faces and the back
    cards = read_pdf((out / "high-roll-cards-a4.pdf").read_bytes())
    assert len(cards.pages) == 2                                            # one sheet of fronts, its backs
    fronts = open_pdf((out / "high-roll-cards-a4.pdf").read_bytes())[0].get_text()
    assert all(f"#{n}" in fronts for n in range(1, 13))
    booklet = open_pdf((out / "high-roll-rules-a5.pdf").read_bytes())
    pages = [p.get_text() for p in booklet]
    assert len(pages) >= 6 and "High Roll" in pages[0]
    assert any("Components" in p for p in pages) and not any("@walkthrough" in p for p in pages)
    first = next(p for p in pages if "Round 1" in p)
    assert "Ann 12, Ben 2, Cho" in first and "Ann scores 4" in first
    at = next(i for i, p in enumerate(pages) if "Round 4" in p)
    last = " ".join(pages[at:at + 2])     # a round may open at a page's foot, its steps on the next
    assert "Cho’s 4 is the lowest card" in " ".join(last.split())   # the booklet sets typographic apostrophes
    words = " ".join(" ".join(pages).split())
    assert "Three hands (three-hands.toml): 4 rounds, Cho wins (Ann 4, Ben 2, Cho 9)" in words
    # saddle stitch: four A5 pages to a folded sheet, printed on both sides (blanks fill the last one)
    assert len(read_pdf((out / "high-roll-rules-a4-booklet.pdf").read_bytes()).pages) == 2 * -(-len(pages) // 4)


def test_check_replays_the_sample(plugin):
    res = pnp(plugin, "check", FOLDER)
    assert res.returncode == 0, res.stderr
    assert "three-hands.toml: ok, 4 rounds, cho wins with 9 points (ann 4, ben 2, cho 9)" in res.stdout
    assert "High Roll: definitions ok, 1 game replayed" in res.stdout


@pytest.mark.slow
def test_play_then_check_round_trips(plugin, tmp_path):
    res = pnp(plugin, "play", FOLDER, "--players", "3", "--seed", "3", "--out", tmp_path / "g.toml")
    assert res.returncode == 0, res.stderr
    text = (tmp_path / "g.toml").read_text()
    assert "[position.hands]" in text and "die = " in text and "[end]" in text
    again = pnp(plugin, "play", FOLDER, "--players", "3", "--seed", "3")
    assert again.returncode == 0 and again.stdout == text                  # same seed, same game
    check = pnp(plugin, "check", FOLDER, tmp_path / "g.toml")
    assert check.returncode == 0, check.stderr
    assert "ok, 4 rounds" in check.stdout and "expectations met" in check.stdout


def test_an_illegal_card_exits_1_naming_round_and_player(plugin, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(SAMPLE.read_text().replace("ben = 11", "ben = 12"))
    res = pnp(plugin, "check", FOLDER, bad)
    assert res.returncode == 1
    assert res.stderr.strip() == f"{bad}: round 2, ben plays 12: 12 is not in ben's hand (5, 8, 11)"


@pytest.mark.parametrize("edit, words", [
    (("die = 6", "die = 7"), "round 3, die: expected a whole number from 1 to 6, got 7"),
    (("die = 6", "dice = 6"), "round 3, dice: unknown key (expected ann, ben, cho, die, expect)"),
    (("cho = 7\n", "cho = \"seven\"\n"), "round 1, cho: expected a card number, got 'seven'"),
    (("[[round]]", "[[round"), "(file): not valid TOML"),
    (("cho = [3, 4, 7, 10]", "cho = [3, 4, 7, 10, 12]"), "position.hands.cho: card 12 is also in ann's hand"),
    (("cho = [3, 4, 7, 10]", "eve = [3, 4, 7, 10]"), "position.hands.eve: no such player (seats: ann, ben, cho, dee)"),
])
def test_malformed_notation_exits_2(plugin, tmp_path, edit, words):
    bad = tmp_path / "bad.toml"
    text = SAMPLE.read_text()
    assert edit[0] in text
    bad.write_text(text.replace(edit[0], edit[1], 1))
    res = pnp(plugin, "check", FOLDER, bad)
    assert res.returncode == 2, res.stderr
    assert words in res.stderr and "Traceback" not in res.stderr


@pytest.mark.slow
def test_an_option_is_passed_generically(plugin):
    res = pnp(plugin, "play", FOLDER, "--players", "4", "--option", "table-stakes", "--seed", "5")
    assert res.returncode == 0, res.stderr
    assert 'options = ["table-stakes"]' in res.stdout and "dee = " in res.stdout
    bad = pnp(plugin, "play", FOLDER, "--players", "5")
    assert bad.returncode == 2 and "--players 5: High Roll is for 2-4 players" in bad.stderr


# ---- in-process --------------------------------------------------------------------------------------

def test_the_registry_finds_the_fixture_through_its_entry_point(module, hr):
    assert isinstance(module, hr.HighRoll)
    assert "high-roll" in registry.modules()


def test_a_player_never_sees_another_players_secret_card_before_the_reveal(game, module):
    state = module.new_state(game, module.settings(game, 3, (), seed=11))
    ann, ben, cho = state.players
    other = state.clone()
    state.apply_action(state.hands[ann][0])          # ann lays her lowest card face down
    other.apply_action(other.hands[ann][-1])         # ... or her highest
    assert state.view(ann).table == {ann: state.table.own(ann)}
    for p in (ben, cho):
        assert state.view(p).table == {ann: Hidden()}
        assert same_view(state, other, p)              # ben and cho cannot tell the two apart
        assert ann not in [k for k, v in state.view(p).table.items() if not isinstance(v, Hidden)]
    assert not same_view(state, other, ann)
    assert state.view(ben).others == {ann: Hidden(3), cho: Hidden(4)}
    state.apply_action(state.hands[ben][0])
    events = state.apply_action(state.hands[cho][0])   # the last card: reveal, roll, score
    assert [type(e) for e in events][:3] == [Committed, Revealed, Rolled]
    assert all(not isinstance(v, Hidden) for v in state.view(ben).history[0][0])


def test_views_hide_secrets_at_every_step_of_random_games(game, module, hr):
    for seed in range(20):
        state = module.new_state(game, module.settings(game, 2 + seed % 3, (), seed))
        rng = random.Random(seed)
        while not state.is_terminal():
            decision = state.decision()
            assert decision.secret and decision.player == decision.players[0]
            for p in state.players:
                view = state.view(p)
                assert set(view.hand) == set(state.hands[p])
                for q, seen in view.table.items():
                    assert (seen == state.table.own(q)) if q == p else seen == Hidden()
            state.apply_action(module.bot_action(state, rng))
        assert sum(state.returns().values()) == sum(log.die for log in state.log)


def test_the_same_seed_replays_the_same_game(game, module):
    settings = module.settings(game, 3, (), seed=8)
    a, b = module.play(game, settings), module.play(game, settings)
    assert a.returns() == b.returns() and [r.plays for r in a.log] == [r.plays for r in b.log]
    assert [e for e in a.events if isinstance(e, Rolled)] == [e for e in b.events if isinstance(e, Rolled)]
    text = module.write(a, settings, "t", "d")
    t = module.replay(game, text, "g.toml")
    assert t.state.returns() == a.returns() and t.state.winner == a.winner
    assert module.write(t.state, settings, "t", "d") == text            # notation round-trips exactly


def test_an_illegal_move_is_a_value_and_the_state_is_unchanged(game, module):
    state = module.new_state(game, module.settings(game, 3, (), seed=2))
    ann = state.players[0]
    missing = next(n for n in range(1, 13) if n not in state.hands[ann])
    before = state.view(ann)
    with pytest.raises(Illegal) as exc:
        state.apply_action(missing)
    assert (exc.value.round, exc.value.player, exc.value.rule) == (1, ann, "not-in-hand")
    assert state.view(ann) == before


def test_positions_round_trip_and_play_on_alike(game, module, hr):
    state = module.play(game, module.settings(game, 3, (), seed=4))
    mid = module.new_state(game, module.settings(game, 3, (), seed=4))
    rng = random.Random(4)
    for _ in range(6):                                # two whole rounds
        mid.apply_action(module.bot_action(mid, rng))
    table = mid.position()
    assert table["round"] == 3
    copy = hr.position_state(table, list(range(1, 13)), list(game.clans), "p", hr.Recorded(), False, (2, 4))
    assert copy.position() == table
    for log in state.log[2:]:
        copy.chance.queue = [log.die]
        for p, c in log.plays.items():
            copy.play(p, c)
    assert copy.returns() == state.returns()


def test_notation_errors_and_rejections_are_typed(game, module):
    text = SAMPLE.read_text()
    with pytest.raises(GameRejected, match="round 4, cho: expected a score of 8, but it is 9"):
        module.replay(game, text.replace("cho = 9 }\n\n[end]", "cho = 8 }\n\n[end]"), "s.toml")
    with pytest.raises(GameRejected, match="end.winner: expected ann, but it is cho"):
        module.replay(game, text.replace('winner = "cho"', 'winner = "ann"'), "s.toml")
    with pytest.raises(NotationError, match="position: missing: the deal"):
        module.replay(game, 'game = "high-roll"\n[[round]]\nann = 1\n', "s.toml")


def test_the_walkthrough_draws_every_round_as_a_table_from_typed_events(game, module, hr):
    transcript, pages = module.booklet().walkthrough(game, SAMPLE, "en")
    assert [p.round for p in pages] == [1, 2, 3, 4]
    for page, log in zip(pages, transcript.rounds):
        (panel,) = page.panels
        assert panel.spec is log and panel.scene.name == f"round-{log.round}"
        assert panel.heading == f"Die {log.die} · {'highest' if log.die % 2 == 0 else 'lowest'}"
    assert len({(p.panels[0].scene.width, p.panels[0].scene.height) for p in pages}) == 1
    assert [type(e).__name__ for e in transcript.rounds[0].events] == ["Revealed", "Rolled", "Scored"]


def test_in_process_build_has_only_the_parts_the_game_declares(game):
    arts = {a.name: a for a in build_kit(game, Options(only=("cards", "booklet"), svg=False))}
    assert sorted(arts) == ["high-roll-cards-a4.pdf", "high-roll-duplex-check-a4.pdf", "high-roll-rules-a4-booklet.pdf",
                            "high-roll-rules-a5.pdf"]


def test_the_code_docs_adding_a_game_quotes_is_the_fixtures_real_code():
    """Every line of the guide's Python examples (bar elisions) is in the fixture or its tests."""
    import re
    guide = (ROOT / "docs" / "adding-a-game.md").read_text()
    real = {ln.strip() for f in (FIXTURES / "high_roll.py", Path(__file__)) for ln in f.read_text().splitlines()}
    blocks = re.findall(r"```python\n(.*?)```", guide, re.S)
    assert len(blocks) >= 8
    quoted = [ln.strip() for b in blocks for ln in b.splitlines() if ln.strip() and "..." not in ln]
    assert [ln for ln in quoted if ln not in real] == []
