"""Steps per second of the learning environments against their engines, and against OpenSpiel.

For every game (default options, plus the partnership block): the engine's random playouts
through the public state (``state.legal_moves``, a random choice, ``state.play``; a new game at
each end) in moves per CPU second, and ``bones.env`` with random legal actions in steps per CPU
second (each step reads the observation and the legal-action mask through ``env.last()``).
Beside them, OpenSpiel's ``python_block_dominoes`` (2-player block) through its
``rl_environment``: its observation tensor and a legal-action mask made from its legal actions
at each step (needs the ``openspiel`` extra; skipped, and said so, without it).

Beside them, the floor of the API: a PettingZoo AEC environment that plays no game (a fixed
observation copied, three legal actions marked, the next agent in turn) through the same loop, what
``env.last()``, ``env.step()`` and the loop cost a step before any game is played.

Goals (issue 27): every environment at least half its engine's moves/s; 2-player block at least
10x OpenSpiel's steps/s. CPU seconds, so a busy machine slows both sides alike; the load average
is printed. Engine and environment take short turns (``--turn``, 0.05 CPU s), each going on where it
stopped, until each has had ``--seconds``: the shared machine's speed drifts by a third from one second to
the next, and turns this short give both the same machine (measured one after the other, a ratio moved by
0.1 between runs).

    .venv/bin/python bench/env.py [--seconds 4] [--turn 0.05] [--games block draw]
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Generator, Iterator
from typing import Any, TypeAlias

import numpy as np
from pettingzoo import AECEnv

import bones

CASES: list[tuple[str, dict[str, Any]]] = [(game, {}) for game in sorted(bones.games())] + [
    ("block", {"players": 4, "teams": True})
]


# A player: a generator sent a CPU-time deadline, which plays whole games until it passes and
# answers the moves (or steps) it made, then waits for the next deadline where it stopped.
Player: TypeAlias = Generator[int, float, None]


def engine(game: str, options: dict[str, Any]) -> Player:
    rules = bones.rules(game, **options)
    rng = random.Random(0)
    seed = 0
    deadline = yield 0
    while True:
        moves = 0
        while time.process_time() < deadline:
            state = rules.new_game(seed=seed)
            seed += 1
            while not state.is_over:
                state = state.play(rng.choice(state.legal_moves))
                moves += 1
        deadline = yield moves


def random_actions(env: AECEnv) -> Player:
    """``env`` played with random legal actions, a new game at each end."""
    env.reset(seed=0)
    pick = random.Random(0).randrange
    deadline = yield 0
    while True:
        steps = 0
        while time.process_time() < deadline:
            for _agent in env.agent_iter():
                observation, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                # The mask's nonzero(), where np.flatnonzero's wrappers would cost more than
                # the engine's whole random choice.
                legal = observation["action_mask"].nonzero()[0]
                env.step(int(legal[pick(len(legal))]))
                steps += 1
            env.reset()
        deadline = yield steps


def environment(game: str, options: dict[str, Any]) -> Player:
    # Made before the clock starts, as the engine's rules are: the first environment imports
    # PettingZoo and Gymnasium, a cost of the first call, not of a step.
    return random_actions(bones.env(game, **options))


def rates(players: list[Player], seconds: float, turn: float) -> list[float]:
    """Each player's moves per CPU second, the players taking turns of ``turn`` CPU seconds until each has had
    ``seconds``: on a shared machine, whose speed drifts by a third from one second to the next, short turns
    give each player the same machine, where one measurement of each taken apart would not."""
    made, spent = [0] * len(players), [0.0] * len(players)
    for player in players:
        next(player)
    while min(spent) < seconds:
        for k, player in enumerate(players):
            start = time.process_time()
            made[k] += player.send(start + turn)
            spent[k] += time.process_time() - start
    return [m / t for m, t in zip(made, spent)]


class NoGame(AECEnv):  # type: ignore[misc]
    """Four agents in turn for 28 steps, each seeing the same numbers: the API's own cost (see the docstring)."""

    metadata = {"name": "no_game_v0", "is_parallelizable": False}  # noqa: RUF012 (the base class declares it so)

    def __init__(self) -> None:
        super().__init__()
        self.possible_agents = [f"player_{seat}" for seat in range(4)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._numbers, self._none = np.zeros(120, np.int64), np.zeros(86, np.int8)

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        while self.agents and max_iter > 0:
            max_iter -= 1
            yield self.agent_selection

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection, self.steps = self.agents[0], 0

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        agent = self.agent_selection
        mask = self._none.copy()
        for action in (3, 17, 40):
            mask[action] = 1
        observation = {"observation": self._numbers.copy(), "action_mask": mask}
        return observation, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent], {}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.steps += 1
        if self.steps >= 28:
            self.terminations = dict.fromkeys(self.agents, True)
            return
        self.agent_selection = self.possible_agents[(self._seats[agent] + 1) % 4]


def openspiel() -> Player | None:
    try:
        import open_spiel.python.games  # noqa: F401 (registers the Python games, python_block_dominoes among them)
        from open_spiel.python import rl_environment
    except ImportError:
        return None
    return _openspiel_steps(rl_environment.Environment("python_block_dominoes"))


def _openspiel_steps(env: Any) -> Player:
    num_actions = env.action_spec()["num_actions"]
    pick = random.Random(0).randrange
    time_step = env.reset()
    deadline = yield 0
    while True:
        steps = 0
        while time.process_time() < deadline:
            if time_step.last():
                time_step = env.reset()
                continue
            seen = time_step.observations
            player = seen["current_player"]
            np.asarray(seen["info_state"][player], np.float32)  # the observation tensor
            legal = seen["legal_actions"][player]
            mask = np.zeros(num_actions, np.int8)
            mask[legal] = 1
            time_step = env.step([legal[pick(len(legal))]])
            steps += 1
        deadline = yield steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=4.0, help="CPU seconds of each side of a measurement")
    parser.add_argument(
        "--turn", type=float, default=0.05, help="CPU seconds of a turn (engine and environment alternate)"
    )
    parser.add_argument("--games", nargs="*", help="only these games (default: all)")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'game':<22} {'engine moves/s':>15} {'env steps/s':>12} {'env/engine':>11}")
    for game, options in CASES:
        if args.games and game not in args.games:
            continue
        moves, steps = rates([engine(game, options), environment(game, options)], args.seconds, args.turn)
        name = game + ("" if not options else " " + ",".join(f"{k}={v}" for k, v in options.items()))
        mark = "" if steps >= moves / 2 else "  (below half)"
        print(f"{name:<22} {moves:>15,.0f} {steps:>12,.0f} {steps / moves:>11.2f}{mark}")
    [floor] = rates([random_actions(NoGame())], args.seconds, args.turn)
    print(f"{'no game (the API)':<22} {'':>15} {floor:>12,.0f}")
    spiel = openspiel()
    if spiel is None:
        print("OpenSpiel: not installed (pip install -e '.[openspiel]')")
    elif not args.games or "block" in args.games:
        # Beside bones' 2-player block, turn by turn as engine and environment are.
        block, spiel_steps = rates([environment("block", {}), spiel], args.seconds, args.turn)
        print(f"{'OpenSpiel block (rl)':<22} {'':>15} {spiel_steps:>12,.0f}")
        print(
            f"2-player block: bones.env ({block:,.0f} steps/s beside it) is {block / spiel_steps:.1f}x OpenSpiel's python_block_dominoes"
        )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
