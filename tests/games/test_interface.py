"""The game-module interface as a user meets it: options declared as data, the same flags for
every game, modules found through entry points, clear errors for what is not installed."""

import pytest

from pnp.errors import UsageError
from pnp.games.interface import GameModule, Option
from pnp.games.registry import module_for, modules
from pnp.model import load_game
from pnp.paths import cards_dir
from tests.conftest import run_pnp


def test_builtin_games_are_found_through_entry_points():
    found = modules()
    assert {"daimyni", "daimyo"} <= set(found)
    assert all(isinstance(m, GameModule) for m in found.values())
    assert module_for("daimyo").id == "daimyo"


def test_a_rules_id_nobody_installed_says_what_to_do():
    with pytest.raises(UsageError, match=r"needs the rules module 'chess'.*not installed.*installed: daimyni, daimyo"):
        module_for("chess", "My Chess")


def test_options_expand_and_respect_player_counts():
    daimyo = module_for("daimyo")
    game = load_game(cards_dir() / "daimyo")
    two = daimyo.settings(game, 2, ["advanced"], seed=3)
    assert "teams" not in two.options and {"special", "mastery", "balanced"} <= two.options
    four = daimyo.settings(game, 4, ["advanced"])
    assert "teams" in four.options
    with pytest.raises(UsageError, match="--option teams: only with 4 players, not 3"):
        daimyo.settings(game, 3, ["teams"])
    with pytest.raises(UsageError, match="--players 5: Daimyo is for 2-4 players"):
        daimyo.settings(game, 5)


def test_a_declared_option_changes_the_game_the_bot_plays():
    daimyo = module_for("daimyo")
    game = load_game(cards_dir() / "daimyo")
    plain = daimyo.play(game, daimyo.settings(game, 2, [], seed=2))
    special = daimyo.play(game, daimyo.settings(game, 2, ["special"], seed=2))
    assert not plain.rules.options.special and special.rules.options.special


def test_list_shows_every_game_with_its_options():
    res = run_pnp("list")
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert any(line.startswith("daimyni") and "2 players" in line for line in lines)
    assert any("--option teams" in line and "(4 players)" in line for line in lines)
    assert any("--option advanced" in line for line in lines)


@pytest.mark.slow
def test_play_takes_generic_players_and_option_flags(tmp_path):
    res = run_pnp("play", "daimyo", "--players", "3", "--option", "fortifications", "--seed", "4",
                  "--out", tmp_path / "g.toml")
    assert res.returncode == 0, res.stderr
    text = (tmp_path / "g.toml").read_text()
    assert "players = 3" in text and 'advanced = ["fortifications"]' in text
    assert run_pnp("check", "daimyo", tmp_path / "g.toml").returncode == 0


def test_play_refuses_an_unknown_option_with_the_list():
    res = run_pnp("play", "daimyni", "--option", "fast")
    assert res.returncode == 2
    assert "--option fast: daimyni has no such option (its options: none)" in res.stderr
    assert "Traceback" not in res.stderr


def test_option_documentation_example():
    class Toy(GameModule):
        id = "toy"
        options = (Option("a", "first"), Option("all", "everything", includes=("a",)))

        def new_state(self, game, settings): ...
        def bot_action(self, state, rng): ...
        def notation(self, game): ...
        def write(self, state, settings, title, description): ...
        def summary(self, transcript): ...

    assert Toy().expand_options(["all"], 2) == frozenset({"a"})


def test_a_broken_plug_in_does_not_take_the_other_games_down(monkeypatch):
    from importlib.metadata import EntryPoint

    from pnp import announced
    from pnp.games import registry

    broken = EntryPoint("broken-game", "no_such_module_anywhere:Game", registry.GROUP)
    good = EntryPoint("daimyni", "pnp.games.daimyni.module:Daimyni", registry.GROUP)
    monkeypatch.setattr(announced, "entry_points", lambda group: [broken, good])
    monkeypatch.setattr(registry, "_BROKEN", {})
    registry.forget()
    try:
        assert set(registry.modules()) == {"daimyni"}
        with pytest.raises(UsageError, match=r"'broken-game' \(no_such_module_anywhere:Game cannot be loaded: "
                                             r"ModuleNotFoundError"):
            registry.module_for("broken-game")
    finally:
        registry.forget()


def test_a_notation_header_and_the_command_line_share_one_settings_check():
    """The player count and options are checked once (`pnp.engine.settings.Limits`), each front end
    wording the refusal its own way."""
    from pnp.engine.notation import NotationError

    module, game = module_for("dojima"), load_game(cards_dir() / "dojima")
    with pytest.raises(UsageError, match=r"^--players 7: Dôjima is for 2-6 players$"):
        module.settings(game, 7)
    with pytest.raises(NotationError, match=r"^f\.toml: players: expected 2 to 6 players, got 7$"):
        module.replay(game, 'game = "dojima"\nplayers = 7\n[[round]]', "f.toml")
    with pytest.raises(UsageError, match=r"^--option short-game: only with 3 or 4 or 5 or 6 players, not 2$"):
        module.settings(game, 2, ["short-game"])
    with pytest.raises(NotationError, match=r"^f\.toml: options: short-game is for 3 to 6 players$"):
        module.replay(game, 'game = "dojima"\nplayers = 2\noptions = ["short-game"]\n[[round]]', "f.toml")


@pytest.mark.parametrize("rules_id", ["daimyni", "daimyo", "samurai-vassal", "dojima"])
def test_bot_games_stop_at_the_module_s_round_cap_and_files_at_their_own(rules_id):
    """The cap is carried by Settings: a bot game writes its module's, a file replays with the one it writes."""
    module, game = module_for(rules_id), load_game(cards_dir() / rules_id)
    settings = module.settings(game, seed=3)
    assert settings.round_cap == module.round_cap is not None
    text = module.bot_notation(game, settings)
    assert f"round_cap = {module.round_cap}\n" in text
    assert module.write(module.replay(game, text, "bot.toml").state, settings, "Bot game, seed 3",
                        text.split('description = "', 1)[1].split('"\n', 1)[0]) == text
