"""The README's quick start is what CI runs, and its commands name things that exist."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ci_runs_the_readme_test_command_as_written():
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```sh\n(.*?)\n```", readme, re.S)
    assert len(blocks) == 2, "the quick start has exactly two commands"
    build, tests = blocks
    assert "pnp build daimyni" in build and "pip install" in build
    assert tests in (ROOT / ".ci" / "run").read_text()


def test_every_pnp_command_in_the_readme_is_a_real_subcommand():
    import typer.main

    from pnp.cli import app

    commands = set(typer.main.get_command(app).commands)
    used = set(re.findall(r"^pnp (\w+)", (ROOT / "README.md").read_text(), re.M))
    assert used and used <= commands, used - commands


def test_using_it_shows_every_command_and_every_built_in_game():
    from pnp.catalog import builtin_games
    from pnp.cli import COMMANDS

    readme = (ROOT / "README.md").read_text()
    using = readme.split("## Using it", 1)[1].split("```", 2)[1]
    lines = [line for line in using.splitlines() if line.startswith("pnp ")]
    shown = {line.split()[1] for line in lines}
    assert {name for name, _ in COMMANDS} <= shown, {name for name, _ in COMMANDS} - shown
    games = {word for line in lines for word in line.split("#")[0].split()}
    assert {e.id for e in builtin_games()} <= games, {e.id for e in builtin_games()} - games
