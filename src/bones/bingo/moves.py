"""Moves of Bingo dominoes and their text form.

``6:3`` plays 6:3 (to lead or to answer); ``5:5+honours`` plays the double 5:5
and declares honours (shows every double in hand); ``close`` closes the match
before leading; ``take-trump`` and ``take-hidden`` choose, after the trick that
leaves only two tiles in the boneyard, between the turned-up trump tile and the
last face-down tile.
"""

from __future__ import annotations

from dataclasses import dataclass

from bones.bingo.kernel import CLOSE, HONOURS, TAKE_HIDDEN, TAKE_TRUMP, TILE_PART
from bones.game import IllegalMoveError, Move
from bones.tiles import TILES, Tile

WORDS = {CLOSE: "close", TAKE_TRUMP: "take-trump", TAKE_HIDDEN: "take-hidden"}
ALIASES = {
    "close": CLOSE,
    "take-trump": TAKE_TRUMP,
    "take trump": TAKE_TRUMP,
    "trump": TAKE_TRUMP,
    "take-hidden": TAKE_HIDDEN,
    "take hidden": TAKE_HIDDEN,
    "hidden": TAKE_HIDDEN,
    "take-face-down": TAKE_HIDDEN,
}
HONOURS_WORDS = ("honours", "honors", "h")
EXAMPLES = "moves look like 6:3, 5:5+honours, close, take-trump, take-hidden"


@dataclass(frozen=True, order=True)
class BingoMove(Move):
    """One move as its kernel code (see ``bones.bingo.kernel``)."""

    code: int

    @classmethod
    def play(cls, tile: Tile | int, honours: bool = False) -> BingoMove:
        return cls(int(tile) | (HONOURS if honours else 0))

    @classmethod
    def parse(cls, text: str) -> BingoMove:
        word = " ".join(text.strip().lower().split())
        if word in ALIASES:
            return cls(ALIASES[word])
        tile_text, plus, declaration = word.partition("+")
        honours = False
        if plus:
            if declaration.strip() not in HONOURS_WORDS:
                raise IllegalMoveError(f"not a move: {text!r}; a declaration is written +honours, as in 5:5+honours")
            honours = True
        try:
            tile = Tile.parse(tile_text)
        except ValueError:
            raise IllegalMoveError(f"not a move: {text!r} ({EXAMPLES})") from None
        if tile.high > 6:
            raise IllegalMoveError(f"{tile} is not in the double-six set")
        if honours and not tile.is_double:
            raise IllegalMoveError(f"honours are declared while playing a double, and {tile} is not one")
        return cls.play(tile, honours)

    @property
    def is_play(self) -> bool:
        return self.code < CLOSE

    @property
    def tile(self) -> Tile | None:
        return TILES[self.code & TILE_PART] if self.is_play else None

    @property
    def honours(self) -> bool:
        return self.is_play and bool(self.code & HONOURS)

    def __str__(self) -> str:
        if not self.is_play:
            return WORDS[self.code]
        text = str(TILES[self.code & TILE_PART])
        return text + "+honours" if self.code & HONOURS else text

    def __repr__(self) -> str:
        return f"BingoMove({self})"
