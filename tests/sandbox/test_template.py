"""Templates from a game folder see plain data and do bounded work (issue 21, item 1). Each case
here ran code, read a file or ran for minutes before `pnp.sandbox.template`."""

import pickle
import tracemalloc

import pytest

from pnp.errors import DefinitionError
from pnp.model import load_game
from pnp.paths import cards_dir
from pnp.sandbox.plain import Record, plain
from pnp.sandbox.template import render_template, template_budget
from tests.conftest import run_pnp
from tests.model.test_load_errors import edit


@pytest.fixture(scope="module")
def meta():
    return load_game(cards_dir() / "daimyni").meta      # a pydantic model, as the booklet passes it


class _Touch:
    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        import os
        return os.system, (f"touch {self.path}",)


def _jinja_literal(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'"


def refused(source: str, *words: str, **values) -> str:
    with pytest.raises(DefinitionError) as err:
        render_template(source, "booklet/aid.en.toml", "section[0].lines[1]", **values)
    msg = str(err.value)
    assert msg.startswith("booklet/aid.en.toml: section[0].lines[1]"), msg
    for w in words:
        assert w in msg, (w, msg)
    return msg


def test_a_model_method_cannot_unpickle(meta, tmp_path):
    marker = tmp_path / "pwned"
    payload = _jinja_literal(pickle.dumps(_Touch(marker), protocol=0).decode("latin-1"))
    refused(f"{{{{ game.parse_raw({payload}, proto='pickle', allow_pickle=True) }}}}", game=meta)
    assert not marker.exists()


def test_a_model_method_cannot_read_a_file(meta, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("the-secret-words")
    msg = refused(f"{{{{ game.parse_file('{secret}') }}}}", game=meta)
    assert "the-secret-words" not in msg


@pytest.mark.parametrize("source", [
    "{{ game.__class__ }}", "{{ game.model_dump() }}", "{{ game.title.upper() }}",
    "{{ game['parse_raw'] }}", "{{ (1).__class__.__mro__ }}", "{{ game.title.format }}",
    "{{ lipsum(100000) }}",
])
def test_only_fields_are_reachable(meta, source):
    refused(source, game=meta)


def test_fields_filters_and_loops_still_work(meta):
    out = render_template("{{ game.title }}: {% for c in cards %}{{ c.type_id }}{% if not loop.last %}, "
                          "{% endif %}{% endfor %} ({{ count['x'] }}, {{ count.y // 2 }}, "
                          "{{ cards|selectattr('type_id', 'equalto', 'b')|list|length }}, {{ 'A'|lower }})",
                          "w", None, game=meta, count={"x": 3, "y": 8},
                          cards=[{"type_id": "a"}, {"type_id": "b"}])
    assert out == "Daimyni: a, b (3, 4, 1, a)"


def test_plain_turns_models_into_records(meta):
    r = plain(meta)
    assert isinstance(r, Record) and r["title"] == "Daimyni"
    assert not hasattr(r, "parse_raw") and not hasattr(r, "model_dump")
    with pytest.raises(TypeError):
        plain(print)


@pytest.mark.parametrize("source, words", [
    ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}", "too much work"),
    ("{{ ((10**64)**64)**64 }}", "not allowed"),
    ("{% set ns = namespace(s='x' * 1000) %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
     "'~' would make a value"),
    ("{% set ns = namespace(s='x' * 1000) %}{% for i in range(40) %}{% set ns.s = ns.s + ns.s %}{% endfor %}",
     "'+' would make a value"),
    ("{% set s = 'x' * 100000 %}{{ s|replace('x', s) }}", "|replace would make"),
    ("{% set s = 'x' * 900000 %}{{ [s, s, s, s, s]|join }}", "|join would make"),
    ("{% set s = 'x' * 900000 %}{{ [s, s, s, s, s] }}", "would make a value"),
    ("{% set s = 'x' * 100000 %}{{ s * 30 }}", "that many times"),
    ("{{ '%s'|format('x' * 900000) ~ '%s%s%s'|format(1, 2, 3) }}", ""),
    ("{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(40) }}", "too much work"),
    ("{% for i in range(100000) %}{{ i }}{{ 'x' * 100 }}{% endfor %}", "longer than 1,000,000"),
    ("{{ 'x'|center(80) }}", "No filter named 'center'"),
    ("{{ range(10)|batch(999999999) }}", "a number above 100,000"),
])
def test_work_and_values_are_bounded(source, words):
    """Each of these ran past a minute or grew to gigabytes; now each is refused by the budget (a
    count of work, not a clock) before it grows past a few megabytes."""
    if "too much work" in words:       # work, not size: no value grows, so no memory tracing (slow)
        refused(source, words)
        return
    tracemalloc.start()
    try:
        if words:
            refused(source, words)
        else:
            render_template(source, "w", None)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100 * 1024 * 1024, peak


def test_one_budget_for_many_small_renders():
    """A build renders many sentences; their work adds up in one budget, so a thousand renders of
    a costly sentence cannot add up to minutes."""
    sentence = "{% for i in range(100000) %}{% endfor %}"
    with template_budget(), pytest.raises(DefinitionError, match="too much work"):
        for _ in range(1000):
            render_template(sentence, "narration.en.toml", "events.move")


@pytest.mark.slow
def test_an_aid_line_cannot_run_code_in_a_build(game_copy, tmp_path):
    """The attack as found: one line of booklet/aid.en.toml, printed on every kit with an aid."""
    marker = tmp_path / "pwned"
    payload = pickle.dumps(_Touch(marker), protocol=0).decode("latin-1")
    line = "{{ game.parse_raw(" + _jinja_literal(payload) + ", proto='pickle', allow_pickle=True) }}"
    toml_line = '"' + line.replace("\\", "\\\\").replace('"', '\\"') + '",\n'
    edit(game_copy / "booklet" / "aid.en.toml", "lines = [\n", "lines = [\n  " + toml_line)
    res = run_pnp("build", game_copy, "-q", "--out", tmp_path / "kit")
    assert res.returncode == 2, res.stderr
    assert "booklet/aid.en.toml" in res.stderr and "Traceback" not in res.stderr
    assert not marker.exists()


@pytest.mark.parametrize("source", [
    "", "\n", "\n\n", "Both players act.", "Both players act.\n", "two\r\nlines\r\n", "old\rmac\r",
    "mixed\n\r\n\rbreaks\n\n", "  spaces kept  \n", "武士 – «guillemets» & <angles> }", "% not a tag #",
])
def test_a_plain_sentence_renders_as_jinja_renders_it(source):
    """A source without "{" is given back without compiling it: the text Jinja itself makes of it."""
    import jinja2

    assert "{" not in source
    assert render_template(source, "booklet/narration.en.toml", "x", clan="red") == \
        jinja2.Environment().from_string(source).render()


@pytest.mark.parametrize("source", [
    "Round {{ n }}", "{{ clan }} moves {{ count }} Bushi from {{ src }} to {{ dst }}.\n", "{{clan}}{{  n  }}",
    "{{ title }}: rules\n\n", "}} {{ clan }} %} #}", "{{ clan }}\r\n", "{{ clan|upper }}", "{{ none }}",
    "{{ flag }}", "{{ ratio }}", "{{ cards }}", "{{ missing }}", "{{ clan }} {", "{{- clan }}", "{{ clan\n}}",
    "{{ loop }}", "«{{ clan }}» 武士 {{ n }}",
])
def test_a_sentence_of_named_values_renders_as_jinja_renders_it(source):
    """A source whose only markup is `{{ name }}`, each a text or a whole number, is filled in
    without compiling it; what it gives is what Jinja (in the sandbox) gives, errors included, and
    any other source or value goes to Jinja."""
    from pnp.sandbox.template import _compiled

    values = {"clan": "Red", "n": 3, "count": 12, "src": "b2", "dst": "c3", "title": "Daimyni", "flag": True,
              "ratio": 0.5, "cards": ["a", "b"], "none": "shadowed"}

    def by_jinja() -> str:
        with template_budget():
            return "".join(_compiled(source).generate(**{k: plain(v) for k, v in values.items()}))

    try:
        expected: str | type[Exception] = by_jinja()
    except Exception as exc:          # noqa: BLE001 - the error is what is compared
        expected = type(exc)
    if isinstance(expected, str):
        assert render_template(source, "booklet/narration.en.toml", "x", **values) == expected
    else:
        with pytest.raises(DefinitionError):
            render_template(source, "booklet/narration.en.toml", "x", **values)


def test_named_values_are_spent_from_the_budget():
    """Filled in without Jinja, each value is still weighed and charged as `{{ value }}` charges it."""
    with template_budget() as budget:
        render_template("{{ clan }} and {{ clan }}", "w", None, clan="x" * 1000)
    assert budget.steps == 200_000 - 2 and budget.weight == 50_000_000 - 2 * 1002
