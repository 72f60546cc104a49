"""Standard learning environments for every bones game (the ``env`` extra; ``bones.env``).

``bones.env(game_id, **options)`` is a PettingZoo AEC environment: agents
``player_0 .. player_{n-1}`` are the seats; each observes
``{"observation": int64[size], "action_mask": int8[num_actions]}`` in the game's
fixed encoding (``Rules.encoding().describe()`` documents it per game), and acts
with a number of that encoding's fixed action space. Rewards are the changes of
each seat's points by the game's own scoring (``Encoding.seat_scores``). An
episode is a whole game (a whole match, for games played in hands).

``bones.single_agent_env(game_id, opponents=..., **options)`` is a Gymnasium environment
of one seat (``seat``) against bones' bots (levels by name, or any ``Bot``) in the other
seats: the same observation dict, ``Discrete`` actions; the bots move between the
learner's moves. ``episode="hand"`` ends an episode with each hand (the next reset goes on
with the match), ``"match"`` with the game. An action the mask rules out changes nothing
(``info["illegal_action"]``), where the PettingZoo environment refuses it with ValueError.

``relative=True`` (both): every seat in an observation is numbered from the observer's,
which is 0 (``Rules.encoding(relative=True)``).

Both follow a game through its encoding's ``Follower``, which encodes incrementally where
the game's observations are costly to build (bench/env.py measures the steps per second).

Seeding: ``reset(seed=s)`` plays the game dealt from seed ``s``; a reset without a
seed takes the next seed of a generator seeded by the last seed given, so two runs
with the same seeds are identical (the bots draw from a generator seeded alike). A deal over
before its first move is skipped for the generator's next seed.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Literal

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from bones.bots import Bot, resolve_bot
from bones.encoding import Encoding, Follower
from bones.game import Move, Observation, Rules, State
from bones.registry import rules as make_rules

ObservationDict = dict[str, np.ndarray]
#: A seat's opponent: a bones level ("easy", "normal", ...) or a bot.
Opponent = str | Bot
Episode = Literal["hand", "match"]


def _spaces(encoding: Encoding) -> tuple[spaces.Dict, spaces.Discrete]:
    observation = spaces.Dict(
        {
            "observation": spaces.Box(encoding.low, encoding.high, (encoding.size,), np.int64),
            "action_mask": spaces.Box(0, 1, (encoding.num_actions,), np.int8),
        }
    )
    return observation, spaces.Discrete(encoding.num_actions)


class _Game:
    """What both environments share: the rules, the encoding, the seeds and the followed game."""

    def __init__(self, rules: Rules, relative: bool) -> None:
        self.rules = rules
        self.encoding = rules.encoding(relative=relative)
        self.seeds = random.Random(0)
        self.follower: Follower = self.encoding.follow(rules.new_game(seed=0))
        # Per seat: a follower's numbers kept in a machine array, and a NumPy view of that array,
        # whose copy is the observation (a third of the cost of converting the array each step).
        self._views: list[tuple[Sequence[int], np.ndarray] | None] = [None] * rules.num_players
        self._no_actions = np.zeros(self.encoding.num_actions, np.int8)  # each mask starts as its copy

    @property
    def state(self) -> State:
        return self.follower.state

    def reset(self, seed: int | None) -> int:
        """A new game from ``seed`` (or the next seed); the seed it was dealt from."""
        if seed is not None:
            self.seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self.seeds.randrange(2**31)
        state = self.rules.new_game(seed=game_seed)
        # A deal over before its first move (a puzzle solved as dealt: Bee, 6 seeds in 3,000) would
        # be an episode with nothing to do: the generator's next seed deals another.
        while state.is_over:
            game_seed = self.seeds.randrange(2**31)
            state = self.rules.new_game(seed=game_seed)
        self.follower.restart(state)
        return game_seed

    def mask(self, seat: int) -> np.ndarray:
        mask = self._no_actions.copy()
        if self.follower.to_move == seat:
            self._mark(mask)
        return mask

    def _mark(self, mask: np.ndarray) -> None:
        """Set the legal actions of the seat to move in ``mask``."""
        actions = self.follower.legal_actions()
        # Item by item is the quickest for the few legal actions of most states (a list
        # index, or a cache of masks by their actions, costs more; sets of actions rarely repeat).
        if len(actions) <= 16:
            for action in actions:
                mask[action] = 1
        else:
            mask[list(actions)] = 1

    def numbers(self, seat: int) -> np.ndarray:
        """``seat``'s observation as a new array: the follower changes its own numbers in place."""
        encoded = self.follower.observe(seat)
        view = self._views[seat]
        if view is not None and view[0] is encoded:
            return view[1].copy()
        if isinstance(encoded, array) and encoded.typecode == "q":
            # The view holds the array's buffer, which the follower never resizes.
            view = self._views[seat] = (encoded, np.frombuffer(encoded, np.int64))
            return view[1].copy()
        return np.array(encoded, np.int64)

    def observe(self, seat: int) -> ObservationDict:
        # numbers() and mask() written out: this runs once every step.
        follower = self.follower
        encoded = follower.observe(seat)
        view = self._views[seat]
        numbers = view[1].copy() if view is not None and view[0] is encoded else self.numbers(seat)
        mask = self._no_actions.copy()
        if follower.to_move == seat:
            actions = follower.legal_actions()
            if len(actions) <= 16:
                for action in actions:
                    mask[action] = 1
            else:
                mask[list(actions)] = 1
        return {"observation": numbers, "action_mask": mask}

    def play(self, move: Move) -> list[float] | None:
        """Play ``move``; each seat's reward, None when nobody scored."""
        follower = self.follower
        before = follower.seat_scores
        follower.play(move)
        after = follower.seat_scores
        if after is before or after == before:
            return None
        return [a - b for a, b in zip(after, before)]


class BonesEnv(AECEnv):
    """A bones game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "bones_v0", "is_parallelizable": False}  # noqa: RUF012 (the base classes declare it so)

    def __init__(self, game_id: str, render_mode: str | None = None, relative: bool = False, **options: Any) -> None:
        super().__init__()
        self.game = _Game(make_rules(game_id, **options), relative)
        self.metadata = {**self.metadata, "name": f"bones_{game_id}_v0"}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.rules.num_players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation, action = _spaces(self.game.encoding)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        self.agents = self.possible_agents[:]

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:  # type: ignore[override]
        """The agent to act, until the game is over (or ``max_iter`` steps): PettingZoo's iterator as a generator,
        a third of its cost a step."""
        while self.agents and max_iter > 0:
            max_iter -= 1
            yield self.agent_selection

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.game.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        to_move = self.game.state.to_move
        if to_move is not None:
            self.agent_selection = self.possible_agents[to_move]

    def observe(self, agent: str) -> ObservationDict:
        return self.game.observe(self._seats[agent])

    def last(self, observe: bool = True) -> tuple[ObservationDict | None, float, bool, bool, dict[str, Any]]:
        # AECEnv.last, without its call through observe, and _Game.observe written out: this
        # runs once a step.
        agent = self.agent_selection
        if not observe:
            return (
                None,
                self._cumulative_rewards[agent],
                self.terminations[agent],
                self.truncations[agent],
                self.infos[agent],
            )
        seat = self._seats[agent]
        game = self.game
        follower = game.follower
        encoded = follower.observe(seat)
        view = game._views[seat]
        numbers = view[1].copy() if view is not None and view[0] is encoded else game.numbers(seat)
        mask = game._no_actions.copy()
        if follower.to_move == seat:
            actions = follower.legal_actions()
            if len(actions) <= 16:
                for action in actions:
                    mask[action] = 1
            else:
                mask[list(actions)] = 1
        return (
            {"observation": numbers, "action_mask": mask},
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def bones_observation(self, agent: str) -> Observation:
        """What ``agent``'s seat sees as a bones ``Observation``, for bones' own bots."""
        return self.game.follower.observation(self._seats[agent])

    def action_for(self, move: Move, agent: str) -> int:
        """The action number of a bones ``move`` of ``agent``'s seat (a bot's choice, say)."""
        return self.game.encoding.action_index(move, self.bones_observation(agent))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        follower = game.follower
        before = follower.seat_scores
        # game.play written out: this runs once a step.
        if action is None or follower.play_action(int(action)) is None:
            raise ValueError(f"action {action} is not legal for {agent} (see the action mask)")
        self._cumulative_rewards[agent] = 0.0
        after = follower.seat_scores
        if after is not before and after != before:
            self.rewards = {a: x - y for a, x, y in zip(self.possible_agents, after, before)}
            self._accumulate_rewards()
            self._rewarded = True
        elif self._rewarded:  # the last step's rewards are spent
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        to_move = follower.to_move
        if to_move is not None:
            self.agent_selection = self.possible_agents[to_move]
            return
        # The game is over (a state has no seat to move exactly then).
        outcome = follower.state.outcome
        self.terminations = dict.fromkeys(self.agents, True)
        for a in self.agents:
            self.infos[a] = {"outcome": outcome.to_dict() if outcome else None}

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.game.state.render()
        return None

    def close(self) -> None:
        pass


def _opponents(
    rules: Rules, seat: int, opponents: Opponent | Sequence[Opponent] | Mapping[int, Opponent] | None
) -> dict[int, Bot]:
    """A bot for each seat but ``seat``: one level or bot for all, one per other seat in order, or by seat."""
    others = [s for s in range(rules.num_players) if s != seat]
    if not 0 <= seat < rules.num_players:
        raise ValueError(f"no seat {seat}: seats are 0..{rules.num_players - 1}")
    if opponents is None:
        if others:
            raise ValueError(f"{rules.game_id} has {rules.num_players} players: name the opponents (a level or a bot)")
        return {}
    if isinstance(opponents, Mapping):
        chosen = dict(opponents)
    elif isinstance(opponents, str) or not isinstance(opponents, Sequence):
        chosen = dict.fromkeys(others, opponents)
    else:
        if len(opponents) != len(others):
            raise ValueError(f"{len(opponents)} opponents for {len(others)} other seats")
        chosen = dict(zip(others, opponents))
    if sorted(chosen) != others:
        raise ValueError(f"opponents are needed for seats {others}, got {sorted(chosen)}")
    return {s: resolve_bot(who, rules) if isinstance(who, str) else who for s, who in chosen.items()}


class SingleAgentEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a bones game against bots, as a Gymnasium environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (the base classes declare it so)

    def __init__(
        self,
        game_id: str,
        opponents: Opponent | Sequence[Opponent] | Mapping[int, Opponent] | None = None,
        *,
        seat: int = 0,
        episode: Episode = "match",
        relative: bool = False,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if episode not in ("hand", "match"):
            raise ValueError(f"episode is 'hand' or 'match', not {episode!r}")
        self.game = _Game(make_rules(game_id, **options), relative)
        self.seat = seat
        self.episode = episode
        self.bots = _opponents(self.game.rules, seat, opponents)
        self.bot_rng = random.Random(0)
        self._hands = 0
        self._hand_over = False
        self.observation_space, self.action_space = _spaces(self.game.encoding)
        self.render_mode = render_mode

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObservationDict, dict[str, Any]]:
        super().reset(seed=seed)
        # After a hand's episode ends, the next goes on with the match; a seed, or a match
        # over, deals a new game.
        if seed is not None or not self._hand_over or self.game.state.is_over:
            self._new_game(seed)
        while True:
            self._hands = self.game.state.hands_played()
            self._hand_over = False
            self._bots_move()
            if not self._ended():
                return self.game.observe(self.seat), {}
            # The bots ended the hand (or the game) before this seat's turn: the next one.
            if self.game.state.is_over:
                self._new_game(None)

    def _new_game(self, seed: int | None) -> None:
        game_seed = self.game.reset(seed)
        self.bot_rng = random.Random(f"bots:{game_seed}")

    def _bots_move(self) -> float:
        """Let the bots move up to this seat's turn (or the episode's end); this seat's reward."""
        reward = 0.0
        follower = self.game.follower
        while not self._ended() and follower.state.to_move != self.seat:
            to_move = follower.state.to_move
            assert to_move is not None
            move = self.bots[to_move].choose(follower.observation(to_move), self.bot_rng)
            rewards = self.game.play(move)
            reward += rewards[self.seat] if rewards else 0.0
        return reward

    def _ended(self) -> bool:
        state = self.game.state
        if self.episode == "hand" and state.hands_played() > self._hands:
            self._hand_over = True
        return state.is_over or self._hand_over

    def step(self, action: int | np.integer) -> tuple[ObservationDict, float, bool, bool, dict[str, Any]]:
        info: dict[str, Any] = {}
        move = self.game.follower.move_of(int(action)) if not self._ended() else None
        if move is None:
            # Gymnasium's agents may ignore the mask: a refused action changes nothing.
            info["illegal_action"] = int(action)
            return self.game.observe(self.seat), 0.0, self._ended(), False, info
        rewards = self.game.play(move)
        reward = (rewards[self.seat] if rewards else 0.0) + self._bots_move()
        ended = self._ended()
        state = self.game.state
        if state.is_over and state.outcome is not None:
            info["outcome"] = state.outcome.to_dict()
        return self.game.observe(self.seat), reward, ended, False, info

    def render(self) -> str | None:
        return self.game.state.render() if self.render_mode == "ansi" else None


def env(game_id: str, render_mode: str | None = None, relative: bool = False, **options: Any) -> BonesEnv:
    """A PettingZoo AEC environment of ``game_id`` with rule ``options``."""
    return BonesEnv(game_id, render_mode, relative, **options)


def single_agent_env(
    game_id: str,
    opponents: Opponent | Sequence[Opponent] | Mapping[int, Opponent] | None = None,
    *,
    seat: int = 0,
    episode: Episode = "match",
    relative: bool = False,
    render_mode: str | None = None,
    **options: Any,
) -> SingleAgentEnv:
    """A Gymnasium environment of ``seat`` of ``game_id`` against ``opponents``: a level name or a
    ``Bot`` for every other seat, a list (one per other seat, in order) or a dict by seat; none
    for a one-player game. ``episode``: "hand" or "match"."""
    return SingleAgentEnv(
        game_id, opponents, seat=seat, episode=episode, relative=relative, render_mode=render_mode, **options
    )
