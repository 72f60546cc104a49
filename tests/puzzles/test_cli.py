"""The puzzle commands: bones solve / generate / puzzle."""

from __future__ import annotations

import json
import random

import pytest
from rich.console import Console

import bones
import bones.registry
from bones.cli import main
from bones.game import Solvable
from bones.puzzles.bee.puzzle import BeeLayout
from bones.puzzles.grid import Grid
from bones.puzzles.mountains.puzzle import arrangement_from_grid, tiles_from_grid
from bones.puzzles.problems import problems
from bones.puzzles_cli import play_puzzle
from tests.cli_run import run_cli

BOOK_EXAMPLE = """\
    4|4 0|1 3|3

    2|2 2|1 0|4

    2|3 0|2 1|4

    0|3 4|2 1|1

    4|3 1|3 0|0
    ---
    dice:(1,1)3,(3,2)2,(3,4)1
"""


run = run_cli


def test_solve_bee_json_has_moves_length_and_each_queens_length(tmp_path, capsys) -> None:
    path = tmp_path / "p14.txt"
    path.write_text(problems("bee")[13].grid)
    code, out = run(capsys, "solve", "bee", str(path), "--advanced", "--json")
    data = json.loads(out)
    assert code == 0 and data["lengths"] == {"3": 7, "4": 7, "5": 7, "6": 5}
    assert data["length"] == 26 and len(data["moves"]) == 26
    state = bones.rules("bee", advanced=True).new_game(setup={"grid": path.read_text()})
    for move in data["moves"]:
        state = state.play(move)
    assert state.is_over and state.outcome.winners == (0,)


def test_solve_reads_the_book_text_as_printed(tmp_path, capsys) -> None:
    path = tmp_path / "example.txt"
    path.write_text(BOOK_EXAMPLE)
    code, out = run(capsys, "solve", "bee", str(path))
    assert code == 0 and "queen 3: 3 moves" in out and "queen 4" in out


def test_solve_bee_from_a_position_the_book_prints(tmp_path, capsys) -> None:
    # The rules' example after two moves; the book finishes with "(3,1)L3U1": die 2 left 3, up 1.
    path = tmp_path / "middle.txt"
    path.write_text(BOOK_EXAMPLE.replace("(3,2)2,(3,4)1", "(3,1)2,(0,1)1") + "    arrows:(3,4)D3L3\n")
    code, out = run(capsys, "solve", "bee", str(path), "--json")
    assert code == 0 and json.loads(out)["rounds"]["3"] == ["2L3U1"]
    path.write_text(BOOK_EXAMPLE.replace("(3,2)2", "(2,1)2"))
    code, out = run(capsys, "solve", "bee", str(path))
    assert code == 2 and "die 2 cannot stand on (2,1)" in out


def test_solve_fujisan_and_country_road(tmp_path, capsys) -> None:
    path = tmp_path / "f2.txt"
    path.write_text(problems("fujisan")[1].grid)
    code, out = run(capsys, "solve", "fujisan", str(path), "--json")
    assert code == 0 and json.loads(out)["length"] == 17
    code, out = run(capsys, "solve", "fujisan", str(path), "--country-road", "--json")
    assert json.loads(out)["length"] == 29


def test_solve_mountains_gives_a_map_of_the_same_dominoes(tmp_path, capsys) -> None:
    deal = "4 1 3   2 5 2\n- - -   - - -\n2 0 1   0 4 2\n\n3 6 5   5 6 4\n- - -   - - -\n0 0 5   1 3 4\n\n"
    deal += "6 1 3   0 1 1\n- - -   - - -\n5 4 3   4 6 2\n"
    path = tmp_path / "deal.txt"
    path.write_text(deal)
    code, out = run(capsys, "solve", "mountains", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and data["penalty"] == 0
    arrangement = arrangement_from_grid(Grid.parse(data["map"]))
    assert arrangement is not None and arrangement.penalty == 0
    assert arrangement.tiles() == tiles_from_grid(Grid.parse(deal))


def test_malformed_files_get_a_clear_error(tmp_path, capsys) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("0|1 2\n  x\n3 4\n")
    code, out = run(capsys, "solve", "bee", str(path))
    assert code == 2 and "line 2, column 3" in out
    code, out = run(capsys, "solve", "bee", str(tmp_path / "missing.txt"))
    assert code == 2 and "cannot read" in out
    code, out = run(capsys, "solve", "chess", str(path))
    assert code == 2 and "unknown puzzle" in out


def test_generate_prints_a_layout_that_solves_to_the_length_asked(tmp_path, capsys) -> None:
    code, out = run(capsys, "generate", "bee", "--dice", "3", "--moves", "5", "--advanced", "--seed", "4")
    layout = BeeLayout.parse(out)
    assert code == 0 and len(layout.round(3, True).solve() or []) == 5
    code, out = run(capsys, "generate", "fujisan", "--moves", "15", "--seed", "1")
    path = tmp_path / "f.txt"
    path.write_text(out)
    code, out = run(capsys, "solve", "fujisan", str(path), "--json")
    assert json.loads(out)["length"] == 15
    code, out = run(capsys, "generate", "mountains", "--seed", "2")
    assert len(tiles_from_grid(Grid.parse(out))) == 18


def test_puzzle_loop_checks_every_move() -> None:
    state = bones.rules("bee", advanced=True).new_game(setup={"grid": problems("bee")[0].grid})
    answers = iter(["hint", "3R1", "1D9"] + [str(m) for m in state.solve()])
    console = Console(record=True, width=100)
    final = play_puzzle(state, console, lambda prompt: next(answers), random.Random(0))
    text = console.export_text()
    assert final.is_over and final.outcome.winners == (0,)
    assert "hint: 1R3" in text and "queen bee" in text and "leaves the board" in text


def test_puzzle_loop_with_bots_for_the_other_seats() -> None:
    state = bones.rules("mountains", version="coop", players=3).new_game(seed=5)
    console = Console(record=True, width=100)
    answers = iter(["hint"])
    final = play_puzzle(state, console, lambda prompt: next(answers, "auto"), random.Random(1))
    assert final.is_over and final.outcome is not None
    text = console.export_text()
    assert "seat 1:" in text and "the computer would" in text


@pytest.mark.parametrize("game", ["bee", "fujisan"])
def test_undo_takes_back_a_move(game: str) -> None:
    state = bones.rules(game).new_game(seed=3)
    first = str(state.solve()[0])
    answers = iter([first, "undo", "q"])
    console = Console(record=True, width=100)
    final = play_puzzle(state, console, lambda prompt: next(answers))
    assert final.moves == ()


def test_puzzle_loop_takes_the_books_spelling_and_records_the_listed_move() -> None:
    state = bones.rules("bee").new_game(setup={"grid": BOOK_EXAMPLE})
    answers = iter(["2D1", "1D3L3", "2L3U1", "q"])
    console = Console(record=True, width=100)
    final = play_puzzle(state, console, lambda prompt: next(answers))
    assert final.results[0].solved and final.results[0].moves == 3
    replayed = state
    for move in final.moves:
        assert move in replayed.legal_moves  # the record keeps the listed spelling
        replayed = replayed.play(move)


@pytest.mark.parametrize("game", ["bee", "fujisan", "mountains"])
def test_every_puzzle_is_solvable_and_a_line_game_is_not(game: str) -> None:
    assert isinstance(bones.rules(game).new_game(seed=1), Solvable)
    assert not isinstance(bones.rules("draw").new_game(seed=1), Solvable)


class _EchoLayouts:
    """A made-up puzzle whose solution is its layout's words, to show the commands ask the registry."""

    def solve_text(self, text, options):
        return {"game": "echo", "moves": text.split(), "advanced": options["advanced"]}

    def solution_lines(self, data):
        return ["echo: " + " ".join(data["moves"])]

    def generate_text(self, rng, options):
        return f"{rng.randrange(10)}\n", "echo: one word"

    def game_options(self, options):
        return {}


def test_the_puzzle_commands_serve_any_game_with_layout_tools(tmp_path, capsys, monkeypatch) -> None:
    draw = bones.registry.game_info("draw")
    echo = bones.registry.GameInfo("echo", "Echo", "puzzle", draw.make, layouts=_EchoLayouts())
    monkeypatch.setitem(bones.registry._REGISTRY, "echo", echo)
    path = tmp_path / "echo.txt"
    path.write_text("a b c\n")
    main(["solve", "echo", str(path), "--advanced", "--json"])
    assert json.loads(capsys.readouterr().out) == {"game": "echo", "moves": ["a", "b", "c"], "advanced": True}
    main(["solve", "echo", str(path)])
    assert capsys.readouterr().out == "echo: a b c\n"
    with pytest.raises(SystemExit):
        main(["solve", "draw", str(path)])
    assert "unknown puzzle 'draw'; the puzzles are: bee, echo, fujisan, mountains" in capsys.readouterr().out
