"""The tests' live players act as a person at the page does, so a refusal they meet is the server's fault, not theirs."""

from __future__ import annotations

from typing import Any

from tests.web.live_players import Player


class Sent:
    """A socket that keeps what is sent and never answers."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def recv(self, timeout: float) -> dict[str, Any]:
        raise TimeoutError

    def close(self) -> None:
        pass


def view(status: str, sheets_open: list[int], move_number: int = 24) -> dict[str, Any]:
    return {
        "seat": 0,
        "status": status,
        "move_number": move_number,
        "to_move": 0,
        "legal_moves": ["6:6", "5:5"],
        "forced": None,
        "sheets_open": sheets_open,
    }


def test_a_player_waits_for_the_other_persons_sheet_then_moves_once() -> None:
    socket = Sent()
    ann = Player(socket=socket, token="t")
    ann.take({"type": "view", "view": view("sheet", [0, 1])})
    assert socket.sent == [{"type": "next_hand"}]
    # Her sheet closed, Bob's still open: her turn in the new hand, but the table waits for Bob (the page says so).
    ann.take({"type": "view", "view": view("playing", [1])})
    ann.take({"type": "view", "view": view("playing", [1])})
    assert socket.sent == [{"type": "next_hand"}]
    # Bob closed his: she plays, once, however often the view comes.
    ann.take({"type": "view", "view": view("playing", [])})
    ann.take({"type": "view", "view": view("playing", [])})
    assert socket.sent == [{"type": "next_hand"}, {"type": "move", "move": "6:6", "move_number": 24}]


def test_a_player_closes_its_sheet_once_though_anothers_closes_meanwhile() -> None:
    socket = Sent()
    ann = Player(socket=socket, token="t")
    ann.take({"type": "view", "view": view("sheet", [0, 1])})
    ann.take({"type": "view", "view": view("sheet", [0])})
    assert socket.sent == [{"type": "next_hand"}]
