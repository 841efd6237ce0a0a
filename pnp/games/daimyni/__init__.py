"""Daimyni: rules, notation, a bot and narration."""

from .rules import DaimyniState, MoveBushi, MoveDaimyo, MoveTanbo, Pass, PlayCards, Recruit, combat, new_game

__all__ = ["DaimyniState", "MoveBushi", "MoveDaimyo", "MoveTanbo", "Pass", "PlayCards", "Recruit", "combat",
           "new_game"]
