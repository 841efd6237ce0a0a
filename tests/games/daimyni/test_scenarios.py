"""Scenarios and illegal games written by hand from the rulebook (seed 001) and RULINGS.md.

- `cards/daimyni/examples/` and `tests/games/daimyni/scenarios/`: each starts from a stated
  `[position]`, states in our words (between « ») the rulebook rule or the ruling it shows, and
  checks the outcome, worked out from the rules, with `expect` (and `[end]` where the game ends).
- `tests/games/daimyni/illegal/`: each breaks one rule; its first line is
  `# illegal (<rule>): <the exact message>`, and the replay must refuse it with exit 1, that
  message and that rule's short name.
"""

import re
from pathlib import Path

import pytest

from pnp.games.daimyni import notation
from pnp.games.daimyni.module import check_file
from pnp.games.daimyni.rules import RULES, Rules
from pnp.paths import cards_dir
from tests.conftest import run_pnp

HERE = Path(__file__).parent
EXAMPLES = sorted((cards_dir() / "daimyni" / "examples").glob("*.toml"))
SCENARIOS = EXAMPLES + sorted((HERE / "scenarios").glob("*.toml"))
ILLEGAL = sorted((HERE / "illegal").glob("*.toml"))


def illegal_header(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    m = re.fullmatch(r"# illegal \(([a-z-]+)\): (.*)", first)
    assert m, f"{path.name} must start with '# illegal (<rule>): <message>'"
    return m.group(1), m.group(2)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_scenario_replays_from_its_position_and_meets_its_expectations(game, path):
    text = path.read_text(encoding="utf-8")
    assert "[position]" in text, "a scenario starts from a stated position"
    assert "«" in text and "»" in text, "a scenario states the rule it shows between « »"
    assert "expect" in text
    result = check_file(game, path, path.name)
    assert result.ok, result.line
    assert result.transcript.expectations > 0


@pytest.mark.parametrize("path", ILLEGAL, ids=lambda p: p.name)
def test_illegal_file_is_refused_for_its_rule(game, path):
    rule, message = illegal_header(path)
    assert rule in RULES, f"{rule} is not one of the rules' names"
    result = check_file(game, path, path.name)
    assert not result.ok
    assert result.line == message
    assert result.exit_code == 1
    with pytest.raises(notation.IllegalMove) as exc:
        notation.replay(path.read_text(encoding="utf-8"), Rules(game), path.name)
    assert exc.value.rule == rule


def test_every_rule_has_an_illegal_file():
    assert {illegal_header(p)[0] for p in ILLEGAL} == set(RULES)


def test_enough_scenarios_and_examples():
    assert len(EXAMPLES) >= 10 and len(SCENARIOS) >= 15


@pytest.mark.slow
def test_pnp_check_replays_samples_and_examples():
    res = run_pnp("check", "daimyni")
    assert res.returncode == 0, res.stderr
    for path in EXAMPLES:
        assert f"{path.name}: ok, " in res.stdout


@pytest.mark.parametrize("name,summary", [
    ("still-going.toml", "ok, 2 rounds, still going after 2 rounds, 4 expectations met"),
    ("round-capped.toml", "ok, 1 round, still going after 1 round (stopped by the round cap, not by a rule), "
                          "4 expectations met"),
])
def test_a_record_that_stops_is_still_going(game, name, summary):
    """RULINGS.md, "A game that never ends": only a removed Daimyo ends a game."""
    path = HERE / "scenarios" / name
    result = check_file(game, path, name)
    assert result.line == f"{name}: {summary}"
    assert result.transcript.state.winner is None
