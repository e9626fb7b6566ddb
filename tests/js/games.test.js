// shared/games.js with the room's real GET /api/games (built from rules/variants.py).
import { assert, deepEqual, equal, test } from "/js-tests/harness.js";
import { Games, loadGames } from "/static/shared/games.js";

test("loadGames asks once and answers the room's games", async () => {
  const games = await loadGames();
  equal(await loadGames(), games, "the same answer the second time");
  assert(games.list.length >= 14, `${games.list.length} games`);
  deepEqual(games.families.map((f) => f.key), ["holdem", "omaha", "stud", "draw"]);
});

test("the facts the felt asks: stud, draw, a board", async () => {
  const games = await loadGames();
  deepEqual(["holdem", "omaha_hilo", "stud", "razz", "badugi", "deuce_seven_single"].map((k) =>
    [games.isStud(k), games.isDraw(k), games.hasBoard(k)]),
  [[false, false, true], [false, false, true], [true, false, false], [true, false, false],
    [false, true, false], [false, true, false]]);
  deepEqual([games.isStud("chess"), games.hasBoard("chess"), games.get("chess")], [false, false, null]);
});

test("label: the betting and the game in short", async () => {
  const games = await loadGames();
  equal(games.label({ game: "holdem", structure: "no_limit", game_name: "Texas hold'em" }), "NL Hold'em");
  equal(games.label({ game: "omaha5_hilo", structure: "pot_limit" }), "PL 5-Card Omaha Hi-Lo");
  equal(games.label({ game: "deuce_seven_triple", structure: "fixed_limit" }), "FL 2-7 Triple Draw");
  equal(games.label({ game: "future", structure: "spread_limit", game_name: "future poker" }), "Spread future poker");
  equal(new Games().label({ game: "holdem", structure: "no_limit", game_name: "Texas hold'em" }), "no_limit Texas hold'em");
});

test("stakes: blinds, limit sizes, antes; stud's bets, ante and bring-in", async () => {
  const games = await loadGames();
  equal(games.stakes({ game: "holdem", structure: "no_limit", small_blind: 1, big_blind: 2, ante: 0 }), "1/2");
  equal(games.stakes({ game: "holdem", structure: "fixed_limit", small_blind: 1, big_blind: 2, small_bet: 2, big_bet: 4, ante: 1 }),
    "1/2 (2/4) · ante 1");
  equal(games.stakes({ game: "stud", structure: "fixed_limit", small_bet: 1000, big_bet: 2000, ante: 100, bring_in: 300 }),
    "1,000/2,000 · ante 100 · bring-in 300");
});
