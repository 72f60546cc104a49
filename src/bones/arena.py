"""``bones arena``: bones' players against players from outside, on duplicate deals.

A player from outside speaks a small protocol (docs/arena.md). It is given a
*request*, a JSON object ``{"game", "options", "seat", "observation"}`` where
``observation`` is ``Observation.to_dict()`` of the seat to move (its
``legal_moves`` are move texts), and answers one of those texts. It can be

- a Python callable ``request -> move text`` (``python:package.module:name``),
- a program that reads one request per line on stdin and writes one answer per
  line on stdout, ``{"move": "6:3@left"}`` (``cmd:python my_player.py``),
- an adapter shipped with bones, registered by its bots' family (``dominoes:bota_gorda``: the PyPI package's players;
  ``openspiel:ismcts``: OpenSpiel's search bots for 2-player block).

A level or an adapter takes settings after ``?``, as in a URL's query:
``openspiel:ismcts?sims=500``, ``dominoes:pab_bg?samples=16``,
``crazy?seconds=1&clock=cpu`` (a CPU-time budget) or ``crazy?work=1`` (the fixed
amount of work of about a second, no clock: a seed replays the same games
however loaded the machine is).

Each bones level meets each outside player on the same deals with the seats
rotated, exactly as two levels meet in ``bones tournament``, and the results are
the same statistics (``PairStats``), plus the wall and CPU seconds per move of
each side (CPU of this process: a ``cmd:`` program's own CPU is not counted).
"""

from __future__ import annotations

import importlib
import json
import random
import shlex
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any
from urllib.parse import parse_qsl

from bones.bots import LEVELS, Bot, BotSpecError, outside_player, resolve_bot
from bones.game import IllegalMoveError, Move, Observation, Rules
from bones.registry import rules as make_rules
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


def _value(text: str) -> Any:
    """A setting's value: a number where it reads as one, true/false, else the text."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def spec_settings(spec: str) -> tuple[str, dict[str, Any]]:
    """``name?key=value&...`` split into the name and its settings."""
    name, _, query = spec.partition("?")
    try:
        pairs = parse_qsl(query, keep_blank_values=True, strict_parsing=bool(query))
    except ValueError:
        raise ArenaError(f"cannot read the settings of {spec!r}: write them as name?key=value&key=value") from None
    return name, {key: _value(value) for key, value in pairs}


def _level(
    rules: Rules, level: str, settings: dict[str, Any], spec: str, configured: dict[str, Any] | None = None
) -> Bot:
    """A bones level (or a bot, ``MODULE:ATTR``) with settings: ``work`` fixes its amount of work, the others set
    its attributes; ``configured`` as in ``bones.bots.configure`` (the command's own, such as ``fixed_work``)."""
    try:
        bot = resolve_bot(level, rules, configured)
    except BotSpecError as error:
        raise ArenaError(
            f"unknown player {spec!r} ({error}): use a level ({', '.join(LEVELS)}), MODULE:BOT, dominoes:NAME, "
            "openspiel:NAME, python:MODULE:NAME or cmd:COMMAND"
        ) from None
    for key, value in settings.items():
        if key == "work" and callable(getattr(bot, "limit_thinking", None)):
            bot.limit_thinking(float(value))  # type: ignore[attr-defined]
        elif key != "work" and hasattr(bot, key) and not callable(getattr(bot, key)):
            setattr(bot, key, value)
        else:
            raise ArenaError(f"{spec!r}: {level} has no setting {key!r}")
    return bot  # its level stays the level's name: some bots read it (the arena's tables name the spec)


def player_for(rules: Rules, spec: str, configured: dict[str, Any] | None = None) -> Bot:
    """The player a spec names: a bones level, ``dominoes:NAME``, ``openspiel:NAME``, ``python:MODULE:NAME``,
    ``cmd:COMMAND`` or a bot (``MODULE:ATTR``, ``bones.bots.resolve_bot``); levels, bots and adapters take
    settings after ``?``; ``configured`` goes to bones' own bots."""
    kind, _, rest = spec.partition(":")
    if kind not in ("python", "cmd"):
        name, settings = spec_settings(spec)
        kind, _, rest = name.partition(":")
        if not rest or kind == "bones":
            return _level(rules, (rest or kind).lower(), settings, spec, configured)
        try:
            outside = outside_player(rules, kind, rest, settings)
        except ValueError as why:
            raise ArenaError(f"{spec!r}: {why}") from None
        if outside is not None:
            return outside
    if kind == "python":
        module_name, _, attribute = rest.rpartition(":")
        try:
            player = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError, ValueError) as error:
            raise ArenaError(f"cannot load {spec!r}: {error}") from None
        return CallableBot(rules, player, spec)
    if kind == "cmd":
        return SubprocessBot(rules, shlex.split(rest), spec)
    name, settings = spec_settings(spec)
    return _level(rules, name, settings, spec, configured)


class TimedBot:
    """Counts the seconds a player thinks (the whole call, process round trips included), on the wall
    clock and in this process's CPU time."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.level = bot, bot.level
        self.seconds, self.cpu_seconds, self.moves = 0.0, 0.0, 0

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        started, cpu = time.perf_counter(), time.process_time()
        move = self.bot.choose(observation, rng)
        self.seconds += time.perf_counter() - started
        self.cpu_seconds += time.process_time() - cpu
        self.moves += 1
        return move

    @property
    def seconds_per_move(self) -> float:
        return self.seconds / self.moves if self.moves else 0.0

    @property
    def cpu_per_move(self) -> float:
        return self.cpu_seconds / self.moves if self.moves else 0.0


@dataclass
class ArenaPair:
    stats: PairStats  # first: the bones level, second: the outside player
    seconds_per_move: tuple[float, float]
    cpu_per_move: tuple[float, float] = (0.0, 0.0)
    moves: tuple[int, int] = (0, 0)
    hand_margins: list[list[int]] = field(default_factory=list)  # per deal, each seating's hand: first - second

    def to_dict(self) -> dict[str, Any]:
        stats = self.stats
        low, high = stats.win_interval()
        return {
            "first": stats.first,
            "second": stats.second,
            "deals": stats.deals,
            "hands": stats.hands,
            "margins": list(stats.margins),
            "points": list(stats.points),
            "deals_won": stats.win_rate,
            "deals_won_interval": [low, high],
            "points_share": stats.points_share,
            "margin_per_hand": stats.margin_per_hand,
            "p": stats.p_value(),
            "seconds_per_move": list(self.seconds_per_move),
            "cpu_per_move": list(self.cpu_per_move),
            "moves": list(self.moves),
            "hand_margins": self.hand_margins,
        }


@dataclass
class ArenaResult:
    game: str
    deals: int
    pairs: list[ArenaPair] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {**{k: v for k, v in asdict(self).items() if k != "pairs"}, "pairs": [p.to_dict() for p in self.pairs]}


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
    result = ArenaResult(game, deals, options=dict(rules.options), seed=seed)
    done, total = 0, len(levels) * len(opponents) * deals
    for level in levels:
        for spec in opponents:
            ours = TimedBot(player_for(rules, level, bot_settings))
            theirs = TimedBot(player_for(rules, spec, bot_settings))
            stats = PairStats(level, spec)
            hand_margins: list[list[int]] = []
            try:
                for deal in range(deals):
                    each: list[tuple[int, int]] = []
                    # Keyed by the bones level only: every outside player meets the same choices of chance.
                    points, hands = play_rotations(rules, (ours, theirs), seed, deal, f"arena:{level}", each)
                    hand_margins.append([a - b for a, b in each])
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
            result.pairs.append(
                ArenaPair(
                    stats,
                    (ours.seconds_per_move, theirs.seconds_per_move),
                    (ours.cpu_per_move, theirs.cpu_per_move),
                    (ours.moves, theirs.moves),
                    hand_margins,
                )
            )
    return result
