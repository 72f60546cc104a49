// Fujisan: two rows of squares on upright dominoes, the peak in the middle, the ground at both
// ends, four priests. Tap a glowing priest, then a glowing square he can reach.
import { $, el } from "../shell/dom.js";
import { half } from "../shell/tiles.js";
import * as F from "./fujisan-words.js";
import { registerBoard } from "./index.js";
import { pickActions } from "./pick-actions.js";

const P = { picked: null, at: -1 };

function cellSize() {
  const board = $("board");
  return Math.max(20, Math.floor(Math.min((board.clientWidth - 24) / 14, (board.clientHeight - 60) / 2.4, 72)));
}

function renderBoard(ctx, v) {
  const board = $("board");
  board.setAttribute("aria-label", "Mount Fuji: two rows of squares, the peak in the middle");
  const { squares } = F.options(v, P.picked);
  const glow = new Set(squares);
  const hint = ctx.S.hint && ctx.S.hint.best;
  const grid = el("div", "fujisan");
  grid.style.setProperty("--cell", `${cellSize()}px`);
  for (const row of v.board.rows) {
    for (const sq of row) {
      const b = el("button", "fujisan-square");
      b.type = "button";
      b.dataset.square = sq.name;
      b.classList.toggle("peak", sq.peak);
      b.classList.toggle("ground", sq.ground && sq.number === null);
      if (sq.number !== null) b.appendChild(half(sq.number, true));
      if (sq.priest) {
        const p = el("span", "fujisan-priest");
        p.setAttribute("aria-hidden", "true");
        b.appendChild(p);
      }
      const can = glow.has(sq.name);
      b.classList.toggle("target", can);
      b.classList.toggle("picked", P.picked === sq.name);
      b.classList.toggle("hinted", !!hint && hint.split("-").includes(sq.name) && can);
      b.tabIndex = can ? 0 : -1;
      if (!can) b.setAttribute("aria-disabled", "true");
      b.setAttribute("aria-label", `${F.squareWords(sq)}${can ? (P.picked ? ": go here" : ": move this priest") : ""}`);
      b.addEventListener("click", () => tap(ctx, sq.name, b));
      grid.appendChild(b);
    }
  }
  const giveUp = v.board.choices.find((c) => !c.from);
  const actions = pickActions(ctx, {
    picked: P.picked,
    back: () => dropPick(ctx),
    giveUp: F.myTurn(v) ? giveUp : null,
    giveUpLabel: "Give up",
    moveClass: "fujisan-move",
  });
  const wrap = el("div", "fujisan-wrap");
  wrap.append(grid, actions);
  board.replaceChildren(wrap);
}

function tap(ctx, name, e) {
  const v = ctx.S.view;
  if (!v || ctx.S.busy || !F.myTurn(v)) return;
  const { squares } = F.options(v, P.picked);
  if (!squares.includes(name)) { ctx.sound("nope"); ctx.say(`${name} is not a choice now. ${F.turnText(v, P.picked)}`, true); return; }
  if (P.picked) { ctx.send(F.moveFor(v, P.picked, name), e); return; }
  P.picked = name;
  P.at = v.move_number;
  ctx.render();
  ctx.say(F.turnText(v, P.picked));
  document.querySelector(".fujisan-square.target")?.focus();
}

function dropPick(ctx) {
  const was = P.picked;
  P.picked = null;
  ctx.render();
  ctx.say(F.turnText(ctx.S.view, null));
  document.querySelector(`.fujisan-square[data-square="${was}"]`)?.focus();
}

function renderMine(ctx, v) {
  const line = el("div", "fujisan-mine", `${v.board.descent ? "The way down" : "The ascent"}: ${v.board.moves_made} moves so far`);
  $("hand").replaceChildren(line);
}

export const fujisanBoard = {
  enter() { P.picked = null; },
  render(ctx) {
    const v = ctx.S.view;
    if (P.at !== v.move_number) P.picked = null;
    renderBoard(ctx, v);
    renderMine(ctx, v);
    $("boneyard").hidden = true;
  },
  refit() {
    const grid = document.querySelector("#board .fujisan");
    const want = `${cellSize()}px`;
    if (!grid || grid.style.getPropertyValue("--cell") === want) return false;
    grid.style.setProperty("--cell", want);
    return true;
  },
  seatTiles: () => null,
  info: F.infoItems,
  turnText: (ctx, v) => F.turnText(v, P.picked),
  describe: () => "",
  soundOf: () => "play",
  bubbleOf: () => null,
  showHint(ctx, h) {
    const c = ctx.S.view.board.choices.find((x) => x.move === h.best);
    return `Hint: ${c ? c.words.charAt(0).toLowerCase() + c.words.slice(1) : h.best}`;
  },
  key: () => false,
  escape(ctx) {
    if (!P.picked) return false;
    dropPick(ctx);
    return true;
  },
  focusTarget: () => document.querySelector(".fujisan-square.target"),
};

registerBoard("fujisan", fujisanBoard);
