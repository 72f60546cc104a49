"""Bee Donimoes' client view: the layout, the dice and the queen, each move as a die and its landing cell."""

from __future__ import annotations

import re

import bones


def test_the_view_follows_the_solution_round_by_round() -> None:
    state = bones.rules("bee").new_game(seed=2)
    for move in state.solve():
        view = state.client_view(0)
        dice = {c["name"]: c["die"] for row in view["rows"] for c in row if c["die"]}
        assert sorted(dice.values()) == list(range(1, view["queen"] + 1))
        assert next(c for row in view["rows"] for c in row if c["queen"])["die"] == view["queen"]
        assert [c["move"] for c in view["choices"]] == view["legal_moves"]
        chosen = next(c for c in view["choices"] if c["move"] == str(move))
        assert dice[chosen["from"]] == chosen["die"]
        after = state.play(move)
        if after.queen == state.queen and not after.is_over:
            # The die stands where the view said it lands.
            moved = {c["name"]: c["die"] for row in after.client_view(0)["rows"] for c in row if c["die"]}
            assert moved[chosen["to"]] == chosen["die"]
        state = after
    assert state.is_over and state.outcome is not None and state.outcome.winners == (0,)
    assert state.client_view(0)["choices"] == []


def test_a_moves_words_follow_its_runs_and_name_no_square_the_board_does_not_show() -> None:
    # The board draws no coordinates: "move die 1 to 2,0" named a square the player cannot find (issue 26).
    state = bones.rules("bee").new_game(seed=2)
    view = state.client_view(0)
    moves = [c for c in view["choices"] if c["die"]]
    assert moves
    for choice in moves:
        assert not re.search(r"\d,\d", choice["words"]), choice["words"]
        runs = re.findall(r"([UDLR])(\d+)", choice["move"])
        said = re.findall(r"(up|down|left|right) (\d+)", choice["words"])
        assert [({"U": "up", "D": "down", "L": "left", "R": "right"}[d], n) for d, n in runs] == said
        assert choice["words"].startswith(f"Move die {choice['die']} ")
