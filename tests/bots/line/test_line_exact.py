"""The exact perfect-information solver agrees with brute force written from the kernel's rules."""

from __future__ import annotations

import random

import pytest

import bones
from bones.bots.line.exact import Solver, best_move
from bones.line.kernel import PLAYING, Kernel
from bones.line.rules import LineRules
from bones.line.scoring import score_hand
from bones.line.state import LineState


def brute(rules: LineRules, kernel: Kernel) -> int:
    """Plain minimax over every legal kernel move (draws and passes one at a time), no pruning, no table."""
    seat = kernel.to_move
    best = None
    for move in kernel.legal():
        child = kernel.copy()
        points = child.apply(*move)
        if child.status != PLAYING:
            end = score_hand(rules, child, 0).points
            value = points + end[seat] - end[1 - seat]
        elif child.to_move == seat:
            value = points + brute(rules, child)
        else:
            value = points - brute(rules, child)
        best = value if best is None else max(best, value)
    assert best is not None
    return best


def positions(game: str, options: dict, count: int, seed: int) -> list[LineState]:
    """Random small deals (4 tiles each, a boneyard of 5, the other tiles out of play), some a few moves in."""
    rules = bones.rules(game, **options)
    rng = random.Random(seed)
    names = [str(t) for t in bones.pip_set(6).tiles]
    out = []
    for _ in range(count):
        rng.shuffle(names)
        setup = {"hands": [names[0:4], names[4:8]], "boneyard": names[8:13], "opener": rng.randrange(2)}
        state = rules.new_game(seed=0, setup=setup)
        for _ in range(rng.randrange(4)):
            if state.is_over or state.hand_no != 1:
                break
            state = state.play(rng.choice(state.legal_moves))
        if not state.is_over and state.hand_no == 1:
            assert isinstance(state, LineState)
            out.append(state)
    return out


CASES = [
    ("draw", {}),
    ("draw", {"reserve": True}),
    ("block", {}),
    ("allfives", {}),
    ("muggins", {}),
]


@pytest.mark.parametrize(("game", "options"), CASES)
def test_solver_matches_brute_force(game: str, options: dict) -> None:
    checked = 0
    for state in positions(game, options, 12, seed=len(game)):
        rules = state.rules
        assert isinstance(rules, LineRules)
        solver = Solver(rules, state.kernel)
        assert solver.value(state.kernel) == brute(rules, state.kernel)
        for move, value in solver.move_values(state.kernel):
            child = state.kernel.copy()
            points = child.apply(*move)
            if child.status != PLAYING:
                end = score_hand(rules, child, 0).points
                expected = points + end[state.kernel.to_move] - end[1 - state.kernel.to_move]
            elif child.to_move == state.kernel.to_move:
                expected = points + brute(rules, child)
            else:
                expected = points - brute(rules, child)
            assert value == expected, (game, move)
            checked += 1
    assert checked >= 20


def test_best_move_is_a_legal_move_of_best_value() -> None:
    state = positions("allfives", {}, 1, seed=3)[0]
    rules = state.rules
    assert isinstance(rules, LineRules)
    move, value = best_move(rules, state.kernel)
    assert move in state.kernel.legal()
    assert value == brute(rules, state.kernel)


def test_refuses_spinners_and_more_players() -> None:
    for game, options in (("classic", {}), ("draw", {"players": 3}), ("allfives", {"spinner": True})):
        rules = bones.rules(game, **options)
        with pytest.raises(ValueError, match="2-player lines"):
            Solver(rules, rules.new_game(seed=0).kernel)


def test_crazy_solves_sampled_deals_exactly_late_in_a_hand() -> None:
    from bones.bots.line.belief import Belief
    from bones.bots.line.crazy import estimate_moves

    rules = bones.rules("allfives")
    assert isinstance(rules, LineRules)
    state = rules.new_game(seed=11)
    rng = random.Random(0)
    while len(Belief.of(state.observation(state.kernel.to_move)).unknown) > 9 or len(state.legal_moves) < 2:
        state = state.play(rng.choice(state.legal_moves))
    observation = state.observation(state.kernel.to_move)
    estimates = estimate_moves(rules, observation, random.Random(5), None, 4000, exact_hidden=9, exact_samples=30)
    # The same samples again, each solved exactly: the estimates are their mean values.
    replay = random.Random(5)
    belief = Belief.of(observation)
    totals: dict[str, float] = {}
    for _ in range(30):
        hands, boneyard = belief.sample(replay)
        base = observation.public.copy()
        for seat, mask in hands.items():
            base.hands[seat] = mask
        base.boneyard = boneyard
        for move, value in Solver(rules, base).move_values(base):
            key = str(state.legal_moves[[m.kernel_move for m in state.legal_moves].index(move)])
            totals[key] = totals.get(key, 0.0) + value
    for estimate in estimates:
        assert estimate.samples == 30
        assert estimate.expected_points == pytest.approx(totals[str(estimate.move)] / 30)
    assert estimates[0].expected_points == max(totals.values()) / 30


def test_a_node_limit_stops_the_search_and_keeps_the_table_sound() -> None:
    from bones.bots.line.exact import NodeLimit

    rules = bones.rules("allfives")
    assert isinstance(rules, LineRules)
    stopped = 0
    for state in positions("allfives", {}, 8, seed=21):
        unlimited = Solver(rules, state.kernel).move_values(state.kernel)
        solver = Solver(rules, state.kernel, node_limit=3)
        try:
            solver.move_values(state.kernel)
        except NodeLimit:
            stopped += 1
        # What the interrupted search kept is exact: going on from it gives the same values.
        solver.node_limit = 1 << 40
        assert solver.move_values(state.kernel) == unlimited
    assert stopped >= 4


def test_crazy_plays_out_the_deals_too_big_to_solve_within_its_node_limit() -> None:
    from bones.bots.line.crazy import estimate_moves

    rules = bones.rules("allfives")
    assert isinstance(rules, LineRules)
    state = rules.new_game(seed=11)
    rng = random.Random(0)
    for _ in range(3):
        state = state.play(rng.choice(state.legal_moves))
    while len(state.legal_moves) < 2:
        state = state.play(state.legal_moves[0])
    observation = state.observation(state.kernel.to_move)
    counts = {}
    for limit in (1, None):
        stats: dict[str, int] = {}
        estimates = estimate_moves(
            rules, observation, random.Random(5), None, 40, stats, exact_hidden=28, exact_samples=40, exact_nodes=limit
        )
        assert {str(e.move) for e in estimates} == {str(m) for m in state.legal_moves}
        assert all(e.samples == 40 for e in estimates)
        counts[limit] = stats.get("solved", 0)
    assert counts == {1: 0, None: 40}


def test_crazy_without_a_clock_solves_a_fixed_amount_of_work() -> None:
    from bones.bots.line.crazy import CrazyLineBot, estimate_moves

    rules = bones.rules("allfives")
    assert isinstance(rules, LineRules)
    bot = CrazyLineBot(rules)
    bot.limit_thinking(0.01)
    assert bot.seconds is None
    assert bot.exact_work is not None and bot.exact_nodes is not None
    assert bot.exact_nodes <= bot.exact_work
    from bones.bots.line.belief import Belief

    state = rules.new_game(seed=4)
    rng = random.Random(4)
    while len(Belief.of(state.observation(state.kernel.to_move)).unknown) > 16 or len(state.legal_moves) < 2:
        state = state.play(rng.choice(state.legal_moves))
    observation = state.observation(state.kernel.to_move)
    runs = []
    for _ in range(2):
        stats: dict[str, int] = {}
        estimates = estimate_moves(
            rules,
            observation,
            random.Random(9),
            None,
            bot.samples,
            stats,
            exact_nodes=bot.exact_nodes,
            exact_work=bot.exact_work,
        )
        assert stats["solved"] >= 1
        # The last solve may run past the budget by at most its own limit.
        assert stats["positions"] <= bot.exact_work + bot.exact_nodes
        runs.append([(str(e.move), e.expected_points) for e in estimates])
    assert runs[0] == runs[1]
    assert bot.choose(observation, random.Random(2)) == bot.choose(observation, random.Random(2))
