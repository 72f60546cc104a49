"""Every example of the Tetradominoes rule text (tests/data/tetradominoes_rule_examples.txt) as a test.

The diagrams are in the donimoes text format: cells at even columns, ``|`` joins
a domino to the right and ``-`` (on the line below) downwards; ``+`` marks the
joint of the domino being added when the rules call it legal, ``*`` when they
call it illegal.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

import bones
from bones.game import IllegalMoveError
from bones.tetradominoes.kernel import TET
from bones.tetradominoes.moves import place_move
from bones.tetradominoes.pieces import cell

EXAMPLES = Path(__file__).parent / "data" / "tetradominoes_rule_examples.txt"


@dataclass
class Example:
    name: str
    header: str
    board: list[tuple[int, int, int, int]]  # (a, b, cell of a, cell of b) already on the table
    new: tuple[int, int, int, int]
    new_legal: bool


def read_examples() -> list[Example]:
    lines = EXAMPLES.read_text(encoding="utf-8").splitlines()
    out = []
    i = 0
    while i < len(lines):
        if not lines[i].startswith("== E"):
            i += 1
            continue
        header = [lines[i]]
        while not header[-1].rstrip().endswith("=="):
            i += 1
            header.append(lines[i])
        i += 1
        diagram = []
        while i < len(lines) and not lines[i].startswith(("==", "#")):
            diagram.append(lines[i])
            i += 1
        while diagram and not diagram[-1].strip():
            diagram.pop()
        out.append(parse_diagram(header[0].split(":")[0].strip("= "), " ".join(header), diagram))
    return out


def parse_diagram(name: str, header: str, rows: list[str]) -> Example:
    numbers: dict[tuple[int, int], int] = {}
    joints: list[tuple[tuple[int, int], tuple[int, int], str]] = []
    for index, line in enumerate(rows):
        r = index // 2
        if index % 2 == 0:
            for pos, ch in enumerate(line):
                if pos % 2 == 0 and ch.isdigit():
                    numbers[(r, pos // 2)] = int(ch)
                elif pos % 2 == 1 and ch in "|+*":
                    joints.append(((r, pos // 2), (r, pos // 2 + 1), ch))
        else:
            for pos, ch in enumerate(line):
                if pos % 2 == 0 and ch in "-+*":
                    joints.append(((r, pos // 2), (r + 1, pos // 2), ch))
    board = []
    new = None
    new_legal = True
    for p, q, ch in joints:
        domino = (numbers[p], numbers[q], cell(*p), cell(*q))
        if ch in "+*":
            new, new_legal = domino, ch == "+"
        else:
            board.append(domino)
    paired = {c for a, b, x, y in board + [new] for c in (x, y)} if new else set()
    assert paired == {cell(*rc) for rc in numbers}, f"{name}: a cell belongs to no domino"
    assert new is not None, f"{name}: no domino is being added"
    return Example(name, header, board, new, new_legal)


ALL = read_examples()


def position(example: Example, tile: tuple[int, int, int, int]) -> bones.State:
    a, b, _, _ = tile
    used = {frozenset((x, y)) for x, y, _, _ in example.board} | {frozenset((a, b))}
    spare = next(str(t) for t in bones.pip_set(6).tiles if frozenset((t.high, t.low)) not in used)
    board = [str(place_move(*d)) for d in example.board]
    return bones.rules("tetradominoes").new_game(
        setup={"board": board, "hands": [[f"{a}:{b}"], [spare]], "boneyard": []}
    )


def test_the_file_has_the_four_examples() -> None:
    assert [e.name for e in ALL] == ["E1", "E2", "E3", "E4"]
    assert [e.new_legal for e in ALL] == [True, False, True, True]


@pytest.mark.parametrize("example", ALL, ids=lambda e: e.name)
def test_adding_the_domino(example: Example) -> None:
    state = position(example, example.new)
    move = place_move(*example.new)
    legal = [str(m) for m in state.legal_moves]
    assert ("-> ILLEGAL" in example.header) == (not example.new_legal)
    if example.new_legal:
        assert str(move) in legal
        state.play(move)
    else:
        assert str(move) not in legal
        with pytest.raises(IllegalMoveError, match="next to a matching uncovered number"):
            state.play(move)


def test_e2_flipped_it_would_be_legal() -> None:
    (example,) = [e for e in ALL if e.name == "E2"]
    a, b, x, y = example.new
    flipped = place_move(b, a, x, y)
    state = position(example, example.new)
    assert flipped in state.legal_moves
    state.play(flipped)


def test_e4_an_l_tetromino_on_4_4_4_and_6() -> None:
    (example,) = [e for e in ALL if e.name == "E4"]
    state = position(example, example.new).play(place_move(*example.new))
    _, _, x, y = example.new
    kernel = state.kernel
    found = []
    for move in state.legal_moves:
        if move.kind != TET:
            continue
        cells = move.kernel[3]
        found.append(move)
        assert x in cells or y in cells  # it covers the domino just played
        assert all(c in kernel.num for c in cells)  # it stays on the dominoes
        assert {kernel.num[c] for c in cells} <= {4, 6}  # only numbers of that domino
    # The rules' example: the L shape over the 4, 4, 4 and 6, covering both halves.
    ((move),) = [m for m in found if sorted(kernel.num[c] for c in m.kernel[3]) == [4, 4, 4, 6]]
    assert x in move.kernel[3] and y in move.kernel[3]
    assert str(move).split("@")[0] in ("J/light", "L/dark")  # an L-shaped tetromino as drawn: J-wise
    done = state.play(move)
    assert done.kernel.counts == [1, 0]
