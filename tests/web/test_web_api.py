"""The JSON API of the web table, through FastAPI's TestClient."""

from __future__ import annotations

import json
import re
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient

import bones
import bones.registry
from bones import rulebook
from bones.registry import GameInfo
from bones.web.app import create_app
from bones.web.entries import resolve_game, table_games
from bones.web.storage import Store

# The web table's list: the games drawn on the line board, in the order they registered, then variants.
GAMES = ("draw", "block", "allfives", "muggins", "kozel", "classic", "partnership")
# The other boards the browser draws, after the line games, grouped by board.
OFFERED = GAMES + ("bingo", "tetradominoes", "runners", "finder", "fujisan", "bee", "mountains")

# A block hand: you open 6:6, Lily holds no six and passes, then 6:3 fits both ends.
BOTH_ENDS = {
    "hands": [["6:6", "6:3", "1:1", "2:1", "3:0", "4:0", "5:0"], ["5:5", "4:4", "3:3", "2:2", "5:4", "4:3", "3:2"]],
    "opener": 0,
    "opening": "6:6",
}


def start(client: TestClient, **body: Any) -> tuple[dict[str, Any], dict[str, str]]:
    response = client.post("/api/games", json={"game": "draw", "level": "normal", **body})
    assert response.status_code == 201, response.text
    view = response.json()
    return view, {"X-Seat-Token": view["token"]}


def advance(client: TestClient, view: dict[str, Any], headers: dict[str, str], pick=lambda legal: legal[0]) -> Any:
    """One step of a match: close a sheet, play our move, or let the computer (or our forced move) go."""
    base = f"/api/games/{view['id']}"
    if view["status"] == "sheet":
        return client.post(f"{base}/next-hand", headers=headers)
    if view["to_move"] == view["seat"] and view["forced"] is None:
        move = pick(view["legal_moves"])
        return client.post(f"{base}/moves", headers=headers, json={"move": move, "move_number": view["move_number"]})
    return client.post(f"{base}/step", headers=headers, json={"move_number": view["move_number"]})


def test_a_new_game_seats_you_with_a_token_and_deals_seven(client: TestClient) -> None:
    view, _ = start(client, seed=5)
    assert view["seat"] == 0 and view["token"]
    assert [s["name"] for s in view["seats"]] == ["You", "Lily"]
    assert [s["kind"] for s in view["seats"]] == ["human", "computer"]
    assert len(view["board"]["hand"]) == 7 and view["board"]["boneyard_size"] == 14
    assert view["status"] == "playing" and view["move_number"] == 0
    assert "seed" not in json.dumps(view)


def test_kozel_seats_and_partner_level(client: TestClient) -> None:
    view, _ = start(client, game="kozel", level="easy")
    assert [s["name"] for s in view["seats"]] == ["You", "Lily", "Max", "Zoe"]
    assert view["teams"] and view["sides"] == [0, 1, 0, 1]
    levels = bones.bots.levels_for(bones.rules("kozel"))
    # Max plays at least Hard, or the strongest level there is below it.
    assert view["seats"][2]["plays"] == bones.bots.at_least(bones.rules("kozel"), "easy", "hard")
    assert view["seats"][2]["plays"] in levels and view["seats"][1]["plays"] == "easy"


def test_requests_without_the_seat_token_are_refused(client: TestClient) -> None:
    view, _ = start(client)
    base = f"/api/games/{view['id']}"
    assert client.get(base).status_code == 403
    wrong = client.get(base, headers={"X-Seat-Token": "not-it"})
    assert wrong.status_code == 403 and "does not belong" in wrong.json()["detail"]
    assert client.get("/api/games/nope", headers={"X-Seat-Token": view["token"]}).status_code == 404


def test_an_illegal_move_is_refused_with_the_reason_and_changes_nothing(client: TestClient) -> None:
    view, headers = start(client, game="block", setup=BOTH_ENDS)
    base = f"/api/games/{view['id']}"
    bad = client.post(f"{base}/moves", headers=headers, json={"move": "6:3", "move_number": 0})
    assert bad.status_code == 400
    assert bad.json()["detail"] == "this hand must be opened with 6:6"
    held = set(view["board"]["hand"])
    missing = next(f"{a}:{b}" for a in range(7) for b in range(a + 1) if f"{a}:{b}" not in held)
    not_held = client.post(f"{base}/moves", headers=headers, json={"move": missing, "move_number": 0})
    assert not_held.status_code == 400 and not_held.json()["detail"] == f"you do not hold {missing}"  # no seat number
    garbage = client.post(f"{base}/moves", headers=headers, json={"move": "hello", "move_number": 0})
    assert garbage.status_code == 400 and "not a move" in garbage.json()["detail"]
    again = client.get(base, headers=headers).json()
    assert again["move_number"] == 0 and again["board"]["hand"] == view["board"]["hand"]


def test_a_stale_move_number_is_refused(client: TestClient) -> None:
    view, headers = start(client, game="block", setup=BOTH_ENDS)
    base = f"/api/games/{view['id']}"
    ok = client.post(f"{base}/moves", headers=headers, json={"move": "6:6", "move_number": 0})
    assert ok.status_code == 200 and ok.json()["move_number"] == 1
    stale = client.post(f"{base}/step", headers=headers, json={"move_number": 0})
    assert stale.status_code == 409 and "stale" in stale.json()["detail"]
    assert client.get(base, headers=headers).json()["move_number"] == 1


def test_moving_out_of_turn_is_refused(client: TestClient) -> None:
    view, headers = start(client, game="block", setup=BOTH_ENDS)
    base = f"/api/games/{view['id']}"
    view = client.post(f"{base}/moves", headers=headers, json={"move": "6:6", "move_number": 0}).json()
    assert view["to_move"] == 1 and view["legal_moves"] == [] and view["board"]["why"] == {}
    refused = client.post(f"{base}/moves", headers=headers, json={"move": "6:3@left", "move_number": 1})
    assert refused.status_code == 409 and "Lily's turn" in refused.json()["detail"]


def test_a_tile_that_fits_both_ends_and_a_pass(client: TestClient) -> None:
    view, headers = start(client, game="block", setup=BOTH_ENDS)
    base = f"/api/games/{view['id']}"
    assert view["legal_moves"] == ["6:6"]
    assert view["board"]["why"]["6:3"] == "This hand must be opened with 6:6"
    view = client.post(f"{base}/moves", headers=headers, json={"move": "6:6", "move_number": 0}).json()
    view = client.post(f"{base}/step", headers=headers, json={"move_number": 1}).json()
    assert view["last"] == {
        "seat": 1,
        "move": "pass",
        "points": 0,
        "hand_ended": False,
        "move_number": 2,
        "text": "Lily passes.",
    }
    assert view["to_move"] == 0
    assert sorted(view["legal_moves"]) == ["6:3@left", "6:3@right"]
    assert view["board"]["why"]["1:1"] == "1:1 does not fit: the end shows 6"
    view = client.post(f"{base}/moves", headers=headers, json={"move": "6:3@right", "move_number": 2}).json()
    placed = view["board"]["layout"]["tiles"][-1]
    assert (placed["tile"], placed["slot"], placed["near"], placed["far"]) == ("6:3", 1, 6, 3)
    assert [e["value"] for e in view["board"]["layout"]["ends"]] == [6, 3]


# Block: Lily opens 6:6 and you hold no six, so your only move is a pass nobody chooses.
YOU_PASS = {"hands": [["1:1", "2:1", "2:2"], ["6:6", "6:5", "5:5"]], "opener": 1, "opening": "6:6"}


def test_a_forced_pass_is_flagged_and_made_by_a_step(client: TestClient) -> None:
    view, headers = start(client, game="block", setup=YOU_PASS)
    base = f"/api/games/{view['id']}"
    assert view["to_move"] == 1 and view["forced"] is None
    view = client.post(f"{base}/step", headers=headers, json={"move_number": 0}).json()
    assert view["to_move"] == 0 and view["legal_moves"] == ["pass"] and view["forced"] == "pass"
    view = client.post(f"{base}/step", headers=headers, json={"move_number": 1}).json()
    assert view["last"]["seat"] == 0 and view["last"]["move"] == "pass" and view["last"]["text"] == "You pass."
    assert view["to_move"] == 1 and view["forced"] is None


def test_a_choice_is_not_flagged_forced(client: TestClient) -> None:
    view, _ = start(client, game="block", setup=BOTH_ENDS)
    assert view["legal_moves"] == ["6:6"] and view["forced"] is None  # one move, but a tile is a choice


def test_step_refuses_to_choose_for_a_human(client: TestClient) -> None:
    view, headers = start(client, game="block", setup=BOTH_ENDS)
    refused = client.post(f"/api/games/{view['id']}/step", headers=headers, json={"move_number": 0})
    assert refused.status_code == 409 and "turn to choose" in refused.json()["detail"]


def test_drawing_shows_only_your_own_new_tile(client: TestClient) -> None:
    setup = {"hands": [["6:6", "1:0"], ["5:5", "4:4"]], "boneyard": ["2:0", "6:1", "3:3"], "opener": 0}
    view, headers = start(client, game="draw", setup=setup)
    base = f"/api/games/{view['id']}"
    view = client.post(f"{base}/moves", headers=headers, json={"move": "6:6", "move_number": 0}).json()
    # Lily holds no six: she draws 2:0, then 6:1 (the boneyard is drawn from its start), then plays it.
    view = client.post(f"{base}/step", headers=headers, json={"move_number": 1}).json()
    assert view["last"]["move"] == "draw" and view["board"]["hand_sizes"][1] == 3
    assert "2:0" not in json.dumps(view)
    assert view["board"]["boneyard_size"] == 2 and view["board"]["drawable"] == 2


def test_the_last_move_is_told_to_each_seat_as_that_seat_may_know_it(client: TestClient) -> None:
    setup = {"hands": [["6:6", "1:0"], ["5:5", "4:4"]], "boneyard": ["2:0", "6:1", "3:3"], "opener": 0}
    seats = [{"kind": "human"}, {"kind": "human", "name": "Max"}]
    view, headers = start(client, game="draw", setup=setup, seats=seats)
    base = f"/api/games/{view['id']}"
    max_browser = TestClient(client.app)  # another player: a cookie jar of its own
    theirs = {"X-Seat-Token": max_browser.post(f"{base}/seats/1").json()["token"]}
    view = client.post(f"{base}/moves", headers=headers, json={"move": "6:6", "move_number": 0}).json()
    assert view["last"]["text"] == "You play 6:6 to open."
    assert view["forced"] is None and view["legal_moves"] == []
    mine = max_browser.get(base, headers=theirs).json()
    assert mine["seat"] == 1 and mine["forced"] == "draw" and mine["legal_moves"] == ["draw"]
    mine = max_browser.post(f"{base}/moves", headers=theirs, json={"move": "draw", "move_number": 1}).json()
    assert mine["last"]["text"] == "You draw 2:0 from the boneyard."
    view = client.get(base, headers=headers).json()
    assert view["last"]["text"] == "Max draws from the boneyard." and "2:0" not in json.dumps(view)


def test_the_hand_sheet_must_be_closed_before_play_goes_on(client: TestClient) -> None:
    setup = {"hands": [["6:6", "6:5"], ["1:0", "2:0"]], "opener": 0}
    view, headers = start(client, game="block", setup=setup, seed=1)
    base = f"/api/games/{view['id']}"
    client.post(f"{base}/moves", headers=headers, json={"move": "6:6", "move_number": 0})
    client.post(f"{base}/step", headers=headers, json={"move_number": 1})
    view = client.post(f"{base}/moves", headers=headers, json={"move": "6:5@left", "move_number": 2}).json()
    assert view["status"] == "sheet" and view["hand_no"] == 2
    sheet = view["sheet"]["details"]
    assert view["sheet"]["winners"] == [0] and view["sheet"]["points"] == [3, 0] and not view["sheet"]["final"]
    assert sheet["winner"] == 0 and sheet["ending"] == "domino"
    assert sheet["hands"] == [[], ["1:0", "2:0"]] and sheet["pips"] == [0, 3]
    assert sheet["points"] == [3, 0] and sheet["totals"] == [3, 0]
    assert [t["tile"] for t in sheet["layout"]["tiles"]] == ["6:6", "6:5"]
    assert view["board"]["layout"]["tiles"] == [] and len(view["board"]["hand"]) == 7
    assert view["last"]["hand_ended"]
    blocked = client.post(f"{base}/step", headers=headers, json={"move_number": 3})
    assert blocked.status_code == 409 and "NEXT HAND" in blocked.json()["detail"]
    view = client.post(f"{base}/next-hand", headers=headers).json()
    assert view["status"] == "playing" and view["sheet"] is None and view["scores"] == [3, 0]
    assert client.post(f"{base}/next-hand", headers=headers).status_code == 409


def test_hint_gives_a_legal_move_on_your_turn_only(client: TestClient) -> None:
    view, headers = start(client, game="block", setup=BOTH_ENDS)
    base = f"/api/games/{view['id']}"
    found = client.get(f"{base}/hint", headers=headers).json()
    assert found["best"] == "6:6" and found["move_number"] == 0
    client.post(f"{base}/moves", headers=headers, json={"move": "6:6", "move_number": 0})
    assert client.get(f"{base}/hint", headers=headers).status_code == 409
    client.post(f"{base}/step", headers=headers, json={"move_number": 1})
    found = client.get(f"{base}/hint", headers=headers).json()
    assert found["best"] in ("6:3@left", "6:3@right")
    if found["estimates"] is not None:
        assert {e["move"] for e in found["estimates"]} == {"6:3@left", "6:3@right"}


def test_bad_requests_get_clear_4xx_messages(client: TestClient) -> None:
    for body, status, words in (
        ({"game": "chess"}, 400, "unknown game 'chess'"),
        ({"game": "draw", "level": "godlike"}, 400, "unknown level 'godlike'"),
        ({"game": "draw", "players": 7}, 400, "players=7"),
        ({"game": "kozel", "players": 2}, 400, "played by 4 players"),
        ({"game": "draw", "seats": [{"kind": "computer"}, {"kind": "human"}]}, 400, "seat 0 must be a human"),
        ({"game": "draw", "players": "many"}, 422, "players"),
    ):
        response = client.post("/api/games", json=body)
        assert response.status_code == status, (body, response.text)
        assert words in response.json()["detail"], response.json()
    view, headers = start(client)
    missing = client.post(f"/api/games/{view['id']}/moves", headers=headers, json={"move": "6:6"})
    assert missing.status_code == 422 and "move_number" in missing.json()["detail"]


def test_a_real_server_keeps_the_deal_secret(tmp_path) -> None:
    with TestClient(create_app(Store(f"sqlite:///{tmp_path / 'b.sqlite3'}"))) as plain:
        refused = plain.post("/api/games", json={"game": "draw", "seed": 3})
        assert refused.status_code == 403 and "test server" in refused.json()["detail"]
        view = plain.post("/api/games", json={"game": "draw"}).json()
        record = plain.get(f"/api/games/{view['id']}/record", headers={"X-Seat-Token": view["token"]})
        assert record.status_code == 409


def test_continue_finds_the_unfinished_game_and_a_new_game_abandons_it(client: TestClient) -> None:
    assert client.get("/api/games/current").status_code == 204  # nothing to continue is no error
    first, headers = start(client, game="block", setup=BOTH_ENDS)
    client.post(f"/api/games/{first['id']}/moves", headers=headers, json={"move": "6:6", "move_number": 0})
    current = client.get("/api/games/current").json()
    assert current["id"] == first["id"] and current["token"] == first["token"] and current["move_number"] == 1
    second, _ = start(client, game="allfives")
    assert client.get("/api/games/current").json()["id"] == second["id"]
    gone = client.post(f"/api/games/{first['id']}/step", headers=headers, json={"move_number": 1})
    assert gone.status_code == 409 and "abandoned" in gone.json()["detail"]
    assert client.get(f"/api/games/{first['id']}", headers=headers).json()["status"] == "abandoned"
    stats = client.get("/api/stats", params={"game": "block", "level": "normal"}).json()
    assert (stats["played"], stats["won"], stats["abandoned"]) == (0, 0, 1)
    assert [g["id"] for g in client.get("/api/player").json()["games"]] == [second["id"]]


def test_a_table_with_seats_for_people_is_kept_and_abandon_gives_a_match_up(client: TestClient) -> None:
    people, headers = start(client, seats=[{"kind": "human"}, {"kind": "human"}])
    solo, solo_headers = start(client)
    # A new match gives up only your match against computers: a table with other people stays, listed.
    listed = client.get("/api/player").json()["games"]
    assert [(g["id"], g["seat"], g["token"]) for g in listed] == [
        (solo["id"], 0, solo["token"]),
        (people["id"], 0, people["token"]),
    ]
    given_up = client.post(f"/api/games/{people['id']}/abandon", headers=headers)
    assert given_up.status_code == 200 and given_up.json()["status"] == "abandoned"
    assert client.post(f"/api/games/{people['id']}/abandon", headers=headers).status_code == 409
    assert [g["id"] for g in client.get("/api/player").json()["games"]] == [solo["id"]]
    assert client.get(f"/api/games/{solo['id']}", headers=solo_headers).json()["status"] == "playing"


# Kozel in its second hand: your pair has written 30, the others 12 (low is good).
KOZEL_HANDS = [
    ["0:0", "2:0", "2:1", "5:0", "5:2", "5:5", "6:2"],
    ["1:0", "3:0", "4:2", "4:4", "5:3", "6:0", "6:5"],
    ["2:2", "4:1", "5:1", "5:4", "6:1", "6:3", "6:4"],
    ["1:1", "3:1", "3:2", "3:3", "4:0", "4:3", "6:6"],
]


def test_an_abandoned_match_is_recorded_as_abandoned_not_as_a_result(client: TestClient) -> None:
    # Two won matches make a streak; a kozel match given up with 30 written must not become the best score.
    for _ in range(2):
        won, headers = start(client, game="block", level="easy", setup={**BOTH_ENDS, "scores": [99, 0]})
        view = won
        while view["status"] != "over":
            view = advance(client, view, headers).json()
    kozel, headers = start(client, game="kozel", level="easy", setup={"hands": KOZEL_HANDS, "scores": [30, 12]})
    view = client.post(f"/api/games/{kozel['id']}/step", headers=headers, json={"move_number": 0}).json()
    assert view["move_number"] == 1
    client.post(f"/api/games/{kozel['id']}/abandon", headers=headers)
    assert client.get(f"/api/games/{kozel['id']}", headers=headers).json()["status"] == "abandoned"
    stats = client.get("/api/stats", params={"game": "kozel", "level": "easy"}).json()
    assert (stats["played"], stats["won"], stats["best_score"], stats["average_score"]) == (0, 0, None, None)
    assert stats["abandoned"] == 1
    # A match given up before any move is not counted at all.
    unplayed, headers = start(client, game="block", level="easy")
    client.post(f"/api/games/{unplayed['id']}/abandon", headers=headers)
    block = client.get("/api/stats", params={"game": "block", "level": "easy"}).json()
    assert (block["played"], block["won"], block["abandoned"], block["streak"]) == (2, 2, 0, 2)


def test_first_visit_finds_everything_it_asks_for(client: TestClient) -> None:
    page = client.get("/")
    for asset in re.findall(r'(?:href|src)="(/static/[^"?]+)', page.text):
        assert client.get(asset).status_code == 200, asset
    assert client.get("/api/catalog").status_code == 200
    assert client.get("/api/games/current").status_code == 204
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")


def test_the_list_of_games_comes_from_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    assert table_games() == OFFERED
    # A game that registers with a board the table draws joins the list; one without a board does not.
    draw = bones.registry.game_info("draw")
    monkeypatch.setitem(
        bones.registry._REGISTRY, "draw2", GameInfo("draw2", "Draw again", "line", draw.make, board="line")
    )
    monkeypatch.setitem(bones.registry._REGISTRY, "noboard", GameInfo("noboard", "No board", "line", draw.make))
    assert table_games() == GAMES[:-1] + ("draw2", "partnership") + OFFERED[len(GAMES) :]


def test_the_catalog_and_views_say_what_the_page_shows_without_naming_games(client: TestClient) -> None:
    catalog = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    assert [g for g in catalog if catalog[g]["in_pairs"]] == ["kozel", "partnership"]
    assert all(g["tagline"] for g in catalog.values())
    for game, eggs in (("kozel", True), ("draw", False), ("partnership", False)):
        view, _ = start(client, game=game, level="easy")
        assert view["board"]["carries_eggs"] is eggs


def test_the_rules_page_of_every_web_game(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()["games"]
    assert [g["id"] for g in catalog] == list(OFFERED)
    for game in catalog:
        page = client.get(f"/api/rules/{game['id']}")
        assert page.status_code == 200, page.text
        data = page.json()
        game_id, fixed = resolve_game(game["id"])
        info = bones.registry.game_info(game_id)
        # The same page as `bones rules GAME` (with a variant's fixed options), as text and as sections.
        sections = rulebook.parse(info.make(**fixed).describe())
        assert data["text"] == rulebook.plain(sections) and data["title"] == game["title"]
        assert data["sections"] == rulebook.to_json(sections)
        assert [s["heading"] for s in data["sections"]][:6] == list(rulebook.SECTIONS)
        assert [o["name"] for o in data["options"]] == [n for n in info.option_names() if n not in fixed]
    # The page for the number of players chosen; a number the game does not offer is left out.
    three = client.get("/api/rules/draw", params={"players": 3}).json()["text"]
    assert "3 players" in three and "5 tiles each" in three
    assert "4 players, two pairs" in client.get("/api/rules/partnership", params={"players": 2}).json()["text"]
    assert "the solitaire" in client.get("/api/rules/tetradominoes", params={"players": 1}).json()["text"]
    assert client.get("/api/rules/draw", params={"players": "many"}).status_code == 422
    missing = client.get("/api/rules/nosuchgame")
    assert missing.status_code == 404 and "unknown game" in missing.json()["detail"]


def test_two_racing_steps_apply_once(client: TestClient) -> None:
    view, headers = start(client, game="block", setup=BOTH_ENDS)
    base = f"/api/games/{view['id']}"
    client.post(f"{base}/moves", headers=headers, json={"move": "6:6", "move_number": 0})
    answers: list[int] = []

    def step() -> None:
        answers.append(client.post(f"{base}/step", headers=headers, json={"move_number": 1}).status_code)

    threads = [threading.Thread(target=step) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [200, 409]
    assert client.get(base, headers=headers).json()["move_number"] == 2


def test_the_api_is_documented(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    for path in ("/api/games", "/api/games/{game_id}/moves", "/api/games/{game_id}/step", "/api/games/current"):
        assert path in schema["paths"]
    assert "move_number" in schema["components"]["schemas"]["MoveIn"]["properties"]
    assert client.get("/docs").status_code == 200
    page = client.get("/")
    assert page.status_code == 200 and "PLAY" in page.text


def hidden_pattern(tile: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\d]){re.escape(tile)}(?![\d])")


@pytest.mark.parametrize("game", GAMES)
def test_no_response_of_a_whole_match_shows_a_hidden_tile(client: TestClient, game: str) -> None:
    """Play a whole match through the API; every answer is checked against the referee's hidden tiles."""
    view, headers = start(client, game=game, level="normal", seed=11)
    referee = client.app.state.referee  # type: ignore[attr-defined]
    responses = 0
    while view["status"] != "over":
        response = advance(client, view, headers, pick=lambda legal: legal[-1])
        assert response.status_code == 200, response.text
        view = response.json()
        responses += 1
        state = referee.get(view["id"]).state
        hidden = state.hidden_from(0) if not state.is_over else frozenset()
        public = dict(view)
        # Finished hands are turned face up by the rules; their tiles are dealt again later.
        public["board"] = dict(public["board"])
        public["board"].pop("results")
        public.pop("hands")
        public.pop("sheet")
        if view["last"] and view["last"]["hand_ended"]:
            public.pop("last")  # the move that ended the finished hand
        text = json.dumps(public)
        for tile in hidden:
            assert not hidden_pattern(tile).search(text), f"response {responses} shows {tile}"
        assert responses < 3000
    assert view["outcome"] is not None
    stats = client.get("/api/stats", params={"game": game, "level": "normal"}).json()
    assert stats["played"] == 1
    record = client.get(f"/api/games/{view['id']}/record", headers=headers).json()
    assert record["game"] == resolve_game(game)[0] and len(record["moves"]) == view["move_number"]


# Kozel fishes (issue 10): seat 0 makes the fish with 1:1 and nobody can follow.
FISH_WRITTEN_BY_THE_FISH_MAKER = {"hands": [["1:1", "0:0"], ["2:2", "3:0"], ["5:5", "4:0"], ["6:6", "3:3"]]}
EGGS = {"hands": [["1:1", "2:0"], ["4:0"], ["3:3"], ["2:2"]]}


@pytest.mark.parametrize(
    ("setup", "winner", "points", "hands_won", "eggs"),
    [(FISH_WRITTEN_BY_THE_FISH_MAKER, 1, [39, 0], [0, 1], 0), (EGGS, None, [0, 0], [0, 0], 8)],
    ids=["fish", "eggs"],
)
def test_a_kozel_fish_sheet_names_the_lighter_pair_and_eggs_nobody(
    client: TestClient, setup: dict[str, Any], winner: int | None, points: list[int], hands_won: list[int], eggs: int
) -> None:
    view, headers = start(client, game="kozel", setup=setup)
    view = client.post(f"/api/games/{view['id']}/moves", headers=headers, json={"move": "1:1", "move_number": 0})
    view = view.json()
    assert view["status"] == "sheet"
    sheet = view["sheet"]["details"]
    assert (sheet["ending"], sheet["winner"], sheet["points"], sheet["eggs"]) == ("blocked", winner, points, eggs)
    assert view["hands_won"] == hands_won
    assert ("eggs" in sheet["note"]) == bool(eggs)
    assert "seat 0" not in sheet["note"]
    view = client.post(f"/api/games/{view['id']}/next-hand", headers=headers).json()
    assert view["to_move"] == 0  # the fish maker opens the next hand either way
