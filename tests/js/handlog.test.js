// shared/handlog.js: the last finished hand from the state's result (a cash table) or
// read from the log (a tournament's table), and log lines drawn.
import { assert, deepEqual, equal, includes, parse, test } from "/js-tests/harness.js";
import { lastHandResult, logLineHtml, resultView } from "/static/shared/handlog.js";

// The state's "result" (server/tables/hand_result.py) of the same hand as LOG's hand 7.
const RESULT = {
  number: 7,
  boards: [["Ah", "Kd", "7c", "2s"]],
  shown: [
    { seat: 0, name: "Alice", cards: ["As", "Ad"], description: "three of a kind, aces" },
    { seat: 1, name: "Bob", cards: ["Kh", "Qh"], description: "two pair, kings and sevens" },
  ],
  mucked: [{ seat: 2, name: "Carol" }],
  pots: [
    { pot: 0, half: "whole", description: "three of a kind, aces", awards: [{ seat: 0, name: "Alice", amount: 1200 }] },
    { pot: 1, half: "high", description: "a pair", awards: [{ seat: 1, name: "Bob", amount: 150 }, { seat: 0, name: "Alice", amount: 150 }] },
    { pot: 0, half: "low", description: "", awards: [{ seat: 3, name: "Dee", amount: 30 }] },
  ],
  won: [{ seat: 0, name: "Alice", amount: 1350 }, { seat: 1, name: "Bob", amount: 150 }, { seat: 3, name: "Dee", amount: 30 }],
  returned: [{ seat: 1, name: "Bob", amount: 40 }],
  rake: 0,
};

test("resultView: the state's result as the felt draws it, as the log's reading was", () => {
  const r = resultView(RESULT);
  equal(r.number, 7);
  deepEqual(r.board, ["Ah", "Kd", "7c", "2s"]);
  deepEqual(r.shown.get("Alice"), { cards: ["As", "Ad"], description: "three of a kind, aces" });
  equal(r.shown.get("Carol"), undefined, "a mucked hand is not shown");
  equal(r.wins.get("Alice"), 1350);
  deepEqual(r.lines, [
    { who: "Alice wins 1,200", how: "three of a kind, aces" },
    { who: "Bob wins 150, Alice wins 150 (side pot 1, high)", how: "a pair" },
    { who: "Dee wins 30 (low)", how: "" },
  ]);
  deepEqual(r.returned, [{ seat: 1, name: "Bob", amount: 40 }]);
});

test("resultView: none before the first hand, none without a winner", () => {
  equal(resultView(null), null);
  equal(resultView({ ...RESULT, won: [] }), null);
});

const LOG = [
  "--- hand 6 ---",
  "Carol wins 40 from the main pot",
  "--- hand 7 ---",
  "Alice posts small blind 1",
  "-- flop --",
  "Board: AhKd7c",
  "-- turn --",
  "Board: 2s",
  "Alice shows AsAd (three of a kind, aces)",
  "Bob shows KhQh (two pair, kings and sevens)",
  "Alice wins 1200 from the main pot with three of a kind, aces",
  "Bob wins 150, Alice wins 150 from the side pot 1 (high) with a pair",
];

test("lastHandResult: the last hand's number, board, hands shown and wins", () => {
  const r = lastHandResult(LOG);
  equal(r.number, 7);
  deepEqual(r.board, ["Ah", "Kd", "7c", "2s"]);
  deepEqual(r.shown.get("Alice"), { cards: ["As", "Ad"], description: "three of a kind, aces" });
  deepEqual(r.shown.get("Bob").cards, ["Kh", "Qh"]);
  equal(r.wins.get("Alice"), 1350, "both pots added up");
  equal(r.wins.get("Bob"), 150);
  equal(r.wins.get("Carol"), undefined, "an earlier hand's winner is not this hand's");
  deepEqual(r.lines, [
    { who: "Alice wins 1,200", how: "three of a kind, aces" },
    { who: "Bob wins 150, Alice wins 150 (side pot 1, high)", how: "a pair" },
  ]);
});

test("lastHandResult: a main pot's half, and no result without a win", () => {
  const r = lastHandResult(["--- hand 2 ---", "Dee wins 30 from the main pot (low)"]);
  deepEqual(r.lines, [{ who: "Dee wins 30 (low)", how: "" }]);
  equal(lastHandResult(["--- hand 3 ---", "Alice folds"]), null);
  equal(lastHandResult([]), null);
});

const META = /sits down|leaves with/;

test("logLineHtml: separators, streets, cards drawn, wins and the page's own lines", () => {
  const line = (text) => parse(logLineHtml(text, META)).firstElementChild;
  equal(line("--- hand 7 ---").className, "ln sep");
  equal(line("--- hand 7 ---").textContent, "hand 7");
  equal(line("-- flop --").className, "ln street");
  equal(line("-- flop --").textContent, "flop");
  equal(line("Board: AhKd7c").querySelectorAll(".card.mini").length, 3);
  const shows = line("Alice shows AsAd (aces)");
  equal(shows.className, "ln show");
  equal(shows.querySelectorAll(".card").length, 2);
  includes(shows.textContent, "(aces)");
  equal(line("Dealt to you: AhKh").querySelectorAll(".card").length, 2);
  equal(line("Alice wins 20 from the main pot").className, "ln win");
  equal(line("Bob sits down in seat 2").className, "ln meta");
  equal(line("Alice checks").className, "ln ");
});

test("logLineHtml: a stud up-card is dealt face up, not shown (issue 24)", () => {
  const line = (text) => parse(logLineHtml(text, META)).firstElementChild;
  const dealt = line("Bot 1 is dealt 8c face up");
  equal(dealt.className, "ln dealt-up");
  equal(dealt.querySelectorAll(".card.mini").length, 1);
  includes(dealt.textContent, "Bot 1 is dealt");
  includes(dealt.textContent, "face up");
  assert(!dealt.textContent.includes("shows"), dealt.textContent);
  includes(line("You are dealt Kd face up").textContent, "You are dealt");
});

test("logLineHtml escapes what players named themselves", () => {
  const html = logLineHtml(`<img src=x> shows AhKh`, META);
  assert(!parse(html).querySelector("img"), html);
  includes(html, "&lt;img src=x&gt;");
});
