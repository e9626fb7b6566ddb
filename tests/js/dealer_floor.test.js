// dealer/floor.js: the irregularities the dealer's tablet offers at each step (issue 26;
// the room rules on them: I1, I2, I3, I7, B14, TDA 34-A, 39-B), the ruling tap each
// makes, the chips typed, and the ruling read back from the room's answer.
import { deepEqual, equal, includes, parse, test } from "/js-tests/harness.js";
import {
  CHOICES, SAID, amountWords, chipsTyped, floorChoices, floorPanelHtml, handSeats, rulingHtml, rulingOf, rulingTap,
  rulingsHtml,
} from "/static/dealer/floor.js";

const HOLDEM = { board: true, stud: false };
const STUD = { board: false, stud: true };
const DRAW = { board: false, stud: false };

function table({ board = [], cards = [], button = 0, inHand = true, closed = false } = {}) {
  const seats = [0, 1, 2, 3].map((seat) => ({ seat, name: `P${seat}`, in_hand: inHand, folded: seat === 3, cards }));
  seats.push({ seat: 4, name: null });
  return { in_hand: inHand, closed, button, board, seats };
}

test("while dealing (I1, I2, I7, TDA 34-A): boxed, exposed early or late, the wrong seat, a wrong count, the button", () => {
  deepEqual(floorChoices(table(), { kind: "deal", seat: 1 }, HOLDEM),
    ["boxed_card", "exposed_early", "exposed_late", "wrong_seat", "wrong_count", "button_misplaced"]);
  // stud: no button
  deepEqual(floorChoices(table({ button: null }), { kind: "deal", seat: 1 }, STUD),
    ["boxed_card", "exposed_early", "exposed_late", "wrong_seat", "wrong_count"]);
  // a later round of the deal (stud's fourth street, a draw's cards): the hole cards are in
  deepEqual(floorChoices(table({ button: null, cards: [null, null, "9h"] }), { kind: "deal", seat: 1 }, STUD),
    ["wrong_count"]);
});

test("while betting (I3, I4, I7, B14, TDA 34-A, 39-B2): premature card, wrong count, button, chips; the flop's round adds no burn", () => {
  deepEqual(floorChoices(table(), { kind: "act", seat: 1 }, HOLDEM),
    ["premature_card", "wrong_count", "button_misplaced", "chips"]);
  deepEqual(floorChoices(table({ board: ["Ah", "Kd", "7c"] }), { kind: "act", seat: 1 }, HOLDEM),
    ["premature_card", "wrong_count", "button_misplaced", "chips", "flop_no_burn"]);
  deepEqual(floorChoices(table({ board: ["Ah", "Kd", "7c", "2s"] }), { kind: "act", seat: 1 }, HOLDEM),
    ["premature_card", "wrong_count", "button_misplaced", "chips"]);
  // the river: no card can be premature any more
  deepEqual(floorChoices(table({ board: ["Ah", "Kd", "7c", "2s", "3h"] }), { kind: "act", seat: 1 }, HOLDEM),
    ["wrong_count", "button_misplaced", "chips"]);
  // stud (I9): a premature card on any street, no button
  deepEqual(floorChoices(table({ button: null }), { kind: "act", seat: 1 }, STUD), ["premature_card", "wrong_count", "chips"]);
  // a draw game deals no card between its betting rounds
  deepEqual(floorChoices(table(), { kind: "act", seat: 1 }, DRAW), ["wrong_count", "button_misplaced", "chips"]);
  // the games not loaded yet: a board seen says it is a flop game
  deepEqual(floorChoices(table({ board: ["Ah", "Kd", "7c"] }), { kind: "act", seat: 1 }, null),
    ["premature_card", "wrong_count", "button_misplaced", "chips", "flop_no_burn"]);
});

test("the flop due (I3, TDA 39-B1): too many cards, no burn; not the turn nor the river", () => {
  deepEqual(floorChoices(table(), { kind: "board", cards: 3 }, HOLDEM), ["flop_too_many", "flop_no_burn"]);
  deepEqual(floorChoices(table({ board: ["Ah", "Kd", "7c"] }), { kind: "board", cards: 1 }, HOLDEM), []);
});

test("no irregularity outside a hand, in a closed game, at the draw, the showdown, or while taps wait", () => {
  deepEqual(floorChoices(table({ inHand: false }), { kind: "start", seat: 0 }, HOLDEM), []);
  deepEqual(floorChoices(table({ closed: true }), { kind: "act", seat: 0 }, HOLDEM), []);
  deepEqual(floorChoices(table(), { kind: "draw", seat: 0 }, DRAW), []);
  deepEqual(floorChoices(table(), { kind: "showdown", seat: 0 }, HOLDEM), []);
  deepEqual(floorChoices(table(), null, HOLDEM), []);
  deepEqual(floorChoices(null, { kind: "act" }, HOLDEM), []);
});

test("every choice names a ruling the room knows", () => {
  const rulings = new Set(["boxed_card", "exposed_card", "wrong_seat", "button_misplaced", "premature_card",
    "flop_too_many", "flop_no_burn", "wrong_count", "chips"]);
  for (const [key, c] of Object.entries(CHOICES)) {
    equal(rulings.has(c.ruling), true, key);
    equal(Boolean(c.label && c.hint), true, key);
  }
  deepEqual(SAID.map(([said]) => said), ["silent", "call", "raise", "all_in", "amount"]);
});

test("the seats a ruling can name: dealt in and not folded", () => {
  deepEqual(handSeats(table()), [0, 1, 2]);
  deepEqual(handSeats(table(), 0), [1, 2]);
});

test("chips as a dealer types them: each chip's value", () => {
  deepEqual(chipsTyped("25"), [25]);
  deepEqual(chipsTyped(" 5 5 "), [5, 5]);
  deepEqual(chipsTyped("5, 5;25+100"), [5, 5, 25, 100]);
  deepEqual(chipsTyped("3x25 5"), [25, 25, 25, 5]);
  deepEqual(chipsTyped("2×100"), [100, 100]);
  for (const bad of ["", "  ", "0", "5 0", "a", "5.5", "-5", "0x25", "101x1"]) equal(chipsTyped(bad), null, bad);
});

test("the ruling taps (I1, I2, I7, TDA 34-A, B14): the fields the room takes, or what is missing", () => {
  deepEqual(rulingTap("boxed_card"), { fields: { ruling: "boxed_card" } });
  deepEqual(rulingTap("exposed_early"), { fields: { ruling: "exposed_card", early: true } });
  deepEqual(rulingTap("exposed_late"), { fields: { ruling: "exposed_card", early: false } });
  deepEqual(rulingTap("flop_no_burn"), { fields: { ruling: "flop_no_burn" } });
  deepEqual(rulingTap("button_misplaced", { seat: 2 }), { fields: { ruling: "button_misplaced", seat: 2 } });
  includes(rulingTap("button_misplaced", {}).error, "seat");
  deepEqual(rulingTap("wrong_count", { seat: 1, holding: "3" }), { fields: { ruling: "wrong_count", seat: 1, holding: 3 } });
  deepEqual(rulingTap("wrong_count", { seat: 1, holding: "0" }).fields.holding, 0);
  includes(rulingTap("wrong_count", { seat: 1, holding: "" }).error, "How many");
  includes(rulingTap("wrong_count", { seat: null, holding: "3" }).error, "seat");
  deepEqual(rulingTap("chips", { seat: 3, chips: "5 5", said: "silent", amount: "" }),
    { fields: { ruling: "chips", seat: 3, chips: [5, 5], said: "silent" } });
  deepEqual(rulingTap("chips", { seat: 3, chips: "25", said: "amount", amount: "20" }).fields,
    { ruling: "chips", seat: 3, chips: [25], said: "amount", amount: 20 });
  deepEqual(rulingTap("chips", { seat: 3, chips: "25", said: "raise", amount: "" }).fields,
    { ruling: "chips", seat: 3, chips: [25], said: "raise" });
  includes(rulingTap("chips", { seat: 3, chips: "25", said: "amount", amount: "" }).error, "amount");
  includes(rulingTap("chips", { seat: 3, chips: "lots", said: "silent" }).error, "chips pushed");
  includes(rulingTap("nonsense").error, "No such");
});

test("the ruling the room answered: the state's when it matches, else its words cut in parts", () => {
  const boxed = { rule: "I1, TDA 35-A", title: "A boxed card", text: "a card found face up is out of play.",
    next: "Put it in the muck." };
  const said = "A boxed card (I1, TDA 35-A): a card found face up is out of play. Put it in the muck.";
  deepEqual(rulingOf(said, [{ ...boxed, title: "Another" }, boxed]), boxed);
  // a misdeal's ruling, the state already past it
  deepEqual(rulingOf("A second boxed card (I1, TDA 35-A): two boxed cards are a misdeal. Deal again.", []),
    { title: "A second boxed card", rule: "I1, TDA 35-A", text: "two boxed cards are a misdeal. Deal again.", next: "" });
  equal(rulingOf("Ann: calls 2.", []), null);
});

test("the panel: a button per irregularity; the one picked asks for its seat, count or chips", () => {
  const state = table();
  state.seats[1].name = "<Bob>";
  const closed = parse(floorPanelHtml(state, { kind: "deal", seat: 1 }, ["boxed_card", "wrong_count"], { choice: null, said: "silent" }));
  deepEqual([...closed.querySelectorAll("[data-do=floor]")].map((b) => b.dataset.choice), ["boxed_card", "wrong_count"]);
  equal(closed.querySelector(".floor-detail"), null);
  const count = parse(floorPanelHtml(state, { kind: "deal", seat: 1 }, ["boxed_card", "wrong_count"], { choice: "wrong_count", said: "silent" }));
  deepEqual([...count.querySelectorAll("[data-do=floor_seat]")].map((b) => b.dataset.seat), ["0", "1", "2"]);
  includes(count.querySelector("[data-seat='1']").textContent, "Seat 2 · <Bob>");
  equal(count.querySelectorAll("#floor-holding").length, 1);
  equal(count.querySelector("[data-choice=wrong_count]").getAttribute("aria-pressed"), "true");
  // the button: any seated player but where the rule put it
  const button = parse(floorPanelHtml(state, { kind: "deal", seat: 1 }, ["button_misplaced"], { choice: "button_misplaced", said: "silent" }));
  deepEqual([...button.querySelectorAll("[data-do=floor_seat]")].map((b) => b.dataset.seat), ["1", "2", "3"]);
  includes(button.querySelector(".floor-sub").textContent, "the rule puts it at seat 1");
  // chips: the seat in turn, what was said, an amount only when it is asked
  const chips = parse(floorPanelHtml(state, { kind: "act", seat: 2 }, ["chips"], { choice: "chips", said: "silent" }));
  includes(chips.querySelector(".acting").textContent, "Seat 3 · P2");
  deepEqual([...chips.querySelectorAll("[data-do=floor_said]")].map((b) => b.dataset.said), SAID.map(([said]) => said));
  equal(chips.querySelector("[data-said=silent]").classList.contains("on"), true);
  equal(chips.querySelector("#floor-amount-label").hidden, true);
  const amount = parse(floorPanelHtml(state, { kind: "act", seat: 2 }, ["chips"], { choice: "chips", said: "amount" }));
  equal(amount.querySelector("#floor-amount-label").hidden, false);
  deepEqual(["silent", "amount", "raise"].map(amountWords), [null, "The amount said", "The amount said (none: just “raise”)"]);
});

test("the ruling shown and this hand's rulings: title, rule ID, what to do now (escaped)", () => {
  const r = { rule: "I1, TDA 35-A", title: "A <boxed> card", text: "out of play.", next: "Muck it." };
  const shown = parse(rulingHtml(r));
  equal(shown.querySelector(".ruling-title").textContent, "A <boxed> card");
  equal(shown.querySelector(".rule-id").textContent, "I1, TDA 35-A");
  equal(shown.querySelector(".ruling-next").textContent, "Now Muck it.");
  equal(parse(rulingHtml({ ...r, next: "" })).querySelector(".ruling-next"), null);
  const list = parse(rulingsHtml([r, { ...r, rule: "I2", title: "An exposed hole card" }]));
  deepEqual([...list.querySelectorAll(".rule-id")].map((e) => e.textContent), ["I1, TDA 35-A", "I2"]);
  equal(list.querySelector("li").title, "out of play. Muck it.");
});
