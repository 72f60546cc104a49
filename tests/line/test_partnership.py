"""The partnership game (block and draw with ``teams``): scenarios, and a replay of the PyPI
package ``dominoes`` (which plays exactly the double-six partnership block game) move for move."""

from __future__ import annotations

import random
from typing import Any

import dominoes
import pytest

import bones
from bones.game import GameOptionError
from bones.line.moves import LineMove
from bones.line.state import LineState
from bones.tiles import Tile


def _tile(domino: dominoes.Domino) -> Tile:
    return Tile.of(domino.first, domino.second)


def _their_signatures(game: dominoes.Game) -> set[tuple[int, int | None]]:
    """Each legal move as (tile, number of the end it touches); None on an empty table."""
    if not game.board:
        return {(int(_tile(d)), None) for d, _left in game.valid_moves}
    ends = (game.board.left_end(), game.board.right_end())
    return {(int(_tile(d)), ends[0] if left else ends[1]) for d, left in game.valid_moves}


def _our_signature(state: LineState, move: LineMove) -> tuple[int, int | None]:
    assert move.tile is not None
    return (int(move.tile), None if move.slot < 0 else state.kernel.ends[move.slot])


def _pass_while_stuck(state: LineState, hand_no: int, their_turn: int | None) -> LineState:
    """Their game skips a seat that cannot play; ours has it say pass."""
    while not state.is_over and state.hand_no == hand_no and state.legal_moves == (LineMove.parse("pass"),):
        assert state.to_move != their_turn, "we pass a seat that they let play"
        state = state.play("pass")
    return state


def _replay_game(
    rules: Any, game: dominoes.Game, player: list[Any], scores: list[int], hand_no: int, first: bool
) -> LineState:
    setup: dict[str, Any] = {
        "hands": [[str(_tile(d)) for d in hand] for hand in game.hands],
        "opener": game.starting_player,
        "scores": list(scores),
        "hand": hand_no,
    }
    if first:
        # Their game has already laid 6:6; give it back to its holder for our deal.
        setup["hands"][game.starting_player].append("6:6")
        del setup["opener"]
    state = rules.new_game(seed=0, setup=setup)
    assert state.to_move == game.starting_player
    if first:
        assert [str(m) for m in state.legal_moves] == ["6:6"]
        state = state.play("6:6")
        state = _pass_while_stuck(state, hand_no, game.turn)
    while game.result is None:
        assert state.to_move == game.turn
        ours = {_our_signature(state, m) for m in state.legal_moves}
        assert ours == _their_signatures(game)
        player[game.turn](game)
        domino, left = game.valid_moves[0]
        wanted = (
            int(_tile(domino)),
            None if not game.board else game.board.left_end() if left else game.board.right_end(),
        )
        move = next(m for m in state.legal_moves if _our_signature(state, m) == wanted)
        game.make_move(domino, left)
        state = state.play(move)
        if game.result is None:
            assert sorted(state.kernel.ends) == sorted((game.board.left_end(), game.board.right_end()))
        state = _pass_while_stuck(state, hand_no, game.turn if game.result is None else None)
    assert state.hand_no != hand_no or state.is_over, "their hand ended, ours did not"
    return state


@pytest.mark.parametrize("series_seed", range(12))
def test_replays_the_dominoes_package_series_identically(series_seed: int) -> None:
    rules = bones.rules("block", players=4, teams=True, target=100)
    saved = random.getstate()
    try:
        random.seed(series_seed)
        players = [
            dominoes.players.random,
            dominoes.players.bota_gorda,
            dominoes.players.double,
            dominoes.players.random,
        ]
        if series_seed % 2:
            players = players[1:] + players[:1]
        series = dominoes.Series(target_score=100)
        hand_no = 1
        while True:
            game = series.games[-1]
            state = _replay_game(rules, game, players, series.scores, hand_no, first=hand_no == 1)
            result = state.results[-1]
            points = game.result.points
            assert result.points == (max(points, 0), max(-points, 0))
            next_game = series.next_game()
            assert list(state.scores) == series.scores
            assert state.is_over == series.is_over()
            if next_game is None:
                assert state.outcome is not None
                winning_side = 0 if series.scores[0] >= 100 else 1
                assert set(state.outcome.winners) == {winning_side, winning_side + 2}
                break
            assert state.opener == next_game.starting_player
            hand_no += 1
    finally:
        random.setstate(saved)


def _blocked_setup(hands: list[list[str]], **extra: Any) -> LineState:
    rules = bones.rules("block", players=4, teams=True)
    return rules.new_game(setup={"hands": hands, "opener": 0, **extra})


def test_teams_default_deals() -> None:
    assert bones.rules("block", players=4, teams=True).hand_size == 7
    assert bones.rules("block", players=4, teams=True, set=9).hand_size == 10
    draw = bones.rules("draw", players=4, teams=True, set=9)
    state = draw.new_game(seed=3)
    assert state.observation(0).boneyard_size == 15
    with pytest.raises(GameOptionError, match="teams need 4 players"):
        bones.rules("block", teams=True)


def test_first_hand_opened_by_highest_double_cuban() -> None:
    state = bones.rules("block", players=4, teams=True, set=9).new_game(seed=11)
    doubles = {s: [t for t in state.hand(s) if t.high == t.low] for s in range(4)}
    best = max((t.high, s) for s, ts in doubles.items() for t in ts)
    assert state.to_move == best[1]
    assert [m.tile for m in state.legal_moves] == [Tile.of(best[0], best[0])]


def test_going_out_scores_all_four_hands_for_the_pair() -> None:
    # Seat 0 opens with its last tile and goes out: the pair 0+2 scores every pip left, partner's too.
    state = _blocked_setup([["1:0"], ["6:6", "5:5"], ["4:4"], ["3:3"]])
    state = state.play("1:0")
    result = state.results[-1]
    assert result.ending == "domino"
    assert result.points == (12 + 10 + 8 + 6, 0)
    assert state.opener == 0


def test_blocked_hand_goes_to_the_lighter_pair_with_all_pips() -> None:
    # 0:0 is laid and nobody holds a blank: blocked at once. Pair 1+3 holds 2+3, pair 0+2 holds 4+12.
    state = _blocked_setup([["0:0", "2:2"], ["1:1"], ["6:6"], ["2:1"]])
    state = state.play("0:0")
    result = state.results[-1]
    assert result.ending == "blocked"
    assert result.points == (0, 4 + 2 + 12 + 3)
    # Seat 0 laid the last tile but its pair lost: the next player (seat 1) opens.
    assert state.opener == 1


def test_blocked_hand_won_by_the_blocker_pair_opens_with_the_blocker() -> None:
    state = _blocked_setup([["0:0", "6:6"], ["5:5"], ["1:0", "3:3"], ["4:4", "2:2"]])
    state = state.play("0:0").play("pass").play("1:0@left")
    # Ends 1 and 0 and nobody holds either: blocked. Pair 0+2 holds 18, pair 1+3 holds 22.
    result = state.results[-1]
    assert result.ending == "blocked"
    assert result.points == (40, 0)
    assert state.opener == 2


def test_equal_pairs_block_scores_nothing_and_the_opener_opens_again() -> None:
    # 0:0 blocks at once; pair 0+2 holds 2:2 + 3:1 = 8, pair 1+3 holds 3:3 + 1:1 = 8.
    state = _blocked_setup([["0:0", "2:2"], ["3:3"], ["3:1"], ["1:1"]])
    state = state.play("0:0")
    result = state.results[-1]
    assert result.ending == "blocked"
    assert result.points == (0, 0)
    assert state.opener == 0


def test_every_level_plays_a_partnership_match() -> None:
    from bones.bots import bot_for

    rules = bones.rules("block", players=4, teams=True, target=30)
    bots = [bot_for(rules, level) for level in ("easy", "normal", "hard", "crazy")]
    state = rules.new_game(seed=5)
    rng = random.Random(1)
    while not state.is_over and state.hand_no == 1:
        seat = state.to_move
        assert seat is not None
        state = state.play(bots[seat].choose(state.observation(seat), rng))
    assert state.results
