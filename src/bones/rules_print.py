"""A rules page (``bones.rulebook``) drawn in the terminal with Rich: headings, lists, real tables, tiles."""

from __future__ import annotations

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from bones.rulebook import Block, Run, parse

TILE_STYLE = "bold reverse"


def rich_text(cell: tuple[Run, ...]) -> Text:
    text = Text()
    for run in cell:
        if isinstance(run, str):
            text.append(run)
        else:
            text.append(f"[{run[0]}:{run[1]}]", style=TILE_STYLE)
    return text


def _block(block: Block) -> RenderableType:
    if block.kind == "p":
        return rich_text(block.rows[0][0])
    if block.kind in ("list", "steps"):
        items = Table.grid(padding=(0, 1))
        items.add_column(no_wrap=True)
        items.add_column()
        for number, row in enumerate(block.rows, start=1):
            items.add_row(f"{number}." if block.kind == "steps" else "•", rich_text(row[0]))
        return items
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for cell in block.rows[0]:
        table.add_column(rich_text(cell))
    for row in block.rows[1:]:
        table.add_row(*(rich_text(cell) for cell in row))
    return table


def page_renderable(text: str) -> RenderableType:
    """The page as one Rich renderable, sections under bold headings, a blank line between blocks."""
    parts: list[RenderableType] = []
    for section in parse(text):
        if section.heading:
            parts += [Text(section.heading, style="bold underline"), Text()]
        for block in section.blocks:
            parts += [_block(block), Text()]
    return Group(*parts)


def print_page(console: Console, text: str) -> None:
    console.print(page_renderable(text))
