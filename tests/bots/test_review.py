"""The review of a finished game (``bones.bots.review``): marks, the fair verdict's blindness to what
the seat could not see, determinism."""

from __future__ import annotations

import random

import pytest

import bones
from bones.bots import Estimate, bot_for
from bones.bots.line.review import SCALE
from bones.bots.review import Scale, review_game
from bones.game import Rules, State
from bones.registry import game_info
from bones.tiles import TILES, pip_set, tiles_of

FAST = 0.001


def problem_position(number: int, steps: int) -> State:
    """A published Fujisan problem after ``steps`` moves of a shortest solution."""
    problem = game_info("fujisan").problems()[number]
    state = bones.rules("fujisan", **problem.options).new_game(setup=problem.setup)
    for _ in range(steps):
        state = state.play(state.solve()[0])
    return state


@pytest.mark.parametrize(
    ("move", "mark", "after"),
    [("B0-B1", "best", 14), ("B0-B4", "inaccuracy", 15), ("B12-T12", "mistake", 16), ("B12-B8", "blunder", 17)],
)
def test_marks_follow_the_moves_wasted_in_a_puzzle(move: str, mark: str, after: int) -> None:
    # Here the goal is 15 moves away; the moves listed waste 0, 1, 2 and 3 of them.
    start = problem_position(1, 2)
    review = review_game([start, start.play(move)], FAST)
    (decision,) = review.decisions
    assert decision.fair.mark == mark
    assert (decision.goal_before, decision.goal_after) == (15, after)
    assert decision.fair.loss == after - 14
    assert decision.shown is not None and decision.shown.mark == mark  # nothing is hidden: the same verdict


def test_a_move_that_leaves_the_puzzle_unsolvable_is_a_blunder() -> None:
    start = problem_position(2, 1)
    review = review_game([start, start.play("B9-B6")], FAST)
    (decision,) = review.decisions
    assert decision.fair.mark == "blunder" and decision.fair.loss is None
    assert decision.goal_after is None
    assert review.seats[0].accuracy == 0.0
    assert review.seats[0].costliest == review.decisions


def block_position() -> tuple[State, str, str]:
    """A 2-player block hand where, after the opening, one move is best and another throws the hand
    away by the exact solver (found by search over seeded deals, fixed here by its seed)."""
    from bones.bots.line.exact import Solver

    rules = bones.rules("block", players=2)
    for seed in range(200):
        state = rules.new_game(seed=seed)
        while not state.is_over and len(state.legal_moves) < 2:  # the opening and forced passes
            state = state.play(state.legal_moves[0])
        if state.is_over:
            continue
        kernel = state.kernel
        solver = Solver(rules, kernel)
        values = sorted((solver.value_after(kernel, m.kernel_move), str(m)) for m in state.legal_moves)
        if values[-1][0] - values[0][0] >= 20:
            return state, values[-1][1], values[0][1]
    raise AssertionError("no deal with a blunder among the first 200")


def test_with_every_tile_shown_a_move_that_throws_the_hand_away_is_a_blunder() -> None:
    state, best, worst = block_position()
    played_best = review_game([state, state.play(best)], 0.05)
    played_worst = review_game([state, state.play(worst)], 0.05)
    shown_best, shown_worst = played_best.decisions[0].shown, played_worst.decisions[0].shown
    assert shown_best is not None and shown_worst is not None
    assert shown_best.mark == "best" and shown_best.loss == 0
    assert shown_worst.mark == "blunder" and shown_worst.loss is not None and shown_worst.loss >= SCALE.blunder
    assert shown_worst.best == shown_best.chosen


def at_score(state: State, scores: list[int]) -> State:
    """``state`` again, the same deal and moves, with the match at ``scores``."""
    start = state.rules.new_game(seed=state.seed)
    kernel = start.kernel
    hands = [[str(t) for t in tiles_of(mask)] for mask in kernel.hands]
    again = state.rules.new_game(
        setup={"hands": hands, "boneyard": [str(TILES[t]) for t in kernel.boneyard], "scores": scores}
    )
    for move in state.moves:
        again = again.play(move)
    return again


def test_a_line_game_is_reviewed_in_the_chance_to_win_the_match() -> None:
    state, _best, worst = block_position()
    early, late = at_score(state, [0, 0]), at_score(state, [90, 90])
    reviews = [review_game([s, s.play(worst)], 0.05) for s in (early, late)]
    for review in reviews:
        (decision,) = review.decisions
        for judgement in (decision.fair, decision.shown):
            assert judgement is not None and judgement.unit == "chance to win the match"
            assert judgement.chance_of == "win the match" and judgement.best is not None
            assert 0.0 <= judgement.best <= 1.0 and judgement.chance_best == judgement.best
        assert review.chart_label() == "chance to win the match"
        assert review.to_dict()["decisions"][0]["fair"]["unit"] == "chance to win the match"
    # The same hand thrown away costs more of the match at 90 to 90 (its winner all but wins the match).
    costs = [review.decisions[0].shown.loss for review in reviews]  # type: ignore[union-attr]
    assert costs[0] is not None and costs[1] is not None
    assert costs[1] > costs[0] + 0.1 and costs[1] > 0.5
    for review in reviews:  # the accuracy counts in the same unit
        (decision,) = review.decisions
        assert decision.fair.loss is not None
        expected = 100 * max(0.0, 1 - decision.fair.loss / SCALE.blunder)
        assert review.seats[decision.seat].accuracy == pytest.approx(expected)


def test_scales_mark_by_thresholds() -> None:
    scale = Scale("points", inaccuracy=2, mistake=5, blunder=10)
    assert [scale.mark(loss) for loss in (0, 1.9, 2, 4.9, 5, 9.9, 10, 50)] == [
        "best",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def opening_moves(state: State, count: int) -> list[State]:
    """``count`` moves by Normal players from ``state``, every state on the way."""
    states = [state]
    bot, rng = bot_for(state.rules, "normal"), random.Random(1)
    for _ in range(count):
        seat = state.to_move
        assert seat is not None
        state = state.play(bot.choose(state.observation(seat), rng))
        states.append(state)
    return states


def test_the_fair_verdict_sees_no_hidden_tile() -> None:
    # Two deals that differ only in what seat 0 cannot see: seat 1's other tiles and the boneyard.
    rules = bones.rules("draw", players=2)
    played = opening_moves(rules.new_game(setup=deal(rules, random.Random(3), keep=None)), 3)
    answer = played[2].moves[-1]
    assert answer.tile is not None, "seat 1's answer must be a tile it holds in both deals"
    seen = rules.new_game(setup=deal(rules, random.Random(3), keep=None))
    other = rules.new_game(setup=deal(rules, random.Random(3), keep=str(answer.tile)))
    assert other.kernel.hands[1] != seen.kernel.hands[1] and other.kernel.boneyard != seen.kernel.boneyard
    first, second = [seen], [other]
    for state in played[1:]:
        first.append(first[-1].play(state.moves[-1]))
        second.append(second[-1].play(state.moves[-1]))
    mine = [review_game(states, 0.005).decisions for states in (first, second)]
    fair = [[d.fair.to_dict() for d in decisions if d.seat == 0] for decisions in mine]
    assert fair[0] and fair[0] == fair[1]
    shown = [[d.shown.to_dict() if d.shown else None for d in decisions if d.seat == 0] for decisions in mine]
    assert shown[0] != shown[1]  # what was really best does depend on the hidden tiles


def deal(rules: Rules, rng: random.Random, keep: str | None) -> dict[str, object]:
    """Seat 0 holds the same seven tiles; with ``keep``, the tiles it cannot see are shuffled again,
    ``keep`` staying in seat 1's hand."""
    tiles = [str(t) for t in pip_set(6).tiles]
    rng.shuffle(tiles)
    mine, unseen = tiles[:7], tiles[7:]
    if keep is not None:
        rest = [t for t in unseen if t != keep]
        random.Random(99).shuffle(rest)
        unseen = [keep, *rest]
    return {"hands": [mine, unseen[:7]], "boneyard": unseen[7:], "opener": 0}


def test_a_review_replays() -> None:
    state = problem_position(0, 0)
    states = [state]
    rng = random.Random(2)
    for _ in range(4):
        state = state.play(rng.choice([m for m in state.legal_moves if str(m) != "give-up"]))
        states.append(state)
    assert review_game(states, FAST, seed=4).to_dict() == review_game(states, FAST, seed=4).to_dict()


def test_a_list_of_estimates_without_the_move_played_is_refused() -> None:
    from bones.bots.review import hooks_for, judge

    state = problem_position(0, 0)
    moves = state.legal_moves
    with pytest.raises(ValueError, match="no estimate for the move played"):
        judge([Estimate(moves[0], 14, "moves to the goal")], moves[1], hooks_for(state.rules))
