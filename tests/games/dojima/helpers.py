"""Shared pieces of the Dôjima tests: the game, a module, files by kind."""

from pathlib import Path

from pnp.games.dojima.module import Dojima
from pnp.model import load_game
from pnp.paths import cards_dir

HERE = Path(__file__).parent
FOLDER = cards_dir() / "dojima"
GAME = load_game(FOLDER)
MODULE = Dojima()
EXAMPLES = sorted((FOLDER / "examples").glob("*.toml"))
SAMPLES = sorted((FOLDER / "samples").glob("*.toml"))
SCENARIOS = sorted((HERE / "scenarios").glob("*.toml"))
ILLEGAL = sorted((HERE / "illegal").glob("*.toml"))


def replay_text(text: str, where: str = "test.toml"):
    return MODULE.replay(GAME, text, where)


def check(path: Path):
    return MODULE.check_file(GAME, path, path.name)
