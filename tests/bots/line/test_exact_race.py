"""The max-n solver of 3- and 4-player block hands agrees with brute force written from the kernel's rules."""

from __future__ import annotations

import pytest

import bones
from bones.bots.line.exact_race import NOBODY, Solver, supported
from bones.line.kernel import PLAYING, Kernel
from bones.line.rules import LineRules
from bones.line.scoring import score_hand
from tests.bots.line.positions import small_deals


def outcome(rules: LineRules, kernel: Kernel) -> tuple[int, int]:
    """(winner, points) of a finished hand, by the game's own scoring."""
    score = score_hand(rules, kernel, 0)
    if score.winning_side is None:
        return NOBODY, 0
    return score.winning_side, score.points[score.winning_side]


def worth(players: int, seat: int, result: tuple[int, int]) -> float:
    winner, points = result
    if winner == NOBODY:
        return 0.0
    return float(points) if winner == seat else -points / (players - 1)


def brute(rules: LineRules, kernel: Kernel) -> tuple[int, int]:
    """Plain max-n over every legal kernel move (passes one at a time), no table: the mover takes the best
    worth, and of equal worths the lesser result."""
    seat = kernel.to_move
    best: tuple[float, tuple[int, int]] | None = None
    for move in kernel.legal():
        child = kernel.copy()
        child.apply(*move)
        result = outcome(rules, child) if child.status != PLAYING else brute(rules, child)
        key = (worth(rules.players, seat, result), result)
        if best is None or key[0] > best[0] or (key[0] == best[0] and result < best[1]):
            best = key
    assert best is not None
    return best[1]


@pytest.mark.parametrize("players", [3, 4])
def test_solver_matches_brute_force(players: int) -> None:
    outcomes = set()
    for state in small_deals(bones.rules("block", players=players), 60, seed=players, sizes=(3, 4)):
        rules = state.rules
        assert isinstance(rules, LineRules) and supported(rules)
        solver = Solver(rules, state.kernel)
        assert solver.result(state.kernel) == brute(rules, state.kernel)
        for move in state.kernel.legal():
            child = state.kernel.copy()
            child.apply(*move)
            expected = outcome(rules, child) if child.status != PLAYING else brute(rules, child)
            assert solver.result_after(state.kernel, move) == expected
            assert solver.value_after(state.kernel, move) == worth(players, state.kernel.to_move, expected)
            outcomes.add(expected[0])
    # Positions where someone goes out, where the hand blocks and where nobody wins were all met.
    assert {NOBODY, 0, 1, 2} <= outcomes


def test_only_races_without_draws_or_partners_are_supported() -> None:
    assert supported(bones.rules("block", players=3)) and supported(bones.rules("block", players=4))
    assert not supported(bones.rules("block"))  # two players: the two-player solver's
    assert not supported(bones.rules("draw", players=3))
    assert not supported(bones.rules("block", players=4, teams=True))
