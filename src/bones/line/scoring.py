"""What a finished hand is worth, for each way of scoring (RULES.md section 1)."""

from __future__ import annotations

from dataclasses import dataclass

from bones.line.kernel import DOMINO, Kernel
from bones.line.rules import FIVES, KOZEL, MUGGINS, LineRules
from bones.tiles import PIPS, pips_of

DOUBLE_BLANK = 0  # index of 0:0
KOZEL_DOUBLE_BLANK = 25


def round_to_five(points: int) -> int:
    """Nearest multiple of 5 (27 -> 25, 28 -> 30); pip totals never end in .5 after /5."""
    return (points + 2) // 5 * 5


def hand_pips(rules: LineRules, mask: int) -> int:
    """Pips a hand counts at the end; in kozel a hand of only 0:0 counts 25."""
    if rules.scoring == KOZEL and mask == 1 << DOUBLE_BLANK:
        return KOZEL_DOUBLE_BLANK
    return pips_of(mask)


@dataclass(frozen=True)
class HandScore:
    winner: int | None  # the seat that won the hand (of a pair: its lighter hand), None when nobody did
    winning_side: int | None
    points: tuple[int, ...]  # per side, written at the end of the hand
    eggs: int  # kozel: points carried into the next hand
    note: str
    opener: int | None  # the seat that opens the next hand; None: the next seat in turn
    same_opener: bool = False  # partnership tie: the hand's opener opens the next one too


def seat_pips(rules: LineRules, kernel: Kernel) -> list[int]:
    """Pips each seat's hand counts at the end (``hand_pips`` of each)."""
    # hand_pips written out: this runs at the end of every hand played through the state.
    kozel = rules.scoring == KOZEL
    out = []
    for mask in kernel.hands:
        if kozel and mask == 1 << DOUBLE_BLANK:
            out.append(KOZEL_DOUBLE_BLANK)
            continue
        total = 0
        while mask:
            low = mask & -mask
            total += PIPS[low.bit_length() - 1]
            mask ^= low
        out.append(total)
    return out


def score_hand(rules: LineRules, kernel: Kernel, eggs: int, pips: list[int] | None = None) -> HandScore:
    """``pips``: ``seat_pips(rules, kernel)`` where the caller has it already."""
    if pips is None:
        pips = seat_pips(rules, kernel)
    if rules.partnership:
        return _score_partnership(rules, kernel, pips)
    sides = rules.sides
    n_sides = rules.num_sides
    side_pips = [0] * n_sides
    for seat, side in enumerate(sides):
        side_pips[side] += pips[seat]
    points = [0] * n_sides

    winner: int | None
    won: int | None
    # Kozel: whoever went out or made the fish opens the next hand, whoever won it (even after eggs).
    kozel_opener = kernel.last_player if rules.scoring == KOZEL else None
    if kernel.status == DOMINO:
        winner = kernel.last_player
        won = sides[winner]
        note = f"seat {winner} went out"
    else:
        winner, won = _blocked_winner(rules, kernel, pips, side_pips)
        if won is None:
            if rules.scoring == KOZEL:
                carried = eggs + side_pips[0]
                note = f"fish with equal pairs ({side_pips[0]} each): eggs, nobody wins, {carried} carried"
                return HandScore(None, None, tuple(points), carried, note, kozel_opener)
            return HandScore(None, None, tuple(points), 0, "blocked with equal lowest pips: nobody scores", None)
        if not rules.teams:
            note = f"blocked: seat {winner} held the lightest hand"
        else:
            pair = " and ".join(str(seat) for seat in range(rules.players) if sides[seat] == won)
            fish = "fish" if rules.scoring == KOZEL else "blocked"
            note = f"{fish}: the pair of seats {pair} is lighter ({side_pips[won]} against {max(side_pips)})"

    if rules.scoring == KOZEL:
        loser = 1 - won
        points[loser] = side_pips[loser] + eggs
        return HandScore(
            winner, won, tuple(points), 0, note + (f" (with {eggs} from eggs)" if eggs else ""), kozel_opener
        )
    others = sum(p for seat, p in enumerate(pips) if sides[seat] != won)
    if rules.blocked_difference and kernel.status != DOMINO:
        assert winner is not None
        own = pips[winner] if not rules.teams else side_pips[won]
        losers = [s for s in range(n_sides) if s != won]
        others = sum(side_pips[s] - own for s in losers)
    if rules.scoring == FIVES:
        points[won] = round_to_five(others)
    elif rules.scoring == MUGGINS:
        points[won] = round_to_five(others) // 5
    else:
        points[won] = others
    return HandScore(winner, won, tuple(points), 0, note, winner)


def _blocked_winner(
    rules: LineRules, kernel: Kernel, pips: list[int], side_pips: list[int]
) -> tuple[int | None, int | None]:
    """The winning seat and side of a blocked hand; (None, None) on a tie.

    Of a pair, the winning seat is its lighter hand (on equal hands, the one
    whose turn comes first after the last play).
    """
    if rules.teams:
        lightest = min(side_pips)
        if side_pips.count(lightest) > 1:
            return None, None
        won = side_pips.index(lightest)
        members = [seat for seat in range(rules.players) if rules.sides[seat] == won]
        seat = min(members, key=lambda s: (pips[s], (s - kernel.last_player) % rules.players))
        return seat, won
    lightest = min(pips)
    if pips.count(lightest) > 1:
        return None, None
    seat = pips.index(lightest)
    return seat, seat


def _score_partnership(rules: LineRules, kernel: Kernel, pips: list[int]) -> HandScore:
    """The winning pair scores the pips of all four hands (its own included), whether a player
    went out or the hand blocked. A blocked hand goes to the lighter pair; the next hand is
    opened by the player who laid the last tile if that pair won, else by the next player
    (of the winning pair). Equal pairs: nobody scores and the same player opens again."""
    sides = rules.sides
    total = sum(pips)
    points = [0] * rules.num_sides
    last = kernel.last_player
    if kernel.status == DOMINO:
        points[sides[last]] = total
        return HandScore(last, sides[last], tuple(points), 0, f"seat {last} went out", last)
    side_pips = [0] * rules.num_sides
    for seat, side in enumerate(sides):
        side_pips[side] += pips[seat]
    if side_pips[0] == side_pips[1]:
        return HandScore(
            None, None, tuple(points), 0, "blocked with equal pairs: nobody scores", None, same_opener=True
        )
    won = side_pips.index(min(side_pips))
    points[won] = total
    opener = last if sides[last] == won else kernel.next_seat(last)
    return HandScore(opener, won, tuple(points), 0, f"blocked: the pair of seat {opener} is lighter", opener)
