"""Bee Donimoes: moves, the solver against brute force, the published problems, the game."""

from __future__ import annotations

import random

import pytest

import bones
from bones.puzzles.base import PuzzleMove
from bones.puzzles.bee.generate import generate, random_layout, solve_layout
from bones.puzzles.bee.puzzle import BeeLayout
from bones.puzzles.bee.rules import RoundResult
from bones.puzzles.grid import Grid, GridFormatError
from bones.puzzles.problems import problems
from bones.record import Record
from tests.puzzles import brute

BOOK_EXAMPLE = """\
4|4 0|1 3|3

2|2 2|1 0|4

2|3 0|2 1|4

0|3 4|2 1|1

4|3 1|3 0|0
"""

# Shortest solution per queen for the published problems (advanced rule).
PUBLISHED = {
    1: {3: 4}, 2: {3: 6}, 3: {3: 8},
    4: {3: 5, 4: 5}, 5: {3: 7, 4: 7}, 6: {3: 8, 4: 8}, 7: {3: 9, 4: 9},
    8: {3: 6, 4: 6, 5: 6}, 9: {3: 6, 4: 7, 5: 7}, 10: {3: 8, 4: 8, 5: 6}, 11: {3: 9, 4: 9, 5: 9}, 12: {3: 9, 4: 10, 5: 6},
    13: {3: 6, 4: 6, 5: 6, 6: 4}, 14: {3: 7, 4: 7, 5: 7, 6: 5}, 15: {3: 5, 4: 8, 5: 8, 6: 5}, 16: {3: 9, 4: 9, 5: 6, 6: 4},
    17: {3: 10, 4: 10, 5: 7, 6: 5}, 18: {3: 5, 4: 11, 5: 11, 6: 4}, 19: {3: 10, 4: 12, 5: 8, 6: 4}, 20: {3: 13, 4: 10, 5: 7, 6: 6},
}  # fmt: skip


def test_the_books_example_solution_is_legal_and_shortest() -> None:
    # The rules text solves queen 3 of its example in 3 moves: 2 down 1, 1 down 3 left 3, 2 left 3 up 1.
    state = bones.rules("bee").new_game(setup={"grid": BOOK_EXAMPLE})
    for text in ("2D1", "1D3L3", "2L3U1"):
        state = state.play(state.normalize(text))
    assert state.queen == 4 and state.results[0].solved and state.results[0].moves == 3
    assert len(solve_layout(BeeLayout.parse(BOOK_EXAMPLE), advanced=False)[3]) == 3
    assert state.results[0].text() == "queen 3: solved in 3 moves"


def test_a_round_of_one_move_is_told_in_the_singular() -> None:
    assert RoundResult(queen=4, solved=True, moves=1).text() == "queen 4: solved in 1 move"
    assert RoundResult(queen=5, solved=False, moves=2).text() == "queen 5: given up"


def test_a_turn_over_another_die_is_one_move() -> None:
    layout = BeeLayout.parse("1|0 3|3\n\n3|2 3|0\n\n2|0 3|1\n")
    rnd = layout.round(3, advanced=True)
    moves = rnd.moves_from(rnd.starts)
    assert moves == [(1, 2 * 4 + 3)]  # only die 1, down 2 over die 2 and right 3
    assert rnd.path(rnd.starts[0], 11, rnd.occupied(rnd.starts)) == "D2R3"


@pytest.mark.parametrize("advanced", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_destinations_match_the_rules_read_literally(seed: int, advanced: bool) -> None:
    rng = random.Random(seed)
    layout = random_layout(4, rng)
    values, starts, partners = brute.bee_setup(layout.grid())
    for queen in (3, 4):
        rnd = layout.round(queen, advanced)
        cells = list(rnd.starts)
        for _ in range(12):  # a random walk through the round's positions
            occ = rnd.occupied(cells)
            dice = {k + 1: divmod(c, layout.width) for k, c in enumerate(cells)} | {queen: starts[queen]}
            blanks = {(r, c) for r, row in enumerate(values) for c, v in enumerate(row) if v == 0}
            wild = ({partners[starts[queen]]} if advanced else blanks) - set(dice.values())
            for die in range(1, queen):
                mine = rnd.destinations(die, cells[die - 1], occ)
                expected = brute.bee_destinations(values, dice, die, wild)
                assert {divmod(i, layout.width) for i in range(64) if mine >> i & 1} == expected
            moves = rnd.moves_from(cells)
            if not moves:
                break
            die, target = rng.choice(moves)
            back_from = cells[die - 1]
            cells[die - 1] = target
            # Moves are reversible: the way back turns over the same dice.
            assert (die, back_from) in rnd.moves_from(cells)


@pytest.mark.parametrize("advanced", [False, True])
@pytest.mark.parametrize("seed", range(30))
def test_solver_is_optimal_against_brute_force(seed: int, advanced: bool) -> None:
    layout = random_layout(3 + seed % 2, random.Random(100 + seed))
    values, starts, partners = brute.bee_setup(layout.grid())
    for queen in range(3, layout.dice + 1):
        steps = layout.round(queen, advanced).solve()
        assert (None if steps is None else len(steps)) == brute.bee_shortest(values, starts, partners, queen, advanced)


def test_impossible_rounds_agree_with_brute_force() -> None:
    found = 0
    for seed in range(200):
        layout = random_layout(4, random.Random(seed))
        for advanced in (False, True):
            if layout.round(4, advanced).solve() is None:
                values, starts, partners = brute.bee_setup(layout.grid())
                assert brute.bee_shortest(values, starts, partners, 4, advanced) is None
                found += 1
        if found >= 6:
            break
    assert found >= 6


@pytest.mark.parametrize("number", range(1, 8))
def test_small_published_problems_against_brute_force(number: int) -> None:
    grid = Grid.parse(problems("bee")[number - 1].grid)
    values, starts, partners = brute.bee_setup(grid)
    for queen, length in PUBLISHED[number].items():
        assert brute.bee_shortest(values, starts, partners, queen, True) == length


@pytest.mark.parametrize("problem", problems("bee"), ids=lambda p: p.name)
def test_published_problems_solve_and_replay(problem) -> None:
    state = bones.rules("bee", advanced=True).new_game(setup={"grid": problem.grid})
    lengths = {}
    for move in state.solve():
        before = state.queen
        state = state.play(move)
        lengths[before] = lengths.get(before, 0) + 1
    assert state.is_over and state.outcome is not None and state.outcome.winners == (0,)
    assert {r.queen: r.moves for r in state.results} == PUBLISHED[problem.number]
    again = Record.loads(Record.of(state).dumps()).replay()
    assert again.render() == state.render()


def test_illegal_moves_are_refused_with_a_reason() -> None:
    state = bones.rules("bee", advanced=True).new_game(setup={"grid": problems("bee")[0].grid})
    cases = {
        "3R1": "queen bee",
        "4R1": "not in this round",
        "1R1R1": "90°",
        "1L1": "leaves the board",
        "1U1": "only the queen's domino is wild",
        "1R1": "lands only on a 1",
        "1D1R1": "directly above another die",
        "hop": "not a Bee move",
        "pass": "not a Bee move",
    }
    for text, reason in cases.items():
        with pytest.raises(bones.IllegalMoveError, match=reason):
            state.play(text)
    assert state.moves == () and state.queen == 3


def test_advanced_rule_allows_only_the_queens_blank() -> None:
    layout = BeeLayout.parse(problems("bee")[0].grid)
    basic, advanced = layout.round(3, False), layout.round(3, True)
    assert bin(advanced.wild).count("1") == 1
    assert bin(basic.wild).count("1") == sum(v == 0 for v in layout.values)


def test_give_up_is_judged_by_the_solver() -> None:
    state = bones.rules("bee", dice=3).new_game(seed=4)
    state = state.play("give-up")
    assert state.is_over and state.outcome is not None
    assert state.outcome.winners == () and state.outcome.scores == (0,)
    assert "solution" in state.outcome.reason or "impossible" in state.outcome.reason


def test_layouts_are_checked() -> None:
    with pytest.raises(GridFormatError, match="0\\|3 domino"):
        BeeLayout.parse("1|0 2|0\n\n3|3 2|1\n")
    with pytest.raises(GridFormatError, match="appears twice"):
        BeeLayout.parse("1|0 2|0\n\n3|0 1|0\n")


@pytest.mark.parametrize(("dice", "moves", "advanced"), [(3, 4, True), (4, 5, False)])
def test_generator_hits_the_chosen_length(dice: int, moves: int, advanced: bool) -> None:
    layout = generate(dice, moves, advanced, random.Random(7))
    assert len(layout.round(dice, advanced).solve() or []) == moves
    assert all(layout.round(q, advanced).solve() is not None for q in range(3, dice + 1))


def test_seeded_games_and_generated_games_replay() -> None:
    rules = bones.rules("bee", dice=4, moves=4, advanced=True)
    one, two = rules.new_game(seed=11), rules.new_game(seed=11)
    assert one.layout == two.layout
    assert len(one.layout.round(4, True).solve() or []) == 4


def test_a_move_along_another_shortest_path_is_the_same_move() -> None:
    state = bones.rules("bee").new_game(seed=2)
    assert PuzzleMove("2L4D2") in state.legal_moves
    after = state.play("2D2L4")  # the same two runs, in the other order
    assert str(after.moves[-1]) == "2L4D2"  # records keep the book's spelling
    assert after.render() == state.play("2L4D2").render()


# Moves the book prints in its solutions with more turns than the die needs (issue 26): after the moves that lead to
# them in the round of queen 5, each is the same move as its shortest spelling, which the record keeps.
PRINTED_LONG = [
    (8, ["3L2", "4R2D1L3", "3D1L4"], "2L3D1L1", "2L4D1"),
    (8, ["1L3", "2R2", "4R4D1L5", "3D1L6", "2L6D1"], "1D4R1D1R1", "1D5R2"),
    (20, ["1D4L1", "1D1L6", "2L3", "2D4R7"], "1R7U1L1", "1R6U1"),
]


@pytest.mark.parametrize(("number", "before", "printed", "shortest"), PRINTED_LONG)
def test_a_move_written_with_more_turns_than_needed_is_taken_and_kept_in_its_short_form(
    number: int, before: list[str], printed: str, shortest: str
) -> None:
    grid = next(p.grid for p in problems("bee") if p.number == number)
    state = bones.rules("bee", advanced=True).new_game(setup={"grid": grid})
    while state.queen < 5:  # the earlier rounds, solved
        state = state.play(state.solve()[0])
    for move in before:
        state = state.play(move)
    after = state.play(printed)
    assert str(after.moves[-1]) == shortest
    assert after.render() == state.play(shortest).render()
    assert PuzzleMove(shortest) in state.legal_moves
