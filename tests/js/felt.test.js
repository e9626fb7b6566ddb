// shared/felt.js: the dock's sizing and words (pure parts).
import { deepEqual, equal, parse, test } from "/js-tests/harness.js";
import { chipsHtml, patchLayer, raiseLabel, raisePresets, raiseWord, tickActionClock } from "/static/shared/felt.js";

test("raisePresets: min, half pot, three quarters, pot, and all-in or max", () => {
  // 100 to call into a pot of 300 (our bet 0): after calling the pot is 400.
  const legal = { min_raise_to: 200, max_raise_to: 1000, call: 100, bet: 0, pot: 300 };
  deepEqual(raisePresets(legal, 1000), [["Min", 200], ["½ Pot", 300], ["¾ Pot", 400], ["Pot", 500], ["All-in", 1000]]);
  deepEqual(raisePresets(legal, 5000)[4], ["Max", 1000], "pot limit: the max is not every chip");
  const tight = { min_raise_to: 200, max_raise_to: 250, call: 100, bet: 0, pot: 300 };
  deepEqual(raisePresets(tight, 250).map(([, v]) => v), [200, 250, 250, 250, 250], "clamped to the range");
});

const view = (game, currentBet, hero = { stack: 500, bet: 0 }) => ({
  table: { game, small_bet: 20 }, hand: { current_bet: currentBet }, seats: [hero], you: { seat: 0 },
});

test("raiseWord: bet, raise to, and completing in stud", () => {
  equal(raiseWord(view("holdem", 0), { min_raise_to: 4 }, false), "Bet");
  equal(raiseWord(view("holdem", 4), { min_raise_to: 8 }, false), "Raise to");
  equal(raiseWord(view("stud", 5), { min_raise_to: 20 }, true), "Complete to", "a bring-in completed");
  equal(raiseWord(view("stud", 20), { min_raise_to: 40 }, true), "Raise to");
  equal(raiseWord(view("stud", 0), { bring_in: 5, min_raise_to: 20 }, true), "Complete to");
});

test("raiseLabel says all-in for every chip", () => {
  equal(raiseLabel(view("holdem", 4), { min_raise_to: 8 }, 100, false), "Raise to 100");
  equal(raiseLabel(view("holdem", 4, { stack: 480, bet: 20 }), { min_raise_to: 8 }, 500, false), "All-in 500");
});

test("chipsHtml: more chips drawn for bigger bets", () => {
  deepEqual([5, 10, 100, 1000].map((n) => (chipsHtml(n).match(/<i><\/i>/g) || []).length), [1, 2, 3, 4]);
});

test("patchLayer keeps the element of a part drawn the same, replaces a changed one", () => {
  const layer = document.createElement("div");
  document.body.append(layer);
  const sit = '<div class="seat empty" data-seat="0"><button class="sit">Sit here</button></div>';
  patchLayer(layer, [sit, '<div class="seat" data-seat="1">Bot 10</div>']);
  const button = layer.querySelector("button.sit");
  const bot = layer.children[1];
  patchLayer(layer, [sit, '<div class="seat" data-seat="1">Bot 8</div>', '<div class="bet">2</div>']);
  equal(layer.querySelector("button.sit"), button, "the same Sit here button, never detached");
  equal(button.isConnected, true);
  equal(bot.isConnected, false, "the changed seat is a new element");
  deepEqual([...layer.children].map((el) => el.textContent), ["Sit here", "Bot 8", "2"]);
  patchLayer(layer, ['<div class="seat" data-seat="1">Bot 8</div>']);
  deepEqual([...layer.children].map((el) => el.textContent), ["Bot 8"], "parts gone are removed");
  layer.remove();
});

test("patchLayer never moves a kept element when a part before it changes", async () => {
  // A seat's "Sit here" taken out of the page and put back between the mousedown and
  // the mouseup of a tap loses the click: a bet appearing before it, a seat before it
  // redrawn, or the dealer button drawn after it must leave it where it is.
  const layer = document.createElement("div");
  document.body.append(layer);
  const sit = '<div class="seat empty" data-seat="3"><button class="sit">Sit here</button></div>';
  patchLayer(layer, ['<div class="seat" data-seat="0">Bot 10</div>', sit]);
  layer.insertAdjacentHTML("beforeend", '<div class="dealer-button">D</div>');
  const kept = layer.querySelector(".seat.empty");
  const removed = [];
  const watcher = new MutationObserver((records) => {
    for (const r of records) removed.push(...r.removedNodes);
  });
  watcher.observe(layer, { childList: true });
  patchLayer(layer, ['<div class="seat" data-seat="0">Bot 8</div>', '<div class="bet">2</div>', sit]);
  await Promise.resolve();  // the observer's records
  watcher.disconnect();
  equal(removed.includes(kept), false, "the kept seat was never taken out");
  deepEqual([...layer.children].map((el) => el.textContent), ["Bot 8", "2", "Sit here"]);
  layer.remove();
});

test("tickActionClock writes the clock only when what it shows changed", () => {
  const box = document.createElement("div");
  box.append(parse(`<div id="layer"><div class="seat acting"><div class="clock"><i></i></div></div></div>
    <span id="my-clock"></span>`));
  document.body.append(box);
  const seen = new MutationObserver(() => {});
  seen.observe(box, { subtree: true, childList: true, attributes: true, characterData: true });
  const tv = (deadline) => ({ table: { action_seconds: 30 }, seats: [], hand: { deadline, actor: 0, time_bank: false } });
  const realNow = Date.now;
  Date.now = () => 1_000_000_000_000;  // the clock held still between the ticks
  try {
    tickActionClock(tv(1_000_000_020), 0);  // 20 s of 30 left
    equal(box.querySelector(".clock i").style.width, "66.7%");
    equal(box.querySelector("#my-clock").textContent, "20s");
    equal(seen.takeRecords().length > 0, true, "the first tick draws the clock");
    tickActionClock(tv(1_000_000_020), 0);
    deepEqual(seen.takeRecords(), [], "a tick that shows the same writes nothing");
    tickActionClock(tv(null), 0);
    equal(box.querySelector("#my-clock").textContent, "", "no deadline: no seconds");
    seen.takeRecords();
    tickActionClock(tv(null), 0);
    deepEqual(seen.takeRecords(), [], "nor twice");
  } finally {
    Date.now = realNow;
    seen.disconnect();
    box.remove();
  }
});
