"""Daimyni: rules, notation, a bot and narration."""

from .actions import MoveBushi, MoveDaimyo, MoveTanbo, Pass, PlayCards, Recruit
from .rules import DaimyniState, combat, new_game

__all__ = ["DaimyniState", "MoveBushi", "MoveDaimyo", "MoveTanbo", "Pass", "PlayCards", "Recruit", "combat",
           "new_game"]
