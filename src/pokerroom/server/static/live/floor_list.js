// The director's console's list of what the floor must do, made from the event's feed:
// the tasks at the tables (moves, a table to break, a colour-up, a chip race, the final
// table), oldest first, until ticked off; the latest news (busts, levels,
// hand-for-hand) newest first; and where everyone sits now, by name (the seat draw's
// lines are left out: the seating list says it, moves included).  Ticks are kept in
// this browser.

/** The kinds of feed lines that are something to do at the tables. */
export const TASK_KINDS = new Set(["move", "break_table", "color_up", "chip_race", "final_table"]);

/** The feed split for the console: ``tasks`` not yet ticked (oldest first), ``ticked``
 * (newest first) and the ``news`` (newest first, at most ``newsCount``), the seat
 * draw's lines left out. ``done``: the seq numbers ticked off. */
export function floorList(feed, done, newsCount = 12) {
  const tasks = [];
  const ticked = [];
  const news = [];
  for (const f of feed) {
    if (TASK_KINDS.has(f.kind)) (done.has(f.seq) ? ticked : tasks).push(f);
    else if (f.kind !== "seat") news.push(f);
  }
  return { tasks, ticked: ticked.reverse(), news: news.slice(-newsCount).reverse() };
}

const byName = (a, b) => a.name.localeCompare(b.name, "en", { numeric: true, sensitivity: "base" });

/** Where every player still in sits now, by name (numbers in numeric order, any case):
 * ``[{name, table, seat}]``, seats from 0; players not seated yet are left out. */
export function seating(players) {
  return players.filter((p) => p.alive && p.table != null)
    .map((p) => ({ name: p.name, table: p.table, seat: p.seat })).sort(byName);
}

const key = (eventId) => `live-done-${eventId}`;

/** The seq numbers ticked off at this event, in this browser. */
export function loadDone(eventId, storage = globalThis.localStorage) {
  try {
    const list = JSON.parse(storage.getItem(key(eventId)) || "[]");
    return new Set(Array.isArray(list) ? list.filter(Number.isInteger) : []);
  } catch {
    return new Set();
  }
}

/** Keep ``done`` (only the seq numbers still in ``feed``: the feed keeps its last lines). */
export function saveDone(eventId, done, feed, storage = globalThis.localStorage) {
  const present = new Set(feed.map((f) => f.seq));
  storage.setItem(key(eventId), JSON.stringify([...done].filter((s) => present.has(s))));
}

/** What the clock's side board shows at ``now`` (seconds), a page every ``seconds``:
 * the payouts (``page`` 0), then the seating by name, ``perPage`` names a page, and
 * round again; ``{page, pages, seats}``, seating pages from 1. */
export function seatingPage(seats, now, perPage = 14, seconds = 8) {
  const pages = Math.ceil(seats.length / perPage);
  const k = Math.floor(now / seconds) % (pages + 1);
  return { page: k, pages, seats: k ? seats.slice((k - 1) * perPage, k * perPage) : [] };
}
