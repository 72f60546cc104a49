"""The solver of partnership block hands agrees with brute force written from the kernel's rules."""

from __future__ import annotations

import bones
from bones.bots.line.exact_pairs import Solver, supported
from bones.line.kernel import PLAYING, Kernel
from bones.line.rules import LineRules
from bones.line.scoring import score_hand
from tests.bots.line.positions import small_deals


def points_to(rules: LineRules, kernel: Kernel, side: int) -> int:
    """What a finished hand is worth to ``side`` by the game's own scoring: its points minus the other pair's."""
    score = score_hand(rules, kernel, 0)
    return score.points[side] - score.points[1 - side]


def brute(rules: LineRules, kernel: Kernel, side: int) -> int:
    """Plain minimax over every legal kernel move (passes one at a time), no table and no pruning: each seat
    takes the best for its own pair."""
    mover = rules.sides[kernel.to_move]
    values = []
    for move in kernel.legal():
        child = kernel.copy()
        child.apply(*move)
        values.append(points_to(rules, child, side) if child.status != PLAYING else brute(rules, child, side))
    return max(values) if mover == side else min(values)


def test_solver_matches_brute_force() -> None:
    values = set()
    for state in small_deals(bones.rules("block", players=4, teams=True), 400, seed=4, sizes=(2, 3, 4)):
        rules = state.rules
        assert isinstance(rules, LineRules) and supported(rules)
        kernel = state.kernel
        side = rules.sides[kernel.to_move]
        solver = Solver(rules, kernel)  # one table for every move of the position, as Crazy uses it
        for move in kernel.legal():
            child = kernel.copy()
            child.apply(*move)
            expected = points_to(rules, child, side) if child.status != PLAYING else brute(rules, child, side)
            assert solver.value_after(kernel, move) == expected
            values.add((expected > 0) - (expected < 0))
    # Positions won, lost and drawn (equal pairs) were all met.
    assert values == {-1, 0, 1}


def test_only_partnership_block_is_supported() -> None:
    assert supported(bones.rules("block", players=4, teams=True))
    assert not supported(bones.rules("block", players=4))  # each for himself: the race solver's
    assert not supported(bones.rules("block"))
    assert not supported(bones.rules("draw", players=4, teams=True))  # drawn tiles
    assert not supported(bones.rules("kozel"))  # its own scoring
