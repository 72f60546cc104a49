"""The Bingo dominoes computer players: legal, deterministic, sound beliefs, sensible play."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console

import bones
from bones.bingo.kernel import BINGO, CLOSE, DOUBLES, OVER
from bones.bingo.state import BingoState
from bones.bits import bits
from bones.bots import bot_for, levels_for
from bones.bots.bingo.players import CrazyBingoBot, HardBingoBot
from bones.bots.bingo.search import Belief, solve
from bones.terminal import play_match
from bones.tiles import Tile

RULES = bones.rules("bingo")


def setup_game(**setup: Any) -> BingoState:
    state = RULES.new_game(seed=1, setup=setup)
    assert isinstance(state, BingoState)
    return state


def test_every_level_is_registered() -> None:
    assert levels_for(RULES) == ["easy", "normal", "hard", "crazy"]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_levels_play_whole_matches_with_legal_moves(level: str) -> None:
    bot = bot_for(RULES, level)
    for seed in range(3):
        state = RULES.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            move = bot.choose(state.observation(seat), rng)
            assert move in state.legal_moves
            state = state.play(move)


def test_crazy_plays_legal_moves_and_is_deterministic() -> None:
    bot = bot_for(RULES, "crazy")
    state = RULES.new_game(seed=4)
    rng = random.Random(0)
    for _ in range(12):
        seat = state.to_move
        assert seat is not None
        obs = state.observation(seat)
        move = bot.choose(obs, random.Random(99))
        assert move == bot.choose(obs, random.Random(99))
        assert move in state.legal_moves
        state = state.play(move if rng.random() < 0.5 else rng.choice(state.legal_moves))


def random_positions(count: int) -> list[BingoState]:
    out = []
    rng = random.Random(5)
    for seed in range(count):
        state = RULES.new_game(seed=seed)
        steps = rng.randrange(1, 26)
        for _ in range(steps):
            if state.is_over or state.kernel.phase == OVER:
                break
            state = state.play(rng.choice(state.legal_moves))
        if not state.is_over:
            out.append(state)
    return out


def test_sampled_worlds_agree_with_everything_seen() -> None:
    rng = random.Random(1)
    for state in random_positions(40):
        seat = state.to_move
        assert seat is not None
        other = 1 - seat
        obs = state.observation(seat)
        belief = Belief(obs.public, seat, obs.hand_sizes[other])
        real = state.kernel
        # The real deal is one of the possible worlds.
        assert real.hands[other] & ~belief.possible == 0
        for _ in range(5):
            world = belief.sample(rng)
            assert world.hands[seat] == real.hands[seat]
            assert world.hands[other].bit_count() == real.hands[other].bit_count()
            assert world.hands[other] & real.known[other] == real.known[other]
            assert world.hands[other] & real.cannot[other] == 0
            tiles = bits(world.hands[0]) + bits(world.hands[1]) + bits(world.gone) + world.stock
            assert sorted(tiles) == sorted(bits(real.hands[0]) + bits(real.hands[1]) + bits(real.gone) + real.stock)
            if real.trump_in_stock:
                assert world.stock[0] == real.trump_tile


def test_the_public_view_holds_nothing_hidden() -> None:
    for state in random_positions(10):
        for seat in (0, 1):
            public = state.observation(seat).public
            assert public.hands[1 - seat] == state.kernel.known[1 - seat]
            hidden = [t for t in public.stock if t >= 0]
            assert hidden == ([state.kernel.trump_tile] if state.kernel.trump_in_stock else [])


def test_belief_uses_what_the_answers_showed() -> None:
    # After closing, seat 1 answered 6:5 with a dud: it holds no 6, no 5 and no trump.
    state = setup_game(
        hands=[["6:5", "0:0", "3:3"], ["4:1", "4:3", "1:0"]],
        boneyard=["1:1", "4:0", "5:1"],
        trump_tile="2:1",
        leader=0,
    )
    state = state.play("close").play("6:5").play("4:1")
    obs = state.observation(0)
    belief = Belief(obs.public, 0, obs.hand_sizes[1])
    for tile in ("6:1", "5:0", "2:0", "6:2", "5:1"):
        assert not belief.allowed >> int(Tile.parse(tile)) & 1
    assert belief.allowed >> int(Tile.parse("4:0")) & 1


def test_everyone_takes_the_double_trump_with_the_bingo() -> None:
    state = setup_game(
        hands=[["2:2", "5:5", "4:1"], ["0:0", "3:3", "6:1"]],
        boneyard=["1:1", "4:0", "5:1"],
        trump_tile="2:1",
        leader=0,
    ).play("2:2")
    for level in ("normal", "hard", "crazy"):
        move = bot_for(RULES, level).choose(state.observation(1), random.Random(0))
        assert move.tile == Tile(BINGO), level


def test_hard_closes_when_sure_winners_reach_70() -> None:
    # Trumps 6: 6:6 (28) and 0:0 (14) cannot be beaten; 30 points already: 72.
    state = setup_game(
        hands=[["6:6", "0:0", "4:1"], ["3:2", "5:3", "2:1"]],
        boneyard=["1:1", "4:0", "5:1"],
        trump_tile="6:2",
        leader=0,
        points=[30, 10],
        captures=[2, 1],
    )
    move = HardBingoBot().choose(state.observation(0), random.Random(0))
    assert move.code == CLOSE


def test_crazy_finds_the_exact_line_once_the_boneyard_is_empty() -> None:
    # Only leading 6:3 wins this hand; the greedy playout policy does not see it.
    state = setup_game(
        hands=[["0:0", "2:1", "4:2", "5:1", "6:0", "6:1", "6:3"], ["1:0", "2:2", "3:2", "4:0", "5:3", "5:4", "6:5"]],
        trump=2,
        leader=0,
        points=[31, 44],
        captures=[3, 4],
    )
    values = {str(m): solve(_after(state.kernel, m.code), 0) for m in state.legal_moves}
    assert max(values, key=lambda m: values[m]) == "6:3" and sorted(values.values())[-2] < 0
    assert str(CrazyBingoBot().choose(state.observation(0), random.Random(0))) == "6:3"


def _after(kernel: Any, code: int) -> Any:
    child = kernel.copy()
    child.apply(code)
    return child


def test_honours_are_declared_by_the_careful_levels_when_the_trick_is_theirs() -> None:
    state = setup_game(
        hands=[["4:1", "3:2", "6:1"], ["5:5", "4:4", "6:3"]],
        boneyard=["1:1", "4:0", "5:3"],
        trump_tile="2:0",
        leader=0,
    ).play("4:1")
    for level in ("normal", "hard", "crazy"):
        move = bot_for(RULES, level).choose(state.observation(1), random.Random(0))
        assert move.honours and move.tile is not None and (1 << move.tile) & DOUBLES, level


def test_a_match_in_the_terminal() -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, force_terminal=False)
    answers = iter(["?", "nonsense", "9:9", "1"] + ["1"] * 2000)
    state = RULES.new_game(seed=2)
    bots = {1: bot_for(RULES, "normal")}
    final = play_match(state, bots, ["You", "Lily"], console, random.Random(0), ask=lambda _: next(answers))
    text = out.getvalue()
    assert final.is_over
    assert "trumps:" in text and ("Lily leads" in text or "You lead" in text)
    assert "Hand 1 over" in text and "Match over" in text
    assert "not a move" in text  # bad input is explained, and the game goes on


def test_bingo_in_a_duplicate_tournament() -> None:
    from bones.tournament import run_tournament

    result = run_tournament("bingo", ["easy", "normal"], deals=6)
    (pair,) = result.pairs
    assert pair.deals == 6 and pair.hands == 12
    # Points are sets won in each hand: at most 3 a hand, and somebody usually wins some.
    assert 0 < sum(pair.points) <= 3 * 12 + 12
