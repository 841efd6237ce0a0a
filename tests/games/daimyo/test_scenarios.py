"""Daimyo scenarios and illegal games written by hand from the rulebook (seed 000) and RULINGS.md.

- `tests/games/daimyo/scenarios/` (and the rulebook's own examples in `cards/daimyo/examples/`):
  each starts from a stated `[position]`, states in our words (between « ») the rulebook rule or the ruling it shows
  between « », and checks the outcome, worked out by hand from that sentence, with `expect` (and
  `[end]` where the game ends).
- `tests/games/daimyo/illegal/`: each breaks one rule; its first line is
  `# illegal (<rule>): <the exact message>`, and the replay must refuse it with exit 1, that
  message and that rule's short name (`pnp.games.daimyo.rules.RULES`).
"""

import re
from pathlib import Path

import pytest

from pnp.games.daimyo import notation
from pnp.games.daimyo.module import check_file
from pnp.games.daimyo.rules import RULES
from pnp.model import load_game
from pnp.paths import cards_dir

GAME = load_game(cards_dir() / "daimyo")
HERE = Path(__file__).parent
EXAMPLES = sorted((cards_dir() / "daimyo" / "examples").glob("*.toml"))
SCENARIOS = EXAMPLES + sorted((HERE / "scenarios").glob("*.toml"))
ILLEGAL = sorted((HERE / "illegal").glob("*.toml"))
# Rules the notation cannot break: a setup keep is always 1 or 2, and a D card with an empty Han
# reserve reads a placement as a Han Move. The rules module still refuses them from Python.
NOT_IN_NOTATION = {"keep-special", "keep-mastery", "no-han-left"}


def illegal_header(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    m = re.fullmatch(r"# illegal \(([a-z-]+)\): (.*)", first)
    assert m, f"{path.name} must start with '# illegal (<rule>): <message>'"
    return m.group(1), m.group(2)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_scenario_replays_from_its_position_and_meets_its_expectations(path):
    text = path.read_text(encoding="utf-8")
    assert "[position]" in text, "a scenario starts from a stated position"
    assert "expect" in text or "[end]" in text
    if path not in EXAMPLES:
        assert "«" in text and "»" in text, "a scenario states the rule it shows between « »"
    result = check_file(GAME, path, path.name)
    assert result.ok, result.line
    assert result.transcript.expectations > 0


@pytest.mark.parametrize("path", ILLEGAL, ids=lambda p: p.name)
def test_illegal_file_is_refused_for_its_rule(path):
    rule, message = illegal_header(path)
    assert rule in RULES, f"{rule} is not one of the rules' names"
    result = check_file(GAME, path, path.name)
    assert not result.ok
    assert result.line == message
    assert result.exit_code == 1
    with pytest.raises(notation.IllegalMove) as exc:
        notation.replay(path.read_text(encoding="utf-8"), GAME, path.name)
    assert exc.value.rule == rule


def test_every_rule_has_an_illegal_file():
    assert {illegal_header(p)[0] for p in ILLEGAL} == set(RULES) - NOT_IN_NOTATION


def test_enough_scenarios():
    assert len(SCENARIOS) - len(EXAMPLES) >= 20


def test_a_retreat_is_judged_without_listing_the_options(monkeypatch):
    """Issue 8, defect 5: checking a decision never depends on enumerating every option. With the
    option menu cut to a single entry, the three-Han retreat (written out of order) still replays,
    and it is written back in one canonical order."""
    from pnp.games.daimyo import specials
    monkeypatch.setattr(specials, "RETREAT_MENU", 1)
    path = HERE / "scenarios" / "f6-strategic-retreat-any-order.toml"
    t = notation.replay(path.read_text(encoding="utf-8"), GAME, path.name)
    assert '"F6: retreat n1-r1 n2-g1 n3-b1"' in notation.write(t.state)
