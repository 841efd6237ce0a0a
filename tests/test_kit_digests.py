"""Every file of every built-in kit (A4, default options, and Daimyni in Italian) is byte for byte
what tests/data/kit-digests.json records: a speed-up or a refactoring must not change a single
byte of a PDF or an SVG."""

from __future__ import annotations

import json

import pytest

from tests.kit_digests import DIGESTS, key, kit_digests, kits

REGENERATE = ("if the change of looks is intended, run `python -m tests.kit_digests` and commit "
              "tests/data/kit-digests.json")


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "lang"), kits(), ids=lambda v: str(v))
def test_kit_files_are_byte_identical_to_the_recorded_digests(game_id, lang):
    recorded = json.loads(DIGESTS.read_text())
    assert key(game_id, lang) in recorded, f"no digests recorded for {key(game_id, lang)}: {REGENERATE}"
    expected = recorded[key(game_id, lang)]
    actual = kit_digests(game_id, lang)
    missing, extra = sorted(expected.keys() - actual.keys()), sorted(actual.keys() - expected.keys())
    changed = sorted(n for n in expected.keys() & actual.keys() if expected[n] != actual[n])
    assert not (missing or extra or changed), (
        f"{key(game_id, lang)}: changed {changed}, no longer built {missing}, new {extra}; {REGENERATE}")
