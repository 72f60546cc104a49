// The marks a board puts on moves: the hint's best move glowing and, in a review of a past position,
// the move played too (a look of its own), each with a word for players ("best", "played") shown on
// the board and said to screen readers. The shell passes them in S.hint: {best, played, review}, with
// `played` only where it is not the best (the same move gets the one mark "best").

export function marksOf(ctx) {
  const h = ctx.S.hint;
  return { best: (h && h.best) || null, played: (h && h.played) || null, review: !!(h && h.review) };
}

// The words of an element that stands for the best move and/or the move played ("" in a game's hint,
// whose glow speaks for itself beside the hint's words).
export function markWords(m, best, played) {
  return m.review ? [played && "played", best && "best"].filter(Boolean).join(" · ") : "";
}

// Mark `e` (after its aria-label is set): `best` and `played` say whether it stands for either move.
export function mark(e, m, best, played) {
  e.classList.toggle("hinted", !!best);
  e.classList.toggle("played", !!played);
  const words = markWords(m, best, played);
  if (words) {
    e.dataset.mark = words;
    const label = e.getAttribute("aria-label");
    if (label) e.setAttribute("aria-label", `${label} (${words.replace(" · ", " and ")})`);
  } else {
    delete e.dataset.mark;
  }
}
