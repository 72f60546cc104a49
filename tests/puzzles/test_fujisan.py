"""Fujisan: the solver against brute force, the published problems, Country Road, the game."""

from __future__ import annotations

import random

import pytest

import bones
from bones.puzzles import fujisan
from bones.puzzles.problems import problems
from bones.record import Record
from tests.puzzles import brute

PUBLISHED = [14, 17, 20, 23, 26, 29, 32, 35, 38, 41, 44, 47, 49, 52, 56, 58, 60, 64, 67, 70]
# Up and back down (Country Road); problem 1's priests can climb but never all get down.
COUNTRY_ROAD = [None, 29, 33, 35, 36, 41, 46, 47, 49, 53, 55, 58, 59, 65, 67, 70, 69, 75, 80, 81]


@pytest.mark.parametrize("seed", range(6))
def test_solver_is_optimal_against_brute_force(seed: int) -> None:
    layout = fujisan.random_layout(random.Random(seed))
    steps = fujisan.FujisanBoard(layout, False).solve()
    assert (None if steps is None else len(steps)) == brute.fujisan_shortest(layout.columns)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2))
def test_country_road_is_optimal_against_brute_force(seed: int) -> None:
    layout = fujisan.random_layout(random.Random(50 + seed))
    steps = fujisan.FujisanBoard(layout, True).solve()
    assert (None if steps is None else len(steps)) == brute.fujisan_shortest(layout.columns, country_road=True)


def test_published_lengths_rise_as_designed() -> None:
    layouts = [fujisan.FujisanLayout.parse(p.grid) for p in problems("fujisan")]
    assert [len(fujisan.solve_layout(layout) or []) for layout in layouts] == PUBLISHED
    country_road = [fujisan.solve_layout(layout, country_road=True) for layout in layouts]
    assert [None if s is None else len(s) for s in country_road] == COUNTRY_ROAD


@pytest.mark.parametrize("problem", problems("fujisan")[:3], ids=lambda p: p.name)
def test_small_published_problems_against_brute_force(problem) -> None:
    layout = fujisan.FujisanLayout.parse(problem.grid)
    assert brute.fujisan_shortest(layout.columns) == PUBLISHED[problem.number - 1]


@pytest.mark.parametrize("country_road", [False, True])
@pytest.mark.parametrize("problem", problems("fujisan")[1::4], ids=lambda p: p.name)
def test_solutions_replay_to_the_goal(problem, country_road: bool) -> None:
    state = bones.rules("fujisan", country_road=country_road).new_game(setup={"grid": problem.grid})
    for move in state.solve():
        assert move in state.legal_moves
        state = state.play(move)
    assert state.is_over and state.outcome is not None and state.outcome.winners == (0,)
    assert Record.loads(Record.of(state).dumps()).replay().render() == state.render()


def test_country_road_is_the_climb_then_the_descent() -> None:
    layout = fujisan.FujisanLayout.parse(problems("fujisan")[1].grid)
    climb = fujisan.solve_layout(layout)
    both = fujisan.solve_layout(layout, country_road=True)
    assert climb is not None and both is not None and len(both) > len(climb)
    state = bones.rules("fujisan", country_road=True).new_game(setup={"grid": layout.text()})
    for move in both[: len(climb)]:
        state = state.play(move)
    assert state.position & fujisan.DESCENT  # all four on the peak: the way down begins
    with pytest.raises(bones.IllegalMoveError):
        state.play(both[0])


def test_the_rules_refuse_with_reasons() -> None:
    state = bones.rules("fujisan").new_game(setup={"grid": problems("fujisan")[0].grid})
    # Problem 1 top row: 3 2 1 0 0 1 0 3 1 2 3 1
    cases = {
        "T1-T2": "no priest on T1",
        "T0-B0": "occupied",
        "T0-T1": "crosses 1 unoccupied squares, but T1 shows 3",
        "T0-B1": "different rows",
        "pass": "not a Fujisan move",
    }
    for text, reason in cases.items():
        with pytest.raises(bones.IllegalMoveError, match=reason):
            state.play(text)
    assert state.moves == ()


def test_peak_priests_stay_on_the_peak_but_move_freely_there() -> None:
    layout = fujisan.FujisanLayout(tuple((1, 2) for _ in range(12)))
    board = fujisan.FujisanBoard(layout, False)
    on_peak = 1 << fujisan.square(0, 6)
    targets = {to for frm, to, _ in board.moves(on_peak)}
    assert targets == {fujisan.square(1, 6), fujisan.square(0, 7), fujisan.square(1, 7)}


def test_generator_hits_the_chosen_length_and_new_games_are_solvable() -> None:
    layout = fujisan.generate(18, random.Random(3))
    assert len(fujisan.solve_layout(layout) or []) == 18
    for seed in range(3):
        state = bones.rules("fujisan").new_game(seed=seed)
        assert state.solve() and state.solve() != [state.play("give-up").moves[-1]]
