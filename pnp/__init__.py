"""pnp: print-and-play kits and checked rules references for tabletop games."""

__version__ = "0.1.0"

