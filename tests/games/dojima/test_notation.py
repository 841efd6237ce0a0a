"""Dôjima's notation as a user meets it: `pnp play` and `pnp check`, the recorded dice used by the
replay, malformed files refused with exit 2 and one line naming the round and key."""

import pytest

from pnp.engine.notation import GameRejected, NotationError
from tests.conftest import run_pnp

from .helpers import EXAMPLES, SAMPLES, replay_text

SOWING = next(p for p in EXAMPLES if p.stem == "sowing").read_text(encoding="utf-8")


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 6])
def test_pnp_play_writes_a_game_pnp_check_accepts(tmp_path, players):
    out = tmp_path / "g.toml"
    res = run_pnp("play", "dojima", "--players", players, "--seed", 4, "--out", out)
    assert res.returncode == 0, res.stderr
    again = tmp_path / "h.toml"
    run_pnp("play", "dojima", "--players", players, "--seed", 4, "--out", again)
    assert out.read_text() == again.read_text()
    res = run_pnp("check", "dojima", out)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "wins in round" in res.stdout or "share the victory" in res.stdout


@pytest.mark.slow
def test_pnp_play_takes_the_options(tmp_path):
    out = tmp_path / "g.toml"
    res = run_pnp("play", "dojima", "--players", 4, "--option", "dice-first", "--option", "short-game",
                  "--out", out)
    assert res.returncode == 0, res.stderr
    assert 'options = ["dice-first", "short-game"]' in out.read_text()
    res = run_pnp("play", "dojima", "--players", 2, "--option", "dice-first")
    assert res.returncode == 2 and "only with 3 or 4 or 5 or 6 players" in res.stderr


def test_the_replay_uses_the_recorded_dice():
    """Dice are part of the record: the same cards with another recorded roll give another result.
    Yellow's Sower is on the Sow Advisor's die (4); if red had rolled a 5 instead and laid the Sow
    Advisor there, yellow's Sower would be next to it and grow 1 rice, not 3."""
    t = replay_text(SOWING)
    assert t.state.rice["yellow"] == 5
    text = (SOWING.replace("red = [2, 3, 4, 6]", "red = [2, 3, 5, 6]")
            .replace('red = "sow-advisor 4,', 'red = "sow-advisor 5,')
            .replace("yellow = { rice = 5 }, red = { rice = 3 }, green = { rice = 3 }", "yellow = { rice = 3 }"))
    t = replay_text(text)
    assert t.state.rice == {"red": 2, "blue": 2, "green": 5, "yellow": 3}


@pytest.mark.parametrize("change,message", [
    (("black = 6", "black = 7"), "round 1, black: expected the black die (1 to 6), got 7"),
    (("red = [2, 3, 4, 6], ", ""), "round 1, roll.red: missing: the 4 dice red rolled"),
    (("red = [2, 3, 4, 6]", "red = [2, 3, 4]"), "round 1, roll.red: expected 4 dice from 1 to 6"),
    (("black = 6", "black = 6\ncolour = 1"), "round 1, colour: unknown key"),
    (("draft = { red = \"sow-advisor\", hide = \"saboteur\", ", "draft = { red = \"sow-advisor\", "),
     "round 1, draft.hide: missing: the advisor the first player (red) laid face down"),
    (('yellow = "imperial 6, sower 4, waterer 1, merchant 5"\n', ""),
     "round 1, yellow: missing: yellow's cards on their dice"),
    (("players = 4", "players = 7"), "players: expected 2 to 6 players, got 7"),
    (('first = "red"', 'first = "black"'), "first: expected a player (red, blue, green, yellow), got \"black\""),
])
def test_malformed_files_are_refused_with_the_round_and_key(change, message):
    old, new = change
    assert old in SOWING
    with pytest.raises(NotationError) as exc:
        replay_text(SOWING.replace(old, new, 1), "sowing.toml")
    assert message in str(exc.value)
    assert exc.value.exit_code == 2


def test_a_wrong_expectation_is_exit_1_naming_the_key():
    text = SOWING.replace("yellow = { rice = 5 }", "yellow = { rice = 4 }")
    with pytest.raises(GameRejected) as exc:
        replay_text(text, "sowing.toml")
    assert str(exc.value) == "sowing.toml: round 1, expect.yellow.rice: expected 4, but it is 5"
    assert exc.value.exit_code == 1


def test_pnp_check_says_exit_2_for_a_malformed_file(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(SOWING.replace("black = 6", "black = 0"))
    res = run_pnp("check", "dojima", bad)
    assert res.returncode == 2
    assert "round 1, black: expected the black die (1 to 6), got 0" in res.stdout + res.stderr
    assert "Traceback" not in res.stderr


def test_write_gives_back_the_file_it_replays():
    for path in SAMPLES:
        text = path.read_text(encoding="utf-8")
        t = replay_text(text, path.name)
        from pnp.games.dojima.notation import write
        # a round's `note` is the booklet's comment, not part of the game: the state cannot give it back
        played = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("note = "))
        assert write(t.state, t.title, t.description) == played


@pytest.mark.parametrize("change,message", [
    (('red = "sower 4, waterer 3, merchant 6"', 'red = "sower four"'),
     "round 1, red: expected each card with its die, e.g. \"sower 3, waterer 4, merchant 6\", got \"sower four\""),
    (('"4 sow-advisor",', '"sow-advisor 4",'),
     "round 1, picks[0]: expected \"<die> <advisor>\", e.g. \"4 sow-advisor\", got \"sow-advisor 4\""),
    (('"beggar", "saboteur"', '"imperial", "saboteur"'), "round 1, pyramid: expected the six advisors"),
    (("[[round]]", "[[round]]\nblack = 3"), "round 1, black: not used with two players"),
])
def test_malformed_two_player_rounds_are_exit_2(change, message):
    from .helpers import HERE
    text = (HERE / "scenarios" / "two-players.toml").read_text(encoding="utf-8")
    old, new = change
    assert old in text
    with pytest.raises(NotationError) as exc:
        replay_text(text.replace(old, new, 1), "pyramid.toml")
    assert message in str(exc.value)
