"""Charts of a simulation drawn with pnp's own shapes (`pnp.draw.shapes`), so the same drawing lands
in a PDF (`pnp.render.pdf`) and an SVG (`pnp.render.svg`) and can sit in a booklet: one horizontal
bar per subject, its 95 % interval as a whisker, a reference line where a fair share would be."""

from __future__ import annotations

from collections.abc import Sequence

from ..draw import text
from ..draw.shapes import Group, Line, Rect, Scene, Shape, Style
from .stats import Report, Row

WIDTH = 170.0
LABEL = 46.0        # the labels' column
VALUE = 30.0        # the values' column, right of the bars
BAR_H, ROW_H, TOP = 3.6, 5.6, 14.0
INK, BAR, WHISKER, GRID = "#222222", "#8fa8cf", "#1f3c66", "#c8c8c8"


def bar_chart(name: str, title: str, rows: Sequence[Row], share: bool, reference: float | None = None,
              width: float = WIDTH) -> Scene:
    """A bar per row (value, whisker from low to high); shares on a 0-100 % axis; `width` in mm (the
    type stays the same size: draw it at the width it prints at)."""
    hi = 1.0 if share else max([r.high for r in rows] + [r.value for r in rows] + [1e-9])
    lo = min([0.0] + [r.low for r in rows])
    span = (hi - lo) or 1.0
    label, value_w = width * LABEL / WIDTH, width * VALUE / WIDTH
    plot = width - label - value_w
    top = TOP if title else 4.0
    height = top + ROW_H * len(rows) + 7
    scene = Scene(name, width, height)

    def x(v: float) -> float:
        return label + (min(max(v, lo), hi) - lo) / span * plot

    shapes: list[Shape] = [text.line(0, 6, title, "sans-bold", 10, INK)] if title else []
    for k in range(5):                                  # the axis: five ticks
        v = lo + span * k / 4
        shapes.append(Line(x(v), top - 2, x(v), top + ROW_H * len(rows), Style(stroke=GRID, width=0.2)))
        tick = f"{v * 100:.0f} %" if share else f"{v:.3g}"
        shapes.append(text.line(x(v), top + ROW_H * len(rows) + 4, tick, "sans", 6.5, INK, "middle"))
    if reference is not None:
        shapes.append(Line(x(reference), top - 3, x(reference), top + ROW_H * len(rows),
                           Style(stroke=INK, width=0.3, dash=(1.0, 0.8))))
    for i, r in enumerate(rows):
        y = top + ROW_H * i
        mid = y + ROW_H / 2
        shapes.append(text.line(label - 2, mid + 1.2, _short(r.subject, 30), "sans", 7.5, INK, "end"))
        shapes.append(Rect(x(0.0 if lo <= 0 else lo), mid - BAR_H / 2, max(0.0, x(r.value) - x(max(lo, 0.0))),
                           BAR_H, Style(fill=BAR)))
        ws = Style(stroke=WHISKER, width=0.35)
        shapes += [Line(x(r.low), mid, x(r.high), mid, ws), Line(x(r.low), mid - 1.2, x(r.low), mid + 1.2, ws),
                   Line(x(r.high), mid - 1.2, x(r.high), mid + 1.2, ws)]
        value = f"{r.value * 100:.1f} %" if share else f"{r.value:.2f}"
        shapes.append(text.line(width, mid + 1.2, value, "sans", 7.5, INK, "end"))
    scene.add(*shapes)
    return scene


def _short(s: str, n: int) -> str:
    return s if len(s) <= n else s[:n - 1] + "…"


def charts(report: Report) -> list[Scene]:
    """The charts a report has: seat win rates (or mean scores), outcome shares, game length, and the
    cards' win rates when played (or how often they are played)."""
    out: list[Scene] = []
    seats = [r for r in report.section("seat") if r.measure == "win rate"]
    if seats:
        out.append(bar_chart("seats", "Win rate by seat (95 % interval; dashed: an equal share)", seats, True,
                             1 / len(seats)))
    else:
        scores = [r for r in report.section("score") if r.measure == "mean return"]
        if scores:
            out.append(bar_chart("scores", "Mean score (95 % interval)", scores, False))
    outcomes = report.section("outcome")
    if outcomes:
        out.append(bar_chart("outcomes", "Share of each result (95 % interval)", outcomes, True))
    length = [r for r in report.section("length") if r.measure == "mean"]
    out.append(bar_chart("length", "Game length: mean rounds and decisions (95 % interval)", length, False))
    cards = report.section("card")
    won = [r for r in cards if r.measure == "win rate when played"]
    if won:
        out.append(bar_chart("cards", "Win rate of the player who played it (95 % interval)", won, True,
                             1 / max(1, len(report.seats))))
    else:
        played = [r for r in cards if r.measure == "plays per game"]
        if played:
            out.append(bar_chart("cards", "Plays per game (95 % interval)", played, False))
    return out


def stacked(scenes: Sequence[Scene], gap: float = 8.0) -> Scene:
    """Several charts one under the other, as one drawing (for one SVG file)."""
    height = sum(s.height for s in scenes) + gap * max(0, len(scenes) - 1)
    out = Scene("simulation", WIDTH, height)
    y = 0.0
    for s in scenes:
        out.add(Group(tuple(s.shapes), 0.0, y))
        y += s.height + gap
    return out


def render(report: Report, kind: str, title: str) -> bytes:
    """The charts as a PDF (one A4 page, the charts one under another, more pages if they need it)
    or as one SVG."""
    scenes = charts(report)
    if kind == "svg":
        from ..render.svg import render_svg
        return render_svg(stacked(scenes))
    from ..render.pdf import Page, render_pdf
    pages: list[list[Shape]] = [[]]
    y, margin, limit = 20.0, 20.0, 297.0 - 20.0
    for s in scenes:
        if y + s.height > limit and pages[-1]:
            pages.append([])
            y = 20.0
        pages[-1].append(Group(tuple(s.shapes), margin, y))
        y += s.height + 10
    return render_pdf([Page(210.0, 297.0, shapes) for shapes in pages], title, "pnp simulate")
