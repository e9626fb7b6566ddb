// live/live.js: the live event's countdown and its periods.
import { equal, test } from "/js-tests/harness.js";
import { periodKey, timeLeft } from "/static/live/live.js";

const state = (status, clock, serverTime = 1000) => ({ status, clock, server_time: serverTime });

test("timeLeft counts down from the server's answer by the server's clock", () => {
  const s = state("running", { time_left: 600, running: true });
  equal(timeLeft(s, 0, 1000), 600);
  equal(timeLeft(s, 0, 1030), 570);
  equal(timeLeft(s, 5, 1025), 570, "the offset moves the browser's clock to the server's");
  equal(timeLeft(s, 0, 990), 600, "never more than the server said");
});

test("timeLeft stands still when paused or not running, none when unknown", () => {
  equal(timeLeft(state("running", { time_left: 600, running: false }), 0, 1500), 600);
  equal(timeLeft(state("registering", { time_left: 600, running: true }), 0, 1500), 600);
  equal(timeLeft(state("running", { time_left: null, running: true }), 0, 1500), null);
});

test("periodKey changes with the level and with a break", () => {
  equal(periodKey({ clock: { level: 3, on_break: false } }), "3:false");
  equal(periodKey({ clock: { level: 3, on_break: true } }), "3:true");
});
