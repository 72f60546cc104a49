"""Crazy stops sampling once its choice is settled (``settle``), and stays deterministic."""

from __future__ import annotations

import inspect
import random

import pytest

import bones
from bones.bots import bot_for
from bones.bots.line import crazy
from bones.bots.line.tally import Tally, settled
from bones.line.moves import LineMove
from bones.line.observation import LineObservation
from bones.line.state import LineState
from tests.line.helpers import legal, play, setup

BUDGET = 400


def _positions(game: str, seed: int) -> list[LineObservation]:
    """Every position of a seeded first hand between two Hard players where the mover has a choice."""
    rules = bones.rules(game)
    state = rules.new_game(seed=seed)
    assert isinstance(state, LineState)
    hard = bot_for(rules, "hard")
    rng = random.Random(seed)
    out = []
    while not state.is_over and state.hand_no == 1:
        seat = state.to_move
        assert seat is not None
        observation = state.observation(seat)
        if len(observation.legal_moves) > 1:
            out.append(observation)
        state = state.play(hard.choose(observation, rng))
    return out


def _estimate(observation: LineObservation, settle: float | None, seed: int = 3) -> tuple[LineMove, int]:
    stats: dict[str, int] = {}
    best = crazy.estimate_moves(
        observation.rules, observation, random.Random(seed), seconds=None, samples=BUDGET, stats=stats, settle=settle
    )[0].move
    assert isinstance(best, LineMove)
    return best, stats["samples"]


def _tally(values: list[float]) -> Tally:
    tally = Tally([], value=sum(values), weight=len(values), samples=len(values))
    tally.trace = list(values)
    return tally


def test_a_move_far_ahead_on_the_same_deals_is_settled() -> None:
    # The deals' luck is shared: the leader is 1.0 ahead on every deal, however far apart the deals are.
    base = [float(x) for x in range(-30, 30)]
    leader = _tally([b + 1.0 for b in base])
    assert settled([leader, _tally(base)], [1.0] * len(base), 3.0)


def test_a_lead_within_the_noise_is_not_settled() -> None:
    rng = random.Random(1)
    base = [rng.uniform(-20, 20) for _ in range(60)]
    other = [b + rng.uniform(-20, 20) for b in base]
    assert not settled([_tally(base), _tally(other)], [1.0] * len(base), 3.0)


def test_samples_that_carry_no_weight_settle_nothing() -> None:
    assert not settled([_tally([5.0] * 60), _tally([0.0] * 60)], [0.0] * 60, 3.0)


def test_one_distinct_move_needs_no_samples() -> None:
    # Ends 3 and 3: 3:1 on either end makes the same game.
    state = play(setup("draw", ["3:3 5:5 4:4", "3:1 6:1 2:0"], "0:0 5:0 6:6", opener=0), "3:3")
    assert legal(state) == ["3:1@left", "3:1@right"]
    _, samples = _estimate(state.observation(1), settle=crazy.DEFAULT_SETTLE)
    assert samples == 0


def test_settling_early_keeps_the_choice_of_the_whole_budget() -> None:
    positions = _positions("draw", 11)[:6] + _positions("allfives", 12)[:6]
    early = 0
    for observation in positions:
        settled_move, samples = _estimate(observation, settle=crazy.DEFAULT_SETTLE)
        whole_move, whole = _estimate(observation, settle=None)
        assert samples <= whole  # all fives solves at most ``exact_samples`` deals
        if samples < whole:
            early += 1
            assert settled_move == whole_move
    assert early >= 2  # early in a hand most choices are close and use the whole budget


def test_settling_is_the_same_for_the_same_seed_and_budget() -> None:
    samples = []
    for observation in _positions("draw", 12)[-4:]:
        first = _estimate(observation, settle=crazy.DEFAULT_SETTLE, seed=8)
        assert _estimate(observation, settle=crazy.DEFAULT_SETTLE, seed=8) == first
        samples.append(first[1])
    assert min(samples) < BUDGET


def test_the_bot_settles_and_the_analysis_does_not() -> None:
    bot = bot_for(bones.rules("draw"), "crazy", seconds=0.1)
    assert isinstance(bot, crazy.CrazyLineBot) and bot.settle == crazy.DEFAULT_SETTLE
    assert inspect.signature(crazy.estimate_moves).parameters["settle"].default is None


def test_a_judged_move_far_behind_the_leader_is_settled_though_the_others_are_close() -> None:
    # The review asks where the move played stands, not which of two near-equal leaders is best.
    base = [float(x) for x in range(-30, 30)]
    rng = random.Random(2)
    leader, close, played = (
        _tally([b + 5.0 for b in base]),
        _tally([b + 5.0 + rng.uniform(-3, 3) for b in base]),
        _tally(base),
    )
    weights = [1.0] * len(base)
    assert not settled([leader, close, played], weights, 2.5)
    assert settled([leader, close, played], weights, 2.5, played)


def test_a_judged_move_within_the_noise_of_a_rival_is_not_settled_unless_both_are_within_the_tie() -> None:
    rng = random.Random(3)
    base = [rng.uniform(-20, 20) for _ in range(60)]
    played, rival = _tally(base), _tally([b + rng.uniform(-2, 2.4) for b in base])
    weights = [1.0] * len(base)
    assert not settled([played, rival], weights, 2.5, played)
    assert not settled([played, rival], weights, 2.5, played, tie=0.1)
    # Sure to be within 5 points of each other: more deals would not make the move played costly.
    assert settled([played, rival], weights, 2.5, played, tie=5.0)


def test_a_judged_move_that_is_not_legal_is_refused() -> None:
    observation = _positions("draw", 11)[0]
    legal = {str(m) for m in observation.legal_moves}
    stranger = next(LineMove.play(t, 0) for t in range(28) if str(LineMove.play(t, 0)) not in legal)
    with pytest.raises(ValueError, match="not a legal move"):
        crazy.estimate_moves(
            observation.rules, observation, random.Random(0), seconds=None, samples=10, settle=2.5, judged=stranger
        )
