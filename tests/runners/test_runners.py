"""Domino Runners: the reference texts' example positions, one scenario per rule, and
the move generator checked against a slow, literal reading of the rules."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import bones
from bones.game import IllegalMoveError
from bones.runners import kernel as K
from bones.runners.setup import setup_from_text
from bones.runners.state import RunnersState

# A copy of ../shared/reference/donimoes/domino_runners_example_positions.txt, so a clean clone has it.
REFERENCE = Path(__file__).parent / "data" / "domino_runners_example_positions.txt"

# The board of the rules' examples (top row first), as in the reference texts.
EXAMPLE_BOARD = """\
3|3 3|4 5|5 0|2

4|1 2|1 1|0 2|4

2|6 4|4 0|5 4|5

5|2 5|1 0|4 0|0

0|3 2|2 1|6 6|3

6|6 6|4 5|6 1|1

1|3 5|3 3|2 0|6"""

# The same positions as the reference file, kept here so the tests run anywhere;
# test_reference_file_matches checks them against the file where it exists.
EXAMPLES = {
    "P1": """\
3|3 3|4 5|5 0|2

4|1 2|1 1|0 2|4

2|6 4|4 0|5 B|5

5|2 5|1 0|4 0|0

0|3 2|2 1|6 6|3

6|W 6|4 5|6 1|1

1|3 5|3 3|2 0|6
---
B4W6""",
    "P2": """\
3|3 3|4 5|5 0|2

4|1 2|1 1|B 2|4

2|6 4|4 0|b N|5

5|2 5|1 0|4 0|0

0|3 2|2 1|6 6|3

6|W 6|4 5|6 1|1

1|3 5|3 3|2 0|6
---
N4W6B0b5
arrows:(6,4)L1U1""",
    "P3": EXAMPLE_BOARD
    + """
---
(0,6)b,(1,6)w,(3,6)w,(3,5)W,(4,3)B,(5,4)b,(7,5)b,(7,6)N
arrows:(2,6)L2,(4,6)L2,(7,6)L3D3""",
    "P4": EXAMPLE_BOARD
    + """
---
(0,6)b,(3,6)w,(4,5)b,(5,6)W,(5,4)b,(5,5)B,(7,5)b""",
}

RULES = bones.rules("runners")


def position(**fields: object) -> RunnersState:
    setup: dict[str, object] = {"board": EXAMPLE_BOARD}
    setup.update(fields)
    return RULES.new_game(setup=setup)


def texts(state: RunnersState) -> set[str]:
    return {str(m) for m in state.legal_moves}


def pieces(state: RunnersState) -> dict[str, object]:
    data = state.observation(0).to_dict()
    return {side["colour"]: (side["runner"], sorted(side["checkers"]), side["captured"]) for side in data["seats"]}


# -- the reference texts' examples ----------------------------------------------------


def test_reference_file_matches() -> None:
    text = REFERENCE.read_text()
    for name, diagram in EXAMPLES.items():
        part = text.split(f"=== {name} ")[1].split("===\n", 1)[1].split("\n===")[0]
        assert setup_from_text(part) == setup_from_text(diagram), name


def test_p1_start_black_lines_up_with_two_fives_and_white_takes_a_six() -> None:
    setup = setup_from_text(EXAMPLES["P1"])
    state = RULES.new_game(setup=setup)
    board = state.board
    black, white = setup["runners"]["black"], setup["runners"]["white"]
    assert (black, white) == ("g5", "b2")
    assert board.values[K.parse_cell("g5")] == 4 and board.values[K.parse_cell("b2")] == 6
    assert board.values[K.parse_cell("f5")] == board.values[K.parse_cell("h5")] == 5
    assert state.to_move == 0 and state.colour(0) == "black"
    # The same start played from the bare board: black places, white declines the swap.
    start = RULES.new_game(setup={"board": EXAMPLE_BOARD})
    after_black = start.play("g5")
    assert "swap" in texts(after_black)
    placed = after_black.play("b2")
    assert placed.pos == state.pos


def test_p2_black_turns_on_the_five_and_stops_on_a_blank() -> None:
    p1 = RULES.new_game(setup=setup_from_text(EXAMPLES["P1"]))
    p2 = RULES.new_game(setup=setup_from_text(EXAMPLES["P2"]))
    after = p1.play("g5-f5-f6")
    assert after.pos == p2.pos
    assert after.board.values[K.parse_cell("f6")] == 0  # stopping on a blank is fine
    assert pieces(after)["black"] == ("f6", ["f5"], 0)
    assert after.points(0) == 5 and after.to_move == 1


def test_p3_the_dropped_checker_jumps_two_white_checkers() -> None:
    setup = setup_from_text(EXAMPLES["P3"])
    diagram = RULES.new_game(setup=setup)
    before = position(runners={"black": "h7", "white": "d6"}, checkers={"black": ["f5", "h6"], "white": ["b7", "d7"]})
    moves = texts(before)
    # Jumping is optional, and the chain may stop after the first jump.
    assert {"h7-e7-e4", "h7-e7-e4xc7", "h7-e7-e4xc7xa7"} <= moves
    after = before.play("h7-e7-e4xc7xa7")
    # The picture shows the jumped white checkers still standing; they are then removed.
    runner, checkers, captured = pieces(after)["black"]
    assert (runner, checkers, captured) == pieces(diagram)["black"][:2] + (2,)
    assert pieces(after)["white"] == ("d6", [], 0)
    assert after.points(0) == 3 + 5 + 4 + 2  # a7, f5, h6 and two captures
    assert after.pos[K.HAND] == 7 and after.pos[K.HAND + 1] == 8


def test_p4_white_cannot_move_and_loses_whatever_the_points() -> None:
    state = RULES.new_game(setup=setup_from_text(EXAMPLES["P4"], captured={"black": 2}))
    assert state.is_over and state.to_move is None and not state.legal_moves
    assert state.outcome is not None and state.outcome.winners == (0,)
    assert "white (seat 1) cannot move" in state.outcome.reason
    # Right one then down the empty column would turn on a blank.
    assert K.run_moves(state.board, state.pos) == []
    free = RULES.new_game(
        setup=setup_from_text(EXAMPLES["P4"], captured={"black": 2}) | {"to_move": "white"},
    )
    assert free.is_over
    # Lift the black checker on e6 and white has a way out to the left, still none to the right.
    loose = position(
        runners={"black": "f6", "white": "f7"},
        checkers={"black": ["a7", "f5", "h6"], "white": ["d7"]},
        captured={"black": 2},
        to_move="white",
    )
    assert not loose.is_over and "f7-e7-e6" in texts(loose)
    with pytest.raises(IllegalMoveError, match="cannot turn on a blank"):
        loose.play("f7-g7-g6")


# -- one scenario per rule ---------------------------------------------------------------


def test_random_start_uses_all_dominoes_lying_flat_and_random_colours() -> None:
    blacks = set()
    for seed in range(12):
        state = RULES.new_game(seed=seed)
        assert sorted(state.board.tiles()) == sorted(bones.pip_set(6).tiles)
        assert all(state.board.partner[c] == c ^ 1 for c in range(K.CELLS))
        assert state.to_move == state.pos[K.BLACK_SEAT]
        assert len(state.legal_moves) == K.CELLS and "swap" not in texts(state)
        blacks.add(state.pos[K.BLACK_SEAT])
        again = RULES.new_game(seed=seed)
        assert again.board == state.board and again.pos == state.pos
    assert blacks == {0, 1}
    assert RULES.new_game(seed=1).board != RULES.new_game(seed=2).board


def test_black_places_anywhere_even_on_a_blank_and_white_elsewhere() -> None:
    start = position()
    assert "g7" in texts(start)  # g7 is a blank
    after = start.play("g7")
    assert "g7" not in texts(after) and len(after.legal_moves) == K.CELLS - 1 + 1  # + swap
    with pytest.raises(IllegalMoveError, match="taken by the black runner"):
        after.play("g7")
    with pytest.raises(IllegalMoveError, match="places a runner first"):
        after.play("g7-g6-h6")


def test_pie_rule_swap_gives_the_swapper_black_and_the_first_move() -> None:
    state = position(black_seat=0).play("g5")
    assert state.to_move == 1 and "swap" in texts(state)
    swapped = state.play("swap")
    assert swapped.colour(1) == "black" and swapped.colour(0) == "white"
    assert swapped.pos[K.RUN + 1] == K.parse_cell("g5") and swapped.pos[K.RUN] == -1
    assert swapped.to_move == 0 and "swap" not in texts(swapped)
    with pytest.raises(IllegalMoveError, match="already swapped"):
        swapped.play("swap")
    ready = swapped.play("b2")
    assert ready.to_move == 1  # black, now seat 1, makes the first runner move
    assert "g5-f5-f6" in texts(ready)
    # Without the swap the first placer stays black and moves first.
    assert state.play("b2").to_move == 0
    with pytest.raises(IllegalMoveError, match="only white may swap"):
        position().play("swap")


def test_runner_moves_in_a_v_of_two_legs_at_right_angles() -> None:
    state = RULES.new_game(setup=setup_from_text(EXAMPLES["P1"]))
    moves = texts(state)
    for move in moves:
        start, corner, end = (K.parse_cell(c) for c in move.split("x")[0].split("-"))
        first, second = K.direction_of(start, corner), K.direction_of(corner, end)
        assert first is not None and second in K.PERPENDICULAR[first]
    assert "g5-d5-d6" in moves  # passing over the blank on e5 is fine
    with pytest.raises(IllegalMoveError, match="turn a right angle"):
        state.play("g5-g6-g7")
    with pytest.raises(IllegalMoveError, match="not a straight line"):
        state.play("g5-f6-f7")
    with pytest.raises(IllegalMoveError, match="not a straight line"):
        state.play("g5-g5-g6")  # each leg moves at least one cell
    with pytest.raises(IllegalMoveError, match="runner is on g5"):
        state.play("h5-h6-g6")


def test_runner_cannot_cross_runners_or_checkers() -> None:
    state = RULES.new_game(setup=setup_from_text(EXAMPLES["P1"]))
    assert "g5-b5-b3" in texts(state)
    with pytest.raises(IllegalMoveError, match="cannot cross or land on the white runner"):
        state.play("g5-b5-b1")
    with pytest.raises(IllegalMoveError, match="cannot cross or land on the white runner"):
        state.play("g5-b5-b2")
    p2 = state.play("g5-f5-f6")
    assert "b2-f2-f4" in texts(p2)
    with pytest.raises(IllegalMoveError, match="cannot cross or land on a black checker"):
        p2.play("b2-f2-f6")


def test_runner_cannot_turn_on_a_blank() -> None:
    state = RULES.new_game(setup=setup_from_text(EXAMPLES["P1"]))
    with pytest.raises(IllegalMoveError, match=r"cannot turn on a blank \(e5\)"):
        state.play("g5-e5-e6")
    for move in state.legal_moves:
        assert state.board.values[move.cells[1]] != 0


def test_a_checker_is_dropped_where_the_runner_turns() -> None:
    state = RULES.new_game(setup=setup_from_text(EXAMPLES["P1"]))
    after = state.play("g5-d5-d6")
    assert pieces(after)["black"] == ("d6", ["d5"], 0)
    assert after.pos[K.HAND] == 9 and after.pos[K.HAND + 1] == 10
    assert after.last_start == K.parse_cell("g5")


JUMPS_BEFORE = {
    "runners": {"black": "h7", "white": "d6"},
    "checkers": {"black": ["f5", "h6"], "white": ["b7", "d7"]},
}


def test_jumps_are_straight_over_a_neighbour_to_a_free_non_blank_cell() -> None:
    state = position(**JUMPS_BEFORE)
    with pytest.raises(IllegalMoveError, match="straight over one neighbouring checker"):
        state.play("h7-e7-e4xc5")  # no diagonal jumps
    with pytest.raises(IllegalMoveError, match="already jumped"):
        state.play("h7-e7-e4xc7xe7")  # back over the same checker
    # A white runner on the landing cell blocks the jump.
    blocked = position(runners={"black": "h7", "white": "c7"}, checkers=JUMPS_BEFORE["checkers"])
    assert not [m for m in blocked.legal_moves if m.jumps]
    with pytest.raises(IllegalMoveError, match="c7 is not free"):
        blocked.play("h7-e7-e4xc7")
    # No landing on a blank: g7 is one.
    blank = position(runners={"black": "e4", "white": "a1"}, checkers={"black": [], "white": ["f7"]}, to_move="black")
    assert "e4-e7-d7" in texts(blank) and not [m for m in blank.legal_moves if m.jumps]
    with pytest.raises(IllegalMoveError, match=r"may not land on a blank \(g7\)"):
        blank.play("e4-e7-d7xg7")


def test_only_opponent_checkers_are_jumped_and_only_by_the_dropped_checker() -> None:
    own = position(runners={"black": "e4", "white": "a1"}, checkers={"black": ["d7"], "white": []}, to_move="black")
    with pytest.raises(IllegalMoveError, match="no white checker on d7"):
        own.play("e4-e7-f7xc7")
    # The old black checker on f5 could jump the white one on f4 to f3, but only the new checker jumps.
    other = position(runners={"black": "a5", "white": "h1"}, checkers={"black": ["f5"], "white": ["f4"]})
    assert not [m for m in other.legal_moves if m.jumps]
    # Runners are never jumped.
    runner = position(runners={"black": "e4", "white": "d7"}, checkers={"black": [], "white": []})
    assert not [m for m in runner.legal_moves if m.jumps]


def test_a_chain_may_come_back_to_the_cell_it_left() -> None:
    # Four white checkers around a square: the checker dropped on b2 jumps all four and ends on b2.
    state = position(
        runners={"black": "a2", "white": "h7"},
        checkers={"black": [], "white": ["c2", "d3", "c4", "b3"]},
        to_move="black",
    )
    moves = texts(state)
    assert "a2-b2-b1xd2xd4xb4xb2" in moves and "a2-b2-b1xb4xd4xd2xb2" in moves
    after = state.play("a2-b2-b1xd2xd4xb4xb2")
    assert pieces(after)["black"] == ("b1", ["b2"], 4) and pieces(after)["white"][1] == []
    assert after.points(0) == 6 + 4


ENDGAME = {
    # Black has placed all ten (three on the board, seven captured); white has one left.
    "runners": {"black": "h7", "white": "d1"},
    "checkers": {"black": ["a7", "b7", "c7"], "white": ["h2", "g2", "e3"]},
    "captured": {"black": 6, "white": 7},
}


def test_game_ends_when_all_checkers_are_placed_and_points_decide() -> None:
    state = position(**ENDGAME)
    assert state.to_move == 1 and state.pos[K.HAND] == 0 and state.pos[K.HAND + 1] == 1
    assert (state.points(0), state.points(1)) == (9 + 6, 3 + 7)
    lost = state.play("d1-d2-c2")  # turns on a 4: white 14, black 15
    assert lost.is_over and lost.outcome is not None
    assert lost.outcome.winners == (0,) and lost.outcome.scores == (15, 14)
    assert "all checkers placed: black 15, white 14" in lost.outcome.reason
    drawn = state.play("d1-c1-c2")  # turns on a 5: 15 all
    assert drawn.outcome is not None and drawn.outcome.winners == () and drawn.outcome.scores == (15, 15)
    assert "draw" in drawn.outcome.reason
    with pytest.raises(IllegalMoveError, match="game is over"):
        drawn.play("c2-c3-d3")


def test_captures_score_a_point_each() -> None:
    state = position(**JUMPS_BEFORE)
    assert state.play("h7-e7-e4xc7xa7").points(0) - state.play("h7-e7-e4").points(0) == (3 - 5) + 2


def test_every_game_ends_within_twenty_three_moves() -> None:
    for seed in range(40):
        state = RULES.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves))
        assert len(state.moves) <= 23
        assert state.outcome is not None
        if "all checkers placed" in state.outcome.reason:
            assert state.pos[K.HAND] == state.pos[K.HAND + 1] == 0


# -- notation, setups, pictures -----------------------------------------------------------


@pytest.mark.parametrize("text", ["d4", "swap", "g5-f5-f6", "h7-e7-e4xc7xa7"])
def test_move_text_round_trips(text: str) -> None:
    move = RULES.parse_move(text)
    assert str(move) == text and RULES.parse_move(str(move)) == move
    assert RULES.parse_move(text.upper().replace("-", " - ")) == move


@pytest.mark.parametrize("text", ["", "i1", "a8", "d4-d5", "a1-b1-c1-d1", "g5-f5-f6x", "pass", "6:6"])
def test_bad_move_text_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(IllegalMoveError, match="not a"):
        RULES.parse_move(text)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"colour": "red"}, "unknown setup fields"),
        ({"checkers": {"black": ["g7"]}}, "would lie on a blank"),
        ({"runners": {"black": "a1"}, "checkers": {"white": ["a1"]}}, "both on a1"),
        ({"runners": {"white": "a1"}}, "black runner is placed before"),
        ({"checkers": {"black": ["a1"]}, "captured": {"white": 10}}, "more than 10"),
        ({"board": EXAMPLE_BOARD.replace("3|3 3|4", "3|4 3|4")}, "appears twice"),
        ({"board": "1|2 3|4"}, "a board has 7 rows"),
        ({"black_seat": 2}, "black_seat"),
        ({"runners": {"black": "z9"}}, "not a cell"),
    ],
)
def test_bad_setups_are_refused(fields: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        position(**fields)


def test_setup_board_may_stand_dominoes_on_end() -> None:
    # 6:6 and 3:1 stand on end in the a and b files of the two bottom rows.
    upright = EXAMPLE_BOARD.split("\n")
    upright[10], upright[11], upright[12] = "6 3 6|4 5|6 1|1", "- -", "6 1 5|3 3|2 0|6"
    board = K.parse_board("\n".join(upright))
    assert board.partner[K.parse_cell("a1")] == K.parse_cell("a2")
    assert K.parse_board(board.text()) == board
    assert "- -" in board.text()


def test_render_shows_runners_checkers_and_numbers() -> None:
    state = position(**JUMPS_BEFORE).play("h7-e7-e4xc7xa7")
    picture = state.render(1)
    assert " 7  b3| 3  3| 4  5| 5  0|.2" in picture
    assert "last move: h7-e7-e4xc7xa7" in picture
    assert "seat 1 (you)" in picture and "2 captured" in picture
    assert "* white" in picture


def test_observation_is_complete_and_json() -> None:
    state = position(**JUMPS_BEFORE)
    data = state.observation(1).to_dict()
    json.dumps(data)
    assert data["legal_moves"] == [] and data["to_move"] == 0
    assert data["seats"][0] == {
        "colour": "black",
        "runner": "h7",
        "checkers": ["f5", "h6"],
        "in_hand": 8,
        "captured": 0,
        "points": 9,
    }
    assert K.parse_board("\n".join(data["board"])) == state.board


def test_describe_is_the_players_page() -> None:
    text = RULES.describe()
    assert "swaps" in text and "equal scores are a draw" in text and "loses at once" in text


# -- the move generator against a literal reading of the rules ----------------------------------


def literal_moves(state: RunnersState) -> set[str]:
    """Every legal move, by trying every start, corner, end and jump the rules could allow."""
    pos, values = state.pos, state.board.values
    me = pos[K.TURN]
    if pos[K.RUN] < 0 or pos[K.RUN + 1] < 0:
        return texts(state)  # placements are checked by the scenario tests
    if pos[K.HAND + me] == 0:
        return set()
    xy = {c: (c % 8, c // 8) for c in range(56)}
    mine = {c for c in range(56) if pos[K.CHK + me] >> c & 1}
    theirs = {c for c in range(56) if pos[K.CHK + 1 - me] >> c & 1}
    start, other = pos[K.RUN + me], pos[K.RUN + 1 - me]
    blocked = mine | theirs | {other}

    def line(a: int, b: int) -> list[int] | None:
        (ax, ay), (bx, by) = xy[a], xy[b]
        if a == b or (ax != bx and ay != by):
            return None
        n = max(abs(ax - bx), abs(ay - by))
        dx, dy = (bx - ax) // n, (by - ay) // n
        return [(ay + dy * i) * 8 + ax + dx * i for i in range(1, n + 1)]

    out: set[str] = set()
    name = K.cell_name
    for corner in range(56):
        leg = line(start, corner)
        if leg is None or blocked & set(leg) or values[corner] == 0:
            continue
        for end in range(56):
            leg2 = line(corner, end)
            if leg2 is None or blocked & set(leg2):
                continue
            if (xy[start][0] == xy[corner][0]) == (xy[corner][0] == xy[end][0]):
                continue  # both legs on the same axis
            text = f"{name(start)}-{name(corner)}-{name(end)}"
            out.add(text)
            stay = mine | theirs | {other, end}

            def chain(at: int, jumped: frozenset[int], text: str, stay: set[int] = stay) -> None:
                for land in range(56):
                    path = line(at, land)
                    if path is None or len(path) != 2:
                        continue
                    over = path[0]
                    if over in theirs and over not in jumped and land not in stay and values[land] != 0:
                        out.add(text + "x" + name(land))
                        chain(land, jumped | {over}, text + "x" + name(land))

            chain(corner, frozenset(), text)
    return out


def crowded_setup(rng: random.Random) -> dict[str, object]:
    board = K.Board.shuffled(rng)
    cells = [c for c in range(56) if board.values[c]]
    rng.shuffle(cells)
    black, white = rng.randrange(1, 9), rng.randrange(1, 9)
    runners = rng.sample(range(56), 2)
    cells = [c for c in cells if c not in runners]
    return {
        "board": board.text(),
        "runners": {"black": K.cell_name(runners[0]), "white": K.cell_name(runners[1])},
        "checkers": {
            "black": [K.cell_name(c) for c in cells[:black]],
            "white": [K.cell_name(c) for c in cells[black : black + white]],
        },
        "to_move": rng.choice(["black", "white"]),
    }


def test_move_generator_matches_the_literal_rules_on_crowded_boards() -> None:
    rng = random.Random(5)
    with_jumps = 0
    for _ in range(60):
        state = RULES.new_game(setup=crowded_setup(rng))
        if state.is_over:
            continue
        expected = literal_moves(state)
        assert texts(state) == expected
        with_jumps += any("x" in m for m in expected)
    assert with_jumps >= 10


def test_move_generator_matches_the_literal_rules_in_random_games() -> None:
    for seed in range(8):
        state = RULES.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            assert texts(state) == literal_moves(state)
            state = state.play(rng.choice(state.legal_moves))
