"""Shogun Solitaire: a one-player card game (seed 004). `module.ShogunSolitaire` is the game module."""
