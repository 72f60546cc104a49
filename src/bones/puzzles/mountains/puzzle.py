"""Mountains and Valleys (Sid Sackson, for dominoes by Don Kirkby): the penalty and an exact solver.

A map is a 6x6 square of numbers made of 18 dominoes. You may walk between
neighbouring squares whose heights differ by at most one. The penalty (the
cooperative version's score) is what it costs to join the map when every step
of two or more levels costs its height difference: the weight of a minimum
spanning tree of the grid where a walkable edge weighs 0 and any other edge
weighs ``|a - b|``. A penalty of 0 means every square can be reached.

The solver is exact. A lower bound comes from the numbers alone: every gap in
the heights present (say no 3 between 2 and 4) must be bridged at least once,
so the penalty is at least the sum of the gaps. The search then asks, for
budgets from that bound upwards, whether some arrangement stays within the
budget, filling the most enclosed empty square first and pruning on a bound
that is safe for any completion: the spanning-tree weight when every edge that
touches an empty square is free. The first budget that has an arrangement is the
least possible penalty, so an answer above the bound is also a proof that
nothing better exists.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bones.puzzles.grid import Grid, GridFormatError

SIZE = 6
CELLS = SIZE * SIZE
DOMINOES = CELLS // 2
FULL_SET = tuple((a, b) for a in range(7) for b in range(a, 7))


@dataclass(frozen=True)
class Geometry:
    """A rectangle of squares: neighbours, edges and domino slots (the game's is 6x6; tests use small ones)."""

    width: int
    height: int

    @property
    def cells(self) -> int:
        return self.width * self.height

    @property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        w, h = self.width, self.height
        return tuple(
            tuple(
                r * w + c
                for r, c in ((i // w - 1, i % w), (i // w + 1, i % w), (i // w, i % w - 1), (i // w, i % w + 1))
                if 0 <= r < h and 0 <= c < w
            )
            for i in range(self.cells)
        )

    @property
    def edges(self) -> tuple[tuple[int, int], ...]:
        near = self.neighbours
        return tuple((a, b) for a in range(self.cells) for b in near[a] if a < b)

    @property
    def slots(self) -> tuple[tuple[int, int], ...]:
        w, n = self.width, self.cells
        return tuple([(c, c + 1) for c in range(n) if c % w < w - 1] + [(c, c + w) for c in range(n - w)])


SQUARE = Geometry(SIZE, SIZE)
NEIGHBOURS = SQUARE.neighbours
EDGES = SQUARE.edges
SLOTS = SQUARE.slots


def cell_name(cell: int) -> str:
    """Columns a-f from the left, rows 1-6 from the top: ``a1`` is the top left square."""
    return f"{'abcdef'[cell % SIZE]}{cell // SIZE + 1}"


def tile_text(tile: tuple[int, int]) -> str:
    """A domino (low, high) as moves write it, high first: ``5:2``."""
    return f"{tile[1]}:{tile[0]}"


def place_text(c1: int, v1: int, c2: int, v2: int) -> str:
    """A placement as moves write it, the first square first: ``b3=4,b4=5``."""
    if c2 < c1:
        c1, v1, c2, v2 = c2, v2, c1, v1
    return f"{cell_name(c1)}={v1},{cell_name(c2)}={v2}"


def parse_cell(text: str) -> int:
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in "abcdef" or text[1] not in "123456":
        raise ValueError(f"{text!r} is not a square: columns a-f, rows 1-6, like b3")
    return (int(text[1]) - 1) * SIZE + "abcdef".index(text[0])


def penalty(values: Sequence[int | None], geometry: Geometry = SQUARE) -> int:
    """The penalty of a map (cells in reading order); empty squares (None) join for free."""
    parent = list(range(len(values)))
    edges = EDGES if geometry is SQUARE else geometry.edges

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    costly: list[tuple[int, int, int]] = []
    for a, b in edges:
        va, vb = values[a], values[b]
        if va is None or vb is None or abs(va - vb) <= 1:
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb
        else:
            costly.append((abs(va - vb), a, b))
    total = 0
    for weight, a, b in sorted(costly):
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
            total += weight
    return total


def gap_bound(tiles: Sequence[tuple[int, int]]) -> int:
    """Every missing height between two present ones must be stepped over at least once."""
    present = sorted({v for tile in tiles for v in tile})
    return sum(b - a for a, b in itertools.pairwise(present) if b - a >= 2)


@dataclass(frozen=True)
class Arrangement:
    """A 6x6 map: the number on each square and the partner square of each."""

    values: tuple[int, ...]
    partner: tuple[int, ...]
    geometry: Geometry = SQUARE

    @property
    def penalty(self) -> int:
        return penalty(self.values, self.geometry)

    def grid(self) -> Grid:
        w = self.geometry.width
        placed = [
            (divmod(a, w), self.values[a], divmod(b, w), self.values[b]) for a, b in enumerate(self.partner) if a < b
        ]
        return Grid.from_dominoes(w, self.geometry.height, placed)

    def text(self) -> str:
        return self.grid().text()

    def tiles(self) -> list[tuple[int, int]]:
        return sorted(
            (min(self.values[a], self.values[b]), max(self.values[a], self.values[b]))
            for a, b in enumerate(self.partner)
            if a < b
        )


@dataclass
class SolveResult:
    arrangement: Arrangement | None  # None only when the search was stopped
    penalty: int | None  # the least possible penalty (proved)
    lower_bound: int  # from the heights present
    nodes: int
    seconds: float
    proved_zero_impossible: bool  # penalty 0 is impossible although no height is missing

    def to_dict(self) -> dict[str, object]:
        return {
            "penalty": self.penalty,
            "lower_bound": self.lower_bound,
            "map": None if self.arrangement is None else self.arrangement.text(),
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
        }


def tiles_from_grid(grid: Grid) -> list[tuple[int, int]]:
    """The dominoes of a grid (a dealt hand or a map), checked to be 18 different double-six dominoes."""
    tiles = []
    for a, b in grid.dominoes():
        va, vb = grid.value(a), grid.value(b)
        assert va is not None and vb is not None
        if va > 6 or vb > 6:
            raise GridFormatError(f"{va}|{vb} is not a double-six domino")
        tiles.append((min(va, vb), max(va, vb)))
    if len(tiles) != DOMINOES:
        raise GridFormatError(f"Mountains and Valleys uses {DOMINOES} dominoes; the grid holds {len(tiles)}")
    if len(set(tiles)) != len(tiles):
        dup = next(t for t in tiles if tiles.count(t) > 1)
        raise GridFormatError(f"the domino {dup[1]}|{dup[0]} appears twice; a double-six set has one of each")
    return sorted(tiles)


def arrangement_from_grid(grid: Grid) -> Arrangement | None:
    """The map of a full 6x6 grid (None for another shape, such as a dealt hand)."""
    if grid.width != SIZE or grid.height != SIZE or any(v is None for row in grid.values for v in row):
        return None
    values = tuple(v for row in grid.values for v in row if v is not None)
    partner = [0] * CELLS
    for (r1, c1), (r2, c2) in grid.dominoes():
        a, b = r1 * SIZE + c1, r2 * SIZE + c2
        partner[a], partner[b] = b, a
    return Arrangement(values, tuple(partner))


def deal(rng: random.Random, count: int = DOMINOES) -> list[tuple[int, int]]:
    tiles = list(FULL_SET)
    rng.shuffle(tiles)
    return tiles[:count]


def hand_grid(tiles: Sequence[tuple[int, int]]) -> Grid:
    """Dealt dominoes shown as the book shows a hand: upright pairs, three groups of three, three rows."""
    placed = []
    for i, (a, b) in enumerate(tiles):
        row, slot = divmod(i, 6)
        col = slot + (1 if slot >= 3 else 0)
        placed.append(((2 * row, col), a, (2 * row + 1, col), b))
    height = 2 * ((len(tiles) + 5) // 6)
    return Grid.from_dominoes(7, height, placed)


class Solver:
    """Exact least penalty of 18 dominoes: SAT with lazy connectivity cuts (see the module docstring).

    The formula places each domino once and covers each square once; a
    "walk" variable per edge may be true only if its two heights differ by at
    most one, and a "bridge" variable of height k (budget > 0) only if they
    differ by at most k, bridges costing at most the budget in all. Connectivity
    is added lazily: when a model's chosen edges split the map, every part gets
    a clause saying one of its boundary edges must be chosen. These clauses hold
    in every connected map, so an unsatisfiable formula proves the budget too
    small.
    """

    def __init__(
        self,
        tiles: Sequence[tuple[int, int]],
        solver: str = "cadical153",
        fixed: Sequence[tuple[int, int, int, int]] = (),
        geometry: Geometry = SQUARE,
    ) -> None:
        tiles = sorted((min(a, b), max(a, b)) for a, b in tiles)
        count = geometry.cells // 2
        if len(tiles) != count or len(set(tiles)) != count:
            raise ValueError(f"give {count} different dominoes")
        self.geometry = geometry
        self.cells = geometry.cells
        self.edges = geometry.edges
        self.slots = geometry.slots
        self.tiles = tiles
        self.solver_name = solver
        # Dominoes already on the table: (cell, value, other cell, other value).
        self.fixed = [(c1, v1, c2, v2) if c1 < c2 else (c2, v2, c1, v1) for c1, v1, c2, v2 in fixed]
        # Every square and every pair of neighbours must have a way out: cuts known from the start.
        self.cuts: list[frozenset[int]] = [frozenset([c]) for c in range(self.cells)]
        self.cuts += [frozenset(edge) for edge in self.edges]
        self.rng = random.Random(0)
        self.calls = 0

    def solve(self) -> SolveResult:
        started = time.perf_counter()
        bound = gap_bound(self.tiles)
        budget = bound
        while True:
            found = self.feasible(budget)
            if found is not None:
                return SolveResult(
                    found, budget, bound, self.calls, time.perf_counter() - started, budget > 0 and bound == 0
                )
            budget += 1

    def feasible(self, budget: int) -> Arrangement | None:
        """An arrangement with penalty at most ``budget``, or None when the formula proves there is none."""
        from pysat.card import CardEnc, EncType
        from pysat.solvers import Solver as SatSolver

        pool = _Pool()
        clauses: list[list[int]] = []
        placements: list[tuple[int, int, int, int, int]] = []  # (var, cell, value, other cell, other value)
        cover: list[list[int]] = [[] for _ in range(self.cells)]
        value_of: dict[tuple[int, int], list[int]] = {}
        fixed = set(self.fixed)
        for a, b in self.tiles:
            mine = []
            for c1, c2 in self.slots:
                for v1, v2 in ((a, b),) if a == b else ((a, b), (b, a)):
                    var = pool.new()
                    mine.append(var)
                    placements.append((var, c1, v1, c2, v2))
                    if (c1, v1, c2, v2) in fixed:
                        clauses.append([var])
                    cover[c1].append(var)
                    cover[c2].append(var)
                    value_of.setdefault((c1, v1), []).append(var)
                    value_of.setdefault((c2, v2), []).append(var)
            clauses += CardEnc.equals(mine, 1, vpool=pool.pool, encoding=EncType.seqcounter).clauses
        for c in range(self.cells):
            clauses += CardEnc.equals(cover[c], 1, vpool=pool.pool, encoding=EncType.seqcounter).clauses
        val = {}
        for (c, v), placing in value_of.items():
            var = val[c, v] = pool.new()
            clauses += [[-x, var] for x in placing]
            clauses.append([-var] + placing)

        def within(edge_var: int, c: int, d: int, tolerance: int) -> None:
            for i in range(7):
                if (c, i) not in val:
                    continue
                near = [val[d, j] for j in range(i - tolerance, i + tolerance + 1) if (d, j) in val]
                clauses.append([-edge_var, -val[c, i]] + near)

        walk = {}
        bridges: dict[tuple[int, int], list[int]] = {}
        units: list[int] = []
        for c, d in self.edges:
            walk[c, d] = w = pool.new()
            within(w, c, d, 1)
            bridges[c, d] = []
            for height in range(2, min(budget, 6) + 1):
                br = pool.new()
                within(br, c, d, height)
                bridges[c, d].append(br)
                units += [br] * height
        if units:
            # The bridges' heights add up to at most the budget: count each bridge once per level.
            counted = []
            for br in units:
                copy = pool.new()
                clauses += [[-br, copy], [br, -copy]]
                counted.append(copy)
            clauses += CardEnc.atmost(counted, budget, vpool=pool.pool, encoding=EncType.seqcounter).clauses

        # Level cuts: where heights up to v and above v are both present, some neighbours must
        # step from v to v + 1, unless a bridge is paid for somewhere.
        all_bridges = [br for brs in bridges.values() for br in brs]
        present = {v for tile in self.tiles for v in tile}
        for level in range(6):
            if not any(v <= level for v in present) or not any(v > level for v in present):
                continue
            steps = []
            for c, d in self.edges:
                for x, y in ((c, d), (d, c)):
                    if (x, level) in val and (y, level + 1) in val:
                        z = pool.new()
                        clauses += [[-z, val[x, level]], [-z, val[y, level + 1]]]
                        steps.append(z)
            clauses.append(steps + all_bridges)

        def cut(part: frozenset[int]) -> list[int]:
            lits = []
            for c, d in self.edges:
                if (c in part) != (d in part):
                    lits.append(walk[c, d])
                    lits += bridges[c, d]
            return lits

        with SatSolver(name=self.solver_name, bootstrap_with=clauses) as sat:
            for part in self.cuts:
                sat.add_clause(cut(part))
            while True:
                self.calls += 1
                if not sat.solve():
                    return None
                model = sat.get_model()
                true = set(x for x in model if x > 0)
                values = [0] * self.cells
                partner = [0] * self.cells
                for var, c1, v1, c2, v2 in placements:
                    if var in true:
                        values[c1], values[c2] = v1, v2
                        partner[c1], partner[c2] = c2, c1
                if penalty(values, self.geometry) <= budget:
                    return Arrangement(tuple(values), tuple(partner), self.geometry)
                repaired = values[:]
                if self._repair(repaired, partner, budget):
                    return Arrangement(tuple(repaired), tuple(partner), self.geometry)
                chosen = [
                    (c, d)
                    for c, d in self.edges
                    if abs(values[c] - values[d]) <= 1 or any(br in true for br in bridges[c, d])
                ]
                parts = _components(chosen, self.cells)
                for part in parts:
                    self.cuts.append(part)
                    sat.add_clause(cut(part))

    def _repair(self, values: list[int], partner: list[int], budget: int, steps: int = 1500) -> bool:
        """Try to bring a near miss within the budget by swapping and turning dominoes (changes ``values``).

        Only a shortcut to a witness: when it fails, the cuts carry the search on.
        """
        if self.fixed:
            return False
        geometry, rng = self.geometry, self.rng
        slots = [(a, b) for a, b in enumerate(partner) if a < b]
        score = penalty(values, geometry)
        for _ in range(steps):
            a1, b1 = slots[rng.randrange(len(slots))]
            if rng.random() < 0.3:
                a2, b2 = b1, a1  # turn the domino round
            else:
                a2, b2 = slots[rng.randrange(len(slots))]
                if rng.random() < 0.5:
                    a2, b2 = b2, a2
            before = values[:]
            va1, vb1, va2, vb2 = values[a1], values[b1], values[a2], values[b2]
            values[a1], values[b1] = va2, vb2
            values[a2], values[b2] = va1, vb1
            new = penalty(values, geometry)
            if new <= score:
                score = new
                if score <= budget:
                    return True
            else:
                values[:] = before
        return False


class _Pool:
    def __init__(self) -> None:
        from pysat.formula import IDPool

        self.pool = IDPool()

    def new(self) -> int:
        return self.pool.id()


def _components(edges: Sequence[tuple[int, int]], cells: int) -> list[frozenset[int]]:
    parent = list(range(cells))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in edges:
        parent[find(a)] = find(b)
    groups: dict[int, set[int]] = {}
    for c in range(cells):
        groups.setdefault(find(c), set()).add(c)
    return [frozenset(g) for g in groups.values()]


def solve(
    tiles: Sequence[tuple[int, int]], fixed: Sequence[tuple[int, int, int, int]] = (), geometry: Geometry = SQUARE
) -> SolveResult:
    """The least possible penalty of 18 dominoes, with a map that reaches it (proved least).

    ``fixed`` keeps dominoes where they lie, as (cell, value, other cell, other value).
    """
    return Solver(tiles, fixed=fixed, geometry=geometry).solve()
