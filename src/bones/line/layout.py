"""The tiles on the table as players see them: arms growing from the first tile."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bones.line.kernel import PLAY, Kernel
from bones.line.moves import end_name
from bones.tiles import HIGH, LOW, TILES, Tile


@dataclass(frozen=True)
class Placement:
    """A tile on the table: ``near`` touches the tile it joins, ``far`` faces outwards."""

    tile: Tile
    slot: int  # -1 for the first tile
    near: int
    far: int
    joins: int  # index of the placement it joins (-1 for the first tile)
    seat: int

    @property
    def is_double(self) -> bool:
        return self.near == self.far


@dataclass(frozen=True)
class Layout:
    placements: tuple[Placement, ...]
    ends: tuple[int, ...]  # number showing at each slot
    weights: tuple[int, ...]  # 1 ordinary end, 2 double across, 0 spinner side not played on
    count: int  # all-fives count of the open ends (0 when empty)

    @classmethod
    def of(cls, kernel: Kernel) -> Layout:
        placements: list[Placement] = []
        last_on_slot: dict[int, int] = {}
        origin_of_log: dict[int, int] = {}
        for log_index, (seat, code, tile, slot) in enumerate(kernel.log):
            if code != PLAY:
                continue
            index = len(placements)
            origin_of_log[log_index] = index
            if slot < 0:
                placements.append(Placement(TILES[tile], -1, HIGH[tile], LOW[tile], -1, seat))
                continue
            if slot in last_on_slot:
                joins = last_on_slot[slot]
                near = placements[joins].far
            else:
                joins = origin_of_log[kernel.origins[slot]]
                first = placements[joins]
                # Slot 0 grows from the left (high) half of a first tile, slot 1 from its right half.
                near = first.near if (slot == 0 and first.slot < 0) else first.far
            far = LOW[tile] if HIGH[tile] == near else HIGH[tile]
            placements.append(Placement(TILES[tile], slot, near, far, joins, seat))
            last_on_slot[slot] = index
        count = kernel.ends_count() if kernel.placed else 0
        return cls(tuple(placements), tuple(kernel.ends), tuple(kernel.kinds), count)

    @property
    def is_empty(self) -> bool:
        return not self.placements

    def arm(self, slot: int) -> list[Placement]:
        return [p for p in self.placements if p.slot == slot]

    def line_text(self) -> str:
        """The main line left to right; spinner arms follow on their own lines."""
        if not self.placements:
            return "(empty table)"
        first = self.placements[0]
        left = [_tile_text(p.far, p.near) for p in reversed(self.arm(0))]
        right = [_tile_text(p.near, p.far) for p in self.arm(1)]
        lines = [" ".join([*left, _tile_text(first.near, first.far), *right])]
        for slot in range(2, len(self.ends)):
            arm = self.arm(slot)
            lines.append(f"  {end_name(slot)} arm: " + (" ".join(_tile_text(p.near, p.far) for p in arm) or "(open)"))
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tiles": [
                {
                    "tile": str(p.tile),
                    "slot": p.slot,
                    "near": p.near,
                    "far": p.far,
                    "joins": p.joins,
                    "seat": p.seat,
                }
                for p in self.placements
            ],
            "ends": [
                {"slot": slot, "name": end_name(slot), "value": value, "weight": weight}
                for slot, (value, weight) in enumerate(zip(self.ends, self.weights))
            ],
            "count": self.count,
        }


def layout_dict(kernel: Kernel) -> dict[str, Any]:
    """The public layout as JSON data, with the tile each open end grows from (the browser draws branching arms)."""
    data = Layout.of(kernel).to_dict()
    placement_of_log: dict[int, int] = {}
    count = 0
    for index, (_seat, code, _tile, _slot) in enumerate(kernel.log):
        if code == 0:  # a play
            placement_of_log[index] = count
            count += 1
    for end, origin in zip(data["ends"], kernel.origins):
        end["origin"] = placement_of_log.get(origin, 0)
    return data


def _tile_text(a: int, b: int) -> str:
    """Doubles lie across the line: [5|5]."""
    return f"[{a}|{b}]" if a == b else f"{a}:{b}"
