"""pnp.sandbox.quick renders a few template shapes without compiling them: over many generated
sources (its shapes, near misses and broken markup) and values (texts, numbers, mappings, missing
names, texts the sandbox refuses, budgets nearly spent), `render_template` must give what the
sandbox's Jinja alone gives: the same text or the same error, and the same budget left."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from pnp.errors import DefinitionError
from pnp.sandbox import quick, template
from pnp.sandbox.template import Budget, render_template, template_budget

NAMES = ("a", "b", "n", "c", "missing", "loop", "none", "x_1")
VALUES: tuple[Any, ...] = (
    "Red", "", "MiXed Case", 0, 1, 2, -3, True, False, None, 0.5, ("t", "u"), "%1234567d", "{0}1234567",
    {"k": "Val", "move-bushi": 3, "back": ""}, {"k": 7}, "x" * 3000, "Ünïcödé ß",
)
TEXTS = tuple(v for v in VALUES if isinstance(v, str))
BIG = 2 ** 4095
SEQUENCES: tuple[Any, ...] = ((), ({"k": "A", "back": ""}, {"k": "B", "back": "two"}), ("x", "y", "z"), (1, "b"),
                              [{"k": 1}], ({"k": "only", "back": 0},), "text")


class Maker:
    """Sources: clean ones (only the quick shapes) and noisy ones (near misses, broken markup)."""

    def __init__(self, rng: random.Random, clean: bool):
        self.rng, self.clean = rng, clean

    def pick(self, clean: tuple[str, ...], noisy: tuple[str, ...] = ()) -> str:
        return self.rng.choice(clean if self.clean else clean + noisy)

    loops = 0       # for blocks open where a value is being made

    def value(self) -> str:
        inner = ("it", "it.k", "it.back", "loop.index", "loop.first", "loop.last", "loop.index0") if self.loops else ()
        if self.clean:      # names given values of the kinds their use suits, most of the time
            if self.rng.random() < 0.05:
                return self.rng.choice(("c.nope", "b.k", "missing", "loop.length", "it.nope"))
            return self.rng.choice(("a", "a", "b", "n", "c.k", "c['k']", 'c["move-bushi"]', "c.back", "a[0]", "a[1:]",
                                    "a[:1]", "s[0]", "s[1:]", "a[2:4]", "s[:]", "c[0]") + inner)
        return self.rng.choice(NAMES + inner) + self.rng.choice(("", "", ".k", "['k']", ". k", "[0]", ".k.k"))

    def out(self) -> str:
        pad = self.pick(("", " ", "  "))
        flt = self.pick(("", "", "|lower", " | upper"), ("|title", "|lower()", "|lower|upper", " ~ 'x'", " + 1"))
        inner = self.value() + flt
        if self.rng.random() < 0.3:
            inner = self.pick((f"'one' if {self.test()} else 'two'", f"{self.value()} if {self.test()} else 0",
                               f"-{self.value()}", f"{self.value()}|join(', ')", f"{self.value()}|join('')|upper",
                               f"{self.value()} + {self.value()}", f"{self.value()} - 2 + {self.value()}", "1 + 2",
                               f"- -{self.value()}"),
                              (f"'x' if {self.test()}", "'a' if 1 else 'b'", f"-{self.value()}|lower",
                               f"{self.value()}|join(1)"))
        return self.pick(("{{",), ("{{-", "{{+")) + pad + inner + pad + self.pick(("}}",), ("-}}",))

    def test(self) -> str:
        v = self.value()
        w = self.value()
        return self.pick((v, v, f"not {v}", f"not  {v}", f"{v} == 1", f"{v}==0", f"{v} != 'Red'", f'{v} == ""',
                          f"{v} == 'Val'", f"{v} == 3", f'{v} != "k"', f"{v} == {w}", f"{v} == {w} == 1",
                          f"{v} != {w} != 'Val'", f"{v}=={w}!=0", f"{v} > 0", f"{v} < 2", f"{v} >= {w}",
                          f"0 <= {v} < 3", f"{v} and {w}", f"{v} or not {w}", f"not {v} and {w} == 1 or {v}",
                          f"'Red' == {v}", f"{v} <= 'M'", f"not not {v}", f"{v} + {w} - 1 < 0", f"-{v} > {w}"),
                         (f"{v} == -3", f"{v} == True", f"{v} == 1 == 1", f"{v} is none", f"{v} == 01",
                          f"{v} and {v}", f"{v} == 'a\\'b'", f"{v} in 'abc'"))

    def text(self) -> str:
        return self.pick(("", "word ", " two words ", "\n", "line\nbreak", "«武士»", "}", "%} x", "#", "\t", "100%"),
                         ("{", "{#c#}", "a{b", "{{", "{%"))

    def body(self, depth: int) -> str:
        parts = []
        for _ in range(self.rng.randint(0, 4)):
            kind = self.rng.random()
            if kind < 0.35:
                parts.append(self.text())
            elif kind < 0.7:
                parts.append(self.out())
            elif depth < 3 and kind < 0.85:
                parts.append(self.if_block(depth + 1))
            elif depth < 3:
                parts.append(self.for_block(depth + 1))
        return "".join(parts)

    def tag(self, inside: str) -> str:
        return self.pick(("{% ", "{%"), ("{%- ", "{%+ ")) + inside + self.pick((" %}", "%}", "  %}"), (" -%}",))

    def for_block(self, depth: int) -> str:
        head = self.tag("for it in " + self.pick(("s", "s", "s", "c.k"), ("s if it", "s|list", "a", "it")))
        self.loops += 1
        inside = self.body(depth)
        self.loops -= 1
        if not self.clean and self.rng.random() < 0.1:
            inside += self.tag("else") + self.body(depth)
        return head + inside + (self.tag("endfor") if self.clean or self.rng.random() < 0.9 else "")

    def if_block(self, depth: int) -> str:
        out = self.tag("if " + self.test()) + self.body(depth)
        for _ in range(self.rng.choice((0, 0, 1, 2))):
            out += self.tag("elif " + self.test()) + self.body(depth)
        if self.rng.random() < 0.5:
            out += self.tag("else") + self.body(depth)
        if not self.clean and self.rng.random() < 0.1:
            out += self.tag(self.rng.choice(("elif " + self.test(), "else")))     # after else: an error
        return out + (self.tag("endif") if self.clean or self.rng.random() < 0.9 else "")


def sources(count: int) -> Iterator[tuple[str, dict[str, Any], int, int]]:
    rng = random.Random(2026)
    for _ in range(count):
        maker = Maker(rng, clean=rng.random() < 0.6)
        source = maker.body(0) + maker.pick(("", "", "\n", "\n\n"), ("\r\n", "{% endif %}", "\r"))
        if "{" not in source:
            source += maker.out()
        if maker.clean:
            values = {"a": rng.choice(TEXTS), "b": rng.choice((0, 1, 2, -3, True, BIG)),
                      "n": rng.choice((0, 1, 2, False)),
                      "c": rng.choice(VALUES[-4:-2] + (VALUES[0],)), "s": rng.choice(SEQUENCES)}
        else:
            values = {name: rng.choice(VALUES + SEQUENCES) for name in NAMES + ("s", "it") if rng.random() < 0.8}
        steps = rng.choice((200_000, 200_000, 200_000, 3, 1, 0))
        weight = rng.choice((50_000_000, 50_000_000, 50_000_000, 3000, 20))
        yield source, values, steps, weight


def rendered(source: str, values: dict[str, Any], steps: int, weight: int) -> tuple[str, int, int]:
    with template_budget() as budget:
        budget.steps, budget.weight = steps, weight
        try:
            made = render_template(source, "booklet/narration.en.toml", "events.x", **values)
        except DefinitionError as exc:
            made = f"error: {exc}"
        return made, budget.steps, budget.weight


# The fast loop compares 300 generated sources; CI (slow included) compares 3,000 more.
@pytest.mark.parametrize("count", [300, pytest.param(3000, marks=pytest.mark.slow)])
def test_the_quick_shapes_render_as_jinja_renders_them(monkeypatch: pytest.MonkeyPatch, count: int) -> None:
    cases = list(sources(count))
    # Both sides compile what they render afresh: Jinja folds constants while compiling, through the
    # sandbox, so a template kept compiled from the other side's run would be charged less.
    template._compiled.cache_clear()
    ours = [rendered(*case) for case in cases]
    quick_ones = sum(quick.program(s) is not None
                     and quick.render(quick.program(s), v, template.plain, template.weigh, template._wide_format,
                                      template.MAX_VALUE, template.MAX_BITS) is not None
                     for s, v, _, _ in cases)
    with monkeypatch.context() as m:
        m.setattr(template, "_quick", lambda source, values: None)
        template._compiled.cache_clear()
        theirs = [rendered(*case) for case in cases]
    for case, mine, jinjas in zip(cases, ours, theirs):
        assert mine == jinjas, case
    assert quick_ones > len(cases) // 8, "many generated sources should take the quick way"
    assert sum(made.startswith("error:") for made, _, _ in theirs) > len(cases) // 10


@pytest.mark.parametrize(("source", "shape"), [
    ("{{ clan }}’s Daimyo steps{% if left == 1 %}, leaving its Bushi{% elif left %}, leaving {{ left }}{% endif %}.",
     True),
    ("**Move Bushi** ({{ count['move-bushi'] }}): one or more of your Bushi", True),
    ("the lone {{ enemy|lower }} Daimyo", True),
    ("{% if not defender_lost %}the {{ enemy|lower }} Daimyo{% elif defender_lost == 1 %}x{% else %}y{% endif %}",
     True),
    ("{% if min == max == 1 %}1 player{% elif min == max %}{{ min }}{% else %}{{ min }}-{{ max }}{% endif %}", True),
    ("{% for p in plays %}{{ p.clan }}{% if not loop.last %}; {% endif %}{% endfor %}.", True),
    ("{% for p in plays %}{{ p }}{% else %}none{% endfor %}", False),
    ("{% for p in plays if p %}{{ p }}{% endfor %}", False),
    ("{{ loop.index }}", False),
    ("{% for p in plays %}{{ loop.length }}{% endfor %}", False),
    ("{% if x == 1 and y %}{% endif %}", True),
    ("{% if 1 == 1 %}x{% endif %}", False),               # constant: Jinja works it out when compiling
    ("{{ 'a' if 1 else 'b' }}", False),
    ("{{ 'gains' if n == 1 else 'gain' }} {{ -water }} {{ items|join(', ') }}", True),
    ("{{ 'x'|upper }}", False),
    ("{{ a if b }}", False),
    ("{{ rice + lost }} {% if before + gained - lost < 0 %}x{% endif %}", True),
    ("{{ -1 }}", False),
    ("{{ a + b|lower }}", False),
    ("{{ places[:1]|upper }}{{ places[1:] }} {{ players[0] }}", True),
    ("{{ x[1:2:3] }} {{ x[-1] }}", False),
    ("{{ name|lower }}\r\n", False),
    ("{% if a %}x{% else %}y{% else %}z{% endif %}", False),
])
def test_which_sources_take_the_quick_way(source: str, shape: bool) -> None:
    assert (quick.program(source) is not None) is shape


def test_the_quick_way_charges_what_jinja_charges() -> None:
    """`{{ x|lower }}`: the filter a step and the weight of what it is given and makes, the output a
    step and its weight; a test nothing."""
    with template_budget() as budget:
        out = render_template("{% if n == 2 %}{{ clan|lower }}{% endif %} {{ c['k'] }}", "w", None,
                              n=2, clan="RED", c={"k": "v"})
    assert out == "red v"
    assert (budget.steps, budget.weight) == (Budget().steps - 3, Budget().weight - 3 * 5 - 3)
