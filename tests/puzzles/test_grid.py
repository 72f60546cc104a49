"""The grid text format: every layout of the reference texts round-trips; bad grids are refused with a place."""

from __future__ import annotations

import pytest

from bones.puzzles.grid import Grid, GridFormatError, dice_marker
from bones.puzzles.problems import problems

BOOK_EXAMPLE = """\
4|4 0|1 3|3

2|2 2|1 0|4

2|3 0|2 1|4

0|3 4|2 1|1

4|3 1|3 0|0
---
dice:(1,1)3,(3,2)2,(3,4)1
"""

HAND = """\
4 1 3   2 5 2
- - -   - - -
2 0 1   0 4 2
"""


@pytest.mark.parametrize("problem", problems("bee") + problems("fujisan"), ids=lambda p: p.name)
def test_published_problems_round_trip(problem) -> None:
    grid = Grid.parse(problem.grid)
    assert grid.text() == problem.grid
    assert Grid.parse(grid.text()) == grid


def test_markers_and_gaps_round_trip() -> None:
    grid = Grid.parse(BOOK_EXAMPLE)
    assert grid.text() == BOOK_EXAMPLE
    assert grid.dice() == {3: (3, 1), 2: (2, 3), 1: (0, 3)}
    assert dice_marker(grid.dice(), grid.height) == "(1,1)3,(3,2)2,(3,4)1"
    hand = Grid.parse(HAND)
    assert hand.text() == HAND
    assert hand.value((0, 3)) is None and len(hand.dominoes()) == 6


def test_indented_text_as_printed_in_the_book() -> None:
    indented = "\n".join("    " + line if line else "" for line in HAND.splitlines())
    assert Grid.parse("\n" + indented + "\n\n").text() == HAND


def test_dominoes_are_pairs_in_reading_order() -> None:
    grid = Grid.parse("1|2 3\n    -\n4|5 6\n")
    assert grid.dominoes() == [((0, 0), (0, 1)), ((0, 2), (1, 2)), ((1, 0), (1, 1))]
    assert grid.value((1, 2)) == 6


@pytest.mark.parametrize(
    ("text", "where", "what"),
    [
        ("1|2|3", "line 1, column 4", "joined to two others"),
        ("1 2\n- x\n3 4", "line 2, column 3", "'x'"),
        ("1 2\n -\n3 4", "line 2, column 2", "even column"),
        ("1|", "line 1, column 2", "no cell"),
        ("1 a", "line 1, column 3", "not a number"),
        ("1 2\n-", "line 2, column 1", "join line"),
        ("\n\n1 2\n    -\n3 4", "line 4, column 5", "no cell"),
        ("1 2\n---\nnot a marker", "line 3, column 1", "name:value"),
        ("    1|2 3\n          -\n    4|5  ", "line 2, column 11", "no cell"),
    ],
)
def test_malformed_grids_name_line_and_column(text: str, where: str, what: str) -> None:
    with pytest.raises(GridFormatError) as error:
        Grid.parse(text)
    assert where in str(error.value) and what in str(error.value)


def test_unjoined_and_empty_cells_are_named() -> None:
    with pytest.raises(GridFormatError, match="line 1, column 5 is not joined"):
        Grid.parse("1|2 3").dominoes()
    with pytest.raises(GridFormatError, match="line 1, column 5 is empty"):
        Grid.parse("1|2   4\n      -\n3|4 5 5").require_full()
    with pytest.raises(GridFormatError, match="the grid is empty"):
        Grid.parse("\n  \n")


def test_a_grid_with_other_markers_draws_as_one_parsed_so() -> None:
    """A copy with other markers keeps its original's drawing of the squares; what it prints is what a grid parsed
    from its text prints, and marked_text prints it without making the copy."""
    grid = Grid.parse(BOOK_EXAMPLE)
    moved = grid.with_markers(dice="(0,0)1,(3,2)2,(3,4)3", note="")
    assert moved.text() == Grid.parse(moved.text()).text()
    assert "dice:(0,0)1,(3,2)2,(3,4)3" in moved.text() and "note" not in moved.text()
    assert grid.marked_text(dice="(0,0)1,(3,2)2,(3,4)3", note="") == moved.text()
    assert "---" not in grid.with_markers(dice="").text()  # no markers left: no marker section
    assert grid.text() == BOOK_EXAMPLE
