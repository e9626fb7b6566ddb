// Live events (issue 16): what the clock, the console and the player's page share.
// Every screen polls the event's state once a second and counts down from the time
// left the server gave, so any number of screens stay in step; a failed poll is
// retried for ever, so a screen comes back by itself after a drop or a restart.
import { api } from "/static/shared/api.js";
import { pathPart } from "/static/shared/dom.js";

/** The event's id in the address (/live/{id}/...). */
export function eventId() {
  return pathPart(2);
}

// Seconds left now, from the last state: the server's time left, less the time
// since the server answered (the server's clock, by the offset measured at the poll).
export function timeLeft(state, offset, now = Date.now() / 1000) {
  const c = state.clock;
  if (c.time_left == null) return null;
  if (!c.running || state.status !== "running") return c.time_left;
  const serverNow = now + offset;
  return c.time_left - Math.max(0, serverNow - state.server_time);
}

/** Poll ``url`` once a second (after a failure: sooner, then up to every 3 s, for
 * ever): ``onState(state, offset)`` with each answer and the server's clock offset,
 * ``onConnection(up, err)`` after each try. */
export function poll(url, onState, onConnection) {
  let offset = 0;
  let failures = 0;
  async function once() {
    const sent = Date.now() / 1000;
    try {
      const state = await api(url, { cache: "no-store" });
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

/** The payouts with who took each place so far (issue 25: the clock strikes paid
 * places off): ``[{place, prize, names}]``, ``names`` the players whose finish covers
 * the place (a tie shares its places), empty while it is still to be won. */
export function paidPlaces(payouts, players) {
  return payouts.map((p) => ({
    ...p,
    names: players.filter((x) => x.place != null && x.place <= p.place
      && p.place <= (x.place_to ?? x.place)).map((x) => x.name),
  }));
}
