"""Brute-force references for the puzzle tests: the rules read literally, searched exhaustively, no shortcuts."""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterable, Sequence

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


# -- Bee Donimoes ---------------------------------------------------------------


def bee_destinations(values, dice: dict[int, tuple[int, int]], die: int, wild: set) -> set[tuple[int, int]]:
    """Where ``die`` may land: walk square by square, turning 90 degrees only on squares with another die."""
    height, width = len(values), len(values[0])
    start = dice[die]
    others = {pos for k, pos in dice.items() if k != die}
    found, seen = set(), set()
    todo = [(start, step) for step in STEPS]
    while todo:
        (r, c), (dr, dc) = todo.pop()
        if ((r, c), (dr, dc)) in seen:
            continue
        seen.add(((r, c), (dr, dc)))
        nr, nc = r + dr, c + dc
        if not (0 <= nr < height and 0 <= nc < width):
            continue
        cell = (nr, nc)
        if cell not in others and cell != start and (values[nr][nc] == die or cell in wild):
            found.add(cell)
        todo.append((cell, (dr, dc)))
        if cell in others:
            todo += [(cell, (dc, dr)), (cell, (-dc, -dr))]
    return found


def connected(cells: Iterable[tuple[int, int]]) -> bool:
    cells = set(cells)
    first = next(iter(cells))
    seen, todo = {first}, [first]
    while todo:
        r, c = todo.pop()
        for dr, dc in STEPS:
            n = (r + dr, c + dc)
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


def bee_shortest(values, starts: dict[int, tuple[int, int]], partners: dict, queen: int, advanced: bool) -> int | None:
    """Breadth-first search over the dice positions of one round; the length of a shortest solution."""
    height, width = len(values), len(values[0])
    queen_cell = starts[queen]
    blanks = {(r, c) for r in range(height) for c in range(width) if values[r][c] == 0}
    if advanced:
        blanks = {partners[queen_cell]}
    start = tuple(starts[k] for k in range(1, queen))
    if connected(start + (queen_cell,)):
        return 0
    depth = {start: 0}
    todo = deque([start])
    while todo:
        state = todo.popleft()
        dice = {k + 1: cell for k, cell in enumerate(state)} | {queen: queen_cell}
        occupied = set(dice.values())
        for die in range(1, queen):
            wild = blanks - occupied
            for cell in bee_destinations(values, dice, die, wild):
                nxt = state[: die - 1] + (cell,) + state[die:]
                if nxt not in depth:
                    depth[nxt] = depth[state] + 1
                    if connected(nxt + (queen_cell,)):
                        return depth[nxt]
                    todo.append(nxt)
    return None


def bee_setup(grid) -> tuple[list[list[int]], dict[int, tuple[int, int]], dict]:
    """Values, starting squares and domino partners of a Bee grid, read straight from the grid."""
    values = [list(row) for row in grid.values]
    partners = dict(grid.partner)
    starts = {}
    for a, b in partners.items():
        if values[a[0]][a[1]] and not values[b[0]][b[1]]:
            starts[values[a[0]][a[1]]] = a
    return values, starts, partners


# -- Fujisan --------------------------------------------------------------------


def fujisan_shortest(columns: Sequence[tuple[int, int]], country_road: bool = False) -> int | None:
    """Priests as (row, col) with the mountain at cols 1-12, the ground at 0 and 13; the rules as written."""
    up = {(r, c + 1): columns[c][r] for c in range(12) for r in (0, 1)}
    down = {k: v for k, v in up.items() if k[1] not in (6, 7)}
    down |= {(r, 6): 0 for r in (0, 1)} | {(r, 7): 0 for r in (0, 1)}
    down |= {(r, 0): columns[5][r] for r in (0, 1)} | {(r, 13): columns[6][r] for r in (0, 1)}
    peak = {(r, c) for r in (0, 1) for c in (6, 7)}
    ends = {(r, c) for r in (0, 1) for c in (0, 13)}

    def moves(priests: frozenset, descent: bool):
        values = down if descent else up
        for p in priests:
            r, c = p
            if not descent and p in peak:  # back and forth in his domino, to and fro along his row
                targets = {(1 - r, c), (r, 13 - c)} - priests
            elif descent and p in ends:
                targets = {(1 - r, c)} - priests
            else:
                targets = set()
                if 1 <= c <= 12:
                    targets |= {(1 - r, c)} - priests
                for d in range(14):
                    if d == c or (r, d) in priests:
                        continue
                    if not descent and not 1 <= d <= 12:
                        continue  # the climb lands on the mountain only (so the ground priests go inwards)
                    lo, hi = sorted((c, d))
                    free = sum(1 for x in range(lo + 1, hi) if (r, x) not in priests) + 1
                    if values[(r, d)] == free:
                        targets.add((r, d))
            for t in targets:
                yield (priests - {p}) | {t}

    start = (frozenset(ends), False)
    depth = {start: 0}
    todo = deque([start])
    while todo:
        priests, descent = todo.popleft()
        for nxt in moves(priests, descent):
            key_descent = descent or (country_road and nxt == peak)
            key = (nxt, key_descent)
            if key in depth:
                continue
            depth[key] = depth[(priests, descent)] + 1
            if (not country_road and nxt == peak) or (key_descent and nxt == ends):
                return depth[key]
            todo.append(key)
    return None


# -- Mountains and Valleys --------------------------------------------------------


def tilings(width: int, height: int) -> list[list[tuple[int, int]]]:
    out: list[list[tuple[int, int]]] = []

    def fill(covered: frozenset, pairs: list) -> None:
        free = [c for c in range(width * height) if c not in covered]
        if not free:
            out.append(list(pairs))
            return
        c = free[0]
        for other in (c + 1 if c % width < width - 1 else None, c + width if c + width < width * height else None):
            if other is not None and other not in covered:
                fill(covered | {c, other}, pairs + [(c, other)])

    fill(frozenset(), [])
    return out


def least_penalty(tiles: Sequence[tuple[int, int]], width: int, height: int) -> int:
    """Every tiling, every order, every turn: the least minimum-spanning-tree penalty (Prim's, by hand)."""
    best = None
    for pairs in tilings(width, height):
        for order in itertools.permutations(tiles):
            for turns in itertools.product((0, 1), repeat=len(tiles)):
                values = [0] * (width * height)
                for (a, b), (x, y), t in zip(pairs, order, turns):
                    values[a], values[b] = (x, y) if t else (y, x)
                cost = prim(values, width, height)
                best = cost if best is None else min(best, cost)
    assert best is not None
    return best


def prim(values: Sequence[int], width: int, height: int) -> int:
    n = width * height

    def weight(a: int, b: int) -> int:
        d = abs(values[a] - values[b])
        return 0 if d <= 1 else d

    inside = {0}
    total = 0
    while len(inside) < n:
        best = None
        for a in inside:
            r, c = divmod(a, width)
            for dr, dc in STEPS:
                if 0 <= r + dr < height and 0 <= c + dc < width:
                    b = (r + dr) * width + c + dc
                    if b not in inside and (best is None or weight(a, b) < best[0]):
                        best = (weight(a, b), b)
        assert best is not None
        total += best[0]
        inside.add(best[1])
    return total
