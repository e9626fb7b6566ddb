// shared/scene.js: a delta connection's scene, applied in order, and the viewer's state.
import { deepEqual, equal, test } from "/js-tests/harness.js";
import { applyDelta, compose, follow } from "/static/shared/scene.js";

const seat = (n, stack, extra = {}) => ({ seat: n, name: `P${n}`, stack, ...extra });
const hidden = [null, null];
const scene1 = {
  table: { id: "t", paused: false },
  seats: [seat(0, 200, { in_hand: true, cards: hidden }), null, seat(2, 150, { in_hand: true, cards: hidden })],
  hand: { number: 4, pot: 3 },
  you: null,
  log: ["--- hand 4 ---", "P0 posts 1", "P2 posts 2"],
  now: 10,
};

test("applyDelta sets the keys given, patches objects and seats, and adds the log's new lines", () => {
  const delta = {
    set: { now: 11 },
    patch: { hand: { pot: 7 } },
    seats: { 1: seat(1, 100) },
    seat_patch: { 0: { stack: 196 } },
    log: { drop: 1, add: ["P0 raises to 5"] },
  };
  const next = applyDelta(scene1, delta);
  deepEqual(next, {
    ...scene1,
    hand: { number: 4, pot: 7 },
    now: 11,
    seats: [seat(0, 196, { in_hand: true, cards: hidden }), seat(1, 100), scene1.seats[2]],
    log: ["P0 posts 1", "P2 posts 2", "P0 raises to 5"],
  });
  equal(next.seats[2], scene1.seats[2], "an unchanged seat is the same object");
  deepEqual(scene1.log, ["--- hand 4 ---", "P0 posts 1", "P2 posts 2"], "the scene held is not changed");
  deepEqual(scene1.hand, { number: 4, pot: 3 }, "a patched object held is not changed");
  equal(scene1.seats[0].stack, 200, "a patched seat held is not changed");
  deepEqual(applyDelta(scene1, {}), scene1, "an empty delta changes nothing");
  deepEqual(applyDelta(scene1, { seats: { 2: null } }).seats, [scene1.seats[0], null, null], "a seat left");
  equal(applyDelta(scene1, { set: { hand: null } }).hand, null, "a hand over");
  deepEqual(applyDelta(scene1, { log: { drop: 3, add: [] } }).log, [], "every line dropped");
});

test("compose puts the viewer's own cards in its seat and its you; a spectator's is the scene", () => {
  const you = { seat: 2, status: "active", legal: null };
  const state = compose(scene1, { seat: 2, you, cards: ["Ah", "Kd"] });
  deepEqual(state.seats[2], { ...scene1.seats[2], cards: ["Ah", "Kd"] });
  equal(state.seats[0], scene1.seats[0]);
  equal(state.you, you);
  deepEqual(scene1.seats[2].cards, hidden, "the scene is not changed");
  deepEqual(compose(scene1, null), scene1);
  const between = compose(scene1, { seat: 2, you, cards: null }); // not dealt in
  equal(between.seats[2], scene1.seats[2]);
  equal(compose(scene1, { seat: 1, you: null, cards: null }).you, null, "a seat not held: no you");
});

test("follow applies deltas in order and reproduces each whole state", () => {
  const own = (cards) => ({ seat: 0, you: { seat: 0, legal: null }, cards });
  let step = follow(null, { type: "scene", version: 7, scene: scene1, own: own(["2c", "3d"]) });
  deepEqual(step.held, { version: 7, scene: scene1, own: own(["2c", "3d"]) });
  deepEqual(step.state.seats[0].cards, ["2c", "3d"]);
  // The public entry of the viewer's seat changes; no own part: the one held stands,
  // and its cards are put back on the entry.
  step = follow(step.held, { type: "delta", version: 8, base: 7,
    scene: { seat_patch: { 0: { stack: 190 } }, log: { drop: 0, add: ["P0 bets 10"] } } });
  equal(step.held.version, 8);
  deepEqual(step.state.seats[0], seat(0, 190, { in_hand: true, cards: ["2c", "3d"] }));
  deepEqual(step.state.you, { seat: 0, legal: null });
  deepEqual(step.state.log, [...scene1.log, "P0 bets 10"]);
  // The hand ends: the own part changes (no cards), the public entry as it is.
  step = follow(step.held, { type: "delta", version: 9, base: 8, own: own(null),
    scene: { set: { hand: null }, seats: { 0: seat(0, 210) } } });
  deepEqual(step.state.seats[0], seat(0, 210));
  equal(step.state.hand, null);
  equal(step.held.own.cards, null);
});

test("follow reports a gap: a delta not on the version held, or none held", () => {
  const held = { version: 7, scene: scene1 };
  deepEqual(follow(held, { type: "delta", version: 9, base: 8, scene: {}, own: null }), { gap: true });
  deepEqual(follow(null, { type: "delta", version: 8, base: 7, scene: {}, own: null }), { gap: true });
  const again = follow(held, { type: "scene", version: 12, scene: { ...scene1, now: 99 }, own: null });
  equal(again.held.version, 12, "a whole scene is taken whatever was held");
  equal(again.state.now, 99);
});
