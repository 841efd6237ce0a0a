"""Rebuild a kit as its files change (`pnp watch`): which parts a changed file feeds, and a kit kept
in memory part by part, so a change rebuilds only what it touches and the folder is then rewritten
whole (`pnp.output.KitWriter`: a kit is replaced whole or not at all).

Parts that share sheets are built together, as a whole build would place them: the deck, the
counters and the aid card (`pnp.kit.sheetplan` puts counters and aid cards on the card sheets when
they fit). Every other part is built alone. The union of the groups is the whole build's kit."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from threading import Event

from .build import PARTS, Options, available_parts, iter_kit
from .errors import PnpError, UsageError
from .model import Game, load_game
from .output import Artifact, KitWriter

SHEETS = ("cards", "pieces", "aid")       # on shared sheets: rebuilt together
MODULE = "module"                          # files the game's rules module adds to a whole build
EVERYTHING = frozenset((*PARTS, MODULE))
_DECK = frozenset({"cards", "pieces", "aid", "booklet"})

# a definition file -> the parts it feeds (the booklet shows the components, so it reads them all)
_FEEDS: dict[str, frozenset[str]] = {
    "cards.toml": _DECK, "pieces.toml": _DECK,
    "board.toml": frozenset({"board", "booklet"}), "tracks.toml": frozenset({"board", "booklet"}),
    "tiles.toml": frozenset({"tiles", "booklet"}), "maps.toml": frozenset({"tiles", "booklet"}),
    "mats.toml": frozenset({"mats", "booklet"}), "dice.toml": frozenset({"dice", "booklet"}),
}
_SHEETS_SUFFIXES = (".csv", ".xlsx", ".xls", ".ods", ".tsv")     # a deck's spreadsheet (cards.toml `rows`)


def parts_for(changed: Iterable[Path], folder: Path, ignore: Path | None = None) -> frozenset[str]:
    """The parts to rebuild after the files `changed` (absolute, or relative to `folder`) changed.
    game.toml, layouts/ and any file pnp cannot place (an image, which any part may print) mean
    everything; a file outside the folder, or inside `ignore` (the kit being written), means nothing."""
    out: set[str] = set()
    root = folder.resolve()
    skip = ignore.resolve() if ignore is not None else None
    for path in changed:
        full = path if path.is_absolute() else root / path
        if skip is not None and full.resolve().is_relative_to(skip):
            continue
        try:
            rel = PurePosixPath(full.resolve().relative_to(root).as_posix())
        except ValueError:
            continue
        parts = rel.parts
        name = rel.name
        if not parts or any(p.startswith(".") for p in parts):      # editors' swap files, pnp's own staging
            continue
        if name in _FEEDS and len(parts) == 1:
            out |= _FEEDS[name]
        elif rel.suffix.lower() in _SHEETS_SUFFIXES:
            out |= _DECK
        elif parts[0] == "booklet":
            out |= _DECK if name.startswith("aid.") else {"booklet"}
        elif parts[0] in ("samples", "examples") or (len(parts) == 1 and rel.suffix == ".toml"
                                                     and name != "game.toml"):
            out.add("booklet")      # replayed or measured by the booklet only
        else:
            return EVERYTHING
    return frozenset(out)


def groups(game: Game, only: tuple[str, ...] = PARTS) -> list[tuple[str, ...]]:
    """The game's parts (of `only`) as they are built: the ones sharing sheets together, then each
    other alone."""
    have = [p for p in available_parts(game) if p in only]
    sheets = tuple(p for p in SHEETS if p in have)
    return ([sheets] if sheets else []) + [(p,) for p in have if p not in SHEETS]


@dataclass
class Kit:
    """A kit in memory, by group; `files()` is the whole kit in a whole build's order."""

    game: Game
    opts: Options
    built: dict[tuple[str, ...], list[Artifact]] = field(default_factory=dict)

    def build(self, wanted: frozenset[str]) -> list[tuple[str, ...]]:
        """Rebuild every group one of whose parts is `wanted` (and the module's files on EVERYTHING);
        returns the groups rebuilt. A group the game no longer has is dropped."""
        from .build import _module_parts

        missing = [p for p in self.opts.only if p not in available_parts(self.game)]
        if missing and tuple(self.opts.only) != PARTS:
            raise UsageError(f"--only {','.join(self.opts.only)}: {self.game.id} has no {', '.join(missing)} "
                             f"(its parts: {', '.join(available_parts(self.game))})")
        current = groups(self.game, self.opts.only)
        for gone in [g for g in self.built if g != (MODULE,) and g not in current]:
            del self.built[gone]
        done = []
        for group in current:
            if group not in self.built or wanted & set(group):
                self.built[group] = list(iter_kit(self.game, replace(self.opts, only=group)))
                done.append(group)
        if tuple(self.opts.only) != PARTS:     # as `pnp build --only`: the module's files come with a whole kit
            self.built.pop((MODULE,), None)
        elif MODULE in wanted or (MODULE,) not in self.built:
            self.built[(MODULE,)] = _module_parts(self.game, self.opts.lang or self.game.meta.languages[0])
        return done

    def files(self) -> list[Artifact]:
        order = {p: i for i, p in enumerate((*PARTS, MODULE))}
        return [a for g in sorted(self.built, key=lambda g: order[g[0]]) for a in self.built[g]]


@dataclass
class Watcher:
    """What `pnp watch` keeps between two saves: the folder, the options, where the kit goes and
    the kit in memory (None until a first build succeeds)."""

    folder: Path
    opts: Options
    out: Path | None
    say: Callable[[str], None]
    kit: Kit | None = None

    def target(self, game: Game) -> Path:
        return self.out if self.out is not None else Path("output") / game.id

    def rebuild(self, changed: Iterable[Path] | None) -> bool:
        """Reload the definitions and rebuild what `changed` feeds (None: everything), then write
        the kit. A problem is printed and the last good kit stays on disk; returns whether it worked."""
        ignore = self.kit and self.target(self.kit.game)
        wanted = EVERYTHING if changed is None else parts_for(changed, self.folder, ignore or None)
        if not wanted:
            return True
        started = time.perf_counter()
        try:
            game = load_game(self.folder)
            for warning in game.warnings:      # as `pnp build` prints them, on every rebuild until fixed
                self.say(f"warning: {warning}")
            if self.kit is None or wanted == EVERYTHING:
                self.kit = Kit(game, self.opts)
            else:
                self.kit.game = game
            done = self.kit.build(wanted)
            target = self.target(game)
            writer = KitWriter(target, game.id)
            try:
                for art in self.kit.files():
                    writer.add(art.name, art.data)
                writer.commit()
            finally:
                writer.discard()
        except PnpError as exc:
            if wanted == EVERYTHING:
                self.kit = None      # a half-built kit is not kept: the next save builds it all
            self.say(f"error: {exc}")
            return False
        names = ", ".join(p for g in done for p in g) or "nothing"
        self.say(f"rebuilt {names} in {time.perf_counter() - started:.2f} s -> {target}/")
        return True


def watch(watcher: Watcher, stop: Event, debounce_ms: int = 150) -> None:
    """Rebuild on every batch of saves until `stop` is set (Ctrl-C sets it: see `pnp.commands.watch`)."""
    from watchfiles import watch as changes

    for batch in changes(watcher.folder, stop_event=stop, debounce=debounce_ms, step=50, raise_interrupt=False):
        watcher.rebuild({Path(p) for _change, p in batch})
        if stop.is_set():
            break
