"""Rules pages written for players: one small markup that the web page and the terminal both draw.

A game's ``Rules.describe()`` returns a page in this markup; ``parse`` turns it into
sections of blocks that a face draws its own way (the browser as headings, lists, real
tables and drawn tiles; the terminal through Rich), and ``plain`` is the page as text.

The markup, chosen so that nothing a player reads is markup:

- ``## The goal`` starts a section;
- blocks are separated by blank lines;
- a block of lines starting ``- `` is a list, of lines starting ``1. `` numbered steps (a line
  indented by two spaces continues an item);
- a block of lines starting ``= `` is a table, cells split by `` ; ``, the first row its heading;
- any other block is a paragraph (its lines joined);
- ``[6:4]`` anywhere in text is a domino, drawn as a tile where the face can.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

#: The sections every page has, in this order (more may follow, e.g. variations).
SECTIONS = ("The goal", "What you need", "A turn", "Scoring", "How it ends", "Tips")

TILE = re.compile(r"\[(\d{1,2}):(\d{1,2})\]")

Run = str | tuple[int, int]  # text, or a domino (its two numbers as written)


@dataclass(frozen=True)
class Block:
    kind: str  # "p", "list", "steps" or "table"
    rows: tuple[
        tuple[tuple[Run, ...], ...], ...
    ]  # p: one row of one cell; list: one cell per item; table: rows of cells


@dataclass(frozen=True)
class Section:
    heading: str
    blocks: tuple[Block, ...]


def runs(text: str) -> tuple[Run, ...]:
    """Text split into plain words and dominoes."""
    out: list[Run] = []
    at = 0
    for match in TILE.finditer(text):
        if match.start() > at:
            out.append(text[at : match.start()])
        out.append((int(match.group(1)), int(match.group(2))))
        at = match.end()
    if at < len(text):
        out.append(text[at:])
    return tuple(out)


STEP = re.compile(r"\d+\. ")


def _block(lines: list[str]) -> Block:
    starts = [line[:2] == "= " for line in lines]
    if any(starts) and not all(starts):
        raise ValueError(f"a table's lines stand in a block of their own: {lines[0]!r}")
    numbered = bool(STEP.match(lines[0]))
    if lines[0].startswith("- ") or numbered:
        items: list[str] = []
        for line in lines:
            if line.startswith("- ") or (numbered and STEP.match(line)):
                items.append(line.split(" ", 1)[1].strip())
            else:
                items[-1] += " " + line.strip()
        return Block("steps" if numbered else "list", tuple((runs(item),) for item in items))
    if lines[0].startswith("= "):
        return Block("table", tuple(tuple(runs(c.strip()) for c in line[2:].split(" ; ")) for line in lines))
    if any(line.startswith("- ") or STEP.match(line) for line in lines):
        raise ValueError(f"a list stands in a block of its own: {lines[0]!r}")
    return Block("p", ((runs(" ".join(line.strip() for line in lines)),),))


def parse(text: str) -> list[Section]:
    """The page's sections; text before the first heading goes in a section without one."""
    sections: list[Section] = []
    heading, blocks, lines = "", [], []  # type: ignore[var-annotated]

    def close_block() -> None:
        if lines:
            blocks.append(_block(lines[:]))
            lines.clear()

    for raw in text.strip().splitlines():
        line = raw.rstrip()
        if line.startswith("## "):
            close_block()
            if heading or blocks:
                sections.append(Section(heading, tuple(blocks)))
            heading, blocks = line[3:].strip(), []
        elif not line.strip():
            close_block()
        else:
            lines.append(line)
    close_block()
    if heading or blocks:
        sections.append(Section(heading, tuple(blocks)))
    return sections


def _run_json(run: Run) -> Any:
    return run if isinstance(run, str) else {"tile": list(run)}


def to_json(sections: list[Section]) -> list[dict[str, Any]]:
    """The page for the browser: each text a list of strings and ``{"tile": [a, b]}``."""
    return [
        {
            "heading": s.heading,
            "blocks": [
                {"kind": b.kind, "rows": [[[_run_json(r) for r in cell] for cell in row] for row in b.rows]}
                for b in s.blocks
            ],
        }
        for s in sections
    ]


def run_text(cell: tuple[Run, ...]) -> str:
    return "".join(r if isinstance(r, str) else f"{r[0]}:{r[1]}" for r in cell)


def plain(sections: list[Section]) -> str:
    """The page as plain text: headings, paragraphs, bullets and tables in aligned columns."""
    out: list[str] = []
    for section in sections:
        if section.heading:
            out += [section.heading.upper(), ""]
        for block in section.blocks:
            if block.kind == "p":
                out.append(run_text(block.rows[0][0]))
            elif block.kind in ("list", "steps"):
                marks = [f"{n}." if block.kind == "steps" else "*" for n in range(1, len(block.rows) + 1)]
                out += [f"  {mark} {run_text(row[0])}" for mark, row in zip(marks, block.rows, strict=True)]
            else:
                cells = [[run_text(c) for c in row] for row in block.rows]
                widths = [max(len(row[i]) for row in cells if i < len(row)) for i in range(len(cells[0]))]
                out += [
                    "  " + "   ".join(c.ljust(w) for c, w in zip(row, widths, strict=False)).rstrip() for row in cells
                ]
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def page_with_table(page: str, table_lines: list[str]) -> str:
    """``page`` with an "At this table" section listing what the chosen options make of it."""
    if not table_lines:
        return page.strip() + "\n"
    return page.strip() + "\n\n## At this table\n\n" + "\n".join(f"- {line}" for line in table_lines) + "\n"
