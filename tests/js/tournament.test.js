// tournament/views.js: what the tournament page draws from its state.
import { deepEqual, equal, includes, parse, test } from "/js-tests/harness.js";
import { compose } from "/static/shared/scene.js";
import { tournamentState } from "/static/tournament/scene.js";
import { structureName } from "/static/tournament/structures.js";
import {
  entrantsHtml, floorLineHtml, payoutsHtml, playersHtml, podiumHtml, tableBarWho, tablesText, timeLeftNow,
} from "/static/tournament/views.js";

const event = (status, { players = 0, entries = 0, open = false, seats = 9, finalSeats = 9 } = {}) => ({
  status,
  players: Array.from({ length: players }, (_, i) => ({ entry: i + 1, name: `P${i + 1}` })),
  clock: { entries, registration_open: open },
  structure: { seats, final_table_seats: finalSeats },
});

test("tablesText (RP-9): the final table never seats more than the event's players", () => {
  equal(tablesText(event("registering", { players: 4 })), "9-handed; final table 9 (at most)");
  equal(tablesText(event("running", { entries: 6, seats: 6, finalSeats: 7 })), "one table of 6, 6-handed");
  equal(tablesText(event("running", { entries: 20, seats: 6, finalSeats: 7 })), "6-handed; final table 7");
  equal(tablesText(event("running", { entries: 20, open: true })), "9-handed; final table 9 (at most)");
});

test("timeLeftNow counts down only while the clock runs", () => {
  equal(timeLeftNow({ time_left: 300, running: true }, 1010, 1000), 290);
  equal(timeLeftNow({ time_left: 300, running: false }, 1010, 1000), 300);
  equal(timeLeftNow({ time_left: null, running: true }, 1010, 1000), null);
});

test("floorLineHtml marks wins, the clock's events, and greys the rest", () => {
  const cls = (line) => parse(floorLineHtml(line)).firstElementChild.className;
  deepEqual([
    cls("Ann wins the tournament"), cls("Bob finishes 2nd and wins $30"), cls("Cy finishes 9th"),
    cls("Level 3: 100/200"), cls("Break: 5 minutes"), cls("The final table is drawn"), cls("Dee moves to table 2"),
  ], ["ln win", "ln win", "ln ", "ln street", "ln street", "ln street", "ln meta"]);
});

test("payoutsHtml lists the paid places in dollars", () => {
  const items = [...parse(payoutsHtml([5000, 3000, 1250, 0])).querySelectorAll("li")].map((li) => li.textContent);
  deepEqual(items, ["1st$50", "2nd$30", "3rd$12.50"]);
  includes(payoutsHtml([0, 0]), "Prizes are set when players register.");
});

test("tableBarWho: at your table, moving, or watching", () => {
  equal(tableBarWho({ status: "playing", table: 2, seat: 4 }, 2), "Your table: <b>2</b> · seat 5");
  equal(tableBarWho({ status: "playing", table: 3, seat: 0, arriving: true }, 2), "Moving to <b>table 3</b>");
  equal(tableBarWho(null, 1), "Watching <b>table 1</b>");
  equal(tableBarWho({ status: "eliminated" }, null), "");
});

test("entrantsHtml: the director's Remove buttons, names escaped, you marked", () => {
  const t = event("registering", { players: 2 });
  t.players[1].name = "<i>Eve</i>";
  const box = parse(entrantsHtml(t.players, { entry: 2 }, true));
  equal(box.querySelectorAll(".remove-entry").length, 2);
  equal(box.querySelector("li.me .nm").textContent, "<i>Eve</i>");
  equal(parse(entrantsHtml(t.players, null, false)).querySelectorAll(".remove-entry").length, 0);
  includes(entrantsHtml([], null, false), "Nobody has registered yet.");
});

test("playersHtml: the players left by order, then those out by place with prizes", () => {
  const t = { players: [
    { entry: 1, name: "A", alive: true, chips: 5000, table: 1 },
    { entry: 2, name: "B", alive: false, place: 3, place_to: 3, prize: 1000 },
    { entry: 3, name: "C", alive: false, place: 2, place_to: 2, prize: 2000 },
  ] };
  const rows = [...parse(playersHtml(t, null)).querySelectorAll("tbody tr")].map((r) => r.textContent.replace(/\s+/g, " ").trim());
  deepEqual(rows, ["1 A 5,000 T1", "Out", "2nd C $20", "3rd B $10"]);
});

test("podiumHtml: the top three of a finished event, ties shared", () => {
  const results = [{ entry: 1, name: "A", place: 1, place_to: 1, prize: 500 }, { entry: 2, name: "B", place: 2, place_to: 3, prize: 200 },
    { entry: 3, name: "C", place: 2, place_to: 3, prize: 200 }, { entry: 4, name: "D", place: 4, place_to: 4, prize: 0 }];
  const medals = [...parse(podiumHtml({ status: "finished", results })).querySelectorAll(".medal")].map((m) => m.textContent);
  deepEqual(medals, ["1st", "2nd–3rd, tied", "2nd–3rd, tied"]);
  equal(podiumHtml({ status: "running", results }), "");
});

test("structureName: the room's structures by name, an unknown one by its key", () => {
  deepEqual(["sit_and_go", "deepstack", "mystery"].map(structureName), ["Sit & go", "Deep stack", "mystery"]);
});

test("tournamentState: a delta connection's scene and own part make the whole state", () => {
  const tournament = { id: "e", status: "running" };
  const row = (entry, chips, alive = true, place = null) => ({ entry, name: `P${entry}`, chips, alive, place });
  const players = { 1: row(1, 0, false, 5), 2: row(2, 900), 3: row(3, 1200), 4: row(4, 900), 5: row(5, 0, false, 4) };
  const scene = {
    tournament,
    clock: { level: 2 },
    players,
    table: { number: 2 },
    seats: [{ seat: 0, name: "Ann", cards: [null, null] }, null],
    hand: null,
    you: null,
    result: null,
    log: [],
    now: 5,
    held: false,
    waiting: null,
  };
  const own = { seat: 0, you: { seat: 0, legal: null }, cards: ["As", "Kd"], player: { name: "Ann", table: 2 } };
  const state = tournamentState(compose(scene, own), own);
  deepEqual(Object.keys(state), ["tournament", "you", "table", "now"]);
  equal(state.tournament.id, "e");
  deepEqual(state.tournament.clock, { level: 2 });
  equal("clock" in state.table, false);
  // The standings: those still in by chips (ties by entry), then the others by place.
  deepEqual(state.tournament.players.map((p) => p.entry), [3, 2, 4, 5, 1]);
  equal("players" in state.table, false);
  deepEqual(state.you, own.player);
  deepEqual(state.table.seats[0].cards, ["As", "Kd"]);
  deepEqual(state.table.you, own.you);
  equal("tournament" in state.table, false);
  equal(state.now, 5);
  // A spectator, and before the first deal (no table in the scene).
  equal(tournamentState(compose(scene, null), null).you, null);
  equal(tournamentState(compose(scene, null), null).table.you, null);
  deepEqual(tournamentState({ tournament, clock: null, players: {}, now: 1 }, null),
    { tournament: { ...tournament, clock: null, players: [] }, you: null, table: null, now: 1 });
});
