"""Game records: everything needed to replay a game exactly (id, options, rules version, seed, moves)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bones.game import GameOptionError, IllegalMoveError, State
from bones.registry import rules

FORMAT = "bones-record"
FORMAT_VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read or does not replay; the message names the first bad move."""


@dataclass(frozen=True)
class Record:
    game: str
    options: Mapping[str, Any]
    rules_version: int
    seed: int
    moves: tuple[str, ...]
    setup: Mapping[str, Any] | None = None
    meta: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, state: State, **meta: Any) -> Record:
        r = state.rules
        return cls(
            game=r.game_id,
            options=dict(r.options),
            rules_version=r.version,
            seed=state.seed,
            moves=tuple(str(m) for m in state.moves),
            setup=state.setup(),
            meta=meta,
        )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "options": dict(self.options),
            "rules_version": self.rules_version,
            "seed": self.seed,
            "moves": list(self.moves),
        }
        if self.setup is not None:
            data["setup"] = self.setup
        if self.meta:
            data["meta"] = dict(self.meta)
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a bones record (format is {data.get('format')!r}, expected {FORMAT!r})")
        if data.get("format_version") != FORMAT_VERSION:
            raise RecordError(f"record format version {data.get('format_version')!r} is not {FORMAT_VERSION}")
        for key, kind in (("game", str), ("options", dict), ("rules_version", int), ("seed", int), ("moves", list)):
            if not isinstance(data.get(key), kind):
                raise RecordError(f"record field {key!r} is missing or not a {kind.__name__}")
        if not all(isinstance(m, str) for m in data["moves"]):
            raise RecordError("record field 'moves' must be a list of move texts")
        setup = data.get("setup")
        if setup is not None and not isinstance(setup, dict):
            raise RecordError("record field 'setup' must be an object")
        return cls(
            game=data["game"],
            options=data["options"],
            rules_version=data["rules_version"],
            seed=data["seed"],
            moves=tuple(data["moves"]),
            setup=setup,
            meta=data.get("meta") or {},
        )

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"the record is not valid JSON: {error}") from None
        except RecursionError:
            raise RecordError("the record is not a bones record: its JSON is nested too deeply") from None
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise RecordError(f"cannot read {path}: {error.strerror}") from None
        return cls.loads(text)

    def start(self) -> State:
        try:
            game_rules = rules(self.game, **self.options)
        except GameOptionError as error:
            raise RecordError(str(error)) from None
        if game_rules.version != self.rules_version:
            raise RecordError(
                f"the record was made with {self.game} rules version {self.rules_version}; "
                f"this bones has version {game_rules.version}"
            )
        try:
            return game_rules.new_game(seed=self.seed, setup=self.setup)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
            # A setup is data from a file: whatever shape it has, it is refused in words.
            raise RecordError(f"the record's setup is not valid: {error}") from None

    def states(self) -> Iterator[State]:
        """The start and the state after each move; raises RecordError at the first bad move."""
        state = self.start()
        yield state
        for number, text in enumerate(self.moves, start=1):
            try:
                state = state.play(text)
            except IllegalMoveError as error:
                raise RecordError(f"move {number} ({text!r}) does not replay: {error}") from None
            yield state

    def replay(self) -> State:
        last = None
        for last in self.states():  # noqa: B007 - the last state is the answer
            pass
        assert last is not None
        return last
