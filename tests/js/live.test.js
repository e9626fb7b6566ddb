// live/live.js: the live event's countdown and its periods.
import { deepEqual, equal, test } from "/js-tests/harness.js";
import { paidPlaces, periodKey, timeLeft } from "/static/live/live.js";

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

test("the results sheet's net: a loss with a minus sign, a gain as money", async () => {
  const { signedMoney } = await import("/static/live_results.js");
  equal(signedMoney(14150), "$141.50");
  equal(signedMoney(-5300), "−$53");
  equal(signedMoney(0), "$0");
});

test("the results sheet says whether it is final or how many are still in", async () => {
  const { stateText } = await import("/static/live_results.js");
  equal(stateText({ finished: true, status: "finished", entries: 6, results: [] }), "Final results.");
  equal(stateText({ finished: false, status: "registering", entries: 6, results: [] }),
    "The event has not started: no results yet.");
  equal(stateText({ finished: false, status: "running", entries: 6, results: [{}, {}] }),
    "Results so far: 4 players still in.");
  equal(stateText({ finished: false, status: "running", entries: 2, results: [{}] }),
    "Results so far: 1 player still in.");
});

test("a results column shows cents everywhere once one amount has them", async () => {
  const { needsCents, signedMoney } = await import("/static/live_results.js");
  equal(needsCents([{ prize: 4000, bounties: 0, paid_in: 1500, net: 2500 }]), false);
  equal(needsCents([{ prize: 4000, bounties: 0, paid_in: 1500, net: 2500 },
    { prize: 10654, bounties: 0, paid_in: 1500, net: 9154 }]), true);
  equal(signedMoney(-1500, true), "−$15.00");
  equal(signedMoney(4000, true), "$40.00");
});

test("the league's season lives in the address and back", async () => {
  const { choiceQuery, readChoice, pointsText } = await import("/static/live_league.js");
  const choice = { events: ["a1", "b2"], formula: "10 * sqrt(entries / place)" };
  deepEqual(readChoice(`?${choiceQuery(choice)}`), choice);
  deepEqual(readChoice(""), { events: [], formula: "linear" });
  deepEqual([pointsText(12), pointsText(12.5), pointsText(1234.25)], ["12", "12.5", "1,234.25"]);
});

test("paidPlaces strikes off each place won, a tie on every place it shares (issue 25)", () => {
  const payouts = [1, 2, 3, 4].map((place) => ({ place, prize: 100 * (5 - place) }));
  const players = [
    { name: "Ann", place: null, place_to: null },
    { name: "Bo", place: 3, place_to: 4 },
    { name: "Cy", place: 3, place_to: 4 },
    { name: "Di", place: 5, place_to: null },  // out of the money
  ];
  deepEqual(paidPlaces(payouts, players).map((p) => p.names), [[], [], ["Bo", "Cy"], ["Bo", "Cy"]]);
  deepEqual(paidPlaces(payouts, players)[0], { place: 1, prize: 400, names: [] });
  const oneOut = [{ name: "Ed", place: 4, place_to: 4 }];
  deepEqual(paidPlaces(payouts, oneOut).map((p) => p.names.length), [0, 0, 0, 1]);
});
