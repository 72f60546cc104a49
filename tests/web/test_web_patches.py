"""The views a seat is sent move by move, and the JSON Patches between them (``bones.web.patches``)."""

from __future__ import annotations

import itertools
import json
import random

import jsonpatch

from bones.web.patches import diff
from bones.web.referee import Referee
from bones.web.storage import Store


def _views_of_a_match(game: str, moves: int) -> list[dict]:
    referee = Referee(Store("sqlite://"), allow_setup=True)
    table = referee.create(game, "easy", seed=3, player="p")
    rng = random.Random(0)
    views = []
    for _ in range(moves):
        if table.state.is_over:
            break
        table._advance(rng.choice(table.state.legal_moves))
        views.append(table.view(0))
    return views


def test_each_patch_makes_the_next_view_and_finished_hands_are_shared_not_walked() -> None:
    views = _views_of_a_match("kozel", 400)
    assert len(views) > 60
    shared = 0
    seen = json.loads(json.dumps(views[0]))  # what the page holds: the views as their JSON made them
    for before, after in itertools.pairwise(views):
        seen = jsonpatch.apply_patch(seen, json.loads(json.dumps(diff(before, after))))
        assert seen == json.loads(json.dumps(after))
        old, new = before["board"]["results"], after["board"]["results"]
        # A finished hand's sheet is made once and shown by every later view of the match (a long match rebuilt
        # each hand's layout for every seat after every move), so the patch skips it without walking it.
        for sheet, again in zip(old, new):
            assert sheet is again
            shared += 1
        for hand, again in zip(before["hands"], after["hands"]):
            assert hand["details"]["layout"] is again["details"]["layout"]
    assert shared > 20  # the match went over several hands
