"""Daimyo notation: the rulebook's examples pass as scenarios; bot games replay; errors."""


import pytest

from pnp.games.daimyo import notation
from pnp.games.daimyo.module import bot_game, check_file
from pnp.model import load_game
from pnp.paths import cards_dir
from tests.conftest import run_pnp

GAME = load_game(cards_dir() / "daimyo")
EXAMPLES = sorted((cards_dir() / "daimyo" / "examples").glob("*.toml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_rulebook_examples_pass_as_scenarios(path):
    result = check_file(GAME, path, path.name)
    assert result.ok, result.line


def test_examples_say_what_the_rulebook_says():
    outcome = {p.stem: check_file(GAME, p, p.name).transcript.state for p in EXAMPLES}
    for players in (2, 3, 4):
        s = outcome[f"victory-{players}-players"]
        assert (s.winner, s.win_reason) == ("green", "control")
    assert not outcome["no-victory-3-players"].is_terminal()
    combat = [e for r in check_file(GAME, EXAMPLES[0], "c").transcript.rounds for e in r.events if e.kind == "combat"]
    assert combat and (combat[0]["attackers"], combat[0]["defending"], combat[0]["attacker_lost"]) == (4, 3, 3)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("advanced", [(), ("balanced", "fortifications", "inaccessible", "formation")])
def test_bot_games_round_trip(players, advanced):
    extra = advanced + (("teams",) if advanced and players == 4 else ())
    for seed in range(3):
        state = bot_game(GAME, seed, players, extra)
        text = notation.write(state)
        again = notation.replay(text, GAME)
        assert notation.write(again.state) == text
        assert again.state.winner == state.winner and again.state.tile_pos == state.tile_pos


@pytest.mark.slow
def test_illegal_move_message(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "daimyo"\nplayers = 2\nadvanced = ["balanced"]\n\n[[round]]\n'
                   'green = ["A1: g1-r1", "B2: recruit"]\nred = ["A2: r1-n1", "B1: recruit"]\n')
    res = run_pnp("check", "daimyo", bad)
    assert res.returncode == 1
    assert "round 1, green plays A1 (Bushi Move): g1 and r1 are not adjacent" in res.stderr
    bad.write_text('game = "daimyo"\nplayers = 5\n')
    res = run_pnp("check", "daimyo", bad)
    assert res.returncode == 2 and "players: expected 2, 3 or 4, got 5" in res.stderr


@pytest.mark.slow
def test_play_cli_players_and_advanced(tmp_path):
    res = run_pnp("play", "daimyo", "--players", "3", "--advanced", "--seed", "4", "--out", tmp_path / "g.toml")
    assert res.returncode == 0, res.stderr
    text = (tmp_path / "g.toml").read_text()
    assert "players = 3" in text and '"formation"' in text
    assert run_pnp("check", "daimyo", tmp_path / "g.toml").returncode == 0
    assert run_pnp("play", "daimyo", "--players", "5").returncode == 2


SAMPLES = sorted((cards_dir() / "daimyo" / "samples").glob("*.toml"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_samples_replay(path):
    result = check_file(GAME, path, path.name)
    assert result.ok, result.line
    assert result.transcript.state.winner


def test_samples_cover_2_3_4_players_and_every_advanced_rule():
    states = [check_file(GAME, p, p.name).transcript.state for p in SAMPLES]
    assert {s.rules.options.players for s in states} == {2, 3, 4}
    every = [s for s in states if len(s.rules.options.advanced) == 7]
    assert every, "one sample plays with every advanced rule"
    decided = [type(a).__name__ for s in states for r in s.history for _c, _p, a in r.decisions]
    assert {"PlaceHan", "MoveHan", "MoveDaimyo", "Recruit", "MoveBushi", "Special"} <= set(decided)


def test_an_example_that_is_not_utf8_is_refused_by_the_booklet(tmp_path):
    """Bytes ff fe in an example the booklet draws were a UnicodeDecodeError (exit 70)."""
    import shutil

    from pnp.paths import cards_dir
    from tests.conftest import run_pnp
    game = tmp_path / "daimyo"
    shutil.copytree(cards_dir() / "daimyo", game)
    example = game / "examples" / "combat.toml"
    example.write_bytes(b"\xff\xfe" + example.read_bytes())
    res = run_pnp("build", game, "-q", "--only", "booklet", "--out", tmp_path / "kit")
    assert res.returncode == 2, res.stderr
    assert "examples/combat.toml: the file is not UTF-8 text (byte 1)" in res.stderr
    assert "Traceback" not in res.stderr
