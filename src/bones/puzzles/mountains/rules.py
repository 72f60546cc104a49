"""Mountains and Valleys (Sid Sackson; dominoes by Don Kirkby), three ways to play
(reference text: reference/donimoes/mountains_and_valleys.md).

| version (option `version`) | players | what happens |
|---|---|---|
| `solitaire` | 1 | 18 dominoes face up; arrange them into a 6x6 map, lifting and placing again as you like |
| `coop` | 2-4 (option `players`) | 9, 6 or 5 dominoes each, hidden; the first player passes one to the left, the receiver places it and passes one of theirs, until the square is full |
| `drawn` | 1 | 18 drawn, 5 face up; each placement turns up the next one |

The map is the 6x6 square; you may walk between neighbouring squares whose
heights differ by at most one. The penalty is what joining the map costs when
each step of two or more levels costs its height difference (a minimum
spanning tree; 0 = every square reachable). In `coop` and `drawn`, every domino
after the first must touch one already down, and none moves again.

Moves: ``b2=4,c2=3`` places a domino with 4 on b2 and 3 on c2 (columns a-f from
the left, rows 1-6 from the top); ``pass 4:3`` hands a domino to the player on
your left; ``lift b2`` (solitaire) takes back the domino on b2; ``done``
(solitaire, full map) accepts the penalty; ``give-up`` (solitaire) stops.

Decisions: the 6x6 square is fixed on the table from the start (the first
domino may go anywhere in it), and a domino may not be placed where the empty
squares left could no longer be covered by dominoes. The domino being passed
is seen by everyone (it is placed face up at once). The solitaire is won with
penalty 0; `coop` and `drawn` are won (by every seat) with a penalty under 5,
"a good game" in the text. The solitaire has no limit on lifting, as in the
book: it ends when the player accepts a full map (``done``) or stops
(``give-up``), or by itself with a full map of penalty 0. (Random play still
ends soon: as the map fills, the moves left are few and ``done`` and
``give-up`` are a large share of them: 200 seeded random games took 34 moves
at the median and 177 at most.) Scores are the penalty.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from typing import Any

from bones.encoding import Encoding
from bones.game import IllegalMoveError, Move, Option, Outcome, Rules, State
from bones.puzzles.base import GIVE_UP, GIVE_UP_MOVE, PuzzleMove, PuzzleObservation, seat_view, setup_grid
from bones.puzzles.grid import Grid
from bones.puzzles.layouts import MountainsLayouts
from bones.puzzles.mountains import advice
from bones.puzzles.mountains.page import PAGE
from bones.puzzles.mountains.puzzle import (
    CELLS,
    FULL_SET,
    NEIGHBOURS,
    SIZE,
    SLOTS,
    arrangement_from_grid,
    cell_name,
    deal,
    parse_cell,
    penalty,
    place_text,
    tile_text,
    tiles_from_grid,
)
from bones.registry import GameInfo, register
from bones.rulebook import page_with_table

VERSION = 1
VERSIONS = ("solitaire", "coop", "drawn")
HAND_SIZES = {2: 9, 3: 6, 4: 5}
FACE_UP = 5
GOOD = 5

Tile = tuple[int, int]  # (low, high)


@lru_cache(maxsize=65536)
def tileable(empty: int) -> bool:
    """Whether the empty squares (a bit mask) can all be covered by dominoes."""
    if not empty:
        return True
    cell = (empty & -empty).bit_length() - 1
    rest = empty & ~(1 << cell)
    if cell % SIZE < SIZE - 1 and rest >> (cell + 1) & 1 and tileable(rest & ~(1 << (cell + 1))):
        return True
    return cell + SIZE < CELLS and bool(rest >> (cell + SIZE) & 1) and tileable(rest & ~(1 << (cell + SIZE)))


@dataclass(frozen=True)
class MountainsRules(Rules):
    game_id: str = "mountains"
    title: str = "Mountains and Valleys"
    version: int = VERSION
    variant: str = "solitaire"
    players: int = 1
    options: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def move_help(self) -> str:
        return """b2=4,c2=3 places a domino with 4 on b2 and 3 on c2 (columns a-f from the left,
rows 1-6 from the top); pass 4:3 hands a domino to the player on your left; lift
b2 (solitaire) takes back the domino on b2; done accepts a full map's penalty;
give-up stops."""

    @property
    def allows_undo(self) -> bool:
        """The solitaire only: the drawn version hides its pile, and the cooperative one has partners."""
        return self.variant == "solitaire"

    @property
    def low_score_wins(self) -> bool:
        """The score is the penalty: the lower the better (the statistics keep the lowest as the best)."""
        return True

    @property
    def num_players(self) -> int:
        return self.players

    def new_game(self, seed: int = 0, setup: Mapping[str, Any] | None = None) -> MountainsState:
        rng = random.Random(f"bones:{seed}:mountains")
        if setup is not None:
            if self.variant != "solitaire":
                raise ValueError("only the solitaire takes a given set of dominoes: {'grid': '<18 dominoes>'}")
            tiles = tiles_from_grid(Grid.parse(setup_grid(setup, "Mountains and Valleys", "18 dominoes")))
        else:
            tiles = deal(rng, 28)
        tiles = [(min(t), max(t)) for t in tiles]
        empty = (-1,) * CELLS
        face_down: tuple[Tile, ...] = ()
        if self.variant == "solitaire":
            hands: tuple[tuple[Tile, ...], ...] = (tuple(sorted(tiles[:18])),)
            rest, face_down, first = tuple(tiles[18:]), (), 0
        elif self.variant == "drawn":
            hands = (tuple(sorted(tiles[:FACE_UP])),)
            face_down, rest, first = tuple(tiles[FACE_UP:18]), tuple(tiles[18:]), 0
        else:
            size = HAND_SIZES[self.players]
            hands = tuple(tuple(sorted(tiles[i * size : (i + 1) * size])) for i in range(self.players))
            rest, face_down = tuple(tiles[self.players * size :]), ()
            first = rng.randrange(self.players)
        unused = tuple(t for t in FULL_SET if t not in set(tiles)) + (rest if setup is None else ())
        stage = "pass" if self.variant == "coop" else "place"
        initial = dict(setup) if setup is not None else None
        return MountainsState(
            self, seed, (), empty, empty, hands, None, first, stage, face_down, unused, initial=initial
        )

    def encoding(self, relative: bool = False) -> Encoding:
        from bones.puzzles.encoding import MountainsEncoding

        return MountainsEncoding(relative)

    def parse_move(self, text: str) -> PuzzleMove:
        word = " ".join(text.strip().lower().split())
        if word in (GIVE_UP, "done"):
            return PuzzleMove(word)
        try:
            if word.startswith("pass "):
                a, sep, b = word[5:].replace("-", ":").replace("|", ":").partition(":")
                if not sep:
                    raise ValueError
                x, y = int(a), int(b)
                if not (0 <= x <= 6 and 0 <= y <= 6):
                    raise ValueError
                return PuzzleMove(f"pass {tile_text((min(x, y), max(x, y)))}")
            if word.startswith("lift "):
                return PuzzleMove(f"lift {cell_name(parse_cell(word[5:]))}")
            first, sep, second = word.replace(" ", "").partition(",")
            if not sep:
                raise ValueError
            (n1, t1), (n2, t2) = first.split("="), second.split("=")
            c1, c2 = parse_cell(n1), parse_cell(n2)
            v1, v2 = int(t1), int(t2)
            if not (0 <= v1 <= 6 and 0 <= v2 <= 6):
                raise ValueError
        except ValueError:
            raise IllegalMoveError(
                f"not a Mountains and Valleys move: {text!r} (b2=4,c2=3 places a domino; pass 4:3; lift b2; done; give-up)"
            ) from None
        return PuzzleMove(place_text(c1, v1, c2, v2))

    def describe(self) -> str:
        version = {"solitaire": "the solitaire", "coop": "the game together", "drawn": "the drawn solitaire"}
        players = "1 player" if self.players == 1 else f"{self.players} players"
        return page_with_table(PAGE, [version.get(self.variant, self.variant), players])


@dataclass(frozen=True, eq=False)
class MountainsState(State):
    rules: MountainsRules
    seed: int
    moves: tuple[Move, ...]
    values: tuple[int, ...]  # -1 where empty
    partner: tuple[int, ...]
    hands: tuple[tuple[Tile, ...], ...]
    passed: Tile | None  # the domino handed to the player to move (coop)
    mover: int
    stage: str  # "pass" or "place" ("place" for the solitaires)
    face_down: tuple[Tile, ...]  # drawn solitaire: still to turn up, in order
    unused: tuple[Tile, ...]  # never in play
    finished: str = ""  # "done", "give-up" or "full"
    initial: Mapping[str, Any] | None = field(default=None, repr=False)

    def setup(self) -> Mapping[str, Any] | None:
        return self.initial

    # -- facts --------------------------------------------------------------

    @property
    def placed(self) -> int:
        return sum(v >= 0 for v in self.values) // 2

    @property
    def full(self) -> bool:
        return self.placed * 2 == CELLS

    @property
    def penalty(self) -> int:
        return penalty([None if v < 0 else v for v in self.values])

    def board_tiles(self) -> list[tuple[int, int, int, int]]:
        return [(a, self.values[a], b, self.values[b]) for a, b in enumerate(self.partner) if 0 <= a < b]

    def tile_at(self, cell: int) -> Tile:
        a, b = self.values[cell], self.values[self.partner[cell]]
        return (min(a, b), max(a, b))

    # -- the State interface ----------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else self.mover

    @property
    def is_over(self) -> bool:
        return bool(self.finished)

    @property
    def outcome(self) -> Outcome | None:
        if not self.finished:
            return None
        seats = tuple(range(self.rules.players))
        score = self.penalty
        if self.rules.variant == "solitaire":
            if self.finished == GIVE_UP:
                return Outcome((), (score,), f"gave up with {self.placed} dominoes placed")
            won = score == 0 and self.full
            why = "the map is connected: every square can be reached" if won else f"penalty {score}"
            return Outcome((0,) if won else (), (score,), why)
        won = score < GOOD
        verdict = "a perfect game" if score == 0 else "a good game" if won else "not a good game (5 or more)"
        return Outcome(seats if won else (), (score,) * len(seats), f"penalty {score}: {verdict}")

    def open_slots(self) -> list[tuple[int, int]]:
        """The pairs of neighbouring squares (first the lower index) a domino may go on now: any
        domino, since where one may lie never depends on its numbers."""
        values = self.values
        needs_neighbour = self.rules.variant != "solitaire" and self.placed > 0
        empty = sum(1 << c for c in range(CELLS) if values[c] < 0)
        out = []
        for c1, c2 in SLOTS:
            if values[c1] >= 0 or values[c2] >= 0:
                continue
            if needs_neighbour and all(values[n] < 0 for n in NEIGHBOURS[c1] + NEIGHBOURS[c2]):
                continue
            if not tileable(empty & ~(1 << c1) & ~(1 << c2)):
                continue
            out.append((min(c1, c2), max(c1, c2)))
        return out

    def placements(self, tile: Tile) -> list[tuple[int, int, int, int]]:
        a, b = tile
        out = []
        for c1, c2 in self.open_slots():
            out.append((c1, a, c2, b))
            if a != b:
                out.append((c1, b, c2, a))
        return out

    def placeable(self) -> list[Tile]:
        """The dominoes the player to move may place now (the one passed, in the cooperative game)."""
        if self.rules.variant == "coop":
            return [self.passed] if self.passed is not None else []
        return list(self.hands[0])

    @property
    def legal_moves(self) -> tuple[Move, ...]:
        if self.is_over:
            return ()
        out: list[Move] = []
        if self.stage == "pass":
            out = [PuzzleMove(f"pass {tile_text(t)}") for t in self.hands[self.mover]]
            return tuple(out)
        for tile in self.placeable():
            out += [PuzzleMove(place_text(*p)) for p in self.placements(tile)]
        if self.rules.variant == "solitaire":
            out += [PuzzleMove(f"lift {cell_name(a)}") for a, b in enumerate(self.partner) if 0 <= a < b]
            if self.full:
                out.append(PuzzleMove("done"))
            out.append(GIVE_UP_MOVE)
        return tuple(out)

    def play(self, move: Move | str) -> MountainsState:
        move = self.accept(move, PuzzleMove)
        text = self.rules.parse_move(move.text).text
        moves = self.moves + (move,)
        variant = self.rules.variant
        if text in (GIVE_UP, "done"):
            if variant != "solitaire":
                raise IllegalMoveError(f"{text} is only for the solitaire; here the game ends when the square is full")
            if text == "done" and not self.full:
                raise IllegalMoveError("the map is not finished: place every domino first (or give-up)")
            return replace(self, moves=moves, finished=text)
        if text.startswith("pass "):
            if self.stage != "pass":
                raise IllegalMoveError("now is the time to place a domino, not to pass one")
            a, b = (int(x) for x in text[5:].split(":"))
            tile = (min(a, b), max(a, b))
            hand = self.hands[self.mover]
            if tile not in hand:
                raise IllegalMoveError(f"you do not hold {tile_text(tile)}")
            hands = _with(self.hands, self.mover, tuple(t for t in hand if t != tile))
            left = (self.mover + 1) % self.rules.players
            return replace(self, moves=moves, hands=hands, passed=tile, mover=left, stage="place")
        if text.startswith("lift "):
            if variant != "solitaire":
                raise IllegalMoveError("dominoes cannot be moved after they are added")
            cell = parse_cell(text[5:])
            if self.values[cell] < 0:
                raise IllegalMoveError(f"there is no domino on {cell_name(cell)}")
            other = self.partner[cell]
            tile = self.tile_at(cell)
            values = _set(_set(self.values, cell, -1), other, -1)
            partner = _set(_set(self.partner, cell, -1), other, -1)
            hands = ((*self.hands[0], tile),)
            return replace(self, moves=moves, values=values, partner=partner, hands=(tuple(sorted(hands[0])),))
        if self.stage != "place":
            raise IllegalMoveError("first pass one of your dominoes to the player on your left (pass 4:3)")
        first, second = text.split(",")
        c1, c2 = parse_cell(first[:2]), parse_cell(second[:2])
        v1, v2 = int(first[3:]), int(second[3:])
        tile = (min(v1, v2), max(v1, v2))
        if tile not in self.placeable():
            if variant == "coop":
                raise IllegalMoveError(f"place the domino you were passed, {tile_text(self.passed or tile)}")
            raise IllegalMoveError(f"{tile_text(tile)} is not among your face-up dominoes")
        if (c1, v1, c2, v2) not in self.placements(tile):
            raise IllegalMoveError(self._why_not(c1, c2))
        values = _set(_set(self.values, c1, v1), c2, v2)
        partner = _set(_set(self.partner, c1, c2), c2, c1)
        state = replace(self, moves=moves, values=values, partner=partner)
        if variant == "coop":
            state = replace(state, passed=None, stage="pass")
        else:
            held = list(self.hands[0])
            held.remove(tile)
            if self.face_down:
                held.append(self.face_down[0])
            state = replace(state, hands=(tuple(sorted(held)),), face_down=self.face_down[1:])
        if state.full and (variant != "solitaire" or state.penalty == 0):
            state = replace(state, finished="full")
        return state

    def _why_not(self, c1: int, c2: int) -> str:
        if abs(c1 - c2) not in (1, SIZE) or (abs(c1 - c2) == 1 and c1 // SIZE != c2 // SIZE):
            return f"{cell_name(c1)} and {cell_name(c2)} are not neighbours"
        for c in (c1, c2):
            if self.values[c] >= 0:
                return f"{cell_name(c)} is already covered"
        if (
            self.rules.variant != "solitaire"
            and self.placed
            and all(self.values[n] < 0 for n in NEIGHBOURS[c1] + NEIGHBOURS[c2])
        ):
            return "after the first domino, every domino must touch one already placed"
        return "the empty squares left could no longer be covered by dominoes"

    def solve(self) -> list[Move]:
        """Solitaire: the moves to a map of the least possible penalty, keeping what is placed when it can."""
        return advice.solve(self)

    # -- what players see -------------------------------------------------

    def observation(self, seat: int) -> PuzzleObservation:
        position: dict[str, Any] = {
            "map": self.map_text(),
            "penalty": self.penalty,
            "hand": [tile_text(t) for t in self.hands[seat]] if seat < len(self.hands) else [],
            "hand_sizes": [len(h) for h in self.hands],
            "passed": None if self.passed is None else tile_text(self.passed),
            "stage": self.stage,
            "face_down": len(self.face_down),
        }
        return seat_view(
            self,
            seat,
            "mountains",
            position,
            partial(advice.greedy, self),
            self.appraise,
            "penalty of the map after it",
        )

    def appraise(self, seconds: float = 1.0) -> list[tuple[Move, float | None]]:
        """Each placement (or domino to pass) with the penalty of the map it leaves, best first (``advice``)."""
        return advice.appraise(self, seconds)

    def map_text(self) -> str:
        placed = [(divmod(a, SIZE), va, divmod(b, SIZE), vb) for a, va, b, vb in self.board_tiles()]
        return Grid.from_dominoes(SIZE, SIZE, placed).text()

    def client_view(self, seat: int) -> dict[str, Any]:
        from bones.puzzles.mountains.view import client_view

        return client_view(self, seat)

    def render(self, seat: int | None = None) -> str:
        lines = [f"Mountains and Valleys ({self.rules.variant}), penalty so far {self.penalty}"]
        rows = self.map_text().rstrip("\n").split("\n")
        lines.append("   " + " ".join("abcdef"))
        for i, row in enumerate(rows + [""] * (2 * SIZE - 1 - len(rows))):
            label = f"{i // 2 + 1} " if i % 2 == 0 else "  "
            text = row if row.strip() or i % 2 else ""
            if i % 2 == 0:
                cells = list((text + " " * 11)[:11])
                for c in range(SIZE):
                    if self.values[(i // 2) * SIZE + c] < 0:
                        cells[2 * c] = "."
                text = "".join(cells).rstrip()
            lines.append(f"{label} {text}".rstrip())
        for s, hand in enumerate(self.hands):
            if seat is None or s == seat:
                lines.append(f"seat {s} holds: {' '.join(tile_text(t) for t in hand) or '-'}")
            else:
                lines.append(f"seat {s} holds {len(hand)} dominoes")
        if self.passed is not None:
            lines.append(f"seat {self.mover} places {tile_text(self.passed)}")
        if self.face_down:
            lines.append(f"face down: {len(self.face_down)}")
        if self.outcome:
            lines.append(self.outcome.reason)
        return "\n".join(lines)

    def tiles_in_play(self) -> Sequence[int] | None:
        tiles = [t for hand in self.hands for t in hand] + list(self.face_down) + list(self.unused)
        tiles += [self.tile_at(a) for a, b in enumerate(self.partner) if 0 <= a < b]
        if self.passed is not None:
            tiles.append(self.passed)
        return sorted(FULL_SET.index(t) for t in tiles)

    def hidden_from(self, seat: int) -> frozenset[str]:
        hidden = {tile_text(t) for s, hand in enumerate(self.hands) if s != seat for t in hand}
        hidden |= {tile_text(t) for t in self.face_down}
        return frozenset(hidden)


def _with(hands: tuple[tuple[Tile, ...], ...], seat: int, hand: tuple[Tile, ...]) -> tuple[tuple[Tile, ...], ...]:
    return hands[:seat] + (hand,) + hands[seat + 1 :]


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1 :]


def _make(version: str = "solitaire", players: int = 0) -> MountainsRules:
    if version == "coop":
        count = players or 2
        if count not in HAND_SIZES:
            raise ValueError(f"the cooperative version is for 2-4 players, not {count}")
    else:
        count = players or 1
        if count != 1:
            raise ValueError(f"the {version} version is for one player, not {count}")
    return MountainsRules(variant=version, players=count, options={"version": version, "players": players})


register(
    GameInfo(
        "mountains",
        "Mountains and Valleys",
        "puzzle",
        _make,
        (
            Option(
                "version",
                "solitaire",
                "solitaire, coop (2-4 players) or drawn (solitaire, 5 face up)",
                choices=VERSIONS,
            ),
            Option("players", 0, "players for coop, 2-4 (0: the version's usual number)", check=lambda v: 0 <= v <= 4),
        ),
        "arrange dominoes into a map where every square can be reached",
        layouts=MountainsLayouts(),
        board="mountains",
        tagline="A puzzle: lay a 6x6 map where every square can be walked to",
    )
)

__all__ = ["MountainsRules", "MountainsState", "arrangement_from_grid"]
