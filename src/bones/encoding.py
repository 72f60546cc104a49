"""How a game is seen by learning environments (``bones.env``): fixed-size integer arrays for
observations and numbered moves (``Encoding``, one a game: ``Rules.encoding()``), a game followed
move by move in them (``Follower``), and the numbering of games with too many moves to number one by
one (``OrdinalActions``)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from bones.game import Move, Observation, State


class Encoding(ABC):
    """A game as fixed-size integer arrays, for learning environments (``bones.env``).

    ``encode(observation)`` gives ``size`` integers in ``[low, high]``; moves are numbered
    ``0 .. num_actions - 1``. Each family documents its layout in ``describe()``.
    ``seat_scores(state)`` is the points each seat has made so far by the game's own
    scoring, higher being better; the environment rewards each change of it. Where
    ``relative``, every seat (and side) is numbered from the observer's, which is 0.
    ``follow(state)`` follows one game move by move for an environment's steps.
    """

    num_actions: int
    size: int
    low: int = 0
    high: int = 2**31 - 1
    relative: bool = False

    @abstractmethod
    def encode(self, observation: Observation) -> Sequence[int]: ...

    @abstractmethod
    def action_index(self, move: Move, observation: Observation) -> int: ...

    @abstractmethod
    def action_move(self, index: int, observation: Observation) -> Move | None:
        """The move numbered ``index`` for the seat to move, or None if it is not legal there."""

    @abstractmethod
    def describe(self) -> str: ...

    def seat_scores(self, state: State) -> tuple[float, ...]:
        """Points so far per seat (higher is better); by default the outcome's scores at the end."""
        outcome = state.outcome
        if outcome is None:
            return (0.0,) * state.rules.num_players
        return tuple(float(x) for x in outcome.scores)

    def actions(self, observation: Observation) -> dict[int, Move]:
        """The legal moves of ``observation`` by action number."""
        index = self.action_index
        return {index(move, observation): move for move in observation.legal_moves}

    def seat_number(self, seat: int, observer: int, players: int) -> int:
        """How ``observer``'s observation numbers ``seat``: as it is, or, where relative, by its
        place after the observer's in the order of seats."""
        return (seat - observer) % players if self.relative else seat

    def follow(self, state: State) -> Follower:
        """A follower of the game from ``state`` on (a family with costly observations gives
        one that encodes incrementally)."""
        return Follower(self, state)


class Follower:
    """One game followed move by move in an encoding, for an environment's steps: the state, each
    seat's encoded observation, the legal actions and the move of an action.

    This one encodes each seat's observation (``state.observation``) at most once per state; a
    family whose observations are costly to build follows its games without them, keeping what
    only grows (the history) from one move to the next. Both give the same numbers
    (tests/test_environments.py checks every game's).
    """

    def __init__(self, encoding: Encoding, state: State) -> None:
        self.encoding = encoding
        self.state = state
        #: ``state.to_move``, asked once a move: an environment reads it several times a step.
        self.to_move = state.to_move
        #: ``encoding.seat_scores(state)``, kept with the state: an environment's rewards read it each step.
        self.seat_scores = encoding.seat_scores(state)
        self._observations: dict[int, Observation] = {}
        self._encoded: dict[int, Sequence[int]] = {}
        self._moves: dict[int, Move] | None = None

    def restart(self, state: State) -> None:
        """Follow another game of the same rules from ``state`` (an environment's reset): as a new
        follower would, all the last game's numbers forgotten; a family's follower may keep its
        arrays where making them costs more than a few moves (``LineFollower``)."""
        self.__init__(self.encoding, state)  # type: ignore[misc]  # each family's own fields made anew

    def play(self, move: Move) -> None:
        """Play ``move`` (legal: an action's ``move_of``) and follow the state it makes."""
        self.state = state = self.state.play(move)
        self.to_move = state.to_move
        self.seat_scores = self.encoding.seat_scores(state)
        self._observations.clear()
        self._encoded.clear()
        self._moves = None

    def observation(self, seat: int) -> Observation:
        observation = self._observations.get(seat)
        if observation is None:
            observation = self._observations[seat] = self.state.observation(seat)
        return observation

    def observe(self, seat: int) -> Sequence[int]:
        """``seat``'s observation as the encoding's integers (which the caller must not change)."""
        encoded = self._encoded.get(seat)
        if encoded is None:
            encoded = self._encoded[seat] = self.encoding.encode(self.observation(seat))
        return encoded

    def legal_actions(self) -> dict[int, Move]:
        """The legal moves of the seat to move by action number (none once the game is over)."""
        moves = self._moves
        if moves is None:
            seat = self.to_move
            moves = {} if seat is None else self.encoding.actions(self.observation(seat))
            self._moves = moves
        return moves

    def move_of(self, action: int) -> Move | None:
        """The move action number ``action`` makes now, or None where it is not legal."""
        return self.legal_actions().get(action)

    def play_action(self, action: int) -> Move | None:
        """Play the move action number ``action`` makes and return it; None, playing nothing,
        where it is not legal."""
        move = self.legal_actions().get(action)
        if move is not None:
            self.play(move)
        return move


class OrdinalActions:
    """Actions for games whose moves are too many to number one by one: action ``i`` is the
    ``i``-th legal move in the game's own order, up to ``capacity`` (each game that uses this
    states why its legal moves never exceed it)."""

    def __init__(self, capacity: int) -> None:
        self.num_actions = capacity

    def action_index(self, move: Move, observation: Observation) -> int:
        index = observation.legal_moves.index(move)
        if index >= self.num_actions:
            raise ValueError(f"more than {self.num_actions} legal moves: the encoding's capacity is too small")
        return index

    def action_move(self, index: int, observation: Observation) -> Move | None:
        legal = observation.legal_moves
        return legal[index] if 0 <= index < min(len(legal), self.num_actions) else None

    def actions(self, observation: Observation) -> dict[int, Move]:
        return self.numbered(observation.legal_moves)

    def numbered(self, legal: Sequence[Move]) -> dict[int, Move]:
        """``legal`` (the seat to move's legal moves, in order) by action number."""
        if len(legal) > self.num_actions:
            raise ValueError(f"more than {self.num_actions} legal moves: the encoding's capacity is too small")
        return dict(enumerate(legal))
