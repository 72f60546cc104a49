"""What a socket sends of a view: its JSON, written once for every socket that sends the same view, and the JSON
Patch (RFC 6902, ``jsonpatch``) from the view a socket sent last to the next, written once for every socket that sent
the same two."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any

import jsonpatch

SHORT_PATCH = 1024  # bytes: a patch shorter than this is sent without comparing it with the view


def compact_json(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)  # as Starlette's send_json writes it


class _ViewTexts:
    """The JSON of the views sent last, by the view itself: a table's view of a seat after a move is one object
    (``Table.view`` shares it), written once however many sockets of that seat send it."""

    def __init__(self, size: int = 256) -> None:  # a text is wanted for the moment its view is sent (some 30 KB each)
        self.size = size
        self._texts: OrderedDict[int, tuple[dict[str, Any], str]] = OrderedDict()  # the view is kept: its id stays
        self._guard = threading.Lock()  # each test client runs its own event loop

    def text(self, view: dict[str, Any]) -> str:
        with self._guard:
            kept = self._texts.get(id(view))
            if kept is not None and kept[0] is view:
                self._texts.move_to_end(id(view))
                return kept[1]
        text = compact_json(view)
        with self._guard:
            self._texts[id(view)] = (view, text)
            while len(self._texts) > self.size:
                self._texts.popitem(last=False)
        return text


VIEWS = _ViewTexts()


class _PatchTexts:
    """The JSON Patch from one view to the next (``jsonpatch``), by the pair of views: written once for the sockets
    of a seat that were sent the same views. None where the patch would be no shorter than the view itself."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._texts: OrderedDict[tuple[int, int], tuple[dict[str, Any], dict[str, Any], str | None]] = OrderedDict()
        self._guard = threading.Lock()

    def text(self, before: dict[str, Any], after: dict[str, Any]) -> str | None:
        key = (id(before), id(after))
        with self._guard:
            kept = self._texts.get(key)
            if kept is not None and kept[0] is before and kept[1] is after:
                self._texts.move_to_end(key)
                return kept[2]
        patch: str | None = compact_json(diff(before, after))
        # A patch under a kilobyte is shorter than any view (the smallest, a puzzle's first, is 1.2 KB): the view's
        # JSON (as much CPU as the patch) is written only to tell a longer patch from it.
        if len(patch or "") >= SHORT_PATCH and len(patch or "") >= len(VIEWS.text(after)):
            patch = None
        with self._guard:
            self._texts[key] = (before, after, patch)
            while len(self._texts) > self.size:
                self._texts.popitem(last=False)
        return patch


PATCHES = _PatchTexts()
_SCALARS = frozenset({str, int, float, bool, type(None)})


class _ViewDiff(jsonpatch.DiffBuilder):  # type: ignore[misc]
    """jsonpatch's diff, except that a list changed anywhere but at its end is replaced whole: the library looks for
    items moved within a list, which took seconds of CPU on a list of hundreds of moves (a Mountains view's legal
    moves) and held the event loop meanwhile. A list that grew at its end (a match's history) gets its new items."""

    def _compare_values(self, path: str, key: Any, src: Any, dst: Any) -> None:
        if src is dst:
            return  # a part the views share (a finished hand's sheet): unchanged, and not walked
        if type(src) is list and type(dst) is list and not (len(dst) >= len(src) and dst[: len(src)] == src):
            self._item_replaced(path, key, dst)
        else:
            super()._compare_values(path, key, src, dst)


def diff(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """The JSON Patch from ``before`` to ``after`` (as ``jsonpatch.JsonPatch.from_diff`` makes it, with ``_ViewDiff``)."""
    builder = _ViewDiff(before, after, _leaf)
    builder._compare_values("", None, before, after)
    return list(jsonpatch.JsonPatch(list(builder.execute())).patch)


def _leaf(value: Any) -> Any:
    """What jsonpatch compares two values of a view by (its default: their JSON, written anew for every number and
    string of the view, a quarter of the patch's CPU): a scalar by its type and value, so 1 and True still differ."""
    return (type(value), value) if type(value) in _SCALARS else json.dumps(value, sort_keys=True)
