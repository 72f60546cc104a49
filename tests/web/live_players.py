"""Players of live tables for the tests: a seat's WebSocket, read by one thread, that plays its first legal move."""

from __future__ import annotations

import json
import queue
import re
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import jsonpatch

from bones.record import Record


class Socket(Protocol):
    def send(self, message: dict[str, Any]) -> None: ...

    def recv(self, timeout: float) -> dict[str, Any]: ...

    def close(self) -> None: ...


class TestClientSocket:
    """A TestClient WebSocket with a receive that times out (a thread reads it into a queue)."""

    __test__ = False

    def __init__(self, opening: Any) -> None:
        self.opening = opening
        self.session = opening.__enter__()
        self.closed = False
        self.inbox: queue.Queue[dict[str, Any] | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            while True:
                self.inbox.put(self.session.receive_json())
        except Exception:  # the socket closed
            self.inbox.put(None)

    def send(self, message: dict[str, Any]) -> None:
        self.session.send_json(message)

    def recv(self, timeout: float) -> dict[str, Any]:
        message = self.inbox.get(timeout=timeout)
        if message is None:
            raise ConnectionError("the socket closed")
        return message

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.opening.__exit__(None, None, None)


class NetSocket:
    """A real WebSocket to a server process (the websockets package's client)."""

    def __init__(self, url: str, cookies: Mapping[str, str] | None = None) -> None:
        from websockets.sync.client import connect

        # The player's cookie, as a browser sends it with the upgrade request: the seat must be that player's.
        cookie = "; ".join(f"{name}={value}" for name, value in (cookies or {}).items())
        self.connection = connect(url, open_timeout=10, additional_headers={"Cookie": cookie} if cookie else None)

    def send(self, message: dict[str, Any]) -> None:
        self.connection.send(json.dumps(message))

    def recv(self, timeout: float) -> dict[str, Any]:
        return dict(json.loads(self.connection.recv(timeout=timeout)))

    def close(self) -> None:
        self.connection.close()


@dataclass
class Player:
    socket: Socket
    token: str
    seat: int | None = None
    view: dict[str, Any] | None = None
    heard: list[int] = field(default_factory=list)  # the move numbers of "moved" messages, in order
    views: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    oks: list[dict[str, Any]] = field(default_factory=list)  # the server took these moves of ours
    lobby: dict[str, Any] | None = None
    plays: bool = True
    acted: tuple[int, str, bool] | None = None
    patches: bool = True  # sent a JSON Patch of the view last sent, as the page asks, not each view whole
    patched: int = 0  # views that came as a patch
    rematch: dict[str, Any] | None = None  # the table's rematch, as the server told this seat

    def hello(self, since: int | None = None) -> None:
        self.socket.send({"type": "hello", "token": self.token, "since": since, "patches": self.patches})

    def take(self, message: dict[str, Any]) -> None:
        if message["type"] == "moved":
            self.heard.append(message["move_number"])
        elif message["type"] == "ok":
            self.oks.append(message)
        elif message["type"] == "error":
            self.errors.append(message)
            self.acted = None  # refused (another person's sheet still open): the next view is acted on again
        elif message["type"] == "rematch":
            self.rematch = message
        elif message["type"] == "lobby":
            self.lobby = message["lobby"]
            self.seat = message["seat"]
        if "patch" in message:
            assert self.view is not None, "a patch before any view"
            message["view"] = jsonpatch.apply_patch(self.view, message["patch"])
            self.patched += 1
        if "view" in message:
            self.view = message["view"]
            self.seat = self.view["seat"]
            self.views.append(self.view)
            if self.plays:
                self.act()

    def act(self) -> None:
        view = self.view
        assert view is not None
        # Another person's hand sheet still open holds the table up (the server would refuse a move): the page waits
        # for the view that says it closed, and so does this player.
        waiting = any(n != self.seat for n in view.get("sheets_open") or ())
        # A seat may be sent the same position twice (a burst's view, then another change's): it acts once on it.
        key = (view["move_number"], view["status"], waiting and view["status"] == "playing")
        if key == self.acted:
            return
        self.acted = key
        if view["status"] == "sheet":
            self.socket.send({"type": "next_hand"})
        elif (
            view["status"] == "playing"
            and view["to_move"] == self.seat
            and view["legal_moves"]
            and not view["forced"]
            and not waiting
        ):
            # A move nobody chooses (a lone draw or pass) the server makes at a live table.
            self.socket.send({"type": "move", "move": view["legal_moves"][0], "move_number": view["move_number"]})

    def until(self, done: Callable[[Player], bool], timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while not done(self):
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"seat {self.seat}: timed out at view {summary(self.view)}")
            try:
                self.take(self.socket.recv(timeout=left))
            except (TimeoutError, queue.Empty):
                continue


def summary(view: dict[str, Any] | None) -> str:
    if view is None:
        return "none"
    return f"move {view['move_number']} hand {view['hand_no']} status {view['status']} to_move {view['to_move']}"


def in_threads(*jobs: Callable[[], None], timeout: float = 60) -> None:
    """Run each job in a thread of its own; the first failure is raised here."""
    failures: list[BaseException] = []

    def run(job: Callable[[], None]) -> None:
        try:
            job()
        except BaseException as error:  # handed to the test's thread
            failures.append(error)

    threads = [threading.Thread(target=run, args=(job,), daemon=True) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
        assert not thread.is_alive(), "a player did not finish in time"
    if failures:
        raise failures[0]


def hidden_pattern(tile: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\d]){re.escape(tile)}(?![\d])")


def assert_no_hidden_tiles(record: dict[str, Any], player: Player) -> int:
    """Every view the player got shows none of the tiles hidden from its seat at that move; returns views checked."""
    states = list(Record.from_dict(record).states())
    assert player.seat is not None
    for view in player.views:
        state = states[view["move_number"]]
        hidden = state.hidden_from(player.seat) if not state.is_over else frozenset()
        public = dict(view)
        # Finished hands are turned face up by the rules; their tiles are dealt again later.
        public["board"] = dict(public["board"])
        public["board"].pop("results", None)
        public.pop("hands")
        public.pop("sheet")
        if view["last"] and view["last"]["hand_ended"]:
            public.pop("last")
        text = json.dumps(public)
        for tile in hidden:
            found = hidden_pattern(tile).search(text)
            assert not found, (
                f"seat {player.seat} saw {tile} at move {view['move_number']}: {text[max(0, found.start() - 300) : found.end() + 100]}"
            )
    return len(player.views)
