// lobby/tables.js and lobby/create_table.js: the address's filters, the rows, and
// what the creation form shows for each game (the room's real games).
import { deepEqual, equal, parse, test } from "/js-tests/harness.js";
import { formView, gameOptionsHtml } from "/static/lobby/create_table.js";
import { lobbyLife, lobbyQueryOf, lobbyStateFrom, tableRowHtml } from "/static/lobby/tables.js";
import { loadGames } from "/static/shared/games.js";

test("the lobby's filters: read from the address, written back with only what is set", () => {
  const state = lobbyStateFrom("?game=omaha&open_seat=true&page=3&name=Big%20O");
  deepEqual(state, { game: "omaha", structure: "", open_seat: true, name: "Big O", page: 3 });
  equal(lobbyQueryOf(state), "game=omaha&name=Big+O&open_seat=true&page=3");
  equal(lobbyQueryOf(lobbyStateFrom("")), "");
  equal(lobbyStateFrom("?page=-4").page, 1);
  equal(lobbyStateFrom("?page=x").page, 1);
});

test("formView: stud sizes, limit sizes, B15 and running it twice by game", async () => {
  const games = await loadGames();
  const view = (key, structure) => formView(games.get(key), structure);
  deepEqual(view("holdem", "no_limit"), { stud: false, limit: false, openPair: false, flop: true });
  deepEqual(view("holdem", "fixed_limit"), { stud: false, limit: true, openPair: false, flop: true });
  deepEqual(view("stud", "fixed_limit"), { stud: true, limit: true, openPair: true, flop: false });
  deepEqual(view("stud", "pot_limit"), { stud: true, limit: true, openPair: false, flop: false });
  deepEqual(view("razz", "fixed_limit"), { stud: true, limit: true, openPair: false, flop: false });
  deepEqual(view("badugi", "fixed_limit"), { stud: false, limit: true, openPair: false, flop: false });
});

test("the game select: every game once, grouped by family, hold'em chosen", async () => {
  const games = await loadGames();
  const box = parse(`<select>${gameOptionsHtml(games)}</select>`);
  deepEqual([...box.querySelectorAll("optgroup")].map((g) => g.label), ["Hold'em", "Omaha", "Stud", "Draw"]);
  deepEqual([...box.querySelectorAll("option")].map((o) => o.value).sort(), games.list.map((g) => g.key).sort());
  equal(box.querySelector("option[selected]").value, "holdem");
  equal(box.querySelector("option[value=razz]").textContent, "Razz");
});

test("tableRowHtml: the label, stakes, seats taken and link of a table", async () => {
  const games = await loadGames();
  const row = parse(`<table><tbody>${tableRowHtml({
    id: "ab12", name: "Fri <night>", game: "omaha", structure: "pot_limit", game_name: "Omaha",
    small_blind: 1, big_blind: 2, ante: 0, seats: 6, players: 2, hands: 1500,
  }, games)}</tbody></table>`).querySelector("tr");
  equal(row.querySelector(".name b").textContent, "Fri <night>");
  equal(row.querySelector(".name span").textContent, "PL Omaha");
  equal(row.querySelectorAll(".seat-dots i.on").length, 2);
  equal(row.querySelector("a.open").getAttribute("href"), "/t/ab12");
  deepEqual([...row.children].map((c) => c.textContent.trim()).slice(2, 5), ["1/2", "2/6", "1,500"]);
});

test("tableRowHtml: a table's life and its bots (open says nothing)", async () => {
  const games = await loadGames();
  const table = { id: "cd34", name: "Bots", game: "holdem", structure: "no_limit", game_name: "hold'em",
    small_blind: 1, big_blind: 2, ante: 0, seats: 6, players: 4, bots: 3, hands: 12 };
  const row = (t) => parse(`<table><tbody>${tableRowHtml(t, games)}</tbody></table>`).querySelector("tr");
  const idle = row({ ...table, life: "idle" });
  equal(idle.dataset.life, "idle");
  equal(idle.querySelector(".lobby-life").textContent, "Waiting for players");
  equal(idle.children[3].textContent.trim(), "4/6 3 bots");  // "· " drawn by the style
  equal(idle.querySelector(".lobby-bots").textContent, "3 bots");
  equal(row({ ...table, life: "paused", paused: true }).querySelector(".lobby-life").textContent, "Paused");
  const open = row({ ...table, life: "open", bots: 0 });
  equal(open.querySelector(".lobby-life"), null);
  equal(open.children[3].textContent.trim(), "4/6");
  equal(lobbyLife({ paused: true }).life, "paused");  // a row stored before rows had a life
  equal(lobbyLife({}), null);
});
