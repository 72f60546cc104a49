"""The shapes of the web API's requests and answers (``app.py`` serves them): strict input models, which
refuse a wrong type or an unknown field rather than guess, and the documented answers, which the
OpenAPI page at /docs describes."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from bones.web.entries import table_games
from bones.web.players import NAME_LENGTH

MoveNumber = Annotated[int, Field(ge=0, le=1_000_000)]
Word = Annotated[str, Field(max_length=32)]


class Strict(BaseModel):
    # No coercion (true is no number, "3" no integer) and no unknown fields: a typo is an error, not a default.
    model_config = ConfigDict(strict=True, extra="forbid")


class SeatSpec(Strict):
    kind: Word = Field("computer", description="'human' or 'computer'")
    name: str | None = Field(None, max_length=NAME_LENGTH, description="the name shown at the table")
    level: Word | None = Field(None, description="a computer's level (easy, normal, hard, crazy)")


class NewGame(Strict):
    game: Word = Field(default_factory=lambda: table_games()[0], description="an id of the games /api/catalog lists")
    level: Word = Field("normal", description="easy, normal, hard or crazy: how well the computers play")
    players: int | None = Field(None, ge=1, le=8, description="number of players where the game allows a choice (2-4)")
    options: dict[Word, bool | int | str] | None = Field(
        None,
        max_length=16,
        description="rule options by name, as the catalog's options list them (players has its own field)",
    )
    problem: int | None = Field(
        None, ge=1, le=10_000, description="a puzzle's problem from its book, by number (GET /api/problems/GAME)"
    )
    seats: list[SeatSpec] | None = Field(
        None, max_length=8, description="who sits where (seat 0 is the creator, a human); default: you and computers"
    )
    seed: int | None = Field(None, ge=0, lt=2**256, description="test servers only: the seed of the deal")
    setup: dict[str, Any] | None = Field(
        None, description="test servers only: an explicit deal {hands, boneyard, opener}"
    )


class MoveIn(Strict):
    move: str = Field(
        ..., max_length=64, description="the move text, as the view's legal_moves writes it", examples=["6:3@left"]
    )
    move_number: MoveNumber = Field(..., description="the move number of the view this move was chosen in")


class StepIn(Strict):
    move_number: MoveNumber = Field(..., description="the move number of the view the browser holds")


class NameIn(Strict):
    name: str = Field(..., max_length=200, description="your name at the table: letters, digits, spaces, - ' . _")


class PlayerOut(BaseModel):
    name: str | None = Field(..., description="the name you set, or null")
    games: list[dict[str, Any]] = Field(
        ..., description="your unfinished matches, the latest first, each with your seat and its token"
    )


class Problem(BaseModel):
    detail: str


class Pending(BaseModel):
    pending: bool
    detail: str


class RuleOption(BaseModel):
    name: str
    default: Any
    choices: list[Any] | None
    help: str


class RulesPage(BaseModel):
    game: str
    title: str
    text: str = Field(..., description="the rules page as plain text (what `bones rules GAME` prints, without colour)")
    sections: list[dict[str, Any]] = Field(
        ...,
        description="the page to draw: sections of a heading and blocks (kind p, list, steps or table); each "
        'block\'s rows are cells, each cell a list of text and {"tile": [a, b]} (a domino to draw)',
    )
    options: list[RuleOption] = Field(..., description="the game's options (the web table sets only players)")


class View(BaseModel):
    """What one seat sees: what every game shows, and ``board``, the game's own view for its board.
    Other hands, the boneyard's order and the seed are never in it."""

    id: str
    seat: int = Field(..., description="the seat this view is for")
    token: str | None = Field(None, description="your seat's secret; only in the answer that seats you")
    game: str
    title: str
    level: str
    players: int
    teams: bool = Field(..., description="partners sit crosswise (seats 0 and 2, 1 and 3)")
    sides: list[int] = Field(..., description="the side (scoring unit) of each seat")
    target: int | None = Field(..., description="the match target (points, sets), where the game has one")
    low_score_wins: bool = Field(..., description="points are written against a side, low is good (kozel)")
    status: str = Field(
        ..., description="playing, sheet (a hand just ended), over, or abandoned (a newer match replaced it)"
    )
    move_number: int = Field(..., description="moves made in the match; send it back with your move")
    seats: list[dict[str, Any]] = Field(..., description="name, kind, side, and a computer's level")
    to_move: int | None
    legal_moves: list[str] = Field(..., description="your legal moves when it is your turn, else empty")
    problem: int | None = Field(None, description="the number of the book's problem this match lays out")
    difficulty: str | None = Field(None, description="the difficulty a generated puzzle's layout was dealt to")
    par: int | None = Field(
        None, description="once a generated puzzle is over: the best its layout allowed (a shortest solution's moves)"
    )
    par_unit: str | None = Field(None, description="what par counts (moves)")
    undo: bool = Field(
        False, description="you may take moves back and restart (POST /undo, /restart): a puzzle played alone"
    )
    forced: str | None = Field(
        ..., description="your only move when there is nothing to choose (a pass): POST /step makes it"
    )
    hand_no: int = Field(..., description="the hand (round) being played, from 1; a game without hands is one")
    scores: list[int] | None = Field(..., description="the match score per side, where the game keeps one")
    last: dict[str, Any] | None = Field(
        ..., description="the last move: seat, move, points, hand_ended, move_number, text (in words)"
    )
    hands: list[dict[str, Any]] = Field(
        ..., description="each finished hand: number, points and totals per side, winners, note, details"
    )
    hands_won: list[int] = Field(..., description="hands won per side")
    outcome: dict[str, Any] | None
    sheet: dict[str, Any] | None = Field(
        ..., description="the result of the hand that just ended (as in hands, plus final), until NEXT HAND"
    )
    sheets_open: list[int] = Field(
        ..., description="the seats of the people whose hand sheet is still open: nobody plays until they close it"
    )
    live: bool = Field(
        ..., description="a lobby's table: the server plays its computers, and its players follow /api/live/{id}"
    )
    board: dict[str, Any] = Field(..., description="the game's own view of your seat, which its board draws")
