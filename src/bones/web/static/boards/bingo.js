// Bingo's table: the boneyard with the trump tile under it, the trick in the middle, the last trick
// taken, each player's points towards 70, the hand (the tiles that may be played glow), and the
// moves that are not a tile (close, take the trump tile or the face-down one) as buttons. A double
// that may declare honours asks which. A tile is played by a tap, by dragging it to the trick, or
// by the arrow keys and Enter; a tile played flies to the trick from whoever played it. Reads only
// the view (v.board: BingoState.client_view).
import { moveCursor, waitingFocus } from "../shell/cursor.js";
import { $, el, row } from "../shell/dom.js";
import { startDrag } from "../shell/drag.js";
import { handTiles } from "../shell/fit.js";
import { flyFrom, seatRect } from "../shell/motion.js";
import { tileEl } from "../shell/tiles.js";
import { parseTile, tileWords } from "../shell/words.js";
import * as B from "./bingo-words.js";
import { registerBoard } from "./index.js";
import { mark, marksOf } from "./marks.js";

const K = { picked: null, pickedAt: -1 };

function face(text, cls = "") {
  const [a, b] = parseTile(text);
  const t = tileEl(a, b, { vertical: true });
  t.classList.add("static");
  if (cls) t.className += ` ${cls}`;
  t.setAttribute("role", "img");
  t.setAttribute("aria-label", tileWords(text));
  t.dataset.tile = text;
  return t;
}

function back(label) {
  const t = tileEl(0, 0, { back: true });
  t.classList.add("static");
  if (label) t.setAttribute("aria-label", label);
  else t.setAttribute("aria-hidden", "true");
  return t;
}

function pointsOf(v, tile) {
  const p = v.board.tile_points[tile];
  return p ? ` (${p} points)` : "";
}

function renderBoard(ctx, v) {
  const b = v.board;
  const board = $("board");
  board.setAttribute("aria-label", "The bingo table");
  const box = el("div", "bingo");

  const stock = el("div", "bingo-stock");
  stock.appendChild(el("div", "bingo-label", B.trumpWords(b.trump)));
  const pile = el("div", "bingo-pile");
  const hidden = b.boneyard_size - (b.trump_in_boneyard ? 1 : 0);
  if (hidden > 0) pile.appendChild(back(`${hidden} face-down tiles`));
  // The trump tile lies across, under the boneyard, face up until someone closes.
  if (b.trump_in_boneyard && b.trump_tile) {
    let trump;
    if (b.trump_face_up) {
      const [x, y] = parseTile(b.trump_tile);
      trump = tileEl(x, y, { vertical: false });
      trump.setAttribute("role", "img");
      trump.setAttribute("aria-label", `the trump tile ${tileWords(b.trump_tile)}, drawn last`);
    } else {
      trump = tileEl(0, 0, { vertical: false, back: true });
      trump.setAttribute("aria-label", "the trump tile, turned down");
    }
    trump.classList.add("static", "trump-tile");
    pile.appendChild(trump);
  }
  stock.appendChild(pile);
  stock.appendChild(el("div", "bingo-count", b.closed_by !== null ? "Closed: nobody draws" : `Boneyard ${b.boneyard_size}`));
  box.appendChild(stock);

  const middle = el("div", "bingo-trick");
  middle.setAttribute("aria-live", "polite");
  const onTable = B.trickOnTable(v);
  if (onTable.length) {
    for (const t of onTable) {
      const spot = el("div", "bingo-spot");
      spot.appendChild(el("div", "bingo-label", t.seat === v.seat ? "You led" : `${v.seats[t.seat].name} led`));
      spot.appendChild(face(t.tile, "led"));
      spot.lastChild.setAttribute("aria-label", `${tileWords(t.tile)} led${pointsOf(v, t.tile)}`);
      middle.appendChild(spot);
    }
  } else if (b.last_trick) {
    const t = b.last_trick;
    const spot = el("div", "bingo-spot taken");
    const taker = t.winner === v.seat ? "You took" : `${v.seats[t.winner].name} took`;
    spot.appendChild(el("div", "bingo-label", `${taker} ${t.points} points`));
    const pair = el("div", "bingo-pair");
    pair.append(face(t.led), face(t.answer));
    spot.appendChild(pair);
    middle.appendChild(spot);
  } else {
    middle.appendChild(el("div", "bingo-label", "The leader plays a tile"));
  }
  const { actions } = B.choicesByTile(v);
  const choices = el("div", "bingo-actions");
  if (K.picked) {
    for (const c of B.choicesByTile(v).byTile.get(K.picked) || []) choices.appendChild(actionButton(ctx, c));
    const cancel = el("button", "btn bingo-back", "Back");
    cancel.type = "button";
    cancel.addEventListener("click", () => dropPick(ctx));
    choices.appendChild(cancel);
  } else {
    for (const c of actions) choices.appendChild(actionButton(ctx, c));
  }
  middle.appendChild(choices);
  box.appendChild(middle);

  const score = el("div", "bingo-score");
  for (const p of B.pointsLine(v)) {
    const line = el("div", "bingo-points");
    line.append(el("span", "", p.name), el("b", "", String(p.points)), el("span", "dim", ` / ${B.HAND_TARGET} points · ${p.tricks} trick${p.tricks === 1 ? "" : "s"}`));
    score.appendChild(line);
  }
  box.appendChild(score);
  board.replaceChildren(box);
}

function actionButton(ctx, c) {
  const b = el("button", "btn primary bingo-move", c.words);
  b.type = "button";
  b.dataset.move = c.move;
  const m = marksOf(ctx);
  mark(b, m, m.best === c.move, m.played === c.move);
  b.addEventListener("click", () => ctx.send(c.move, b));
  return b;
}

function renderHand(ctx, v, old) {
  const hand = $("hand");
  const active = document.activeElement;
  const focused = active && hand.contains(active) ? active.dataset.tile : null;
  hand.replaceChildren();
  const tiles = v.board.hand;
  const n = Math.max(tiles.length, 1);
  const avail = hand.parentElement.clientWidth - 16;
  const byHeight = Math.floor(window.innerHeight * (window.innerHeight < 520 ? 0.08 : 0.075));
  // (Sideways the hand has a column of its own, which scrolls up and down.)
  const { tw, scrolls } = handTiles({ room: avail, n, byHeight, rows: window.innerHeight < 520 ? Infinity : 2 });
  hand.style.setProperty("--tw", `${tw}px`);
  hand.classList.toggle("scrolls", scrolls);
  const turn = B.myTurn(v) && v.status === "playing";
  const { byTile } = B.choicesByTile(v);
  const m = marksOf(ctx);
  const tileOf = (move) => (move ? move.split("+")[0] : null);
  for (const t of tiles) {
    const [a, b] = parseTile(t);
    const e = tileEl(a, b, { vertical: true, tag: "button" });
    e.dataset.tile = t;
    const moves = byTile.get(t) || [];
    if (turn) e.classList.add(moves.length ? "fits" : "dim");
    if (K.picked === t) { e.classList.add("picked"); e.setAttribute("aria-pressed", "true"); }
    // A tile drawn since the last view drops into the hand.
    if (old && old.id === v.id && old.board.hand_no === v.board.hand_no && !old.board.hand.includes(t)) e.classList.add("new");
    const state = !turn ? "" : moves.length ? (moves.length > 1 ? ", may declare honours" : ", may be played") : ", may not be played now";
    e.setAttribute("aria-label", `${tileWords(t)}${pointsOf(v, t)}${state}`);
    mark(e, m, tileOf(m.best) === t, tileOf(m.played) === t);
    e.addEventListener("click", () => tap(ctx, t, e));
    if (turn && moves.length) e.addEventListener("pointerdown", (ev) => dragToTrick(ctx, ev, e, t));
    hand.appendChild(e);
    if (focused === t && turn && moves.length) e.focus();
  }
}

// A tile dragged from the hand and let go over the trick is played there, as by a tap.
function dragToTrick(ctx, ev, e, tile) {
  const trick = () => document.querySelector(".bingo-trick");
  startDrag(ev, e, {
    targets: () => [trick()].filter(Boolean),
    onStart: () => trick()?.classList.add("drop"),
    onDrop: (target) => { target.classList.remove("drop"); tap(ctx, tile, e); },
    onCancel: () => { trick()?.classList.remove("drop"); ctx.say(`Drop ${tile} on the trick, in the middle`, true); },
  });
}

// What the arrow keys move between: the tiles that may be played, then the buttons.
const choiceEls = () => [...document.querySelectorAll(".hand .tile.fits, .bingo-move, .bingo-back")];
const firstChoice = () => document.querySelector(".hand .tile.fits") || document.querySelector(".bingo-move");

// The last move, shown: the tile played flies to the trick from whoever played it; a tile taken
// flies from the boneyard to whoever took it.
function showMove(ctx, v, old, animate) {
  const tile = v.last.move.split("+")[0];
  if (tile.includes(":")) {
    const e = document.querySelector(`.bingo-trick .tile[data-tile="${tile}"]`);
    flyFrom(e, animate.fromRect || seatRect(ctx, animate.seat), ctx.anim);
    return;
  }
  if (!tile.startsWith("take") || !old) return;
  const pile = document.querySelector(".bingo-pile")?.getBoundingClientRect();
  let taken;
  if (animate.seat === v.seat) {
    const before = new Set(old.board.hand);
    taken = [...document.querySelectorAll(".hand .tile")].find((e) => !before.has(e.dataset.tile));
  } else {
    const row = document.querySelector(`.seat-panel[data-seat="${animate.seat}"] .backs`);
    taken = (old.board.trump_tile && row?.querySelector(`.tile[data-tile="${old.board.trump_tile}"]`)) || row?.lastElementChild;
  }
  flyFrom(taken, pile, ctx.anim);
}

function shake(e) { e.classList.remove("shake"); void e.offsetWidth; e.classList.add("shake"); }

function tap(ctx, tile, e) {
  const v = ctx.S.view;
  if (!v || ctx.S.busy || v.status !== "playing" || ctx.saysWaiting()) return;
  if (!B.myTurn(v)) {
    shake(e); ctx.sound("nope");
    ctx.say(`Wait: it is ${v.seats[v.to_move].name}'s turn`, true);
    return;
  }
  const moves = B.choicesByTile(v).byTile.get(tile) || [];
  if (!moves.length) {
    shake(e); ctx.sound("nope");
    const b = v.board;
    const why = b.phase === "choose" ? "First take the trump tile or the face-down tile"
      : b.on_table && b.must_follow ? `${tile} may not answer ${b.on_table.led}: follow it if you can` : `${tile} may not be played now`;
    ctx.say(why, true);
    return;
  }
  if (moves.length === 1) { ctx.send(moves[0].move, e); return; }
  K.picked = K.picked === tile ? null : tile;
  K.pickedAt = v.move_number;
  ctx.render();
  ctx.say(B.turnText(v, K.picked));
  (K.picked ? document.querySelector(".bingo-move") : document.querySelector(`.hand .tile[data-tile="${tile}"]`))?.focus();
}

function dropPick(ctx) {
  const t = K.picked;
  K.picked = null;
  ctx.render();
  ctx.say(B.turnText(ctx.S.view, null));
  (document.querySelector(`.hand .tile[data-tile="${t}"]`) || firstChoice())?.focus();
}

function seatTiles(ctx, v, seat, side) {
  const b = v.board;
  const row2 = el("div", "backs");
  const known = b.known[seat] || [];
  for (const t of known) {
    const tile = face(t);
    tile.style.width = side ? "26px" : "14px";
    tile.style.height = side ? "13px" : "28px";
    row2.appendChild(tile);
  }
  const hidden = Math.max(0, b.hand_sizes[seat] - known.length);
  for (let k = 0; k < hidden; k++) {
    const t = back();
    t.style.width = side ? "26px" : "14px";
    t.style.height = side ? "13px" : "28px";
    row2.appendChild(t);
  }
  if (known.length) row2.setAttribute("aria-label", `${v.seats[seat].name} shows ${known.map(tileWords).join(", ")}`);
  return row2;
}

// The hand just finished: the sheet's details (the game's own sheet), else the board's last result.
const resultOf = (v) => (v.sheet && v.sheet.details && v.sheet.details.ending ? v.sheet.details : v.board.results[v.board.results.length - 1]);

function fillSheet(ctx, v, { hands, totals }) {
  const r = resultOf(v);
  hands.replaceChildren(row(B.SHEET_HEAD, { header: true }));
  for (const line of B.sheetRows(v, r)) hands.appendChild(row([line.name, ...line.cells], { cls: line.won ? "winner" : "" }));
  totals.replaceChildren();
  const final = v.sheet ? !!v.sheet.final : !!v.board.outcome;
  return { title: `Hand ${r.number}: ${B.handTitle(v, r)}`, note: `${B.trumpWords(r.trump)}. First to ${v.board.target} sets wins the match.`, final };
}

export const bingoBoard = {
  enter() { K.picked = null; },
  render(ctx, opts = {}) {
    const v = ctx.S.view;
    if (K.picked && K.pickedAt !== v.move_number) K.picked = null;
    renderBoard(ctx, v);
    renderHand(ctx, v, opts.old);
    $("boneyard").hidden = true;
    if (opts.animate && v.last) showMove(ctx, v, opts.old, opts.animate);
  },
  refit: () => false,
  scores: B.matchScores,
  seatTiles,
  info: B.infoItems,
  turnText: (ctx, v) => B.turnText(v, K.picked),
  // The game's own narration says more (the tiles drawn, the honours shown); these words stand in without it.
  describe: (ctx, v, last) => (last.text ? "" : B.describe(v, last)),
  soundOf: (last) => B.soundOf(last.move),
  bubbleOf: B.bubbleOf,
  automatic: () => false,
  showHint(ctx, h) {
    const v = ctx.S.view;
    const c = v.board.choices.find((x) => x.move === h.best);
    return `Hint: ${c ? c.words.charAt(0).toLowerCase() + c.words.slice(1) : h.best}`;
  },
  key: (ctx, ev) => moveCursor(ev, choiceEls()),
  escape(ctx) {
    if (!K.picked) return false;
    dropPick(ctx);
    return true;
  },
  focusTarget: () => firstChoice() || waitingFocus(),
  handTitle: (v) => B.handTitle(v, resultOf(v)),
  fillSheet,
};

registerBoard("bingo", bingoBoard);
