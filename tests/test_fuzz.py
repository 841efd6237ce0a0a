"""Property-based fuzzing (issue 9, item 7): whatever bytes a definition or notation file holds,
pnp answers with exit 0, 1 or 2 and a message, never a traceback.

Hypothesis runs a fixed, derandomized budget so CI is fast and repeatable; raise FUZZ_EXAMPLES to
search longer locally (``FUZZ_EXAMPLES=2000 pytest tests/test_fuzz.py``). The searches that take a
second or more are a soak, marked `slow`: CI runs them, the fast loop (`-m "not slow"`) leaves them
out (tests/model/test_load_errors.py and the notation tests hold the errors they look for, case by case)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.engine.notation import GameRejected, NotationError
from pnp.engine.replay import Header, read_notation
from pnp.errors import DefinitionError, PnpError
from pnp.games.daimyni.module import Daimyni
from pnp.model import load_game
from pnp.paths import cards_dir

BUDGET = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "60")), deadline=None, derandomize=True,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

DAIMYNI = cards_dir() / "daimyni"
SAMPLES = sorted((DAIMYNI / "samples").glob("*.toml"))
TOKENS = ["=", "[", "]", "[[", "]]", "{", "}", ",", '"', "'", "\n", " ", "#", ".", "-", "0", "1", "7", "99",
          "1e999", "inf", "nan", "true", "-1", "round", "end", "position", "red", "blue", "a3", "b3-c3", "pass",
          "recruit", "x2", "D", "+", "count", "number", "label", "id", "\ufeff", "\x00", "é", "大名",
          "9" * 50, "[" * 40, "{{", "}}", "{%", "%}", "__class__", "../"]


@st.composite
def mutated(draw, text: str) -> bytes:
    """A real file with a few spans replaced by TOML-ish tokens: gets past the TOML parser often."""
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        j = min(len(text), i + draw(st.integers(0, 12)))
        text = text[:i] + "".join(draw(st.lists(st.sampled_from(TOKENS), max_size=4))) + text[j:]
    return text.encode("utf-8", "surrogatepass")


def any_file(base: str) -> st.SearchStrategy[bytes]:
    return st.one_of(st.binary(max_size=300), st.text(max_size=200).map(lambda t: t.encode("utf-8", "replace")),
                     mutated(base))


# ---- notation: the shared framework, the Daimyni parser, the check command's path ----------

@pytest.mark.slow
@BUDGET
@given(any_file(SAMPLES[0].read_text(encoding="utf-8")))
def test_read_notation_answers_with_a_notation_error_or_a_result(data):
    try:
        read_notation(data.decode("utf-8", "replace"), "f.toml", "daimyni", Header)
    except NotationError as exc:
        assert str(exc).startswith("f.toml: ")


_GAME = load_game(DAIMYNI)


@BUDGET
@given(st.sampled_from(SAMPLES).flatmap(lambda p: any_file(p.read_text(encoding="utf-8"))))
def test_daimyni_check_gives_exit_0_1_or_2_with_a_message(data):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "n.toml"
        path.write_bytes(data)
        result = Daimyni().check_file(_GAME, path, "n.toml")
    assert result.exit_code in (0, 1, 2)
    assert result.line.startswith("n.toml") and len(result.line) > len("n.toml: ")


@pytest.mark.slow
@BUDGET
@given(st.sampled_from(SAMPLES).flatmap(lambda p: mutated(p.read_text(encoding="utf-8"))))
def test_daimyni_replay_raises_only_its_two_errors(data):
    try:
        Daimyni().replay(_GAME, data.decode("utf-8", "replace"), "n.toml")
    except (NotationError, GameRejected) as exc:
        assert exc.exit_code in (1, 2) and str(exc)


# ---- the definition loader --------------------------------------------------------------

FILES = ["game.toml", "cards.toml", "pieces.toml", "board.toml"]


@pytest.mark.slow
@BUDGET
@given(st.sampled_from(FILES).flatmap(lambda f: st.tuples(st.just(f), any_file((DAIMYNI / f).read_text("utf-8")))))
def test_the_loader_answers_with_a_definition_error_or_a_game(case):
    name, data = case
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "g"
        shutil.copytree(DAIMYNI, folder, ignore=shutil.ignore_patterns("samples", "booklet"))
        (folder / name).write_bytes(data)
        try:
            game = load_game(folder)
        except DefinitionError as exc:
            assert exc.exit_code == 2 and str(exc)
            return
        assert game.id


@pytest.mark.slow
@BUDGET
@given(st.sampled_from(FILES).flatmap(lambda f: st.tuples(st.just(f), mutated((DAIMYNI / f).read_text("utf-8")))))
def test_a_loaded_game_the_rules_accept_or_refuse_with_a_message(case):
    """Past the loader: the rules' setup accepts the folder or says why (catalog.rules_for)."""
    from pnp.catalog import rules_for
    name, data = case
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "g"
        shutil.copytree(DAIMYNI, folder, ignore=shutil.ignore_patterns("samples", "booklet"))
        (folder / name).write_bytes(data)
        try:
            rules_for(load_game(folder))
        except PnpError as exc:
            assert exc.exit_code == 2 and str(exc)
