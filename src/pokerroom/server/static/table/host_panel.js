// The host's tools for the next hand and the settle-up (issue 24), in the Table tab:
// new stakes, a bomb pot, a seat change, the ledger as CSV, who pays whom.  What every
// player sees of them (the host's plans, the closed table's summary) is drawn here too.
// The HTML makers are pure (a state in, a string out); ``wireNextHand`` adds the
// listeners, calling the server through ``post`` (the page's host request).
import { escapeHtml } from "/static/shared/dom.js";
import { fmt, signed } from "/static/shared/format.js";

const STUD_SIZES = [["ante", "Ante"], ["bring_in", "Bring-in"], ["small_bet", "Small bet"], ["big_bet", "Big bet"]];
const BLIND_SIZES = [["small_blind", "Small blind"], ["big_blind", "Big blind"], ["ante", "Ante"]];

/** The sizes the host may change at a stud table or a blind game's ([field, label]). */
export function stakeSizes(stud) {
  return stud ? STUD_SIZES : BLIND_SIZES;
}

/** The host's plans for the next hand ("blinds 2/4 from the next hand") and the seat
 * requests waiting, for everyone; the host gets Accept and Refuse beside each request,
 * and the player who asked (``mine``: their request's id) is told they wait. */
export function noticesHtml(tools, { host = false, mine = null } = {}) {
  if (!tools) return "";
  const parts = (tools.notices || []).map((n) => `<span class="host-notice">${escapeHtml(n)}</span>`);
  for (const r of tools.requests || []) {
    const who = r.id === mine ? `You asked for seat ${r.seat + 1}: waiting for the host to accept you`
      : `${escapeHtml(r.name)} asks for seat ${r.seat + 1} with ${fmt(r.buy_in)}${host ? "" : ": waiting for the host"}`;
    const answer = host ? ` <button type="button" class="small gold" data-request="${escapeHtml(r.id)}" data-accept="1">Accept</button>
      <button type="button" class="small ghost" data-request="${escapeHtml(r.id)}" data-accept="">Refuse</button>` : "";
    parts.push(`<span class="host-notice seat-request" data-request-id="${escapeHtml(r.id)}">${who}${answer}</span>`);
  }
  return parts.join("");
}

/** The waitlist for everyone (names in order, the seat offered), and for the viewer:
 * their place and Leave, the seat offered to them and Take it, or, at a full table
 * they do not sit at, a name box to put their name down (``mine``: their entry's id;
 * ``full``: no seat free; ``seated``; ``now``: the server's time). */
export function waitlistHtml(tools, { mine = null, full = false, seated = false, now = 0 } = {}) {
  const list = (tools && tools.waitlist) || [];
  const parts = [];
  if (list.length) {
    parts.push(`<span class="host-notice waitlist" id="waitlist">Waitlist: ${list.map((w) =>
      `${escapeHtml(w.name)}${w.seat !== undefined ? ` (seat ${w.seat + 1} offered)` : ""}`).join(", ")}</span>`);
  }
  const me = list.find((w) => w.id === mine);
  if (me && me.seat !== undefined) {
    const left = Math.max(0, Math.round(me.until - now));
    parts.push(`<span class="host-notice seat-request" id="waitlist-offer">Seat ${me.seat + 1} is yours: take it within <span id="offer-left" data-until="${me.until}">${left}</span> s
      <button type="button" class="small gold" id="btn-take-seat" data-seat="${me.seat}">Take the seat</button></span>`);
  } else if (me) {
    parts.push(`<span class="host-notice seat-request" id="waitlist-place">You are number ${me.place} on the waitlist
      <button type="button" class="small ghost" id="btn-leave-waitlist">Leave the waitlist</button></span>`);
  } else if (full && !seated && !mine) {
    parts.push(`<span class="host-notice seat-request" id="waitlist-join">The table is full:
      <input type="text" id="waitlist-name" maxlength="30" placeholder="Your name" aria-label="Your name for the waitlist">
      <button type="button" class="small" id="btn-waitlist">Join the waitlist</button></span>`);
  }
  return parts.join("");
}

/** What became of the seat request ``ask`` (its id) in ``tools``: "waiting",
 * "refused" or "answered" (accepted: the token is the seat's now). */
export function requestFate(tools, ask) {
  if ((tools.requests || []).some((r) => r.id === ask)) return "waiting";
  return (tools.refused || []).includes(ask) ? "refused" : "answered";
}

/** The host's "Next hand" and "Settle up" tools (``seats``: the state's seats;
 * ``stud``: the game is stud; ``flop``: it has a flop, where a bomb pot is dealt). */
export function nextHandHtml(t, seats, { stud, flop }) {
  const sizes = stakeSizes(stud).map(([field, label]) =>
    `<label class="stake-size">${label}<input type="number" min="0" step="1" inputmode="numeric" id="host-stake-${field}" value="${t[field] || 0}"></label>`).join("");
  const bombPlanned = ((t.host_tools || {}).notices || []).some((n) => n.startsWith("bomb pot"));
  const bomb = flop ? `<p class="host-row" id="host-bomb">
      <label class="stake-size">Bomb pot ante<input type="number" min="1" step="1" inputmode="numeric" id="host-bomb-ante" value="${t.big_blind || 1}"></label>
      <button type="button" class="small" id="btn-bomb">Bomb pot next hand</button>
      ${bombPlanned ? '<button type="button" class="small ghost" id="btn-bomb-off">Call it off</button>' : ""}</p>` : "";
  const people = seats.filter((s) => s && !s.pending);
  const empty = seats.map((s, i) => (s ? null : i)).filter((i) => i !== null);
  const move = people.length && empty.length ? `<p class="host-row" id="host-move">
      <select id="host-move-from" aria-label="Player to move">${people.map((s) => `<option value="${s.seat}">${escapeHtml(s.name)} (seat ${s.seat + 1})</option>`).join("")}</select>
      <span class="muted">to</span>
      <select id="host-move-to" aria-label="Empty seat">${empty.map((i) => `<option value="${i}">seat ${i + 1}</option>`).join("")}</select>
      <button type="button" class="small" id="btn-move">Change seat</button></p>` : "";
  const approve = `<p class="host-lock"><label><input type="checkbox" id="host-approve" ${(t.host_tools || {}).approve_seats ? "checked" : ""}> Approve seat requests: each new player waits for you</label></p>`;
  return `${approve}<h3 class="house-head">Next hand</h3>
    <p class="host-row" id="host-stakes">${sizes}<button type="button" class="small" id="btn-stakes">Change from next hand</button></p>
    ${bomb}${move}
    <h3 class="house-head">Settle up</h3>
    <p class="host-row"><button type="button" class="small" id="btn-settle">Who pays whom</button>
      <button type="button" class="small ghost" id="btn-ledger-csv">Download ledger (CSV)</button></p>
    <div id="host-settle"></div>`;
}

/** The settle-up: each player's buy-ins, cash-out and net, and the transfers. */
export function summaryHtml(summary) {
  const rows = summary.players.map((r) => `<tr><td>${escapeHtml(r.name)}</td><td>${fmt(r.buy_in + r.added)}</td><td>${fmt(r.cash_out + r.on_table)}</td><td class="${r.net > 0 ? "up" : r.net < 0 ? "down" : ""}">${signed(r.net, "0")}</td></tr>`).join("");
  const pays = summary.transfers.length
    ? `<ol class="transfers" id="transfers">${summary.transfers.map((t) => `<li><b>${escapeHtml(t.payer)}</b> pays <b>${escapeHtml(t.payee)}</b> ${fmt(t.amount)}</li>`).join("")}</ol>`
    : `<p class="muted" id="transfers">${summary.in_play ? `${fmt(summary.in_play)} in chips are in the hand being played: settle up between hands.` : "Nobody owes anybody."}</p>`;
  return `<table class="ledger" id="summary-table"><thead><tr><th>Player</th><th title="Buy-ins, top-ups and rebuys">In</th><th title="Cashed out, or at the table now">Out</th><th>Net</th></tr></thead><tbody>${rows}</tbody></table>
    ${summary.rake ? `<p class="muted">The rake took ${fmt(summary.rake)}: owed as "(the rake)".</p>` : ""}${pays}`;
}

/** The listeners of :func:`nextHandHtml`'s controls.  ``post(path, body)`` sends a host
 * request (null when refused: the page says why), ``download(path, filename)`` saves
 * the answer to a host request as a file. */
export function wireNextHand({ stud, post, download, tableId }) {
  const number = (id) => Number(document.getElementById(id).value);
  const on = (id, fn) => {
    const el = document.getElementById(id);
    if (el) el.addEventListener("click", fn);
  };
  on("btn-stakes", () => {
    const body = {};
    for (const [field] of stakeSizes(stud)) body[field] = number(`host-stake-${field}`);
    post("stakes", body);
  });
  on("btn-bomb", () => post("bomb-pot", { ante: number("host-bomb-ante") }));
  on("btn-bomb-off", () => post("bomb-pot", { ante: null }));
  on("btn-move", () => post("seat-change", { seat: number("host-move-from"), to: number("host-move-to") }));
  on("btn-settle", async () => {
    const summary = await post("summary", {});
    if (summary) document.getElementById("host-settle").innerHTML = summaryHtml(summary);
  });
  on("btn-ledger-csv", () => download("ledger.csv", `ledger-${tableId}.csv`));
  const approve = document.getElementById("host-approve");
  if (approve) approve.addEventListener("change", () => post("seat-approval", { on: approve.checked }));
}

/** The host's Accept and Refuse buttons in ``box`` (the notices). */
export function wireRequestAnswers(box, post) {
  for (const button of box.querySelectorAll("button[data-request]")) {
    button.addEventListener("click", () => post(`seat-requests/${button.dataset.accept ? "accept" : "refuse"}`,
      { request: button.dataset.request }));
  }
}
