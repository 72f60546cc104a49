"""Inference from plays: sampled deals are weighed by how well they explain the other seats' choices."""

from __future__ import annotations

import random

import bones
from bones.bots.line.belief import Belief
from bones.bots.line.crazy import estimate_moves
from bones.bots.line.play_model import PlayModel
from bones.bots.line.players import NormalLineBot
from bones.line.kernel import DRAW, PLAY, Kernel
from bones.line.state import LineState
from bones.tiles import HIGH, LOW
from tests.line.helpers import play, setup


def tile(text: str) -> int:
    return int(bones.pip_set(6).tile(text))


def mask(text: str) -> int:
    return sum(1 << tile(t) for t in text.split())


def test_a_light_tile_laid_by_choice_makes_deals_with_a_heavier_fitting_tile_less_likely() -> None:
    # Seat 1 answers 6:6 with 6:0. Had it held 6:5 too, a player who sheds weight would rather have laid
    # that: deals where 6:0 was its only 6 explain the play best.
    state = setup("block", ["6:6 1:1 2:2 3:3 4:4 1:0 2:0", "6:0 5:5 5:4 5:3 5:2 5:1 3:1"], opener=0)
    state = play(state, "6:6", "6:0@right")
    model = PlayModel.of(state.observation(0))
    assert len(model.decisions) == 1
    forced = model.weight({1: mask("5:5 5:4 5:3 5:2 5:1 3:1")}, {1: []})
    with_heavier = model.weight({1: mask("6:5 5:4 5:3 5:2 5:1 3:1")}, {1: []})
    with_lighter = model.weight({1: mask("6:1 5:4 5:3 5:2 5:1 3:1")}, {1: []})
    assert forced == 1.0
    assert with_heavier < with_lighter < forced
    assert with_heavier < 0.3
    # A seat may make an odd move now and then: one such move does not make a deal nearly impossible.
    assert with_heavier > 0.1


def test_weighted_samples_believe_what_a_normal_player_revealed() -> None:
    # Normal always lays a fitting double, else its heaviest fitting tile: the weighted samples give the
    # tiles it really holds more probability than the unweighted ones do, by 0.03 on average and in nine
    # positions of ten. (Not in every one: where what it holds is of middling weight, the inference that
    # it holds light tiles can favour others lighter still: seed 2, 5:0 and 6:0, 0.133 against 0.125.)
    rules = bones.rules("block")
    bot = NormalLineBot()
    gains: list[float] = []
    for seed in range(12):
        state = rules.new_game(seed=seed)
        assert isinstance(state, LineState)
        rng = random.Random(seed)
        while not state.is_over and state.kernel.placed < 8:
            state = state.play(bot.choose(state.observation(state.to_move), rng))  # type: ignore[arg-type]
        if state.is_over or state.to_move != 0:
            state = state.play(bot.choose(state.observation(state.to_move), rng))  # type: ignore[arg-type]
        if state.is_over or state.to_move != 0:
            continue
        observation = state.observation(0)
        belief = Belief.of(observation)
        model = PlayModel.of(observation)
        truth = state.kernel.hands[1]
        plain = weighted = total = 0.0
        for _ in range(400):
            hands, _, drawn = belief.sample_timed(rng)
            weight = model.weight(hands, drawn)
            share = (hands[1] & truth).bit_count() / truth.bit_count()
            plain += share
            weighted += weight * share
            total += weight
        gains.append(weighted / total - plain / 400)
    assert len(gains) >= 8
    assert sum(gains) / len(gains) > 0.03
    assert sum(1 for gain in gains if gain > 0) >= 0.9 * len(gains)


def test_sampled_draws_explain_every_pass_and_draw() -> None:
    # The draws a sample reports rebuild the hand each seat held at every moment: it held the tile it
    # played, and at each of its draws and passes no tile that fitted an open end.
    rules = bones.rules("draw", hand_size=4)
    for seed in range(20):
        state = rules.new_game(seed=seed)
        assert isinstance(state, LineState)
        rng = random.Random(seed)
        while not state.is_over and len(state.kernel.log) < 16:
            state = state.play(rng.choice(state.legal_moves))
        if state.is_over or not any(code == DRAW and s == 1 for s, code, _, _ in state.kernel.log):
            continue
        belief = Belief.of(state.observation(0))
        for _ in range(30):
            hands, _, drawn = belief.sample_timed(rng)
            assert drawn is not None
            check_history(state.kernel, 1, hands[1], drawn[1])


def check_history(kernel: Kernel, seat: int, hand_now: int, drawn: list[tuple[int, int]]) -> None:
    draws = [i for i, (s, code, _, _) in enumerate(kernel.log) if s == seat and code == DRAW]
    assert sorted(when for when, _ in drawn) == draws
    played = {i: t for i, (s, code, t, _) in enumerate(kernel.log) if s == seat and code == PLAY}
    scratch = Kernel(kernel.spec, [0] * kernel.spec.players, [], 0, -1)
    for index, (s, code, t, slot) in enumerate(kernel.log):
        if s == seat:
            hand = hand_now | sum(1 << p for i, p in played.items() if i >= index)
            for when, drawn_tile in drawn:
                if when >= index:
                    hand &= ~(1 << drawn_tile)
            if code == PLAY:
                assert hand >> t & 1
            elif scratch.placed:
                fits = [h for h in range(28) if hand >> h & 1 and (HIGH[h] in scratch.ends or LOW[h] in scratch.ends)]
                assert not fits, (index, fits)
        scratch.log.append((s, code, t, slot))
        if code == PLAY:
            scratch.table |= 1 << t
            scratch.place(t, slot)


def test_crazy_with_inference_still_finds_the_20() -> None:
    state = setup("allfives", ["6:6 4:4 6:1 4:2 3:0", "6:4 2:1 5:3 1:1 0:0"], opener=0)
    state = play(state, "6:6", "6:4@right")
    estimates = estimate_moves(
        state.rules, state.observation(0), random.Random(3), seconds=None, samples=60, infer=True
    )
    assert str(estimates[0].move) == "4:4@right"
    assert all(e.win_chance is not None and 0.0 <= e.win_chance <= 1.0 for e in estimates)
