"""The `pnp` command. Thin: it parses arguments and calls library functions."""

from __future__ import annotations

import gc
import inspect
import os
import signal
import sys
from collections.abc import Callable
from functools import cache
from importlib import import_module
from typing import Annotated, Any

# A command is a short process that makes a great many small objects and frees nearly all of them
# by reference counting; the cyclic collector's default thresholds (a pass every 700 allocations,
# a full pass over every object alive, modules and classes included, every 100 of those) cost a
# kit build about a seventh of its time and find almost nothing. Passes still run, just rarely.
gc.set_threshold(100_000, 50, 100)

# pydantic looks for plugins on first building a validator: it reads the entry points of every
# installed distribution (about 25 ms of a kit build, a second full scan after pnp's own for games).
# pnp validates a game's definitions and wants no installed package hooking into that; a user who
# sets the variable keeps their setting (pydantic's documented switch).
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

# With the scan off, pydantic still imports its plugin loader, which imports importlib.metadata
# (about 10 ms); pnp.plugin_switch stands in for the loader while the variable turns plugins off.
# Installed here, for the command's own process, for the same reason as the dataclass methods below.
from .plugin_switch import install as _install_plugin_switch  # noqa: E402

_install_plugin_switch()

# dataclasses compiles each method of each class on its own (about 120 ms of a kit build on 3.11);
# pnp.dataclass_methods makes the same methods with less compiling. It replaces functions inside the
# standard library's module, so it is installed here, for pnp's own process, and not by `import pnp`,
# which must leave a host program's dataclasses as the standard library makes them. Installed before
# typer and pnp's modules make their classes.
from .dataclass_methods import install as _install_dataclass_methods  # noqa: E402

_install_dataclass_methods()

import typer  # noqa: E402
from typer.core import TyperCommand, TyperGroup  # noqa: E402

from .errors import PnpError  # noqa: E402


# (click's types, which typer has vendored since 0.24: Any keeps this true of either)
def _bare_flags(params: list[Any]) -> list[Any]:
    """An on/off option shows in `-h` as a bare flag: typer's rich help would print its type,
    <bool>, as if it took a value (an empty metavar prints nothing there)."""
    for param in params:
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
    return params


def _words_as_given(params: list[Any]) -> list[Any]:
    """typer (0.2x) checks each value through a pydantic TypeAdapter that it builds for the
    parameter on first use, defaults and --help included: 11 in `pnp build`, each a schema and a
    validator, about 15 ms of CPU before the command starts. Every pnp parameter is text or an on/off
    flag, whose values come from the command line as str and bool already (a `None` never reaches
    the check): typer's own pass-through check, the one it gives a type pydantic cannot describe,
    returns them unchanged without building anything. A typer without these internals is left as it is."""
    try:
        from typer._coercion import PassThroughRuntimeParam
    except ImportError:
        return params
    for param in params:
        descriptor = getattr(param, "type_descriptor", None)
        if descriptor is None or getattr(param, "_runtime_param", False) is not None:
            continue
        if descriptor.annotation is str or (descriptor.annotation is bool and getattr(param, "is_flag", False)):
            param._runtime_param = PassThroughRuntimeParam(parameter_info=descriptor.parameter_info,
                                                           annotation=descriptor.annotation)
    return params


class FlagCommand(TyperCommand):
    def get_params(self, ctx: Any) -> list[Any]:
        return _words_as_given(_bare_flags(super().get_params(ctx)))


class FlagGroup(TyperGroup):
    def get_params(self, ctx: Any) -> list[Any]:
        return _words_as_given(_bare_flags(super().get_params(ctx)))


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version
        try:
            typer.echo(f"pnp {version('pnp')}")
        except PackageNotFoundError:
            typer.echo("pnp (not installed)")
        raise typer.Exit(0)


def _main(version: Annotated[bool, typer.Option("--version", help="Print the version and exit.",
                                                callback=_version, is_eager=True)] = False) -> None:
    """Print-and-play kits for tabletop games: card sheets with bleed and crop marks, boards on A3 or
    split over two sheets, counters, and SVGs of every component."""


# Every command, in the order `pnp -h` lists them: its name and the function that runs it, as
# pnp.commands.MODULE.FUNCTION. A command's module is imported when the application needs it (see
# `app_for`): `pnp build` imports none of the nine others (7 ms: each makes its options as it loads).
WHERE: tuple[tuple[str, str, str], ...] = (
    ("new", "new", "new"),
    ("build", "build", "build"),
    ("play", "play", "play"),
    ("check", "check", "check"),
    ("list", "listing", "list_games"),
    ("export", "export", "export"),
    ("simulate", "simulate", "simulate"),
    ("site", "site", "site"),
    ("preview", "preview", "preview"),
    ("watch", "watch", "watch"),
)


def commands(names: tuple[str, ...] | None = None) -> tuple[tuple[str, Callable[..., None]], ...]:
    """(name, function) of these commands (all of them by default), in `WHERE`'s order."""
    return tuple((name, getattr(import_module(f"{__package__}.commands.{module}"), function))
                 for name, module, function in WHERE if names is None or name in names)


def reflow(doc: str | None) -> str:
    """A docstring as help text: the line breaks inside a paragraph are the source's, not the
    reader's, so each paragraph is joined into one line for rich to wrap at the terminal's width
    (typer joins only the first paragraph, and the command list shows the rest of its lines as breaks)."""
    paragraphs = inspect.cleandoc(doc or "").split("\n\n")
    return "\n\n".join(" ".join(line.strip() for line in p.splitlines()) for p in paragraphs)


def make_app(chosen: tuple[tuple[str, Callable[..., None]], ...] | None = None) -> typer.Typer:
    """The `pnp` application with these commands (all of them by default)."""
    made = typer.Typer(
        name="pnp",
        cls=FlagGroup,
        help="Print-and-play kits for tabletop games: card sheets with bleed and crop marks, "
             "boards on A3 or split over two sheets, counters, and SVGs of every component.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    made.callback()(_main)
    for name, command in commands() if chosen is None else chosen:
        made.command(name, cls=FlagCommand, help=reflow(command.__doc__))(command)
    return made


@cache
def whole_app() -> typer.Typer:
    """The application with every command, made once."""
    return make_app()


def __getattr__(name: str) -> Any:
    """`app`, the application with every command, and `COMMANDS`, every (name, function), made when
    first asked for (by `pnp -h` and by tests), not on every start (see `WHERE`)."""
    if name == "app":
        return whole_app()
    if name == "COMMANDS":
        return commands()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def app_for(args: list[str]) -> typer.Typer:
    """The application a command line needs: only the command it names, when it names one (typer
    works out every option of every command it holds each time it starts, 10 ms of a kit build
    spent on nine commands it does not run); all of them otherwise (`pnp -h`, or a mistyped
    command, which is told the commands there are)."""
    named = next((a for a in args if not a.startswith("-")), None)
    one = commands((named,)) if named is not None else ()
    return make_app(one) if one else whole_app()


class Interrupted(BaseException):
    """Ctrl-C, raised past typer (which would exit 130 silently) to `main`, after every `finally`
    has run: a kit being written is discarded (see pnp.output)."""


def _interrupt(_signum: int, _frame: object) -> None:
    raise Interrupted


def main() -> None:
    signal.signal(signal.SIGINT, _interrupt)
    try:
        app_for(sys.argv[1:])()
    except PnpError as exc:  # raised outside a command's own handling
        typer.echo(f"pnp: error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except (Interrupted, KeyboardInterrupt):   # the kit being written is left as it was: see pnp.output
        typer.echo("pnp: interrupted, nothing written", err=True)
        sys.exit(130)
    except Exception as exc:  # a bug: say so plainly; PNP_DEBUG=1 shows the traceback
        if os.environ.get("PNP_DEBUG"):
            raise
        typer.echo(f"pnp: internal error: {type(exc).__name__}: {exc} (run with PNP_DEBUG=1 for details)", err=True)
        sys.exit(70)
    finally:
        # The process ends here. Python's shutdown clears every module and runs the cyclic
        # collector over all that is left, several times: after a kit build that is a fifth of the
        # whole run's CPU time, spent freeing memory the exit frees anyway. Frozen objects are
        # never examined by a collection; the exit itself (atexit, flushing, closing) is unchanged.
        gc.freeze()


if __name__ == "__main__":
    main()
