"""Computer players: always legal, deterministic for a seed, and they find the clear best moves."""

from __future__ import annotations

import random

import pytest

import bones
from bones.bots import LEVELS, bot_for, hint
from bones.bots.line.crazy import CrazyLineBot, estimate_moves
from bones.bots.line.exact import Solver
from bones.bots.line.hard import HardLineBot
from bones.line.state import LineState
from tests.line.helpers import play, setup

GAMES = [
    ("draw", {}),
    ("block", {"players": 3}),
    ("allfives", {"spinner": True}),
    ("muggins", {"players": 4, "teams": True}),
    ("kozel", {}),
    ("classic", {"players": 3}),
]


def quick(rules: bones.Rules, level: str):  # type: ignore[no-untyped-def]
    if level == "crazy":
        return CrazyLineBot(rules, seconds=None, samples=12)  # type: ignore[arg-type]
    return bot_for(rules, level)


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_no_bot_ever_plays_an_illegal_move(game: str, options: dict) -> None:
    rules = bones.rules(game, **options)
    for seed in range(3):
        bots = [quick(rules, LEVELS[(seat + seed) % 4]) for seat in range(rules.num_players)]
        state = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(getattr(state, "results", ())) < 2:
            seat = state.to_move
            assert seat is not None
            move = bots[seat].choose(state.observation(seat), rng)
            assert move in state.legal_moves
            state = state.play(move)


def test_crazy_is_deterministic_for_a_seed() -> None:
    rules = bones.rules("allfives")
    state = rules.new_game(seed=8)
    rng = random.Random(8)
    for _ in range(5):
        state = state.play(rng.choice(state.legal_moves))
    obs = state.observation(state.to_move)
    first = estimate_moves(rules, obs, random.Random(42), seconds=None, samples=150)  # type: ignore[arg-type]
    second = estimate_moves(rules, obs, random.Random(42), seconds=None, samples=150)  # type: ignore[arg-type]
    assert [(str(e.move), e.expected_points, e.win_chance) for e in first] == [
        (str(e.move), e.expected_points, e.win_chance) for e in second
    ]
    bot = CrazyLineBot(rules, seconds=None, samples=150)  # type: ignore[arg-type]
    assert bot.choose(obs, random.Random(3)) == bot.choose(obs, random.Random(3))


def crazy_choice(state: LineState, samples: int = 300) -> str:
    bot = CrazyLineBot(state.rules, seconds=None, samples=samples)
    seat = state.to_move
    assert seat is not None
    return str(bot.choose(state.observation(seat), random.Random(1)))


def test_crazy_plays_to_go_out() -> None:
    # Seat 1 passed on 0 and 3. Playing 3:3 keeps a 3 the opponent cannot cover, so 3:1 goes out next;
    # playing 3:1 first leaves 3:3 waiting for a 3 that will never come.
    state = setup("block", ["3:0 3:3 3:1 5:0", "5:5 5:6 6:6 2:2 4:4"], opener=0)
    state = play(state, "3:0", "pass", "5:0@right", "5:5@right")
    assert {str(m) for m in state.legal_moves} == {"3:3@left", "3:1@left"}
    assert crazy_choice(state) == "3:3@left"


def test_crazy_scores_20_in_all_fives() -> None:
    state = setup("allfives", ["6:6 4:4 6:1 4:2 3:0", "6:4 2:1 5:3 1:1 0:0"], opener=0)
    state = play(state, "6:6", "6:4@right")
    assert state.layout.count == 16
    choice = crazy_choice(state)
    assert choice == "4:4@right"
    assert play(state, choice).scores == (20, 0)


def test_crazy_blocks_the_game_when_lighter() -> None:
    state = bones.rules("block").new_game(seed=39)
    for move in ["6:6", "pass", "6:4@right", "4:0@right", "6:0@left", "3:0@left", "3:3@left", "3:2@left", "pass"]:
        state = state.play(move)
    assert isinstance(state, LineState)
    # Playing its sampled deals out, Crazy blocks now with 2:0, its hand the lighter.
    bot = CrazyLineBot(state.rules, seconds=None, samples=300)
    bot.exact_hidden = 0
    choice = str(bot.choose(state.observation(0), random.Random(1)))
    assert choice == "2:0@right"
    after = state.play(choice)
    assert after.results and after.results[0].ending == "blocked" and after.scores[0] > 0
    # Solving them (the default in 2-player block) it may first lay 0:0, which the other hand cannot
    # answer either, and block next turn: on the true deal both are worth the most there is.
    solver = Solver(state.rules, state.kernel)
    values = {str(move): solver.value_after(state.kernel, move.kernel_move) for move in state.legal_moves}
    assert values == {"2:0@left": 5, "0:0@right": 10, "1:0@right": 5, "2:0@right": 10}
    assert values[crazy_choice(state)] == 10


def test_hard_plays_the_20() -> None:
    state = setup("allfives", ["6:6 4:4 6:1 4:2 3:0", "6:4 2:1 5:3 1:1 0:0"], opener=0)
    state = play(state, "6:6", "6:4@right")
    bot = HardLineBot(state.rules)
    assert str(bot.choose(state.observation(0), random.Random(1))) == "4:4@right"


def test_hint_gives_every_move_an_estimate_best_first() -> None:
    state = setup("allfives", ["6:6 4:4 6:1 4:2 3:0", "6:4 2:1 5:3 1:1 0:0"], opener=0)
    state = play(state, "6:6", "6:4@right")
    result = hint(state.rules, state.observation(0), random.Random(2))
    assert result.estimates is not None
    assert {str(e.move) for e in result.estimates} == {str(m) for m in state.legal_moves}
    assert result.best == result.estimates[0].move
    assert [e.value for e in result.estimates] == sorted((e.value for e in result.estimates), reverse=True)
    assert all(0.0 <= e.win_chance <= 1.0 for e in result.estimates)
    data = result.to_dict()
    assert data["best"] == str(result.best) and len(data["estimates"]) == len(state.legal_moves)
    # Which move is best is asked of a fixed amount of work: the hint's clock gives a loaded machine fewer samples.
    from bones.bots.line.crazy import estimate_moves

    fixed = estimate_moves(state.rules, state.observation(0), random.Random(2), seconds=None)
    assert str(fixed[0].move) == "4:4@right"


def test_kozel_partner_plays_at_least_hard() -> None:
    from bones.cli import table_bots

    rules = bones.rules("kozel")
    bots = table_bots(rules, "easy")
    assert bots[2].level == "hard" and bots[1].level == "easy" and bots[3].level == "easy"
    assert table_bots(rules, "crazy")[2].level == "crazy"


def test_hard_locks_the_game_even_with_tiles_left_to_draw() -> None:
    # After 5:6, every tile with a 0 is on the table but 6:0. Laying it on the 6 leaves 0 at both ends: nobody
    # can ever play, seat 0 must draw the whole boneyard, and the hand is blocked with seat 1 holding 1:1
    # (worth 81 points exactly, against 18 on the other end). Both ends used to score the same for Hard.
    state = setup(
        "draw", ["0:0 0:3 3:4 4:0 5:6 6:6 5:5 4:4", "0:1 1:2 2:0 0:5 6:0 1:1"], "6:1 6:2 6:3 6:4 5:1 5:2 3:3", opener=0
    )
    state = play(state, "0:0", "0:1@left", "0:3@right", "1:2@left", "3:4@right", "2:0@left", "4:0@right", "0:5@left")
    state = play(state, "5:6@left")
    bot = HardLineBot(state.rules)
    for seed in range(6):
        assert str(bot.choose(state.observation(1), random.Random(seed))) == "6:0@left"
