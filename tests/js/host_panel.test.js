// table/host_panel.js: the host's tools for the next hand and the settle-up (issue 24).
import { equal, includes, parse, test } from "/js-tests/harness.js";
import {
  nextHandHtml, noticesHtml, requestFate, stakeSizes, summaryHtml, waitlistHtml,
} from "/static/table/host_panel.js";

const holdem = { game: "holdem", small_blind: 1, big_blind: 2, ante: 0, host_tools: { notices: [] } };
const seats = [{ seat: 0, name: "Alice" }, null, { seat: 2, name: "<b>Bob</b>" }, null];

test("a blind game changes its blinds and ante, stud its ante, bring-in and bets", () => {
  equal(stakeSizes(false).map(([f]) => f).join(), "small_blind,big_blind,ante");
  equal(stakeSizes(true).map(([f]) => f).join(), "ante,bring_in,small_bet,big_bet");
});

test("the next-hand tools offer the current stakes, a bomb pot at a flop game, and moves to empty seats", () => {
  const box = parse(nextHandHtml(holdem, seats, { stud: false, flop: true }));
  equal(box.querySelector("#host-stake-big_blind").value, "2");
  equal(Boolean(box.querySelector("#btn-bomb")), true);
  equal(Boolean(box.querySelector("#btn-bomb-off")), false);
  equal([...box.querySelectorAll("#host-move-to option")].map((o) => o.value).join(), "1,3");
  includes(box.querySelector("#host-move-from").innerHTML, "&lt;b&gt;Bob&lt;/b&gt;");
  const stud = parse(nextHandHtml({ ...holdem, game: "stud", bring_in: 1 }, seats, { stud: true, flop: false }));
  equal(Boolean(stud.querySelector("#btn-bomb")), false);
  equal(Boolean(stud.querySelector("#host-stake-bring_in")), true);
  const planned = parse(nextHandHtml({ ...holdem, host_tools: { notices: ["bomb pot next hand: everyone antes 5"] } }, seats, { stud: false, flop: true }));
  equal(Boolean(planned.querySelector("#btn-bomb-off")), true);
});

test("the host's plans and the seat requests are shown to everyone, escaped; the host may answer", () => {
  equal(noticesHtml(null), "");
  equal(noticesHtml({ notices: [], requests: [] }), "");
  includes(noticesHtml({ notices: ["blinds 2/4 from the next hand", "<i>x</i>"] }), "&lt;i&gt;");
  const tools = { notices: [], requests: [{ id: "r1", name: "Carol", seat: 2, buy_in: 150 }] };
  includes(noticesHtml(tools), "Carol asks for seat 3 with 150: waiting for the host");
  equal(parse(noticesHtml(tools)).querySelectorAll("button").length, 0);
  equal(parse(noticesHtml(tools, { host: true })).querySelectorAll("button[data-request='r1']").length, 2);
  includes(noticesHtml(tools, { mine: "r1" }), "You asked for seat 3: waiting for the host to accept you");
});

test("the settle-up lists each net and who pays whom", () => {
  const html = summaryHtml({
    players: [{ name: "Alice", buy_in: 100, added: 0, cash_out: 250, on_table: 0, net: 150 },
      { name: "Bob", buy_in: 100, added: 50, cash_out: 0, on_table: 0, net: -150 }],
    transfers: [{ payer: "Bob", payee: "Alice", amount: 150 }], rake: 0, in_play: 0,
  });
  const box = parse(html);
  equal(box.querySelectorAll("#summary-table tbody tr").length, 2);
  equal(box.querySelector("#transfers li").textContent, "Bob pays Alice 150");
  includes(summaryHtml({ players: [], transfers: [], rake: 0, in_play: 0 }), "Nobody owes anybody.");
});

test("the waitlist: everyone sees the names, the viewer their place, their offer or a name box", () => {
  const tools = { waitlist: [{ id: "a1", name: "Carol", place: 1, seat: 1, until: 160 }, { id: "b2", name: "Dave", place: 2 }] };
  includes(waitlistHtml(tools), "Waitlist: Carol (seat 2 offered), Dave");
  const offer = parse(waitlistHtml(tools, { mine: "a1", now: 100 }));
  equal(offer.querySelector("#offer-left").textContent, "60");
  equal(offer.querySelector("#btn-take-seat").dataset.seat, "1");
  includes(waitlistHtml(tools, { mine: "b2" }), "You are number 2 on the waitlist");
  equal(Boolean(parse(waitlistHtml({ waitlist: [] }, { full: true })).querySelector("#btn-waitlist")), true);
  equal(waitlistHtml({ waitlist: [] }, { full: true, seated: true }), "");
  equal(waitlistHtml({ waitlist: [] }, { full: false }), "");
});

test("a seat request waits, is refused, or was answered", () => {
  equal(requestFate({ requests: [{ id: "x" }], refused: [] }, "x"), "waiting");
  equal(requestFate({ requests: [], refused: ["x"] }, "x"), "refused");
  equal(requestFate({ requests: [], refused: [] }, "x"), "answered");
});
