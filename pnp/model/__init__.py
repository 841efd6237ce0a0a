"""Definition schemas and loading."""

from .game import Card, Counter, Game, load_game
from .layouts import Layouts, load_layouts

__all__ = ["Card", "Counter", "Game", "Layouts", "load_game", "load_layouts"]
