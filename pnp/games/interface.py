"""The game-module interface: what a rules module gives pnp, so that `build`, `play`, `check` and
the booklet work for it without any shared code naming the game.

A game is a data folder (``cards/<game>/``) plus one rules module that subclasses `GameModule`
and is announced through the ``pnp.games`` entry-point group (see `pnp.games.registry`). A
game folder says which module plays it with ``rules = "<id>"`` in game.toml (default: its id).

The module declares its options as data (`Option`); the CLI turns them into
``--players N --option NAME`` for every game alike and `pnp list` prints them:

>>> class Coin(GameModule):
...     id = "coin"
...     options = (Option("sudden-death", "the first miss loses"),
...                Option("pairs", "two teams of two", players=(4,)),
...                Option("advanced", "every optional rule", includes=("sudden-death", "pairs")))
>>> sorted(Coin.expand_options(("advanced",), players=4))
['pairs', 'sudden-death']
>>> Coin.expand_options(("pairs",), players=2)
Traceback (most recent call last):
...
pnp.errors.UsageError: --option pairs: only with 4 players, not 2
>>> Coin.expand_options(("fast",), players=2)
Traceback (most recent call last):
...
pnp.errors.UsageError: --option fast: coin has no such option (its options: sudden-death, pairs, advanced)
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from ..engine.notation import CheckResult, GameRejected, NotationError, read_notation_file
from ..errors import UsageError

if TYPE_CHECKING:   # drawing and the model are only named in types: rules never import drawing
    from ..draw.shapes import Scene
    from ..model import Game
    from ..output import Artifact


@dataclass(frozen=True)
class Option:
    """One optional rule or variant, declared as data.

    `players` limits it to some player counts; `includes` makes it a shorthand for others
    (an ``advanced`` option may switch on every optional rule that fits the player count)."""

    name: str
    help: str
    players: tuple[int, ...] = ()
    includes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Settings:
    """How one game is set up: the player count, the options on, the seed for chance and bots."""

    players: int
    options: frozenset[str] = frozenset()
    seed: int = 1


class Transcript(Protocol):
    """A replayed notation file: the final state and one log entry per round."""

    state: Any
    rounds: Sequence[Any]
    title: Any
    description: Any


@dataclass
class Panel:
    """One step of a walkthrough: a drawn diagram and what happened."""

    scene: Scene
    heading: str
    sentence: str
    spec: Any = None     # what the diagram was drawn from (e.g. a DiagramSpec), for tests and tools


@dataclass
class RoundPage:
    """One round of a walkthrough: the lines before the diagrams, then the diagrams."""

    round: int
    intro: list[str]
    panels: list[Panel]


@dataclass
class Figure:
    """A drawn figure with its caption, for a booklet grid."""

    scene: Scene
    caption: str


class BookletAdapter(ABC):
    """What the shared booklet asks of a game: pictures of its positions and sentences for its events.

    The booklet's own directives (``@cover``, ``@components``, ``@cards``, ``@walkthrough``,
    ``@samples``) work for every game through these methods; a game adds directives of its own
    by listing them in `figures` (``@setup``, ``@combat-table``...)."""

    @abstractmethod
    def cover_scene(self, game: Game, lang: str) -> Scene | None:
        """The picture on the cover (the board, a start map), or None."""

    @abstractmethod
    def walkthrough(self, game: Game, sample: Path, lang: str) -> tuple[Transcript, list[RoundPage]]:
        """Replay a sample game and turn it into illustrated rounds."""

    def figures(self) -> dict[str, Callable[[Game, str, str], list[Figure] | list[str]]]:
        """Extra directives: name -> function(game, lang, argument) giving figures or bullet lines."""
        return {}

    def sample_values(self, game: Game, transcript: Transcript, lang: str) -> dict[str, Any]:
        """Values for the `booklet.sample` sentence besides title, file, rounds and description."""
        return {}


class GameModule(ABC):
    """A game's rules, notation, bot and booklet adapter, behind one interface."""

    id: ClassVar[str]
    options: ClassVar[tuple[Option, ...]] = ()
    round_cap: ClassVar[int] = 100      # bot games stop here if nobody has won

    # -- rules ------------------------------------------------------------------------------

    @abstractmethod
    def new_state(self, game: Game, settings: Settings) -> Any:
        """The state after setup (an `pnp.engine.State`)."""

    @abstractmethod
    def bot_action(self, state: Any, rng: random.Random) -> Any:
        """A legal action for whoever must decide now."""

    def policies(self) -> dict[str, Callable[[Any, random.Random], Any]]:
        """Named ways to choose an action (`pnp play/simulate --policy NAME`); the first is the default.
        A game may add its own (e.g. a heuristic); `pnp.simulate` adds the generic ones."""
        return {"bot": self.bot_action}

    def outcome(self, state: Any) -> str | None:
        """A named result of a finished game for tables of many games (a solitaire's rank), or None
        when the players' returns say it all."""
        return None

    # -- notation ---------------------------------------------------------------------------

    @abstractmethod
    def replay(self, game: Game, text: str, where: str) -> Transcript:
        """Replay a notation file; raises `NotationError` (exit 2) or `GameRejected` (exit 1)."""

    @abstractmethod
    def write(self, state: Any, settings: Settings, title: str, description: str) -> str:
        """The notation of a played game; `replay(write(s))` gives the same game."""

    @abstractmethod
    def summary(self, transcript: Transcript) -> str:
        """One line about a replayed game, after 'ok, ' in `pnp check`: rounds, winner, scores."""

    # -- booklet and kit --------------------------------------------------------------------

    def booklet(self) -> BookletAdapter | None:
        return None

    def kit_parts(self, game: Game, lang: str) -> list[Artifact]:
        """Files the game adds to its kit beyond its declared components (none by default)."""
        return []

    # -- shared behaviour -------------------------------------------------------------------

    @classmethod
    def expand_options(cls, names: Sequence[str], players: int) -> frozenset[str]:
        """Check option names against the declaration and expand shorthands."""
        known = {o.name: o for o in cls.options}
        out: set[str] = set()
        for name in names:
            if name not in known:
                listed = ", ".join(known) or "none"
                raise UsageError(f"--option {name}: {cls.id} has no such option (its options: {listed})")
            opt = known[name]
            if opt.includes:
                out |= {n for n in opt.includes if not known[n].players or players in known[n].players}
                continue
            if opt.players and players not in opt.players:
                counts = " or ".join(map(str, opt.players))
                raise UsageError(f"--option {name}: only with {counts} players, not {players}")
            out.add(name)
        return frozenset(out)

    def settings(self, game: Game, players: int | None = None, options: Sequence[str] = (),
                 seed: int = 1) -> Settings:
        """Settings checked against the game folder's player range and the declared options."""
        lo, hi = game.meta.players.min, game.meta.players.max
        count = lo if players is None else players
        if not lo <= count <= hi:
            span = str(lo) if lo == hi else f"{lo}-{hi}"
            raise UsageError(f"--players {count}: {game.meta.title} is for {span} players")
        return Settings(count, self.expand_options(options, count), seed)

    def policy(self, name: str | None) -> Callable[[Any, random.Random], Any]:
        """The policy called `name` (None: the default one), or a usage error listing them."""
        known = self.policies()
        if name is None:
            return next(iter(known.values()))
        if name not in known:
            raise UsageError(f"--policy {name}: {self.id} has no such policy (its policies: {', '.join(known)})")
        return known[name]

    def play(self, game: Game, settings: Settings, policy: str | None = None) -> Any:
        """A whole game played by a policy (default: the game's bot), deterministic for the seed."""
        choose = self.policy(policy)
        state = self.new_state(game, settings)
        rng = random.Random(settings.seed)
        while not state.is_terminal():
            state.apply_action(choose(state, rng))
        return state

    def bot_notation(self, game: Game, settings: Settings, name: str | None = None,
                     policy: str | None = None) -> str:
        """A bot game's notation; its description gives the command that plays it again (`name`:
        the game as the user named it, a built-in id or a folder path)."""
        flags = f" --players {settings.players}" if game.meta.players.min != game.meta.players.max else ""
        flags += "".join(f" --option {o}" for o in sorted(settings.options))
        flags += f" --policy {policy}" if policy is not None else ""
        state = self.play(game, settings, policy)
        return self.write(state, settings, f"Bot game, seed {settings.seed}",
                          f"Written by `pnp play {name or game.id} --seed {settings.seed}{flags}`.")

    def check_file(self, game: Game, path: Path, shown: str) -> CheckResult:
        """Read and replay one notation file, as one line for the user and an exit code."""
        try:
            t = self.replay(game, read_notation_file(path, shown), shown)
        except (NotationError, GameRejected) as exc:
            return CheckResult(path, False, str(exc), exc.exit_code)
        return CheckResult(path, True, f"{shown}: ok, {self.summary(t)}", 0, t)

