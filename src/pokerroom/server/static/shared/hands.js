// The Hands tab: the finished hands paged from the server (newest first), filtered
// to "hands I played" with the seat token, each with its winners, pot, your cards
// and result, its downloads and (cash tables) the replayer.  The server decides
// what a viewer may see; this file only shows it.
import { api, wireTokenDownloads } from "/static/shared/api.js";
import { cardHtml } from "/static/shared/cards.js";
import { escapeHtml } from "/static/shared/dom.js";
import { fmt, signed } from "/static/shared/format.js";
import { logLineHtml } from "/static/shared/handlog.js";

const PAGE = 20;
const NO_META = /$^/; // the replayer's lines are all the hand's own

// A hand being played has nothing to show or download yet.
const shown = (h) => h.status !== "running";

/** One hand of the list (``base``, ``fileStem``, ``replay`` as for the tab). */
export function handRowHtml(h, { base, fileStem, replay = false }) {
  if (h.status === "cancelled") {
    return `<li data-hand="${h.number}"><div class="hand-head"><b>Hand #${h.number}</b><span class="muted">cancelled</span></div></li>`;
  }
  if (h.status === "running") {
    return `<li data-hand="${h.number}"><div class="hand-head"><b>Hand #${h.number}</b><span class="muted">being played</span></div></li>`;
  }
  // One winner takes the pot shown beside it; a split names each share.
  const split = (h.winners || []).length > 1;
  const winners = (h.winners || []).map((w) => `${escapeHtml(w.name)}${split ? ` <span class="won">${fmt(w.won)}</span>` : ""}`).join(", ");
  const where = h.table !== undefined ? `<span class="muted">table ${h.table}</span>` : "";
  const pot = h.pot !== undefined && h.pot !== null ? `<span class="pot-size" title="The pot">pot ${fmt(h.pot)}</span>` : "";
  const cards = h.cards ? `<span class="your-cards" title="Your cards">${h.cards.map((c) => cardHtml(c, "mini")).join("")}</span>` : "";
  const net = h.net !== undefined && h.net !== null
    ? `<span class="net ${h.net > 0 ? "up" : h.net < 0 ? "down" : ""}" title="Your result in chips">${signed(h.net)}</span>` : "";
  const you = h.you && !h.cards ? '<span class="muted" title="You played this hand: your download shows your cards">you played</span>' : "";
  // PHH has no words for some house rules (a rake, the board run twice, B15) or dead money.
  const phh = h.phh === false
    ? '<span class="muted" title="PHH cannot record this hand: dead money or a house rule it has no words for">no PHH</span>'
    : `<a href="${base}/${h.number}.phh" data-file="${fileStem}-${h.number}.phh" class="dl-phh">PHH</a>`;
  const replayButton = replay ? `<button type="button" class="small replay-open" data-replay="${h.number}">Replay</button>` : "";
  const about = [winners ? `Won by ${winners}` : "", pot, where].filter(Boolean).join('<span class="muted"> · </span>');
  return `<li data-hand="${h.number}" class="${h.you ? "mine" : ""}">
    <div class="hand-head"><b>Hand #${h.number}</b><span class="spacer"></span>${cards}${net}${you}</div>
    ${about ? `<div class="hand-winners">${about}</div>` : ""}
    <div class="hand-links">${replayButton}<span class="spacer"></span>${phh}
      <a href="${base}/${h.number}.txt" data-file="${fileStem}-${h.number}.txt" class="dl-txt">Text</a></div></li>`;
}

/**
 * The hands list in ``box``.  ``base``: the hands route ("/api/tables/<id>/hands");
 * ``token()``: the viewer's seat token or null; ``fileStem``: downloads' file names;
 * ``replay``: whether the route serves ``<n>/replay``; ``dock``: an element the
 * replayer opens in, beside the table and never over it (the cash table's side
 * panel), instead of a modal dialog over the page.
 */
export function createHandsTab({ box, base, token, fileStem, replay = false, dock = null }) {
  let mine = false;
  let rows = [];
  let more = false;
  let loading = false;
  let error = "";

  async function fetchPage(before) {
    const query = new URLSearchParams({ limit: String(PAGE) });
    if (before) query.set("before", String(before));
    if (mine) query.set("mine", "true");
    return api(`${base}?${query}`, { token: token() });
  }

  // The first page again: new hands go on top and the rows it holds are brought up
  // to date, while the older pages already loaded stay.
  async function reload() {
    if (mine && !token()) mine = false;
    loading = true;
    try {
      const raw = await fetchPage(null);
      const page = raw.filter(shown);
      const oldest = raw.length ? raw[raw.length - 1].number : Infinity;
      if (!rows.length || !rows.some((h) => h.number >= oldest)) {
        rows = page; // the first load, or so many new hands that nothing overlaps
        more = raw.length === PAGE;
      } else {
        rows = page.concat(rows.filter((h) => h.number < oldest));
      }
      error = "";
    } catch (err) {
      error = err.message;
    }
    loading = false;
    render();
  }

  async function older() {
    if (loading || !rows.length) return;
    loading = true;
    render();
    try {
      const page = await fetchPage(rows[rows.length - 1].number);
      rows = rows.concat(page.filter(shown));
      more = page.length === PAGE;
    } catch (err) {
      error = err.message;
    }
    loading = false;
    render();
  }

  function render() {
    const seated = Boolean(token());
    const filter = `<div class="hands-filter" role="group" aria-label="Which hands">
      <button type="button" class="small ${mine ? "" : "on"}" data-filter="all" aria-pressed="${!mine}">All hands</button>
      <button type="button" class="small ${mine ? "on" : ""}" data-filter="mine" aria-pressed="${mine}" ${seated ? "" : 'disabled title="Take a seat to see the hands you played"'}>Hands I played</button>
    </div>`;
    let body;
    if (error) body = `<p class="muted">Could not load the hands: ${escapeHtml(error)}</p>`;
    else if (!rows.length && loading) body = '<p class="muted">Loading…</p>';
    else if (!rows.length) {
      body = mine ? '<p class="muted">You have not played a hand here yet.</p>'
        : '<p class="muted">No finished hands yet. Each finished hand can be replayed here and downloaded as PHH (for analysis tools) or as PokerStars-style text (for hand trackers).</p>';
    } else {
      body = `<ul class="hands-list">${rows.map((h) => handRowHtml(h, { base, fileStem, replay })).join("")}</ul>`;
      if (more) body += `<button type="button" class="ghost small hands-older" ${loading ? "disabled" : ""}>${loading ? "Loading…" : "Older hands"}</button>`;
    }
    box.innerHTML = filter + body;
    for (const b of box.querySelectorAll("[data-filter]")) {
      b.addEventListener("click", () => {
        const want = b.dataset.filter === "mine";
        if (want === mine) return;
        mine = want;
        rows = [];
        more = false;
        reload();
      });
    }
    const olderButton = box.querySelector(".hands-older");
    if (olderButton) olderButton.addEventListener("click", older);
    for (const b of box.querySelectorAll("[data-replay]")) {
      b.addEventListener("click", () => openReplayer(`${base}/${b.dataset.replay}/replay`, token(), dock));
    }
    // Downloads carry the seat token in a header, so they go through fetch.
    wireTokenDownloads(box, token);
  }

  return { reload };
}

// ------------------------------------------------------------------ replayer

let dialog = null;

function replayerDialog(dock) {
  if (dialog) return dialog;
  dialog = document.createElement("dialog");
  dialog.id = "replayer";
  dialog.className = dock ? "replayer docked" : "replayer";
  dialog.setAttribute("aria-label", "Hand replayer");
  (dock || document.body).append(dialog);
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog && !dock) dialog.close(); // a click on the backdrop
  });
  return dialog;
}

/** Whether the replayer is open (and not given way). */
export function replayerOpen() {
  return Boolean(dialog && dialog.open && !dialog.classList.contains("given-way"));
}

/** The player's turn: a docked replayer that is a sheet on the screen, or over any of
 * ``keepClear`` (the elements the decision needs: the felt, the action buttons),
 * folds to its title bar (issue 24: on a phone it is a sheet over the table; beside
 * the table on a laptop nothing is covered and it stays).  True when it gave way. */
export function replayerGiveWay(keepClear) {
  if (!replayerOpen() || !dialog.classList.contains("docked")) return false;
  // A sheet (fixed on the screen: a phone's) is over the table whenever the table is
  // in view, wherever the page is scrolled now.
  const sheet = getComputedStyle(dialog).position === "fixed";
  const own = dialog.getBoundingClientRect();
  const covers = sheet || keepClear.filter(Boolean).map((el) => el.getBoundingClientRect())
    .some((r) => own.left < r.right && own.right > r.left && own.top < r.bottom && own.bottom > r.top);
  if (covers) dialog.classList.add("given-way");
  return covers;
}

/** Step through a stored hand: ``path`` answers the frames the viewer may see;
 * ``dock``: opened in that element (non-modal) rather than over the page. */
export async function openReplayer(path, token, dock = null) {
  const box = replayerDialog(dock);
  box.innerHTML = '<p class="muted">Loading the hand…</p>';
  box.classList.remove("given-way");
  if (!box.open) {
    if (dock) box.show();
    else box.showModal();
  }
  let hand;
  try {
    hand = await api(path, { token });
  } catch (err) {
    box.innerHTML = `<p class="muted">Could not load the hand: ${escapeHtml(err.message)}</p><div class="row"><button type="button" class="ghost" data-step="close">Close</button></div>`;
    box.querySelector("[data-step=close]").addEventListener("click", () => box.close());
    return;
  }
  let at = 0;
  const last = hand.frames.length - 1;
  const names = new Map(hand.players.map((p) => [p.seat, p.name]));
  // Where each street starts: "Street" steps jump between them.
  const streetStarts = hand.frames.map((f, i) => (i === 0 || f.street !== hand.frames[i - 1].street ? i : -1)).filter((i) => i >= 0);

  function seatRow(s, frame) {
    const cls = ["rp-seat"];
    if (s.folded) cls.push("folded");
    if (frame.actor === s.seat) cls.push("acting");
    if (hand.you === s.seat) cls.push("you");
    const tag = [hand.button === s.seat ? '<span class="rp-dealer" title="Dealer button">D</span>' : "",
      s.all_in ? '<span class="rp-tag">all-in</span>' : "", s.folded ? '<span class="rp-tag">folded</span>' : ""].join("");
    // Stud: the viewer's own down cards marked as the felt marks them.
    const stud = hand.you === s.seat && s.up.some(Boolean);
    const cards = s.cards.map((c, i) => cardHtml(c, `mini${stud && c && !s.up[i] ? " down-own" : ""}`)).join("");
    return `<div class="${cls.join(" ")}" data-seat="${s.seat}">
      <span class="rp-name">${escapeHtml(names.get(s.seat) || `seat ${s.seat + 1}`)}${hand.you === s.seat ? " (you)" : ""}</span>${tag}
      <span class="rp-cards">${cards}</span>
      <span class="rp-stack">${fmt(s.stack)}${s.bet ? ` <span class="rp-bet">bet ${fmt(s.bet)}</span>` : ""}</span></div>`;
  }

  function draw() {
    const frame = hand.frames[at];
    const street = frame.street ? frame.street.replace(/_/g, " ") : "the deal";
    const lines = frame.lines.length ? frame.lines.map((l) => logLineHtml(l, NO_META)).join("") : '<div class="muted">—</div>';
    const runs = frame.runs && frame.runs.length
      ? frame.runs.map((run, i) => `<div class="rp-board">Run ${i + 1} ${run.map((c) => cardHtml(c, "mini")).join("")}</div>`).join("") : "";
    box.innerHTML = `
      <div class="rp-head"><h2>Hand #${hand.number}</h2><span class="muted">${escapeHtml(hand.game)}</span><span class="spacer"></span>
        <button type="button" class="small rp-restore" data-step="restore" title="It made way for your turn">Back to the replay</button>
        <button type="button" class="ghost small" data-step="close" aria-label="Close the replayer">Close</button></div>
      <div class="rp-felt">
        <div class="rp-street">${escapeHtml(street)}${frame.pot ? ` · pot ${fmt(frame.pot)}` : ""}</div>
        <div class="rp-board">${frame.board.map((c) => cardHtml(c, "mini")).join("") || '<span class="muted">no board yet</span>'}</div>${runs}
      </div>
      <div class="rp-seats">${frame.seats.map((s) => seatRow(s, frame)).join("")}</div>
      <div class="rp-lines log" aria-live="polite">${lines}</div>
      <div class="rp-controls">
        <button type="button" class="small" data-step="start" title="The deal" aria-label="To the deal" ${at === 0 ? "disabled" : ""}>|◀</button>
        <button type="button" class="small" data-step="prev-street" ${at === 0 ? "disabled" : ""}>◀ Street</button>
        <button type="button" class="small" data-step="back" aria-label="Back one step" ${at === 0 ? "disabled" : ""}>◀</button>
        <span class="rp-count">Step ${at + 1} of ${last + 1}</span>
        <button type="button" class="small primary" data-step="forward" aria-label="Forward one step" ${at === last ? "disabled" : ""}>▶</button>
        <button type="button" class="small" data-step="next-street" ${at === last ? "disabled" : ""}>Street ▶</button>
        <button type="button" class="small" data-step="end" title="The end of the hand" aria-label="To the end" ${at === last ? "disabled" : ""}>▶|</button>
      </div>`;
    for (const b of box.querySelectorAll("[data-step]")) b.addEventListener("click", () => step(b.dataset.step));
  }

  function step(what) {
    if (what === "close") {
      box.close();
      return;
    }
    if (what === "restore") {
      box.classList.remove("given-way");
      return;
    }
    if (what === "start") at = 0;
    else if (what === "end") at = last;
    else if (what === "back") at = Math.max(0, at - 1);
    else if (what === "forward") at = Math.min(last, at + 1);
    else if (what === "next-street") at = streetStarts.find((i) => i > at) ?? last;
    else if (what === "prev-street") at = [...streetStarts].reverse().find((i) => i < at) ?? 0;
    draw();
  }

  box.onkeydown = (event) => {
    if (event.key === "ArrowRight") step("forward");
    else if (event.key === "ArrowLeft") step("back");
    else return;
    event.preventDefault();
  };
  draw();
}
