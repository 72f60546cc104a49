// The browser side of the table. It knows no rules: the server sends the legal
// moves (and why a tile does not fit); this file draws, highlights, animates and
// sends the player's choice back with the move number it was made at.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  // Milliseconds between computer moves, so a person can follow them (tests use ?pace=0).
  const PACE = params.has("pace") ? Math.max(0, Number(params.get("pace")) || 0) : 900;
  const ANIM = Math.min(420, Math.max(0, PACE * 0.45));
  const WORDS = ["blank", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
  const TROPHY = '<svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true"><path fill="#f2c14e" stroke="#7a5600" stroke-width="2" d="M18 8h28v10c0 10-6 18-14 19-8-1-14-9-14-19z"/><path fill="none" stroke="#f2c14e" stroke-width="4" d="M18 13H9c0 9 5 13 11 13M46 13h9c0 9-5 13-11 13"/><rect x="28" y="37" width="8" height="10" fill="#c8921a"/><rect x="20" y="47" width="24" height="8" rx="2" fill="#f2c14e" stroke="#7a5600" stroke-width="2"/></svg>';
  const LEVEL_NAMES = { easy: "Easy", normal: "Normal", hard: "Hard", crazy: "Crazy" };
  const POSITIONS = { 2: { 1: "top" }, 3: { 1: "left", 2: "right" }, 4: { 1: "left", 2: "top", 3: "right" } };

  const S = {
    catalog: null,
    settings: loadSettings(),
    view: null,
    token: null,
    busy: false,
    paused: false,
    picked: null,
    hint: null,
    sound: localStorage.getItem("bones.sound") !== "off",
    current: null,
    timer: null,
    lastShown: 0,
    message: "",
    drag: null,
    suppressClick: false,
    told: null, // the last status said from a view, and how to say it again from the board as drawn now
    boardKey: "",
    boardEls: new Map(),
    sheetShownFor: null,
  };

  // ---------------------------------------------------------------- helpers
  function loadSettings() {
    try {
      return { level: "normal", game: null, players: 2, ...JSON.parse(localStorage.getItem("bones.settings") || "{}") };
    } catch (_) {
      return { level: "normal", game: null, players: 2 };
    }
  }
  function saveSettings() { localStorage.setItem("bones.settings", JSON.stringify(S.settings)); }
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function tileWords(text) {
    const [a, b] = text.split(":").map(Number);
    return a === b ? `double ${WORDS[a] || a}` : `${WORDS[a] || a}–${WORDS[b] || b}`;
  }

  async function api(method, path, body) {
    const headers = { "Content-Type": "application/json" };
    if (S.token) headers["X-Seat-Token"] = S.token;
    let res;
    try {
      res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (_) {
      // No answer at all: worth trying again later, unlike a refusal.
      const error = new Error("Connection lost");
      error.retry = true;
      throw error;
    }
    if (res.status === 204) return null;
    let data = {};
    try { data = await res.json(); } catch (_) { /* empty body */ }
    if (!res.ok) {
      const error = new Error(typeof data.detail === "string" ? data.detail : res.statusText);
      error.status = res.status;
      error.retry = res.status >= 500;
      throw error;
    }
    return data && data.board ? lineView(data) : data;
  }

  // A view is what every game shows, plus `board` (the game's own view) and, in each hand result,
  // `details` (the game's own sheet). The line board reads them as one object: the shell's keys,
  // the board's beside them, each seat's hand size in its seat, the sheet's details in the sheet.
  function lineView(v) {
    const board = v.board;
    const out = Object.assign({}, board, v);
    const sizes = board.hand_sizes || [];
    out.seats = v.seats.map((seat, i) => Object.assign({ hand_size: sizes[i] }, seat));
    if (v.sheet) out.sheet = Object.assign({}, v.sheet, v.sheet.details);
    return out;
  }

  // ------------------------------------------------------------------ tiles
  const PIP_CELLS = {
    0: [], 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]],
    4: [[1, 1], [1, 3], [3, 1], [3, 3]], 5: [[1, 1], [1, 3], [2, 2], [3, 1], [3, 3]],
    6: [[1, 1], [2, 1], [3, 1], [1, 3], [2, 3], [3, 3]],
    7: [[1, 1], [2, 1], [3, 1], [2, 2], [1, 3], [2, 3], [3, 3]],
    8: [[1, 1], [2, 1], [3, 1], [1, 2], [3, 2], [1, 3], [2, 3], [3, 3]],
    9: [[1, 1], [2, 1], [3, 1], [1, 2], [2, 2], [3, 2], [1, 3], [2, 3], [3, 3]],
  };
  function half(n, vertical) {
    const h = el("div", "half");
    if (n > 9) { h.appendChild(el("span", "num", String(n))); return h; }
    for (const [r, c] of PIP_CELLS[n]) {
      const p = el("i", "pip");
      // Rows of pips run along the tile's long side.
      p.style.gridRow = vertical ? r : c;
      p.style.gridColumn = vertical ? c : r;
      h.appendChild(p);
    }
    return h;
  }
  function tileEl(a, b, { vertical = true, tag = "div", back = false } = {}) {
    const t = el(tag, `tile ${vertical ? "v" : "h"}${back ? " back" : ""}`);
    if (tag === "button") t.type = "button";
    if (!back) { t.appendChild(half(a, vertical)); t.appendChild(half(b, vertical)); }
    return t;
  }
  const parseTile = (text) => text.split(":").map(Number);

  // ------------------------------------------------------------------ sound
  let audio = null;
  function sound(kind) {
    if (!S.sound) return;
    try { audio = audio || new (window.AudioContext || window.webkitAudioContext)(); } catch (_) { return; }
    const t0 = audio.currentTime;
    const tone = (freq, start, dur, type, gain) => {
      const o = audio.createOscillator(), g = audio.createGain();
      o.type = type; o.frequency.setValueAtTime(freq, t0 + start);
      g.gain.setValueAtTime(0.0001, t0 + start);
      g.gain.exponentialRampToValueAtTime(gain, t0 + start + 0.008);
      g.gain.exponentialRampToValueAtTime(0.0001, t0 + start + dur);
      o.connect(g).connect(audio.destination); o.start(t0 + start); o.stop(t0 + start + dur + 0.03);
    };
    if (kind === "play") { tone(210, 0, 0.09, "triangle", 0.35); tone(1400, 0, 0.025, "square", 0.04); }
    else if (kind === "draw") { tone(520, 0, 0.07, "sine", 0.12); tone(760, 0.06, 0.08, "sine", 0.1); }
    else if (kind === "pass") { tone(330, 0, 0.12, "sine", 0.12); tone(247, 0.13, 0.18, "sine", 0.12); }
    else if (kind === "score") { [660, 880, 1175].forEach((f, i) => tone(f, i * 0.08, 0.16, "triangle", 0.13)); }
    else if (kind === "nope") { tone(150, 0, 0.14, "sawtooth", 0.04); }
  }

  // --------------------------------------------------------------- settings
  function radio(container, items, selected, onPick) {
    container.innerHTML = "";
    for (const item of items) {
      const b = el("button");
      b.type = "button";
      b.setAttribute("role", "radio");
      b.setAttribute("aria-checked", String(item.value === selected));
      b.dataset.value = item.value;
      b.textContent = item.label;
      b.addEventListener("click", () => onPick(item.value));
      b.addEventListener("keydown", (e) => {
        const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
        if (!(e.key in keys)) return;
        e.preventDefault();
        const i = items.findIndex((x) => x.value === selected);
        const next = items[(i + keys[e.key] + items.length) % items.length];
        onPick(next.value);
        container.querySelector(`[data-value="${next.value}"]`)?.focus();
      });
      container.appendChild(b);
    }
  }

  function renderHome() {
    const c = S.catalog;
    if (!c) return;
    const set = S.settings;
    const game = c.games.find((g) => g.id === set.game) || c.games[0];
    set.game = game.id;
    if (!game.players.includes(set.players)) set.players = game.default_players;
    radio($("levels"), c.levels.map((l) => ({ value: l, label: LEVEL_NAMES[l] || l })), set.level, (v) => { set.level = v; saveSettings(); renderHome(); });
    // The games are named in short chips, however many there are; the chosen one is told in a line below.
    radio($("games"), c.games.map((g) => ({ value: g.id, label: g.title })), set.game, (v) => { set.game = v; saveSettings(); renderHome(); });
    $("game-note").textContent = game.tagline || game.summary;
    radio($("players"), game.players.map((n) => ({ value: n, label: String(n) })), set.players, (v) => { set.players = v; saveSettings(); renderHome(); });
    $("players-box").hidden = game.players.length < 2;
    const ready = game.levels_ready || [];
    const note = $("level-note");
    if (!ready.includes(set.level)) {
      const best = ready[ready.length - 1] || "easy";
      note.textContent = `${LEVEL_NAMES[set.level]} players are on their way: until then they play ${LEVEL_NAMES[best]}.`;
    } else if (game.in_pairs) {
      note.textContent = "Your partner Max plays at least Hard; the level sets Lily and Zoe.";
    } else {
      note.textContent = "";
    }
    const cont = $("continue");
    if (S.current) {
      const v = S.current;
      cont.hidden = false;
      $("continue-info").textContent = `${v.title} · ${LEVEL_NAMES[v.level]} · hand ${v.hand_no} · ${scoreText(v, true)}`;
    } else {
      cont.hidden = true;
    }
  }

  async function showHome() {
    stopLoop();
    closeOverlays();
    $("table").hidden = true;
    $("home").hidden = false;
    S.view = null;
    clearTimeout(NET.homeTimer);
    try {
      S.current = await api("GET", "/api/games/current");
      connectionBack();
    } catch (e) {
      S.current = null;
      if (e.retry) NET.homeTimer = setTimeout(() => { if (!$("home").hidden && !openOverlay()) showHome(); }, connectionLost(e));
    }
    renderHome();
    ($("continue").hidden ? $("play") : $("continue")).focus();
  }

  async function startGame() {
    // A new match gives up the unfinished one (perhaps from another tab): ask first.
    let current;
    try {
      current = await api("GET", "/api/games/current");
    } catch (e) {
      toast(e.retry ? "Connection lost: no new match was started. Try again in a moment." : e.message);
      return;
    }
    if (current) {
      const choice = await askToAbandon(current);
      if (choice === "continue") enterTable(current);
      if (choice !== "new") return;
    }
    const set = S.settings;
    const body = { game: set.game, level: set.level };
    const game = S.catalog.games.find((g) => g.id === set.game);
    if (game && game.players.length > 1) body.players = set.players;
    S.token = null;
    try {
      const v = await api("POST", "/api/games", body);
      enterTable(v);
    } catch (e) { toast(e.message); }
  }

  function enterTable(v) {
    S.token = v.token || S.token;
    S.view = null;
    S.picked = null;
    S.hint = null;
    S.paused = false;
    S.boardKey = "";
    S.sheetShownFor = null;
    $("home").hidden = true;
    $("table").hidden = false;
    closeOverlays();
    applyView(v, { fresh: true });
    schedule();
  }

  // ------------------------------------------------------------ view logic
  const mySeat = () => (S.view ? S.view.seat : 0);
  const myTurn = () => S.view && S.view.status === "playing" && S.view.to_move === S.view.seat;
  function seatName(seat) {
    const v = S.view;
    return seat === v.seat ? "You" : v.seats[seat].name;
  }
  function sideName(v, side, short) {
    const seats = v.sides.map((s, i) => [s, i]).filter(([s]) => s === side).map(([, i]) => i);
    if (seats.length > 1) {
      if (short) return seats.includes(v.seat) ? "Us" : "Them";
      return seats.map((i) => (i === v.seat ? "You" : v.seats[i].name)).join(" & ");
    }
    return seats[0] === v.seat ? "You" : v.seats[seats[0]].name;
  }
  function scoreText(v, plain) {
    const parts = v.scores.map((s, side) => `${sideName(v, side, v.teams)} ${s}`);
    const target = v.low_score_wins ? `goat at ${v.target}` : `to ${v.target}`;
    if (plain) return `${parts.join(" · ")} (${target})`;
    const goal = v.low_score_wins ? ` · goat at ${v.target}` : ` / ${v.target}`;
    return parts.map((p) => p.replace(/(\d+)$/, "<b>$1</b>")).join(" · ") + `<span class="dim">${goal}</span>`;
  }

  function movesFor(tile) {
    if (!myTurn()) return [];
    return S.view.legal_moves.filter((m) => m.split("@")[0] === tile);
  }
  function mustDraw() { return myTurn() && S.view.legal_moves.length === 1 && S.view.legal_moves[0] === "draw"; }

  // Where a move goes, in words. A spinner's sides are named in the move text up, down, then by
  // number (6:3@4), and a number there reads like the number the end shows; so a side is named
  // by its double and the way its branch leaves the double on this board.
  function endWords(layout, end) {
    const open = (layout.ends || []).find((e) => e.name === end);
    if (!open || open.slot < 2) return `the ${end} end`;
    const from = open.origin !== undefined ? layout.tiles[open.origin] : null;
    if (!from) return `the ${end} end`;
    // The branch is named by where its first tile (or, before it has one, its open end) lies.
    const fit = fitBoard(layout);
    const first = layout.tiles.findIndex((t) => t.slot === open.slot);
    const spinner = fit && fit.tiles[open.origin];
    const start = fit && (first >= 0 ? fit.tiles[first] : fit.slots.find((r) => r.slot === open.slot));
    if (!spinner || !start) return `a branch of ${from.tile}`;
    const cx = start.x + start.w / 2, cy = start.y + start.h / 2;
    let way;
    if (cy < spinner.y) way = "upper";
    else if (cy > spinner.y + spinner.h) way = "lower";
    else way = cx < spinner.x ? "left" : "right";
    return `the ${way} branch of ${from.tile}`;
  }
  function whereWords(layout, end) {
    return end ? `on ${endWords(layout, end)}` : "to open the line";
  }
  function moveWords(layout, move) {
    if (move === "draw") return "Draw";
    if (move === "pass") return "Pass";
    const [tile, end] = move.split("@");
    return `${tile} ${whereWords(layout, end)}`;
  }

  function describe(v, last, oldView) {
    if (!last) return "";
    const who = seatName(last.seat);
    const you = last.seat === v.seat;
    const [tile, end] = last.move.split("@");
    if (last.move === "draw") {
      if (you && oldView) {
        const got = v.hand.filter((t) => !oldView.hand.includes(t));
        if (got.length) return `You drew ${got[0]}` + (v.legal_moves.length && v.legal_moves[0] !== "draw" ? " and it fits" : "");
      }
      return you ? "You drew a tile" : `${who} drew a tile`;
    }
    if (last.move === "pass") return you ? "Nothing fits and you cannot draw: you pass" : `${who} can't play and passes`;
    let text = `${who} played ${tile}${end ? ` ${whereWords(v.sheet ? v.sheet.layout : v.layout, end)}` : ""}`;
    if (last.points > 0) text += ` and ${you ? "score" : "scores"} ${last.points}`;
    return text;
  }

  function turnText(v) {
    if (v.status === "sheet") return handTitle(v, v.sheet);
    if (v.status === "over") return "The match is over";
    const seat = v.to_move;
    if (seat === v.seat) {
      if (mustDraw()) return "Nothing fits: tap the boneyard to draw";
      if (v.legal_moves.length === 1 && v.legal_moves[0] === "pass") return "Nothing fits: you pass";
      if (S.picked) return `Place ${S.picked}: tap a glowing end`;
      if (!v.layout.tiles.length) return v.legal_moves.length === 1 ? `Your lead: open with ${v.legal_moves[0]}` : "Your lead: play any tile";
      return "Your turn";
    }
    return `${v.seats[seat].name} is thinking…`;
  }

  function say(text, warn) {
    const s = $("status");
    s.textContent = text;
    s.classList.toggle("warn", !!warn);
  }

  function applyView(v, opts = {}) {
    const old = S.view;
    S.view = v;
    if (!old || old.move_number !== v.move_number || old.status !== v.status) S.hint = null;
    if (S.picked && !movesFor(S.picked).length) S.picked = null;
    const fresh = !old || old.id !== v.id;
    const news = !fresh && v.last && v.last.move_number > old.move_number;
    // The words for a move name a branch by where it lies on the board, so they are said from the
    // board as drawn, after the hand and the status line have taken the room they need.
    const tell = () => {
      const event = news ? describe(v, v.last, old) : "";
      const turn = turnText(v);
      say(event ? `${event}. ${turn}` : turn);
      S.told = { view: v, text: $("status").textContent, tell };
    };
    if (news) {
      const kind = v.last.move === "draw" ? "draw" : v.last.move === "pass" ? "pass" : "play";
      sound(kind);
      if (v.last.points > 0) setTimeout(() => sound("score"), 140);
      S.lastShown = performance.now();
      render({ animate: kind === "play" ? { seat: v.last.seat, fromRect: opts.fromRect } : null, old });
      seatBubble(v, v.last, kind);
    } else {
      render({ old });
    }
    tell();
    refitBoard();
  }

  // A new hand size or a longer status line changes the board's room: the line is fitted again,
  // and the status, while it still tells the last move, is told from the board as drawn now.
  function refitBoard() {
    for (let i = 0; i < 2 && S.view; i++) {
      const board = $("board");
      if (lastFit.W === board.clientWidth && lastFit.H === board.clientHeight) return;
      const v = S.view;
      renderBoard(v, v.status !== "playing" && v.sheet ? v.sheet : null, null);
      renderHint(v);
      retell();
    }
  }
  function retell() {
    const told = S.told;
    if (told && told.view === S.view && $("status").textContent === told.text) told.tell();
  }

  // ---------------------------------------------------------------- render
  function render(opts = {}) {
    const v = S.view;
    if (!v) return;
    const sheet = v.status !== "playing" && v.sheet ? v.sheet : null;
    $("chip-score").innerHTML = scoreText(v);
    const info = [`Hand ${sheet ? sheet.number : v.hand_no}`];
    if (v.scores_during_play) info.push(`Ends <b>${(sheet ? sheet.layout : v.layout).count}</b>`);
    if (v.draws) info.push(`Boneyard <b>${v.boneyard_size}</b>`);
    if (v.carries_eggs) info.push(`Carried <b>${v.eggs}</b>`);
    const chip = $("chip-info");
    const html = info.join(" · ");
    if (chip.innerHTML !== html && chip.innerHTML) { chip.classList.remove("flash"); void chip.offsetWidth; chip.classList.add("flash"); }
    chip.innerHTML = html;
    renderSeats(v, sheet);
    renderBoard(v, sheet, opts.animate);
    renderHand(v, sheet, opts.old);
    renderBoneyard(v);
    renderHint(v);
    $("hint-btn").disabled = !myTurn();
  }

  function renderSeats(v, sheet) {
    const pos = POSITIONS[v.players] || {};
    for (const where of ["top", "left", "right"]) $(`seat-${where}`).innerHTML = "";
    $("felt").classList.toggle("crowded", v.players > 2);
    v.seats.forEach((seat, i) => {
      if (i === v.seat) return;
      const where = pos[(i - v.seat + v.players) % v.players];
      const box = $(`seat-${where}`);
      if (!box) return;
      box.classList.toggle("active", v.status === "playing" && v.to_move === i);
      box.classList.toggle("thinking", v.status === "playing" && v.to_move === i);
      box.dataset.seat = i;
      const plate = el("div", "nameplate");
      plate.appendChild(el("span", "avatar", seat.name[0]));
      const name = el("span", "name", seat.name);
      plate.appendChild(name);
      if (v.teams && v.sides[i] === v.sides[v.seat]) plate.title = "your partner";
      const count = el("span", "count", String(sheet ? sheet.hands[i].length : seat.hand_size));
      count.setAttribute("aria-label", `${count.textContent} tiles`);
      plate.appendChild(count);
      plate.appendChild(el("span", "turn-mark", "to play"));
      plate.setAttribute("aria-label", `${seat.name}${plate.title ? " (your partner)" : ""}, ${count.textContent} tiles${v.to_move === i ? ", to play" : ""}`);
      if (seat.kind === "computer" && seat.plays && seat.plays !== seat.level) plate.title = `${plate.title ? plate.title + "; " : ""}plays ${LEVEL_NAMES[seat.plays]}`;
      box.appendChild(plate);
      const backs = el("div", sheet ? "backs faceup" : "backs");
      const side = where !== "top" && window.innerWidth > 600;
      if (sheet) {
        for (const t of sheet.hands[i]) {
          const [a, b] = parseTile(t);
          const tile = tileEl(a, b, { vertical: !side });
          tile.classList.add("static");
          sizeMini(tile, side);
          tile.setAttribute("aria-label", tileWords(t));
          backs.appendChild(tile);
        }
      } else {
        const n = seat.hand_size, shown = Math.min(n, side ? 8 : 12);
        for (let k = 0; k < shown; k++) {
          const tile = tileEl(0, 0, { vertical: !side, back: true });
          tile.classList.add("static");
          sizeMini(tile, side);
          backs.appendChild(tile);
        }
        if (n > shown) backs.appendChild(el("span", "count", `+${n - shown}`));
        backs.setAttribute("aria-hidden", "true");
      }
      box.appendChild(backs);
    });
    const me = $("me");
    me.classList.toggle("active", myTurn());
    const label = $("me-label");
    label.innerHTML = "";
    label.appendChild(el("span", "", v.teams ? "You (with Max)" : "You"));
    label.appendChild(el("span", "count", String(v.hand.length)));
    label.appendChild(el("span", "turn-mark", "your turn"));
  }
  function sizeMini(tile, side) {
    const small = window.innerWidth < 520 ? 0.75 : 1;
    const w = Math.round((side ? 26 : 14) * small), h = Math.round((side ? 13 : 28) * small);
    tile.style.width = `${w}px`;
    tile.style.height = `${h}px`;
  }

  // The line laid out on the board as it is now; the last answer is kept, since the words for a
  // move need it just before the board is drawn.
  let lastFit = { layout: null, W: 0, H: 0, fit: null };
  function fitBoard(layout) {
    const board = $("board");
    const W = board.clientWidth, H = board.clientHeight;
    if (!W || !H) return null;
    if (lastFit.layout === layout && lastFit.W === W && lastFit.H === H) return lastFit.fit;
    const maxUnit = Math.max(10, Math.min(44, Math.floor(Math.min(W / 10, H / 6))));
    lastFit = { layout, W, H, fit: window.BonesLayout.fit(layout, W, H, { maxUnit }) };
    return lastFit.fit;
  }

  function renderBoard(v, sheet, animate) {
    const board = $("board");
    const layout = sheet ? sheet.layout : v.layout;
    const key = `${v.id}:${sheet ? sheet.number : v.hand_no}`;
    if (key !== S.boardKey) { board.innerHTML = ""; S.boardEls = new Map(); S.boardKey = key; }
    const fit = fitBoard(layout);
    if (!fit) return;
    board.style.setProperty("--u", `${fit.unit}px`);
    const seen = new Set();
    layout.tiles.forEach((t, i) => {
      const r = fit.tiles[i];
      const id = `${i}:${t.tile}`;
      seen.add(id);
      let e = S.boardEls.get(id);
      const isNew = !e;
      if (isNew) {
        e = tileEl(r.a, r.b, { vertical: r.vertical });
        e.setAttribute("role", "img");
        e.dataset.tile = t.tile;
        board.appendChild(e);
        S.boardEls.set(id, e);
      }
      // When the line re-flows (it turns elsewhere, or the tiles shrink), a tile may now lie the
      // other way or face the other way: its halves are drawn again, and it jumps instead of
      // sliding, so it is never seen stretched between the two shapes.
      const shape = `${r.vertical ? "v" : "h"}${r.a}:${r.b}`;
      const turned = !isNew && e.dataset.shape !== shape;
      if (turned) {
        e.classList.toggle("v", r.vertical);
        e.classList.toggle("h", !r.vertical);
        e.replaceChildren(half(r.a, r.vertical), half(r.b, r.vertical));
        e.style.transition = "none";
      }
      e.dataset.shape = shape;
      e.setAttribute("aria-label", `${tileWords(t.tile)} on the table${i === layout.tiles.length - 1 ? ", played last" : ""}`);
      e.style.left = `${r.left + 1}px`;
      e.style.top = `${r.top + 1}px`;
      e.style.width = `${r.width - 2}px`;
      e.style.height = `${r.height - 2}px`;
      e.style.fontSize = `${Math.max(8, fit.unit * 0.5)}px`;
      e.classList.toggle("last", i === layout.tiles.length - 1);
      if (i === layout.tiles.length - 1) e.title = "Gold rim: the tile played last";
      else e.removeAttribute("title");
      if (turned) { void e.offsetWidth; e.style.transition = ""; }
      if (isNew && animate && i === layout.tiles.length - 1 && ANIM > 0) flyIn(e, animate);
    });
    for (const [id, e] of S.boardEls) if (!seen.has(id)) { e.remove(); S.boardEls.delete(id); }
    const active = document.activeElement;
    const focusedSlot = active && active.classList.contains("slot") ? active.dataset.name : null;
    board.querySelectorAll(".slot").forEach((s) => s.remove());
    if (v.status !== "playing") return;
    const targets = new Set();
    const pickedMoves = S.picked ? movesFor(S.picked) : [];
    for (const m of pickedMoves) targets.add(m.split("@")[1] || "centre");
    const hinted = S.hint && S.hint.best ? (S.hint.best.split("@")[1] || "centre") : null;
    const places = separateTargets(fit.slots, targets);
    for (const s of places) {
      const b = el("button", `slot ${s.width >= s.height ? "h" : "v"}`);
      b.type = "button";
      b.dataset.name = s.name;
      b.style.left = `${s.left + 2}px`;
      b.style.top = `${s.top + 2}px`;
      b.style.width = `${s.width - 4}px`;
      b.style.height = `${s.height - 4}px`;
      const isTarget = targets.has(s.name);
      b.classList.toggle("target", isTarget);
      b.classList.toggle("hinted", hinted === s.name && !!S.hint && S.hint.best.split("@")[0] === S.picked);
      b.tabIndex = isTarget ? 0 : -1;
      b.setAttribute("aria-label", s.value === null ? "the centre: the first tile goes here" : `${endWords(layout, s.name)}, showing ${s.value}${isTarget ? `: place ${S.picked} here` : ""}`);
      if (s.value !== null && !isTarget) b.setAttribute("aria-disabled", "true");
      b.addEventListener("click", () => onSlot(s.name));
      b.addEventListener("keydown", onSlotKey);
      board.appendChild(b);
      if (focusedSlot === s.name && isTarget) b.focus();
    }
  }

  // Where the line is crowded, the places of two ends a tile fits can overlap, and a tap on one
  // then lands on the other (or never lands). The places the picked tile may go are trimmed apart:
  // each keeps the part of the overlap nearer its own side.
  function separateTargets(slots, targets) {
    const places = slots.map((s) => ({ ...s }));
    const live = places.filter((s) => targets.has(s.name));
    for (let i = 0; i < live.length; i++) {
      for (let j = i + 1; j < live.length; j++) {
        const a = live[i], b = live[j];
        const ox = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
        const oy = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
        if (ox <= 0 || oy <= 0) continue;
        const [pos, size] = ox <= oy ? ["left", "width"] : ["top", "height"];
        const [first, second] = a[pos] + a[size] / 2 <= b[pos] + b[size] / 2 ? [a, b] : [b, a];
        const cut = (Math.max(first[pos], second[pos]) + Math.min(first[pos] + first[size], second[pos] + second[size])) / 2;
        const secondEnd = second[pos] + second[size];
        first[size] = Math.max(8, cut - first[pos]);
        second[pos] = cut;
        second[size] = Math.max(8, secondEnd - cut);
      }
    }
    return places;
  }

  function flyIn(e, animate) {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let from = animate.fromRect;
    if (!from) {
      const v = S.view;
      if (animate.seat === v.seat) from = $("hand").getBoundingClientRect();
      else {
        const box = document.querySelector(`.seat-panel[data-seat="${animate.seat}"] .nameplate`);
        if (box) from = box.getBoundingClientRect();
      }
    }
    if (!from) return;
    const to = e.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    e.animate(
      [{ transform: `translate(${dx}px, ${dy}px) scale(1.15) rotate(8deg)`, opacity: 0.6 }, { transform: "none", opacity: 1 }],
      { duration: ANIM, easing: "cubic-bezier(.2,.85,.25,1)" },
    );
  }

  function seatBubble(v, last, kind) {
    let anchor;
    if (last.seat === v.seat) anchor = $("me-label");
    else anchor = document.querySelector(`.seat-panel[data-seat="${last.seat}"] .nameplate`);
    if (!anchor) return;
    let text = null, cls = "bubble";
    if (kind === "pass") text = "Pass";
    else if (kind === "draw" && last.seat !== v.seat) text = "Draws";
    if (last.points > 0) { text = `+${last.points}`; cls += " score"; }
    if (!text) return;
    const r = anchor.getBoundingClientRect();
    const b = el("div", cls, text);
    b.style.left = `${r.left + r.width / 2}px`;
    // Above the name, unless that is over the score and the top line: then below it.
    const above = r.top - 30;
    b.style.top = `${above >= $("felt").getBoundingClientRect().top ? above : r.bottom + 4}px`;
    b.style.position = "fixed";
    document.body.appendChild(b);
    setTimeout(() => b.remove(), 1500);
  }

  function renderHand(v, sheet, old) {
    const hand = $("hand");
    const active = document.activeElement;
    const focused = active && hand.contains(active) ? active.dataset.tile : null;
    hand.innerHTML = "";
    const tiles = sheet ? sheet.hands[v.seat] : v.hand;
    const n = Math.max(tiles.length, 1);
    const avail = hand.parentElement.clientWidth - 16;
    // A phone held sideways has little height: its hand is one low row.
    const byHeight = Math.floor(window.innerHeight * (window.innerHeight < 520 ? 0.08 : 0.075));
    let tw = Math.floor((avail - (n - 1) * 6) / n);
    tw = Math.max(26, Math.min(60, tw, Math.max(26, byHeight)));
    hand.style.setProperty("--tw", `${tw}px`);
    const turn = myTurn() && !sheet;
    const hintTile = S.hint && S.hint.best ? S.hint.best.split("@")[0] : null;
    tiles.forEach((t) => {
      const [a, b] = parseTile(t);
      const e = tileEl(a, b, { vertical: true, tag: "button" });
      e.dataset.tile = t;
      const fits = turn && movesFor(t).length > 0;
      if (turn) e.classList.add(fits ? "fits" : "dim");
      if (S.picked === t) e.classList.add("picked");
      if (hintTile === t) e.classList.add("hinted");
      if (old && old.id === v.id && !old.hand.includes(t) && old.hand_no === v.hand_no) e.classList.add("new");
      const state = sheet ? "" : turn ? (fits ? (movesFor(t).length > 1 ? ", fits both ends" : ", fits") : ", does not fit") : "";
      e.setAttribute("aria-label", `${tileWords(t)}${state}`);
      if (S.picked === t) e.setAttribute("aria-pressed", "true");
      if (sheet) e.disabled = true;
      e.addEventListener("click", (ev) => onTileClick(t, e, ev));
      e.addEventListener("keydown", onHandKey);
      e.addEventListener("pointerdown", (ev) => onPointerDown(t, e, ev));
      hand.appendChild(e);
      if (focused === t) e.focus();
    });
  }

  function renderBoneyard(v) {
    const box = $("boneyard");
    const open = mustDraw();
    box.hidden = !open;
    if (!open) return;
    const tiles = $("boneyard-tiles");
    tiles.innerHTML = "";
    for (let i = 0; i < v.boneyard_size; i++) {
      const b = tileEl(0, 0, { back: true, tag: "button" });
      const usable = i < v.drawable;
      b.setAttribute("aria-label", usable ? "a face-down tile: draw it" : "kept back: may not be drawn");
      if (!usable) { b.classList.add("reserve"); b.disabled = true; }
      b.addEventListener("click", () => { if (usable) sendMove("draw", b); });
      tiles.appendChild(b);
    }
  }

  function renderHint(v) {
    const panel = $("hint-panel");
    const h = S.hint;
    if (!h || !h.estimates || !myTurn()) { panel.hidden = true; return; }
    panel.hidden = false;
    panel.innerHTML = "";
    panel.appendChild(el("h3", "", "What each move is worth"));
    const table = el("table");
    table.innerHTML = "<tr><th>move</th><th>points</th><th>wins</th></tr>";
    h.estimates.forEach((e, i) => {
      const tr = el("tr", i === 0 ? "best" : "");
      tr.appendChild(el("td", "", moveWords(v.layout, e.move)));
      tr.appendChild(el("td", "", `${e.expected_points > 0 ? "+" : ""}${e.expected_points.toFixed(1)}`));
      tr.appendChild(el("td", "", `${Math.round(e.win_chance * 100)}%`));
      table.appendChild(tr);
    });
    panel.appendChild(table);
    // The panel sits in a corner of the board; it moves to the other one when that hides fewer of the ends it talks about.
    const ends = new Set(h.estimates.map((e) => e.move.split("@")[1] || "centre"));
    const slots = [...document.querySelectorAll("#board .slot")].filter((slot) => ends.has(slot.dataset.name));
    const covered = () => {
      const p = panel.getBoundingClientRect();
      return slots.filter((slot) => {
        const r = slot.getBoundingClientRect();
        return r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom;
      }).length;
    };
    let best = null;
    for (const [low, west] of [[false, false], [true, false], [false, true], [true, true]]) {
      panel.classList.toggle("low", low);
      panel.classList.toggle("west", west);
      const n = covered();
      if (!best || n < best.n) best = { n, low, west };
      if (!n) break;
    }
    panel.classList.toggle("low", best.low);
    panel.classList.toggle("west", best.west);
  }

  // ----------------------------------------------------------- interaction
  function shake(e) { e.classList.remove("shake"); void e.offsetWidth; e.classList.add("shake"); }

  function onTileClick(tile, e, ev) {
    if (S.suppressClick) { S.suppressClick = false; return; }
    // A click from Enter or Space has no pointer position (detail 0).
    tap(tile, e, ev && ev.detail === 0);
  }

  function tap(tile, e, byKeyboard) {
    const v = S.view;
    if (!v || S.busy || v.status !== "playing") return;
    if (!myTurn()) {
      shake(e); sound("nope");
      say(`Wait: it is ${v.seats[v.to_move].name}'s turn`, true);
      return;
    }
    const moves = movesFor(tile);
    if (!moves.length) {
      shake(e); sound("nope");
      say(v.why[tile] || (mustDraw() ? "Nothing fits: draw from the boneyard" : `${tile} does not fit`), true);
      return;
    }
    if (moves.length === 1) { sendMove(moves[0], e); return; }
    S.picked = S.picked === tile ? null : tile;
    render();
    say(S.picked ? `Place ${tile}: tap a glowing end` : "Your turn");
    if (S.picked && byKeyboard) {
      const first = document.querySelector(".slot.target");
      if (first) first.focus();
    }
  }

  function onSlot(name) {
    if (!S.picked || S.busy) return;
    const move = movesFor(S.picked).find((m) => (m.split("@")[1] || "centre") === name);
    if (!move) { say(`${S.picked} does not fit there`, true); return; }
    const from = document.querySelector(`.hand .tile[data-tile="${S.picked}"]`);
    sendMove(move, from);
  }

  function onHandKey(ev) {
    const tiles = [...document.querySelectorAll(".hand .tile")];
    const i = tiles.indexOf(ev.currentTarget);
    if (ev.key === "ArrowRight" || ev.key === "ArrowLeft") {
      ev.preventDefault();
      const next = tiles[(i + (ev.key === "ArrowRight" ? 1 : -1) + tiles.length) % tiles.length];
      next && next.focus();
    }
  }
  function onSlotKey(ev) {
    const slots = [...document.querySelectorAll(".slot.target")];
    const i = slots.indexOf(ev.currentTarget);
    if (["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"].includes(ev.key)) {
      ev.preventDefault();
      const d = ev.key === "ArrowRight" || ev.key === "ArrowDown" ? 1 : -1;
      const next = slots[(i + d + slots.length) % slots.length];
      next && next.focus();
    } else if (ev.key === "Escape") {
      ev.preventDefault();
      const t = S.picked;
      S.picked = null;
      render();
      say("Your turn");
      document.querySelector(`.hand .tile[data-tile="${t}"]`)?.focus();
    }
  }

  // Drag a tile onto an end (a small threshold tells a drag from a tap).
  function onPointerDown(tile, e, ev) {
    if (ev.button !== 0 || S.busy || S.drag || !movesFor(tile).length) return;
    S.drag = { tile, e, x0: ev.clientX, y0: ev.clientY, started: false, ghost: null, dx: 0, dy: 0, id: ev.pointerId };
    window.addEventListener("pointermove", onPointerMove);
    window.addEventListener("pointerup", onPointerUp);
    window.addEventListener("pointercancel", onPointerCancel);
  }
  function onPointerMove(ev) {
    const d = S.drag;
    if (!d || ev.pointerId !== d.id) return;
    if (!d.started) {
      if (Math.hypot(ev.clientX - d.x0, ev.clientY - d.y0) < 8) return;
      d.started = true;
      S.picked = d.tile;
      // Only the board changes (its ends light up): the dragged tile stays where it is.
      renderBoard(S.view, null, null);
      const r = d.e.getBoundingClientRect();
      const ghost = d.e.cloneNode(true);
      ghost.classList.remove("fits", "picked", "hinted", "new", "shake");
      ghost.classList.add("drag-ghost");
      ghost.style.width = `${r.width}px`;
      ghost.style.height = `${r.height}px`;
      document.body.appendChild(ghost);
      d.ghost = ghost;
      d.dx = d.x0 - r.left;
      d.dy = d.y0 - r.top;
      d.e.classList.add("dragging");
    }
    ev.preventDefault();
    d.ghost.style.left = `${ev.clientX - d.dx}px`;
    d.ghost.style.top = `${ev.clientY - d.dy}px`;
    const over = slotAt(ev.clientX, ev.clientY);
    document.querySelectorAll(".slot.over").forEach((s) => s !== over && s.classList.remove("over"));
    if (over) over.classList.add("over");
  }
  function slotAt(x, y) {
    let best = null, bestDist = Infinity;
    for (const s of document.querySelectorAll(".slot.target")) {
      const r = s.getBoundingClientRect();
      const pad = 28;
      if (x < r.left - pad || x > r.right + pad || y < r.top - pad || y > r.bottom + pad) continue;
      const dist = Math.hypot(x - (r.left + r.width / 2), y - (r.top + r.height / 2));
      if (dist < bestDist) { best = s; bestDist = dist; }
    }
    return best;
  }
  function endDrag() {
    window.removeEventListener("pointermove", onPointerMove);
    window.removeEventListener("pointerup", onPointerUp);
    window.removeEventListener("pointercancel", onPointerCancel);
    const d = S.drag;
    S.drag = null;
    if (d && d.ghost) d.ghost.remove();
    if (d) d.e.classList.remove("dragging");
    return d;
  }
  function onPointerUp(ev) {
    if (!S.drag || ev.pointerId !== S.drag.id) return;
    const d = endDrag();
    if (!d.started) return;
    S.suppressClick = true;
    setTimeout(() => { S.suppressClick = false; }, 0);
    const over = slotAt(ev.clientX, ev.clientY);
    if (over) {
      const move = movesFor(d.tile).find((m) => (m.split("@")[1] || "centre") === over.dataset.name);
      if (move) { sendMove(move, over); return; }
    }
    S.picked = movesFor(d.tile).length > 1 ? d.tile : null;
    render();
    say(S.picked ? `Place ${d.tile}: tap a glowing end` : "Drop the tile on a glowing end", true);
  }
  function onPointerCancel() {
    endDrag();
    S.picked = null;
    render();
  }

  async function sendMove(move, fromEl) {
    const v = S.view;
    if (!v || S.busy) return;
    S.busy = true;
    const fromRect = fromEl ? fromEl.getBoundingClientRect() : null;
    try {
      const next = await api("POST", `/api/games/${v.id}/moves`, { move, move_number: v.move_number });
      answered();
      S.picked = null;
      applyView(next, { fromRect });
    } catch (e) {
      await handleError(e);
    } finally {
      S.busy = false;
    }
    schedule();
  }

  async function handleError(e) {
    if (e.retry) { connectionLost(e); return; }
    if (S.view && (e.status === 409 || e.status === 404 || e.status === 403)) {
      // A refusal that comes back every time must not be asked again at full speed.
      NET.refused += 1;
      NET.retryAt = Math.max(NET.retryAt, performance.now() + backoff(NET.refused));
      try {
        const v = await api("GET", `/api/games/${S.view.id}`);
        applyView(v);
        say(e.status === 409 ? `${e.message}. The table is up to date now.` : e.message, true);
        return;
      } catch (again) {
        if (again.retry) { connectionLost(again); return; }
        if (again.status === 404 || again.status === 403) { showGone(again.message); return; }
      }
    }
    say(e.message || "Something went wrong", true);
    toast(e.message || "Something went wrong");
  }

  function toast(text) {
    const t = $("toast");
    t.textContent = text;
    t.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => { t.hidden = true; }, 4000);
  }

  async function showHint() {
    const v = S.view;
    if (!myTurn() || S.busy || S.hinting) return;
    S.hinting = true;
    $("hint-btn").classList.add("busy");
    say("Hint: weighing every move…");
    try {
      const h = await api("GET", `/api/games/${v.id}/hint`);
      if (S.view !== v) return;
      S.hint = h;
      const [tile, end] = h.best.split("@");
      if (h.best === "draw") say("Hint: draw from the boneyard");
      else if (h.best === "pass") say("Hint: pass");
      else {
        say(`Hint: play ${tile}${end ? ` ${whereWords(v.layout, end)}` : ""}`);
        if (movesFor(tile).length > 1) S.picked = tile;
      }
      render();
    } catch (e) { await handleError(e); }
    finally { S.hinting = false; $("hint-btn").classList.remove("busy"); }
  }

  // ------------------------------------------------------------- the loop
  function stopLoop() { clearTimeout(S.timer); S.timer = null; }
  function schedule(delay = 0) {
    stopLoop();
    S.timer = setTimeout(tick, Math.max(delay, NET.retryAt - performance.now()));
  }

  async function tick() {
    keepFocus();
    const v = S.view;
    if (!v || S.paused || S.busy || $("table").hidden || !$("gone").hidden) return;
    // While the server is away, only ask whether it is back (the view may have moved on meanwhile).
    if (NET.lost) { await refresh(); return; }
    if (v.status === "abandoned") { showGone(); return; }
    if (v.status === "sheet") {
      if (S.sheetShownFor !== `${v.id}:${v.sheet.number}`) {
        S.sheetShownFor = `${v.id}:${v.sheet.number}`;
        const delay = Math.max(0, PACE * 1.2 - (performance.now() - S.lastShown));
        setTimeout(() => { if (S.view === v) showSheet(v); }, delay);
      }
      return;
    }
    if (v.status === "over") { showResults(v); return; }
    const seat = v.to_move;
    if (seat === v.seat) {
      if (v.forced && !mustDraw()) {
        // A forced move (a pass): the server makes it, the top line says it; a draw is a tap on the boneyard.
        await step(v, PACE * 0.8);
      }
      return;
    }
    if (v.seats[seat].kind === "computer") {
      await step(v, PACE);
      return;
    }
    S.timer = setTimeout(refresh, 1500); // another person's turn
  }

  async function step(v, pace) {
    S.busy = true;
    try {
      const next = await api("POST", `/api/games/${v.id}/step`, { move_number: v.move_number });
      answered();
      const rest = pace - (performance.now() - S.lastShown);
      if (rest > 0) await wait(rest);
      if (S.view !== v) return;
      applyView(next);
    } catch (e) {
      await handleError(e);
    } finally {
      S.busy = false;
    }
    schedule();
  }

  async function refresh() {
    const v = S.view;
    if (!v) return;
    if (S.busy) { schedule(250); return; }
    S.busy = true;
    try {
      const next = await api("GET", `/api/games/${v.id}`);
      connectionBack();
      if (S.view === v) applyView(next);
    } catch (e) {
      if (!e.retry) { showGone(e.message); return; } // gone or not ours: nothing left to poll
      connectionLost(e);
    } finally {
      S.busy = false;
    }
    schedule();
  }

  // ------------------------------------------------------- the connection
  // After a failure the table waits longer each time (and says so) instead of asking the server again at once.
  const NET = { lost: 0, refused: 0, retryAt: 0, homeTimer: 0 };
  const RETRY_FIRST_MS = 500, RETRY_MAX_MS = 8000;
  const backoff = (failures) => Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));

  function connectionLost(e) {
    NET.lost += 1;
    const delay = backoff(NET.lost);
    NET.retryAt = performance.now() + delay;
    const banner = $("net");
    const why = e && e.status ? "The server is not answering properly" : "Connection lost";
    banner.textContent = `${why}, retrying in ${Math.ceil(delay / 1000)} s…`;
    banner.hidden = false;
    return delay;
  }
  function connectionBack() {
    if (NET.lost) $("net").hidden = true;
    NET.lost = 0;
    NET.retryAt = 0;
  }
  function answered() {
    connectionBack();
    NET.refused = 0;
  }

  function showGone(text) {
    stopLoop();
    $("gone-text").textContent = text || "A newer match was started, perhaps in another tab, so this one was given up. Your statistics count it as abandoned.";
    $("gone").hidden = false;
    say("This match was given up", true);
    $("gone-home").focus();
  }

  // ------------------------------------------------------- sheet, results
  function handTitle(v, sh) {
    if (!sh) return "";
    const name = (seat) => (seat === v.seat ? "You" : v.seats[seat].name);
    if (sh.ending === "target") {
      const side = v.sides[sh.winner];
      return `${sideName(v, side)} reached ${v.target}!`;
    }
    if (sh.ending === "domino") return sh.winner === v.seat ? "You went out!" : `${name(sh.winner)} went out`;
    if (v.carries_eggs) return "Fish! The hand is blocked";
    return "Blocked: nobody can play";
  }

  function showSheet(v) {
    const sh = v.sheet;
    $("sheet-title").textContent = `Hand ${sh.number}: ${handTitle(v, sh)}`;
    let note;
    if (sh.winner === null || sh.winner === undefined) note = v.carries_eggs ? "Equal pips: eggs! Nobody writes." : "Equal pips: nobody scores.";
    else if (v.low_score_wins) note = `${sideName(v, v.sides[sh.winner])} ${v.sides[sh.winner] === v.sides[v.seat] ? "win" : "win"} the hand; the others write their pips.`;
    else note = `${sh.winner === v.seat ? "You win" : `${v.seats[sh.winner].name} wins`} the hand.`;
    if (sh.eggs) note += ` ${sh.eggs} points carried into the next hand.`;
    $("sheet-note").textContent = note;
    const hands = $("sheet-hands");
    hands.innerHTML = "<tr><th>Player</th><th>Tiles left</th><th>Pips</th></tr>";
    sh.hands.forEach((tiles, seat) => {
      const won = sh.winner !== null && sh.winner !== undefined && v.sides[seat] === v.sides[sh.winner];
      const tr = el("tr", won ? "winner" : ""); // a pair wins together
      tr.appendChild(el("td", "", seat === v.seat ? "You" : v.seats[seat].name));
      const td = el("td", "tiles");
      const row = el("div", "mini-row");
      for (const t of tiles) {
        const [a, b] = parseTile(t);
        const tile = tileEl(a, b, { vertical: true });
        tile.classList.add("static");
        tile.setAttribute("aria-label", tileWords(t));
        tile.setAttribute("role", "img");
        row.appendChild(tile);
      }
      if (!tiles.length) row.textContent = "out";
      td.appendChild(row);
      tr.appendChild(td);
      tr.appendChild(el("td", "", String(sh.pips[seat])));
      hands.appendChild(tr);
    });
    const totals = $("sheet-totals");
    const label = v.low_score_wins ? "Written" : "Points";
    totals.innerHTML = `<tr><th>${v.teams ? "Pair" : "Player"}</th>${v.scores_during_play ? "<th>In play</th>" : ""}<th>${label}</th><th>Match</th></tr>`;
    sh.totals.forEach((total, side) => {
      const tr = el("tr");
      tr.appendChild(el("td", "", sideName(v, side)));
      const handPoints = sh.points[side] + (v.scores_during_play ? 0 : 0);
      if (v.scores_during_play) tr.appendChild(el("td", "", String(sh.play_points[side])));
      tr.appendChild(el("td", "", String(handPoints)));
      const m = el("td");
      m.innerHTML = `<b>${total}</b> / ${v.target}`;
      tr.appendChild(m);
      totals.appendChild(tr);
    });
    $("next-hand").textContent = sh.final ? "SEE RESULTS" : "NEXT HAND";
    $("sheet").hidden = false;
    sound("score");
    $("next-hand").focus();
  }

  async function nextHand() {
    const v = S.view;
    if (!v || S.busy) return;
    S.busy = true;
    try {
      const next = await api("POST", `/api/games/${v.id}/next-hand`);
      answered();
      $("sheet").hidden = true;
      S.boardKey = "";
      applyView(next);
    } catch (e) { if (!e.retry) $("sheet").hidden = true; await handleError(e); }
    finally { S.busy = false; }
    schedule();
  }

  async function showResults(v) {
    if (!$("results").hidden) return;
    const mySide = v.sides[v.seat];
    const won = v.outcome && v.outcome.winners.includes(v.seat);
    const dry = v.outcome && /dry goat/.test(v.outcome.reason);
    let title;
    if (v.low_score_wins) title = won ? `${sideName(v, 1 - mySide)} are the goat: you win!` : `You and your partner are the goat${dry ? " (a dry goat!)" : ""}`;
    else {
      const winnerSide = v.outcome && v.outcome.winners.length ? v.sides[v.outcome.winners[0]] : null;
      title = won ? "You win the match!" : winnerSide === null ? "The match is over" : `${sideName(v, winnerSide)} wins the match`;
    }
    const icon = $("results-icon");
    icon.innerHTML = won ? TROPHY : "";
    if (!won) {
      const [a, b] = v.low_score_wins ? [6, 6] : [1, 0];
      icon.appendChild(Object.assign(tileEl(a, b), { style: "width:30px;height:60px;transform:rotate(-8deg)" }));
      icon.querySelector(".tile").classList.add("static");
    }
    $("results-title").textContent = title;
    $("results-score").textContent = v.scores.map((s, side) => `${sideName(v, side, v.teams)} ${s}`).join(" – ");
    $("results-hands").textContent = "Hands won: " + v.hands_won.map((n, side) => `${sideName(v, side, v.teams)} ${n}`).join(", ");
    $("stats-title").textContent = `Your ${v.title} statistics at ${LEVEL_NAMES[v.level]}`;
    const box = $("stats");
    box.innerHTML = "";
    try {
      const st = await api("GET", `/api/stats?game=${v.game}&level=${v.level}`);
      const cells = [
        ["Played", st.played], ["Won", st.won], ["Win %", `${Math.round(st.win_percent)}%`],
        [v.low_score_wins ? "Best (lowest)" : "Best score", st.best_score ?? "–"],
        ["Average", st.average_score ?? "–"], ["Streak", `${st.streak} (best ${st.best_streak})`],
      ];
      for (const [k, val] of cells) {
        const d = el("div");
        d.appendChild(el("dt", "", k));
        d.appendChild(el("dd", "", String(val)));
        box.appendChild(d);
      }
    } catch (_) { /* statistics are a bonus */ }
    $("results").hidden = false;
    sound(won ? "score" : "pass");
    $("again").focus();
  }

  // ------------------------------------------------------------------ menu
  function closeOverlays() { for (const id of ["sheet", "results", "menu", "paused", "gone"]) $(id).hidden = true; }
  function openMenu() { $("menu").hidden = false; $("m-resume").focus(); }
  function setPaused(p) {
    S.paused = p;
    $("paused").hidden = !p;
    if (p) { stopLoop(); $("unpause").focus(); } else { schedule(); say(turnText(S.view)); }
  }
  function renderSoundButton() {
    const b = $("m-sound");
    b.textContent = `SOUND: ${S.sound ? "ON" : "OFF"}`;
    b.setAttribute("aria-pressed", String(S.sound));
  }

  function wire() {
    $("play").addEventListener("click", startGame);
    $("continue").addEventListener("click", () => { if (S.current) enterTable(S.current); });
    $("menu-btn").addEventListener("click", openMenu);
    $("hint-btn").addEventListener("click", showHint);
    $("m-resume").addEventListener("click", () => { $("menu").hidden = true; if (S.paused) setPaused(false); });
    $("m-pause").addEventListener("click", () => { $("menu").hidden = true; setPaused(true); });
    $("m-new").addEventListener("click", () => { $("menu").hidden = true; showHome(); });
    $("m-sound").addEventListener("click", () => {
      S.sound = !S.sound;
      localStorage.setItem("bones.sound", S.sound ? "on" : "off");
      renderSoundButton();
      sound("play");
    });
    $("unpause").addEventListener("click", () => setPaused(false));
    $("next-hand").addEventListener("click", nextHand);
    $("again").addEventListener("click", () => { $("results").hidden = true; startGame(); });
    $("to-home").addEventListener("click", () => { $("results").hidden = true; showHome(); });
    document.addEventListener("keydown", (ev) => {
      if ($("table").hidden || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      if (ev.key === "Escape") {
        if (!$("menu").hidden) { $("menu").hidden = true; return; }
        if (!S.picked && $("sheet").hidden && $("results").hidden) openMenu();
        else if (S.picked) { S.picked = null; render(); say("Your turn"); }
        return;
      }
      const dialog = openOverlay();
      if (dialog && dialog.id !== "paused") return; // P still resumes; other keys wait for the dialog
      if (ev.key === "h" || ev.key === "H") showHint();
      else if ((ev.key === "d" || ev.key === "D") && mustDraw()) sendMove("draw");
      else if (ev.key === "p" || ev.key === "P") setPaused(!S.paused);
    });
    // A redraw can change the room it is drawn in (a longer status wraps, the hand row grows), and
    // the observer below then asks for another: two sizes taking turns redrew every frame, and a tile
    // about to be tapped was detached each time. So only a new size is drawn again, and at most a few
    // times a second.
    let raf = 0, drawnFor = "", burst = 0, burstFrom = 0;
    const relayout = () => {
      cancelAnimationFrame(raf);
      raf = requestAnimationFrame(() => {
        if (!S.view) return;
        const board = $("board");
        const size = `${board.clientWidth}x${board.clientHeight}/${window.innerWidth}x${window.innerHeight}`;
        if (size === drawnFor) return;
        const now = performance.now();
        if (now - burstFrom > 1000) { burstFrom = now; burst = 0; }
        if (++burst > 4) { raf = 0; setTimeout(relayout, 1000 - (now - burstFrom)); return; }
        drawnFor = size;
        render(); retell(); refitBoard();
      });
    };
    window.addEventListener("resize", relayout);
    if (window.ResizeObserver) new ResizeObserver(relayout).observe($("board"));
    renderSoundButton();
    const brand = $("brand-tiles");
    brand.appendChild(Object.assign(tileEl(6, 5), { style: "width:28px;height:56px" }));
    brand.appendChild(Object.assign(tileEl(3, 3), { style: "width:28px;height:56px" }));
    brand.querySelectorAll(".tile").forEach((t) => t.classList.add("static"));
  }

  // ------------------------------------------------- focus and dialogs
  // A dialog keeps the keyboard inside it; when the last one closes, focus goes back where it was.
  const FOCUS = { handIndex: 0, outside: null, answer: null, byKeyboard: false };
  function openOverlay() {
    const open = [...document.querySelectorAll(".overlay")].filter((o) => !o.hidden);
    return open[open.length - 1] || null;
  }
  function focusables(root) {
    return [...root.querySelectorAll("button, a[href], input, select, textarea, [tabindex]")]
      .filter((e) => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length);
  }
  const focusLost = () => {
    const a = document.activeElement;
    return !a || a === document.body || !a.isConnected || !a.getClientRects().length;
  };

  // After a move the tile or end that had focus is gone: put focus on what the player will want next.
  // Only for keyboard players: a focus ring on a tile would look like a hint to someone who taps.
  function keepFocus() {
    if (!FOCUS.byKeyboard || $("table").hidden || openOverlay() || !focusLost()) return;
    const hand = [...document.querySelectorAll(".hand .tile")];
    const target = (mustDraw() && document.querySelector("#boneyard-tiles .tile:not(.reserve)"))
      || (myTurn() && document.querySelector(".hand .tile.fits"))
      || hand[Math.min(FOCUS.handIndex, hand.length - 1)]
      || $("menu-btn");
    target.focus({ preventScroll: true });
  }

  function syncDialogs() {
    const dialog = openOverlay();
    for (const id of ["home", "table"]) $(id).inert = !!dialog;
    if (dialog) {
      if (!dialog.contains(document.activeElement)) focusables(dialog)[0]?.focus();
      return;
    }
    if (!focusLost()) return;
    const back = FOCUS.outside;
    if (back && back.isConnected && back.getClientRects().length) back.focus();
    else keepFocus();
  }

  function onDialogKey(ev) {
    const dialog = openOverlay();
    if (!dialog) return;
    if (ev.key === "Escape") {
      const close = dialog.querySelector("[data-close]");
      if (close) { ev.preventDefault(); ev.stopPropagation(); close.click(); }
      return;
    }
    if (ev.key !== "Tab") return;
    ev.preventDefault();
    const items = focusables(dialog);
    if (!items.length) return;
    const i = items.indexOf(document.activeElement);
    const next = ev.shiftKey ? items[(i <= 0 ? items.length : i) - 1] : items[(i + 1) % items.length];
    next.focus();
  }

  function showDialog(id, focusId) {
    $(id).hidden = false;
    $(focusId).focus();
  }

  function askToAbandon(v) {
    $("confirm-info").textContent = `${v.title} · ${LEVEL_NAMES[v.level] || v.level} · hand ${v.hand_no} · ${scoreText(v, true)}`;
    showDialog("confirm", "confirm-keep");
    return new Promise((resolve) => { FOCUS.answer = resolve; });
  }
  function answerConfirm(choice) {
    $("confirm").hidden = true;
    const resolve = FOCUS.answer;
    FOCUS.answer = null;
    if (resolve) resolve(choice);
  }

  // ------------------------------------------------- rules, statistics
  const gameOf = (id) => (S.catalog && S.catalog.games.find((g) => g.id === id)) || { id, title: id };

  // The rules come as plain text: paragraphs, and indented lines under a heading ("This table:").
  function showRulesText(box, text) {
    box.textContent = "";
    for (const block of text.split(/\n\s*\n/)) {
      const lines = block.split("\n").filter((line) => line.trim());
      if (!lines.length) continue;
      const listed = lines.length > 1 && lines.slice(1).every((line) => /^\s/.test(line));
      if (!listed) { box.appendChild(el("p", "", lines.map((line) => line.trim()).join(" "))); continue; }
      box.appendChild(el("h3", "", lines[0].trim()));
      const list = el("ul");
      for (const line of lines.slice(1)) list.appendChild(el("li", "", line.trim()));
      box.appendChild(list);
    }
  }

  async function showRules() {
    const game = gameOf(S.settings.game);
    $("rules-title").textContent = `${game.title}: the rules`;
    const box = $("rules-text");
    box.textContent = "Loading…";
    showDialog("rules", "rules-close");
    try {
      const page = await api("GET", `/api/rules/${encodeURIComponent(game.id)}`);
      showRulesText(box, page.text);
    } catch (e) {
      box.textContent = e.retry ? "Connection lost: the rules could not be fetched. Try again in a moment." : e.message;
    }
  }

  async function showStats() {
    const box = $("stats-list");
    box.textContent = "Loading…";
    showDialog("stats-screen", "stats-close");
    let rows;
    try {
      rows = (await api("GET", "/api/stats")).stats;
    } catch (e) {
      box.textContent = e.retry ? "Connection lost: the statistics could not be fetched. Try again in a moment." : e.message;
      return;
    }
    box.textContent = "";
    const order = (S.catalog ? S.catalog.games.map((g) => g.id) : []);
    const levels = S.catalog ? S.catalog.levels : [];
    rows.sort((a, b) => (order.indexOf(a.game) - order.indexOf(b.game)) || (levels.indexOf(a.level) - levels.indexOf(b.level)));
    if (!rows.length) { box.appendChild(el("p", "sub", "No matches yet: your results appear here once you play.")); return; }
    for (const st of rows) {
      const game = gameOf(st.game);
      const section = el("section", "stats-entry");
      section.dataset.game = st.game;
      section.dataset.level = st.level;
      section.appendChild(el("h3", "", `${game.title} · ${LEVEL_NAMES[st.level] || st.level}`));
      const cells = [
        ["Played", st.played], ["Won", st.played ? `${st.won} (${Math.round(st.win_percent)}%)` : st.won],
        [game.low_score_wins ? "Best (lowest)" : "Best", st.best_score ?? "–"],
        ["Streak", st.streak], ["Best streak", st.best_streak], ["Abandoned", st.abandoned],
      ];
      const list = el("dl", "stats");
      for (const [name, value] of cells) {
        const cell = el("div");
        cell.appendChild(el("dt", "", name));
        cell.appendChild(el("dd", "", String(value)));
        list.appendChild(cell);
      }
      section.appendChild(list);
      box.appendChild(section);
    }
  }

  function wireDialogs() {
    const watcher = new MutationObserver(syncDialogs);
    document.querySelectorAll(".overlay").forEach((o) => watcher.observe(o, { attributes: true, attributeFilter: ["hidden"] }));
    document.addEventListener("keydown", onDialogKey, true);
    document.addEventListener("keydown", () => { FOCUS.byKeyboard = true; }, true);
    document.addEventListener("pointerdown", () => { FOCUS.byKeyboard = false; }, true);
    document.addEventListener("focusin", (ev) => {
      if (!ev.target.closest(".overlay")) FOCUS.outside = ev.target;
      const hand = [...document.querySelectorAll(".hand .tile")];
      if (hand.includes(ev.target)) FOCUS.handIndex = hand.indexOf(ev.target);
    });
    $("confirm-keep").addEventListener("click", () => answerConfirm("continue"));
    $("confirm-new").addEventListener("click", () => answerConfirm("new"));
    $("confirm-back").addEventListener("click", () => answerConfirm("back"));
    $("rules-btn").addEventListener("click", showRules);
    $("rules-close").addEventListener("click", () => { $("rules").hidden = true; });
    $("stats-btn").addEventListener("click", showStats);
    $("stats-close").addEventListener("click", () => { $("stats-screen").hidden = true; });
    $("gone-home").addEventListener("click", () => { $("gone").hidden = true; showHome(); });
    window.addEventListener("online", () => { if (NET.lost && S.view && !$("table").hidden) { NET.retryAt = 0; schedule(); } });
  }

  async function boot() {
    wire();
    wireDialogs();
    for (;;) {
      try {
        S.catalog = await api("GET", "/api/catalog");
        connectionBack();
        break;
      } catch (e) {
        await wait(connectionLost(e));
      }
    }
    await showHome();
  }

  window.BonesTable = { state: S, pace: PACE };
  boot();
})();
