"""Bounded bookkeeping of the referee: locks only for games in use, hint budgets per player, hints per position.

Each keeps to a size that does not grow with the ids or players clients make up. The locks
live in one process (they only order its own threads; the database's conditional writes keep
processes apart). The hint budgets and the hints found are shared by every server process
through Redis when ``BONES_REDIS_URL`` names one (``hints_from_env``): a player who asks
each process in turn has one budget, and a position searched by one process is not
searched again by another. Without Redis they live in the one process.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from bones.web.table import TableError

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class TooManyRequests(TableError):
    status = 429

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class LockTable(Generic[K]):
    """One lock per key, held in the table only while some thread holds or waits for it."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[K, tuple[threading.Lock, int]] = {}

    @contextmanager
    def hold(self, key: K) -> Iterator[None]:
        with self._guard:
            lock, users = self._locks.get(key, (None, 0))
            if lock is None:
                lock = threading.Lock()
            self._locks[key] = (lock, users + 1)
        try:
            with lock:
                yield
        finally:
            with self._guard:
                _, users = self._locks[key]
                if users == 1:
                    del self._locks[key]
                else:
                    self._locks[key] = (lock, users - 1)

    def busy(self, key: K) -> bool:
        """Whether some thread holds or waits for the lock of ``key``."""
        return key in self._locks

    def __len__(self) -> int:
        return len(self._locks)


class Limiter(Protocol):
    def take(self, key: str) -> None: ...


class HintCache(Protocol):
    def get(self, key: tuple[str, int, int]) -> dict[str, Any] | None: ...

    def put(self, key: tuple[str, int, int], value: dict[str, Any]) -> None: ...


def _too_many(wait: float) -> TooManyRequests:
    return TooManyRequests(f"too many hints: the next one in {wait:.0f} s", retry_after=wait)


class RateLimiter(Generic[K]):
    """A token bucket per key: ``burst`` at once, then one per ``every`` seconds. Only the ``keys`` most
    recently seen are kept; a forgotten key starts with a full bucket again."""

    def __init__(
        self, burst: int, every: float, keys: int = 10_000, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.burst, self.every, self.keys, self.clock = burst, every, keys, clock
        self._buckets: OrderedDict[K, tuple[float, float]] = OrderedDict()
        self._guard = threading.Lock()

    def take(self, key: K) -> None:
        """Spend one token of ``key``; TooManyRequests (with the seconds to wait) when none is left."""
        now = self.clock()
        with self._guard:
            tokens, then = self._buckets.pop(key, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) / self.every)
            if tokens < 1:
                self._buckets[key] = (tokens, now)
                raise _too_many((1 - tokens) * self.every)
            self._buckets[key] = (tokens - 1, now)
            while len(self._buckets) > self.keys:
                self._buckets.popitem(last=False)


class LRU(Generic[K, V]):
    """A thread-safe mapping that keeps the ``size`` entries used last."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._guard = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._guard:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._guard:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)


# A token bucket kept in Redis, changed in one step (a script runs alone): (tokens, when) per key, the clock Redis's
# own, so processes on machines whose clocks differ agree. Returns the seconds to wait, 0 when a token was taken.
_TAKE = """
local now = redis.call('TIME')
now = tonumber(now[1]) + tonumber(now[2]) / 1000000
local burst, every = tonumber(ARGV[1]), tonumber(ARGV[2])
local kept = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens, at = tonumber(kept[1]) or burst, tonumber(kept[2]) or now
tokens = math.min(burst, tokens + (now - at) / every)
local wait = 0
if tokens < 1 then wait = (1 - tokens) * every else tokens = tokens - 1 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('EXPIRE', KEYS[1], math.ceil(burst * every) + 1)
return tostring(wait)
"""


class RedisRateLimiter:
    """``RateLimiter``'s buckets in Redis, shared by every server process; a full bucket is forgotten (it expires)."""

    def __init__(self, client: Any, burst: int, every: float, prefix: str = "bones:hint-budget:") -> None:
        self.burst, self.every, self.prefix = burst, every, prefix
        self._take = client.register_script(_TAKE)

    def take(self, key: str) -> None:
        wait = float(self._take(keys=[self.prefix + key], args=[self.burst, self.every]))
        if wait > 0:
            raise _too_many(wait)


class RedisHintCache:
    """Hints by position in Redis, for every server process; each kept ``seconds`` after it was found."""

    def __init__(self, client: Any, seconds: int = 3600, prefix: str = "bones:hint:") -> None:
        self.client, self.seconds, self.prefix = client, seconds, prefix

    def _key(self, key: tuple[str, int, int]) -> str:
        table, move_number, seat = key
        return f"{self.prefix}{table}:{move_number}:{seat}"

    def get(self, key: tuple[str, int, int]) -> dict[str, Any] | None:
        found = self.client.get(self._key(key))
        return dict(json.loads(found)) if found is not None else None

    def put(self, key: tuple[str, int, int], value: dict[str, Any]) -> None:
        self.client.set(self._key(key), json.dumps(value), ex=self.seconds)


ENV_HINT_LIMIT = "BONES_HINT_LIMIT"
HINT_LIMIT = "5/4"  # a hint is a search (a quarter of a second of CPU and more): 5 at once, then one every 4 s
ENV_PUZZLE_HINT_LIMIT = "BONES_PUZZLE_HINT_LIMIT"
PUZZLE_HINT_LIMIT = "60/1"  # a puzzle's hints: sixty at once, then one a second (a move takes a person longer)


def hint_limit_from_env(name: str = ENV_HINT_LIMIT, default: str = HINT_LIMIT) -> tuple[int, float]:
    """The budget in ``$name`` as BURST/SECONDS (``5/4``: five at once, then one every 4 s)."""
    text = os.environ.get(name, "").strip() or default
    try:
        burst, every = text.split("/")
        limit = int(burst), float(every)
    except ValueError:
        raise ValueError(f"{name} is BURST/SECONDS, such as {default}, not {text!r}") from None
    if limit[0] < 1 or not 0 < limit[1] < float("inf"):
        raise ValueError(f"{name}: at least one hint at once, and a number of seconds above 0")
    return limit


class HintBudgets(NamedTuple):
    searches: Limiter  # a hint that is a search (``BONES_HINT_LIMIT``)
    puzzles: Limiter  # a puzzle's hint, its exact solver's (``BONES_PUZZLE_HINT_LIMIT``)
    found: HintCache


def hints_from_env(redis_url: str | None = None) -> HintBudgets:
    """The hint budgets and the hints found: in Redis with ``redis_url`` or ``BONES_REDIS_URL`` (shared by the server
    processes and the workers: a budget kept in each process would be one per process), else in this process."""
    from bones.web.events import ENV_REDIS

    searches = hint_limit_from_env()
    puzzles = hint_limit_from_env(ENV_PUZZLE_HINT_LIMIT, PUZZLE_HINT_LIMIT)
    url = redis_url or os.environ.get(ENV_REDIS, "").strip()
    if not url:
        return HintBudgets(
            RateLimiter[str](*searches), RateLimiter[str](*puzzles), LRU[tuple[str, int, int], dict[str, Any]](1024)
        )
    import redis

    client = redis.Redis.from_url(url)
    return HintBudgets(
        RedisRateLimiter(client, *searches),
        RedisRateLimiter(client, *puzzles, prefix="bones:puzzle-hint-budget:"),
        RedisHintCache(client),
    )
