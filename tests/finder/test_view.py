"""Domino Finder's client view: what the web table's board draws, and nothing a seat may not see."""

from __future__ import annotations

import json
import random

import bones
from bones.finder.board import DOMINOES, DOWN, domino_name


def test_no_view_tells_where_the_treasure_lies() -> None:
    # A treasure roll's history entry named the domino it chose: the place the players look for.
    for seed in range(4):
        state = bones.rules("finder", players=3).new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            places = [p for p in range(DOMINOES) if state.faces[p] == DOWN and state.tile_at(p) == state.treasure]
            place = domino_name(places[0]) if places else None
            for seat in range(3):
                for data in (state.observation(seat).to_dict(), state.client_view(seat)):
                    rolls = [e for e in data["history"] if e["event"] == "roll" and e.get("result") == "treasure"]
                    assert all("domino" not in e for e in rolls), (seed, seat)
                    seen = {e["domino"] for e in data["history"] if e["event"] in ("flip",)}
                    if place not in seen:
                        assert place not in json.dumps(data), (seed, seat, place)
            state = state.play(rng.choice(state.legal_moves))


def test_each_square_is_named_by_the_move_that_steps_there() -> None:
    state = bones.rules("finder").new_game(seed=5)
    view = state.client_view(state.to_move)
    names = [square["name"] for row in view["rows"] for square in row]
    assert names[:3] == ["a1", "b1", "c1"] and names[-1] == "h7"
    assert set(view["legal_moves"]) <= set(names)
    assert [square["end"] for square in view["rows"][0][:4]] == ["left", "right", "left", "right"]
    assert view["size"] == [7, 8]


def test_the_events_since_the_seat_last_flipped() -> None:
    state = bones.rules("finder").new_game(seed=5)
    first = state.to_move
    state = state.play(state.legal_moves[0])
    view = state.client_view(first)
    history = view["history"]
    assert view["recent"] == history[len(history) - len(view["recent"]) :]
    assert all(e.get("seat") != first or e["event"] != "flip" for e in view["recent"])
    other = state.to_move
    state = state.play(state.legal_moves[0])
    view = state.client_view(first)
    assert any(e["event"] == "flip" and e["seat"] == other for e in view["recent"])
