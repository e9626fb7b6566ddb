// shared/hands.js: one row of the Hands tab.
import { deepEqual, equal, parse, test } from "/js-tests/harness.js";
import { handRowHtml } from "/static/shared/hands.js";

const opts = { base: "/api/tables/t1/hands", fileStem: "t1", replay: true };
const row = (h, o = opts) => parse(handRowHtml(h, o)).firstElementChild;

test("a finished hand: winners, pot, your cards and result, downloads, replay", () => {
  const li = row({ number: 12, status: "finished", winners: [{ name: "Ann", won: 40 }, { name: "Bo", won: 40 }],
    pot: 80, cards: ["Ah", "Kd"], net: -20, you: true, phh: true });
  equal(li.dataset.hand, "12");
  equal(li.className, "mine");
  equal(li.querySelectorAll(".your-cards .card").length, 2);
  equal(li.querySelector(".net").textContent, "−20");
  equal(li.querySelector(".net").className, "net down");
  equal(li.querySelector(".hand-winners").textContent, "Won by Ann 40, Bo 40 · pot 80");
  deepEqual([...li.querySelectorAll("a[data-file]")].map((a) => [a.getAttribute("href"), a.dataset.file]),
    [["/api/tables/t1/hands/12.phh", "t1-12.phh"], ["/api/tables/t1/hands/12.txt", "t1-12.txt"]]);
  equal(li.querySelector("[data-replay]").dataset.replay, "12");
});

test("one winner alone, no PHH, no replay; cancelled and running hands", () => {
  const li = row({ number: 3, winners: [{ name: "Ann", won: 40 }], pot: 40, phh: false, table: 2 }, { ...opts, replay: false });
  equal(li.querySelector(".hand-winners").textContent, "Won by Ann · pot 40 · table 2");
  equal(li.querySelector(".dl-phh"), null);
  equal(li.querySelector("[data-replay]"), null);
  equal(row({ number: 4, status: "cancelled" }).textContent, "Hand #4cancelled");
  equal(row({ number: 5, status: "running" }).textContent, "Hand #5being played");
});
