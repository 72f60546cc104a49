// What the shell keeps: the catalog, the player's settings, the view of the table being played.
import { NET } from "./net.js";

const params = new URLSearchParams(location.search);
// Milliseconds between computer moves, so a person can follow them (tests use ?pace=0).
export const PACE = params.has("pace") ? Math.max(0, Number(params.get("pace")) || 0) : 900;
export const ANIM = Math.min(420, Math.max(0, PACE * 0.45));

function loadSettings() {
  try {
    return { level: "normal", game: null, players: 2, ...JSON.parse(localStorage.getItem("bones.settings") || "{}") };
  } catch (_) {
    return { level: "normal", game: null, players: 2 };
  }
}

export const S = {
  catalog: null,
  settings: loadSettings(),
  view: null,
  board: null, // the renderer of the table's kind of board
  busy: false,
  paused: false,
  hint: null,
  hinting: false,
  queued: null, // a move tapped while the server was away, sent when it answers: { id, move, move_number }
  current: null,
  timer: null,
  lastShown: 0,
  told: null, // the last status said from a view, and how to say it again from the board as drawn now
  sheetShownFor: null,
  resultsShownFor: null, // the finished table whose results are shown, or on their way
  // The seat's secret lives with the network; tests and the console read it here.
  get token() { return NET.token; },
  set token(value) { NET.token = value; },
};

export function saveSettings() {
  localStorage.setItem("bones.settings", JSON.stringify(S.settings));
}

// Where keyboard focus was: the hand tile last focused, the element outside the dialogs. parked: the Menu button
// when focus waits there for want of a choice on the board (it leaves it as soon as the board offers one).
export const FOCUS = { handIndex: 0, outside: null, answer: null, asked: null, byKeyboard: false, parked: null };

// A catalog entry: by entry id, else by the registered game (a variant's view names its game).
export function entryOf(id) {
  const games = (S.catalog && S.catalog.games) || [];
  return games.find((g) => g.id === id) || games.find((g) => g.game_id === id) || null;
}
