// Live events (issue 16): what the clock, the console and the player's page share.
// Every screen polls the event's state once a second and counts down from the time
// left the server gave, so any number of screens stay in step; a failed poll is
// retried for ever, so a screen comes back by itself after a drop or a restart.

export const $ = (id) => document.getElementById(id);

export function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

export function money(cents) {
  const value = Number(cents || 0) / 100;
  return `$${value.toLocaleString("en-US", { minimumFractionDigits: value % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;
}

export function chips(n) {
  return Number(n || 0).toLocaleString("en-US");
}

export function ordinal(n) {
  const s = n % 100 >= 10 && n % 100 <= 20 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" })[n % 10] || "th";
  return `${n}${s}`;
}

export function clockText(seconds) {
  if (seconds == null) return "—";
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

export function eventId() {
  return decodeURIComponent(location.pathname.split("/")[2] || "");
}

// Seconds left now, from the last state: the server's time left, less the time
// since the server answered (the server's clock, by the offset measured at the poll).
export function timeLeft(state, offset) {
  const c = state.clock;
  if (c.time_left == null) return null;
  if (!c.running || state.status !== "running") return c.time_left;
  const serverNow = Date.now() / 1000 + offset;
  return c.time_left - Math.max(0, serverNow - state.server_time);
}

export function poll(url, onState, onConnection) {
  let offset = 0;
  let failures = 0;
  async function once() {
    const sent = Date.now() / 1000;
    try {
      const response = await fetch(url, { cache: "no-store" });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const state = await response.json();
      const now = Date.now() / 1000;
      offset = state.server_time - (sent + now) / 2;
      failures = 0;
      onConnection(true);
      onState(state, offset);
    } catch (err) {
      failures += 1;
      onConnection(false, err);
    }
    setTimeout(once, failures ? Math.min(3000, 500 * failures) : 1000);
  }
  once();
  return { offset: () => offset };
}

// A short chime (Web Audio); browsers allow sound only after a tap on the page.
let audio = null;
export function enableSound() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return false;
  audio = audio || new Ctx();
  audio.resume();
  return true;
}

export function chime(times = 3) {
  if (!audio) return;
  const start = audio.currentTime;
  for (let i = 0; i < times; i++) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = i % 2 ? 660 : 880;
    gain.gain.setValueAtTime(0.0001, start + i * 0.45);
    gain.gain.exponentialRampToValueAtTime(0.4, start + i * 0.45 + 0.03);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.45 + 0.4);
    osc.connect(gain).connect(audio.destination);
    osc.start(start + i * 0.45);
    osc.stop(start + i * 0.45 + 0.42);
  }
}

// The moment a level or a break begins: the key changes.
export function periodKey(state) {
  return `${state.clock.level}:${state.clock.on_break}`;
}

export function seatName(seat) {
  return `seat ${seat + 1}`;
}
