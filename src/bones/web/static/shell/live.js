// A table played by several people: its WebSocket (/api/live/ID) pushes every change as it happens, so the page
// never polls. The server plays the computers at its own pace; the page shows each view it is sent, one after the
// other and no faster than a tile flies. After a drop the page connects again, waiting longer each time (as net.js),
// and says the last move number it heard of: the server sends what was missed. Before the host starts, the same
// socket tells the room (lobby.js) of people taking seats, and then brings the first view of the match.
// Moves and NEXT HAND still go out as the table's requests (table.js); only what the others do comes in here.
// The socket sends a whole view first; then, for each change, a JSON Patch from the view it sent before (patch.js),
// applied to the copy kept here (`base`): a patch that does not fit makes the page connect again for a whole view.
import { $, el } from "./dom.js";
import { backoff, connectionBack } from "./net.js";
import { applyPatch } from "./patch.js";
import { ANIM, S } from "./state.js";
import { applyView, enterTable, schedule } from "./table.js";

export const LIVE = {
  id: null,
  token: null,
  socket: null,
  room: false, // waiting for the start: the first view of the match takes the page to the table
  onLobby: null,
  onRematch: null, // a rematch of this table was made: the page goes to it (set by lobby.js)
  driven: null, // true: the server plays the computers here (a lobby's table); false: the page does (an invited seat)
  seen: null, // the last move number heard of, sent again after a drop
  base: null, // the view the socket sent last, as it sent it: its next patch applies to this
  drops: 0,
  reconnects: 0,
  retry: 0,
  queue: [],
  shownAt: 0,
  pump: 0,
  // A table event is told at most once: after a quiet while the page asks what it missed (the answer also says the
  // socket still works; without one in time, the socket is taken for dropped and made again).
  syncAfter: 15000,
  answerWithin: 10000,
  quiet: 0,
  // The people whose page is gone (closed, or its socket lost): by seat, when a computer takes the seat (page clock).
  gone: {},
  tick: 0,
  // For the table's status line (table.js reads it through S.live, which it does not import).
  leftText: (v) => leftText(v),
  // Whether the table loop should leave this view to the socket (nothing to step, nobody to poll).
  holds(v) {
    if (!v || v.id !== LIVE.id) {
      leaveLive();
      return false;
    }
    return LIVE.driven !== false;
  },
};

const people = (v) => v.seats.filter((s) => s.kind === "human").length;

export function joinLive(id, token, { room = false, onLobby = null } = {}) {
  if (LIVE.id === id && LIVE.token === token && (LIVE.socket || LIVE.retry)) {
    if (onLobby) LIVE.onLobby = onLobby;
    LIVE.room = LIVE.room || room;
    return;
  }
  leaveLive();
  Object.assign(LIVE, { id, token, room, onLobby, driven: room ? true : null, seen: null, drops: 0, queue: [], gone: {} });
  S.live = LIVE;
  open();
}

export function leaveLive() {
  const socket = LIVE.socket;
  clearTimeout(LIVE.retry);
  clearTimeout(LIVE.pump);
  clearTimeout(LIVE.quiet);
  clearInterval(LIVE.tick);
  Object.assign(LIVE, { id: null, token: null, socket: null, room: false, onLobby: null, retry: 0, queue: [], gone: {}, tick: 0 });
  if (S.live === LIVE) S.live = null;
  if (socket) socket.close(1000);
  note();
}

// A table entered from CONTINUE or the room: a lobby's table (its view says live: the server plays its computers) or
// one with several people gets its socket. Only a lobby's table is left to the socket whatever happens; at a seat taken
// by invitation to a plain match the page steps the computers itself, and the socket brings the others' moves.
export function enteredTable(v) {
  if (!v || (!v.live && people(v) < 2 && LIVE.id !== v.id)) {
    if (LIVE.id) leaveLive();
    return;
  }
  if (LIVE.id === v.id) {
    if (v.live) LIVE.driven = true;
    return;
  }
  joinLive(v.id, S.token);
  if (v.move_number !== undefined) LIVE.seen = v.move_number;
  LIVE.driven = Boolean(v.live);
  schedule();
}

function open() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/api/live/${encodeURIComponent(LIVE.id)}`);
  LIVE.socket = socket;
  LIVE.retry = 0;
  LIVE.base = null; // a new socket sends a whole view first
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "hello", token: LIVE.token, since: LIVE.seen, patches: true }));
    listen(socket);
  });
  socket.addEventListener("message", (event) => {
    if (socket !== LIVE.socket) return;
    listen(socket);
    let message;
    try { message = JSON.parse(event.data); } catch (_) { return; }
    heard(message);
  });
  socket.addEventListener("close", (event) => {
    if (socket !== LIVE.socket) return; // closed on purpose
    clearTimeout(LIVE.quiet);
    LIVE.socket = null;
    if (event.code === 4403 || event.code === 4400) return; // refused: said already
    dropped();
  });
}

// The socket was heard from: the page asks again only after another quiet while.
function listen(socket) {
  clearTimeout(LIVE.quiet);
  LIVE.quiet = setTimeout(() => askSync(socket), LIVE.syncAfter);
}

function askSync(socket) {
  if (socket !== LIVE.socket || socket.readyState !== WebSocket.OPEN) return;
  socket.send(JSON.stringify({ type: "sync", since: LIVE.seen }));
  LIVE.quiet = setTimeout(() => {
    if (socket !== LIVE.socket) return;
    LIVE.socket = null; // no answer: the connection is gone without a word (a sleeping laptop, a lost route)
    socket.close(4000, "no answer");
    dropped();
  }, LIVE.answerWithin);
}

function reopen() {
  const socket = LIVE.socket;
  LIVE.socket = null;
  if (socket) socket.close(4000, "patch refused");
  open();
}

function dropped() {
  LIVE.drops += 1;
  const delay = backoff(LIVE.drops);
  const banner = $("net");
  banner.textContent = `Connection to the table lost, reconnecting in ${Math.ceil(delay / 1000)} s…`;
  banner.hidden = false;
  LIVE.retry = setTimeout(open, delay);
}

// The network is back (the browser says so): no need to wait out the delay.
window.addEventListener("online", () => {
  if (LIVE.id && !LIVE.socket && LIVE.retry) {
    clearTimeout(LIVE.retry);
    open();
  }
});

function heard(message) {
  if (LIVE.drops) {
    LIVE.drops = 0;
    LIVE.reconnects += 1;
    $("net").hidden = true;
    connectionBack();
  }
  if (message.type === "lobby") {
    if (LIVE.onLobby) LIVE.onLobby(message.lobby, message.seat);
    return;
  }
  if (message.type === "rematch") {
    // Someone at the finished table asked for a rematch: this page follows them to its new seat (lobby.js).
    if (LIVE.onRematch) LIVE.onRematch(message.table);
    return;
  }
  if (message.type === "presence") {
    presence(message);
    return;
  }
  if (message.type === "error" && message.ref === undefined) {
    // The seat is not this player's (or the table is gone): nothing to wait for.
    const socket = LIVE.socket;
    LIVE.socket = null;
    if (socket) socket.close(1000);
    $("net").textContent = message.detail || "This table refused the connection.";
    $("net").hidden = false;
    return;
  }
  if (message.type !== "moved" && message.type !== "view" && message.type !== "synced") return;
  if (message.patch) {
    try {
      if (!LIVE.base) throw new Error("a patch before any view");
      LIVE.base = applyPatch(LIVE.base, message.patch);
    } catch (_) {
      reopen(); // the kept view went its own way (never seen): a new socket starts from a whole view
      return;
    }
    message.view = structuredClone(LIVE.base);
  } else if (message.view) {
    LIVE.base = structuredClone(message.view);
  }
  const number = message.view ? message.view.move_number : message.move_number;
  LIVE.seen = LIVE.seen === null ? number : Math.max(LIVE.seen, number);
  if (!message.view) return; // a move inside a burst: its view comes with the burst's last
  // The answer to a sync is the table as it is: news only where it differs from what the page shows or will.
  const last = LIVE.queue.length ? LIVE.queue[LIVE.queue.length - 1].view : S.view;
  if (message.type === "synced" && last && signature(last) === signature(message.view)) return;
  LIVE.queue.push({ view: message.view, kind: message.type === "synced" ? "view" : message.type });
  pump();
}

// What a view changes on the page without a move: the position, whose sheets are open, who sits where and is away.
const signature = (v) =>
  JSON.stringify([v.id, v.move_number, v.status, v.sheets_open, v.seats.map((s) => [s.kind, s.name, s.away])]);

// One view at a time, no faster than a tile flies in, and never while the table waits for its own request.
function pump() {
  clearTimeout(LIVE.pump);
  if (!LIVE.queue.length) return;
  const wait = S.busy ? 40 : LIVE.shownAt + ANIM - performance.now();
  if (wait > 0) {
    LIVE.pump = setTimeout(pump, wait);
    return;
  }
  const { view, kind } = LIVE.queue.shift();
  show(view, kind);
  if (LIVE.queue.length) LIVE.pump = setTimeout(pump, ANIM);
}

function show(view, kind) {
  if (view.id !== LIVE.id) return;
  LIVE.shownAt = performance.now();
  const here = S.view && S.view.id === view.id && !$("table").hidden;
  if (!here) {
    if (!LIVE.room) return; // the player went elsewhere meanwhile
    LIVE.room = false;
    LIVE.driven = true;
    for (const id of ["lobby", "room"]) $(id).hidden = true;
    enterTable({ ...view, token: LIVE.token });
    note();
    return;
  }
  const now = S.view;
  if (view.move_number < now.move_number) return; // older than the table's own answer
  // The move this page made comes back too; shown already from the request's answer.
  if (kind === "moved" && view.move_number === now.move_number && view.status === now.status) return;
  // A sheet closed here never opens again at the same move: that view was made before this page closed it.
  if (view.move_number === now.move_number && view.status === "sheet" && now.status !== "sheet") return;
  applyView(view);
  note();
  schedule();
}

// Another person's page closed (or lost its socket): the server says so at once, with the seconds left before a
// computer takes the seat. The chip counts them down; the status line says who left when it is their turn.
function presence(message) {
  if (message.gone) LIVE.gone[message.seat] = performance.now() + 1000 * (message.replace_in || 0);
  else delete LIVE.gone[message.seat];
  clearInterval(LIVE.tick);
  LIVE.tick = Object.keys(LIVE.gone).length ? setInterval(() => countDown(false), 1000) : 0;
  countDown(true);
}

function countDown(changed) {
  note();
  if (S.told && S.told.view === S.view && (changed || leftText(S.view))) S.told.tell();
}

// The people gone from the table and not yet played by a computer, with the whole seconds left for each.
export function goneSeats(v) {
  if (!LIVE.id || !v || v.id !== LIVE.id || v.status === "over") return [];
  return Object.entries(LIVE.gone)
    .map(([seat, at]) => ({ seat: Number(seat), left: Math.max(0, Math.ceil((at - performance.now()) / 1000)) }))
    .filter(({ seat }) => seat !== v.seat && v.seats[seat] && v.seats[seat].kind === "human" && !v.seats[seat].away);
}

// The status line while the table waits on a person who left: nobody is thinking there.
export function leftText(v) {
  const gone = goneSeats(v).find(({ seat }) => seat === v.to_move);
  if (!gone || v.status !== "playing") return "";
  const name = v.seats[gone.seat].name;
  return gone.left > 0 ? `${name} left the table: a computer plays for them in ${gone.left} s` : `${name} left the table: a computer takes the seat`;
}

// A chip beside the score: who left (and when a computer takes over), who is away, played by a computer until
// they are back.
function note() {
  let chip = $("live-note");
  const v = S.view;
  const here = LIVE.id && v && v.id === LIVE.id;
  const away = here ? v.seats.filter((s, i) => s.away && i !== v.seat) : [];
  const gone = here ? goneSeats(v) : [];
  if (!away.length && !gone.length) {
    if (chip) chip.hidden = true;
    return;
  }
  if (!chip) {
    chip = el("span", "chip live-note");
    chip.id = "live-note";
    chip.setAttribute("role", "status");
    document.querySelector("#table .chips").appendChild(chip);
  }
  const parts = gone.map(({ seat, left }) => `${v.seats[seat].name} left · ${left > 0 ? `a computer plays in ${left} s` : "a computer takes the seat"}`);
  const names = away.map((s) => s.name).join(", ");
  if (away.length) parts.push(`${names} away · a computer plays`);
  chip.textContent = parts.join(" · ");
  const titles = gone.map(({ seat }) => `${v.seats[seat].name} left the table: unless they come back, a computer plays for them.`);
  if (away.length) titles.push(`${names} ${away.length > 1 ? "are" : "is"} away: a computer plays for them until they are back.`);
  chip.title = titles.join(" ");
  chip.hidden = false;
}

// For the tests and the console: drop the socket as a network failure would.
export function dropLive() {
  if (LIVE.socket) LIVE.socket.close(4000, "dropped");
}

// Leaving the table for the menu lets the seat go (after the host's timeout a computer plays it): the socket closes.
new MutationObserver(() => {
  if (!$("home").hidden && LIVE.id) leaveLive();
  if (!$("table").hidden && S.view && !LIVE.room) enteredTable(S.view);
}).observe(document.getElementById("app"), { subtree: true, attributes: true, attributeFilter: ["hidden"] });
