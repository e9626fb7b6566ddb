// The dealer's tablet's queue of taps (issue 26).  Every tap is kept, in order, in this
// browser until the room has answered it: a tap has an id of its own (sent again, the
// room answers it as the first time and applies it once) and a base (the game's
// version it was made on: a tap whose base is not the game's version is refused as
// stale).  A dropped Wi-Fi keeps the queue, which is sent again whole; a refused tap
// takes the taps made after it with it (they were made on a game that will not be).
// Pure functions (tests/js/dealer_queue.test.js); tablet.js keeps the queue in
// localStorage and sends it.

/** Taps in one request (the room's ``MAX_TAPS``). */
export const MAX_SENT = 100;

/** What the room takes as a tap's id. */
export const TAP_ID = /^[A-Za-z0-9_-]{1,40}$/;

/** A new tap id: a UUID where the browser makes them, else 32 random hex digits
 * (``crypto.randomUUID`` exists on https and localhost only; a tablet on the house's
 * Wi-Fi at http://192.168.1.20:8000 has ``getRandomValues`` alone). */
export function newTapId(source = globalThis.crypto) {
  if (typeof source.randomUUID === "function") return source.randomUUID();
  const bytes = new Uint8Array(16);
  source.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** ``queue`` with the tap ``fields`` added at its end under ``id``, its base the
 * version the game will be at when the room comes to it: the version shown, plus one
 * for each tap waiting ahead of it (each applied tap moves the game one version on). */
export function withTap(queue, fields, shownVersion, id) {
  return [...queue, { ...fields, id, base: shownVersion + queue.length }];
}

/** What the room's ``answers`` (one per tap sent, in order) leave of ``queue``:
 * ``{queue, applied, refused, dropped}``.  A tap answered ok (``again`` too: applied
 * before) leaves the queue; a refused one (``refused``, its answer) leaves it with
 * every tap after it (``dropped`` of them: made on the game the refused tap would
 * have made); a tap not answered (made while the others were on their way) stays. */
export function settle(queue, answers) {
  const byId = new Map(answers.map((a) => [a.id, a]));
  const left = [];
  const applied = [];
  let refused = null;
  let dropped = 0;
  for (const tap of queue) {
    const answer = byId.get(tap.id);
    if (refused) {
      dropped += 1;
    } else if (!answer) {
      left.push(tap);
    } else if (answer.ok) {
      applied.push(answer);
    } else {
      refused = answer;
    }
  }
  return { queue: left, applied, refused, dropped };
}

/** Whether a send that failed is tried again with the queue kept: no answer at all
 * (the network), or the room busy or failing (5xx, 429, 408).  A refusal of the
 * request itself (a 4xx: malformed, a wrong host key, no such game) is not. */
export function worthRetrying(err) {
  const status = err && err.status;
  return !status || status >= 500 || status === 429 || status === 408;
}

/** Milliseconds before trying again after ``failures`` failed sends in a row. */
export function retryDelay(failures) {
  return Math.min(5000, 500 * 2 ** Math.max(0, failures - 1));
}

/** The queue's indicator: "" when nothing waits, else how many taps and why. */
export function waitingText(count, offline) {
  if (!count) return "";
  const taps = `${count} tap${count === 1 ? "" : "s"}`;
  return offline ? `${taps} waiting — offline` : `Sending ${taps}…`;
}

/** The next seat after ``seat`` (round the table of ``size`` seats) not in ``out``;
 * null when every other seat is. */
export function nextSeat(seat, size, out) {
  for (let k = 1; k < size; k++) {
    const s = (seat + k) % size;
    if (!out.has(s)) return s;
  }
  return null;
}

/** The step the tablet offers while taps wait for their answer: ``state.step`` when
 * none waits; else, inside a betting round, the turn guessed from the taps waiting
 * (each passes the turn to the next seat still in the hand, not folded nor all in:
 * ``{kind: "act", seat, guessed: true, legal: null}``; the room checks each tap when
 * it comes, and the sizes are not known); null when nothing can be guessed (a tap
 * other than a player's action waits, or one seat is left): the dealer waits for the
 * answer. */
export function guessStep(state, queue) {
  if (!queue.length) return state.step;
  const step = state.step;
  if (step.kind !== "act" || queue.some((t) => t.kind !== "act")) return null;
  const seats = state.seats;
  const out = new Set(seats.filter((s) => !s.name || !s.in_hand || s.folded || s.all_in)
    .map((s) => s.seat));
  const folded = new Set(seats.filter((s) => !s.name || !s.in_hand || s.folded).map((s) => s.seat));
  let seat = step.seat;
  for (const t of queue) {
    if (t.seat !== seat) return null;
    if (t.action === "fold") folded.add(seat);
    if (t.action === "fold" || t.action === "all_in") out.add(seat);
    seat = nextSeat(seat, seats.length, out);
    if (seat === null || seats.length - folded.size < 2) return null;
  }
  return { kind: "act", seat, guessed: true, legal: null, pots: step.pots,
    text: `Seat ${seat + 1} to act? (a guess: the room has not answered yet)` };
}
