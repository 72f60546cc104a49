"""bones arena: outside players (callables, JSON-lines programs, the dominoes package's players)."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

import bones
from bones.arena import ArenaError, player_for, run_arena
from bones.bots.line.dominoes_package import DominoesPackageBot, their_game
from bones.cli import main
from bones.tiles import Tile

FIRST_LEGAL = Path(__file__).parent / "data" / "arena_first_legal.py"
PARTNERSHIP = {"players": 4, "teams": True}


def first_legal(request: dict[str, Any]) -> str:
    return request["observation"]["legal_moves"][0]


def last_legal(request: dict[str, Any]) -> str:
    return request["observation"]["legal_moves"][-1]


def illegal(request: dict[str, Any]) -> str:
    return "pass" if request["observation"]["legal_moves"] != ["pass"] else "draw"


def test_a_callable_and_a_program_speaking_json_lines_play_the_same_moves() -> None:
    # The same policy as a Python callable and as a subprocess gives the same deals, point for point.
    direct = run_arena("draw", ["normal"], ["python:tests.test_arena:first_legal"], 3, seed=4)
    piped = run_arena("draw", ["normal"], [f"cmd:{sys.executable} {FIRST_LEGAL}"], 3, seed=4)
    assert direct.pairs[0].stats.margins == piped.pairs[0].stats.margins
    assert direct.pairs[0].stats.hands == 6
    assert piped.pairs[0].seconds_per_move[1] > 0


def test_arena_statistics_are_the_tournaments_and_repeat() -> None:
    once = run_arena("block", ["easy", "hard"], ["dominoes:bota_gorda", "dominoes:random"], 4, PARTNERSHIP, seed=1)
    again = run_arena("block", ["easy", "hard"], ["dominoes:bota_gorda", "dominoes:random"], 4, PARTNERSHIP, seed=1)
    assert [p.stats.margins for p in once.pairs] == [p.stats.margins for p in again.pairs]
    assert [(p.stats.first, p.stats.second) for p in once.pairs] == [
        ("easy", "dominoes:bota_gorda"),
        ("easy", "dominoes:random"),
        ("hard", "dominoes:bota_gorda"),
        ("hard", "dominoes:random"),
    ]
    for pair in once.pairs:
        assert pair.stats.deals == 4 and pair.stats.hands == 8  # two seatings of the pairs per deal
        assert 0.0 <= pair.stats.points_share <= 1.0


def test_a_player_that_breaks_the_rules_is_named() -> None:
    with pytest.raises(ArenaError, match=r"python:tests\.test_arena:illegal played"):
        run_arena("draw", ["easy"], ["python:tests.test_arena:illegal"], 1)
    with pytest.raises(ArenaError, match="unknown player"):
        player_for(bones.rules("draw"), "chess:stockfish")
    with pytest.raises(ArenaError, match="cannot load"):
        player_for(bones.rules("draw"), "python:tests.test_arena:nobody")
    with pytest.raises(ArenaError, match="stopped without answering"):
        run_arena("draw", ["easy"], [f"cmd:{sys.executable} -c pass"], 1)


def test_the_dominoes_players_need_their_game() -> None:
    with pytest.raises(ValueError, match="only the partnership block game"):
        player_for(bones.rules("draw", players=4), "dominoes:random")
    with pytest.raises(ValueError, match="has no player 'omniscient'"):
        player_for(bones.rules("block", **PARTNERSHIP), "dominoes:omniscient")


def test_their_game_sees_what_the_seat_sees_and_bota_gorda_sheds_the_heaviest() -> None:
    rules = bones.rules("block", **PARTNERSHIP)
    bot = DominoesPackageBot(rules, "bota_gorda")
    rng = random.Random(0)
    for seed in range(6):
        state = rules.new_game(seed=seed)
        while not state.is_over and state.hand_no == 1:
            seat = state.to_move
            assert seat is not None
            observation = state.observation(seat)
            game = their_game(observation)
            assert sorted(str(Tile.of(d.first, d.second)) for d in game.hands[seat]) == sorted(
                str(t) for t in state.hand(seat)
            )
            assert [len(h) for h in game.hands] == list(observation.hand_sizes)
            move = bot.choose(observation, rng)
            if move.tile is not None:
                heaviest = max(m.tile.pips for m in observation.legal_moves if m.tile is not None)
                assert move.tile.pips == heaviest
            state = state.play(move)


def test_their_alphabeta_player_plays_legal_moves_to_the_end() -> None:
    rules = bones.rules("block", **PARTNERSHIP)
    result = run_arena("block", ["normal"], ["dominoes:probabilistic_alphabeta"], 1, PARTNERSHIP, seed=2)
    assert result.pairs[0].stats.hands == 2
    assert rules.partnership


def test_bones_arena_command_prints_the_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    main(["arena", "block", "-p", "4", "-o", "teams=true", "-a", "dominoes:random", "-b", "easy", "-n", "2"])
    out = capsys.readouterr().out
    assert "deals won" in out and "dominoes:random" in out
