"""The conformance suite: seeded random playouts over every registered game and its options.

A new game joins by registering itself (an entry in pyproject.toml's `bones.games` entry points) and, when its
default options do not cover its variants, by adding entries to VARIANTS.
"""

from __future__ import annotations

import json
import random
import re

import pytest

import bones
from bones.game import IllegalMoveError, State
from bones.record import Record

# Extra option sets worth a playout, by game id (the defaults are always played).
VARIANTS: dict[str, list[dict]] = {
    "draw": [
        {"players": 3},
        {"players": 4, "reserve": True},
        {"set": 9},
        {"set": 12, "players": 4},
        {"players": 4, "teams": True, "set": 9},
    ],
    "block": [{"players": 4}, {"set": 9, "players": 3}, {"players": 4, "teams": True}],
    "allfives": [{"spinner": True}, {"players": 3}, {"set": 9, "spinner": True}],
    "muggins": [{"players": 4, "teams": True}, {"spinner": True, "players": 3}],
    "kozel": [{"set": 9}],
    "classic": [{"players": 3}, {"players": 4}, {"set": 12}],
    "tetradominoes": [
        {"players": 1},
        {"players": 1, "solitaire_level": 2},
        {"players": 3},
        {"players": 4},
        {"players": 2, "tournament": True},
        {"players": 3, "tournament": True},
        {"players": 4, "tournament": True},
    ],
    "finder": [{"players": 3}, {"players": 4}],
    "bingo": [{"target": 1}],
    "bee": [{"advanced": True, "dice": 5}, {"dice": 3}, {"difficulty": "hard", "advanced": True}],
    "fujisan": [{"country_road": True}, {"difficulty": "medium", "country_road": True}],
    "mountains": [{"version": "coop", "players": 2}, {"version": "coop", "players": 4}, {"version": "drawn"}],
}
SEEDS = range(6)
MAX_MOVES = 5000


def cases() -> list[tuple[str, dict]]:
    out = []
    for game_id in bones.games():
        out.append((game_id, {}))
        out += [(game_id, options) for options in VARIANTS.get(game_id, [])]
    return out


def fingerprint(state: State) -> str:
    outcome = state.outcome.to_dict() if state.outcome else None
    last = str(state.moves[-1]) if state.moves else None
    legal = [str(m) for m in state.legal_moves]
    return json.dumps([state.render(None), len(state.moves), last, legal, outcome, state.to_move])


def random_game(game_id: str, options: dict, seed: int) -> list[State]:
    rules = bones.rules(game_id, **options)
    state = rules.new_game(seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        assert len(states) < MAX_MOVES, "the game does not end"
        state = state.play(rng.choice(state.legal_moves))
        states.append(state)
    return states


# Every token that could name a hidden piece: tiles like 6:3, plus any word, for games whose pieces are named otherwise.
PIECE_TEXT = re.compile(r"\d+:\d+|[A-Za-z0-9_]+")


@pytest.mark.slow  # every game and variant: make test runs it, make check does not
@pytest.mark.parametrize(("game_id", "options"), cases(), ids=lambda v: v if isinstance(v, str) else json.dumps(v))
def test_random_playouts(game_id: str, options: dict) -> None:
    for seed in SEEDS:
        states = random_game(game_id, options, seed)
        first = states[0]
        full = first.tiles_in_play()
        for index, state in enumerate(states):
            if full is not None:
                assert sorted(state.tiles_in_play()) == sorted(full), "a tile was lost or duplicated"
            if state.is_over:
                assert state.outcome is not None and state.to_move is None and not state.legal_moves
                assert len(state.outcome.scores) == state.rules.num_players
                continue
            assert state.to_move is not None and state.legal_moves
            moves = state.legal_moves
            assert len(set(moves)) == len(moves), "a legal move is listed twice"
            for move in moves:
                assert state.rules.parse_move(str(move)) == move, f"{move} does not round-trip"
            if index % 7 == 0:
                before = fingerprint(state)
                for move in moves:
                    state.play(move)
                assert fingerprint(state) == before, "playing changed the old state"
            _check_illegal_refused(state, states)
            _check_observations(state)
        _check_record(states[-1])
        again = random_game(game_id, options, seed)
        assert fingerprint(again[-1]) == fingerprint(states[-1]), "the same seed gave another game"
        assert again[-1].moves == states[-1].moves


def _check_illegal_refused(state: State, states: list[State]) -> None:
    legal = {str(m) for m in state.legal_moves}
    candidates = {str(m) for s in states[-12:] for m in s.legal_moves} - legal
    candidates |= {"pass", "draw"} - legal
    before = fingerprint(state)
    for text in sorted(candidates)[:6]:
        try:
            after = state.play(text)
        except IllegalMoveError as error:
            assert str(error), "an illegal move is refused without a reason"
        else:
            # Only another spelling of a legal move may pass (Bee: any shortest path), recorded as listed.
            if after.moves[-1] not in state.legal_moves:
                raise AssertionError(f"{text!r} was accepted but is not among the legal moves")
    assert fingerprint(state) == before


def _check_observations(state: State) -> None:
    for seat in range(state.rules.num_players):
        obs = state.observation(seat)
        assert obs.seat == seat
        assert obs.to_move == state.to_move
        if seat == state.to_move:
            assert tuple(obs.legal_moves) == tuple(state.legal_moves)
        else:
            assert not obs.legal_moves
        data = obs.to_dict()
        data.pop("results", None)  # finished hands are turned face up by the rules
        text = json.dumps(data)
        hidden = state.hidden_from(seat)
        if hidden:
            seen = set(PIECE_TEXT.findall(text)) & hidden
            assert not seen, f"seat {seat} can see {sorted(seen)}"


def _check_record(state: State) -> None:
    record = Record.of(state)
    again = Record.loads(record.dumps()).replay()
    assert fingerprint(again) == fingerprint(state)
    assert again.moves == state.moves


def test_unknown_game_and_options_are_refused() -> None:
    with pytest.raises(bones.GameOptionError, match="the games are"):
        bones.rules("chess")
    some_game = next(iter(bones.games()))
    with pytest.raises(bones.GameOptionError, match="valid options"):
        bones.rules(some_game, colour="blue")
