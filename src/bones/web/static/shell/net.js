// The network: one JSON request at a time, and after a failure a wait that grows each time
// (0.5 s doubling to 8 s) instead of asking the server again at once.
import { $ } from "./dom.js";

export const RETRY_FIRST_MS = 500;
export const RETRY_MAX_MS = 8000;

export function backoff(failures) {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));
}

// lost: failures in a row with no answer; refused: refusals in a row (409/404/403), which must not
// be asked again at full speed either; retryAt: when the loop may ask next.
export const NET = { lost: 0, refused: 0, retryAt: 0, homeTimer: 0, token: null };

export async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (NET.token) headers["X-Seat-Token"] = NET.token;
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
  return data;
}

// An answer that says the server is still at it ({pending: true}: a worker still searches a hint) is asked for again
// (each such answer waited a while already), as long as `wanted()` says it is still wanted.
export async function untilReady(ask, wanted = () => true) {
  let answer = await ask();
  while (answer && answer.pending && wanted()) answer = await ask();
  return answer;
}

export function connectionLost(e) {
  NET.lost += 1;
  const delay = backoff(NET.lost);
  NET.retryAt = performance.now() + delay;
  const banner = $("net");
  const why = e && e.status ? "The server is not answering properly" : "Connection lost";
  banner.textContent = `${why}, retrying in ${Math.ceil(delay / 1000)} s…`;
  banner.hidden = false;
  return delay;
}

export function connectionBack() {
  if (NET.lost) $("net").hidden = true;
  NET.lost = 0;
  NET.retryAt = 0;
}

export function answered() {
  connectionBack();
  NET.refused = 0;
}

export function refused() {
  NET.refused += 1;
  NET.retryAt = Math.max(NET.retryAt, performance.now() + backoff(NET.refused));
}
