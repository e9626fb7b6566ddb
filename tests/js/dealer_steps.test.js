// dealer/steps.js: what the dealer's tablet and the players' view make of a game's
// state (issue 26): seats counted from 1, the quick sizes, cards as typed and tapped,
// the pots' winners, the seats' markers and the settle-up's total.
import { deepEqual, equal, includes, parse, test } from "/js-tests/harness.js";
import {
  awardWinners, betWord, buttonSeat, cardChip, cardCount, cardsTyped, handSummary, handsHtml, knownCards, miniCard, padPress,
  potName, potText, potsShown, raiseSizes, seatCardHtml, seatLabel, seatMarks, settleTotal, turnSeat, turnWord,
} from "/static/dealer/steps.js";

test("seats are counted as people count them: the API's seat 0 is Seat 1", () => {
  equal(seatLabel(0), "Seat 1");
  equal(seatLabel(8), "Seat 9");
});

test("the seat whose turn it is: to act, to draw, to show; nobody's while the dealer deals", () => {
  equal(turnSeat({ kind: "act", seat: 3 }), 3);
  equal(turnSeat({ kind: "draw", seat: 1 }), 1);
  equal(turnSeat({ kind: "showdown", seat: 5 }), 5);
  equal(turnSeat({ kind: "deal", seat: 2 }), null);
  equal(turnSeat({ kind: "start", seat: 0 }), null);
  equal(turnSeat(null), null);
  deepEqual(["act", "draw", "showdown"].map((kind) => turnWord({ kind })), ["to act", "draws", "shows"]);
});

test("before a deal the button is where the next hand's goes; in a hand, the hand's", () => {
  equal(buttonSeat({ button: 0, step: { kind: "start", seat: 2 } }), 2);
  equal(buttonSeat({ button: 4, step: { kind: "act", seat: 1 } }), 4);
  equal(buttonSeat({ button: null, step: { kind: "button", seat: null } }), null);
});

test("quick sizes: the minimum, half the pot and the pot after the call, all in; within the limits", () => {
  // 1/2 preflop, first to act: the pot is 3, call 2; a pot raise is to 2 + (3 + 2) = 7
  deepEqual(raiseSizes({ call: 2, min_raise_to: 4, max_raise_to: 100 }, { pot: 3, bet: 0 }),
    { min: 4, half: 4, pot: 7, max: 100 });
  // The small blind (in for 1) facing 2: a pot raise is to 2 + (3 + 1) = 6
  deepEqual(raiseSizes({ call: 1, min_raise_to: 4, max_raise_to: 99 }, { pot: 3, bet: 1 }).pot, 6);
  // After the flop, first to bet into 15: half is 7, pot 15
  deepEqual(raiseSizes({ check: true, call: null, min_raise_to: 2, max_raise_to: 93 }, { pot: 15, bet: 0 }),
    { min: 2, half: 7, pot: 15, max: 93 });
  // A short stack: every size is all in at most
  deepEqual(raiseSizes({ call: 6, min_raise_to: 10, max_raise_to: 12 }, { pot: 40, bet: 0 }),
    { min: 10, half: 12, pot: 12, max: 12 });
  equal(raiseSizes({ call: 80, min_raise_to: null, max_raise_to: null }, { pot: 200, bet: 0 }), null);
  equal(raiseSizes(null, { pot: 0, bet: 0 }), null);
});

test("a bet when nobody has bet, a raise over a bet, a completion over a bring-in", () => {
  equal(betWord({ check: true, call: null }), "Bet");
  equal(betWord({ check: false, call: 2 }), "Raise");
  equal(betWord({ check: true, call: 0, bring_in: null }), "Bet");
  equal(betWord({ check: false, call: 1, bring_in: 1 }), "Complete");
});

test("cards as a dealer types them become the room's notation", () => {
  equal(cardsTyped("Ah Kd 7c"), "Ah Kd 7c");
  equal(cardsTyped("ahkd7C"), "Ah Kd 7c");
  equal(cardsTyped(" 10h, js "), "Th Js");
  equal(cardsTyped("A♥ K♦ Q♠ J♣"), "Ah Kd Qs Jc");
  equal(cardsTyped("Tc"), "Tc");
  for (const bad of ["", "A", "Ah K", "1h", "Ax", "Zh", "hh"]) equal(cardsTyped(bad), null, bad);
  deepEqual(["Ah Kd 7c", "4s", "", "nonsense"].map(cardCount), [3, 1, 0, 0]);
});

test("the card pad: a rank starts a card, a suit ends it, back takes one character back", () => {
  let text = "";
  for (const key of ["A", "h", "K", "8", "d"]) text = padPress(text, key);  // the 8 replaces the K
  equal(text, "Ah 8d");
  equal(padPress(text, "s"), "Ah 8d", "a suit with no rank is nothing");
  equal(padPress(text, "T"), "Ah 8d T");
  equal(padPress("Ah 8d T", "c"), "Ah 8d Tc");
  equal(padPress("Ah 8d", "back"), "Ah 8");
  equal(padPress("Ah 8", "back"), "Ah");
  equal(padPress("", "back"), "");
  equal(padPress("ah", "K"), "ah K", "typed cards are kept as typed");
});

test("a card on the board: its rank and suit symbol, coloured by suit", () => {
  const chip = parse(cardChip("Th")).firstElementChild;
  equal(chip.textContent, "10♥");
  includes(chip.className, "s-h");
  equal(chip.getAttribute("aria-label"), "10 of hearts");
  equal(parse(cardChip("As")).textContent, "A♠");
});

test("the award: each pot's winners in seat order, main pot first; none until each pot has one", () => {
  const pots = [{ amount: 247, seats: [5, 6, 7, 0] }, { amount: 180, seats: [6, 7, 0] }];
  equal(awardWinners(pots, [new Set([5]), new Set()]), null);
  deepEqual(awardWinners(pots, [new Set([7, 5]), new Set([7])]), [[5, 7], [7]]);
  equal(awardWinners(pots, [new Set([5])]), null);
});

test("the pots in words, seats counted from 1", () => {
  deepEqual([potName(0, 1), potName(0, 2), potName(1, 3), potName(2, 3)],
    ["Pot", "Main pot", "Side pot 1", "Side pot 2"]);
  equal(potText({ amount: 1247, seats: [5, 6, 7, 0] }, 0, 2), "Main pot 1,247: seats 1, 6, 7, 8");
  equal(potText({ amount: 40, seats: [2] }, 1, 2), "Side pot 1 40: seat 3");
});

test("the pots shown: the step's, else the hand's one pot, else none", () => {
  const seats = [{ seat: 0, in_hand: true, folded: false }, { seat: 1, in_hand: true, folded: true },
    { seat: 2, in_hand: false }];
  deepEqual(potsShown({ pot: 9, seats, step: { pots: [{ amount: 9, seats: [0, 1] }] } }),
    [{ amount: 9, seats: [0, 1] }]);
  deepEqual(potsShown({ pot: 3, seats, step: { pots: [] } }), [{ amount: 3, seats: [0] }]);
  deepEqual(potsShown({ pot: 0, seats, step: { pots: [] } }), []);
});

test("a seat's markers: the button, the turn, folded, all in, sitting out, blinds owed, new", () => {
  const at = { button: 2, turn: 2, word: "to act" };
  deepEqual(seatMarks({ seat: 2, missed: [] }, at), [["button", "D"], ["turn", "to act"]]);
  deepEqual(seatMarks({ seat: 4, folded: true, missed: [] }, at), [["folded", "folded"]]);
  deepEqual(seatMarks({ seat: 4, all_in: true, missed: [] }, at), [["allin", "all in"]]);
  deepEqual(seatMarks({ seat: 4, away: true, status: "sitting_out", missed: ["small", "big"] }, at),
    [["away", "sitting out"], ["missed", "owes small + big"]]);
  deepEqual(seatMarks({ seat: 4, away: true, status: "busted", missed: [] }, at), [["away", "no chips"]]);
  deepEqual(seatMarks({ seat: 4, status: "new", missed: [] }, at), [["new", "new"]]);
});

test("a seat's card: the tablet's opens the seat's tools, the players' shows the same", () => {
  const s = { seat: 5, name: "<Fay>", stack: 1240, bet: 20, folded: false, all_in: false, missed: [] };
  const tablet = parse(seatCardHtml(s, { button: 5, turn: 5, word: "to act", tag: "button" })).firstElementChild;
  equal(tablet.tagName, "BUTTON");
  equal(tablet.dataset.do, "select");
  equal(tablet.dataset.seat, "5");
  includes(tablet.className, "turn");
  equal(tablet.querySelector(".nm").textContent, "<Fay>");
  equal(tablet.querySelector(".chips").textContent, "1,240");
  equal(tablet.querySelector(".bet").textContent, "bet 20");
  equal(tablet.querySelector(".sno").textContent, "Seat 6");
  const view = parse(seatCardHtml(s, { button: 0, turn: null, word: "to act" })).firstElementChild;
  equal(view.tagName, "DIV");
  equal(view.dataset.do, undefined);
  equal(parse(seatCardHtml({ seat: 1, name: null }, { button: 0, turn: null })).textContent, "Seat 2empty");
});

test("the settle-up adds up to nothing with the rake once no chip is in a hand", () => {
  const players = [{ net: -120 }, { net: 179 }, { net: -64 }];
  equal(settleTotal({ players, rake: 5, in_play: 0 }), 0);
  equal(settleTotal({ players: [{ net: -3 }], rake: 0, in_play: 3 }), 0);
});

test("a seat's known cards: stud's up cards, a hand shown; none when every card is face down", () => {
  equal(knownCards({ seat: 0, cards: [null, null] }), null, "hold'em's hole cards are never known");
  equal(knownCards({ seat: 0, cards: [] }), null, "nothing dealt yet");
  equal(knownCards({ seat: 0 }), null, "not in a hand");
  deepEqual(knownCards({ seat: 0, cards: [null, null, "9h"] }), [null, null, "9h"]);
  equal(parse(miniCard("Td")).textContent, "10♦");
  includes(parse(miniCard("Td")).firstElementChild.className, "s-d");
  includes(parse(miniCard(null)).firstElementChild.className, "back");
});

test("the tablet's seat tile shows the known cards, the players' view never does", () => {
  const s = { seat: 2, name: "Cat", stack: 90, bet: 0, missed: [], cards: [null, null, "Kh"] };
  const tile = parse(seatCardHtml(s, { button: 0, turn: null, tag: "button", cards: true }));
  deepEqual([...tile.querySelectorAll(".hole .minicard")].map((c) => c.textContent), ["", "", "K♥"]);
  equal(tile.querySelectorAll(".hole .minicard.back").length, 2);
  equal(parse(seatCardHtml(s, { button: 0, turn: null })).querySelector(".hole"), null);
  const hidden = { ...s, cards: [null, null] };
  equal(parse(seatCardHtml(hidden, { button: 0, turn: null, tag: "button", cards: true })).querySelector(".hole"), null);
});

test("a hand in the hands list: its first log line (its number said once) and its last", () => {
  deepEqual(handSummary({ number: 1, lines: ["Hand 1: seat 2 posts the small blind of 1", "Bob: folds.",
    "The hand is over. Push the pot, 3, to seat 3."] }),
  { first: "seat 2 posts the small blind of 1", last: "The hand is over. Push the pot, 3, to seat 3." });
  deepEqual(handSummary({ number: 2, lines: ["only"] }), { first: "only", last: "" });
  deepEqual(handSummary({ number: 3, lines: [] }), { first: "", last: "" });
});

test("the hands list: the last hand first, its lines, why PHH cannot say a hand", () => {
  const list = parse(handsHtml([
    { number: 1, phh: "variant = 'NT'", why: "", lines: ["Hand 1: a", "b", "c"] },
    { number: 2, phh: null, why: "PHH cannot express a hand killed by the floor (I7, T9, P8)", lines: ["Hand 2: <x>"] }]));
  deepEqual([...list.querySelectorAll("li")].map((li) => li.dataset.hand), ["2", "1"]);
  equal(list.querySelector("[data-hand='2'] .first").textContent, "<x>");
  equal(list.querySelector("[data-hand='2'] .last"), null);
  equal(list.querySelector("[data-hand='2'] .why").textContent, "No PHH: PHH cannot express a hand killed by the floor (I7, T9, P8)");
  equal(list.querySelector("[data-hand='1'] .last").textContent, "c");
  equal(list.querySelector("[data-hand='1'] .why"), null);
  includes(parse(handsHtml([])).textContent, "No hand");
});
