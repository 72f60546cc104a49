// Playing with people. The lobby: a new table of the game chosen on the menu, each seat kept open for a person,
// given to a computer, or yours; and the open public tables to join. The room: one table before its start, with
// its invitation link (/?join=ID) to copy, its seats, a name to sit down with, and the host's START (computers
// take the seats still open). The room hears of each change over the table's socket (live.js), which then brings
// the match. Names reach the page as text only.
import { $, el } from "./dom.js";
import { askToAbandon } from "./dialogs.js";
import { chosenOptions, matchLine, radio, showHome } from "./home.js";
import { api } from "./net.js";
import { S, entryOf } from "./state.js";
import { enterTable, toast } from "./table.js";
import { LIVE, joinLive, leaveLive } from "./live.js";
import { levelName, optionsText } from "./words.js";

const ROOM = { lobby: null, seat: null, token: null };
const CHOICES = [{ value: "open", label: "Open" }, { value: "computer", label: "Computer" }];
let listTimer = 0;
let known = null; // the player's name as the server has it

function chosenGame() {
  const games = S.catalog.games;
  const game = games.find((g) => g.id === S.settings.game) || games[0];
  const players = game.players.includes(S.settings.players) ? S.settings.players : game.default_players;
  return { game, players };
}

function show(screen) {
  for (const id of ["home", "lobby", "room", "table"]) $(id).hidden = id !== screen;
}

async function loadName() {
  try {
    known = (await api("GET", "/api/player")).name;
  } catch (_) {
    known = null;
  }
  for (const id of ["lobby-name", "room-name"]) if (!$(id).value) $(id).value = known || "";
}

// The name typed, kept for next time; false when the server refuses it (and says why).
async function settleName(input) {
  const name = input.value.trim();
  if (!name || name === known) return name || null;
  try {
    known = (await api("PUT", "/api/player/name", { name })).name;
    return known;
  } catch (e) {
    toast(`Your name: ${e.message}`);
    input.focus();
    return false;
  }
}

// ---------------------------------------------------------------- the lobby
export async function showLobby() {
  if (!S.catalog) return;
  leaveLive();
  show("lobby");
  renderNewTable();
  loadName();
  await refreshList();
  $("lobby-create").focus();
}

const kinds = new Map(); // "game/players" -> the kind chosen for each seat after the host's

function seatKinds(game, players) {
  const key = `${game.id}/${players}`;
  if (!kinds.has(key)) kinds.set(key, Array.from({ length: players - 1 }, () => "open"));
  return kinds.get(key);
}

function renderNewTable() {
  const { game, players } = chosenGame();
  const level = levelName(S.settings.level);
  // The options chosen on the menu come along: the table is played with them.
  const rules = optionsText(game, chosenOptions(game, S.settings));
  $("lobby-game").textContent = [game.title, `${players} ${players === 1 ? "player" : "players"}`, rules, `computers play ${level}`]
    .filter(Boolean).join(" · ");
  const chosen = seatKinds(game, players);
  const box = $("lobby-seats");
  box.replaceChildren();
  const partner = game.in_pairs && players === 4 ? 2 : -1;
  const mine = el("div", "lobby-seat");
  mine.append(el("span", "", "Seat 1"), el("span", "me-tag", "you (host)"));
  box.appendChild(mine);
  chosen.forEach((kind, i) => {
    const seat = i + 1;
    const line = el("div", "lobby-seat");
    line.dataset.seat = String(seat);
    const label = el("span", "", `Seat ${seat + 1}${seat === partner ? " · your partner" : ""}`);
    label.id = `lobby-seat-${seat}`;
    const choice = el("div", "seg");
    choice.setAttribute("role", "radiogroup");
    choice.setAttribute("aria-labelledby", label.id);
    radio(choice, CHOICES, kind, (value) => { chosen[i] = value; renderNewTable(); });
    line.append(label, choice);
    box.appendChild(line);
  });
}

async function createTable() {
  const { game, players } = chosenGame();
  const name = await settleName($("lobby-name"));
  if (name === false) return;
  const computers = seatKinds(game, players).flatMap((kind, i) => (kind === "computer" ? [i + 1] : []));
  const wait = Math.round(Number($("lobby-replace").value) || 60);
  const body = {
    game: game.id,
    level: S.settings.level,
    public: $("lobby-public").checked,
    replace_after: Math.min(3600, Math.max(5, wait)),
    computers,
  };
  const options = chosenOptions(game, S.settings);
  if (Object.keys(options).length) body.options = options;
  if (game.players.length > 1) body.players = players;
  if (name) body.name = name;
  try {
    const made = await api("POST", "/api/lobby", body);
    enterRoom(made, made.seat, made.token);
  } catch (e) { toast(e.message); }
}

async function refreshList() {
  clearTimeout(listTimer);
  if ($("lobby").hidden) return;
  let tables = [];
  try {
    tables = (await api("GET", "/api/lobby")).tables;
  } catch (_) { /* the list comes again in a moment */ }
  const list = $("lobby-list");
  list.replaceChildren(...tables.map(tableItem));
  $("lobby-empty").hidden = tables.length > 0;
  listTimer = setTimeout(refreshList, 5000);
}

function tableItem(t) {
  const entry = entryOf(t.game);
  const li = el("li", "lobby-table");
  const words = el("div", "lobby-table-words");
  words.append(
    el("b", "", entry ? entry.title : t.game),
    el("span", "hint-text", [`${t.seats[0].name}'s table`, `${t.open_seats.length} of ${t.players} seats open`,
      optionsText(entry, t.options), levelName(t.level)].filter(Boolean).join(" · ")),
  );
  const join = el("button", "btn", "JOIN");
  join.addEventListener("click", () => openInvitation(t.id));
  join.setAttribute("aria-label", `Join ${t.seats[0].name}'s table`);
  li.append(words, join);
  return li;
}

// ------------------------------------------------------------------ the room
// From an invitation link or the lobby's list: the table's seats, and a seat to take.
export async function openInvitation(id) {
  let lobby;
  try {
    lobby = await api("GET", `/api/lobby/${encodeURIComponent(id)}`);
  } catch (e) {
    toast(e.status === 404 ? "That invitation is for no table here (the link may be cut short)." : e.message);
    showLobby();
    return;
  }
  // A table this player sits at already (a page opened again): back to its room, or to the match.
  if (lobby.token) {
    if (lobby.status !== "started") {
      enterRoom(lobby, lobby.seat, lobby.token);
      return;
    }
    S.token = lobby.token;
    let view;
    try {
      view = await api("GET", `/api/games/${encodeURIComponent(id)}`);
    } catch (e) { toast(e.message); toMenu(); return; }
    enterTable({ ...view, token: lobby.token });
    // A lobby's table is played on by the server: the page follows it over the socket, however many people sit
    // there, from the move it shows.
    joinLive(id, lobby.token);
    Object.assign(LIVE, { driven: true, seen: view.move_number });
    return;
  }
  if (lobby.status === "started") {
    toast("That match has started: its seats are taken.");
    showLobby();
    return;
  }
  ROOM.lobby = lobby;
  ROOM.seat = null;
  ROOM.token = null;
  leaveLive();
  show("room");
  loadName();
  renderRoom();
}

// REMATCH at the results of a match with people: the same table again (one, however many press), the seats turned;
// the others still at the results are taken there by their socket (live.js), as this page is by the answer.
async function askRematch() {
  const v = S.view;
  if (!v) return;
  $("rematch").disabled = true;
  try {
    const made = await api("POST", `/api/lobby/${encodeURIComponent(v.id)}/rematch`);
    await followRematch(made.id);
  } catch (e) {
    $("rematch").disabled = false;
    toast(e.message);
  }
}

let following = null; // the rematch this page is going to: the answer and the socket's word both name it
async function followRematch(id) {
  if (following === id || (S.view && S.view.id === id)) return;
  following = id;
  try {
    $("results").hidden = true;
    await openInvitation(id);
    toast("Rematch: the same table, the seats turned.");
  } finally {
    following = null;
  }
}

function enterRoom(lobby, seat, token) {
  Object.assign(ROOM, { lobby, seat, token });
  S.token = token;
  show("room");
  renderRoom();
  joinLive(lobby.id, token, { room: true, onLobby: heardLobby });
}

// The room changed. A seat of ours that is ours no more: the host removed us (the socket is let go by the server).
function heardLobby(changed, seat) {
  ROOM.lobby = changed;
  if (ROOM.seat !== null && (seat === null || seat === undefined)) {
    Object.assign(ROOM, { seat: null, token: null });
    S.token = null;
    leaveLive();
    toast(`${changed.seats[0].name} took you off this table. You may take an open seat again.`);
  }
  renderRoom();
}

function renderRoom() {
  const lobby = ROOM.lobby;
  const entry = entryOf(lobby.game);
  const host = ROOM.seat === 0;
  const seated = ROOM.seat !== null;
  const closed = lobby.status === "closed";
  $("room-title").textContent = entry ? entry.title : lobby.game;
  const rules = optionsText(entry, lobby.options);
  $("room-rules").textContent = rules ? `Played with: ${rules}` : "";
  $("room-rules").hidden = !rules;
  const open = lobby.open_seats.length;
  let note;
  if (closed) note = `${lobby.seats[0].name} closed this table.`;
  else if (!seated) note = open ? "Take a seat: pick an open one below." : "This table is full.";
  else if (host) note = open ? "Send the link to the people you want at the table. START when you are ready: computers take the seats still open." : "Everyone is seated: START when you are ready.";
  else note = `Waiting for ${lobby.seats[0].name} to start the match.`;
  $("room-note").textContent = note;
  $("room-link").value = new URL(`/?join=${lobby.id}`, location.href).href;
  $("room-invite").hidden = !seated;
  $("room-name-row").hidden = seated;
  $("room-start").hidden = !host || closed;
  const list = $("room-seats");
  list.replaceChildren();
  const partnerOf = entry && entry.in_pairs && lobby.players === 4 ? (n) => (n + 2) % 4 : () => -1;
  lobby.seats.forEach((seat, n) => {
    const li = el("li", `room-seat ${seat.kind}`);
    li.dataset.seat = String(n);
    const who = el("span", "room-seat-name", seat.kind === "open" ? "Open seat" : seat.name);
    const tags = [];
    if (n === ROOM.seat) tags.push("you");
    if (n === 0) tags.push("host");
    else if (seat.kind === "human" && n !== ROOM.seat) tags.push("person");
    if (seat.kind === "computer") tags.push(`computer · ${levelName(seat.level || lobby.level)}`);
    if (seated && partnerOf(ROOM.seat) === n) tags.push("your partner");
    li.append(el("span", "room-seat-number", `Seat ${n + 1}`), who);
    if (tags.length) li.appendChild(el("span", "room-seat-tags", tags.join(" · ")));
    if (!closed && !seated && seat.kind === "open") {
      const sit = el("button", "btn primary", "SIT HERE");
      sit.setAttribute("aria-label", `Sit at seat ${n + 1}`);
      sit.addEventListener("click", () => takeSeat(n));
      li.appendChild(sit);
    } else if (!closed && host && n > 0 && seat.kind === "human") {
      // Names, not seat numbers: the host removes a person.
      const remove = el("button", "btn", "REMOVE");
      remove.setAttribute("aria-label", `Remove ${seat.name} from the table`);
      remove.addEventListener("click", () => removeGuest(n));
      li.appendChild(remove);
    } else if (!closed && host && n > 0 && seat.kind !== "human") {
      const give = el("button", "btn", seat.kind === "open" ? "COMPUTER" : "OPEN");
      give.setAttribute("aria-label", seat.kind === "open" ? `Give seat ${n + 1} to a computer` : `Open seat ${n + 1} for a person`);
      give.addEventListener("click", () => setSeat(n, seat.kind === "open" ? "computer" : "open"));
      li.appendChild(give);
    }
    list.appendChild(li);
  });
}

async function takeSeat(n) {
  const name = await settleName($("room-name"));
  if (name === false) return;
  try {
    const taken = await api("POST", `/api/lobby/${encodeURIComponent(ROOM.lobby.id)}/seats`, name ? { seat: n, name } : { seat: n });
    enterRoom(taken, taken.seat, taken.token);
  } catch (e) {
    toast(e.message);
    try { ROOM.lobby = await api("GET", `/api/lobby/${encodeURIComponent(ROOM.lobby.id)}`); renderRoom(); } catch (_) { /* as it was */ }
  }
}

async function setSeat(n, kind) {
  try {
    ROOM.lobby = await api("PUT", `/api/lobby/${encodeURIComponent(ROOM.lobby.id)}/seats/${n}`, { kind });
    renderRoom();
  } catch (e) { toast(e.message); }
}

async function removeGuest(n) {
  try {
    ROOM.lobby = await api("DELETE", `/api/lobby/${encodeURIComponent(ROOM.lobby.id)}/seats/${n}`);
    renderRoom();
  } catch (e) { toast(e.message); }
}

// The match gives up the host's unfinished one against computers (the server refuses unless told so): the page
// asks first, as PLAY does.
async function startMatch() {
  const url = `/api/lobby/${encodeURIComponent(ROOM.lobby.id)}`;
  let view;
  try {
    const solo = (await api("GET", url)).gives_up;
    if (solo) {
      const choice = await askToAbandon(solo, matchLine(solo));
      if (choice === "continue") {
        leaveLive();
        show("table");
        S.token = solo.token;
        enterTable(solo);
      }
      if (choice !== "new") return;
    }
    view = await api("POST", `${url}/start`, solo ? { give_up: true } : undefined);
  } catch (e) {
    toast(e.message);
    return;
  }
  LIVE.room = false;
  LIVE.driven = true;
  show("table");
  enterTable({ ...view, token: ROOM.token });
}

async function leaveRoom() {
  const { lobby, seat } = ROOM;
  // A guest gives the seat back; the host closes the table, so that it is listed no more.
  const left = seat === 0 ? "" : `/seats/${seat}`;
  if (lobby && seat !== null && lobby.status === "waiting") {
    try { await api("DELETE", `/api/lobby/${encodeURIComponent(lobby.id)}${left}`); } catch (_) { /* started or gone */ }
  }
  ROOM.seat = null;
  leaveLive();
  showLobby();
}

async function copyLink() {
  const input = $("room-link");
  try {
    await navigator.clipboard.writeText(input.value);
  } catch (_) {
    input.select();
    document.execCommand("copy");
  }
  $("room-note").textContent = "The link is copied: send it to the people you want at the table.";
}

export function wireLobby() {
  $("people").addEventListener("click", showLobby);
  $("lobby-back").addEventListener("click", () => { clearTimeout(listTimer); toMenu(); });
  $("lobby-refresh").addEventListener("click", refreshList);
  $("lobby-create").addEventListener("click", createTable);
  $("room-copy").addEventListener("click", copyLink);
  $("room-start").addEventListener("click", startMatch);
  $("room-leave").addEventListener("click", leaveRoom);
  $("room-link").addEventListener("focus", () => $("room-link").select());
  $("rematch").addEventListener("click", askRematch);
  LIVE.onRematch = followRematch;
}

function toMenu() {
  show("home");
  showHome();
}
