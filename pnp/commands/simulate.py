"""The `pnp simulate` command: many games of one game by one policy, measured (see `pnp.simulate`)."""

import sys
import time
from collections.abc import Callable
from typing import Annotated, Optional

import typer

from ..errors import PnpError, UsageError
from . import GameArg, fail


def _progress(quiet: bool) -> object:
    """Progress on standard error: a line that rewrites itself on a terminal, a few lines otherwise."""
    started = time.perf_counter()
    shown = {"step": -1}
    tty = sys.stderr.isatty()

    def tick(done: int, total: int) -> None:
        if quiet:
            return
        step = done * 20 // total
        if step == shown["step"] and done != total:
            return
        shown["step"] = step
        rate = done / max(time.perf_counter() - started, 1e-9)
        bar = "#" * step + "." * (20 - step)
        msg = f"  [{bar}] {done}/{total} games, {rate:.0f} games/s"
        if tty:
            sys.stderr.write("\r" + msg + ("\n" if done == total else ""))
            sys.stderr.flush()
        else:
            typer.echo(msg, err=True)
    return tick


def simulate(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", help="How many games to play.")] = 100,
    policy: Annotated[Optional[str], typer.Option(
        help="Who plays: the game's own policies (see `pnp list`) or the generic random, greedy (one step "
             "ahead) and mcts (tree search, --budget iterations a decision); one for every seat, or one per "
             "seat in seat order, comma-separated (greedy,random). Default: the game's first.")] = None,
    players: Annotated[Optional[int], typer.Option(
        help="Number of players (default: the game's smallest).")] = None,
    option: Annotated[Optional[list[str]], typer.Option(
        "--option", "-o", help="Switch on one of the game's options (repeatable).")] = None,
    seed: Annotated[int, typer.Option(help="Game i is played from seed SEED+i, as `pnp play --seed` would.")] = 1,
    workers: Annotated[Optional[int], typer.Option(
        help="Processes on this machine (default: every core). The results do not depend on it.")] = None,
    scheduler: Annotated[Optional[str], typer.Option(
        help="Run the games on a Dask cluster, e.g. tcp://host:8786 (needs pnp[cluster]).")] = None,
    budget: Annotated[int, typer.Option(help="MCTS iterations per decision.")] = 64,
    csv: Annotated[Optional[str], typer.Option("--csv", help="Write every measure to this CSV file.")] = None,
    json: Annotated[Optional[str], typer.Option("--json", help="Write the report to this JSON file.")] = None,
    chart: Annotated[Optional[str], typer.Option(
        help="Draw the charts to this file: .pdf or .svg.")] = None,
    save: Annotated[Optional[str], typer.Option(
        help="Keep the report as data for the booklet's @simulation table, e.g. "
             "cards/GAME/simulation.toml.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress on standard error.")] = False,
) -> None:
    """Play many games with one policy and measure them: seat win rates or scores, the first player's
    advantage, game length, results, and each card's use and win rate, with 95 % intervals."""
    from pathlib import Path

    from ..catalog import find_game, rules_for
    from ..model import load_game
    from ..output import write_file
    from ..simulate import chart as charts
    from ..simulate import output
    from ..simulate.run import MAX_GAMES, MIN_WORKER_CAP, Spec, check_policy, default_workers, max_workers, run
    from ..simulate.stats import aggregate

    try:
        if games < 1:
            raise UsageError(f"--games {games}: play at least one game")
        if games > MAX_GAMES:
            raise UsageError(f"--games {games}: at most {MAX_GAMES:,} in one run (split a larger sweep into runs "
                             "with different --seed and add their --csv)")
        if workers is not None and workers < 1:
            raise UsageError(f"--workers {workers}: at least one worker")
        if workers is not None and workers > max_workers():
            raise UsageError(f"--workers {workers}: at most {max_workers()} here (the cores this machine lets "
                             f"pnp use, or {MIN_WORKER_CAP} if fewer); leave it out to use every core")
        if budget < 1:
            raise UsageError(f"--budget {budget}: at least one iteration per decision")
        if chart is not None and Path(chart).suffix.lower() not in (".pdf", ".svg"):
            raise UsageError(f"--chart {chart}: the file name must end in .pdf or .svg")
        if scheduler is not None and "://" not in scheduler:
            raise UsageError(f"--scheduler {scheduler}: expected a scheduler address such as tcp://host:8786")
        for flag, value in (("--csv", csv), ("--json", json), ("--save", save), ("--chart", chart)):
            if value is not None and not value.strip():
                raise UsageError(f'{flag} "": give a file name')
        folder = find_game(game)
        kit = load_game(folder)
        module = rules_for(kit, "`pnp simulate`")
        settings = module.settings(kit, players, list(option or ()), seed)
        # Workers load the game again: a built-in by its id, a user's folder by its absolute path.
        name = str(folder.resolve()) if (Path(game) / "game.toml").is_file() else game
        spec = Spec(name, settings.players, tuple(option or ()), policy or next(iter(module.policies())), seed,
                    budget)
        check_policy(spec)
        count = workers or min(default_workers(), games)
        records = run(spec, games, 1 if scheduler else count, scheduler, _progress(quiet))  # type: ignore[arg-type]
        report = aggregate(spec, records)
        typer.echo(output.table(report), nl=False)
        # (flag, file or None, the file's bytes): made only for the files asked for
        writes: tuple[tuple[str, str | None, Callable[[], bytes]], ...] = (
            ("--csv", csv, lambda: output.to_csv(report).encode()),
            ("--json", json, lambda: output.to_json(report).encode()),
            ("--save", save, lambda: output.to_toml(report).encode()),
            ("--chart", chart, lambda: charts.render(report, Path(str(chart)).suffix.lower()[1:],
                                                     f"{kit.meta.title}: {games} games, policy {spec.policy}")))
        for _flag, target, data in writes:
            if target is not None:
                typer.echo(f"wrote {write_file(target, data())}", err=True)
    except PnpError as exc:
        fail(exc)
