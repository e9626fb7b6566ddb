// dealer/queue.js: the dealer's tablet's queue of taps (issue 26): ids, bases, what
// the room's answers leave of it, what is tried again, and the turn guessed meanwhile.
import { assert, deepEqual, equal, test } from "/js-tests/harness.js";
import {
  MAX_SENT, TAP_ID, guessStep, newTapId, nextSeat, retryDelay, settle, waitingText, withTap,
  worthRetrying,
} from "/static/dealer/queue.js";

test("a tap id is what the room takes, with or without randomUUID (plain http)", () => {
  const ids = new Set();
  for (let i = 0; i < 50; i++) ids.add(newTapId());
  equal(ids.size, 50, "each id new");
  for (const id of ids) assert(TAP_ID.test(id), id);
  // A tablet on the house's Wi-Fi over http has getRandomValues only.
  const plain = { getRandomValues: (bytes) => bytes.fill(171) };
  equal(newTapId(plain), "ab".repeat(16));
  assert(TAP_ID.test(newTapId({ getRandomValues: (b) => crypto.getRandomValues(b) })));
  equal(MAX_SENT, 100);
});

test("each tap's base is the version shown plus the taps waiting ahead of it", () => {
  let queue = withTap([], { kind: "act", seat: 2, action: "call" }, 10, "a");
  queue = withTap(queue, { kind: "act", seat: 0, action: "fold" }, 10, "b");
  queue = withTap(queue, { kind: "undo" }, 10, "c");
  deepEqual(queue, [
    { kind: "act", seat: 2, action: "call", id: "a", base: 10 },
    { kind: "act", seat: 0, action: "fold", id: "b", base: 11 },
    { kind: "undo", id: "c", base: 12 },
  ]);
  // The first applied (the state shown is 11 now): the next tap counts from there.
  queue = withTap(queue.slice(1), { kind: "start" }, 11, "d");
  deepEqual(queue.map((t) => t.base), [11, 12, 13]);
});

test("taps answered ok leave the queue; one made while they were on their way stays", () => {
  const queue = [{ id: "a", base: 4 }, { id: "b", base: 5 }, { id: "c", base: 6 }];
  const out = settle(queue, [{ id: "a", ok: true, version: 5 }, { id: "b", ok: true, version: 6 }]);
  deepEqual(out.queue, [{ id: "c", base: 6 }]);
  deepEqual(out.applied.map((a) => a.id), ["a", "b"]);
  equal(out.refused, null);
  equal(out.dropped, 0);
});

test("answers marked again (applied before: the answer was lost) count as applied", () => {
  const queue = [{ id: "a", base: 4 }, { id: "b", base: 5 }];
  const out = settle(queue, [{ id: "a", ok: true, version: 5, again: true },
    { id: "b", ok: true, version: 6, again: true }]);
  deepEqual(out.queue, []);
  equal(out.applied.length, 2);
});

test("a refused tap leaves with every tap after it, stale now", () => {
  const queue = [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }];
  const refusal = { id: "b", ok: false, error: "seat 3 cannot act now", reason: "not_your_turn" };
  const out = settle(queue, [{ id: "a", ok: true }, refusal,
    { id: "c", ok: false, reason: "stale_tap" }]);  // d was made while they were sent
  deepEqual(out.queue, []);
  deepEqual(out.refused, refusal);
  equal(out.dropped, 2);
  deepEqual(out.applied.map((a) => a.id), ["a"]);
  // A refusal remembered by the room (again) is a refusal too.
  const again = settle([{ id: "x" }], [{ id: "x", ok: false, again: true, error: "no" }]);
  equal(again.refused.error, "no");
});

test("a failed send is tried again when the network or the room failed, not on a 4xx", () => {
  assert(worthRetrying(new TypeError("Failed to fetch")), "no answer at all");
  for (const status of [500, 502, 503, 504, 429, 408]) assert(worthRetrying({ status }), status);
  for (const status of [400, 403, 404, 422]) assert(!worthRetrying({ status }), status);
  deepEqual([1, 2, 3, 4, 5, 9].map(retryDelay), [500, 1000, 2000, 4000, 5000, 5000]);
});

test("the indicator says how many taps wait, and why", () => {
  equal(waitingText(0, true), "");
  equal(waitingText(1, true), "1 tap waiting — offline");
  equal(waitingText(2, true), "2 taps waiting — offline");
  equal(waitingText(3, false), "Sending 3 taps…");
});

const seat = (n, more = {}) => ({ seat: n, name: `P${n + 1}`, stack: 100, in_hand: true, bet: 0,
  folded: false, all_in: false, ...more });

function acting(seatToAct, seats) {
  return { version: 7, step: { kind: "act", seat: seatToAct, text: "Seat x to act", legal: { call: 2 }, pots: [] }, seats };
}

test("nextSeat goes round the table past the seats out", () => {
  equal(nextSeat(2, 6, new Set()), 3);
  equal(nextSeat(5, 6, new Set([0, 1])), 2);
  equal(nextSeat(3, 6, new Set([0, 1, 2, 4, 5])), null);
});

test("with nothing waiting the step is the room's", () => {
  const state = acting(2, [seat(0), seat(1), seat(2)]);
  equal(guessStep(state, []), state.step);
});

test("while actions wait, the turn passes to the next seat still in: not folded, not all in, not empty", () => {
  const state = acting(3, [seat(0), seat(1, { folded: true }), { seat: 2, name: null }, seat(3),
    seat(4, { all_in: true, stack: 0 }), seat(5), seat(6, { in_hand: false })]);
  const call = { kind: "act", seat: 3, action: "call" };
  const guess = guessStep(state, [call]);
  equal(guess.kind, "act");
  equal(guess.seat, 5);
  equal(guess.guessed, true);
  equal(guess.legal, null);  // sizes come with the answer
  // seat 5 folds: seat 0 next, round the table
  equal(guessStep(state, [call, { kind: "act", seat: 5, action: "fold" }]).seat, 0);
  // seat 5 all in: it stays in the hand but acts no more
  equal(guessStep(state, [call, { kind: "act", seat: 5, action: "all_in" }, { kind: "act", seat: 0, action: "call" }]).seat, 3);
});

test("nothing is guessed past a tap other than the player's to act, or one player left", () => {
  const state = acting(0, [seat(0), seat(1), seat(2)]);
  equal(guessStep(state, [{ kind: "undo" }]), null);
  equal(guessStep(state, [{ kind: "act", seat: 1, action: "call" }]), null, "not seat 1's turn");
  equal(guessStep(state, [{ kind: "act", seat: 0, action: "fold" }, { kind: "act", seat: 1, action: "fold" }]), null,
    "one player left: the hand is over");
  const dealing = { ...state, step: { kind: "board", seat: null, pots: [] } };
  equal(guessStep(dealing, [{ kind: "board", cards: "Ah Kd 7c" }]), null);
});

test("a malformed tap is refused as itself (bad_request): it leaves the queue with the taps after it", () => {
  const queue = [{ id: "a", kind: "act" }, { id: "b", kind: "ruling" }, { id: "c", kind: "act" }];
  const answers = [{ id: "a", ok: true, version: 8 },
    { id: "b", ok: false, version: 8, error: "bad tap: ruling: Input should be ...", reason: "bad_request" },
    { id: "c", ok: false, version: 8, error: "stale", reason: "stale_tap" }];
  const out = settle(queue, answers);
  deepEqual(out.queue, []);
  deepEqual(out.applied.map((a) => a.id), ["a"]);
  equal(out.refused.reason, "bad_request");
  equal(out.dropped, 1);
});
