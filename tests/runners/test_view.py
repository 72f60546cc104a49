"""Domino Runners' client view: the board a picture needs, and each legal move taken apart."""

from __future__ import annotations

import json
import random

import bones


def test_the_view_takes_every_legal_move_apart_and_shows_every_piece() -> None:
    for seed in range(3):
        state = bones.rules("runners").new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move
            view = state.client_view(seat)
            assert json.loads(json.dumps(view)) == view
            assert [c["move"] for c in view["choices"]] == view["legal_moves"]
            for c in view["choices"]:
                if c["kind"] == "run":
                    jumps = "".join("x" + j for j in c["jumps"])
                    assert c["move"] == f"{c['start']}-{c['corner']}-{c['end']}{jumps}"
                elif c["kind"] == "place":
                    assert c["move"] == c["cell"]
            cells = {cell["name"]: cell for row in view["rows"] for cell in row}
            assert len(cells) == 56 and view["rows"][0][0]["name"] == "a7"
            for owner, side in enumerate(view["seats"]):
                if side["runner"]:
                    assert cells[side["runner"]]["piece"] == {"kind": "runner", "colour": side["colour"], "seat": owner}
                for checker in side["checkers"]:
                    assert cells[checker]["piece"]["kind"] == "checker"
            # Each domino's halves point at each other.
            back = {"right": (0, 1), "left": (0, -1), "up": (-1, 0), "down": (1, 0)}
            for r, row in enumerate(view["rows"]):
                for c, cell in enumerate(row):
                    dr, dc = back[cell["join"]]
                    other = view["rows"][r + dr][c + dc]
                    assert back[other["join"]] == (-dr, -dc)
            state = state.play(rng.choice(state.legal_moves))
            last = state.client_view(seat)["last_path"]
            assert last["move"] == str(state.moves[-1])
