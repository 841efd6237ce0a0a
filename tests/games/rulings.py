"""Each game's ruling list against RULINGS.md, the shared file beside the repository: one check for
every game, so a ruling added there is noticed by the game's tests."""

from __future__ import annotations

from pathlib import Path

import pytest

RULINGS = Path(__file__).resolve().parents[3] / "shared" / "RULINGS.md"


def check_ruling_list(section: str, words: list[tuple[str, tuple[str, ...]]]) -> None:
    """`words` holds one (key, phrases) per bullet of RULINGS.md's `## section`, in order."""
    if not RULINGS.is_file():
        pytest.skip("RULINGS.md is not beside the repository")
    text = RULINGS.read_text(encoding="utf-8")
    part = text[text.index(f"## {section}"):]
    part = part[:part.index("\n## ", 5)] if "\n## " in part[5:] else part
    bullets = part.split("\n- ")[1:]
    assert len(bullets) == len(words)
    for bullet, (key, _phrases) in zip(bullets, words):
        assert key.lower() in bullet.lower(), (key, bullet[:60])
