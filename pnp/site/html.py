"""A rules page and the index as HTML: pnp's own jinja2 templates, autoescaped, given plain text and
the markup pnp itself made (diagrams, bold) as `Markup`; nothing of a game folder is ever read as
HTML or as a template here."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from ..draw.shapes import Scene
from ..reference.markup import typographic
from ..render.svg import LiveText, render_inline_svg
from . import page as p
from .fonts import text_faces

HERE = Path(__file__).resolve().parent
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_TAG = re.compile(r"<[^>]*>")


def _env() -> Environment:
    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(default=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    return env


def rich(s: str, lang: str) -> Markup:
    """Booklet text as HTML: typographic quotes, escaped, **bold** as <strong>."""
    escaped = str(escape(typographic(s, lang)))
    return Markup(_BOLD.sub(r"<strong>\1</strong>", escaped))


def _slug(s: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", p.plain(s).lower()).strip("-") or "section"
    name, n = base, 2
    while name in taken:
        name, n = f"{base}-{n}", n + 1
    taken.add(name)
    return name


@dataclass
class PageText:
    """What one page needs beyond its blocks: its language, the characters its fonts must hold and a
    counter for the ids of its diagrams."""

    lang: str
    used: dict[str, set[str]] = field(default_factory=dict)
    diagrams: int = 0

    def svg(self, scene: Scene, label: str) -> Markup:
        self.diagrams += 1
        return Markup(render_inline_svg(scene, LiveText(f"d{self.diagrams}-", self.used), label))


def _view(blocks: list[p.Block], page: PageText, taken: set[str]) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The blocks as plain values for the template: the cover, then sections (one per heading of
    level 1), each a list of items with a `kind`."""
    lang = page.lang
    cover: dict[str, Any] | None = None
    sections: list[dict[str, Any]] = [{"id": "", "title": "", "items": []}]
    depth = 2
    boxes: list[list[dict[str, Any]]] = []     # the boxes open, innermost last: items go into it
    for b in blocks:
        items = boxes[-1] if boxes else sections[-1]["items"]
        if isinstance(b, p.Box) and b.opening:
            items.append({"kind": "box", "items": []})
            boxes.append(items[-1]["items"])
        elif isinstance(b, p.Box):
            if boxes:
                boxes.pop()
        elif isinstance(b, p.Cover):
            cover = {"title": b.title, "subtitle": b.subtitle, "kanji": b.kanji, "tagline": b.tagline,
                     "facts": b.facts, "byline": b.byline,
                     "board": page.svg(b.board, b.board_label) if b.board is not None else None}
        elif isinstance(b, p.Heading) and b.level == 1:
            sections.append({"id": _slug(b.text, taken), "title": rich(b.text, lang), "items": []})
            boxes.clear()       # a section of its own closes any box (as a new page would not)
            depth = 2
        elif isinstance(b, p.Heading):
            items.append({"kind": "h", "level": 3, "id": _slug(b.text, taken), "text": rich(b.text, lang)})
            depth = 3
        elif isinstance(b, p.Paragraph) and b.bullet:
            if not (items and items[-1]["kind"] == "list"):
                items.append({"kind": "list", "lines": []})
            items[-1]["lines"].append(rich(b.text, lang))
        elif isinstance(b, p.Paragraph):
            items.append({"kind": "p", "small": b.small, "text": rich(b.text, lang)})
        elif isinstance(b, p.Aside):
            items.append({"kind": "aside", "label": rich(b.label, lang), "text": rich(b.text, lang)})
        elif isinstance(b, p.Figures):
            cells = [{"svg": page.svg(c.scene, p.plain(typographic(c.caption, lang)) or "diagram"),
                      "caption": rich(c.caption, lang)} for c in b.cells]
            items.append({"kind": "figures", "cols": b.cols, "share": round(b.share * 100), "cells": cells})
        elif isinstance(b, p.Walkthrough):
            items.append(_walkthrough(b, page, taken, min(depth + 1, 6)))
    return cover, sections


def _walkthrough(w: p.Walkthrough, page: PageText, taken: set[str], level: int) -> dict[str, Any]:
    lang = page.lang
    wid = _slug(f"{w.id}-walkthrough", taken)
    steps: list[dict[str, Any]] = []
    total = sum(len(r.steps) for r in w.rounds)
    for r in w.rounds:
        for i, s in enumerate(r.steps):
            taken.add(s.id)
            said = p.plain(typographic(f"{s.heading}. {s.sentence}", lang))
            steps.append({"id": s.id, "round": r.heading, "n": len(steps) + 1, "total": total,
                          "first": i == 0, "last": i == len(r.steps) - 1,
                          "intro": [rich(line, lang) for line in r.intro] if i == 0 else [],
                          "heading": rich(s.heading, lang), "sentence": rich(s.sentence, lang),
                          "svg": page.svg(s.scene, said),
                          "note": ({"label": rich(r.note.label, lang), "text": rich(r.note.text, lang)}
                                   if r.note is not None and i == len(r.steps) - 1 else None)})
    return {"kind": "walkthrough", "id": wid, "title": rich(w.title, lang), "plain_title": p.plain(w.title),
            "description": rich(w.description, lang) if w.description else None,
            "legend": rich(w.legend, lang) if w.legend else None, "steps": steps, "level": level}


def page_text_chars(document: str, page: PageText, extra: str) -> None:
    """The characters a page's own text sets (tags stripped, entities read), for its font subset."""
    body = document.split("<body", 1)[-1]
    body = re.sub(r"<script.*?</script>|<style.*?</style>|<svg.*?</svg>", " ", body, flags=re.S)
    text_faces(html.unescape(_TAG.sub(" ", body)) + extra, page.used)


def render(template: str, **values: Any) -> str:
    return _env().get_template(template).render(**values)


def game_view(blocks: list[p.Block], page: PageText) -> dict[str, Any]:
    taken: set[str] = {"main", "contents", "top"}
    cover, sections = _view(blocks, page, taken)
    contents = [{"id": s["id"], "title": s["title"]} for s in sections if s["id"]]
    return {"cover": cover, "sections": sections, "contents": contents}
