"""bones.env: every game passes PettingZoo's api_test and seed_test; the one-player games
(the puzzles) pass Gymnasium's check_env."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import bones

GAMES = sorted(bones.games())
# Variants with another number of players or another encoding size.
VARIANTS = [
    ("block", {"players": 4, "teams": True}),
    ("draw", {"players": 4, "teams": True, "set": 9}),
    ("classic", {"players": 4}),
    ("tetradominoes", {"players": 4}),
    ("tetradominoes", {"players": 1}),
    ("mountains", {"version": "coop"}),
]
CASES = [(game, {}) for game in GAMES] + VARIANTS


@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{o}" if o else g for g, o in CASES])
def test_every_game_passes_the_ecosystem_checkers(game: str, options: dict) -> None:
    rules = bones.rules(game, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        if rules.num_players == 1:
            check_env(bones.single_agent_env(game, **options), skip_render_check=True)
        else:
            api_test(bones.env(game, **options), num_cycles=120)
            seed_test(lambda: bones.env(game, **options), num_cycles=60)


def _episode(env, seed: int) -> list:  # type: ignore[no-untyped-def]
    """Play with seeded random legal actions; the trace of observations, actions and rewards."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    for agent in env.agent_iter(max_iter=400):
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        trace.append((agent, observation["observation"].tolist(), reward, action))
        env.step(action)
    return trace


def test_two_runs_with_the_same_seed_are_identical_and_another_seed_differs() -> None:
    first = _episode(bones.env("draw"), 7)
    assert first == _episode(bones.env("draw"), 7)
    assert first != _episode(bones.env("draw"), 8)


def test_a_match_ends_with_the_points_as_rewards() -> None:
    env = bones.env("block", players=4, teams=True, target=20)
    env.reset(seed=3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        totals[agent] += reward
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action)
    state = env.game.state
    assert state.is_over
    # Partners share their pair's points; the winners reached the target.
    assert totals["player_0"] == totals["player_2"] == state.scores[0]
    assert totals["player_1"] == totals["player_3"] == state.scores[1]
    assert max(state.scores) >= 20


def test_an_action_outside_the_mask_is_refused() -> None:
    env = bones.env("draw")
    env.reset(seed=1)
    observation = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)
    puzzle = bones.single_agent_env("fujisan")
    start, _ = puzzle.reset(seed=2)
    illegal = int(np.flatnonzero(start["action_mask"] == 0)[0])
    after, reward, terminated, _, info = puzzle.step(illegal)
    assert info["illegal_action"] == illegal and reward == 0 and not terminated
    assert (after["observation"] == start["observation"]).all()


def test_every_game_documents_its_encoding() -> None:
    for game in GAMES:
        text = bones.rules(game).encoding().describe()
        assert "Observation" in text and "Actions" in text


def test_the_docs_example_runs_and_prints_both_scores(capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    text = (Path(__file__).parents[1] / "docs" / "environments.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "docs/environments.md", "exec"), {})
    out = capsys.readouterr().out
    assert out.startswith("random agent ") and "bones Hard" in out


@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{o}" if o else g for g, o in CASES])
def test_every_legal_move_has_its_own_action_and_comes_back(game: str, options: dict) -> None:
    import random

    rules = bones.rules(game, **options)
    encoding = rules.encoding()
    rng = random.Random(0)
    state = rules.new_game(seed=4)
    for _ in range(150):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        observation = state.observation(seat)
        numbers = [encoding.action_index(move, observation) for move in observation.legal_moves]
        assert len(set(numbers)) == len(numbers)
        assert all(0 <= n < encoding.num_actions for n in numbers)
        assert [encoding.action_move(n, observation) for n in numbers] == list(observation.legal_moves)
        for other in range(rules.num_players):
            values = encoding.encode(state.observation(other))
            assert len(values) == encoding.size
            assert all(encoding.low <= v <= encoding.high for v in values)
        state = state.play(rng.choice(observation.legal_moves))
