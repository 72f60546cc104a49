"""The Domino Runners computer players: legal, deterministic, and able to see what their level should."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import bones
from bones.bots import bot_for, levels_for
from bones.bots.runners import players as B
from bones.runners import kernel as K
from bones.runners.moves import RunnerMove
from bones.runners.state import RunnersState
from bones.terminal import play_match
from tests.runners.test_runners import ENDGAME, EXAMPLE_BOARD, JUMPS_BEFORE, position

RULES = bones.rules("runners")
SEARCHERS = ("normal", "hard", "crazy")

# One black move seals the white runner in (the move before the rules' last picture).
TRAP = {
    "runners": {"black": "e3", "white": "f7"},
    "checkers": {"black": ["f5", "h6", "a7"], "white": ["d7"]},
    "captured": {"black": 2},
}


def choose(level: str, state: RunnersState, seed: int = 0) -> RunnerMove:
    seat = state.to_move
    assert seat is not None
    move = bot_for(RULES, level).choose(state.observation(seat), random.Random(seed))
    assert move in state.legal_moves
    return move


def test_every_level_is_registered() -> None:
    assert levels_for(RULES) == ["easy", "normal", "hard", "crazy"]


@pytest.mark.parametrize("level", SEARCHERS)
def test_search_levels_seal_the_opponent_in(level: str) -> None:
    state = position(**TRAP)
    assert not state.is_over and len(state.legal_moves) > 20
    after = state.play(choose(level, state))
    assert after.is_over and after.outcome is not None and after.outcome.winners == (0,)


@pytest.mark.parametrize("level", SEARCHERS)
def test_search_levels_take_the_double_capture(level: str) -> None:
    state = position(**JUMPS_BEFORE)
    assert choose(level, state).captures == 2


@pytest.mark.parametrize("level", SEARCHERS)
def test_search_levels_save_the_draw_on_the_last_move(level: str) -> None:
    state = position(**ENDGAME)
    after = state.play(choose(level, state))
    assert after.outcome is not None and after.outcome.winners == ()


# Black's greedy best is the 6 on d4, but white then drops on f4 and jumps the checker on f5.
EXPOSED = {
    "board": "4|1 1|5 4|3 5|6\n\n1|1 1|6 5|4 2|2\n\n2|6 3|0 6|6 5|5\n\n2|0 0|6 6|3 4|4\n\n"
    "0|0 3|5 2|3 4|0\n\n2|1 3|1 4|6 3|3\n\n4|2 0|1 0|5 2|5",
    "runners": {"black": "c4", "white": "f2"},
    "checkers": {"black": ["e4", "f5", "d6"], "white": ["f1", "h1", "h7"]},
}


def most_taken_by_reply(state: RunnersState) -> int:
    return max((m.captures for m in state.legal_moves), default=0)


def test_hard_sees_the_reply_that_normal_misses() -> None:
    state = RULES.new_game(setup=EXPOSED)
    greedy = state.play(choose("normal", state))
    assert most_taken_by_reply(greedy) >= 1
    assert most_taken_by_reply(state.play(choose("hard", state))) == 0


@pytest.mark.parametrize("level", ("easy", *SEARCHERS))
def test_bots_are_deterministic_for_a_seed(level: str) -> None:
    state = RULES.new_game(seed=11).play("d4").play("e6")
    first = [choose(level, state, seed) for seed in range(3)]
    assert first == [choose(level, state, seed) for seed in range(3)]


@pytest.mark.parametrize("level", SEARCHERS)
def test_bots_handle_the_pie_rule(level: str) -> None:
    for seed in range(2):
        state = RULES.new_game(seed=seed)
        while K.in_setup(state.pos):
            state = state.play(choose(level, state, seed))
        assert len(state.moves) in (2, 3)
        assert state.to_move == state.pos[K.BLACK_SEAT]
        assert (len(state.moves) == 3) == ("swap" in map(str, state.moves))


def test_crazy_spends_its_node_budget_and_no_more() -> None:
    state = RULES.new_game(seed=2).play("c4").play("f5")
    searcher = B.Searcher(state.board)
    bot = B.SearchBot("crazy", 99, 2_000)
    moves = K.legal(state.board, state.pos)
    bot._deepen(searcher, state.pos, moves)
    assert 1_000 < searcher.nodes <= 2_001


def test_evaluation_knows_a_walled_in_runner_and_prefers_room() -> None:
    checkers = {"black": ["b1"], "white": ["a4"]}
    walled = position(
        runners={"black": "a1", "white": "d4"}, checkers={"black": ["b1"], "white": ["a2"]}, to_move="black"
    )
    assert B.evaluate(walled.board, walled.pos) == -B.WIN  # a2 and b1 are taken: black cannot move
    one_way = position(runners={"black": "a1", "white": "d4"}, checkers=checkers, to_move="black")
    assert B.reach(one_way.board, one_way.pos, 0) == (1, 6)  # only a2 (a 6): a3 is a blank, a4 taken
    roomy = position(runners={"black": "d2", "white": "d4"}, checkers=checkers, to_move="black")
    assert B.reach(roomy.board, roomy.pos, 0)[0] > 6
    assert B.evaluate(roomy.board, roomy.pos) > B.evaluate(one_way.board, one_way.pos)


def test_a_whole_game_in_the_terminal_loop() -> None:
    state = RULES.new_game(seed=5)
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False)
    answers = iter(["zz", "h7-h6-g6", "1"] + ["1"] * 30)
    final = play_match(
        state, {1: bot_for(RULES, "normal")}, ["You", "Lily"], console, random.Random(5), ask=lambda _: next(answers)
    )
    text = out.getvalue()
    assert final.is_over and "Match over" in text
    assert "not a move: 'zz'" in text and "places a runner first" in text
    assert "B/W runner" in text


def test_simulate_command_plays_runners(capsys: pytest.CaptureFixture[str]) -> None:
    from bones.cli import main

    main(["simulate", "runners", "--games", "4", "--bots", "easy,normal"])
    assert "Domino Runners: 4 matches" in capsys.readouterr().out


def test_board_text_of_the_examples_is_the_reference_board() -> None:
    assert K.parse_board(EXAMPLE_BOARD).text() == EXAMPLE_BOARD
