"""The Tetradominoes computer players: legal, deterministic, and each level doing what it promises."""

from __future__ import annotations

import random
from typing import Any

import pytest

import bones
from bones.bots import LEVELS, bot_for, hint, levels_for
from bones.bots.tetradominoes.belief import NUMBERS, Belief
from bones.bots.tetradominoes.evaluation import all_templates, enabling
from bones.bots.tetradominoes.players import tetromino_placements
from bones.tetradominoes.kernel import Spec
from bones.tetradominoes.state import TetraState


def game(players: int = 2, seed: int = 0, **setup: Any) -> TetraState:
    options: dict[str, Any] = {"players": players}
    options.update(setup.pop("options", {}))
    state = bones.rules("tetradominoes", **options).new_game(seed=seed, setup=setup or None)
    assert isinstance(state, TetraState)
    return state


def test_every_level_is_registered() -> None:
    assert levels_for(bones.rules("tetradominoes")) == list(LEVELS)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_finish_games_with_legal_moves(players: int, level: str) -> None:
    rules = bones.rules("tetradominoes", players=players)
    bot = bot_for(rules, level)
    for seed in range(2):
        state = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            move = bot.choose(state.observation(state.to_move), rng)
            assert move in state.legal_moves
            state = state.play(move)


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 4])
def test_crazy_plays_legal_moves(players: int) -> None:
    rules = bones.rules("tetradominoes", players=players)
    bot = bot_for(rules, "crazy")
    other = bot_for(rules, "normal")
    state = rules.new_game(seed=3)
    rng = random.Random(3)
    for _ in range(30 if players > 1 else 15):
        if state.is_over:
            break
        chooser = bot if state.to_move == 0 else other
        move = chooser.choose(state.observation(state.to_move), rng)
        assert move in state.legal_moves
        state = state.play(move)


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_move(level: str) -> None:
    rules = bones.rules("tetradominoes")
    state = rules.new_game(seed=8)
    rng = random.Random(1)
    normal = bot_for(rules, "normal")
    for _ in range(9):
        state = state.play(normal.choose(state.observation(state.to_move), rng))
    obs = state.observation(state.to_move)
    bot = bot_for(rules, level)
    assert bot.choose(obs, random.Random(5)) == bot.choose(obs, random.Random(5))


# 4|4 on 0,0 0,1 and 4|1 on 1,0 1,1: a 4 beside the top pair opens an L or J of 4s.
FOURS = ["4:4@0,0>", "4:1@1,0>"]


@pytest.mark.parametrize("level", ["normal", "hard", "crazy"])
def test_normal_and_up_take_a_tetromino(level: str) -> None:
    state = game(hands=[["2:3", "4:2", "5:6"], ["0:0"]], board=FOURS, boneyard=["6:6"])
    bot = bot_for(state.rules, level)
    move = bot.choose(state.observation(0), random.Random(0))
    assert str(move).startswith(("4:2", "2:4"))
    after = state.play(move)
    assert after.phase == "tetromino"
    assert bot.choose(after.observation(0), random.Random(0)).kind == 1  # lays it, never skips


def test_hard_does_not_open_a_tetromino_for_the_opponent() -> None:
    # The 5:4 would pair its 4 with the 4 on 0,0, and the opponent shows 4:2, which lays a
    # tetromino on any two 4s. The 6:1 pairs with the 6 on 0,6 instead, which the opponent
    # may or may not be able to use.
    state = game(
        hands=[["6:1", "5:4"], ["0:0", "3:3"]],
        revealed=[[], ["4:2"]],
        board=["4:3@0,0>", "2:6@0,5>"],
        boneyard=["0:1", "0:2", "0:3"],
    )
    normal_moves = {str(m)[:3] for m in state.legal_moves}
    assert normal_moves == {"6:1", "1:6", "4:5", "5:4"}
    hard = bot_for(state.rules, "hard")
    for seed in range(3):
        move = hard.choose(state.observation(0), random.Random(seed))
        assert str(move).startswith(("6:1", "1:6")), move


def test_hard_hands_its_partner_a_domino_that_opens_a_tetromino() -> None:
    state = game(
        4,
        hands=[["4:2", "0:0"], ["1:1", "1:2"], ["0:1"], ["5:3", "4:6"]],
        boneyard=["2:2", "2:3", "3:3", "0:6"],
        board=FOURS + ["5:5@3,0>", "5:6@4,0>"],
    )
    state = state.play("4:2@0,2v").play("L/light@0,0 0,1 0,2 1,0")
    assert state.phase == "offer" and state.to_move == 3
    hard = bot_for(state.rules, "hard")
    # Seat 3 (dark) holds 5:3, which opens a square of 5s for the dark pair.
    move = hard.choose(state.observation(3), random.Random(0))
    assert str(move) == "give 5:3"


def test_templates_name_exactly_the_dominoes_that_open_a_tetromino() -> None:
    rules = bones.rules("tetradominoes")
    normal = bot_for(rules, "normal")
    state = rules.new_game(seed=21)
    rng = random.Random(2)
    checked = 0
    while not state.is_over and checked < 6:
        kernel = state.kernel
        if kernel.phase == 0 and kernel.num:
            templates = all_templates(kernel)
            for colour in (0, 1):
                exact = 0
                for tile in range(28):
                    probe = kernel.copy()
                    probe.spec = Spec(2, (0, 1), (colour, colour), 4)
                    probe.hidden, probe.revealed = [1 << tile, 0], [0, 0]
                    if tetromino_placements(probe, 0):
                        exact |= 1 << tile
                assert enabling(templates, colour) == exact
            checked += 1
        state = state.play(normal.choose(state.observation(state.to_move), rng))
    assert checked == 6


def test_belief_a_stuck_player_holds_none_of_the_numbers_offered() -> None:
    # Seat 1 is stuck on a table offering 6 and 5, reveals two and draws one.
    state = game(
        hands=[["0:0"], ["1:1", "1:2", "2:2", "3:1"]],
        board=["6:5@0,0>"],
        boneyard=["0:1", "0:2", "0:3", "4:4", "4:3"],
        to_move=1,
    )
    state = state.play("reveal 1:1 2:1")
    belief = Belief(state.observation(0))
    assert belief.consistent
    offered = 1 << 6 | 1 << 5
    assert sorted(belief.slots[1]) == [0, offered, offered]  # two old slots and the new draw
    for n in range(40):
        hands, pile = belief.sample(random.Random(n))
        held = [t for t in range(28) if hands[1] >> t & 1]
        assert len(held) == 3
        assert sum(1 for t in held if NUMBERS[t] & offered) <= 1
        assert len(pile) >= len(state.kernel.boneyard)


def test_belief_follows_a_hidden_trade_between_opponents() -> None:
    state = game(
        4,
        hands=[["4:2", "0:0"], ["1:1", "1:2"], ["0:1"], ["5:3", "6:6"]],
        boneyard=["2:2", "2:3", "3:3"],
        board=FOURS,
    )
    state = state.play("4:2@0,2v").play("L/light@0,0 0,1 0,2 1,0").play("give 5:3").play("give 1:2")
    mine = Belief(state.observation(0))
    assert mine.consistent and len(mine.slots[1]) == 2 and len(mine.slots[3]) == 2
    theirs = Belief(state.observation(1))
    assert theirs.known_hidden[3] == 1 << int(bones.Tile.of(2, 1))  # seat 1 knows what it gave


def test_hint_uses_the_strongest_level() -> None:
    state = game(hands=[["2:3", "4:2", "5:6"], ["0:0"]], board=FOURS, boneyard=["6:6"])
    advice = hint(state.rules, state.observation(0), random.Random(0))
    assert advice.estimates is not None and str(advice.best).startswith(("4:2", "2:4"))


def test_solitaire_bots_prefer_one_colour() -> None:
    state = game(
        1,
        hands=[["4:2"]],
        board=FOURS + ["3:3@5,0>", "3:0@6,0>"],
        tetrominoes=["dark@5,0 5,1 6,0 6,1"],
        boneyard=["5:5"],
    ).play("4:2@0,2v")
    for level in ("normal", "hard"):
        move = bot_for(state.rules, level).choose(state.observation(0), random.Random(0))
        assert "/dark@" in str(move)


def test_a_template_opens_exactly_its_tetromino() -> None:
    from bones.bots.tetradominoes.search import _lay_template

    rules = bones.rules("tetradominoes")
    normal = bot_for(rules, "normal")
    state = rules.new_game(seed=5)
    rng = random.Random(5)
    count = 0
    while not state.is_over:
        kernel = state.kernel
        if kernel.phase == 0 and kernel.num:
            seat = kernel.to_move
            colour = kernel.spec.colours[seat]
            for template in all_templates(kernel).values():
                if not template.colours >> colour & 1:
                    continue
                tiles = template.tiles
                tile = (tiles & -tiles).bit_length() - 1
                probe = kernel.copy()
                probe.hidden[seat], probe.revealed[seat] = 1 << tile, 0
                laid = _lay_template(probe, seat, template, 1 << tile)
                assert laid is not None and laid[1] in probe.tetrominoes(seat)
                count += 1
        state = state.play(normal.choose(state.observation(state.to_move), rng))
    assert count > 20


@pytest.mark.parametrize("level", ["hard", "crazy"])
def test_solitaire_lays_the_tetromino_that_keeps_the_game_going(level: str) -> None:
    # After 4:2 the forced tetromino covers three 4s and either the 4 on 1,0 or the 2 on 1,2.
    # Covering the 2 would leave 4 and 1 as the only open numbers, and 2:5 could not be played.
    state = game(1, hands=[["4:2", "2:5"]], board=FOURS, boneyard=["6:6"]).play("4:2@0,2v")
    move = bot_for(state.rules, level).choose(state.observation(0), random.Random(0))
    assert str(move).endswith("@0,0 0,1 0,2 1,0"), move


def test_templates_after_a_tetromino_match_a_fresh_count() -> None:
    from bones.bots.tetradominoes.evaluation import after_tetromino

    rules = bones.rules("tetradominoes")
    hard = bot_for(rules, "hard")
    state = rules.new_game(seed=12)
    rng = random.Random(12)
    checked = 0
    while not state.is_over:
        before = state.kernel
        move = hard.choose(state.observation(state.to_move), rng)
        state = state.play(move)
        if move.kind == 1 and not state.is_over:
            x, y = before.last
            updated = after_tetromino(list(all_templates(before).values()), state.kernel, x, y, move.kernel[1:])
            fresh = all_templates(state.kernel)
            assert {(t.cells, t.colours) for t in updated} == {(t.cells, t.colours) for t in fresh.values()}
            checked += 1
    assert checked >= 3
