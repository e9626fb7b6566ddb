// The results sheet of a live event: every finish best first, what each won and paid
// in; printable (the browser's print, on white paper) and as CSV for a spreadsheet.
import { $, escapeHtml as esc, setHtml, setText } from "/static/shared/dom.js";
import { money, placeText } from "/static/shared/format.js";
import { eventId, poll } from "/static/live/live.js";

const id = eventId();
const base = `/api/live/${encodeURIComponent(id)}`;

/** "−$12.50" for a loss, "$141" for a gain: the net of an entry (``exact``: with the
 * cents always, as the rest of its column). */
export function signedMoney(cents, exact = false) {
  return cents < 0 ? `−${money(-cents, exact)}` : money(cents, exact);
}

/** Whether any amount of the sheet has cents: then every amount shows them, so that
 * a column reads "$40.00" above "$106.54", never "$40". */
export function needsCents(rows) {
  return rows.some((r) => [r.prize, r.bounties, r.paid_in, r.net].some((v) => v % 100 !== 0));
}

function row(r, columns, exact) {
  const cash = (v) => money(v, exact);
  const cells = [
    `<td>${esc(placeText(r))}${r.disqualified ? " <small>(disqualified)</small>" : ""}</td>`,
    `<td class="nm">${esc(r.name)}</td>`,
    `<td class="r">${r.prize ? cash(r.prize) : ""}</td>`,
  ];
  if (columns.bounties) cells.push(`<td class="r">${r.bounties ? cash(r.bounties) : ""}</td>`);
  if (columns.rebuys) cells.push(`<td class="r">${r.rebuys || ""}</td>`);
  if (columns.add_on) cells.push(`<td>${r.add_on ? "yes" : ""}</td>`);
  cells.push(`<td class="r">${cash(r.paid_in)}</td>`,
    `<td class="r ${r.net < 0 ? "loss" : "gain"}">${signedMoney(r.net, exact)}</td>`);
  return `<tr>${cells.join("")}</tr>`;
}

/** The sheet's state line: final, or how many are still in. */
export function stateText(s) {
  if (s.finished) return "Final results.";
  if (s.status === "registering") return "The event has not started: no results yet.";
  const left = s.entries - s.results.length;
  return `Results so far: ${left} player${left === 1 ? "" : "s"} still in.`;
}

function render(s) {
  document.body.dataset.status = s.status;
  document.title = `pokerroom — ${s.name} results`;
  setText($("name"), `${s.name}: results`);
  const parts = [`${s.entries} entries`, `prize pool ${money(s.prize_pool)}`, `${s.places_paid} paid`];
  if (s.rebuys) parts.push(`${s.rebuys} rebuy${s.rebuys === 1 ? "" : "s"}`);
  if (s.add_ons) parts.push(`${s.add_ons} add-on${s.add_ons === 1 ? "" : "s"}`);
  setText($("summary"), parts.join(" · "));
  setText($("state"), stateText(s));
  // Columns with nothing in them are left out (a freezeout has no rebuys).
  const columns = { bounties: s.bounty > 0, rebuys: s.rebuys > 0, add_on: s.add_ons > 0 };
  for (const th of document.querySelectorAll("th[data-col]")) th.hidden = !columns[th.dataset.col];
  const exact = needsCents(s.results);
  setHtml($("rows"), s.results.map((r) => row(r, columns, exact)).join("")
    || `<tr><td colspan="8" class="muted">Nobody is out yet.</td></tr>`);
}

if (typeof document !== "undefined" && document.body?.classList.contains("results-page")) {
  $("csv").href = `${base}/results.csv`;
  $("print").addEventListener("click", () => window.print());
  poll(`${base}/results`, (s) => render(s), (up) => {
    setText($("conn"), up ? "" : "reconnecting…");
  });
}
