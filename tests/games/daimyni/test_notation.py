"""Notation: samples replay, refused files fail with their exact message, games round-trip."""

import re
from pathlib import Path

import pytest

from pnp.games.daimyni import notation
from pnp.games.daimyni.module import bot_game, check_file
from pnp.games.daimyni.rules import Rules
from pnp.paths import cards_dir
from tests.conftest import run_pnp

SAMPLES = sorted((cards_dir() / "daimyni" / "samples").glob("*.toml"))
EXAMPLES = sorted((cards_dir() / "daimyni" / "examples").glob("*.toml"))
REFUSED = sorted((Path(__file__).parent / "refused").glob("*.toml"))


def expected(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    m = re.fullmatch(r"# refused \(exit (\d)\): (.*)", first)
    assert m, f"{path.name} must start with '# refused (exit N): <message>'"
    return int(m.group(1)), m.group(2)


def test_there_are_three_complete_samples_ending_with_a_daimyo_removed(game):
    assert len(SAMPLES) >= 3
    for path in SAMPLES:
        t = notation.replay(path.read_text(encoding="utf-8"), Rules(game), path.name)
        assert t.state.is_terminal() and t.state.winner
        assert any(e.kind == "daimyo-removed" for r in t.rounds for e in r.events)


def test_samples_together_cover_the_rules(game):
    seen = set()
    for path in SAMPLES:
        t = notation.replay(path.read_text(encoding="utf-8"), Rules(game), path.name)
        for r in t.rounds:
            for e in r.events:
                if e.kind == "combat":
                    seen.add(f"combat-{e['winner']}")
                    if e["defending_daimyo"]:
                        seen.add("daimyo-in-combat")
                elif e.kind == "move-bushi" and e["as_recruit"]:
                    seen.add("recruit-empty-area")
                elif e.kind in ("no-effect", "move-tanbo", "move-daimyo", "recruit"):
                    seen.add(e.kind)
    assert {"combat-attacker", "combat-defender", "combat-tie", "daimyo-in-combat", "recruit-empty-area",
            "no-effect", "move-tanbo", "recruit"} <= seen


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_replays_and_meets_its_expectations(game, path):
    result = check_file(game, path, path.name)
    assert result.ok, result.line
    assert result.transcript.expectations > 0


@pytest.mark.parametrize("path", REFUSED, ids=lambda p: p.name)
def test_refused_file_fails_with_its_exact_message(game, path):
    code, message = expected(path)
    result = check_file(game, path, path.name)
    assert not result.ok
    assert result.line == message
    assert result.exit_code == code


@pytest.mark.slow
def test_check_cli_exit_codes(tmp_path):
    ok = run_pnp("check", "daimyni")
    assert ok.returncode == 0, ok.stderr
    assert len([line for line in ok.stdout.splitlines() if ": ok, " in line]) == len(SAMPLES) + len(EXAMPLES)
    illegal = run_pnp("check", "daimyni", *[p for p in REFUSED if expected(p)[0] == 1])
    assert illegal.returncode == 1
    assert "cannot enter d4, a Tanbo floods it" in illegal.stderr
    broken = run_pnp("check", "daimyni", REFUSED[0], *REFUSED)
    assert broken.returncode == 2
    assert "Traceback" not in broken.stderr


def test_notation_round_trips(game):
    for path in SAMPLES:
        t = notation.replay(path.read_text(encoding="utf-8"), Rules(game), path.name)
        again = notation.replay(notation.write(t.state), Rules(game))
        assert notation.write(again.state) == notation.write(t.state)
        assert again.state.winner == t.state.winner and again.state.round == t.state.round


@pytest.mark.parametrize("seed", range(12))
def test_bot_games_end_and_replay_to_the_same_game(game, seed):
    state = bot_game(game, seed)
    assert state.is_terminal()
    text = notation.write(state)
    replayed = notation.replay(text, Rules(game))
    assert replayed.state.winner == state.winner and replayed.state.round == state.round
    assert replayed.state.bushi == state.bushi and replayed.state.tanbo == state.tanbo


def test_bot_usually_ends_games_with_a_winner(game):
    winners = [bot_game(game, seed).winner for seed in range(40)]
    assert sum(w is not None for w in winners) >= 36
    assert {"red", "blue"} <= set(winners)


@pytest.mark.slow
def test_play_cli_same_seed_same_file(tmp_path):
    for name in ("a.toml", "b.toml"):
        res = run_pnp("play", "daimyni", "--seed", "5", "--out", tmp_path / name)
        assert res.returncode == 0, res.stderr
    assert (tmp_path / "a.toml").read_bytes() == (tmp_path / "b.toml").read_bytes()
    other = run_pnp("play", "daimyni", "--seed", "6")
    assert other.stdout != (tmp_path / "a.toml").read_text()
    res = run_pnp("check", "daimyni", tmp_path / "a.toml")
    assert res.returncode == 0 and "ok" in res.stdout
