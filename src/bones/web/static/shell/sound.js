// Short synthesized sounds (no files to fetch); off when the player turned them off.
const SOUND = { on: localStorage.getItem("bones.sound") !== "off", audio: null };

export const soundOn = () => SOUND.on;

export function setSound(on) {
  SOUND.on = on;
  localStorage.setItem("bones.sound", on ? "on" : "off");
}

// The kinds of sound a board may ask for after a move (soundOf): a tile laid, a tile taken into
// the hand, a turn passed, points scored, a choice refused.
export function sound(kind) {
  if (!SOUND.on) return;
  try { SOUND.audio = SOUND.audio || new (window.AudioContext || window.webkitAudioContext)(); } catch (_) { return; }
  const audio = SOUND.audio;
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
  else if (kind === "take") { tone(520, 0, 0.07, "sine", 0.12); tone(760, 0.06, 0.08, "sine", 0.1); }
  else if (kind === "pass") { tone(330, 0, 0.12, "sine", 0.12); tone(247, 0.13, 0.18, "sine", 0.12); }
  else if (kind === "score") { [660, 880, 1175].forEach((f, i) => tone(f, i * 0.08, 0.16, "triangle", 0.13)); }
  else if (kind === "nope") { tone(150, 0, 0.14, "sawtooth", 0.04); }
}
