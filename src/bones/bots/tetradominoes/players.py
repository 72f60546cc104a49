"""Computer players for Tetradominoes: Easy, Normal, Hard and Crazy.

- Easy plays any domino that fits, and a tetromino whenever one fits.
- Normal plays a domino that lets it lay a tetromino whenever it has one.
- Hard weighs every move: the tetromino it lays now, the chance that each player
  before its next turn holds a domino that opens a tetromino for them (bad for
  opponents, good for a partner), and whether it keeps a domino that opens one for
  itself. It trades dominoes that open a tetromino for its partner.
- Crazy remembers what every player revealed and when they were stuck (a stuck
  player holds no domino with a number the table offered), samples the hidden
  dominoes consistently with that, and looks ahead in each sample: the replies of
  the players before its next turn and its own next move (``search``).

All four play the solitaire too, aiming at the lowest score: Normal lays
tetrominoes of one colour and keeps a domino it can play; Hard and Crazy weigh
moves with ``solo`` (the score so far, the risk of being stuck next turn,
the next tetromino, the table's size at Level 2); Crazy plays the solitaire as
Hard does (see ``search``).
"""

from __future__ import annotations

import random

from bones.bots import Bot, register_bot
from bones.bots.tetradominoes.belief import known_tiles
from bones.bots.tetradominoes.evaluation import MIRROR_INDEX, Board, all_templates, chance_to_hold, enabling
from bones.bots.tetradominoes.solo import solo_value
from bones.game import Rules
from bones.tetradominoes.kernel import (
    ANSWER,
    DOMINO,
    GIVE,
    KEEP,
    OFFER,
    PLACE,
    RETURNING,
    REVEAL,
    SKIP,
    TET,
    TETRO,
    TILES_BY_PAIR,
    Kernel,
)
from bones.tetradominoes.moves import TetraMove
from bones.tetradominoes.pieces import ANY_COLOUR, DARK, LIGHT
from bones.tetradominoes.state import TetraObservation
from bones.tiles import HIGH, LOW

ALL_TILES = (1 << 28) - 1


def tetromino_placements(kernel: Kernel, seat: int) -> list[tuple[int, int, int, int]]:
    """The placements after which ``seat`` can lay a tetromino."""
    fits = kernel.tetromino_fits
    return [p for p in kernel.placements(seat) if fits(*p, seat)]


def first_tetromino_placement(kernel: Kernel, seat: int) -> tuple[int, int, int, int] | None:
    fits = kernel.tetromino_fits
    for p in kernel.placements(seat):
        if fits(*p, seat):
            return p
    return None


class TetraBot:
    level = "easy"

    def choose(self, observation: TetraObservation, rng: random.Random) -> TetraMove:
        moves = observation.legal_moves
        if len(moves) == 1:
            return moves[0]
        kernel = observation.table
        kinds = [m.kernel for m in moves]
        phase = kernel.phase
        if phase == DOMINO:
            kind = kinds[0][0]
            if kind == PLACE:
                move = self.domino(observation, kinds, rng)
            elif kind == REVEAL:
                move = self.reveal(observation, kinds, rng)
            else:
                move = self.discard(observation, kinds, rng)
        elif phase == TETRO:
            move = self.tetromino(observation, [k for k in kinds if k[0] == TET], rng)
        elif phase in (OFFER, ANSWER):
            move = self.trade(observation, kinds, rng)
        elif phase == RETURNING:
            move = self.give_back(observation, kinds, rng)
        else:
            move = rng.choice(kinds)
        return TetraMove(move)

    # Easy: anything that fits, and always a tetromino when one fits.
    def domino(self, obs: TetraObservation, moves: list[tuple], rng: random.Random) -> tuple:
        return rng.choice(moves)

    def tetromino(self, obs: TetraObservation, moves: list[tuple], rng: random.Random) -> tuple:
        return rng.choice(moves) if moves else (SKIP,)

    def reveal(self, obs: TetraObservation, moves: list[tuple], rng: random.Random) -> tuple:
        return rng.choice(moves)

    def discard(self, obs: TetraObservation, moves: list[tuple], rng: random.Random) -> tuple:
        return rng.choice(moves)

    def trade(self, obs: TetraObservation, moves: list[tuple], rng: random.Random) -> tuple:
        return (KEEP,)

    def give_back(self, obs: TetraObservation, moves: list[tuple], rng: random.Random) -> tuple:
        return rng.choice(moves)


class NormalBot(TetraBot):
    """Plays a domino that opens a tetromino when it has one; in the solitaire keeps to one colour."""

    level = "normal"

    def domino(self, obs: TetraObservation, moves: list[tuple], rng: random.Random) -> tuple:
        kernel = obs.table
        good = [(PLACE, *p) for p in tetromino_placements(kernel, obs.seat)]
        if obs.rules.players == 1:
            # Alone, getting stuck costs a tetromino: keep a domino that can be played next turn.
            good = keeps_going(kernel, good) or good
            return rng.choice(good or keeps_going(kernel, moves) or moves)
        return rng.choice(good or moves)

    def tetromino(self, obs: TetraObservation, moves: list[tuple], rng: random.Random) -> tuple:
        if not moves:
            return (SKIP,)
        if obs.rules.players == 1:
            return rng.choice(majority_colour(obs.table, moves))
        return rng.choice(moves)


def keeps_going(kernel: Kernel, moves: list[tuple]) -> list[tuple]:
    """The solitaire moves after which a domino left in hand can still be played."""
    out = []
    for move in moves:
        after = kernel.copy()
        after.boneyard = []
        after.apply(move)
        if after.phase == TETRO:
            after.apply((TET, *after.tetrominoes(0)[0]))
        if after.can_place(0):
            out.append(move)
    return out


def majority_colour(kernel: Kernel, moves: list[tuple]) -> list[tuple]:
    """Solitaire: the tetrominoes of the colour that adds least to B×W."""
    dark = sum(1 for t in kernel.tets if t[1] == DARK)
    light = len(kernel.tets) - dark
    best = LIGHT if light >= dark else DARK
    same = [m for m in moves if m[2] == best]
    return same or moves


class HardBot(TetraBot):
    """Weighs each domino by the tetromino it lays and the chances it leaves to every player."""

    level = "hard"
    # How much a tetromino that the n-th player after us may lay counts, as they come round.
    FOLLOWERS = (0.8, 0.55, 0.4)
    KEEP = 0.3  # a domino of ours that opens a tetromino for us next turn

    def domino(self, obs: TetraObservation, moves: list[tuple], rng: random.Random) -> tuple:
        if obs.rules.players == 1:
            level = obs.rules.solitaire_level
            return max(moves, key=lambda m: self.solo_move_value(obs.table, m, level) + rng.random() * 1e-6)
        return max(self.weigh_dominoes(obs, moves, rng), key=lambda c: c.value).move

    def weigh_dominoes(self, obs: TetraObservation, moves: list[tuple], rng: random.Random) -> list[Candidate]:
        """Every domino move with its worth, the tetromino it would lay and the enabling tiles it leaves."""
        kernel = obs.table
        seat = obs.seat
        board = Board(kernel)
        view = View(obs)
        out = []
        for move in moves:
            _, a, b, x, y = move
            tile_bit = 1 << TILES_BY_PAIR[a][b]
            if kernel.tetromino_fits(a, b, x, y, seat):
                after = kernel.copy()
                after.apply(move)
                best: Candidate | None = None
                for tet in after.tetrominoes(seat):
                    masks = self.masks_after_tetromino(after, tet)
                    value = 1.0 + view.value(masks, tile_bit)
                    if best is None or value > best.value:
                        best = Candidate(move, value, tet, masks)
                assert best is not None
                best.value += rng.random() * 1e-6
                out.append(best)
            else:
                masks = board.after_domino(a, b, x, y)
                out.append(Candidate(move, view.value(masks, tile_bit) + rng.random() * 1e-6, None, masks))
        return out

    @staticmethod
    def masks_after_tetromino(kernel: Kernel, tet: tuple) -> tuple[int, int]:
        after = kernel.copy()
        after.apply((TET, *tet))
        templates = all_templates(after)
        return enabling(templates, LIGHT), enabling(templates, DARK)

    def tetromino(self, obs: TetraObservation, moves: list[tuple], rng: random.Random) -> tuple:
        if not moves:
            return (SKIP,)
        kernel = obs.table
        if obs.rules.players == 1:
            level = obs.rules.solitaire_level
            return max(moves, key=lambda m: self.solo_tet_value(kernel, m, level) + rng.random() * 1e-6)
        view = View(obs)
        return max(moves, key=lambda m: view.value(self.masks_after_tetromino(kernel, m[1:]), 0) + rng.random() * 1e-6)

    def reveal(self, obs: TetraObservation, moves: list[tuple], rng: random.Random) -> tuple:
        # Show the dominoes least likely to open a tetromino for us later.
        kernel = obs.table
        colour = kernel.spec.colours[obs.seat]
        useful = enabling(all_templates(kernel), colour)
        return min(moves, key=lambda m: ((useful >> m[1] & 1) + (useful >> m[2] & 1), rng.random()))

    def trade(self, obs: TetraObservation, moves: list[tuple], rng: random.Random) -> tuple:
        kernel = obs.table
        colour = kernel.spec.colours[obs.seat]
        useful = enabling(all_templates(kernel), colour)
        hand = kernel.hidden[obs.seat] | kernel.revealed[obs.seat]
        gives = [m for m in moves if m[0] == GIVE]
        if kernel.phase == OFFER:
            # The partner plays next: hand over a domino that opens a tetromino now.
            partner_known = kernel.revealed[(kernel.trader + 1) % 4]
            if partner_known & useful:
                return (KEEP,)
            good = [m for m in gives if useful >> m[1] & 1]
            return rng.choice(good) if good else (KEEP,)
        offer = kernel.offer
        if offer < 0 or not useful >> offer & 1 or hand & useful:
            return (KEEP,)
        spare = [m for m in gives if not useful >> m[1] & 1]
        return rng.choice(spare or gives)

    # -- the solitaire ---------------------------------------------------------------

    def solo_move_value(self, kernel: Kernel, move: tuple, level: int) -> float:
        """A solitaire domino move, with the tetromino it forces chosen as well as it can be."""
        after = kernel.copy()
        after.boneyard = []  # the draw is weighed by solo_value
        after.apply(move)
        if after.phase != TETRO:
            return solo_value(after, level)
        return max(self.solo_tet_value(after, (TET, *t), level) for t in after.tetrominoes(0))

    @staticmethod
    def solo_tet_value(kernel: Kernel, tet: tuple, level: int) -> float:
        after = kernel.copy()
        after.boneyard = []
        after.apply(tet)
        return solo_value(after, level)

    def discard(self, obs: TetraObservation, moves: list[tuple], rng: random.Random) -> tuple:
        # Keep the pieces the table can still take most often.
        shapes = [0] * 7
        for t in all_templates(obs.table).values():
            shapes[t.shape] += 1
            shapes[MIRROR_INDEX[t.shape]] += 1
        return min(moves, key=lambda m: (shapes[m[1]], rng.random()))

    def give_back(self, obs: TetraObservation, moves: list[tuple], rng: random.Random) -> tuple:
        kernel = obs.table
        templates = all_templates(kernel)
        useful = enabling(templates, LIGHT) | enabling(templates, DARK)
        numbers = kernel.open_numbers()
        return min(
            moves,
            key=lambda m: (useful >> m[1] & 1, (numbers >> HIGH[m[1]] & 1) + (numbers >> LOW[m[1]] & 1), rng.random()),
        )


class Candidate:
    """A domino move as Hard weighs it."""

    __slots__ = ("masks", "move", "tet", "value")

    def __init__(self, move: tuple, value: float, tet: tuple | None, masks: tuple[int, int]) -> None:
        self.move = move
        self.value = value
        self.tet = tet  # the tetromino it lays right after, if any
        self.masks = masks  # enabling tiles (light, dark) after the move


class View:
    """What one seat knows of the hands around the table, for weighing a move."""

    def __init__(self, obs: TetraObservation) -> None:
        kernel = obs.table
        self.seat = obs.seat
        self.players = obs.rules.players
        self.colours = kernel.spec.colours
        self.sides = obs.rules.sides
        self.revealed = list(kernel.revealed)
        self.hidden_counts = list(obs.hidden_counts)
        self.hand = kernel.hidden[obs.seat] | kernel.revealed[obs.seat]
        self.unknown = ALL_TILES & ~known_tiles(obs)

    def value(self, masks: tuple[int, int], played_bit: int) -> float:
        """The worth of a position after our move, before the others play."""
        total = 0.0
        me = self.sides[self.seat]
        for step in range(1, self.players):
            seat = (self.seat + step) % self.players
            colour = self.colours[seat]
            chance = chance_to_hold(masks[colour], self.revealed[seat], self.hidden_counts[seat], self.unknown)
            weight = HardBot.FOLLOWERS[step - 1]
            total += weight * chance if self.sides[seat] == me else -weight * chance
        mine = masks[self.colours[self.seat]] if self.colours[self.seat] != ANY_COLOUR else masks[0] | masks[1]
        if (self.hand & ~played_bit) & mine:
            total += HardBot.KEEP
        return total


def _easy(_rules: Rules) -> Bot:
    return TetraBot()


def _normal(_rules: Rules) -> Bot:
    return NormalBot()


def _hard(_rules: Rules) -> Bot:
    return HardBot()


def _crazy(_rules: Rules) -> Bot:
    from bones.bots.tetradominoes.search import CrazyBot

    return CrazyBot()


register_bot("tetradominoes", "easy", _easy)
register_bot("tetradominoes", "normal", _normal)
register_bot("tetradominoes", "hard", _hard)
register_bot("tetradominoes", "crazy", _crazy)
