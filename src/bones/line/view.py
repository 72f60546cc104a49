"""The line games as JSON data for a client (the web table's line board): one seat's view of the
hand in play, why a tile fits nowhere, and each finished hand's sheet with the table as it lay."""

from __future__ import annotations

from typing import Any

from bones.game import HandResult, IllegalMoveError
from bones.line.layout import layout_dict
from bones.line.observation import HandSheet
from bones.line.rules import LineRules
from bones.line.state import LineState


def client_view(state: LineState, seat: int) -> dict[str, Any]:
    """What ``seat`` sees of the hand in play: its tiles, the layout (each open end with the tile it
    grows from, for branching arms), on its turn why each tile that fits nowhere does not fit, the
    boneyard, the public events of the hand, the sheets of finished hands and the rules' facts the
    board shows (drawing, counting during play, kozel's eggs)."""
    rules = state.rules
    data = state.observation(seat).to_dict()
    data["layout"] = layout_dict(state.kernel)
    data["why"] = why_not(state, seat) if data["legal_moves"] else {}
    data["carries_eggs"] = rules.carries_eggs
    data["draws"] = rules.draws
    data["scores_during_play"] = rules.scores_during_play
    return data


def why_not(state: LineState, seat: int) -> dict[str, str]:
    """For each tile of the seat to move that fits nowhere: the reason, in the engine's words."""
    legal = {str(m) for m in state.legal_moves}
    playable = {text.partition("@")[0] for text in legal}
    ends = state.kernel.ends
    reasons: dict[str, str] = {}
    for tile in state.hand(seat):
        text = str(tile)
        if text in playable:
            continue
        if not ends:
            try:
                state.play(text)
            except IllegalMoveError as error:
                said = str(error)  # the engine's words, lower case after "error:"; a player reads them as a sentence
                reasons[text] = said[:1].upper() + said[1:]
            continue
        shown = sorted(set(ends))
        numbers = " or ".join(str(v) for v in shown)
        reasons[text] = f"{text} does not fit: {'the end shows' if len(shown) == 1 else 'the ends show'} {numbers}"
    return reasons


def hand_result(rules: LineRules, sheet: HandSheet) -> HandResult:
    """A finished hand in the shape every game gives: points per side (during play and at the end),
    the winner's side, and the family's sheet with the table as the hand ended as details."""
    points = tuple(a + b for a, b in zip(sheet.points, sheet.play_points))
    winners: tuple[int, ...] = ()
    if sheet.winner is not None:
        side = rules.sides[sheet.winner]
        winners = tuple(seat for seat in range(rules.players) if rules.sides[seat] == side)
    return HandResult(sheet.number, points, sheet.totals, winners, sheet.note, sheet.details)
