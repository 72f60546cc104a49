"""The rules pages players read: every game, variant and rule option that changes play has a
page with the same six sections, in player words (no markup, no internal references)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.console import Console

import bones
from bones import rulebook
from bones.registry import games_in_order
from bones.rules_print import print_page

# Every game and variant, and the options that change how a game is played.
PAGES: list[tuple[str, dict[str, Any]]] = [(info.game_id, {}) for info in games_in_order()]
PAGES += [(info.game_id, dict(v.options)) for info in games_in_order() for v in info.variants]
PAGES += [(game, {"players": n}) for game in ("draw", "block", "allfives", "muggins", "classic") for n in (3, 4)]
PAGES += [
    ("draw", {"players": 4, "teams": True}),
    ("draw", {"reserve": True}),
    ("muggins", {"players": 4, "teams": True}),
    ("allfives", {"spinner": True}),
    ("block", {"players": 4, "teams": True, "set": 9}),
    ("kozel", {"set": 9}),
    ("tetradominoes", {"players": 1}),
    ("tetradominoes", {"players": 1, "solitaire_level": 2}),
    ("tetradominoes", {"players": 3, "tournament": True}),
    ("tetradominoes", {"players": 4}),
    ("finder", {"players": 4}),
    ("bee", {"advanced": True}),
    ("bee", {"dice": 6}),
    ("fujisan", {"country_road": True}),
    ("mountains", {"version": "coop", "players": 3}),
    ("mountains", {"version": "drawn"}),
]

# Words that belong to developers, not players: markup, files, the project's notes, seat numbers.
FORBIDDEN = [
    r"`",
    r"\|",
    r"\.md\b",
    r"(?i)\bseeds?\b",
    r"RULES",
    r"(?i)\bseats? \d",
    r"(?i)\bdecision",
    r"(?i)docstring",
    r"(?i)this table:",
    r"(?i)\boption [`a-z_]+=",
    r"(?i)\bsetup\b",
    r"\w_\w",  # option and code names like solitaire_level
    r"\*\*",
    r"reference/",
]


def page_of(game: str, options: dict[str, Any]) -> str:
    return bones.rules(game, **options).describe()


def page_id(param: tuple[str, dict[str, Any]]) -> str:
    game, options = param
    return game + "".join(f"-{k}={v}" for k, v in options.items())


@pytest.fixture(params=PAGES, ids=[page_id(p) for p in PAGES])
def page(request: pytest.FixtureRequest) -> tuple[str, str]:
    game, options = request.param
    return page_id(request.param), page_of(game, options)


def test_no_page_holds_markup_or_internal_references(page: tuple[str, str]) -> None:
    name, text = page
    plain = rulebook.plain(rulebook.parse(text))
    console = Console(width=100, record=True, color_system=None)
    print_page(console, text)
    terminal = console.export_text()
    for shown in (text, plain, terminal):
        for pattern in FORBIDDEN:
            found = re.search(pattern, shown)
            assert found is None, (
                f"{name}: {found.group(0)!r} in {shown[max(0, found.start() - 60) : found.end() + 60]!r}"
            )


def test_every_page_has_the_six_sections_with_an_example_and_tips(page: tuple[str, str]) -> None:
    name, text = page
    sections = rulebook.parse(text)
    headings = [s.heading for s in sections]
    assert headings[: len(rulebook.SECTIONS)] == list(rulebook.SECTIONS), name
    by_heading = {s.heading: s for s in sections}
    for section in sections:
        assert section.blocks, f"{name}: {section.heading} is empty"
    scoring = rulebook.plain([by_heading["Scoring"]])
    assert "example" in scoring.lower(), f"{name}: the scoring has no worked example"
    tips = [b for b in by_heading["Tips"].blocks if b.kind == "list"]
    assert len(tips) == 1 and 3 <= len(tips[0].rows) <= 5, name


def test_the_partnership_page_is_its_own() -> None:
    block = rulebook.parse(page_of("block", {}))
    partnership = rulebook.parse(page_of("block", {"players": 4, "teams": True}))
    first = rulebook.plain(partnership[:1])
    assert first != rulebook.plain(block[:1])
    assert "pairs" in first and "partners sitting opposite" in first
    at_table = rulebook.plain(partnership[-1:])
    assert "4 players, two pairs" in at_table


def test_options_show_on_their_page() -> None:
    assert "the advanced rule" in page_of("bee", {"advanced": True})
    assert "Country Road: up to the peak" in page_of("fujisan", {"country_road": True})
    assert "3 players" in page_of("draw", {"players": 3})
    assert "5 tiles each" in page_of("draw", {"players": 3})
    assert "the solitaire, Level 2" in page_of("tetradominoes", {"players": 1, "solitaire_level": 2})


def test_the_markup_reads_tables_lists_steps_and_tiles() -> None:
    text = """\
## Head

A line [6:4]
continued.

- one
  more
- two

1. first
2. second

= A ; B
= [1:0] ; x
"""
    (section,) = rulebook.parse(text)
    assert section.heading == "Head"
    p, items, steps, table = section.blocks
    assert p.kind == "p" and p.rows[0][0] == ("A line ", (6, 4), " continued.")
    assert items.kind == "list" and [r[0] for r in items.rows] == [("one more",), ("two",)]
    assert steps.kind == "steps" and [r[0] for r in steps.rows] == [("first",), ("second",)]
    assert table.kind == "table" and table.rows == ((("A",), ("B",)), (((1, 0),), ("x",)))
    assert rulebook.to_json([section])[0]["blocks"][3]["rows"][1][0] == [{"tile": [1, 0]}]
    plain = rulebook.plain([section])
    assert "HEAD" in plain and "  * one more" in plain and "  2. second" in plain and "1:0" in plain


@pytest.mark.parametrize("text", ["A paragraph\n= A ; B", "= A ; B\nmore words", "Words\n- an item"])
def test_a_table_or_list_run_into_a_paragraph_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="in a block of"):
        rulebook.parse(text)


def test_option_help_holds_no_internal_references() -> None:
    # `bones rules` and the web's rules page list each option with its help.
    for info in games_in_order():
        for option in info.options:
            for pattern in (r"`", r"(?i)\bseeds?\b", r"(?i)\bseats? \d", r"\d\+\d", r"RULES", r"\.md\b"):
                assert re.search(pattern, option.help) is None, f"{info.game_id} {option.name}: {option.help}"
