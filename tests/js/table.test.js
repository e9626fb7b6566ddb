// table/views.js: what the table page draws from a state alone.
import { deepEqual, equal, includes, parse, test } from "/js-tests/harness.js";
import {
  houseRulesHtml, lastFinishedHand, ledgerHtml, lifeWords, nextLine, playersReady, preactionHtml,
  rabbitHtml, rotationWords, showOfferHtml, shownBySeat, shownTagHtml, tableLife,
} from "/static/table/views.js";

const seat = (status, stack, extra = {}) => ({ status, stack, ...extra });
const state = (table, seats, hand = null, log = []) => ({ table, seats, hand, log });

test("playersReady counts active and new players with chips, not pending ones", () => {
  const seats = [seat("active", 100), null, seat("new", 50), seat("active", 0), seat("sitting_out", 100),
    seat("active", 100, { pending: true })];
  equal(playersReady(state({}, seats)), 2);
});

test("nextLine says what happens next between hands, nothing in one", () => {
  const two = [seat("active", 100), seat("active", 100)];
  equal(nextLine(state({}, two, { number: 3 })), "");
  equal(nextLine(state({ closed: true }, two)), "The table is closed.");
  equal(nextLine(state({ paused: true }, two)), "Paused by the host: no new hand until play resumes.");
  equal(nextLine(state({ locked: true }, [two[0], null])), "The host has locked the table: no new players.");
  equal(nextLine(state({}, [two[0], null])), "Waiting for players: 1 of 2 seated.");
  equal(nextLine(state({ locked: true }, two)), "Next hand starting soon.");
});

test("the table's life in words: open says nothing, the others a badge and a line", () => {
  const two = [seat("active", 100), seat("active", 100)];
  equal(tableLife({ life: "idle", paused: false }), "idle");
  equal(tableLife({ closed: true, paused: true }), "closed");  // a state without life
  equal(tableLife({}), "open");
  deepEqual(lifeWords({ life: "open" }), { badge: "", short: "", line: "" });
  equal(lifeWords({ life: "paused" }).badge, "Paused by the host");
  equal(lifeWords({ life: "paused" }).short, "Paused");
  equal(lifeWords({ life: "closed" }).badge, "Closed");
  equal(lifeWords({ life: "idle" }).badge, "Waiting for players");
  // Between hands the log's last line says it; a paused table never says a hand is coming.
  equal(nextLine(state({ life: "idle" }, two)), "Waiting for players: no hand until a person is back at the table.");
  equal(nextLine(state({ life: "paused", paused: true }, two)), "Paused by the host: no new hand until play resumes.");
  equal(nextLine(state({ life: "closed", closed: true, locked: true }, two)), "The table is closed.");
  equal(nextLine(state({ life: "open" }, two)), "Next hand starting soon.");
});

test("lastFinishedHand: the hand before the one in play, else the log's last", () => {
  equal(lastFinishedHand(state({}, [], { number: 9 })), 8);
  equal(lastFinishedHand(state({}, [], null, ["--- hand 4 ---", "x", "--- hand 5 ---", "y"])), 5);
  equal(lastFinishedHand(state({}, [], null, [])), 0);
  equal(lastFinishedHand(null), 0);
});

test("preactionHtml offers the choices for what is owed, the chosen one ticked", () => {
  const you = { preaction: { kind: "call", amount: 20 } };
  const box = parse(preactionHtml(you, { bet: 0, stack: 500 }, { current_bet: 20 }));
  deepEqual([...box.querySelectorAll("input")].map((i) => i.dataset.kind), ["check_fold", "call", "call_any"]);
  equal(box.querySelector("input[data-kind=call]").checked, true);
  equal(box.querySelector("input[data-kind=call]").dataset.amount, "20");
  const free = parse(preactionHtml({ preaction: null }, { bet: 20, stack: 500 }, { current_bet: 20 }));
  deepEqual([...free.querySelectorAll("input")].map((i) => i.dataset.kind), ["check_fold", "call_any", "fold_to_bet"]);
  const stale = parse(preactionHtml(you, { bet: 0, stack: 500 }, { current_bet: 60 }));
  includes(stale.querySelector(".pre.stale").textContent, "Call 20 (the bet changed)");
  const short = parse(preactionHtml({}, { bet: 0, stack: 30 }, { current_bet: 100 }));
  equal(short.querySelector("input[data-kind=call]").dataset.amount, "30", "at most the stack");
});

test("ledgerHtml: a row per player, net signed, no seat as a dash", () => {
  const html = ledgerHtml([
    { name: "Al<b>", buy_in: 200, added: 0, cash_out: 0, seated: true, on_table: 350, net: 150 },
    { name: "Bo", buy_in: 200, added: 100, cash_out: 0, seated: false, on_table: 0, net: -300 },
    { name: "Cy", buy_in: 200, added: 0, cash_out: 200, seated: false, on_table: 0, net: 0 },
  ]);
  const rows = [...parse(html).querySelectorAll("tbody tr")].map((r) => [...r.children].map((c) => c.textContent));
  deepEqual(rows, [["Al<b>", "200", "0", "0", "350", "+150"], ["Bo", "200", "100", "0", "—", "−300"], ["Cy", "200", "0", "200", "—", "0"]]);
  includes(ledgerHtml([]), "No chips have crossed the rail yet.");
});

test("houseRulesHtml lists the options chosen, or the rulebook's defaults", () => {
  includes(houseRulesHtml([]), "The rulebook's defaults.");
  const dl = parse(houseRulesHtml([{ label: "Rake", option: "rake_percent", value: "5%" }]));
  equal(dl.querySelector("dd").dataset.option, "rake_percent");
  equal(dl.querySelector("dt").textContent, "Rake");
});

test("rotationWords names the game, the hands left and the next game (mixed tables)", () => {
  equal(rotationWords(null, false), null);
  const rotation = (left, key = "lhe", name = "Limit hold'em", stud = false) => ({
    name: "HORSE", games: ["Limit hold'em", "Razz"], every: "hands", hands: 2,
    game: { key, name, stud }, left, next: { key: "razz", name: "Razz", stud: true },
  });
  equal(rotationWords(rotation(1), true).short, "HORSE · Limit hold'em · 1 more hand, then Razz");
  equal(rotationWords(rotation(3), true).short, "HORSE · Limit hold'em · 3 more hands, then Razz");
  equal(rotationWords(rotation(0), true).short, "HORSE · last hand of Limit hold'em · next: Razz");
  equal(rotationWords(rotation(0), false).short, "HORSE · next hand: Razz");
  equal(rotationWords(rotation(null), false).short, "HORSE · Limit hold'em · then Razz after an orbit");
  equal(rotationWords(rotation(1, "razz", "Razz", true), true).short,
    "HORSE · Razz · 1 more hand, then Razz · no button in stud");
  equal(rotationWords(rotation(1), true).line, "HORSE: Limit hold'em, Razz, changing every 2 hands");
  equal(rotationWords({ ...rotation(1), every: "orbit" }, true).line,
    "HORSE: Limit hold'em, Razz, changing every orbit");
});

test("showOfferHtml offers each face-down card not shown yet, and all of them", () => {
  equal(showOfferHtml(null), "");
  const html = showOfferHtml({ cards: ["As", "Kd"], why: "folded", shown: [false, false] });
  includes(html, "You folded.");
  includes(html, 'data-show="0"');
  includes(html, 'data-show="1"');
  includes(html, 'data-show="0,1"');
  includes(html, "Show both");
  const one = showOfferHtml({ cards: ["As", "Kd"], why: "won", shown: [false, true] });
  includes(one, "You won without a showdown.");
  equal(one.includes('data-show="1"'), false);
  equal(one.includes("Show both"), false);
  equal(showOfferHtml({ cards: ["As", "Kd"], why: "won", shown: [true, true] }), "");
});

test("shownBySeat, shownTagHtml and rabbitHtml draw only what the state says", () => {
  const seen = { shown: { hand: 3, rabbit: ["2c", "3d"], seats: [{ seat: 4, name: "Al", why: "folded", cards: [null, "Kd"] }] } };
  deepEqual([...shownBySeat(seen).entries()], [[4, [null, "Kd"]]]);
  deepEqual([...shownBySeat({ shown: null }).entries()], []);
  const tag = shownTagHtml([null, "Kd"]);
  includes(tag, 'data-card="Kd"');
  equal((tag.match(/class="card/g) || []).length, 1);
  const rabbit = rabbitHtml(seen.shown);
  includes(rabbit, "not played");
  equal((rabbit.match(/class="card /g) || []).length, 2);
  equal(rabbitHtml(null), "");
  equal(rabbitHtml({ rabbit: [] }), "");
});
