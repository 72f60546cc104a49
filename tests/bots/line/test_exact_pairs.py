"""The solver of partnership block hands agrees with brute force written from the kernel's rules."""

from __future__ import annotations

import random

import bones
from bones.bots.line.exact_pairs import Solver, supported
from bones.line.kernel import PLAYING, Kernel
from bones.line.rules import LineRules
from bones.line.scoring import score_hand
from bones.line.state import LineState


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


def positions(count: int, seed: int) -> list[LineState]:
    """Random small partnership deals (2 to 4 tiles a hand, the other tiles out of play), a few moves in."""
    rules = bones.rules("block", players=4, teams=True)
    rng = random.Random(seed)
    names = [str(t) for t in bones.pip_set(6).tiles]
    out = []
    while len(out) < count:
        rng.shuffle(names)
        size = rng.choice((2, 3, 4))
        hands = [names[i * size : (i + 1) * size] for i in range(4)]
        setup = {"hands": hands, "boneyard": names[4 * size :], "opener": rng.randrange(4)}
        state = rules.new_game(seed=0, setup=setup)
        for _ in range(1 + rng.randrange(3)):
            if state.is_over or state.hand_no != 1:
                break
            state = state.play(rng.choice(state.legal_moves))
        if not state.is_over and state.hand_no == 1 and state.kernel.placed:
            assert isinstance(state, LineState)
            out.append(state)
    return out


def test_solver_matches_brute_force() -> None:
    values = set()
    for state in positions(400, seed=4):
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
