"""Dôjima's rulebook examples, scenarios and illegal games, written by hand from the rulebook
(seed 003) and RULINGS.md.

- `cards/dojima/examples/` (the rulebook's own examples, drawn in the booklet) and
  `tests/games/dojima/scenarios/`: each starts from a stated `[position]`, states the rule it shows
  in our words between « », and checks the outcome worked out from that rule with `expect` (and
  `[end]` where the game ends). The dice of every round are written in the file.
- `tests/games/dojima/illegal/`: each breaks one rule; its first line is
  `# illegal (<rule>): <the exact message>`; the replay must refuse it with exit 1, that message and
  that rule's short name.
"""

import re

import pytest

from pnp.engine.notation import IllegalMove
from pnp.games.dojima.rules import RULES
from tests.conftest import run_pnp

from .helpers import EXAMPLES, ILLEGAL, SAMPLES, SCENARIOS, check, replay_text

RULEBOOK_EXAMPLES = {"sowing", "watering", "market", "beggar", "imperial", "saboteur", "sake-seller",
                     "saboteur-and-sake-seller"}


def illegal_header(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    m = re.fullmatch(r"# illegal \(([a-z-]+)\): (.*)", first)
    assert m, f"{path.name} must start with '# illegal (<rule>): <message>'"
    return m.group(1), m.group(2)


@pytest.mark.parametrize("path", EXAMPLES + SCENARIOS, ids=lambda p: p.name)
def test_scenario_replays_from_its_position_and_meets_its_expectations(path):
    text = path.read_text(encoding="utf-8")
    assert "[position]" in text, "a scenario starts from a stated position"
    assert "«" in text and "»" in text, "a scenario states the rule it shows between « »"
    result = check(path)
    assert result.ok, result.line
    assert result.transcript.expectations >= 2


def test_every_rulebook_example_is_an_example_file():
    assert {p.stem for p in EXAMPLES} >= RULEBOOK_EXAMPLES


@pytest.mark.parametrize("path", ILLEGAL, ids=lambda p: p.name)
def test_illegal_file_is_refused_for_its_rule(path):
    rule, message = illegal_header(path)
    assert rule in RULES, f"{rule} is not one of the rules' names"
    result = check(path)
    assert not result.ok
    assert result.line == message
    assert result.exit_code == 1
    with pytest.raises(IllegalMove) as exc:
        replay_text(path.read_text(encoding="utf-8"), path.name)
    assert exc.value.rule == rule


def test_every_rule_has_an_illegal_file():
    assert {illegal_header(p)[0] for p in ILLEGAL} == set(RULES)


@pytest.mark.parametrize("path", ILLEGAL[:2], ids=lambda p: p.name)
def test_pnp_check_exits_1_on_an_illegal_game_without_a_traceback(path):
    res = run_pnp("check", "dojima", path)
    assert res.returncode == 1
    assert "Traceback" not in res.stderr + res.stdout
    assert illegal_header(path)[1].split(": ", 1)[1] in res.stdout + res.stderr


@pytest.mark.slow
def test_pnp_check_replays_samples_and_examples():
    res = run_pnp("check", "dojima")
    assert res.returncode == 0, res.stdout + res.stderr
    for path in SAMPLES + EXAMPLES:
        assert f"{path.name}: ok, " in res.stdout
    names = {p.stem for p in SAMPLES}
    assert {"two-players", "three-players", "four-players", "six-players", "dice-first", "short-game"} <= names


def test_samples_cover_every_mode_and_state_their_rolls():
    """Dice are part of the record: every round of every sample states its rolls."""
    seen = set()
    for path in SAMPLES:
        t = check(path).transcript
        s = t.state
        seen.add((len(s.players), tuple(sorted(s.options))))
        assert s.over, f"{path.name} plays a whole year"
        for log in t.rounds:
            assert set(log.record.roll) == set(s.players)
            assert (log.record.black is None) == (len(s.players) == 2)
    assert {(2, ()), (3, ()), (4, ()), (6, ()), (4, ("dice-first",)), (5, ("short-game",))} <= seen


def test_a_full_tie_is_a_shared_victory():
    """RULINGS.md: « a full tie in winter, on Ryô, rice and water, is a shared victory. »"""
    from .helpers import HERE
    result = check(HERE / "scenarios" / "shared-victory.toml")
    assert result.transcript.state.winners == ("red", "blue", "green")
    assert "red, blue and green share the victory in round 1" in result.line
