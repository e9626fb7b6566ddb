// The games the room deals, as GET /api/games answers them (built by the server from
// rules/variants.py): the pages keep no copy of a game's facts.  ``loadGames()`` asks
// once per page (the browser keeps the answer: it has an ETag and a max-age).
import { api } from "/static/shared/api.js";
import { fmt } from "/static/shared/format.js";

/** The answer of /api/games, with the questions the pages ask of it. */
export class Games {
  constructor(answer = { games: [], structures: [], families: [] }) {
    this.list = answer.games || [];
    this.structures = answer.structures || [];
    this.families = answer.families || [];
    this.byKey = new Map(this.list.map((g) => [g.key, g]));
    this.structureByKey = new Map(this.structures.map((s) => [s.key, s]));
  }

  /** The game's facts, or null for a game this room does not know. */
  get(key) {
    return this.byKey.get(key) || null;
  }

  /** Stud: up cards and a bring-in instead of blinds. */
  isStud(key) {
    return Boolean(this.get(key)?.stud);
  }

  /** Players discard and draw on some street. */
  isDraw(key) {
    return (this.get(key)?.draws || 0) > 0;
  }

  /** Community cards: the felt keeps five slots for the board. */
  hasBoard(key) {
    return Boolean(this.get(key)?.board);
  }

  /** "NL Hold'em", "FL Razz": a table's game where there is little room (``t`` has
   * ``game``, ``structure`` and ``game_name``). */
  label(t) {
    const structure = this.structureByKey.get(t.structure);
    const game = this.get(t.game);
    return `${structure ? structure.short : t.structure} ${game ? game.short : t.game_name}`;
  }

  /** A table's stakes: "1/2 · ante 1", stud "2/4 · ante 1 · bring-in 1". */
  stakes(t) {
    if (this.isStud(t.game)) {
      const parts = [`${fmt(t.small_bet)}/${fmt(t.big_bet)}`];
      if (t.ante) parts.push(`ante ${fmt(t.ante)}`);
      if (t.bring_in) parts.push(`bring-in ${fmt(t.bring_in)}`);
      return parts.join(" · ");
    }
    let s = `${fmt(t.small_blind)}/${fmt(t.big_blind)}`;
    if (t.structure === "fixed_limit" && t.small_bet) s += ` (${fmt(t.small_bet)}/${fmt(t.big_bet)})`;
    if (t.ante) s += ` · ante ${fmt(t.ante)}`;
    return s;
  }
}

let loading = null;

/** The room's games (one request per page).  A failure is thrown (and asked again
 * next time); ``new Games()``, empty, labels a table by the names it carries. */
export function loadGames() {
  if (!loading) {
    loading = api("/api/games").then((answer) => new Games(answer), (err) => {
      loading = null;
      throw err;
    });
  }
  return loading;
}
