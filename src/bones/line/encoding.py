"""The line-of-play games as fixed-size arrays (``Rules.encoding``, for ``bones.env``)."""

from __future__ import annotations

from bones.game import Encoding, Move, Observation, State
from bones.line.kernel import DRAW, PASS, PLAY, SPINNER_EVERY, SPINNER_FIRST
from bones.line.moves import DRAW_MOVE, PASS_MOVE, LineMove
from bones.line.rules import LineRules
from bones.line.state import LineObservation, LineState
from bones.tiles import TILES, pip_set


class LineEncoding(Encoding):
    def __init__(self, rules: LineRules) -> None:
        self.rules = rules
        self.tiles = len(pip_set(rules.max_pip))
        spinners = {SPINNER_FIRST: 1, SPINNER_EVERY: rules.max_pip + 1}.get(rules.spinner, 0)
        self.slots = 2 + 2 * spinners
        self.num_actions = self.tiles * (self.slots + 1) + 2
        p, n = rules.players, self.tiles
        self.size = 3 * n + self.slots + 5 * p + 2 + 2 * p + rules.num_sides + 2

    def describe(self) -> str:
        n, s, p, sides = self.tiles, self.slots, self.rules.players, self.rules.num_sides
        return f"""\
Observation ({self.size} integers; tiles are numbered hi*(hi+1)/2+lo, 0:0 first; seats absolute):
  [0, {n})        1 where the tile is in this seat's hand
  [{n}, {2 * n})     who laid the tile in this hand: seat + 1 (0: not on the table)
  [{2 * n}, {3 * n})    when it was laid: 1 for the first tile of the hand, 2 for the next... (0: not laid)
  next {s}        the number showing at each open end (slot 0 left, 1 right, then spinner sides), + 1; 0: no end
  next {p} x 5    per seat: tiles in hand, passes this hand, draws this hand, 1 for this seat, 1 for the seat to move
  next 2        tiles in the boneyard, tiles that may still be drawn
  next {p} x 2    per seat: its side's score in the match, 1 if that seat opened this hand
  next {sides}        score of each side
  next 2        eggs carried (kozel), number of the hand
Actions ({self.num_actions}): tile * {s + 1} + (end + 1) lays the tile at that end (end -1: opening the
hand), {self.num_actions - 2} is draw, {self.num_actions - 1} is pass.
Rewards: the points the seat's side scores (kozel: minus the points it writes)."""

    def encode(self, observation: Observation) -> list[int]:
        assert isinstance(observation, LineObservation)
        rules, n, p = self.rules, self.tiles, self.rules.players
        out = [0] * self.size
        for tile in observation.hand:
            out[int(tile)] = 1
        passes, draws = [0] * p, [0] * p
        order = 0
        for event in observation.history:
            move = event.move
            if move.code == PLAY:
                assert move.tile is not None
                order += 1
                out[n + int(move.tile)] = event.seat + 1
                out[2 * n + int(move.tile)] = order
            elif move.code == PASS:
                passes[event.seat] += 1
            elif move.code == DRAW:
                draws[event.seat] += 1
        at = 3 * n
        for slot, value in enumerate(observation.public.ends[: self.slots]):
            out[at + slot] = value + 1
        at += self.slots
        for seat in range(p):
            out[at + 5 * seat : at + 5 * seat + 5] = [
                observation.hand_sizes[seat],
                passes[seat],
                draws[seat],
                int(seat == observation.seat),
                int(seat == observation.to_move),
            ]
        at += 5 * p
        out[at], out[at + 1] = observation.boneyard_size, observation.drawable
        at += 2
        for seat in range(p):
            out[at + 2 * seat] = observation.scores[rules.sides[seat]]
            out[at + 2 * seat + 1] = int(seat == observation.opener)
        at += 2 * p
        for side in range(rules.num_sides):
            out[at + side] = observation.scores[side]
        at += rules.num_sides
        out[at], out[at + 1] = observation.eggs, observation.hand_no
        return out

    def action_index(self, move: Move, observation: Observation) -> int:
        assert isinstance(move, LineMove)
        if move.code == DRAW:
            return self.num_actions - 2
        if move.code == PASS:
            return self.num_actions - 1
        assert move.tile is not None
        return int(move.tile) * (self.slots + 1) + move.slot + 1

    def action_move(self, index: int, observation: Observation) -> Move | None:
        if index == self.num_actions - 2:
            move = DRAW_MOVE
        elif index == self.num_actions - 1:
            move = PASS_MOVE
        elif 0 <= index < self.num_actions - 2:
            tile, end = divmod(index, self.slots + 1)
            move = LineMove.play(TILES[tile], end - 1)
        else:
            return None
        return move if move in observation.legal_moves else None

    def seat_scores(self, state: State) -> tuple[float, ...]:
        assert isinstance(state, LineState)
        sign = -1.0 if self.rules.low_score_wins else 1.0
        return tuple(sign * state.scores[side] for side in self.rules.sides)
