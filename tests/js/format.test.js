// shared/format.js: chips, money, places, clocks, stakes.
import { deepEqual, equal, test } from "/js-tests/harness.js";
import {
  capital, clockText, compactStakes, fmt, money, ordinal, placeText, plural, signed,
} from "/static/shared/format.js";

test("fmt writes chips with thousands separators, nothing as 0", () => {
  deepEqual([fmt(0), fmt(999), fmt(1000), fmt(1234567), fmt("2500")], ["0", "999", "1,000", "1,234,567", "2,500"]);
  deepEqual([fmt(undefined), fmt(null)], ["0", "0"]);
});

test("money writes cents as dollars, cents only when there are some", () => {
  deepEqual([money(0), money(1200), money(1250), money(123456), money(5), money(null)],
    ["$0", "$12", "$12.50", "$1,234.56", "$0.05", "$0"]);
  deepEqual([money(1200, true), money(123400, true), money(1250, true)],
    ["$12.00", "$1,234.00", "$12.50"], "exact: the cents always");
});

test("ordinal: st, nd, rd, and th for the teens", () => {
  const got = [1, 2, 3, 4, 10, 11, 12, 13, 14, 20, 21, 22, 23, 101, 111, 112, 113, 121].map(ordinal);
  deepEqual(got, ["1st", "2nd", "3rd", "4th", "10th", "11th", "12th", "13th", "14th", "20th",
    "21st", "22nd", "23rd", "101st", "111th", "112th", "113th", "121st"]);
});

test("placeText: one place, a shared range, or nothing", () => {
  equal(placeText({ place: 3, place_to: 3 }), "3rd");
  equal(placeText({ place: 2, place_to: 3 }), "2nd–3rd");
  equal(placeText({ place: null, place_to: null }), "");
  equal(placeText({}), "");
});

test("clockText: m:ss under an hour, h:mm:ss over, rounded up, never negative", () => {
  deepEqual([0, 1, 59.2, 60, 75, 600, 3599, 3600, 3725, -5].map(clockText),
    ["0:00", "0:01", "1:00", "1:00", "1:15", "10:00", "59:59", "1:00:00", "1:02:05", "0:00"]);
  equal(clockText(null), "—");
  equal(clockText(undefined), "—");
});

test("compactStakes shortens the ante and the big blind's ante", () => {
  equal(compactStakes("100/200, ante 200 (big blind)"), "100/200 · BBA 200");
  equal(compactStakes("1,000/2,000, ante 2,000 (big blind)"), "1,000/2,000 · BBA 2,000");
  equal(compactStakes("50/100, ante 10"), "50/100 · ante 10");
  equal(compactStakes("25/50"), "25/50");
  equal(compactStakes(null), "");
});

test("signed: a plus, a real minus, and the zero asked for", () => {
  deepEqual([signed(1200), signed(-300), signed(0), signed(0, "0")], ["+1,200", "−300", "±0", "0"]);
});

test("plural and capital", () => {
  deepEqual([plural(0), plural(1), plural(2), plural(1, "es", "-")], ["s", "", "s", "-"]);
  deepEqual([capital("razz"), capital("Omaha"), capital("")], ["Razz", "Omaha", ""]);
});

test("percentages reads payouts as typed, any separator", async () => {
  const { percentages } = await import("/static/shared/format.js");
  deepEqual(percentages("50, 30, 20"), [50, 30, 20]);
  deepEqual(percentages("50/30/20"), [50, 30, 20]);
  deepEqual(percentages(" 60 ; 40 "), [60, 40]);
  deepEqual(percentages(""), []);
  deepEqual(percentages(null), []);
});
