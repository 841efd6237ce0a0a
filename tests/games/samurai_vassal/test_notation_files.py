"""The notation files: an illegal game per rule (refused with that rule's name, `pnp check` exits
1), the rulebook's examples and the sample games (replayed by `pnp check`, exit 0, every stated
expectation met), and a played game written and read back."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.catalog import cards_dir
from pnp.cli import app
from pnp.engine.core import Illegal
from pnp.engine.notation import GameRejected, IllegalMove
from pnp.games.interface import Settings
from pnp.games.samurai_vassal.module import SamuraiVassal
from pnp.games.samurai_vassal.rules import RULES
from pnp.model import load_game

FOLDER = cards_dir() / "samurai-vassal"
GAME = load_game(FOLDER)
ILLEGAL = sorted((Path(__file__).parent / "illegal").glob("*.toml"))
EXAMPLES = sorted((FOLDER / "examples").glob("*.toml"))
SAMPLES = sorted((FOLDER / "samples").glob("*.toml"))
# A notation round names each player once (TOML has no repeated keys), so "twice" cannot be
# written in a file; the state refuses it when a program commits twice (test below).
NOT_WRITABLE = {"twice"}


def rule_of(path: Path) -> str:
    return path.read_text(encoding="utf-8").splitlines()[0].removeprefix("# rule: ").strip()


@pytest.mark.parametrize("path", ILLEGAL, ids=[p.stem for p in ILLEGAL])
def test_an_illegal_file_names_its_rule(path):  # type: ignore[no-untyped-def]
    rule = rule_of(path)
    assert rule in RULES and rule == path.stem
    with pytest.raises(IllegalMove) as exc:
        SamuraiVassal().replay(GAME, path.read_text(encoding="utf-8"), path.name)
    assert exc.value.rule == rule
    assert str(exc.value).startswith(f"{path.name}: ")


@pytest.mark.parametrize("path", ILLEGAL, ids=[p.stem for p in ILLEGAL])
def test_pnp_check_refuses_an_illegal_file_with_exit_1(path):  # type: ignore[no-untyped-def]
    result = CliRunner().invoke(app, ["check", "samurai-vassal", str(path)])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and path.name in result.output


def test_every_rule_has_an_illegal_file():  # type: ignore[no-untyped-def]
    assert {rule_of(p) for p in ILLEGAL} == set(RULES) - NOT_WRITABLE


def test_a_second_card_in_one_round_is_refused():  # type: ignore[no-untyped-def]
    # «Each player lays exactly one card a round.»
    state = SamuraiVassal().new_state(GAME, Settings(3, frozenset(), 1))
    state.play("red", "surveying")
    with pytest.raises(Illegal) as exc:
        state.play("red", "fortressing")
    assert exc.value.rule == "twice"


@pytest.mark.slow
def test_pnp_check_replays_every_sample_and_example():  # type: ignore[no-untyped-def]
    result = CliRunner().invoke(app, ["check", "samurai-vassal"])
    assert result.exit_code == 0, result.output
    for path in EXAMPLES + SAMPLES:
        assert f"{path.name}: ok" in result.output
    assert f"{len(EXAMPLES) + len(SAMPLES)} games replayed" in result.output


def test_samples_cover_each_player_count_and_variant():  # type: ignore[no-untyped-def]
    seen = set()
    for path in SAMPLES:
        t = SamuraiVassal().replay(GAME, path.read_text(encoding="utf-8"), path.name)
        assert t.state.is_terminal() and t.state.winners
        seen.add(len(t.state.players))
        seen |= set(t.state.rules.names())
        assert t.expectations >= len(t.rounds)          # every round states its outcome
    assert seen >= {2, 3, 4, 5, 6, "middle-player", "no-party", "samurai"}


def test_the_rulebook_examples_are_there():  # type: ignore[no-untyped-def]
    titles = {SamuraiVassal().replay(GAME, p.read_text(encoding="utf-8"), p.name).title for p in EXAMPLES}
    assert {"Majority", "Convincing level", "Reject", "Earning trust"} <= titles


def test_a_changed_expectation_makes_an_example_fail():  # type: ignore[no-untyped-def]
    path = FOLDER / "examples" / "03-reject.toml"
    text = path.read_text(encoding="utf-8").replace('winners = ["red", "blue", "green"]', 'winners = ["yellow"]')
    with pytest.raises(GameRejected, match="expected yellow"):
        SamuraiVassal().replay(GAME, text, path.name)


@pytest.mark.parametrize("options", [(), ("samurai",), ("middle-player", "no-party")])
def test_a_written_game_reads_back_as_the_same_game(options):  # type: ignore[no-untyped-def]
    module = SamuraiVassal()
    state = module.new_state(GAME, Settings(3, frozenset(options), 7))
    rng = random.Random(7)
    while not state.is_terminal():
        state.apply_action(module.bot_action(state, rng))
    text = module.write(state, Settings(3, frozenset(options), 7), "t", "d")
    again = module.replay(GAME, text, "t.toml")
    assert again.state.trust == state.trust and again.state.winners == state.winners
    assert [r.plays for r in again.rounds] == [r.plays for r in state.log]


def test_a_game_replays_from_its_recorded_draws():  # type: ignore[no-untyped-def]
    # The engine's RecordedChance hands back an earlier run's shuffles: the characters dealt and the
    # NPC deck come out the same without the seed, and the same choices give the same game.
    from pnp.engine.core import RecordedChance
    from pnp.games.samurai_vassal.rules import Rules, new_game

    module = SamuraiVassal()
    options = ("middle-player", "samurai")
    first = module.new_state(GAME, Settings(3, frozenset(options), 11))
    rng = random.Random(11)
    choices = []
    while not first.is_terminal():
        action = module.bot_action(first, rng)
        choices.append(action)
        first.apply_action(action)
    seats = list(GAME.clans)
    chance = RecordedChance(first.chance.events, seed=999)
    again = new_game(seats[:3], Rules.of(sorted(options), first.rules.round_cap), chance, seats[3])
    assert again.dealt == first.dealt
    for action in choices:
        again.apply_action(action)
    assert chance.left == 0
    assert [log.npc for log in again.log] == [log.npc for log in first.log]
    assert again.trust == first.trust and again.winners == first.winners


@pytest.mark.parametrize("text,key", [
    ('game = "samurai-vassal"\nplayers = 2\n[[round]]\nred = "surveyng"\nblue = "party"\n', "red"),
    ('game = "samurai-vassal"\nplayers = 7\n[[round]]\nred = "surveying"\n', "players"),
    ('game = "samurai-vassal"\nplayers = 6\noptions = ["middle-player"]\n[[round]]\nred = "party"\n', "players"),
    ('game = "samurai-vassal"\nplayers = 2\noptions = ["samurai"]\n[[round]]\nred = "party"\nblue = "party"\n',
     "setup"),
])
def test_a_malformed_file_exits_2_naming_the_key(tmp_path, text, key):  # type: ignore[no-untyped-def]
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["check", "samurai-vassal", str(path)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and key in result.output
