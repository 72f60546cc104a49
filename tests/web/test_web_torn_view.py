"""A seat's view is one position: a move made while the view is being built never shows half in it.

The flaky ``test_every_seat_hears_every_move_and_a_reconnect_catches_up`` ("seat 0 saw 1:1 at move
0") was this: a socket built seat 0's view of move 0 while the server's driver, in another thread,
played the opener's 1:1 into the same kept table, so the view said move 0 with move 1's last move
in it. Here the move is made at exactly that moment, every time.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from bones.record import Record
from bones.web.referee import Referee
from bones.web.storage import Store
from bones.web.table import Table
from tests.web.live_players import hidden_pattern


def computer_opens(referee: Referee) -> tuple[str, str]:
    """A kozel table whose opener (the holder of 1:1) is a computer, so seat 0 does not see 1:1."""
    for seed in range(100):
        table = referee.create("kozel", "easy", seed=seed, player="ann")
        if table.state.to_move != 0:
            return table.id, str(table.seats[0].token)
    raise AssertionError("no deal of the first hundred has a computer open")


def test_a_move_made_while_a_view_is_built_is_not_half_in_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(f"sqlite:///{tmp_path / 'bones.sqlite3'}")
    referee = Referee(store, allow_setup=True)
    table_id, token = computer_opens(referee)
    seat_view = Table._seat_view
    mover = threading.Thread(target=referee.drive, args=(table_id, 0))

    def meanwhile_a_move(self: Table, number: int) -> dict[str, Any]:
        # The server's driver plays the opener's move while the view of move 0 is half built.
        if not mover.is_alive() and mover.ident is None:
            mover.start()
            mover.join(timeout=1.0)  # with the view made under the table's lock, the move waits for it
        return seat_view(self, number)

    monkeypatch.setattr(Table, "_seat_view", meanwhile_a_move)
    view = referee.view(table_id, "ann", token)
    mover.join(timeout=10)
    monkeypatch.undo()
    assert referee.get(table_id).move_number == 1  # the move was made, after the view
    last = view["last"]
    assert last is None or last["move_number"] == view["move_number"], (view["move_number"], last)
    state = list(Record.from_dict(referee.get(table_id).record.to_dict()).states())[view["move_number"]]
    text = str({key: value for key, value in view.items() if key not in ("hands", "sheet")})
    leaked = [tile for tile in state.hidden_from(0) if hidden_pattern(tile).search(text)]
    assert not leaked, f"the view of move {view['move_number']} shows {leaked}"
    store.close()
