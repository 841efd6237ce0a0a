"""Fuzzing the attack surface of an untrusted game folder (issue 21, item 10): generated templates,
format strings, file trees with links and FIFOs, and damaged images. Whatever they hold, pnp answers
with a value or one of its own errors (exit 1 or 2, a message), reads no file outside the folder,
and stays within a memory budget. Work is bounded by counted budgets, so no clock is needed here.

Hypothesis runs a fixed, derandomized budget; FUZZ_EXAMPLES=2000 searches longer."""

from __future__ import annotations

import io
import os
import shutil
import sys
import tempfile
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from pnp.errors import DefinitionError, PnpError
from pnp.paths import cards_dir
from pnp.sandbox.formats import FormatProblem, fill, problem
from pnp.sandbox.template import MAX_OUTPUT, render_template

BUDGET = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "60")), deadline=None, derandomize=True,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
MEMORY = 200 * 1024 * 1024

# Every file this process opens while `_WATCH` is set: the folder tests assert that none lies outside.
_WATCH: dict[str, list[str]] = {}


def _audit(event: str, args: tuple) -> None:
    if _WATCH and event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        _WATCH["opened"].append(os.path.realpath(os.fsdecode(args[0])))


sys.addaudithook(_audit)


# ---- templates -------------------------------------------------------------------------------

NUMBERS = st.sampled_from(["0", "1", "7", "64", "99999", "100000", "10**64", "(10**64)**64", "-1", "2.5", "1e308"])
TEXTS = st.sampled_from(["'x'", "'ab' * 1000", "'x' * 99999", "game.title", "cards", "count", "range(100000)",
                         "[s, s, s, s]", "ns.s", "loop", "cycler", "game.parse_raw", "game.__class__",
                         "''.join", "lipsum", "self", "dict(a=1)"])
FILTERS = st.sampled_from(["|length", "|join", "|join(s)", "|replace('x', s)", "|list", "|string", "|upper",
                           "|sum", "|batch(3)", "|map('upper')|list", "|format(s, s)", "|center(9)",
                           "|attr('__class__')", "|first", "|items|list", "|selectattr('id')|list"])


@st.composite
def expression(draw, depth: int = 0) -> str:
    kind = draw(st.integers(0, 5 if depth < 3 else 1))
    if kind == 0:
        return draw(NUMBERS)
    if kind == 1:
        return draw(TEXTS)
    left, right = draw(expression(depth + 1)), draw(expression(depth + 1))
    if kind == 2:
        return f"({left} {draw(st.sampled_from(['~', '+', '*', '**', '%', '//', 'in']))} {right})"
    if kind == 3:
        return f"({left}{draw(FILTERS)})"
    if kind == 4:
        return f"{left}.{draw(st.sampled_from(['title', 'id', '__class__', 'mro', 'format', 'items', 'parse_file']))}"
    return f"{left}[{right}]"


@st.composite
def template(draw) -> str:
    parts = ["{% set s = 'x' * 1000 %}{% set ns = namespace(s='y') %}"]
    for _ in range(draw(st.integers(1, 5))):
        e = draw(expression())
        parts.append(draw(st.sampled_from([
            f"{{{{ {e} }}}}",
            f"{{% for i in {e} %}}{{% for j in range(100000) %}}{{{{ j }}}}{{% endfor %}}{{% endfor %}}",
            f"{{% for i in range(100000) %}}{{% set ns.s = ns.s ~ {e} %}}{{% endfor %}}{{{{ ns.s|length }}}}",
            f"{{% macro f(n) %}}{{% if n %}}{{{{ f(n - 1) }}}}{{{{ f(n - 1) }}}}{{% endif %}}{{% endmacro %}}"
            f"{{{{ f({e}) }}}}",
            f"{{% if {e} %}}a{{% else %}}b{{% endif %}}",
        ])))
    return "".join(parts)


@pytest.fixture(scope="module")
def meta():
    from pnp.model import load_game
    return load_game(cards_dir() / "daimyni").meta


@pytest.mark.slow
@BUDGET
@given(template())
def test_a_generated_template_renders_small_or_is_refused(meta, source):
    tracemalloc.start()
    try:
        out = render_template(source, "booklet/rules.en.md", None, game=meta, count={"a": 1},
                              cards=[{"id": "c1"}, {"id": "c2"}])
        assert len(out) <= MAX_OUTPUT
    except DefinitionError as exc:
        assert str(exc).startswith("booklet/rules.en.md: ") and "template error" in str(exc)
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert peak < MEMORY, peak


# ---- format strings --------------------------------------------------------------------------

FORMAT_TOKENS = ["{", "}", "{}", "{{", "}}", "{n}", "{x}", "{0}", "{1}", "{n.__class__}", "{n[0]}", "{!r}", "{!s}",
                 "{:>999999999}", "{:.999}", "{:d}", "{:>10}", "{:{}}", "{n:.2f}", "Trust ", "●", ":", "!", "."]


@BUDGET
@given(st.lists(st.sampled_from(FORMAT_TOKENS), max_size=8).map("".join),
       st.sampled_from([1, 2.5, "abc", "大名"]))
def test_a_format_string_fills_or_is_refused_with_a_sentence(template, value):
    why = problem(template, ("n",), value=True)
    try:
        out = fill(template, {"n": value}, value=value)
    except FormatProblem as exc:
        assert str(exc).startswith(repr(template)) or str(exc).startswith(f"{template!r}")
        return
    assert why is None
    assert len(out) <= len(template) * 210 + 64      # no width above 200 anywhere
    assert "class" not in out or "class" in template


# ---- file trees ------------------------------------------------------------------------------

DAIMYNI = cards_dir() / "daimyni"
TARGETS = ["game.toml", "cards.toml", "pieces.toml", "board.toml", "booklet/rules.en.md", "booklet/aid.en.toml",
           "booklet/narration.en.toml", "samples/first-blood.toml", "samples", "booklet", "layouts"]
SPECIAL = st.sampled_from(["link-out", "link-out-dir", "link-in", "fifo", "dir", "dangling", "loop", "empty"])


def _make(folder: Path, secret: Path, name: str, kind: str) -> None:
    path = folder / name
    if os.path.lexists(path):
        if path.is_symlink() or not path.is_dir():
            path.unlink()
        else:
            shutil.rmtree(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "link-out":
        os.symlink(secret / "secret.toml", path)
    elif kind == "link-out-dir":
        os.symlink(secret, path)
    elif kind == "link-in":
        os.symlink(folder / ("pieces.toml" if name != "pieces.toml" else "board.toml"), path)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "dir":
        path.mkdir()
    elif kind == "dangling":
        os.symlink(folder / "nowhere", path)
    elif kind == "loop":
        os.symlink(path, path)
    else:
        path.write_bytes(b"")


@pytest.mark.slow
@settings(BUDGET, max_examples=max(10, BUDGET.max_examples // 3))
@given(st.lists(st.tuples(st.sampled_from(TARGETS), SPECIAL), min_size=1, max_size=3))
def test_a_folder_of_links_and_fifos_is_refused_without_reading_outside(changes):
    """Load, replay a sample and make the booklet and the aid: a value or a PnpError, and no file
    outside the folder (the secret) is ever opened."""
    from pnp.build import Options, build_kit
    from pnp.catalog import rules_for
    from pnp.model import load_game
    with tempfile.TemporaryDirectory() as tmp:
        secret = Path(tmp) / "secret"
        secret.mkdir()
        (secret / "secret.toml").write_text('id = "stolen"\ntitle = "the-secret-words"\n')
        folder = Path(tmp) / "g"
        shutil.copytree(DAIMYNI, folder)
        for name, kind in changes:
            _make(folder, secret, name, kind)
        _WATCH["opened"] = []
        try:
            try:
                game = load_game(folder)
                rules_for(game)
                build_kit(game, Options(only=("aid", "booklet"), svg=False))
            except PnpError as exc:
                assert exc.exit_code in (1, 2) and str(exc)
                assert "the-secret-words" not in str(exc)
            outside = [p for p in _WATCH["opened"] if p.startswith(str(secret.resolve()))]
        finally:
            _WATCH.clear()
        assert outside == []


# ---- images ----------------------------------------------------------------------------------

def _picture(fmt: str) -> bytes:
    buf = io.BytesIO()
    im = Image.new("RGB", (64, 48), (200, 30, 30))
    im.paste((20, 20, 200), (32, 0, 64, 48))
    im.save(buf, fmt)
    return buf.getvalue()


@st.composite
def damaged(draw, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(draw(st.integers(1, 6))):
        i = draw(st.integers(8, len(out) - 1))
        out[i] = draw(st.integers(0, 255))
    if draw(st.booleans()):
        out = out[:draw(st.integers(8, len(out)))]
    return bytes(out)


@BUDGET
@given(st.sampled_from([("png", "PNG"), ("jpg", "JPEG")]).flatmap(
    lambda k: st.tuples(st.just(k[0]), damaged(_picture(k[1])))))
def test_a_damaged_image_is_read_whole_or_refused(case):
    from pnp.draw import image
    suffix, data = case
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "game.toml").write_text("id = 'x'\n")
        path = Path(tmp) / f"art.{suffix}"
        path.write_bytes(data)
        image.load.cache_clear()
        try:
            got, kind, w, h = image.load(path, "cards.toml", "types.x.image")
        except DefinitionError as exc:
            assert str(exc).startswith("cards.toml: types.x.image: image ")
            return
        assert got == data and w > 0 and h > 0
