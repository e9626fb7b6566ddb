// Issue 24: the money of a home tournament and the clock of a mixed one, as the
// pages word them (tournament/structures.js, tournament/views.js).
import { deepEqual, equal, includes, test } from "/js-tests/harness.js";
import { dealAmounts, dealHtml } from "/static/tournament/director.js";
import { moneySentence, STRUCTURE_MONEY } from "/static/tournament/structures.js";
import {
  boughtHtml, bountyTag, clockBarHtml, eventInfoHtml, floorLineHtml, levelStakes, moneyRows, resultsTableHtml, startTime,
} from "/static/tournament/views.js";

test("moneySentence says plainly what each player pays and where it goes", () => {
  equal(moneySentence(20_00, 5_00), "Each player pays <b>$25</b>: buy-in <b>$20</b> to the prize pool + fee <b>$5</b> to the house.");
  equal(moneySentence(20_00, 0), "Each player pays <b>$20</b>: buy-in <b>$20</b> to the prize pool + no fee.");
  equal(moneySentence(0, 0), "A free tournament: no buy-in, no fee.");
  equal(STRUCTURE_MONEY.turbo.fee, 5_00);
});

test("levelStakes keeps the whole stud level, short", () => {
  equal(levelStakes("limits 600/1,200, ante 75, bring-in 200"), "limits 600/1,200 · ante 75 · bring-in 200");
  equal(levelStakes("blinds 50/100, ante 100 (big blind)"), "blinds 50/100 · BBA 100");
});

test("boughtHtml counts a finisher's rebuys and add-on and what they paid", () => {
  includes(boughtHtml({ rebuys: 2, add_on: true, paid_in: 85_00 }), "2 rebuys, add-on · paid $85");
  includes(boughtHtml({ rebuys: 0, add_on: false, paid_in: 25_00 }), "paid $25");
  equal(boughtHtml({}), "");
});

test("moneyRows shows where the pool came from and the house's fees", () => {
  const rows = Object.fromEntries(moneyRows({
    entries: 9, buy_in: 20_00, fee: 5_00, buy_ins: 180_00, fees: 45_00, rebuys: 3, rebuy_price: 20_00,
    rebuy_money: 60_00, add_ons: 0, add_on_price: 0, add_on_money: 0, guarantee: 0, prize_pool: 240_00,
    payouts: "custom: 60% / 25% / 15%", payout_unit: 5_00,
  }));
  equal(rows["Buy-ins"], "9 × $20 = $180");
  equal(rows.Rebuys, "3 × $20 = $60");
  equal(rows["Fees (the house)"], "9 × $5 = $45");
  equal(rows.Payouts, "custom: 60% / 25% / 15%, in $5");
  equal(rows["Add-ons"], undefined);
});

test("clockBarHtml names the game of a mixed event beside the level", () => {
  const t = {
    status: "running", structure: { mixed: true, starting_stack: 15000, rebuy: null },
    clock: { level: 4, game: "Seven-card stud", stakes: "limits 600/1,200, ante 75, bring-in 200", time_left: 300, players_left: 4, entries: 4, average_stack: 15000, prize_pool: 600_00 },
  };
  const html = clockBarHtml(t);
  includes(html, "Level 4 · Seven-card stud");
  includes(html, "limits 600/1,200 · ante 75 · bring-in 200");
  const single = clockBarHtml({ ...t, structure: { ...t.structure, mixed: false } });
  equal(single.includes("Seven-card stud"), false);
});

test("a start time is shown in the viewer's time, with the day when not today", () => {
  const now = new Date(2026, 10, 28, 18, 0);
  const today = new Date(2026, 10, 28, 20, 30).getTime() / 1000;
  const later = new Date(2026, 10, 30, 20, 30).getTime() / 1000;
  includes(startTime(today, now), "30");
  equal(startTime(today, now).includes("Nov"), false);
  includes(startTime(later, now), "Nov");
  const t = {
    status: "registering", starts_at: today, players: [], prizes: [],
    structure: { mixed: false, game: "No-limit hold'em", buy_in: 20_00, fee: 0, starting_stack: 1500, seats: 9, final_table_seats: 9, levels: [], late_registration_levels: 0 },
    clock: { entries: 0, prize_pool: 0, registration_open: true },
  };
  includes(eventInfoHtml(t), "by itself with two players or more");
  includes(clockBarHtml(t), 'id="clock-starts"');
});

test("a knockout's bounty is said apart from the pool, counted and shown", () => {
  equal(moneySentence(20_00, 2_00, 10_00), "Each player pays <b>$32</b>: buy-in <b>$20</b> to the prize pool + bounty <b>$10</b> to whoever knocks them out + fee <b>$2</b> to the house.");
  equal(moneySentence(0, 0, 5_00), "Each player pays <b>$5</b>: buy-in <b>$0</b> to the prize pool + bounty <b>$5</b> to whoever knocks them out + no fee.");
  const rows = Object.fromEntries(moneyRows({
    entries: 7, buy_in: 20_00, fee: 2_00, buy_ins: 140_00, fees: 14_00, bounty: 10_00, bounties: 70_00,
    bounties_paid: 30_00, rebuys: 0, rebuy_price: 0, add_ons: 0, add_on_price: 0, guarantee: 0,
    prize_pool: 140_00, payouts: "standard", payout_unit: 1_00,
  }));
  equal(rows["Bounties (knockouts)"], "7 × $10 = $70, $30 won so far");
  equal(moneyRows({ entries: 2, buy_in: 1, buy_ins: 2, fees: 0, payouts: "standard", payout_unit: 1 })
    .some(([k]) => k.startsWith("Bounties")), false);
  includes(bountyTag({ bounties: 20_00 }), "$20 in bounties");
  equal(bountyTag({ bounties: 0 }), "");
  includes(floorLineHtml("Bob wins Ann's bounty $10"), 'class="ln win"');
  const t = { structure: { bounty: 10_00 }, results: [{ entry: 1, name: "Bob", place: 1, place_to: 1, prize: 140_00, bounties: 30_00 }] };
  includes(resultsTableHtml(t, null), "<th class=\"r\">Bounties</th>");
  includes(resultsTableHtml(t, null), "$30");
  equal(resultsTableHtml({ ...t, structure: { bounty: 0 } }, null).includes("Bounties"), false);
  includes(eventInfoHtml({
    status: "running", prizes: [], clock: { prize_pool: 0 },
    structure: { mixed: false, game: "No-limit hold'em", buy_in: 20_00, fee: 2_00, bounty: 10_00, starting_stack: 1500, seats: 9, final_table_seats: 9, levels: [], late_registration_levels: 0 },
  }), "$20 + $10 bounty + $2 fee");
});

test("a suggested deal can be agreed: its amounts by name, a button for each kind", () => {
  const deal = { prizes: [60_00, 40_00], players: [
    { name: "Ann", chips: 3000, icm: 55_00, chip_chop: 60_00 },
    { name: "Bob", chips: 2000, icm: 45_00, chip_chop: 40_00 },
  ] };
  deepEqual(dealAmounts(deal, "icm"), { Ann: 55_00, Bob: 45_00 });
  deepEqual(dealAmounts(deal, "chip_chop"), { Ann: 60_00, Bob: 40_00 });
  const html = dealHtml(deal);
  includes(html, 'data-agree="icm"');
  includes(html, 'data-agree="chip_chop"');
});
