"""The interface every game follows (the registry of games by id: registry.py).

A game is a frozen ``Rules`` object (facts and options) that makes immutable
``State`` objects. ``state.play(move)`` validates and returns a new state; what
one seat may see is ``state.observation(seat)``. Chance comes only from the seed
given to ``new_game`` (and, for tests and puzzles, from an explicit setup), so a
game is replayed from its seed and moves.
"""

from __future__ import annotations

import random
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from bones.encoding import Encoding  # each game's answer to Rules.encoding(), which imports this module


class IllegalMoveError(ValueError):
    """A move that the rules do not allow here; the message says why."""


class GameOptionError(ValueError):
    """An unknown game id, option name or option value."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners`` lists every winning seat (both members of a winning pair);
    ``scores`` is the final score of each seat (pair members share theirs);
    ``reason`` says in words why the game ended.
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str

    @property
    def winner(self) -> int | None:
        return self.winners[0] if self.winners else None

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": list(self.scores), "reason": self.reason}


@dataclass(frozen=True)
class HandResult:
    """What one finished hand (or round; a game not played in hands: the whole game) came to, in
    one shape for every game: the faces' hand sheet, a tournament's tally and a client's list.

    ``points`` is what the hand was worth to each side (``rules.sides``; by the game's own count,
    so where ``rules.low_score_wins`` it is what each side wrote against itself); ``totals`` each
    side's match score after it; ``winners`` the seats that won it (both members of a pair; none
    when nobody did); ``note`` says in words how it ended; ``details`` is the game's own sheet
    as JSON data (hands face up, the table as it lay) for a board that draws it.
    """

    number: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    note: str
    details: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "points": list(self.points),
            "totals": list(self.totals),
            "winners": list(self.winners),
            "note": self.note,
            "details": dict(self.details),
        }


# How the games' words name a seat, or a pair of seats, where they know no names: "seat 1", "seats 0 and 2".
_SEAT_WORDS = re.compile(r"\bseats (\d+) and (\d+)\b|\bseat (\d+)\b( \(you\))?")


def name_seats(text: str, names: Sequence[str]) -> str:
    """``text`` with every seat it names as "seat N" (or a pair as "seats N and M") called by its name in ``names``:
    outcomes and hand notes are written once for everybody, and a player is shown names, never seat numbers."""

    def name(number: str) -> str:
        seat = int(number)
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    def named(match: re.Match[str]) -> str:
        if match[3] is not None:
            # A picture's "seat 0 (you)" is the player's own: "You" alone where that is their name.
            called = name(match[3])
            return called if match[4] is None or called.lower() == "you" else f"{called}{match[4]}"
        return f"{name(match[1])} and {name(match[2])}"

    return _SEAT_WORDS.sub(named, text)


class Move(ABC):
    """A hashable move whose ``str`` is parsed back by ``rules.parse_move``."""

    @abstractmethod
    def __str__(self) -> str: ...


@dataclass(frozen=True)
class Option:
    """One rule option: its default, the values it accepts and what it means."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    check: Callable[[Any], bool] | None = None

    def validate(self, game_id: str, value: Any) -> Any:
        if self.choices is not None:
            # Options typed on a command line arrive as text.
            for choice in self.choices:
                if value == choice or (isinstance(value, str) and value.lower() == str(choice).lower()):
                    return choice
            allowed = ", ".join(str(c) for c in self.choices)
            raise GameOptionError(f"{game_id}: option {self.name}={value!r} is not one of {allowed}")
        if isinstance(self.default, bool):
            if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on"):
                return True
            if isinstance(value, str) and value.lower() in ("0", "false", "no", "off"):
                return False
            if isinstance(value, bool):
                return value
            raise GameOptionError(f"{game_id}: option {self.name} is true or false, got {value!r}")
        if self.check is not None:
            if isinstance(self.default, int) and isinstance(value, str):
                try:
                    value = int(value)
                except ValueError:
                    raise GameOptionError(f"{game_id}: option {self.name} needs a number, got {value!r}") from None
            if not self.check(value):
                raise GameOptionError(f"{game_id}: option {self.name}={value!r} is out of range ({self.help})")
        return value


class Observation(ABC):
    """All that one seat may see. Subclasses add the game's public facts."""

    seat: int
    to_move: int | None
    legal_moves: tuple[Move, ...]

    @abstractmethod
    def to_dict(self) -> dict[str, Any]: ...


class State(ABC):
    """An immutable position of a whole game (a match, for games in hands)."""

    rules: Rules
    seed: int
    moves: tuple[Move, ...]

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat to move, or None when the game is over."""

    @property
    @abstractmethod
    def legal_moves(self) -> tuple[Move, ...]: ...

    @abstractmethod
    def play(self, move: Move | str) -> State:
        """The state after ``move``; raises IllegalMoveError and changes nothing."""

    @abstractmethod
    def observation(self, seat: int) -> Observation: ...

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None: ...

    @abstractmethod
    def render(self, seat: int | None = None) -> str:
        """A plain-text picture of the position as ``seat`` sees it (all if None)."""

    def setup(self) -> Mapping[str, Any] | None:
        """The explicit setup this game started from, as JSON data (None: dealt from the seed)."""
        return None

    def narrate(self, before: State, names: Sequence[str], seat: int = 0) -> str:
        """In words, the move that led from ``before`` to here (and whatever followed by
        itself), as ``seat`` may know it (what only that seat sees, such as a tile it drew, is
        named to it alone; its own moves are "you"); ``names`` are the seats' names. Faces print it."""
        mover = before.to_move
        who = names[mover] if mover is not None and 0 <= mover < len(names) else "?"
        return f"{who}: {self.moves[-1]}" if self.moves else ""

    def client_view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees, as JSON data for a client (the web table's board renderer named by
        ``GameInfo.board`` draws it; any other client may read it). Never holds what ``seat`` may
        not see. By default the observation's ``to_dict()``; games add what their board needs."""
        return self.observation(seat).to_dict()

    def par(self) -> int | None:
        """The best the game allows from its start, in its difficulties' unit (a puzzle: the moves of
        a shortest solution), or None where it has no such measure (the default)."""
        return None

    def forced_move(self) -> Move | None:
        """The move the seat to move makes with nothing to choose (a face makes it for a human
        player, as a computer's move is made): the only legal move, where it decides nothing, such
        as a pass when nothing fits. None while there is a choice, or the game is over. By
        default None: a game whose lone moves still mean something leaves them to the player."""
        return None

    def side_scores(self) -> tuple[int, ...] | None:
        """Each side's match score so far (``rules.sides``; by the game's own count, see
        ``rules.low_score_wins``), or None where the game keeps no running score. By default
        the outcome's scores once the game is over, else None."""
        outcome = self.outcome
        if outcome is None:
            return None
        sides = self.rules.sides
        return tuple(outcome.scores[sides.index(side)] for side in range(self.rules.num_sides))

    def move_points(self, before: State) -> int:
        """Points the move from ``before`` to here scored at once for the mover's side (what a
        face calls out: "and scores 10"); 0 where moves score nothing by themselves (default)."""
        return 0

    def hand_results(self) -> tuple[HandResult, ...]:
        """The result of every finished hand, in order. By default a game not played in hands has
        one, once it is over: its outcome (scores by side, winners, reason)."""
        outcome = self.outcome
        if outcome is None:
            return ()
        scores = self.side_scores() or ()
        return (HandResult(1, scores, scores, outcome.winners, outcome.reason),)

    def named_results(self, names: Sequence[str]) -> tuple[HandResult, ...]:
        """``hand_results`` as a face shows them: the seats their notes name called by ``names``."""
        return tuple(replace(result, note=name_seats(result.note, names)) for result in self.hand_results())

    def named_outcome(self, names: Sequence[str]) -> Outcome | None:
        """``outcome`` as a face shows it: the seats its reason names called by ``names``."""
        outcome = self.outcome
        return None if outcome is None else replace(outcome, reason=name_seats(outcome.reason, names))

    def current_hand(self) -> int:
        """The number of the hand being played (from 1); a game not played in hands is one hand."""
        return 1

    def hands_played(self) -> int:
        """Hands finished so far (a game not played in hands: 1 once it is over)."""
        return int(self.is_over)

    def last_hand_points(self) -> tuple[int, ...]:
        """What the last finished hand (a game without hands: the game) was worth to each seat,
        the good points a tournament counts. By default one point to each winner."""
        winners = self.outcome.winners if self.outcome else ()
        return tuple(int(seat in winners) for seat in range(self.rules.num_players))

    def table_text(self, seat: int, names: Sequence[str]) -> str:
        """What a player at ``seat`` is shown before choosing a move (by default ``render``, the seats called by
        their ``names``)."""
        return name_seats(self.render(seat), names)

    def legend(self) -> str:
        """What the marks in ``render`` mean, where they need explaining ("" when they do not)."""
        return ""

    def tiles_in_play(self) -> Sequence[int] | None:
        """Every tile where it lies now (for conservation checks); None where tiles are not the pieces."""
        return None

    def hidden_from(self, seat: int) -> frozenset[str]:
        """Text forms of pieces that ``seat`` must not see now (for leak checks)."""
        return frozenset()

    #: What a move after the end is told (a match, a game, a puzzle).
    over_message: ClassVar[str] = "the game is over"

    def accept(self, move: Move | str, kind: type[MoveT]) -> MoveT:
        """``move`` as one of this game's moves (text is parsed); refuses another game's move
        and any move once the game is over. Each game's ``play`` starts here."""
        if isinstance(move, str):
            move = self.rules.parse_move(move)
        if not isinstance(move, kind):
            raise IllegalMoveError(f"not a move of this game: {move!r}")
        if self.is_over:
            raise IllegalMoveError(self.over_message)
        return move


MoveT = TypeVar("MoveT", bound=Move)


@runtime_checkable
class Solvable(Protocol):
    """A state that can be solved ahead (the puzzles): ``solve()`` is a shortest list of moves from
    here to the end, and raises ValueError where the position cannot be solved ahead (hidden dominoes)."""

    def solve(self) -> list[Move]: ...


class LayoutTools(Protocol):
    """A puzzle's layouts in a text format, outside a game (``bones solve``, ``bones generate``,
    ``bones puzzle FILE``). ``options`` holds the command line's flags; each puzzle reads its own."""

    def solve_text(self, text: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """The solution of the layout ``text``, as JSON data; bad text raises ValueError saying where."""
        ...

    def solution_lines(self, data: Mapping[str, Any]) -> list[str]:
        """``solve_text``'s answer in words, a line each."""
        ...

    def generate_text(self, rng: random.Random, options: Mapping[str, Any]) -> tuple[str, str]:
        """A new layout (in the text format ``solve_text`` reads) and a line about it."""
        ...

    def game_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The game's options for the flags given (to play a layout or a new one)."""
        ...


def check_setup_fields(setup: Mapping[str, Any], known: Iterable[str]) -> None:
    """Refuses a setup naming a field the game does not read (a misspelt field would
    otherwise be ignored without a word), listing the fields it does read."""
    known = set(known)
    unknown = set(setup) - known
    if unknown:
        raise ValueError(f"unknown setup fields {sorted(unknown)}; known: {sorted(known)}")


def setup_seat(value: Any, players: int, name: str) -> int:
    """The seat a setup field names, refused in words unless it is a whole number 0..players-1."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ValueError(f"setup '{name}' must be a seat 0..{players - 1}, got {value!r}")
    return value


class SettledState(State):
    """A state that keeps its result in the field ``final`` (None while play goes on) and
    the explicit setup it started from in ``initial``."""

    final: Outcome | None
    initial: Mapping[str, Any] | None

    def setup(self) -> Mapping[str, Any] | None:
        return self.initial

    @property
    def is_over(self) -> bool:
        return self.final is not None

    @property
    def outcome(self) -> Outcome | None:
        return self.final


#: The rule option that asks a puzzle for a layout generated to a named difficulty (``difficulty_option``).
DIFFICULTY = "difficulty"
#: Its value that asks for none: a random deal, as without the option.
RANDOM_DEAL = "random"


@dataclass(frozen=True)
class Difficulty:
    """A named difficulty of a puzzle's generated layouts: the best play of a layout of it
    (``state.par()``: the moves of a shortest solution) lies from ``least`` to ``most`` ``unit``."""

    name: str
    least: int
    most: int
    unit: str = "moves"

    def holds(self, par: int | None) -> bool:
        return par is not None and self.least <= par <= self.most

    def text(self) -> str:
        return f"{self.name}: {self.least}-{self.most} {self.unit}"


def difficulty_option(names: Sequence[str]) -> Option:
    """The option by which a puzzle declares its difficulties (``Rules.difficulties`` gives each
    one's range under the other options); faces offer its choices as a difficulty picker."""
    return Option(
        DIFFICULTY,
        RANDOM_DEAL,
        f"{RANDOM_DEAL}: a random deal; {', '.join(names)}: a layout generated to that difficulty",
        choices=(RANDOM_DEAL, *names),
    )


class Rules(ABC):
    """Frozen facts and options of one game."""

    game_id: str
    title: str
    version: int
    options: Mapping[str, Any]

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    def in_pairs(self) -> bool:
        """Whether seats play in pairs, partners sitting crosswise (seats 0 and 2, 1 and 3)."""
        return False

    @property
    def sides(self) -> tuple[int, ...]:
        """The side (scoring unit) of each seat: pairs sit crosswise (0 and 2, 1 and 3), else each seat alone."""
        if self.in_pairs():
            return tuple(seat % 2 for seat in range(self.num_players))
        return tuple(range(self.num_players))

    @property
    def num_sides(self) -> int:
        return 2 if self.in_pairs() else self.num_players

    def difficulties(self) -> tuple[Difficulty, ...]:
        """The difficulties this puzzle generates layouts to, with their ranges under these rules'
        other options (the option ``DIFFICULTY`` picks one); none by default."""
        return ()

    def difficulty(self) -> Difficulty | None:
        """The difficulty these rules generate layouts to; None for a random deal."""
        name = self.options.get(DIFFICULTY, RANDOM_DEAL)
        return next((d for d in self.difficulties() if d.name == name), None)

    def match_target(self) -> int | None:
        """The score that ends the match (points, sets), where the game has one (None by default).
        A method, since a dataclass's field ``target`` would take a class attribute as its default."""
        return None

    @property
    def allows_undo(self) -> bool:
        """Whether a player alone at the table may take moves back and restart: true only where
        nothing is hidden and nothing is left to chance after the deal (a puzzle), so that going back
        tells the player nothing new. False by default."""
        return False

    @property
    def low_score_wins(self) -> bool:
        """Whether a low score is good (points are written against a side, as in kozel)."""
        return False

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that score for ``side``: one seat, or a pair sitting crosswise."""
        return tuple(seat for seat, s in enumerate(self.sides) if s == side)

    def seat_scores(self, side_scores: Sequence[int]) -> tuple[int, ...]:
        """Scores per side spread to every seat (partners share their side's score)."""
        return tuple(side_scores[s] for s in self.sides)

    def side_name(self, side: int) -> str:
        """``side`` in words: "seat 1", or "seats 0 and 2" for a pair."""
        seats = self.seats_of(side)
        return f"seat {seats[0]}" if len(seats) == 1 else "seats " + " and ".join(map(str, seats))

    def check_seat(self, seat: int) -> None:
        """Refuses a seat this game does not have (asking for an observation, say)."""
        if not 0 <= seat < self.num_players:
            raise ValueError(f"no seat {seat}: seats are 0..{self.num_players - 1}")

    @abstractmethod
    def new_game(self, seed: int = 0, setup: Mapping[str, Any] | None = None) -> State:
        """A new game; chance from ``seed`` unless ``setup`` fixes the position."""

    @abstractmethod
    def parse_move(self, text: str) -> Move: ...

    @abstractmethod
    def describe(self) -> str:
        """The rules as players read them (game docstring plus chosen options)."""

    def encoding(self, relative: bool = False) -> Encoding:
        """The fixed-size arrays of this game (observations, numbered moves) for ``bones.env``;
        ``relative``: seats (and sides) numbered from the observer's (0 is the observer)."""
        raise NotImplementedError(f"{self.game_id} has no fixed-size encoding")

    @property
    def move_help(self) -> str:
        """How moves are written, in a few lines (the terminal's ``?``); each game says its own."""
        return "Moves are written as the list of legal moves writes them."

    def replay(self, moves: Iterable[Move | str], seed: int = 0, setup: Mapping[str, Any] | None = None) -> State:
        state = self.new_game(seed=seed, setup=setup)
        for move in moves:
            state = state.play(move)
        return state
