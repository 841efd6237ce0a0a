"""pnp: print-and-play kits and checked rules references for tabletop games."""

from .dataclass_methods import install as _install_dataclass_methods

__version__ = "0.1.0"

# Before any of pnp's modules makes a dataclass: see pnp.dataclass_methods (a tenth of the
# dataclasses' share of a command's start-up).
_install_dataclass_methods()
