"""SVG path data (`d`) and transforms, reduced to what both renderers draw: absolute moves, lines,
cubic Béziers and closes. Quadratic curves are raised to cubics exactly; elliptical arcs are split
into pieces of at most 90 degrees, each a cubic (error under 0.03 % of the radius).

>>> parse_d("M0 0 h10 v10 z")
[('M', (0.0, 0.0)), ('L', (10.0, 0.0)), ('L', (10.0, 10.0)), ('Z', ())]
"""

from __future__ import annotations

import math
import re

Segment = tuple[str, tuple[float, ...]]
Matrix = tuple[float, float, float, float, float, float]   # a b c d e f, as in SVG's matrix()

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

_TOKEN = re.compile(r"\s*,?\s*([MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
_FLAG = re.compile(r"\s*,?\s*([01])")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


class PathDataError(ValueError):
    """Path data that is not valid SVG: the message says where."""


# The whole of path data without arcs as `_TOKEN` reads it a token at a time from the start: each
# token matched as `match` matches it there (an atomic group: the engine never goes back into one).
_ALL_TOKENS = re.compile(r"(?>\s*,?\s*(?:[MmLlHhVvCcSsQqTtZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?))*")


def _tokens(d: str) -> list[str | float]:
    """Letters and numbers; an arc's two flags may be written run together ("a1 1 0 01 5 5")."""
    out: list[str | float] = []
    d = d.rstrip(" \t\r\n,")
    if "A" not in d and "a" not in d and d.lstrip(" \t\r\n,")[:1].isalpha() and _ALL_TOKENS.fullmatch(d):
        # read whole (no arc flags, and a command before any number, which the loop below would
        # read as a flag): where every token follows the last, `findall` finds those very tokens
        return [tok if tok.isalpha() else float(tok) for tok in _TOKEN.findall(d)]
    pos, n, last = 0, len(d), ""
    arg = 0
    while pos < n:
        if last in "Aa" and arg % 7 in (3, 4):
            m = _FLAG.match(d, pos)
            if not m:
                raise PathDataError(f"an arc flag must be 0 or 1 (at character {pos})")
            out.append(float(m.group(1)))
            pos, arg = m.end(), arg + 1
            continue
        m = _TOKEN.match(d, pos)
        if not m:
            raise PathDataError(f"unexpected {d[pos:pos + 12].strip()!r} (at character {pos})")
        tok = m.group(1)
        pos = m.end()
        if tok.isalpha():
            out.append(tok)
            last, arg = tok, 0
        else:
            out.append(float(tok))
            arg += 1
    return out


def parse_d(d: str, limit: int = 1_000_000) -> list[Segment]:
    """`d` as absolute M, L, C and Z segments; PathDataError for anything malformed, and when it
    has more than `limit` commands."""
    toks = _tokens(d)
    segs: list[Segment] = []
    x = y = sx = sy = 0.0
    cx = cy = 0.0          # the last control point, for S and T
    prev = ""
    i = 0
    cmd = ""
    while i < len(toks):
        t = toks[i]
        if isinstance(t, str):
            cmd = t
            i += 1
        elif not cmd:
            raise PathDataError("path data must start with a command (M)")
        elif cmd in "Zz":
            raise PathDataError("a number after Z")
        up = cmd.upper()
        rel = cmd.islower()
        count = _ARGS[up]
        if not segs and up != "M":
            raise PathDataError("path data must start with M")
        if up == "Z":
            segs.append(("Z", ()))
            x, y = sx, sy
            prev = "Z"
            continue
        args = toks[i:i + count]
        if len(args) < count or str in map(type, args):      # a token is a letter or a float
            raise PathDataError(f"{cmd} needs {count} numbers")
        a: list[float] = args  # type: ignore[assignment]  # numbers only, as just checked
        i += count
        if len(segs) >= limit:
            raise PathDataError(f"more than {limit:,} path commands")
        if up == "M":
            x, y = (x + a[0], y + a[1]) if rel else (a[0], a[1])
            segs.append(("M", (x, y)))
            sx, sy = x, y
            cmd = "l" if rel else "L"     # further pairs after a move are lines
        elif up in "LHV":
            if up == "H":
                x = x + a[0] if rel else a[0]
            elif up == "V":
                y = y + a[0] if rel else a[0]
            else:
                x, y = (x + a[0], y + a[1]) if rel else (a[0], a[1])
            segs.append(("L", (x, y)))
        elif up in "CS":
            if up == "S":
                x1, y1 = (2 * x - cx, 2 * y - cy) if prev in "CS" else (x, y)
                rest = a
            else:
                x1, y1 = (x + a[0], y + a[1]) if rel else (a[0], a[1])
                rest = a[2:]
            x2, y2 = (x + rest[0], y + rest[1]) if rel else (rest[0], rest[1])
            ex, ey = (x + rest[2], y + rest[3]) if rel else (rest[2], rest[3])
            segs.append(("C", (x1, y1, x2, y2, ex, ey)))
            cx, cy, x, y = x2, y2, ex, ey
        elif up in "QT":
            if up == "T":
                qx, qy = (2 * x - cx, 2 * y - cy) if prev in "QT" else (x, y)
                ex, ey = (x + a[0], y + a[1]) if rel else (a[0], a[1])
            else:
                qx, qy = (x + a[0], y + a[1]) if rel else (a[0], a[1])
                ex, ey = (x + a[2], y + a[3]) if rel else (a[2], a[3])
            segs.append(("C", (x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y),
                               ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey)))
            cx, cy, x, y = qx, qy, ex, ey
        else:  # A
            ex, ey = (x + a[5], y + a[6]) if rel else (a[5], a[6])
            segs.extend(arc(x, y, a[0], a[1], a[2], a[3] != 0, a[4] != 0, ex, ey))
            x, y = ex, ey
        prev = up
    return segs


def arc(x1: float, y1: float, rx: float, ry: float, phi_deg: float, large: bool, sweep: bool,
        x2: float, y2: float) -> list[Segment]:
    """An SVG elliptical arc as cubic Béziers (the endpoint-to-centre conversion of SVG 1.1, F.6)."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", (x2, y2))]
    phi = math.radians(phi_deg % 360)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos * dx + sin * dy, -sin * dx + cos * dy
    lam = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if lam > 1:               # radii too small to reach: scaled up, as SVG says
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    k = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        k = -k
    cxp, cyp = k * rx * y1p / ry, -k * ry * x1p / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2

    def angle(ux: float, uy: float, vx: float, vy: float) -> float:
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    t1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
    dt = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    pieces = max(1, math.ceil(abs(dt) / (math.pi / 2) - 1e-9))
    step = dt / pieces
    h = 4 / 3 * math.tan(step / 4)
    out: list[Segment] = []

    def point(t: float) -> tuple[float, float, float, float]:
        """The point at angle t and its derivative, on the rotated ellipse."""
        ct, st = math.cos(t), math.sin(t)
        px, py = rx * ct, ry * st
        dx_, dy_ = -rx * st, ry * ct
        return (cos * px - sin * py + cx, sin * px + cos * py + cy,
                cos * dx_ - sin * dy_, sin * dx_ + cos * dy_)

    t = t1
    for n in range(pieces):
        ax, ay, adx, ady = point(t)
        bx, by, bdx, bdy = point(t + step)
        if n == pieces - 1:
            bx, by = x2, y2         # land exactly on the end point
        out.append(("C", (ax + h * adx, ay + h * ady, bx - h * bdx, by - h * bdy, bx, by)))
        t += step
    return out


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n... as SVG nests them: the outer `m` applied after the inner `n`."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


_TRANSFORM = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def parse_transform(text: str) -> Matrix:
    """An SVG `transform` attribute as one matrix; PathDataError for anything else."""
    m, pos = IDENTITY, 0
    text = text.strip()
    while pos < len(text):
        found = _TRANSFORM.match(text, pos)
        if not found:
            raise PathDataError(f"transform: unexpected {text[pos:pos + 16]!r} (allowed: matrix, translate, "
                                "scale, rotate, skewX, skewY)")
        name, body = found.group(1), found.group(2)
        nums = [float(v) for v in _NUMBER.findall(body)]
        pos = found.end()
        wanted = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3),
                  "skewX": (1,), "skewY": (1,)}[name]
        if len(nums) not in wanted:
            raise PathDataError(f"transform: {name}() takes {' or '.join(map(str, wanted))} numbers")
        if name == "matrix":
            step: Matrix = (nums[0], nums[1], nums[2], nums[3], nums[4], nums[5])
        elif name == "translate":
            step = (1, 0, 0, 1, nums[0], nums[1] if len(nums) > 1 else 0.0)
        elif name == "scale":
            step = (nums[0], 0, 0, nums[1] if len(nums) > 1 else nums[0], 0, 0)
        elif name == "rotate":
            r = math.radians(nums[0])
            step = (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0)
            if len(nums) == 3:
                step = multiply(multiply((1, 0, 0, 1, nums[1], nums[2]), step), (1, 0, 0, 1, -nums[1], -nums[2]))
        elif name == "skewX":
            step = (1, 0, math.tan(math.radians(nums[0])), 1, 0, 0)
        else:
            step = (1, math.tan(math.radians(nums[0])), 0, 1, 0, 0)
        m = multiply(m, step)
    return m


def apply(m: Matrix, segs: list[Segment]) -> list[Segment]:
    """The segments moved by the matrix (lines stay lines, cubics stay cubics)."""
    a, b, c, d, e, f = m
    out: list[Segment] = []
    for op, pts in segs:
        moved: list[float] = []
        for i in range(0, len(pts), 2):
            px, py = pts[i], pts[i + 1]
            moved += [a * px + c * py + e, b * px + d * py + f]
        out.append((op, tuple(moved)))
    return out


def scale_of(m: Matrix) -> float:
    """How much the matrix scales a stroke's width (the square root of its area factor)."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


# A number's path-data text by its value: a kit's paths repeat the same few thousand coordinates,
# and formatting each anew was most of writing its SVGs. Plain floats map to one text each (0.0 and
# -0.0 hash alike and both print "0"), so a hit is what formatting would give; the table is emptied
# when it grows past _KEPT, so a huge deck cannot make it eat memory.
_TEXT_OF: dict[float, str] = {}
_KEPT = 50_000


def _three(v: float) -> str:
    """`v` to 3 decimals, its trailing zeros and a bare point dropped, and "-0" made "0"."""
    text = _TEXT_OF.get(v)
    if text is None:
        text = f"{v:.3f}"
        if "." in text:
            text = text.rstrip("0").rstrip(".")
        if text == "-0":
            text = "0"
        if len(_TEXT_OF) >= _KEPT:
            _TEXT_OF.clear()
        _TEXT_OF[v] = text
    return text


def to_d(segs: list[Segment] | tuple[Segment, ...], fmt: str = "{:.3f}") -> str:
    """Segments back as path data (for tests and the SVG renderer).

    >>> to_d([("M", (1.0, -0.0001)), ("L", (12.5, 3.25)), ("Z", ())])
    'M1 0 L12.5 3.25 Z'
    """
    if fmt == "{:.3f}":
        return " ".join(op + " ".join(map(_three, pts)) if pts else op for op, pts in segs)

    def n(v: float) -> str:
        s = fmt.format(v).rstrip("0").rstrip(".")
        return "0" if s in ("-0", "") else s
    return " ".join(op + " ".join(n(v) for v in pts) if pts else op for op, pts in segs)
