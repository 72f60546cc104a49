"""Standard learning environments for every bones game (the ``env`` extra; ``bones.env``).

``bones.env(game_id, **options)`` is a PettingZoo AEC environment: agents
``player_0 .. player_{n-1}`` are the seats; each observes
``{"observation": int64[size], "action_mask": int8[num_actions]}`` in the game's
fixed encoding (``Rules.encoding().describe()`` documents it per game), and acts
with a number of that encoding's fixed action space. Rewards are the changes of
each seat's points by the game's own scoring (``Encoding.seat_scores``). An
episode is a whole game (a whole match, for games played in hands).

``bones.single_agent_env(game_id, **options)`` is a Gymnasium environment for
one-player games (the puzzles): the same observation dict, ``Discrete`` actions;
an action the mask rules out changes nothing (``info["illegal_action"]``), where
the PettingZoo environment refuses it with ValueError.

Seeding: ``reset(seed=s)`` plays the game dealt from seed ``s``; a reset without a
seed takes the next seed of a generator seeded by the last seed given, so two runs
with the same seeds are identical.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from bones.game import Encoding, Move, Observation, Rules, State
from bones.game import rules as make_rules


def _spaces(encoding: Encoding) -> tuple[spaces.Dict, spaces.Discrete]:
    observation = spaces.Dict(
        {
            "observation": spaces.Box(encoding.low, encoding.high, (encoding.size,), np.int64),
            "action_mask": spaces.Box(0, 1, (encoding.num_actions,), np.int8),
        }
    )
    return observation, spaces.Discrete(encoding.num_actions)


class _Game:
    """What both environments share: the rules, the encoding, the seeds and the state."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.encoding = rules.encoding()
        self.seeds = random.Random(0)
        self.state: State = rules.new_game(seed=0)

    def reset(self, seed: int | None) -> None:
        if seed is not None:
            self.seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self.seeds.randrange(2**31)
        self.state = self.rules.new_game(seed=game_seed)

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        observation = self.state.observation(seat)
        mask = np.zeros(self.encoding.num_actions, np.int8)
        if self.state.to_move == seat:
            for move in observation.legal_moves:
                mask[self.encoding.action_index(move, observation)] = 1
        return {"observation": np.asarray(self.encoding.encode(observation), np.int64), "action_mask": mask}

    def play(self, action: int) -> list[float]:
        """Play action number ``action``; returns each seat's reward."""
        seat = self.state.to_move
        assert seat is not None
        move = self.encoding.action_move(int(action), self.state.observation(seat))
        if move is None:
            raise ValueError(f"action {action} is not legal for seat {seat} (see the action mask)")
        before = self.encoding.seat_scores(self.state)
        self.state = self.state.play(move)
        after = self.encoding.seat_scores(self.state)
        return [a - b for a, b in zip(after, before)]


class BonesEnv(AECEnv):
    """A bones game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "bones_v0", "is_parallelizable": False}  # noqa: RUF012 (the base classes declare it so)

    def __init__(self, game_id: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.game = _Game(make_rules(game_id, **options))
        self.metadata = {**self.metadata, "name": f"bones_{game_id}_v0"}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.rules.num_players)]
        observation, action = _spaces(self.game.encoding)
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: action for agent in self.possible_agents}
        self.agents = self.possible_agents[:]

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.game.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        to_move = self.game.state.to_move
        if to_move is not None:
            self.agent_selection = self.possible_agents[to_move]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.game.observe(self._seat(agent))

    def bones_observation(self, agent: str) -> Observation:
        """What ``agent``'s seat sees as a bones ``Observation``, for bones' own bots."""
        return self.game.state.observation(self._seat(agent))

    def action_for(self, move: Move, agent: str) -> int:
        """The action number of a bones ``move`` of ``agent``'s seat (a bot's choice, say)."""
        return self.game.encoding.action_index(move, self.bones_observation(agent))

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        rewards = self.game.play(action)
        self.rewards = {a: rewards[self._seat(a)] for a in self.agents}
        if self.game.state.is_over:
            outcome = self.game.state.outcome
            self.terminations = dict.fromkeys(self.agents, True)
            for a in self.agents:
                self.infos[a] = {"outcome": outcome.to_dict() if outcome else None}
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.game.state.render()
        return None

    def close(self) -> None:
        pass


class SingleAgentEnv(gymnasium.Env):
    """A one-player bones game (a puzzle) as a Gymnasium environment."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (the base classes declare it so)

    def __init__(self, game_id: str, render_mode: str | None = None, **options: Any) -> None:
        self.game = _Game(make_rules(game_id, **options))
        if self.game.rules.num_players != 1:
            raise ValueError(f"{game_id} has {self.game.rules.num_players} players: use bones.env (PettingZoo)")
        self.observation_space, self.action_space = _spaces(self.game.encoding)
        self.render_mode = render_mode

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        self.game.reset(seed)
        return self.game.observe(0), {}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self.game.state
        info: dict[str, Any] = {}
        if self.game.encoding.action_move(int(action), state.observation(0)) is None:
            # Gymnasium's agents may ignore the mask: a refused action changes nothing.
            info["illegal_action"] = int(action)
            return self.game.observe(0), 0.0, state.is_over, False, info
        reward = self.game.play(action)[0]
        state = self.game.state
        if state.is_over and state.outcome is not None:
            info["outcome"] = state.outcome.to_dict()
        return self.game.observe(0), reward, state.is_over, False, info

    def render(self) -> str | None:
        return self.game.state.render() if self.render_mode == "ansi" else None


def env(game_id: str, render_mode: str | None = None, **options: Any) -> BonesEnv:
    """A PettingZoo AEC environment of ``game_id`` with rule ``options``."""
    return BonesEnv(game_id, render_mode, **options)


def single_agent_env(game_id: str, render_mode: str | None = None, **options: Any) -> SingleAgentEnv:
    """A Gymnasium environment of a one-player game (the puzzles)."""
    return SingleAgentEnv(game_id, render_mode, **options)
