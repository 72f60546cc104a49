"""Fujisan: the solver against brute force, the published problems, Country Road, the game."""

from __future__ import annotations

import random
import re

import pytest

import bones
from bones.puzzles.fujisan import puzzle as fujisan
from bones.puzzles.fujisan.puzzle import FujisanLayout, random_layout
from bones.puzzles.grid import Grid, GridFormatError
from bones.puzzles.problems import problems
from bones.record import Record
from tests.cli_run import run_cli
from tests.puzzles import brute

# The lengths of the book's own solutions ("Fujisan Solutions" at the end of the rules,
# github.com/donkirkby/donimoes raw_rules/rules.md), which step on the peak only up, down or across.
PUBLISHED = [14, 17, 20, 23, 26, 29, 32, 35, 38, 42, 44, 47, 49, 52, 56, 58, 61, 64, 68, 70]
# Up and back down (Country Road); problem 1's priests can climb but never all get down.
COUNTRY_ROAD = [None, 29, 33, 35, 36, 41, 46, 47, 49, 54, 55, 58, 59, 65, 67, 70, 70, 75, 81, 81]


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


def test_published_lengths_match_the_books_solutions() -> None:
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


def test_peak_priests_stay_on_the_peak_and_step_only_in_straight_lines() -> None:
    layout = fujisan.random_layout(random.Random(0))  # the numbers do not matter on the peak
    board = fujisan.FujisanBoard(layout, False)
    for row, col in [(0, 6), (1, 6), (0, 7), (1, 7)]:
        targets = {to for frm, to, _ in board.moves(1 << fujisan.square(row, col))}
        assert targets == {fujisan.square(1 - row, col), fujisan.square(row, 13 - col)}
    blocked = 1 << fujisan.square(0, 6) | 1 << fujisan.square(1, 6) | 1 << fujisan.square(0, 7)
    targets = {to for frm, to, _ in board.moves(blocked) if frm == fujisan.square(0, 6)}
    assert targets == set()  # B7 is free, but only diagonally


def test_problem_10_takes_the_books_42_moves_without_a_diagonal_step() -> None:
    state = bones.rules("fujisan").new_game(setup={"grid": problems("fujisan")[9].grid})
    solution = state.solve()
    assert len(solution) == 42
    for move in solution:
        start, end = str(move).split("-")
        if start[1:] in ("6", "7"):
            assert start[0] == end[0] or start[1:] == end[1:], move
    state = bones.rules("fujisan").new_game(setup={"grid": problems("fujisan")[9].grid})
    for move in solution:
        state = state.play(move)
        end = str(move).split("-")[1]
        if end[1:] in ("6", "7"):
            break
    diagonal = f"{'TB'[end[0] == 'T']}{13 - int(end[1:])}"
    assert diagonal not in state.observation(0).position["priests"]
    with pytest.raises(bones.IllegalMoveError, match="straight line"):
        state.play(f"{end}-{diagonal}")


def test_generator_hits_the_chosen_length_and_new_games_are_solvable() -> None:
    layout = fujisan.generate(18, random.Random(3))
    assert len(fujisan.solve_layout(layout) or []) == 18
    for seed in range(3):
        state = bones.rules("fujisan").new_game(seed=seed)
        assert state.solve() and state.solve() != [state.play("give-up").moves[-1]]


@pytest.mark.parametrize("country_road", [False, True])
def test_the_search_steps_backwards_exactly_where_the_rules_step_forwards(country_road: bool) -> None:
    """The solver meets in the middle: each position's predecessors must be exactly the positions with a move to it."""
    layout = fujisan.random_layout(random.Random(11))
    board = fujisan.FujisanBoard(layout, country_road)
    rng = random.Random(5)
    for descent in (False, True):
        for _ in range(300):
            occ = sum(1 << sq for sq in rng.sample(range(2 * fujisan.WIDTH), 4))
            phase = fujisan.DESCENT if descent else 0
            moves = board.moves(occ | phase)
            after = {nxt & ~fujisan.DESCENT for _, _, nxt in moves}
            # forwards the search leaves out moves onto squares from which the goal is out of reach
            hopeful = {nxt & ~fujisan.DESCENT for _, to, nxt in moves if board._hopeful[descent][to]}
            assert board._layer({occ}, descent, backward=False) == hopeful
            for t in after:
                assert occ in board._layer({t}, descent, backward=True)
            for before in board._layer({occ}, descent, backward=True):
                assert occ in {nxt & ~fujisan.DESCENT for _, _, nxt in board.moves(before | phase)}


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ((3, (6, 2)), "column 4: 6|2 has a 6"),
        ((0, (3, 3)), "column 1: 3|3 is a double"),
        ((5, (9, 1)), "column 6: 9|1 has a 9"),
    ],
)
def test_a_layout_with_a_domino_outside_fujisans_set_is_refused_naming_it(change, why: str) -> None:
    columns = list(random_layout(random.Random(3)).columns)
    index, domino = change
    columns[index] = domino
    with pytest.raises(GridFormatError, match=re.escape(why)):
        FujisanLayout(tuple(columns))


def test_a_layout_with_a_domino_twice_is_refused_naming_both_columns(tmp_path, capsys) -> None:
    columns = list(random_layout(random.Random(3)).columns)
    columns[7] = columns[2][::-1]
    text = Grid.from_dominoes(12, 2, [((0, c), t, (1, c), b) for c, (t, b) in enumerate(columns)]).text()
    path = tmp_path / "twice.txt"
    path.write_text(text)
    code, out = run_cli(capsys, "solve", "fujisan", str(path))
    assert code == 2 and "column 8" in out and "column 3" in out and "twice" in out
