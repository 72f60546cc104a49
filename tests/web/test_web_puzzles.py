"""The puzzle boards (Fujisan, Bee, Mountains and Valleys) in the browser: played by keyboard alone
and by drag, the hint beside the board and never over it, the cooperative partners' placements
shown at the table's pace, and the size of what the server sends for them."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

VIEW_BOUND = 32_000  # bytes of the whole first view of the Mountains solitaire (it was 222,240)


def test_the_first_mountains_view_stays_small(client: TestClient) -> None:
    created = client.post("/api/games", json={"game": "mountains", "level": "normal", "seed": 3})
    assert created.status_code == 201, created.text
    view: dict[str, Any] = created.json()
    assert len(view["legal_moves"]) > 1800  # every placement is still offered
    assert len(created.content) < VIEW_BOUND, len(created.content)
    assert len(json.dumps(view["board"])) < 4_000
