"""Arrow routing skips work it can prove useless (`diagram.segment_clear`'s line test, `_route`'s bound on
the nodes worth testing); these tests hold it to the answers of the plain methods, written out here."""

import heapq
import math
import random

from pnp.draw.diagram import _point_box, _point_segment, _route, disc_clear, segment_clear


def touches(a, b, half, box):
    """The plain test: the segment meets the box, or an end is within `half` of it, or a corner is
    within `half` of the segment."""
    left, top, right, bottom = box
    if max(a[0], b[0]) >= left and min(a[0], b[0]) <= right and max(a[1], b[1]) >= top and min(a[1], b[1]) <= bottom:
        # sample the segment densely for a point inside (the boxes here are far larger than the step)
        for k in range(401):
            x, y = a[0] + (b[0] - a[0]) * k / 400, a[1] + (b[1] - a[1]) * k / 400
            if left <= x <= right and top <= y <= bottom:
                return True
    return (_point_box(*a, box) < half or _point_box(*b, box) < half
            or any(_point_segment(x, y, a, b) < half for x in (left, right) for y in (top, bottom)))


def random_boxes(rnd, n):
    out = []
    for _ in range(n):
        x, y = rnd.uniform(0, 60), rnd.uniform(0, 60)
        out.append((x, y, x + rnd.uniform(1, 9), y + rnd.uniform(1, 4)))
    return out


def test_segment_clear_agrees_with_the_plain_test_and_prunes_only_far_boxes():
    rnd = random.Random(7)
    blocked = 0
    for _ in range(3000):
        boxes = random_boxes(rnd, rnd.randint(1, 6))
        a = (rnd.uniform(-5, 65), rnd.uniform(-5, 65))
        b = rnd.choice([(rnd.uniform(-5, 65), rnd.uniform(-5, 65)), (a[0], rnd.uniform(-5, 65)),
                        (rnd.uniform(-5, 65), a[1])])
        half = rnd.choice([0.4, 1.7, 3.3])
        expected = not any(touches(a, b, half, box) for box in boxes)
        assert segment_clear(a, b, half, boxes) == expected, (a, b, half, boxes)
        blocked += not expected
    assert 300 < blocked < 2700       # both answers were exercised


def test_a_box_just_off_a_diagonal_blocks_or_not_by_its_distance():
    # a box whose corner is 1.0 mm from the line y = x (the line the bounding box test cannot rule out)
    d = 1.0 / math.sqrt(2)
    box = (10 + d, 10 - d - 3, 10 + d + 3, 10 - d)     # its lower-left corner lies 1.0 mm off the line
    assert segment_clear((0, 0), (20, 20), 0.99, [box])
    assert not segment_clear((0, 0), (20, 20), 1.01, [box])
    assert not segment_clear((20, 20), (0, 0), 1.01, [box])


def plain_route(p, q, half, boxes):
    """`_route` as first written: every node tested from every node settled, no bound."""
    if segment_clear(p, q, half, boxes):
        return [p, q]
    air = half + 0.25
    span = math.dist(p, q)
    for reach in (span * 0.3, span * 0.7, span * 1.5):
        x0, x1 = min(p[0], q[0]) - reach, max(p[0], q[0]) + reach
        y0, y1 = min(p[1], q[1]) - reach, max(p[1], q[1]) + reach
        near = [b for b in boxes if b[2] + air >= x0 and b[0] - air <= x1 and b[3] + air >= y0 and b[1] - air <= y1]
        nodes = [p, q] + [(x, y) for b in near for x in (b[0] - air, b[2] + air) for y in (b[1] - air, b[3] + air)
                          if x0 <= x <= x1 and y0 <= y <= y1 and disc_clear(x, y, half, near)]
        dist, back, todo, done = {0: 0.0}, {}, [(0.0, 0)], set()
        while todo:
            di, i = heapq.heappop(todo)
            if i in done or di != dist[i]:
                continue
            done.add(i)
            if i == 1:
                path = [q]
                while i != 0:
                    i = back[i]
                    path.append(nodes[i])
                return path[::-1]
            for j, node in enumerate(nodes):
                d = di + math.dist(nodes[i], node)
                if j not in done and d < dist.get(j, math.inf) - 1e-9 and segment_clear(nodes[i], node, half, near):
                    dist[j], back[j] = d, i
                    heapq.heappush(todo, (d, j))
    return [p, q]


def test_route_finds_the_same_path_as_the_plain_search():
    rnd = random.Random(11)
    bent = 0
    for _ in range(150):
        boxes = random_boxes(rnd, rnd.randint(8, 30))
        p, q = (rnd.uniform(0, 70), rnd.uniform(0, 70)), (rnd.uniform(0, 70), rnd.uniform(0, 70))
        half = rnd.choice([0.8, 1.7])
        path = _route(p, q, half, boxes)
        assert path == plain_route(p, q, half, boxes)
        bent += len(path) > 2
    assert bent > 50        # most of them had to go round something
