"""``bones arena``: bones' players against players from outside, on duplicate deals.

A player from outside speaks a small protocol (docs/arena.md). It is given a
*request*, a JSON object ``{"game", "options", "seat", "observation"}`` where
``observation`` is ``Observation.to_dict()`` of the seat to move (its
``legal_moves`` are move texts), and answers one of those texts. It can be

- a Python callable ``request -> move text`` (``python:package.module:name``),
- a program that reads one request per line on stdin and writes one answer per
  line on stdout, ``{"move": "6:3@left"}`` (``cmd:python my_player.py``),
- an adapter shipped with bones (``dominoes:bota_gorda``: the PyPI package's players).

Each bones level meets each outside player on the same deals with the seats
rotated, exactly as two levels meet in ``bones tournament``, and the results are
the same statistics (``PairStats``), plus the seconds per move of each side.
"""

from __future__ import annotations

import importlib
import json
import random
import shlex
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bones.bots import LEVELS, Bot, BotSpecError, resolve_bot
from bones.game import IllegalMoveError, Move, Observation, Rules
from bones.game import rules as make_rules
from bones.tournament import PairStats, play_rotations

Request = dict[str, Any]
ExternalPlayer = Callable[[Request], str]


class ArenaError(ValueError):
    """A player spec that cannot be used, or a player that broke the protocol."""


def request_for(rules: Rules, observation: Observation) -> Request:
    return {
        "game": rules.game_id,
        "options": dict(rules.options),
        "seat": observation.seat,
        "observation": observation.to_dict(),
    }


def _checked(rules: Rules, observation: Observation, answer: Any, name: str) -> Move:
    if not isinstance(answer, str):
        raise ArenaError(f"{name} answered {answer!r}, not a move text")
    try:
        move = rules.parse_move(answer)
    except IllegalMoveError as error:
        raise ArenaError(f"{name} answered {answer!r}: {error}") from None
    if move not in observation.legal_moves:
        legal = ", ".join(str(m) for m in observation.legal_moves)
        raise ArenaError(f"{name} played {answer!r}, which is not legal here (legal: {legal})")
    return move


class CallableBot:
    """A Python callable ``request -> move text`` as a bot."""

    def __init__(self, rules: Rules, player: ExternalPlayer, name: str) -> None:
        self.rules, self.player, self.level = rules, player, name

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        return _checked(self.rules, observation, self.player(request_for(self.rules, observation)), self.level)


class SubprocessBot:
    """A program speaking JSON lines: one request per line in, ``{"move": text}`` per line out."""

    def __init__(self, rules: Rules, command: Sequence[str], name: str) -> None:
        self.rules, self.level = rules, name
        try:
            self.process = subprocess.Popen(
                list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
            )
        except OSError as error:
            raise ArenaError(f"cannot start {name}: {error}") from None

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write(json.dumps(request_for(self.rules, observation)) + "\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            raise ArenaError(f"{self.level} stopped (exit status {self.process.wait()})") from None
        line = self.process.stdout.readline()
        if not line:
            raise ArenaError(f"{self.level} stopped without answering (exit status {self.process.wait()})")
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            raise ArenaError(f"{self.level} answered {line.strip()!r}, not a JSON line") from None
        if not isinstance(answer, dict) or "move" not in answer:
            raise ArenaError(f'{self.level} answered {line.strip()!r}; answers look like {{"move": "6:3@left"}}')
        return _checked(self.rules, observation, answer["move"], self.level)

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def player_for(rules: Rules, spec: str, settings: dict[str, Any] | None = None) -> Bot:
    """The player a spec names: a bones level, ``dominoes:NAME``, ``python:MODULE:NAME``, ``cmd:COMMAND``
    or a bot (``MODULE:ATTR``, ``bones.bots.resolve_bot``); ``settings`` go to bones' own bots."""
    kind, _, rest = spec.partition(":")
    if not rest or kind == "bones":
        try:
            return resolve_bot((rest or kind).lower(), rules, settings)
        except BotSpecError as error:
            raise ArenaError(str(error)) from None
    if kind == "dominoes":
        try:
            from bones.bots.line.dominoes_package import DominoesPackageBot
        except ImportError:  # pragma: no cover - the arena extra is missing
            raise ArenaError("the dominoes players need the arena extra: pip install 'bones[arena]'") from None
        return DominoesPackageBot(rules, rest)
    if kind == "python":
        module_name, _, attribute = rest.rpartition(":")
        try:
            player = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError, ValueError) as error:
            raise ArenaError(f"cannot load {spec!r}: {error}") from None
        return CallableBot(rules, player, spec)
    if kind == "cmd":
        return SubprocessBot(rules, shlex.split(rest), spec)
    try:
        return resolve_bot(spec, rules, settings)
    except BotSpecError as error:
        raise ArenaError(
            f"unknown player {spec!r} ({error}): use a level ({', '.join(LEVELS)}), MODULE:BOT, dominoes:NAME, "
            "python:MODULE:NAME or cmd:COMMAND"
        ) from None


class TimedBot:
    """Counts the seconds a player thinks (the whole call, process round trips included)."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.level = bot, bot.level
        self.seconds, self.moves = 0.0, 0

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        started = time.perf_counter()
        move = self.bot.choose(observation, rng)
        self.seconds += time.perf_counter() - started
        self.moves += 1
        return move

    @property
    def seconds_per_move(self) -> float:
        return self.seconds / self.moves if self.moves else 0.0


@dataclass
class ArenaPair:
    stats: PairStats  # first: the bones level, second: the outside player
    seconds_per_move: tuple[float, float]


@dataclass
class ArenaResult:
    game: str
    deals: int
    pairs: list[ArenaPair] = field(default_factory=list)


def run_arena(
    game: str,
    levels: Sequence[str],
    opponents: Sequence[str],
    deals: int,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    bot_settings: dict[str, Any] | None = None,
) -> ArenaResult:
    """Every bones level against every outside player on ``deals`` duplicate deals (``bot_settings``:
    as in ``bones.bots.configure``, such as ``bones.bots.fixed_work``)."""
    rules = make_rules(game, **(options or {}))
    result = ArenaResult(game, deals)
    done, total = 0, len(levels) * len(opponents) * deals
    for level in levels:
        for spec in opponents:
            ours = TimedBot(player_for(rules, level, bot_settings))
            theirs = TimedBot(player_for(rules, spec, bot_settings))
            stats = PairStats(level, spec)
            try:
                for deal in range(deals):
                    # Keyed by the bones level only: every outside player meets the same choices of chance.
                    points, hands = play_rotations(rules, (ours, theirs), seed, deal, f"arena:{level}")
                    stats.margins.append(points[0] - points[1])
                    stats.points[0] += points[0]
                    stats.points[1] += points[1]
                    stats.hands += hands
                    done += 1
                    if progress:
                        progress(done, total)
            finally:
                for timed in (ours, theirs):
                    close = getattr(timed.bot, "close", None)
                    if callable(close):
                        close()
            result.pairs.append(ArenaPair(stats, (ours.seconds_per_move, theirs.seconds_per_move)))
    return result
