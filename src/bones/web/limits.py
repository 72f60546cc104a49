"""Bounded bookkeeping of the referee: locks only for games in use, hint budgets per player, hints per position.

Each keeps to a size that does not grow with the ids or players clients make up. They live
in one process: a second process has its own (the locks only order one process's threads;
the database's conditional writes keep processes apart).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

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

    def __len__(self) -> int:
        return len(self._locks)


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
                wait = (1 - tokens) * self.every
                raise TooManyRequests(f"too many hints: the next one in {wait:.0f} s", retry_after=wait)
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
