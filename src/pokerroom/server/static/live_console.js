// The director's console: phone first.  Every action goes to the server with the
// host key (kept in this browser, taken from the address's #host=... part).
import { ApiError, api, downloadWithToken } from "/static/shared/api.js";
import { $, escapeHtml as esc, setHtml, setText, takeFromHash } from "/static/shared/dom.js";
import { clockText, fmt as chips, money, plural } from "/static/shared/format.js";
import { floorList, loadDone, saveDone, seating } from "/static/live/floor_list.js";
import { eventId, poll, timeLeft } from "/static/live/live.js";
import { sectionBar, sectionLabel } from "/static/live/sections.js";

const id = eventId();
const keyName = `live-host-${id}`;
const fromHash = takeFromHash("host");
if (fromHash) localStorage.setItem(keyName, fromHash);
let host = localStorage.getItem(keyName) || "";
let state = null;
let offset = 0;
let seenFeed = 0;
let freshFrom = 0;
let picked = [];  // [{table, seat, name}] for several busts on one hand (P6)
const done = loadDone(id);  // the floor's tasks ticked off, in this browser
const updateSections = sectionBar($("jump"), document.querySelector(".console header"));
let knockout = null;  // {table, seat, name}: a bust waiting for who knocked them out

$("clock-link").href = `/live/${encodeURIComponent(id)}`;
$("results-link").href = `/live/${encodeURIComponent(id)}/results`;
$("no-key").hidden = Boolean(host);
$("key-save").addEventListener("click", () => {
  host = $("key-input").value.trim();
  localStorage.setItem(keyName, host);
  $("no-key").hidden = Boolean(host);
});

function showError(text) {
  $("error").textContent = text || "";
}

async function act(action, body = {}) {
  showError("");
  let answer;
  try {
    answer = await api(`/api/live/${encodeURIComponent(id)}/${action}`, { method: "POST", body: { host, ...body } });
  } catch (err) {
    if (!(err instanceof ApiError)) {
      showError(`Not sent: ${err.message}. Check the connection and try again.`);
    } else {
      showError(err.message);
      if (err.status === 403) $("no-key").hidden = false;
    }
    return null;
  }
  freshFrom = seenFeed;
  await refresh();
  return answer;
}

async function refresh() {
  try {
    onState(await api(`/api/live/${encodeURIComponent(id)}`, { cache: "no-store" }), offset);
  } catch {
    // the next poll brings it
  }
}

function entryName(entry) {
  const p = state.players.find((x) => x.entry === entry);
  return p ? p.name : `#${entry}`;
}

function renderClock() {
  if (!state) return;
  const c = state.clock;
  const left = timeLeft(state, offset);
  if (state.finished) {  // the clock has stopped for good
    setText($("time"), "Over");
    setText($("level"), "The event is over");
    return;
  }
  setText($("time"), state.status === "registering" ? "—" : clockText(left));
  setText($("level"), `${c.on_break ? "Break after level" : "Level"} ${c.level} · ${c.stakes}`
    + (c.hand_for_hand ? " · hand-for-hand: the clock moves by hands" : "") + (c.paused && state.status === "running" ? " · paused" : ""));
  setText($("pause"), c.paused ? "Resume" : "Pause");
}

// Undo and redo (the state's ``undo`` and ``redo``: the report each would take).
function renderUndo(undo, redo) {
  $("undo").disabled = !undo;
  $("redo").disabled = !redo;
  const said = (step) => `${step.action.replace(/_/g, " ")}${step.text ? ` — ${step.text}` : ""}`;
  setText($("undo-what"), undo ? `Undo takes back: ${said(undo)}` : redo ? `Redo puts back: ${said(redo)}` : "");
}

// The floor's list: tasks to tick off (oldest first), where everyone sits by name
// (folded), the latest news; ticked tasks fold away under "Done".
function floorItems(list, open) {
  const fold = (name) => `<details data-fold="${name}"${open.has(name) ? " open" : ""}>`;
  const fresh = (f) => (f.seq > freshFrom ? "fresh" : "");
  const items = list.tasks.map((f) => `<li class="task ${f.kind === "move" ? "move" : ""} ${fresh(f)}">`
    + `<label class="check"><input type="checkbox" data-tick="${f.seq}"> <span>${esc(f.text)}</span></label></li>`);
  const seats = seating(state.players);
  if (seats.length) {
    items.push(`<li class="draw">${fold("seating")}<summary>Seating: ${seats.length} player${plural(seats.length)}, by name</summary>`
      + `<ol>${seats.map((p) => `<li>${esc(p.name)}: table ${p.table}, seat ${p.seat + 1}</li>`).join("")}</ol></details></li>`);
  }
  items.push(...list.news.map((f) => `<li class="${fresh(f)}">${esc(f.text)}</li>`));
  if (list.ticked.length) {
    items.push(`<li class="done">${fold("done")}<summary>Done: ${list.ticked.length}</summary><ul>`
      + list.ticked.slice(0, 30).map((f) => `<li><label class="check"><input type="checkbox" checked data-tick="${f.seq}"> <s>${esc(f.text)}</s></label></li>`).join("")
      + "</ul></details></li>");
  }
  return items;
}

function render() {
  const s = state;
  document.body.dataset.status = s.status;
  $("name").textContent = s.name;
  $("counts").textContent = `${s.players_left} of ${s.entries} left · avg ${chips(s.average_stack)} · pool ${money(s.prize_pool)} · ${s.places_paid} paid`;
  renderClock();
  renderUndo(s.undo, s.redo);
  // Written only when it changed (a poll a second must not undo a tap or fold a list
  // that was opened); the folded lists keep whether they were open.
  const open = new Set([...$("todo").querySelectorAll("details[open]")].map((d) => d.dataset.fold));
  const list = floorList(s.feed, done);
  setText($("jump-floor"), sectionLabel("Floor", list.tasks.length + s.rebuy_decisions.length));
  setHtml($("todo"), floorItems(list, open).join("")
    || "<li>Register the players, then start: the seat draw comes here.</li>");
  seenFeed = s.feed.length ? s.feed[s.feed.length - 1].seq : 0;

  $("h4h").hidden = !s.hand_for_hand.active;
  $("h4h-tables").innerHTML = s.hand_for_hand.waiting.map((t) => `<button data-done="${t}">Table ${t}: hand done</button>`).join("");

  const deciding = s.rebuy_decisions;
  $("rebuys").hidden = !deciding.length;
  $("rebuy-list").innerHTML = deciding.map((e) => `<div class="row" style="margin:4px 0"><span style="flex:1">${esc(entryName(e))}</span><button class="primary" data-rebuy="${e}">Rebuy</button><button data-out="${e}">Out</button></div>`).join("");

  $("registration").hidden = s.status === "finished";
  // Over: nothing left to report (busts, moves, rebuys, the structure, a deal);
  // before the start the clock has nothing to pause.
  for (const section of document.querySelectorAll("[data-while=playing]")) {
    section.hidden = s.status === "finished";
  }
  $("clock-buttons").hidden = s.status !== "running";
  $("start").hidden = s.status !== "registering";
  $("reg-form").hidden = !s.registration_open;
  const alive = s.players.filter((p) => p.alive);
  $("registered").textContent = s.status === "registering"
    ? `${s.players.length} registered: ${s.players.map((p) => p.name).join(", ")}` : `${s.entries} entries`;

  const away = new Set(s.players.filter((p) => p.absent).map((p) => p.entry));
  $("tables").innerHTML = s.tables.map((t) => {
    const bySeat = Object.fromEntries(t.players.map((p) => [p.seat, p]));
    const seats = Array.from({ length: t.seats }, (_, seat) => {
      const p = bySeat[seat];
      const chosen = picked.some((x) => x.table === t.table && x.seat === seat)
        || (knockout && knockout.table === t.table && knockout.seat === seat);
      const cls = ["seat", p ? "" : "empty", t.button === seat ? "btn-here" : "", p && p.busted ? "deciding" : "", chosen ? "picked" : ""].join(" ");
      const marks = `${t.button === seat ? " · button" : ""}${p && t.due_big_blind === seat ? " · BB next" : ""}${p && away.has(p.entry) ? " · absent" : ""}`;
      return `<button class="${cls}" data-table="${t.table}" data-seat="${seat}" ${p || $("button-mode").checked ? "" : "disabled"}>`
        + `<small>seat ${seat + 1}${marks}</small>${p ? esc(p.name) : "empty"}</button>`;
    }).join("");
    // The button follows the hands each table plays (one tap a hand, or a few at a
    // time): the player due the big blind is the one a balancing move takes (P7).
    const hands = t.button != null && t.players.length >= 2
      ? `<button class="small" data-hands="${t.table}" title="Table ${t.table} played a hand: the button moves on">+1 hand</button>` : "";
    // A knockout event's bust asks, beside its table, who won the chips (the bounty).
    let asking = knockout && knockout.table === t.table
      ? `<div class="knockout" role="alert"><p>Who knocked ${esc(knockout.name)} out? Tap their seat.</p>`
        + `<div class="row"><button data-knockout="none">Nobody named (the bounty goes to the winner)</button><button data-knockout="cancel">Cancel</button></div></div>` : "";
    // A player busted in the rebuy period: rebuy or out, asked beside their table too.
    for (const p of t.players.filter((x) => s.rebuy_decisions.includes(x.entry))) {
      asking += `<div class="knockout"><p>${esc(p.name)} (seat ${p.seat + 1}) busted: rebuy or out?</p>`
        + `<div class="row"><button class="primary" data-rebuy="${p.entry}">Rebuy</button><button data-out="${p.entry}">Out</button></div></div>`;
    }
    return `<div class="ltable"><h3>Table ${t.table} <span class="muted">${t.players.length} players</span>${hands}</h3>${asking}<div class="seats">${seats}</div></div>`;
  }).join("") || "<p class='muted'>No tables yet.</p>";

  const who = $("who");
  const chosen = who.value;
  who.innerHTML = alive.map((p) => `<option value="${p.entry}">${esc(p.name)}${p.table ? ` (table ${p.table}, seat ${p.seat + 1})` : ""}${p.absent ? " · absent" : ""}</option>`).join("");
  if (chosen) who.value = chosen;
  const picked1 = alive.find((p) => String(p.entry) === who.value);
  $("absent").textContent = picked1 && picked1.absent ? "Mark here" : "Mark absent";
  renderSchedule();

  const counts = $("deal-counts");
  const ids = alive.map((p) => p.entry).join(",");
  if (counts.dataset.ids !== ids) {
    counts.dataset.ids = ids;
    counts.innerHTML = alive.length <= 10 && s.status === "running"
      ? alive.map((p) => `<div class="row" style="margin:4px 0"><span style="flex:1">${esc(p.name)}</span><input class="num" type="number" min="1" data-count="${p.entry}" aria-label="Chips of ${esc(p.name)}"></div>`).join("")
      : "<p class='muted'>At the final table: enter each player's chips.</p>";
  }
  updateSections();
}

// The row of the structure in play: level N, or the break after it.
function rowInPlay() {
  const c = state.clock;
  const at = state.structure.findIndex((r) => r.level === c.level);
  return state.status === "registering" ? -1 : at + (c.on_break ? 1 : 0);
}

function renderSchedule() {
  const now = rowInPlay();
  const from = Math.max(0, now);
  $("sched").innerHTML = state.structure.slice(from, from + 8).map((r, i) => {
    const row = from + i;
    const what = r.break ? `Break ${Math.round(r.seconds / 60)} min${r.color_up.length ? ` · colour up ${r.color_up.join(", ")}` : ""}`
      : `Level ${r.level} · ${esc(r.stakes)} · ${Math.round(r.seconds / 60)} min`;
    return `<li value="${row + 1}"${row === now ? ' style="font-weight:700"' : ""}>${what}${row === now ? " (now)" : ""}</li>`;
  }).join("");
}

function onState(s, off) {
  state = s;
  offset = off;
  render();
}

document.addEventListener("click", async (event) => {
  const b = event.target.closest("button");
  if (!b || !state) return;
  if (b.dataset.table !== undefined) {
    const table = Number(b.dataset.table);
    const seat = Number(b.dataset.seat);
    if ($("button-mode").checked) {
      await act("button", { table, seat });
      return;
    }
    const t = state.tables.find((x) => x.table === table);
    const p = t && t.players.find((x) => x.seat === seat);
    if ($("multi-mode").checked) {
      const at = picked.findIndex((x) => x.table === table && x.seat === seat);
      if (at >= 0) picked.splice(at, 1);
      else if (p) picked.push({ table, seat, name: p.name });
      renderPicked();
      render();
      return;
    }
    if (knockout) {  // a knockout event: this tap names who won the chips
      if (table !== knockout.table || seat === knockout.seat || !p) {
        showError(`Tap the seat at table ${knockout.table} of who knocked ${knockout.name} out, or Nobody named.`);
        return;
      }
      const bust = { table, seat: knockout.seat, by: seat };
      knockout = null;
      render();
      await act("bust", { busts: [bust] });
      return;
    }
    if (p && confirm(`Bust ${p.name} (table ${table}, seat ${seat + 1})?`)) {
      if (state.bounty > 0) {  // its bounty goes to who won the chips: ask who
        knockout = { table, seat, name: p.name };
        render();
        return;
      }
      await act("bust", { busts: [{ table, seat }] });
    }
  } else if (b.dataset.knockout) {  // nobody named (the bounty to the winner), or cancel
    const bust = { table: knockout.table, seat: knockout.seat };
    knockout = null;
    render();
    if (b.dataset.knockout === "none") await act("bust", { busts: [bust] });
  } else if (b.dataset.hands) {
    await act("hands", { table: Number(b.dataset.hands), hands: 1 });
  } else if (b.dataset.done) {
    await act("hand_done", { table: Number(b.dataset.done) });
  } else if (b.dataset.rebuy) {
    await act("rebuy", { entry: Number(b.dataset.rebuy) });
  } else if (b.dataset.out) {
    await act("decline_rebuy", { entry: Number(b.dataset.out) });
  } else if (b.dataset.deal) {
    const amounts = JSON.parse(b.dataset.deal);
    if (confirm("Make this deal? It ends the event.")) await act("deal", { amounts });
  }
});

function renderPicked() {
  $("multi").hidden = !$("multi-mode").checked;
  $("multi-list").innerHTML = picked.map((x, i) => `<div class="row" style="margin:4px 0"><span style="flex:1">${esc(x.name)} <span class="muted">table ${x.table}, seat ${x.seat + 1}</span></span><input class="num" type="number" min="0" data-picked="${i}" placeholder="chips" aria-label="Chips of ${esc(x.name)} at the start of the hand"></div>`).join("");
  $("multi-report").disabled = picked.length === 0;
  $("multi-report").textContent = picked.length ? `Report ${picked.length} bust${plural(picked.length)}` : "Report the busts";
}

$("multi-mode").addEventListener("change", () => {
  picked = [];
  renderPicked();
  if (state) render();
});
$("multi-report").addEventListener("click", async () => {
  const inputs = [...document.querySelectorAll("[data-picked]")];
  const given = inputs.filter((i) => i.value !== "");
  if (given.length && given.length !== inputs.length) return showError("Give the chips of every player in the hand, or of none.");
  const busts = picked.map((x, i) => (given.length ? { table: x.table, seat: x.seat, chips: Number(inputs[i].value) } : { table: x.table, seat: x.seat }));
  if (!confirm(`Report ${picked.map((x) => x.name).join(", ")} out on one hand?`)) return;
  if (await act("bust", { busts })) {
    picked = [];
    renderPicked();
  }
});

// The names of the room's earlier events, offered as the director types (a league's
// regulars); those entered here already are left out.
async function loadKnownNames() {
  try {
    const names = await api("/api/live/players");
    const entered = new Set((state ? state.players : []).map((p) => p.name.toLowerCase()));
    $("known-names").innerHTML = names.filter((n) => !entered.has(n.toLowerCase()))
      .map((n) => `<option value="${esc(n)}"></option>`).join("");
  } catch {
    // no suggestions: the name is typed in full
  }
}
$("reg-name").addEventListener("focus", loadKnownNames);

$("reg-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = $("reg-name").value.trim();
  if (!name) return showError("Type the player's name first.");
  if (await act("register", { name })) $("reg-name").value = "";
});
$("start").addEventListener("click", () => act("start"));
$("undo").addEventListener("click", () => act("undo"));
$("redo").addEventListener("click", () => act("redo"));
$("pause").addEventListener("click", () => act(state && state.clock.paused ? "resume" : "pause"));
$("plus").addEventListener("click", () => act("add_time", { seconds: 60 }));
$("minus").addEventListener("click", () => act("add_time", { seconds: -60 }));
$("button-mode").addEventListener("change", () => state && render());
$("todo").addEventListener("change", (event) => {  // a task ticked off, or back on
  const box = event.target.closest("input[data-tick]");
  if (!box || !state) return;
  const seq = Number(box.dataset.tick);
  if (box.checked) done.add(seq);
  else done.delete(seq);
  saveDone(id, done, state.feed);
  render();
});
$("add-on").addEventListener("click", () => act("add_on", { entry: Number($("who").value) }));
$("rebuy").addEventListener("click", () => act("rebuy", { entry: Number($("who").value) }));
$("move").addEventListener("click", () => act("move", {
  entry: Number($("who").value), table: Number($("move-table").value), seat: Number($("move-seat").value) - 1,
}));
$("edit-level").addEventListener("click", () => {
  const body = { level: Number($("ed-level").value) };
  for (const [field, input] of [["small_blind", "ed-sb"], ["big_blind", "ed-bb"], ["ante", "ed-ante"]]) {
    if ($(input).value !== "") body[field] = Number($(input).value);
  }
  if ($("ed-min").value !== "") body.seconds = Math.round(Number($("ed-min").value) * 60);
  act("edit_level", body);
});
$("who").addEventListener("change", () => state && render());
$("absent").addEventListener("click", () => {
  const p = state && state.players.find((x) => String(x.entry) === $("who").value);
  if (p) act("absent", { entry: p.entry, absent: !p.absent });
});
function structureRow() {
  return Number($("st-row").value) - 1;  // rows are shown from 1, sent from 0
}
function structureInput(minutes) {
  let problem = "";
  if ($("st-row").value === "") problem = "Give the row of the structure (its number in the list).";
  else if (minutes && !(Number($("st-min").value) > 0)) problem = "Give the minutes of the new level or break.";
  showError(problem);
  return !problem;
}
$("insert-level").addEventListener("click", () => {
  if (!structureInput(true)) return;
  const body = { position: structureRow(), seconds: Math.round(Number($("st-min").value) * 60) };
  for (const [field, input] of [["small_blind", "ed-sb"], ["big_blind", "ed-bb"], ["ante", "ed-ante"]]) {
    body[field] = Number($(input).value || 0);
  }
  act("insert_level", body);
});
$("insert-break").addEventListener("click", () => structureInput(true) && act("insert_break", {
  position: structureRow(), seconds: Math.round(Number($("st-min").value) * 60),
}));
$("remove-row").addEventListener("click", () => {
  if (!structureInput(false)) return;
  const row = state && state.structure[structureRow()];
  if (row && confirm(`Remove row ${structureRow() + 1} (${row.break ? "a break" : `level ${row.level}`})?`)) {
    act("remove_period", { position: structureRow() });
  }
});
$("h4h-on").addEventListener("click", () => act("hand_for_hand", { on: true }));
$("h4h-off").addEventListener("click", () => act("hand_for_hand", { on: false }));
$("race").addEventListener("click", async () => {
  const odd = {};
  for (const part of $("race-odd").value.split(/[\s,]+/).filter(Boolean)) {
    const [seat, value] = part.split("=");
    odd[Number(seat) - 1] = Number(value);
  }
  const answer = await act("race", { table: Number($("race-table").value), odd });
  if (answer) $("race-odd").value = "";
});
$("deal-suggest").addEventListener("click", async () => {
  const counts = {};
  for (const input of document.querySelectorAll("[data-count]")) counts[input.dataset.count] = Number(input.value);
  const answer = await act("deal_suggestion", { chips: counts });
  if (!answer) return;
  const icm = Object.fromEntries(answer.players.map((p) => [p.entry, p.icm]));
  const chop = Object.fromEntries(answer.players.map((p) => [p.entry, p.chip_chop]));
  $("deal-out").innerHTML = `<table class="list"><tr><td></td><td>chips</td><td>ICM</td><td>chip chop</td></tr>`
    + answer.players.map((p) => `<tr><td>${esc(entryName(p.entry))}</td><td>${chips(p.chips)}</td><td>${money(p.icm)}</td><td>${money(p.chip_chop)}</td></tr>`).join("")
    + `</table><div class="row" style="margin-top:8px"><button data-deal='${JSON.stringify(icm)}'>Deal by ICM</button><button data-deal='${JSON.stringify(chop)}'>Deal by chip chop</button></div>`;
});
// The audit log downloads with the host key in a header, never in the address.
$("log-link").addEventListener("click", async (event) => {
  event.preventDefault();
  try {
    await downloadWithToken(`/api/live/${encodeURIComponent(id)}/log.csv`, `live-${id}-log.csv`, host);
  } catch (err) {
    showError(err.message);
  }
});
$("paper").value = localStorage.getItem("live-paper") === "letter" ? "letter" : "a4";
$("print-cards").addEventListener("click", async () => {
  const response = await fetch(`/api/live/${encodeURIComponent(id)}/cards`,
    { headers: { authorization: `Bearer ${host}` } });
  if (!response.ok) return showError("Seat cards need the host key.");
  const cards = await response.json();
  // Ten cards a sheet (two columns of five), each with its QR code (the server's SVG)
  // and the link as text; the paper chosen sets the page (@page a4 / letter).
  const sheet = $("seat-cards");
  sheet.className = `seat-cards ${$("paper").value}`;
  sheet.innerHTML = cards.map((c) => `<div class="card-slip"><div class="qr">${c.qr}</div><div class="who"><b>${esc(c.name)}</b>`
    + `<span class="where">${c.table ? `Table ${c.table} · Seat ${c.seat + 1}` : "Seat drawn at the start"}</span>`
    + `<span class="url">${esc(c.url)}</span><span class="hint">Scan for your seat, your moves and the clock</span></div></div>`).join("");
  localStorage.setItem("live-paper", $("paper").value);
  window.print();
});

poll(`/api/live/${encodeURIComponent(id)}`, onState, (up) => {
  const conn = $("conn");
  conn.textContent = up ? "" : "reconnecting…";
  conn.classList.toggle("down", !up);
});
setInterval(renderClock, 250);
