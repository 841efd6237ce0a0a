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
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from ..engine.notation import CheckResult, GameRejected, NotationError, read_notation_file
from ..engine.replay import GameNotation
from ..engine.replay import Transcript as Replayed
from ..engine.settings import BadSetting, Limits, Option, Settings
from ..engine.state import GameState
from ..errors import UsageError

if TYPE_CHECKING:   # drawing and the model are only named in types: rules never import drawing
    from ..draw.shapes import Scene
    from ..model import Card, Game
    from ..output import Artifact


__all__ = ["AnyModule", "BookletAdapter", "Figure", "GameModule", "Option", "Panel", "RoundPage", "Settings",
           "Transcript"]

S = TypeVar("S", bound=GameState)   # a game's state
A = TypeVar("A")                    # an action of that game


class Transcript(Protocol):
    """A replayed notation file: the final state and one log entry per round (read-only, so that
    `pnp.engine.replay.Transcript` of any game is one)."""

    @property
    def state(self) -> Any: ...
    @property
    def rounds(self) -> Sequence[Any]: ...
    @property
    def title(self) -> Any: ...
    @property
    def description(self) -> Any: ...


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


class Prose(str):
    """A line a figure directive returns to be set as a paragraph, not a bullet (say the method behind
    measured figures, which is not one of them)."""


@dataclass
class Figure:
    """A drawn figure with its caption, for a booklet grid. `share`: the text column's share a lone
    figure takes, `least`: how far the booklet may shrink it to keep it on a page (a figure whose
    own printed text must keep its size asks for more room and no shrinking)."""

    scene: Scene
    caption: str
    share: float = 0.6
    least: float = 0.7


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

    def start_figure(self, game: Game, transcript: Transcript, lang: str) -> Figure | None:
        """The position a sample game starts from, drawn before its first round when that is not
        the setup (a game from a stated mid-game position); None draws nothing."""
        return None

    # a walkthrough's heading and intro start on a page that also holds its first round (off by default:
    # a booklet laid out around its intro standing at a page's foot could gain a page)
    intro_with_first_round: ClassVar[bool] = False

    def thumbnail(self, game: Game, card: Card, lang: str) -> Scene | None:
        """A card as the booklet's ``@cards`` row draws it, small: a face that stays legible at that size
        (the printed face's effect text shrinks to grey bars there), or None for the printed face."""
        return None

    def figures(self) -> dict[str, Callable[[Game, str, str], list[Figure] | list[str]]]:
        """Extra directives: name -> function(game, lang, argument) giving figures or bullet lines."""
        return {}

    def sample_values(self, game: Game, transcript: Transcript, lang: str) -> dict[str, Any]:
        """Values for the `booklet.sample` sentence besides title, file, rounds and description."""
        return {}


def game_limits(game: Game, rules_id: str, options: Sequence[Option] = (), round_cap: int | None = None) -> Limits:
    """The limits of a game folder's settings: its title and player range, with the rules module's
    id and options (a game's notation module, which must not import its game module, uses it too)."""
    meta = game.meta
    return Limits(meta.title, rules_id, meta.players.min, meta.players.max, tuple(options), round_cap)


class GameModule(ABC, Generic[S, A]):
    """A game's rules, notation, bot and booklet adapter, behind one interface, typed by the game's
    state `S` (a `pnp.engine.state.GameState`) and action `A`."""

    id: ClassVar[str]
    options: ClassVar[tuple[Option, ...]] = ()
    round_cap: ClassVar[int | None] = 100     # bot games stop after this round if nobody has won

    # -- rules ------------------------------------------------------------------------------

    @abstractmethod
    def new_state(self, game: Game, settings: Settings) -> S:
        """The state after setup, capped at ``settings.round_cap``."""

    @abstractmethod
    def bot_action(self, state: S, rng: random.Random) -> A:
        """A legal action for whoever must decide now."""

    def policies(self) -> dict[str, Callable[[S, random.Random], A]]:
        """Named ways to choose an action (`pnp play/simulate --policy NAME`); the first is the default.
        A game may add its own (e.g. a heuristic); `pnp.simulate` adds the generic ones."""
        return {"bot": self.bot_action}

    def outcome(self, state: S) -> str | None:
        """A named result of a finished game for tables of many games (a solitaire's rank), or None
        when the players' returns say it all."""
        return None

    # -- notation ---------------------------------------------------------------------------

    @abstractmethod
    def notation(self, game: Game) -> GameNotation[S, Any, Any, Any]:
        """The game's notation on the shared replay skeleton (`pnp.engine.replay.GameNotation`),
        set up for `game` with `limits` and `new_state` (see `notation_setup`)."""

    def notation_setup(self, game: Game) -> tuple[Limits, Callable[[Settings], S]]:
        """What every game's notation is built with: the settings' limits and the setup."""
        return self.limits(game), partial(self.new_state, game)

    def replay(self, game: Game, text: str, where: str) -> Replayed[S, Any]:
        """Replay a notation file; raises `NotationError` (exit 2) or `GameRejected` (exit 1)."""
        return self.notation(game).replay(text, where)

    @abstractmethod
    def write(self, state: S, settings: Settings, title: str, description: str) -> str:
        """The notation of a played game; `replay(write(s))` gives the same game."""

    @abstractmethod
    def summary(self, transcript: Replayed[S, Any]) -> str:
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
        try:
            return Limits(cls.id, cls.id, players, players, cls.options).expand(names, players)
        except BadSetting as exc:
            raise UsageError(str(exc)) from None

    def limits(self, game: Game) -> Limits:
        """What settings are checked against: the folder's player range, the declared options, and
        the round cap of bot games."""
        return game_limits(game, self.id, self.options, self.round_cap)

    def settings(self, game: Game, players: int | None = None, options: Sequence[str] = (),
                 seed: int = 1) -> Settings:
        """Settings checked against the game folder's player range and the declared options."""
        try:
            return self.limits(game).settings(players, options, seed)
        except BadSetting as exc:
            raise UsageError(str(exc)) from None

    def policy(self, name: str | None) -> Callable[[S, random.Random], A]:
        """The policy called `name` (None: the default one), or a usage error listing them."""
        known = self.policies()
        if name is None:
            return next(iter(known.values()))
        if name not in known:
            raise UsageError(f"--policy {name}: {self.id} has no such policy (its policies: {', '.join(known)})")
        return known[name]

    def play(self, game: Game, settings: Settings, policy: str | None = None) -> S:
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


AnyModule = GameModule[Any, Any]     # a game's module where any game's will do (registry, catalog, booklet)
