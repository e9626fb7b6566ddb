// shared/clarity.js: stud and draw told plainly (issue 24, item 6).
import { deepEqual, equal, test } from "/js-tests/harness.js";
import {
  bringInWhy, cardWords, drawWords, foldIsFree, newCards, streetLabel,
} from "/static/shared/clarity.js";
import { clearShift } from "/static/shared/felt.js";

test("streetLabel names the betting round after a draw, and the draw while drawing", () => {
  equal(streetLabel("first_draw", "drawing", 3), "First draw");
  equal(streetLabel("first_draw", "betting", 3), "After the first draw");
  equal(streetLabel("second_draw", "betting", 3), "After the second draw");
  equal(streetLabel("third_draw", "showdown", 3), "After the third draw");
  equal(streetLabel("first_draw", "drawing", 1), "Draw");
  equal(streetLabel("first_draw", "betting", 1), "After the draw");
  equal(streetLabel("predraw", "betting", 3), "Before the draw");
  equal(streetLabel("third", "betting"), "Third street");
  equal(streetLabel("seventh", "betting"), "Seventh street");
  equal(streetLabel("flop", "betting"), "Flop");
  equal(streetLabel("", "betting"), "");
});

const DRAW_LOG = [
  "--- hand 1 ---", "-- first draw --", "Old draws 3",
  "--- hand 2 ---", "Bot 1 posts small blind 1", "Alice posts big blind 2",
  "-- first draw --", "Bot 1 draws 2", "Alice stands pat", "Bot 2 draws 1", "Bot 1 checks",
];

test("drawWords: who drew how many at the draw in play, this hand only", () => {
  deepEqual([...drawWords(DRAW_LOG)], [["Bot 1", "Draws 2"], ["Alice", "Stands pat"], ["Bot 2", "Draws 1"]]);
  // Before the draw street of hand 2, nothing (hand 1's draw is not this hand's).
  deepEqual([...drawWords(DRAW_LOG.slice(0, 6))], []);
  // A new draw street starts the words over.
  deepEqual([...drawWords([...DRAW_LOG, "-- second draw --", "Alice draws 1"])], [["Alice", "Draws 1"]]);
  // A hold'em street is no draw.
  deepEqual([...drawWords(["--- hand 3 ---", "-- flop --", "Ann draws 2"])], []);
});

test("bringInWhy: the lowest up-card brings it in (F10)", () => {
  const log = ["--- hand 4 ---", "Ann antes 1", "Ann is dealt Kh face up", "Bob is dealt 3d face up",
    "Cy is dealt 9c face up", "Bob brings it in for 1"];
  const why = bringInWhy(log);
  equal(why.name, "Bob");
  equal(why.card, "3d");
  equal(why.text, "lowest up-card, 3♦ (F10)");
  equal(bringInWhy(log.slice(0, 5)), null, "nothing before the bring-in");
});

test("bringInWhy: on equal ranks the suit breaks the tie, clubs lowest (F10, D6)", () => {
  const log = ["--- hand 5 ---", "Ann is dealt 2d face up", "Bob is dealt 2c face up", "Cy is dealt 8s face up",
    "Bob brings it in for 1"];
  const why = bringInWhy(log);
  deepEqual(why.tie, ["2d"]);
  equal(why.text, "lowest up-card, 2♣ (the suit breaks the tie with 2♦: clubs lowest; F10, D6)");
});

test("bringInWhy: in razz the highest up-card, ace low (F10)", () => {
  const log = ["--- hand 6 ---", "Ann is dealt Ah face up", "Bob is dealt Kd face up", "Bob brings it in for 1"];
  equal(bringInWhy(log, true).text, "highest up-card, K♦ (ace low; F10)");
  const tie = ["--- hand 7 ---", "Ann is dealt Kh face up", "Bob is dealt Ks face up", "Bob brings it in for 1"];
  equal(bringInWhy(tie, true).text, "highest up-card, K♠ (the suit breaks the tie with K♥: spades highest; F10, D6)");
});

test("cardWords writes a card as the felt's titles do", () => {
  equal(cardWords("Td"), "10♦");
  equal(cardWords("As"), "A♠");
});

test("newCards marks the cards a draw brought, not the deal's", () => {
  let seen = newCards(null, 1, ["2c", "3d", "4h", "5s", "Kd"]);
  deepEqual([...seen.fresh], [], "the deal: nothing marked");
  seen = newCards(seen.memory, 1, ["2c", "3d", "4h", "5s", "Kd"]);
  deepEqual([...seen.fresh], [], "the same cards drawn again");
  seen = newCards(seen.memory, 1, ["2c", "3d", "4h", "5s", "7c"]);
  deepEqual([...seen.fresh], ["7c"], "after a draw of one");
  seen = newCards(seen.memory, 1, ["2c", "3d", "4h", "5s", "7c"]);
  deepEqual([...seen.fresh], ["7c"], "still marked on the next render");
  seen = newCards(seen.memory, 2, ["Ac", "Ad", "Ah", "As", "Kc"]);
  deepEqual([...seen.fresh], [], "a new hand starts over");
});

test("foldIsFree: a fold offered beside a free check", () => {
  equal(foldIsFree({ fold: true, check: true }), true);
  equal(foldIsFree({ fold: true, check: false, call: 2 }), false);
  equal(foldIsFree(null), false);
});

test("clearShift moves the dealer button beside the cards it would sit under", () => {
  const bounds = { left: 0, right: 1000 };
  const box = { left: 100, right: 126, top: 100, bottom: 126 };
  equal(clearShift(box, [{ left: 0, right: 50, top: 0, bottom: 50 }], bounds), 0, "nothing under it");
  // Cards from x 90 to 200: the shorter way is left (40 px, not 104).
  equal(clearShift(box, [{ left: 90, right: 200, top: 90, bottom: 160 }], bounds), -40);
  equal(clearShift(box, [{ left: 60, right: 110, top: 90, bottom: 160 }], bounds), 14, "or right");
  // No room on the right inside the felt: to the left.
  equal(clearShift({ left: 960, right: 986, top: 0, bottom: 26 }, [{ left: 900, right: 995, top: 0, bottom: 50 }], bounds), -90);
});
