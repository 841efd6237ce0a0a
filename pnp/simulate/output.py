"""A simulation's report as a printed table, CSV, JSON, and a TOML data file a game folder can keep
(``simulation.toml``) for its booklet's ``@simulation`` table."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from .stats import Report, Row

COLUMNS = ("section", "subject", "measure", "value", "low", "high", "n")
TITLES = {"seat": "Seats", "first-player": "First player", "score": "Scores", "outcome": "Outcomes",
          "length": "Game length", "card": "Cards and actions played"}
SHARES = {"win rate", "draw rate", "shared win rate", "share", "games played", "win rate when played",
          "advantage over 1/N"}


def _fmt(row: Row) -> tuple[str, str]:
    """The value and its interval as a person reads them: shares in %, other values with two decimals."""
    if row.measure in SHARES:
        sign = "+" if row.measure.startswith("advantage") else ""
        return f"{row.value * 100:{sign}.1f} %", f"[{row.low * 100:{sign}.1f}, {row.high * 100:{sign}.1f}]"
    if row.measure == "min / median / max":
        return f"{row.value:g}", f"{row.low:g} .. {row.high:g}"
    return f"{row.value:.2f}", f"[{row.low:.2f}, {row.high:.2f}]"


def header(report: Report) -> str:
    spec = report.spec
    opts = "".join(f" --option {o}" for o in spec.options)
    policy = spec.policy + (f" (budget {spec.budget})" if spec.policy == "mcts" else "")
    return (f"{spec.game}, {spec.players} player{'s' if spec.players != 1 else ''}{opts}: {report.games} games, "
            f"policy {policy}, seeds {spec.seed}-{spec.seed + report.games - 1}, "
            f"{report.finished} finished; 95 % confidence intervals (Wilson for shares)")


def table(report: Report, max_cards: int = 40) -> str:
    """The report as aligned text, one block per section."""
    lines = [header(report)]
    for section, title in TITLES.items():
        rows = report.section(section)
        if not rows:
            continue
        if section == "card":
            lines += ["", title, *_card_lines(rows, max_cards)]
            continue
        lines += ["", title]
        width = max(len(r.subject) for r in rows)
        mwidth = max(len(r.measure) for r in rows)
        for r in rows:
            value, iv = _fmt(r)
            lines.append(f"  {r.subject:<{width}}  {r.measure:<{mwidth}}  {value:>9}  {iv:<20} n={r.n}")
    return "\n".join(lines) + "\n"


def _card_lines(rows: list[Row], most: int) -> list[str]:
    """One line per card: its measures side by side."""
    by: dict[str, dict[str, Row]] = {}
    for r in rows:
        by.setdefault(r.subject, {})[r.measure] = r
    subjects = list(by)
    shown = subjects[:most]
    width = max(len(s) for s in shown)
    measures = list(by[shown[0]])
    out = [("  " + " " * width + "".join(f"  {m:<24}" for m in measures)).rstrip()]
    for subject in shown:
        cells = []
        for m in measures:
            found = by[subject].get(m)
            cells.append(f"  {' '.join(_fmt(found)) if found else '-':<24}")
        out.append((f"  {subject:<{width}}" + "".join(cells)).rstrip())
    if len(subjects) > most:
        out.append(f"  ... {len(subjects) - most} more in --csv and --json")
    return out


def to_csv(report: Report) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COLUMNS)
    for r in report.rows:
        w.writerow([r.section, r.subject, r.measure, repr(r.value), repr(r.low), repr(r.high), r.n])
    return buf.getvalue()


def to_json(report: Report) -> str:
    return json.dumps(report.as_dict(), indent=1, ensure_ascii=False) + "\n"


def _q(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def to_toml(report: Report) -> str:
    """The report as data for a game folder: the command that made it, then one [[row]] per measure."""
    spec = report.spec
    name = Path(spec.game).name if Path(spec.game).is_absolute() else spec.game    # a folder: its name
    cmd = f"pnp simulate {name}"
    cmd += f" --players {spec.players}" + "".join(f" --option {o}" for o in spec.options)
    cmd += f" --games {report.games} --policy {spec.policy} --seed {spec.seed}"
    if spec.policy == "mcts":
        cmd += f" --budget {spec.budget}"
    lines = ["# Measured by pnp simulate; printed by the booklet's @simulation directive.",
             f"command = {_q(cmd)}", f"game = {_q(name)}", f"players = {spec.players}",
             "options = [" + ", ".join(_q(o) for o in spec.options) + "]", f"policy = {_q(spec.policy)}",
             f"seed = {spec.seed}", f"games = {report.games}", f"finished = {report.finished}", "confidence = 0.95"]
    for r in report.rows:
        lines += ["", "[[row]]", f"section = {_q(r.section)}", f"subject = {_q(r.subject)}",
                  f"measure = {_q(r.measure)}", f"value = {_num(r.value)}", f"low = {_num(r.low)}",
                  f"high = {_num(r.high)}", f"n = {r.n}"]
    return "\n".join(lines) + "\n"


def _num(v: float) -> str:
    return repr(float(v)).replace("inf", "inf")


def rows_from_data(data: dict[str, Any]) -> list[Row]:
    """The rows of a saved simulation (`to_toml`), for the booklet."""
    return [Row(str(r["section"]), str(r["subject"]), str(r["measure"]), float(r["value"]), float(r["low"]),
                float(r["high"]), int(r["n"])) for r in data.get("row", [])]
