// The lobby (the home page): the cash tables, creating one, and the tournaments.
import { Games, loadGames } from "/static/shared/games.js";
import { brandSuits } from "/static/shared/cards.js";
import { toast } from "/static/shared/dom.js";
import { mountCreateTable } from "/static/lobby/create_table.js";
import { mountTables } from "/static/lobby/tables.js";
import { mountTournaments } from "/static/lobby/tournaments.js";

brandSuits(true);
// Without the games the tables still list, labelled by the names they carry.
const games = loadGames().catch((err) => {
  toast(`Could not load the games: ${err.message}`);
  return new Games();
});
mountCreateTable(games);
mountTournaments();
games.then(mountTables);
