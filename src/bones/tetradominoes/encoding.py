"""Tetradominoes as fixed-size arrays (``Rules.encoding``, for ``bones.env``).

An environment follows a game with ``TetraFollower``: it encodes what the encoding reads
straight from the state (``_Seen``), without the rest of an observation (the seat's events,
its public copy of the kernel, the past games); ``encode`` of a ``TetraObservation`` gives the
same numbers (tests/test_environments.py checks it move by move).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from bones.bits import bits
from bones.encoding import Encoding, Follower, OrdinalActions
from bones.game import Move, Observation, State
from bones.tetradominoes.kernel import PHASE_NAMES, PLACE, TILES_BY_PAIR, Kernel
from bones.tetradominoes.moves import TetraMove
from bones.tetradominoes.pieces import OFFSET, PIECES, WIDTH
from bones.tetradominoes.rules import TetraRules
from bones.tetradominoes.state import TetraObservation, TetraState

TILES = 28
#: Seven pieces, each laid at most once a game: room for twice that.
TETROMINO_SLOTS = 14
#: At most 160 legal moves in random games (a domino's placements around the table), so 1024 leaves room.
CAPACITY = 1024


def _row_col(cell: int) -> tuple[int, int]:
    """A kernel cell as (row, column) shifted to 0..255 (the first domino lies at 128, 128)."""
    row, col = divmod(cell, WIDTH)
    return row, col


class TetraEncoding(OrdinalActions, Encoding):
    def __init__(self, rules: TetraRules, relative: bool = False) -> None:
        OrdinalActions.__init__(self, CAPACITY)
        self.relative = relative
        self.rules = rules
        self.players = rules.num_players
        self.sides = len(rules.new_game(seed=0).observation(0).counts)
        self.size = 4 * TILES + 12 * TETROMINO_SLOTS + TILES * (1 + self.players) + self.players + 2 * self.sides + 24

    def describe(self) -> str:
        p, s = self.players, self.sides
        seats = "seats and sides numbered from this seat's (0); " if self.relative else ""
        return f"""\
Observation ({self.size} integers; {seats}tiles numbered hi*(hi+1)/2+lo; cells as (row, column) + {OFFSET}, the
first domino on ({OFFSET}, {OFFSET}) and ({OFFSET}, {OFFSET + 1})):
  [0, 112)       per tile (x4): 1 if on the table, row and column of its first number, 1 if it lies across
  next {12 * TETROMINO_SLOTS}       per tetromino laid, in order ({TETROMINO_SLOTS} slots x 12): 1, piece (0-6), colour, seat + 1,
                 then its four cells as row, column (all 0 for an empty slot)
  next {TILES}        1 where the tile is one of this seat's hidden dominoes
  next {TILES} x {p}    per seat: 1 where the tile lies face up in front of it
  next {p}         hidden dominoes per seat
  next {2 * s}         tetrominoes per side this game, tournament points per side
  next 24        pool (7 bits), discarded pieces (7 bits), phase (0 domino, 1 tetromino, 2 offer,
                 3 answer, 4 return, 5 over), pile size, game number, first seat, this seat, seat to
                 move + 1, offered tile + 1 (0: none or unseen), 1 if an offer is pending
Actions ({self.num_actions}): action i is the i-th legal move in the game's order of legal moves.
Rewards: the outcome's scores when the game ends."""

    def encode(self, observation: Observation) -> list[int]:
        assert isinstance(observation, TetraObservation)
        return self.numbers(observation, _Laid.of(observation))

    def numbers(self, o: TetraObservation | _Seen, laid: _Laid) -> list[int]:
        """The observation's numbers from what ``o`` (an observation, or a follower's ``_Seen``) and
        ``laid`` (its dominoes and tetrominoes on the table) tell."""
        p, s = self.players, self.sides
        # Seat (side) k of the observation: the k-th after the observer's where relative, else k.
        first, first_side = (o.seat, self.rules.sides[o.seat] % s) if self.relative else (0, 0)
        order = [(first + k) % p for k in range(p)]
        side_order = [(first_side + k) % s for k in range(s)]

        def number(seat: int) -> int:
            return (seat - first) % p

        table = [0] * (4 * TILES)
        for tile, x, y in laid.dominoes:
            row, col = _row_col(x)
            t = 4 * tile
            table[t : t + 4] = [1, row, col, int(y == x + 1)]
        tets = [0] * (12 * TETROMINO_SLOTS)
        for slot, (piece, colour, seat, cells) in enumerate(laid.tetrominoes[:TETROMINO_SLOTS]):
            values = [1, piece, colour, number(seat) + 1]
            for cell in cells:
                values += list(_row_col(cell))
            tets[12 * slot : 12 * slot + 12] = values
        hidden = [0] * TILES
        for tile in o.hidden:
            hidden[int(tile)] = 1
        revealed = [0] * (TILES * p)
        for place, holder in enumerate(order):
            for tile in o.revealed[holder]:
                revealed[TILES * place + int(tile)] = 1
        pool = [int(piece in o.pool) for piece in PIECES]
        discarded = [int(piece in o.discarded) for piece in PIECES]
        tail = pool + discarded
        tail += [
            PHASE_NAMES.index(o.phase),
            o.pile_size,
            o.game_no,
            number(o.first),
            number(o.seat),
            0 if o.to_move is None else number(o.to_move) + 1,
            0 if o.offer is None else int(o.offer) + 1,
            int(o.offer_pending),
            0,
            0,
        ]
        hidden_counts = [o.hidden_counts[seat] for seat in order]
        counts = [o.counts[side] for side in side_order]
        scores = [o.scores[side] for side in side_order]
        return table + tets + hidden + revealed + hidden_counts + counts + scores + tail

    def follow(self, state: State) -> TetraFollower:
        return TetraFollower(self, state)


class _Laid:
    """The table: each domino as (tile, first cell, second cell), the first the lower; each
    tetromino as (piece number, colour, seat, cells)."""

    def __init__(
        self, dominoes: Sequence[tuple[int, int, int]], tetrominoes: Sequence[tuple[int, int, int, Sequence[int]]]
    ) -> None:
        self.dominoes = dominoes
        self.tetrominoes = tetrominoes

    @classmethod
    def of(cls, o: TetraObservation) -> _Laid:
        dominoes = []
        for move in o.board:
            k, tile = move.kernel, move.tile
            if k[0] == PLACE and tile is not None:
                dominoes.append((int(tile), k[3], k[4]))
        tets = [(PIECES.index(piece), colour, seat, move.kernel[3]) for piece, colour, seat, move in o.tetrominoes]
        return cls(dominoes, tets)

    @classmethod
    def on(cls, kernel: Kernel) -> _Laid:
        """Read from the kernel, as ``TetraState.board`` and ``tetrominoes`` are, without their moves."""
        num, mate = kernel.num, kernel.mate
        dominoes = [
            (TILES_BY_PAIR[a][num[other]], cell, other) for cell, a in num.items() if cell < (other := mate[cell])
        ]
        return cls(dominoes, kernel.tets)


class _Seen:
    """What the encoding reads of one seat's observation, taken straight from the state."""

    def __init__(self, state: TetraState, seat: int) -> None:
        state.rules.check_seat(seat)
        kernel = state.kernel
        self.seat = seat
        self.to_move = state.to_move
        self.hidden: Sequence[int] = bits(kernel.hidden[seat])
        self.revealed: Sequence[Sequence[int]] = [bits(mask) for mask in kernel.revealed]
        self.pool = "".join(PIECES[p] for p in range(7) if kernel.pool >> p & 1)
        self.discarded = "".join(PIECES[p] for p in range(7) if kernel.discarded >> p & 1)
        self.phase = state.phase
        self.pile_size = len(kernel.boneyard)
        self.game_no, self.first = state.game_no, state.first
        self.offer = kernel.offer if kernel.offer >= 0 and state.offer_visible_to(seat) else None
        self.offer_pending = kernel.offer >= 0
        self.hidden_counts = [mask.bit_count() for mask in kernel.hidden]
        self.counts = kernel.counts
        self.scores = state.live_scores


class TetraFollower(Follower):
    """A Tetradominoes game followed without observations (see the module docstring)."""

    encoding: TetraEncoding

    def observe(self, seat: int) -> Sequence[int]:
        encoded = self._encoded.get(seat)
        if encoded is None:
            state = cast(TetraState, self.state)
            encoded = self._encoded[seat] = self.encoding.numbers(_Seen(state, seat), _Laid.on(state.kernel))
        return encoded

    def legal_actions(self) -> dict[int, Move]:
        moves = self._moves
        if moves is None:
            legal: tuple[TetraMove, ...] = cast(TetraState, self.state).legal_moves
            if len(legal) > self.encoding.num_actions:
                raise ValueError(
                    f"more than {self.encoding.num_actions} legal moves: the encoding's capacity is too small"
                )
            moves = self._moves = dict(enumerate(legal))
        return moves
