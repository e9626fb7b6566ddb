// live/floor_list.js: the console's list of what the floor must do.
import { deepEqual, equal, test } from "/js-tests/harness.js";
import { floorList, loadDone, saveDone, seating, seatingPage } from "/static/live/floor_list.js";

const line = (seq, kind, text) => ({ seq, kind, text });
const feed = [
  line(1, "seat", "Player 10: table 2, seat 1"),
  line(2, "seat", "Player 2: table 1, seat 4"),
  line(3, "seat", "ann: table 1, seat 2"),
  line(4, "level", "Level 1: 25/50"),
  line(5, "eliminated", "Player 7 is out in 60th place"),
  line(6, "move", "Move Player 3 from table 2 seat 5 to table 1 seat 9"),
  line(7, "break_table", "Table 2 is broken"),
  line(8, "eliminated", "Player 8 is out in 59th place"),
];

test("tasks come oldest first until ticked; ticked ones newest first", () => {
  const open = floorList(feed, new Set());
  deepEqual(open.tasks.map((f) => f.seq), [6, 7]);
  deepEqual(open.ticked, []);
  const one = floorList(feed, new Set([6]));
  deepEqual(one.tasks.map((f) => f.seq), [7]);
  deepEqual(floorList(feed, new Set([6, 7])).ticked.map((f) => f.seq), [7, 6]);
});

test("the seating is by name, numbers in numeric order, any case; the draw's lines left out", () => {
  const players = [
    { name: "Player 10", alive: true, table: 2, seat: 0 },
    { name: "Player 2", alive: true, table: 1, seat: 3 },
    { name: "ann", alive: true, table: 1, seat: 1 },
    { name: "Bob", alive: false, table: null, seat: null },
    { name: "Cy", alive: true, table: null, seat: null },
  ];
  deepEqual(seating(players).map((p) => p.name), ["ann", "Player 2", "Player 10"]);
  deepEqual(seating(players)[0], { name: "ann", table: 1, seat: 1 });
  equal(floorList(feed, new Set()).news.some((f) => f.kind === "seat"), false);
});

test("the news is everything else, newest first, at most newsCount", () => {
  deepEqual(floorList(feed, new Set()).news.map((f) => f.seq), [8, 5, 4]);
  deepEqual(floorList(feed, new Set(), 2).news.map((f) => f.seq), [8, 5]);
});

test("ticks are kept per event, only for lines still in the feed, junk ignored", () => {
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
  saveDone("e1", new Set([6, 99]), feed, storage);
  deepEqual([...loadDone("e1", storage)], [6]);
  equal(loadDone("e2", storage).size, 0, "another event has its own");
  store.set("live-done-e3", "not json");
  equal(loadDone("e3", storage).size, 0);
  store.set("live-done-e4", JSON.stringify([1, "x", 2.5, 3]));
  deepEqual([...loadDone("e4", storage)], [1, 3]);
});

test("the clock's board: the payouts, then the seating a page at a time, every 8 s", () => {
  const seats = Array.from({ length: 30 }, (_, i) => ({ name: `P${i}`, table: 1, seat: i % 9 }));
  deepEqual(seatingPage(seats, 0), { page: 0, pages: 3, seats: [] }, "the payouts first");
  const first = seatingPage(seats, 8);
  deepEqual([first.page, first.seats.length, first.seats[0].name], [1, 14, "P0"]);
  deepEqual([seatingPage(seats, 16).page, seatingPage(seats, 16).seats[0].name], [2, "P14"]);
  deepEqual([seatingPage(seats, 24).page, seatingPage(seats, 24).seats.length], [3, 2]);
  equal(seatingPage(seats, 32).page, 0, "and round again");
  deepEqual(seatingPage([], 100), { page: 0, pages: 0, seats: [] }, "nobody seated: payouts");
});
