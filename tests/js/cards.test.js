// shared/cards.js: card codes and their markup.
import { deepEqual, equal, parse, test } from "/js-tests/harness.js";
import { CARD_RE, cardHtml, splitCards } from "/static/shared/cards.js";

test("splitCards cuts a run of card codes in twos", () => {
  deepEqual(splitCards("AhKd7c"), ["Ah", "Kd", "7c"]);
  deepEqual(splitCards(""), []);
  deepEqual(splitCards("AhK"), ["Ah"]);
});

test("CARD_RE accepts card runs only", () => {
  deepEqual(["AhKd", "Tc", "1h", "Ahk", "", "AhKx"].map((s) => CARD_RE.test(s)), [true, true, false, false, false, false]);
});

test("cardHtml draws a face card with its rank, suit and label, a ten as 10", () => {
  const ace = parse(cardHtml("Ah", "mini")).firstElementChild;
  equal(ace.dataset.card, "Ah");
  equal(ace.getAttribute("aria-label"), "A of hearts");
  equal(ace.className, "card face s-h mini");
  equal(ace.querySelector(".rank").textContent, "A");
  equal(ace.querySelectorAll("svg.suit").length, 2);
  const ten = parse(cardHtml("Ts")).firstElementChild;
  equal(ten.querySelector(".rank").textContent, "10");
  equal(ten.querySelector(".rank").className, "rank ten");
});

test("cardHtml draws a face-down card for none", () => {
  const back = parse(cardHtml(null, "x")).firstElementChild;
  equal(back.className, "card back x");
  equal(back.dataset.card, undefined);
});
