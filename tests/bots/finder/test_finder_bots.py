"""Domino Finder computer players: registration, memory by level, reasoning, and the terminal loop."""

from __future__ import annotations

import io
import itertools
import random

import pytest
from rich.console import Console

import bones
from bones.bots import LEVELS, bot_for, levels_for
from bones.bots.finder.players import Belief, FinderBot, remembered, retention
from bones.finder.board import DOWN
from bones.finder.state import FinderState
from bones.terminal import play_match
from tests.finder.test_finder import ROWS, game, reset_scenario


def play_out(players: int, levels: list[str], seed: int) -> list[FinderState]:
    rules = bones.rules("finder", players=players)
    bots = [bot_for(rules, level) for level in levels]
    state = rules.new_game(seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        move = bots[seat].choose(state.observation(seat), rng)
        assert move in state.legal_moves
        state = state.play(move)
        states.append(state)
    return states


def test_every_level_is_registered() -> None:
    rules = bones.rules("finder", players=3)
    assert levels_for(rules) == list(LEVELS)
    for level in LEVELS:
        assert bot_for(rules, level).level == level


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_whole_games_deterministically(players: int) -> None:
    levels = list(LEVELS)[:players] if players < 4 else list(LEVELS)
    first = play_out(players, levels, seed=9)
    second = play_out(players, levels, seed=9)
    assert [str(m) for m in first[-1].moves] == [str(m) for m in second[-1].moves]
    assert first[-1].outcome == second[-1].outcome


def test_crazy_remembers_everything_easy_forgets_old_sightings() -> None:
    states = play_out(2, ["crazy", "easy"], seed=3)
    checked = 0
    for state in states[::3]:
        if state.is_over:
            continue
        obs = state.observation(0)
        sightings = obs.sightings()
        assert remembered(obs, "crazy") == {p: s.numbers for p, s in sightings.items()}
        easy = remembered(obs, "easy")
        assert all(obs.flips - sightings[p].hidden_after <= 4 for p in easy)
        checked += len(sightings)
    assert checked > 20  # the game turned dominoes face down again, so memory was tested


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_forgotten_domino_stays_forgotten(level: str) -> None:
    states = play_out(2, [level, level], seed=4)
    forgotten: set[tuple[int, int]] = set()
    for state in states:
        if state.is_over:
            break
        obs = state.observation(1)
        keep = remembered(obs, level)
        for position, sighting in obs.sightings().items():
            key = (position, sighting.hidden_after)
            if position in keep:
                assert key not in forgotten
            else:
                forgotten.add(key)
    assert forgotten


def test_retention_falls_with_age_and_by_level() -> None:
    for age in (0, 5, 12, 30, 100):
        chances = [retention(level, age) for level in LEVELS]
        assert chances == sorted(chances)
        assert all(retention(level, age) >= retention(level, age + 10) for level in LEVELS)
    assert retention("crazy", 10**6) == 1.0
    assert retention("easy", 5) == 0.0


def test_belief_uses_one_blank_domino_per_row() -> None:
    state = reset_scenario().play("b2")
    obs = state.observation(0)
    belief = Belief(obs, remembered(obs, "crazy"))
    # Rows 1-3 have their blank domino known (two remembered face down, 0:0 face up): no traps left there.
    unknown_top = [p for p in range(12) if state.faces[p] == DOWN and p not in belief.known]
    assert unknown_top == [6, 8, 9, 10]
    assert all(belief.trap_chance(s) == 0.0 for p in unknown_top for s in (2 * p, 2 * p + 1))
    # Row 4 has four unknown dominoes, one with a blank: 0:1..0:4 and 0:6 remain, no 0:0.
    assert belief.trap_chance(3 * 8 + 4) == pytest.approx(1 / 4 * 1 / 2)
    # The remembered 0:5 on e1-f1: e1 is a trap for sure, f1 is safe.
    assert belief.trap_chance(4) == 1.0 and belief.trap_chance(5) == 0.0
    # The treasure 3:3 is somewhere unknown; rows with a known blank are likelier places.
    safe_row = belief.treasure_chance(6)  # e2-f2 in row 2 (blank known)
    risky_row = belief.treasure_chance(13)  # c4-d4 in row 4
    assert safe_row > risky_row > 0
    total = sum(belief.treasure_chance(p) for p in range(28) if state.faces[p] == DOWN)
    assert total == pytest.approx(1.0)


def test_crazy_goes_straight_to_a_remembered_treasure() -> None:
    state = game([[1, 1], [2, 1], [2, 1]])
    for move in ("a1", "h1", "c1", "f1", "d2", "g2", "h3", "b2"):
        state = state.play(move)
    assert str(state.treasure) == "2:1" and state.faces[0] == DOWN
    for seed in range(5):
        move = FinderBot("crazy").choose(state.observation(0), random.Random(seed))
        assert str(move) in ("a1", "b1")


def test_crazy_and_hard_avoid_known_traps() -> None:
    state = reset_scenario().play("b2")  # seat 0 again; e1 and c2-d2 hold remembered blanks
    for seed in range(20):
        for level in ("hard", "crazy"):
            move = FinderBot(level).choose(state.observation(0), random.Random(seed))
            assert str(move) not in ("e1", "d2")


def test_bots_never_step_on_a_blank_they_remember_when_they_need_not() -> None:
    for level in LEVELS:
        states = play_out(2, [level, level], seed=12)
        for before, after in itertools.pairwise(states):
            seat = before.to_move
            assert seat is not None
            obs = before.observation(seat)
            belief = Belief(obs, remembered(obs, level))
            sure_traps = {m for m in obs.legal_moves if belief.trap_chance(m.square) == 1.0}
            chosen = after.moves[-1]
            if chosen in sure_traps and len(sure_traps) < len(obs.legal_moves):
                raise AssertionError(f"{level} stepped on a blank it remembered: {chosen}")


def test_terminal_plays_a_whole_game_with_a_human_at_seat_0() -> None:
    rules = bones.rules("finder", players=3)
    state = rules.new_game(seed=2, setup={"rows": ROWS, "rolls": [[5, 5]], "first": 0})
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False)
    bots = {1: bot_for(rules, "normal"), 2: bot_for(rules, "easy")}
    answers = iter(["?", "z9", "b2", "1"] + ["1"] * 500)
    final = play_match(state, bots, ["You", "Lily", "Zoe"], console, random.Random(2), ask=lambda _: next(answers))
    text = out.getvalue()
    assert final.is_over
    assert "not on the edge" in text  # b2 was refused with the reason
    assert "not a move" in text
    assert "You step in from the edge onto" in text and "Lily steps" in text
    assert "the treasure!" in text and "Match over" in text
