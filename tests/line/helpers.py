from __future__ import annotations

from typing import Any

import bones
from bones.line.state import LineState


def setup(game: str, hands: list[str], boneyard: str = "", **fields: Any) -> LineState:
    """A position from hands written as "6:6 5:4" strings; extra fields go to the setup, others to options."""
    setup_keys = {"opener", "opening", "scores", "eggs", "hand"}
    options = {k: v for k, v in fields.items() if k not in setup_keys}
    data: dict[str, Any] = {k: v for k, v in fields.items() if k in setup_keys}
    data["hands"] = [h.split() for h in hands]
    data["boneyard"] = boneyard.split()
    options.setdefault("players", len(hands)) if game != "kozel" else None
    state = bones.rules(game, **options).new_game(seed=1, setup=data)
    assert isinstance(state, LineState)
    return state


def play(state: LineState, *moves: str) -> LineState:
    for move in moves:
        state = state.play(move)
    return state


def legal(state: LineState) -> list[str]:
    return [str(m) for m in state.legal_moves]
