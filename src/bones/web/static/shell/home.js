// The first screen: CONTINUE, the level, the game, its rule options, the number of players, PLAY. Every choice comes
// from the catalog the server sends (the games the table can draw, their player counts and levels).
import { askToAbandon, closeOverlays, openOverlay } from "./dialogs.js";
import { $, el } from "./dom.js";
import { NET, api, connectionBack, connectionLost } from "./net.js";
import { S, saveSettings } from "./state.js";
import { enterTable, stopLoop, toast } from "./table.js";
import { LEVEL_NAMES, counted, levelName, scoreText } from "./words.js";

// A radio group is one stop of the Tab key (the chosen button, else the first); the arrow keys choose within it.
export function radio(container, items, selected, onPick) {
  container.replaceChildren();
  const stop = items.some((x) => x.value === selected) ? selected : items[0]?.value;
  for (const item of items) {
    const b = el("button", "", item.label);
    b.type = "button";
    b.setAttribute("role", "radio");
    b.setAttribute("aria-checked", String(item.value === selected));
    b.tabIndex = item.value === stop ? 0 : -1;
    b.dataset.value = item.value;
    b.addEventListener("click", () => onPick(item.value));
    b.addEventListener("keydown", (e) => {
      const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
      if (!(e.key in keys)) return;
      e.preventDefault();
      const i = items.findIndex((x) => x.value === selected);
      const next = items[(i + keys[e.key] + items.length) % items.length];
      onPick(next.value);
      [...container.children].find((c) => c.dataset.value === String(next.value))?.focus();
    });
    container.appendChild(b);
  }
}

// A chip's name may be one word wider than the chip on a phone ("Tetradominoes"): its letters are made smaller
// until it fits, rather than run over the chip's edge. (Hidden chips have no width: the observer in wireHome
// fits them once they are shown, and again when the screen turns.)
function fitNames(container) {
  for (const chip of container.children) {
    chip.style.fontSize = "";
    for (let i = 0; i < 3 && chip.clientWidth && chip.scrollWidth > chip.clientWidth; i++) {
      const size = parseFloat(getComputedStyle(chip).fontSize);
      chip.style.fontSize = `${Math.max(9, Math.floor(size * (chip.clientWidth / chip.scrollWidth) * 10) / 10)}px`;
    }
  }
}

// The line CONTINUE shows for a match in progress.
export const matchLine = (v) => [v.title, levelName(v.level), `hand ${v.hand_no}`, ...(v.scores ? [scoreText(v)] : [])].join(" · ");

export function renderHome() {
  const c = S.catalog;
  if (!c) return;
  // PLAY once the choices it plays are drawn: enabled at the catalog, it was pressed (and tabbed past) before them.
  for (const id of ["play", "people"]) $(id).disabled = false;
  const set = S.settings;
  const game = c.games.find((g) => g.id === set.game) || c.games[0];
  set.game = game.id;
  if (!game.players.includes(set.players)) set.players = game.default_players;
  const pick = (key) => (value) => { set[key] = value; saveSettings(); renderHome(); };
  radio($("levels"), c.levels.map((l) => ({ value: l, label: LEVEL_NAMES[l] || l })), set.level, pick("level"));
  // The games are named in short chips, however many there are; the chosen one is told in a line below.
  radio($("games"), c.games.map((g) => ({ value: g.id, label: g.title })), set.game, pick("game"));
  fitNames($("games"));
  $("game-note").textContent = game.tagline || game.summary;
  renderOptions(game, set);
  renderProblems(game, set);
  renderDifficulties(game, set);
  // a problem is played with its book's options and layout: the menu's are not asked for
  if (game.problems && (set.problems || {})[game.id]) $("options-box").hidden = $("difficulties-box").hidden = true;
  radio($("players"), game.players.map((n) => ({ value: n, label: String(n) })), set.players, pick("players"));
  $("players-box").hidden = game.players.length < 2;
  const ready = game.levels_ready || [];
  const note = $("level-note");
  if (!ready.includes(set.level)) {
    const best = ready[ready.length - 1] || "easy";
    note.textContent = `${levelName(set.level)} players are on their way: until then they play ${levelName(best)}.`;
  } else if (game.in_pairs) {
    note.textContent = "Your partner Max plays at least Hard; the level sets Lily and Zoe.";
  } else {
    note.textContent = "";
  }
  const cont = $("continue");
  cont.hidden = !S.current;
  if (S.current) $("continue-info").textContent = matchLine(S.current);
}

// The options the player chose for a game (kept per game), those the game no longer has dropped.
export function chosenOptions(game, set) {
  const kept = (set.options && set.options[game.id]) || {};
  const out = {};
  for (const o of game.options || []) {
    const value = kept[o.name];
    if (value === undefined || value === o.default) continue;
    if (o.kind === "choice" ? o.choices.includes(value) : typeof value === typeof o.default) out[o.name] = value;
  }
  return out;
}

// A puzzle's layouts: a random deal, or one generated to one of the difficulties the game declares
// (kept per game, sent as the option "difficulty").
const RANDOM_DEAL = "random";

export function chosenDifficulty(game, set) {
  const kept = (set.difficulties || {})[game.id];
  return (game.difficulties || []).includes(kept) ? kept : RANDOM_DEAL;
}

const capitalized = (word) => word.charAt(0).toUpperCase() + word.slice(1);

function renderDifficulties(game, set) {
  const names = game.difficulties || [];
  $("difficulties-box").hidden = names.length === 0;
  if (!names.length) return;
  const items = [{ value: RANDOM_DEAL, label: "Any" }, ...names.map((name) => ({ value: name, label: capitalized(name) }))];
  radio($("difficulties"), items, chosenDifficulty(game, set), (value) => {
    set.difficulties = { ...(set.difficulties || {}), [game.id]: value };
    saveSettings();
    renderHome();
  });
}

// The puzzle's problems from the book (fetched once per visit to the menu), each with the player's
// progress: solved, and the fewest moves against the shortest solution.
const BOOKS = new Map();

function problemLabel(p) {
  if (p.best === null) return `Problem ${p.number} · shortest ${counted(p.shortest, "move")}`;
  return `Problem ${p.number} · solved in ${p.best} (shortest ${p.shortest})${p.best <= p.shortest ? " ★" : ""}`;
}

function renderProblems(game, set) {
  const box = $("problems-box");
  box.hidden = !game.problems;
  if (!game.problems) return;
  const book = BOOKS.get(game.id);
  if (!book) {
    api("GET", `/api/problems/${encodeURIComponent(game.id)}`)
      .then((answer) => { BOOKS.set(game.id, answer.problems); renderHome(); })
      .catch(() => {});
    return;
  }
  const select = $("problem");
  const chosen = (set.problems || {})[game.id] || 0;
  const items = [{ value: 0, label: "None: a new deal" }, ...book.map((p) => ({ value: p.number, label: problemLabel(p) }))];
  select.replaceChildren(...items.map((item) => {
    const option = el("option", "", item.label);
    option.value = String(item.value);
    return option;
  }));
  select.value = String(chosen);
  select.onchange = () => {
    set.problems = { ...(set.problems || {}), [game.id]: Number(select.value) };
    saveSettings();
    renderHome();
  };
  const solved = book.filter((p) => p.best !== null).length;
  $("problem-note").textContent = `${solved} of ${book.length} solved`;
}

function renderOptions(game, set) {
  const box = $("options");
  const options = game.options || [];
  $("options-box").hidden = options.length === 0;
  box.replaceChildren();
  const chosen = chosenOptions(game, set);
  const choose = (name, value) => {
    set.options = { ...(set.options || {}), [game.id]: { ...chosen, [name]: value } };
    saveSettings();
    renderHome();
  };
  for (const o of options) {
    const value = o.name in chosen ? chosen[o.name] : o.default;
    // A label around buttons would press the first of them on any click in the row: a plain row there.
    const line = el(o.kind === "choice" ? "div" : "label", "option");
    line.title = o.help;
    const name = el("span", "", o.label);
    const id = `option-${o.name}`;
    name.id = `${id}-name`;
    line.appendChild(name);
    let control;
    if (o.kind === "choice") {
      control = el("div", "seg");
      control.setAttribute("role", "radiogroup");
      radio(control, o.choices.map((c) => ({ value: c, label: String(c) })), value, (v) => choose(o.name, v));
    } else {
      control = el("input");
      control.type = o.kind === "bool" ? "checkbox" : o.kind === "int" ? "number" : "text";
      if (o.kind === "bool") control.checked = value;
      else control.value = String(value);
      control.addEventListener("change", () => {
        const v = o.kind === "bool" ? control.checked : o.kind === "int" ? Math.trunc(Number(control.value) || 0) : control.value;
        choose(o.name, v);
      });
    }
    control.id = id;
    control.setAttribute("aria-labelledby", name.id);
    control.setAttribute("aria-description", o.help);
    line.appendChild(control);
    box.appendChild(line);
  }
}

export async function showHome() {
  BOOKS.clear(); // a problem solved since is told
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

export async function startGame() {
  // A new match gives up the unfinished one (perhaps from another tab): ask first.
  let current;
  try {
    current = await api("GET", "/api/games/current");
  } catch (e) {
    toast(e.retry ? "Connection lost: no new match was started. Try again in a moment." : e.message);
    return;
  }
  if (current) {
    const choice = await askToAbandon(current, matchLine(current));
    if (choice === "continue") enterTable(current);
    if (choice !== "new") return;
  }
  const set = S.settings;
  const body = { game: set.game, level: set.level };
  const game = S.catalog.games.find((g) => g.id === set.game);
  if (game && game.players.length > 1) body.players = set.players;
  if (game) {
    const problem = game.problems ? (set.problems || {})[game.id] || 0 : 0;
    // A problem is played with the options its book gives: the menu's are not sent with it.
    const options = problem ? {} : chosenOptions(game, set);
    const difficulty = chosenDifficulty(game, set);
    if (!problem && difficulty !== RANDOM_DEAL) options.difficulty = difficulty;
    if (Object.keys(options).length) body.options = options;
    if (problem) body.problem = problem;
  }
  S.token = null;
  try {
    enterTable(await api("POST", "/api/games", body));
  } catch (e) { toast(e.message); }
}

export function wireHome() {
  if (window.ResizeObserver) new ResizeObserver(() => fitNames($("games"))).observe($("games"));
  $("play").addEventListener("click", startGame);
  $("continue").addEventListener("click", () => { if (S.current) enterTable(S.current); });
}
