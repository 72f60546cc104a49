"""The fast core of one hand of Bingo dominoes: plain integers and lists.

Hands are bit masks over the 28 tile indices of the double-six set (see
``bones.tiles``). A move is one small int: a tile index (0..27) plays that tile,
``tile | HONOURS`` plays a double and declares honours, and ``CLOSE``,
``TAKE_TRUMP``, ``TAKE_HIDDEN`` are the other choices. ``Hand`` is mutable and
cheap to copy: the public ``BingoState`` wraps one and never mutates it, and the
bots copy it to play hands out.

The boneyard (``stock``) is drawn from its end; while the turned-up trump tile
is still there it lies at index 0, so it is drawn last.
"""

from __future__ import annotations

from bones.tiles import HIGH, LOW, PIPS, Tile, pip_set

TILE_COUNT = 28
FULL = (1 << TILE_COUNT) - 1
BINGO = int(Tile.of(0, 0))
SIX_FOUR = int(Tile.of(6, 4))
THREE_BLANK = int(Tile.of(3, 0))
WITH_PIP = pip_set(6).with_pip
DOUBLES = pip_set(6).doubles_mask
DOUBLE_OF = tuple(int(Tile.of(p, p)) for p in range(7))

# Move codes.
HONOURS = 32
TILE_PART = 31
CLOSE = 64
TAKE_TRUMP = 65
TAKE_HIDDEN = 66

# Phases of a hand.
LEAD, ANSWER, CHOOSE, OVER = 0, 1, 2, 3

TARGET = 70
HONOURS_POINTS = {2: 20, 3: 40, 4: 50, 5: 60, 6: 70, 7: 210}
HONOURS_NAMES = {2: "double", 3: "triple", 4: "double double", 5: "king", 6: "emperor", 7: "unbeatable"}
BINGO_HONOURS_BONUS = 10

# How a hand ended.
REACHED = "reached"  # a player reached 70
CLOSER_FAILED = "closer-failed"  # the tiles ran out before the closer reached 70
NO_SETS = "no-sets"  # the tiles ran out, nobody closed, nobody reached 70


def tile_value(tile: int, trump: int) -> int:
    """Points of a captured tile when ``trump`` is trumps (RULES.md section 2, seed 003)."""
    hi, lo = HIGH[tile], LOW[tile]
    if hi == lo == trump:
        return 28
    if tile == BINGO:
        return 14
    if tile in (SIX_FOUR, THREE_BLANK):
        return 10
    if hi == lo or trump in (hi, lo):
        return hi + lo
    return 0


def answer_wins(led: int, answer: int, trump: int) -> bool:
    """Whether ``answer`` takes the trick led with ``led``."""
    if led == BINGO:
        return False
    if answer == BINGO:
        return True
    led_trump = trump in (HIGH[led], LOW[led])
    answer_trump = trump in (HIGH[answer], LOW[answer])
    if led_trump and answer_trump:
        return PIPS[answer] > PIPS[led]
    if led_trump:
        return False
    if answer_trump:
        return True
    return PIPS[answer] > PIPS[led]  # equal totals: the leader wins


def follow_masks(led: int, trump: int) -> tuple[int, ...]:
    """The answer rules after closing, in order: answer with the first of these you can."""
    trumps = WITH_PIP[trump]
    if trump in (HIGH[led], LOW[led]):
        return (trumps,)
    plain = FULL & ~trumps
    hi, lo = HIGH[led], LOW[led]
    masks = [plain & WITH_PIP[hi]]
    if lo != hi:
        masks.append(plain & WITH_PIP[lo])
    masks.append(trumps)
    return tuple(masks)


def honours_points(doubles: int) -> int:
    """Points of an honours declaration showing the doubles of mask ``doubles``."""
    count = doubles.bit_count()
    if count < 2:
        return 0
    return HONOURS_POINTS[count] + (BINGO_HONOURS_BONUS if doubles >> BINGO & 1 else 0)


class Table:
    """Everything that depends only on the trump number, computed once per trump."""

    __slots__ = ("beaten_by", "follow", "trump", "trump_mask", "value")

    def __init__(self, trump: int) -> None:
        self.trump = trump
        self.trump_mask = WITH_PIP[trump]
        self.value = tuple(tile_value(t, trump) for t in range(TILE_COUNT))
        beaten = []
        for led in range(TILE_COUNT):
            mask = 0
            for answer in range(TILE_COUNT):
                if answer != led and answer_wins(led, answer, trump):
                    mask |= 1 << answer
            beaten.append(mask)
        self.beaten_by = tuple(beaten)
        self.follow = tuple(follow_masks(led, trump) for led in range(TILE_COUNT))


TABLES = tuple(Table(trump) for trump in range(7))


class Hand:
    """One hand in progress.

    ``points`` counts captured tile values plus scored honours; ``captures``
    counts tricks won. ``known[s]`` are tiles everybody knows ``s`` holds (shown
    honours, the trump tile taken at the end of the boneyard); ``cannot[s]`` are
    tiles everybody can deduce ``s`` does not hold (from answers after closing
    and from honours shown), forgotten when ``s`` draws.
    """

    __slots__ = (
        "bonus_sets",
        "cannot",
        "captures",
        "closed",
        "declared",
        "ending",
        "gone",
        "hands",
        "honours",
        "known",
        "leader",
        "led",
        "log",
        "pending",
        "phase",
        "points",
        "sets",
        "shown",
        "stock",
        "table",
        "to_move",
        "trump_tile",
        "universe",
        "winner",
    )

    def __init__(
        self, trump: int, hands: list[int], face_down: list[int], trump_tile: int, leader: int, trump_in_stock: bool
    ) -> None:
        """``face_down`` lists the face-down boneyard in drawing order (first drawn first); the
        turned-up ``trump_tile`` (-1: unknown) lies under it when ``trump_in_stock``."""
        self.table = TABLES[trump]
        self.hands = hands
        self.trump_tile = trump_tile
        self.stock = ([trump_tile] if trump_in_stock else []) + face_down[::-1]
        self.leader = leader
        self.to_move = leader
        self.phase = LEAD
        self.led = -1
        self.closed = -1
        self.points = [0, 0]
        self.honours = [0, 0]
        self.captures = [0, 0]
        self.declared = [False, False]
        self.shown = [0, 0]  # the doubles each seat showed when declaring honours
        self.pending = [0, 0]
        self.known = [0, 0]
        self.cannot = [0, 0]
        self.gone = 0
        self.universe = hands[0] | hands[1]
        for tile in self.stock:
            self.universe |= 1 << tile
        self.sets = [0, 0]
        self.bonus_sets = [0, 0]
        self.winner = -1
        self.ending = ""
        self.log: list[tuple[int, int]] = []  # (seat, move code), every move of the hand

    def copy(self) -> Hand:
        new = Hand.__new__(Hand)
        new.table = self.table
        new.hands = self.hands[:]
        new.trump_tile = self.trump_tile
        new.stock = self.stock[:]
        new.leader = self.leader
        new.to_move = self.to_move
        new.phase = self.phase
        new.led = self.led
        new.closed = self.closed
        new.points = self.points[:]
        new.honours = self.honours[:]
        new.captures = self.captures[:]
        new.declared = self.declared[:]
        new.shown = self.shown[:]
        new.pending = self.pending[:]
        new.known = self.known[:]
        new.cannot = self.cannot[:]
        new.gone = self.gone
        new.universe = self.universe
        new.sets = self.sets[:]
        new.bonus_sets = self.bonus_sets[:]
        new.winner = self.winner
        new.ending = self.ending
        new.log = self.log[:]
        return new

    # -- questions -------------------------------------------------------

    @property
    def trump(self) -> int:
        return self.table.trump

    @property
    def trump_in_stock(self) -> bool:
        return bool(self.stock) and self.trump_tile >= 0 and self.stock[0] == self.trump_tile

    @property
    def face_down(self) -> int:
        """Face-down tiles left in the boneyard."""
        return len(self.stock) - (1 if self.trump_in_stock else 0)

    @property
    def strict(self) -> bool:
        """Whether the answer rules of "close the match" apply (closed, or the boneyard is empty)."""
        return self.closed >= 0 or not self.stock

    def can_close(self) -> bool:
        return self.phase == LEAD and self.closed < 0 and self.face_down > 0

    def can_declare(self, seat: int) -> bool:
        return not self.declared[seat] and (self.hands[seat] & DOUBLES).bit_count() >= 2

    def playable(self) -> int:
        """The tiles the player to move may play now."""
        hand = self.hands[self.to_move]
        if self.phase == LEAD:
            return hand
        if self.phase != ANSWER:
            return 0
        if not self.strict:
            return hand
        for mask in self.table.follow[self.led]:
            if hand & mask:
                return hand & mask
        return hand

    def legal(self) -> list[int]:
        if self.phase == CHOOSE:
            return [TAKE_TRUMP, TAKE_HIDDEN]
        if self.phase == OVER:
            return []
        playable = self.playable()
        declare = self.can_declare(self.to_move)
        moves = []
        while playable:
            low = playable & -playable
            tile = low.bit_length() - 1
            moves.append(tile)
            if declare and low & DOUBLES:
                moves.append(tile | HONOURS)
            playable ^= low
        if self.can_close():
            moves.append(CLOSE)
        return moves

    # -- playing -----------------------------------------------------------

    def apply(self, move: int) -> None:
        """Play ``move`` (assumed legal) for the player to move."""
        seat = self.to_move
        if move == CLOSE:
            self.closed = seat
            self.log.append((seat, move))
            return
        if move in (TAKE_TRUMP, TAKE_HIDDEN):
            self.log.append((seat, move))
            self._take(seat, move == TAKE_TRUMP)
            return
        tile = move & TILE_PART
        bit = 1 << tile
        hand = self.hands[seat]
        if move & HONOURS:
            shown = hand & DOUBLES
            self.pending[seat] = honours_points(shown)
            self.declared[seat] = True
            self.shown[seat] = shown
            self.known[seat] |= shown
            self.cannot[seat] |= DOUBLES & ~shown
        self.hands[seat] = hand & ~bit
        self.known[seat] &= ~bit
        self.gone |= bit
        self.log.append((seat, move))
        if self.phase == LEAD:
            self.led = tile
            self.phase = ANSWER
            self.to_move = 1 - seat
            return
        if self.strict:
            # What the answer shows: every rule it did not follow, it could not.
            for mask in self.table.follow[self.led]:
                if bit & mask:
                    break
                self.cannot[seat] |= mask
        self._end_trick(tile)

    def _end_trick(self, answer: int) -> None:
        table = self.table
        led = self.led
        leader = self.leader
        winner = 1 - leader if table.beaten_by[led] >> answer & 1 else leader
        gained = table.value[led] + table.value[answer]
        honours = self.pending[winner]
        self.pending = [0, 0]
        self.points[winner] += gained + honours
        self.honours[winner] += honours
        self.captures[winner] += 1
        double_trump = DOUBLE_OF[table.trump]
        if double_trump != BINGO and {led, answer} == {BINGO, double_trump}:
            self.bonus_sets[winner] += 1
        self.led = -1
        self.leader = winner
        self.to_move = winner
        self.phase = LEAD
        if self.points[winner] >= TARGET:
            self._finish(winner, REACHED)
            return
        if not self.hands[0] and not self.hands[1]:
            if self.closed >= 0:
                self._finish(1 - self.closed, CLOSER_FAILED)
            else:
                self._finish(-1, NO_SETS)
            return
        if self.closed < 0 and self.stock:
            if len(self.stock) == 2 and self.trump_in_stock:
                self.phase = CHOOSE
                return
            self._draw(winner, self.stock.pop())
            self._draw(1 - winner, self.stock.pop())

    def _take(self, seat: int, trump: bool) -> None:
        hidden, trump_tile = self.stock[1], self.stock[0]
        mine, theirs = (trump_tile, hidden) if trump else (hidden, trump_tile)
        self.stock = []
        self._draw(seat, mine)
        self._draw(1 - seat, theirs)
        holder = seat if trump else 1 - seat
        self.known[holder] |= 1 << trump_tile
        self.phase = LEAD

    def _draw(self, seat: int, tile: int) -> None:
        self.hands[seat] |= 1 << tile
        self.cannot[seat] = 0

    def _finish(self, winner: int, ending: str) -> None:
        self.phase = OVER
        self.to_move = -1
        self.winner = winner
        self.ending = ending
        if winner >= 0:
            # The sets a player wins depend on how far the other got (seed 003).
            other = 1 - winner
            measured = other if ending == REACHED else winner
            if self.captures[measured] == 0:
                count = 3
            elif self.points[measured] < 30:
                count = 2
            else:
                count = 1
            self.sets[winner] = count

    # -- views -------------------------------------------------------------

    def public(self, seat: int) -> Hand:
        """A copy with every hidden tile wiped: the other hand holds only its known tiles,
        the face-down boneyard tiles are unknown (-1)."""
        view = self.copy()
        other = 1 - seat
        view.hands[other] = self.known[other]
        view.stock = [t if i == 0 and self.trump_in_stock else -1 for i, t in enumerate(self.stock)]
        return view
