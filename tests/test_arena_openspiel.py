"""bones arena against OpenSpiel's bots for 2-player block (the openspiel extra).

The translation is checked move by move against OpenSpiel's own engine: whole seeded
matches replayed through both, every position's legal moves against its legal actions.
"""

from __future__ import annotations

import os
import random

import pytest

import bones
from bones.arena import ArenaError, player_for, run_arena
from bones.bots import bot_for
from bones.bots.line.openspiel_block import OpenSpielBot, Translation, have_openspiel, their_tile

# The extra is in dev (CI installs it); only a checkout without it, outside CI, skips.
pytestmark = pytest.mark.skipif(
    not have_openspiel() and not os.environ.get("CI"), reason="the openspiel extra is not installed"
)
TWO = {"players": 2}


def test_bones_two_player_block_and_openspiels_agree_move_by_move() -> None:
    rules = bones.rules("block", **TWO)
    players = [bot_for(rules, "easy"), bot_for(rules, "normal")]
    positions = openings = hands_ended = 0
    for seed in range(4):
        state = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            observation = state.observation(seat)
            translation = Translation(observation)
            theirs = translation.state([int(t) for t in state.hand(1 - seat)])
            plays = [m for m in observation.legal_moves if m.tile is not None]
            if plays:
                assert theirs.current_player() == translation.player
                ours = {translation.action(translation.player, int(m.tile), translation.ends, m.slot) for m in plays}
                legal = set(theirs.legal_actions())
                if translation.ends:
                    assert ours == legal
                    positions += 1
                else:
                    # bones opens the first hand with the highest double; OpenSpiel allows any tile.
                    assert ours <= legal
                    openings += 1
                assert all(translation.move(a) in observation.legal_moves for a in ours)
                assert {translation.move(a) for a in ours} <= set(plays)
                assert sorted(theirs.hands[translation.player]) == sorted(their_tile(t) for t in observation.hand)
            move = players[seat].choose(observation, rng)
            after = state.play(move)
            if move.tile is not None and (after.is_over or after.hand_no != state.hand_no):
                # The hand's last tile: OpenSpiel's game ends there too, won by the same side.
                theirs.apply_action(translation.action(translation.player, int(move.tile), translation.ends, move.slot))
                assert theirs.is_terminal()
                returns = theirs.returns()
                points = after.last_hand_points()
                if points[seat] != points[1 - seat]:
                    winner = seat if points[seat] > points[1 - seat] else 1 - seat
                    assert returns[Translation(observation).their_player(winner)] > 0
                hands_ended += 1
            state = after
    assert positions > 300 and openings >= 4 and hands_ended >= 8


def test_the_other_hand_is_redrawn_without_the_numbers_it_passed_on() -> None:
    rules = bones.rules("block", **TWO)
    normal = bot_for(rules, "normal")
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        state = rules.new_game(seed=seed)
        while not state.is_over and state.hand_no == 1:
            seat = state.to_move
            assert seat is not None
            observation = state.observation(seat)
            translation = Translation(observation)
            if translation.lacks and len(observation.legal_moves) > 1:
                world = translation.state(translation.draw_other_hand(rng))
                for _ in range(5):
                    redrawn = translation.redraw(world, rng)
                    # The same history is possible: OpenSpiel's information state of the seat is unchanged.
                    assert redrawn.information_state_string(translation.player) == world.information_state_string(
                        translation.player
                    )
                    other = redrawn.hands[1 - translation.player]
                    assert not any(pip in translation.lacks for tile in other for pip in tile)
                    assert len(other) + len(redrawn.deck) == 28 - len(observation.hand) - len(translation.actions)
                checked += 1
            state = state.play(normal.choose(observation, rng))
    assert checked >= 3


def test_openspiels_bots_play_legal_moves_and_repeat_for_a_seed() -> None:
    opponents = ["openspiel:ismcts?sims=20", "openspiel:mcts?sims=10&deals=2"]
    once = run_arena("block", ["normal"], opponents, 2, TWO, seed=1)
    again = run_arena("block", ["normal"], opponents, 2, TWO, seed=1)
    assert [p.stats.margins for p in once.pairs] == [p.stats.margins for p in again.pairs]
    for pair in once.pairs:
        assert pair.stats.hands == 4 and pair.moves[1] > 0


def test_openspiel_settings_and_refusals() -> None:
    rules = bones.rules("block", **TWO)
    bot = player_for(rules, "openspiel:ismcts?sims=500&uct=1.5")
    assert isinstance(bot, OpenSpielBot) and (bot.sims, bot.uct, bot.level) == (500, 1.5, "openspiel:ismcts")
    with pytest.raises(ArenaError, match="take the settings sims"):
        player_for(rules, "openspiel:ismcts?samples=3")
    with pytest.raises(ValueError, match="only 2-player block"):
        player_for(bones.rules("block", players=4, teams=True), "openspiel:ismcts")
    with pytest.raises(ValueError, match="no block player 'cfr'"):
        player_for(rules, "openspiel:cfr")
