// Mountains and Valleys: the 6x6 map, the dominoes in hand, the penalty so far. Tap a domino, then
// the squares it covers (the ones it could still cover glow); tap a placed domino to lift it.
import { $, el } from "../shell/dom.js";
import { half, tileEl } from "../shell/tiles.js";
import { parseTile, tileWords } from "../shell/words.js";
import { registerBoard } from "./index.js";
import * as M from "./mountains-words.js";

const P = { picked: null, tapped: [], at: -1 };

function cellSize() {
  const board = $("board");
  return Math.max(24, Math.floor(Math.min((board.clientWidth - 24) / 6, (board.clientHeight - 70) / 6, 80)));
}

function renderBoard(ctx, v) {
  const board = $("board");
  board.setAttribute("aria-label", `The map, penalty ${v.board.penalty}`);
  const { glow, ask } = P.picked ? M.narrow(v, P.picked, P.tapped) : { glow: new Set(), ask: [] };
  const grid = el("div", "mountains");
  grid.style.setProperty("--cell", `${cellSize()}px`);
  for (const row of v.board.rows) {
    for (const cell of row) {
      const b = el("button", `mountains-cell${cell.height === null ? " empty" : ` runners-cell join-${cell.join} h${cell.height}`}`);
      b.type = "button";
      b.dataset.cell = cell.name;
      if (cell.height !== null) b.appendChild(half(cell.height, true));
      const can = glow.has(cell.name);
      const lift = !P.picked && M.liftAt(v, cell.name);
      b.classList.toggle("target", can);
      b.classList.toggle("tapped", P.tapped.includes(cell.name));
      b.tabIndex = can || lift ? 0 : -1;
      b.setAttribute("aria-label", `${M.cellWords(cell)}${can ? ": place here" : lift ? ": tap to lift" : ""}`);
      b.addEventListener("click", () => tapCell(ctx, cell.name, b));
      grid.appendChild(b);
    }
  }
  const actions = el("div", "fujisan-actions");
  for (const c of [...ask, ...(P.picked ? [] : M.sources(v).others)]) {
    const btn = el("button", "btn primary mountains-move", c.words);
    btn.type = "button";
    btn.dataset.move = c.move;
    btn.addEventListener("click", () => ctx.send(c.move, btn));
    actions.appendChild(btn);
  }
  if (P.picked) {
    const back = el("button", "btn", "Back");
    back.type = "button";
    back.addEventListener("click", () => dropPick(ctx));
    actions.appendChild(back);
  }
  const wrap = el("div", "fujisan-wrap");
  wrap.append(grid, actions);
  board.replaceChildren(wrap);
}

function tapCell(ctx, name, e) {
  const v = ctx.S.view;
  if (!v || ctx.S.busy || !M.myTurn(v)) return;
  if (!P.picked) {
    const lift = M.liftAt(v, name);
    if (lift) ctx.send(lift, e);
    return;
  }
  if (!M.narrow(v, P.picked, P.tapped).glow.has(name)) { ctx.sound("nope"); ctx.say(`${P.picked} cannot cover ${name}`, true); return; }
  P.tapped = [...P.tapped, name];
  const n = M.narrow(v, P.picked, P.tapped);
  if (n.move) { ctx.send(n.move, e); return; }
  ctx.render();
  ctx.say(n.ask.length ? "Which way round? Choose below" : M.turnText(v, P.picked));
}

function pick(ctx, tile, e) {
  const v = ctx.S.view;
  const moves = M.sources(v).tiles.get(tile) || [];
  if (!moves.length) { ctx.sound("nope"); ctx.say(M.myTurn(v) ? `${tile} has no place left on the map` : "Wait for your turn", true); return; }
  if (moves[0].kind === "pass") { ctx.send(moves[0].move, e); return; }
  P.picked = P.picked === tile ? null : tile;
  P.tapped = [];
  P.at = v.move_number;
  ctx.render();
  ctx.say(M.turnText(v, P.picked));
  document.querySelector(".mountains-cell.target")?.focus();
}

function dropPick(ctx) {
  P.picked = null;
  P.tapped = [];
  ctx.render();
  ctx.say(M.turnText(ctx.S.view, null));
}

function renderHand(ctx, v) {
  const hand = $("hand");
  const { tiles } = M.sources(v);
  hand.replaceChildren();
  // In the cooperative game the domino passed to this player is placed from beside the hand.
  const passed = v.board.position.passed;
  const mine = [...v.board.position.hand, ...(passed && !v.board.position.hand.includes(passed) ? [passed] : [])];
  const n = Math.max(mine.length, 1);
  hand.style.setProperty("--tw", `${Math.max(22, Math.min(44, Math.floor((hand.parentElement.clientWidth - 16 - (n - 1) * 6) / n), Math.floor(window.innerHeight * 0.06)))}px`);
  for (const t of mine) {
    const [a, b] = parseTile(t);
    const e = tileEl(a, b, { vertical: true, tag: "button" });
    e.dataset.tile = t;
    const can = tiles.has(t);
    if (M.myTurn(v)) e.classList.add(can ? "fits" : "dim");
    if (P.picked === t) e.classList.add("picked");
    if (t === passed) e.classList.add("shown");
    e.setAttribute("aria-label", `${tileWords(t)}${t === passed ? ", passed to you" : ""}${can ? ", may be placed" : ""}`);
    e.addEventListener("click", () => pick(ctx, t, e));
    hand.appendChild(e);
  }
}

export const mountainsBoard = {
  enter() { P.picked = null; P.tapped = []; },
  render(ctx) {
    const v = ctx.S.view;
    if (P.at !== v.move_number) { P.picked = null; P.tapped = []; }
    renderBoard(ctx, v);
    renderHand(ctx, v);
    $("boneyard").hidden = true;
  },
  refit() {
    const grid = document.querySelector("#board .mountains");
    const want = `${cellSize()}px`;
    if (!grid || grid.style.getPropertyValue("--cell") === want) return false;
    grid.style.setProperty("--cell", want);
    return true;
  },
  seatTiles: (ctx, v, seat) => el("div", "backs", `${v.board.position.hand_sizes[seat]} dominoes`),
  info: M.infoItems,
  turnText: (ctx, v) => M.turnText(v, P.picked),
  describe: () => "",
  soundOf: () => "play",
  bubbleOf: () => null,
  showHint(ctx, h) {
    const c = M.choiceOf(ctx.S.view, h.best);
    return `Hint: ${c ? (c.kind === "place" ? `place ${c.source}: ${c.words}` : c.words.charAt(0).toLowerCase() + c.words.slice(1)) : h.best}`;
  },
  moveWords(v, move) {
    const c = M.choiceOf(v, move);
    return c && c.kind === "place" ? `${c.source}: ${c.words}` : c ? c.words : move;
  },
  key: () => false,
  escape(ctx) {
    if (!P.picked) return false;
    dropPick(ctx);
    return true;
  },
  focusTarget: () => document.querySelector(".mountains-cell.target") || document.querySelector(".hand .tile.fits"),
};

registerBoard("mountains", mountainsBoard);
