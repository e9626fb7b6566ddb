// Tournaments: the lobby's "Tournaments" panel, and the tournament page (clock,
// registration, the player's own table -- which follows them when they are moved --,
// the floor, and the results).  One WebSocket per page: /ws/tournaments/{id}.
import {
  STUD_GAMES, api, applyCardColours, escapeHtml, fmt, storage, suitSvg, toast,
} from "/static/common.js";
import { lastHandResult, logLineHtml } from "/static/handlog.js";
import { createHandsTab } from "/static/hands.js";
import {
  BOT_ICON, createDock, handCenterParts, isDrawGame, layoutFelt, renderLayer, resultCenterParts,
  seatHtml as feltSeatHtml, tickActionClock as tickFeltClock, wireActionKeys,
} from "/static/felt.js";
import { createSocket } from "/static/socket.js";

const $ = (id) => document.getElementById(id);

export function money(cents) {
  const value = Number(cents || 0) / 100;
  return `$${value.toLocaleString("en-US", { minimumFractionDigits: value % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;
}

export function ordinal(n) {
  const s = n % 100 >= 10 && n % 100 <= 20 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" })[n % 10] || "th";
  return `${n}${s}`;
}

// "100/200, ante 200 (big blind)" -> "100/200 · BBA 200": short enough for a clock.
export function compactStakes(text) {
  return String(text || "").replace(/, ante ([\d,]+) \(big blind\)/, " · BBA $1").replace(/, ante /, " · ante ");
}

function placeText(p) {
  if (p.place === null || p.place === undefined) return "";
  return p.place === p.place_to ? ordinal(p.place) : `${ordinal(p.place)}–${ordinal(p.place_to)}`;
}

export function clockText(seconds) {
  if (seconds === null || seconds === undefined) return "—";
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

const STRUCTURE_NAMES = {
  turbo: "Turbo", standard: "Standard", deepstack: "Deep stack", sit_and_go: "Sit & go",
  horse: "HORSE", eight_game: "8-game", nine_game: "9-game",
};

// ================================================================== the lobby

function mountLobby() {
  const box = $("tournaments");
  const form = $("tournament-form");
  if (!box) return;

  async function load() {
    let list;
    try {
      list = await api("/api/tournaments");
    } catch (err) {
      box.innerHTML = `<p class="muted">Could not load the tournaments: ${escapeHtml(err.message)}</p>`;
      return;
    }
    if (!list.length) {
      box.innerHTML = '<div class="empty-state small">No tournaments yet. Create one below: pick a structure, add bots or friends, and start the clock.</div>';
      return;
    }
    const status = { registering: "Registering", running: "Running", finished: "Finished" };
    box.innerHTML = `<table class="tables t-list"><thead><tr><th>Tournament</th><th>Status</th><th>Players</th><th class="hide-sm">Prize pool</th><th></th></tr></thead><tbody>${
      list.map((t) => `<tr class="table-row" data-url="${escapeHtml(t.url)}">
        <td class="name"><b>${escapeHtml(t.name)}</b><span>${escapeHtml(STRUCTURE_NAMES[t.structure] || t.structure)} · ${escapeHtml(t.game)} · ${t.seats}-max</span></td>
        <td><span class="t-status ${t.status}">${status[t.status] || t.status}</span>${t.status === "running" ? `<span class="muted small-note">level ${t.level}</span>` : ""}</td>
        <td>${t.status === "running" ? `${fmt(t.players_left)}/${fmt(t.entries)}` : fmt(t.entries)}</td>
        <td class="hide-sm">${money(t.prize_pool)}</td>
        <td><a class="open" href="${escapeHtml(t.url)}">${t.status === "registering" ? "Register" : t.status === "finished" ? "Results" : "Open"}</a></td>
      </tr>`).join("")}</tbody></table>`;
    for (const row of box.querySelectorAll("tr.table-row")) {
      row.addEventListener("click", (event) => {
        if (event.target.closest("a")) return;
        location.href = row.dataset.url;
      });
    }
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const num = (name) => {
      const raw = data.get(name);
      if (raw === null || raw === "") return undefined;
      const n = Number(raw);
      return Number.isFinite(n) ? n : undefined;
    };
    const body = {
      name: String(data.get("name") || "").trim(),
      structure: data.get("structure"),
      rebuys: data.get("rebuys") === "on",
      add_on: data.get("add_on") === "on",
    };
    const minutes = num("level_minutes");
    if (minutes) body.level_seconds = Math.round(minutes * 60);
    const seats = num("seats");
    if (seats) body.seats = seats;
    const buyIn = num("buy_in");
    if (buyIn !== undefined) body.buy_in = Math.round(buyIn * 100);
    const action = num("action_seconds");
    if (action) body.action_seconds = action;
    const bots = num("bots") || 0;
    const error = $("tournament-error");
    error.textContent = "";
    const submit = $("tournament-submit");
    submit.disabled = true;
    try {
      const created = await api("/api/tournaments", { method: "POST", body });
      storage.set(`tournament.director.${created.id}`, created.director);
      if (bots > 0) {
        await api(`/api/tournaments/${created.id}/bots`, {
          method: "POST", body: { director: created.director, count: bots, policy: data.get("policy") || "steady" },
        });
      }
      location.href = created.url;
    } catch (err) {
      error.textContent = err.message;
      toast(err.message);
    } finally {
      submit.disabled = false;
    }
  });

  load();
  setInterval(() => {
    if (!document.hidden) load();
  }, 5000);
}

// ========================================================== the tournament page

const tid = decodeURIComponent(location.pathname.split("/")[2] || "");
const resultsMode = /\/results\/?$/.test(location.pathname);
let state = null; // {tournament, you, table, now}
let clockOffset = 0;
let me = null; // {token, name}
let directorKey = null;
let watching = null;
const felt = { boardSeen: { number: null, cards: new Set() } };
let lastYouTable = null;
let lastStatus = null;
let activeTab = "players";

const dock = createDock({
  view: () => state.table,
  send: (message) => send(message),
  renderTable: () => renderTable(),
  renderDock: () => renderDock(),
});

const conn = createSocket({
  path: () => {
    const params = new URLSearchParams();
    if (watching) params.set("table", String(watching));
    return `/ws/tournaments/${encodeURIComponent(tid)}?${params}`;
  },
  token: () => (me ? me.token : null),
  seated: () => Boolean(me),
  gone: "no_tournament",
  onState,
  onError,
});
const send = (message) => conn.send(message);

function forgetEntry() {
  storage.remove(`tournament.${tid}`);
  me = null;
  conn.reconnect();
}

function onState(message) {
  state = message.state;
  clockOffset = state.now - Date.now() / 1000;
  dock.sending = false;
  if (me && !state.you) {
    toast("You are not registered in this tournament.", "info");
    forgetEntry();
    return;
  }
  render();
}

function onError(message) {
  dock.sending = false;
  if (message.reason === "bad_token") {
    forgetEntry();
    return;
  }
  if (message.reason === "no_tournament") $("t-sub").textContent = "no such tournament";
  toast(message.message || message.reason || "error");
  dock.key = "";
  if (state) renderDock();
}

// --------------------------------------------------------------------- render

function render() {
  const t = state.tournament;
  const view = resultsMode || t.status === "finished" ? "results" : t.status === "registering" ? "lobby" : "room";
  document.body.dataset.status = t.status;
  document.body.dataset.view = view;
  document.body.dataset.version = String(conn.version);
  document.body.dataset.table = state.table ? String(state.table.table.number) : "";
  document.body.dataset.phase = state.table && state.table.hand ? state.table.hand.phase : "between";
  document.body.dataset.seat = state.table && state.table.you ? String(state.table.you.seat) : "";
  $("t-lobby").hidden = view !== "lobby";
  $("t-room").hidden = view !== "room";
  $("t-results").hidden = view !== "results";
  renderHeader();
  renderClock();
  if (view === "lobby") renderLobby();
  if (view === "room") {
    if (lastStatus !== "running") requestAnimationFrame(() => {
      layout();
      if (state && state.table) renderTable();
    });
    renderRoom();
  }
  if (view === "results") renderResults();
  noticeMoves();
  lastStatus = t.status;
}

function renderHeader() {
  const t = state.tournament;
  $("t-name").textContent = t.name;
  const s = t.structure;
  const status = { registering: "registration open", running: `level ${t.clock.level}`, finished: "finished" }[t.status] || t.status;
  const myTurn = state.table && state.table.you && state.table.you.legal;
  document.title = `${myTurn ? "▶ Your turn · " : ""}${t.name} — pokerroom`;
  $("t-sub").textContent = `${STRUCTURE_NAMES[s.name] || s.name} · ${s.mixed ? "mixed games" : s.game} · ${status}`;
  const link = $("results-link");
  link.href = resultsMode ? `/tournaments/${encodeURIComponent(tid)}` : `/tournaments/${encodeURIComponent(tid)}/results`;
  link.textContent = resultsMode ? "Tables" : "Results";
  link.hidden = t.status === "registering" || (t.status === "finished" && !resultsMode);
}

function stat(label, value, extra = "", id = "") {
  return `<div class="stat ${extra}"${id ? ` id="${id}"` : ""}><span class="k">${label}</span><span class="v">${value}</span></div>`;
}

function renderClock() {
  const t = state.tournament;
  const c = t.clock;
  const bar = $("clock-bar");
  if (t.status === "finished") {
    const winner = t.results.find((r) => r.place === 1);
    bar.innerHTML = `<div class="stats">
      ${stat("Winner", winner ? escapeHtml(winner.name) : "—", "wide")}
      ${stat("Entries", fmt(c.entries))}
      ${stat("Prize pool", money(c.prize_pool))}
      ${stat("Hands", fmt(t.hands))}
      ${stat("Levels", fmt(c.level))}
    </div>`;
    fitClock();
    return;
  }
  const badges = [];
  if (c.on_break) badges.push('<span class="badge brk">Break</span>');
  if (c.hand_for_hand) badges.push('<span class="badge h4h">Hand-for-hand</span>');
  if (c.push_held && c.running) badges.push('<span class="badge hold">Level ending</span>');
  if (c.paused) badges.push('<span class="badge hold">Clock paused</span>');
  if (t.status === "running" && c.registration_open) badges.push('<span class="badge reg">Late reg</span>');
  if (c.rebuys_open && t.structure.rebuy) badges.push('<span class="badge reg">Rebuys</span>');
  if (c.add_on_open) badges.push('<span class="badge reg">Add-on</span>');
  const started = t.status !== "registering";
  const level = c.on_break ? "Break" : `Level ${c.level}`;
  bar.innerHTML = `<div class="stats">
    ${stat(level, escapeHtml(compactStakes(c.on_break ? `next: ${c.next_stakes || c.stakes}` : c.stakes)), "blinds wide", "clock-level")}
    ${stat(c.on_break ? "Break ends" : "Time left", clockText(c.time_left), "time", "clock-time")}
    ${stat(started ? "Players" : "Entries", started ? `${fmt(c.players_left)}<small>/${fmt(c.entries)}</small>` : fmt(c.entries), "", "clock-players")}
    ${stat("Avg stack", fmt(started ? c.average_stack : t.structure.starting_stack), "", "clock-average")}
    ${stat("Prize pool", money(c.prize_pool), "", "clock-pool")}
    ${c.on_break ? "" : stat("Next", escapeHtml(compactStakes(c.next_stakes) || "—"), "next hide-phone")}
    ${badges.length ? `<div class="badges">${badges.join("")}</div>` : ""}
  </div>`;
  fitClock();
  tickClock();
}

// The room below the clock takes the rest of the screen: tell it the clock's height.
function fitClock() {
  const h = $("clock-bar").offsetHeight;
  if (h && h !== fitClock.last) {
    fitClock.last = h;
    document.body.style.setProperty("--clock-h", `${h}px`);
    requestAnimationFrame(() => {
      layout();
      if (state && state.table && !$("t-room").hidden) renderTable();
    });
  }
}

function tickClock() {
  if (!state) return;
  const c = state.tournament.clock;
  const el = document.querySelector("#clock-time .v");
  if (el) {
    let left = c.time_left;
    if (left !== null && left !== undefined && c.running) {
      left -= Date.now() / 1000 + clockOffset - state.now;
    }
    el.textContent = clockText(left);
    el.parentElement.classList.toggle("urgent", left !== null && left !== undefined && left < 60 && !c.on_break);
  }
  tickActionClock();
  tickRebuy();
}
setInterval(tickClock, 250);

// --------------------------------------------------------------------- lobby

function renderLobby() {
  const t = state.tournament;
  const you = state.you;
  $("reg-count").textContent = `${t.players.length} registered`;
  if (you) {
    $("reg-you").innerHTML = `<div class="notice ok">You are registered as <b>${escapeHtml(you.label)}</b>. Keep this page open: the tournament starts here, at your table.
      <button type="button" class="small ghost" id="btn-unregister">Unregister</button></div>`;
    $("btn-unregister").onclick = unregister;
  } else {
    $("reg-you").innerHTML = `<form class="reg-form" id="reg-form" autocomplete="off">
      <input type="text" id="reg-name" required maxlength="30" placeholder="Your name" aria-label="Your name" value="${escapeHtml(storage.get("name", ""))}">
      <button type="submit" class="primary" id="reg-submit">Register</button></form>`;
    $("reg-form").onsubmit = (event) => {
      event.preventDefault();
      registerMe($("reg-name").value.trim());
    };
  }
  renderDirector();
  if (!t.players.length) {
    $("entrants").innerHTML = '<p class="muted">Nobody has registered yet.</p>';
  } else {
    const removable = directorKey && t.status === "registering";
    $("entrants").innerHTML = `<ul class="entrants">${t.players.map((p) =>
      `<li class="${you && p.entry === you.entry ? "me" : ""}"><span class="num">${p.entry}</span><span class="nm">${escapeHtml(p.name)}</span>${p.bot ? '<span class="tag bot">bot</span>' : ""}${removable ? `<button type="button" class="small ghost remove-entry" data-name="${escapeHtml(p.name)}" title="Only you, the director, see this">Remove</button>` : ""}</li>`).join("")}</ul>`;
    for (const button of $("entrants").querySelectorAll(".remove-entry")) {
      button.onclick = () => removeEntry(button.dataset.name, button);
    }
  }
  $("event-info").innerHTML = eventInfoHtml();
  $("levels-lobby").innerHTML = levelsHtml();
}

function renderDirector() {
  const box = $("director-box");
  const t = state.tournament;
  if (!directorKey || t.status !== "registering") {
    box.innerHTML = "";
    return;
  }
  if (box.dataset.ready) {
    $("btn-start").disabled = t.players.length < 2;
    return;
  }
  box.dataset.ready = "1";
  box.innerHTML = `<div class="director">
    <div class="line"><b>You run this tournament.</b> <span class="muted">Add bots to fill the field, then start the clock.</span></div>
    <div class="line">
      <input type="number" id="bot-count" min="1" max="200" value="5" aria-label="Number of bots">
      <select id="bot-policy" aria-label="Bot style"><option value="steady">steady bots</option><option value="solid">solid bots</option><option value="rock">rock bots</option><option value="loose">loose bots</option><option value="tag">tight bots</option><option value="station">calling bots</option><option value="random">random bots</option></select>
      <button type="button" id="btn-add-bots">Add bots</button>
      <span class="spacer"></span>
      <button type="button" class="gold" id="btn-start" ${t.players.length < 2 ? "disabled" : ""}>Start the tournament</button>
    </div></div>`;
  $("btn-add-bots").onclick = async () => {
    try {
      const r = await api(`/api/tournaments/${encodeURIComponent(tid)}/bots`, {
        method: "POST", body: { director: directorKey, count: Number($("bot-count").value) || 1, policy: $("bot-policy").value },
      });
      toast(`${r.added.length} bot${r.added.length === 1 ? "" : "s"} registered.`, "info");
    } catch (err) {
      toast(err.message);
    }
  };
  $("btn-start").onclick = async () => {
    $("btn-start").disabled = true;
    try {
      await api(`/api/tournaments/${encodeURIComponent(tid)}/start`, { method: "POST", body: { director: directorKey } });
    } catch (err) {
      toast(err.message);
      $("btn-start").disabled = false;
    }
  };
}

// The director withdraws a registration before the start (a made-up name, a no-show).
async function removeEntry(name, button) {
  button.disabled = true;
  try {
    await api(`/api/tournaments/${encodeURIComponent(tid)}/remove`, {
      method: "POST", body: { director: directorKey, player: name },
    });
    toast(`${name} is no longer registered.`, "info");
  } catch (err) {
    toast(err.message);
    button.disabled = false;
  }
}

async function registerMe(name) {
  if (!name) return;
  const body = { name };
  if (me) body.token = me.token;
  try {
    const r = await api(`/api/tournaments/${encodeURIComponent(tid)}/register`, { method: "POST", body });
    me = { token: r.token, name: r.name };
    storage.set(`tournament.${tid}`, me);
    storage.set("name", r.name);
    conn.reconnect();
  } catch (err) {
    toast(err.message);
  }
}

async function unregister() {
  if (!me) return;
  try {
    await api(`/api/tournaments/${encodeURIComponent(tid)}/unregister`, { method: "POST", body: { token: me.token } });
    forgetEntry();
  } catch (err) {
    toast(err.message);
  }
}

// RP-9 plays a 6- or 7-handed event's final table 7-handed, but a final table never
// seats more than the event's players: six entrants play one table of six.
function tablesText(t) {
  const s = t.structure;
  const players = t.status === "registering" ? t.players.length : t.clock.entries;
  const closed = t.status !== "registering" && !t.clock.registration_open;
  if (closed && players <= s.seats) return `one table of ${players}, ${s.seats}-handed`;
  const final = closed ? Math.min(s.final_table_seats, players) : s.final_table_seats;
  return `${s.seats}-handed; final table ${final}${closed ? "" : " (at most)"}`;
}

function eventInfoHtml() {
  const t = state.tournament;
  const s = t.structure;
  const first = s.levels.find((l) => !l.break);
  const rows = [
    ["Game", s.mixed ? `${escapeHtml(s.game)} and more (mixed)` : escapeHtml(s.game)],
    ["Buy-in", s.buy_in || s.fee ? `${money(s.buy_in)}${s.fee ? ` + ${money(s.fee)} fee` : ""}` : "free"],
    ["Starting stack", fmt(s.starting_stack)],
    ["Tables", tablesText(t)],
    ["Levels", first ? `${clockText(first.seconds)} each` : "—"],
    ["Late registration", s.late_registration_levels ? `through level ${s.late_registration_levels}` : "none"],
  ];
  if (s.rebuy) rows.push(["Rebuys", `${fmt(s.rebuy.chips)} chips for ${money(s.rebuy.price)}, through level ${s.rebuy.last_level}`]);
  if (s.add_on) rows.push(["Add-on", `${fmt(s.add_on.chips)} chips for ${money(s.add_on.price)}, after level ${s.add_on.after_level}`]);
  rows.push(["Prize pool", money(t.clock.prize_pool)]);
  return `<dl class="facts">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join("")}</dl>${payoutsHtml()}`;
}

function payoutsHtml() {
  const prizes = state.tournament.prizes.filter((p) => p > 0);
  if (!prizes.length) return '<p class="muted">Prizes are set when players register.</p>';
  return `<h3 class="sub-h">Payouts</h3><ol class="payouts">${prizes.map((p, i) =>
    `<li><span>${ordinal(i + 1)}</span><b>${money(p)}</b></li>`).join("")}</ol>`;
}

function levelsHtml() {
  const t = state.tournament;
  const current = t.status === "running" ? t.clock.level : 0;
  const onBreak = t.clock.on_break;
  let seenCurrent = false;
  const bba = t.structure.levels.some((l) => / \(big blind\)/.test(l.stakes || ""));
  return `${bba ? '<p class="muted note">BBA: the big blind pays the whole table\'s ante.</p>' : ""}<table class="levels"><thead><tr><th>Level</th><th>Stakes</th><th>Time</th></tr></thead><tbody>${t.structure.levels.map((l) => {
    if (l.break) {
      return `<tr class="brk"><td colspan="2">Break${l.color_up.length ? ` · colour-up ${l.color_up.map(fmt).join(", ")}` : ""}</td><td>${clockText(l.seconds)}</td></tr>`;
    }
    const now = l.level === current && !onBreak && !seenCurrent;
    if (now) seenCurrent = true;
    return `<tr class="${now ? "now" : l.level < current ? "past" : ""}"><td>${l.level}</td><td>${escapeHtml(compactStakes(l.stakes))}${t.structure.mixed ? ` <span class="muted">${escapeHtml(l.game)}</span>` : ""}</td><td>${clockText(l.seconds)}</td></tr>`;
  }).join("")}</tbody></table>`;
}

// ---------------------------------------------------------------------- room

function renderRoom() {
  renderTableBar();
  if (state.table) {
    renderTable();
  } else {
    $("layer").innerHTML = "";
    $("center").innerHTML = '<div class="waiting-note">No table in play.</div>';
  }
  renderBanner();
  renderDock();
  renderSide();
}

function renderTableBar() {
  const t = state.tournament;
  const table = state.table;
  const you = state.you;
  const current = table ? table.table.number : null;
  let who;
  if (you && you.status === "playing" && you.table) {
    who = you.arriving ? `Moving to <b>table ${you.table}</b>` : `Your table: <b>${you.table}</b> · seat ${you.seat + 1}`;
  } else {
    who = current ? `Watching <b>table ${current}</b>` : "";
  }
  const picker = (!you || you.status !== "playing") && t.tables.length > 1
    ? `<label class="picker">Watch <select id="watch-select" aria-label="Table to watch">${t.tables.map((x) =>
      `<option value="${x.number}" ${x.number === current ? "selected" : ""}>Table ${x.number} (${x.players})</option>`).join("")}</select></label>`
    : "";
  const stakes = table ? `<span class="muted hide-phone">${escapeHtml(table.table.game_name)} · ${escapeHtml(compactStakes(table.table.stakes))}${table.hand ? ` · hand #${table.hand.number}` : ""}</span>` : "";
  const paused = t.clock.paused;
  const director = directorKey && t.status === "running"
    ? `<button type="button" class="small ghost" id="btn-pause" title="Only you, the director, see this">${paused ? "Resume clock" : "Pause clock"}</button>`
    : "";
  const key = JSON.stringify([who, picker, stakes, director]);
  const bar = $("table-bar");
  if (bar.dataset.key === key) return;
  bar.dataset.key = key;
  bar.innerHTML = `<span class="who">${who}</span>${stakes}<span class="spacer"></span>${picker}${director}`;
  const pause = $("btn-pause");
  if (pause) {
    pause.onclick = async () => {
      try {
        await api(`/api/tournaments/${encodeURIComponent(tid)}/${paused ? "resume" : "pause"}`, {
          method: "POST", body: { director: directorKey },
        });
      } catch (err) {
        toast(err.message);
      }
    };
  }
  const select = $("watch-select");
  if (select) {
    select.onchange = () => {
      watching = Number(select.value);
      const url = new URL(location.href);
      url.searchParams.set("table", String(watching));
      history.replaceState(null, "", url);
      send({ type: "watch", table: watching });
    };
  }
}

function renderBanner() {
  const banner = $("felt-banner");
  const t = state.tournament;
  const table = state.table;
  let text = "";
  if (table && table.held) {
    text = "All-in during hand-for-hand: the cards are shown when every table has finished the hand.";
  } else if (table && !table.hand) {
    const w = table.waiting;
    if (t.clock.on_break || w === "on_break") text = `Break — play resumes in <b class="banner-clock" data-left="1">${clockText(t.clock.time_left)}</b>`;
    else if (w === "hand_for_hand") text = "Hand-for-hand: waiting for the other tables to finish their hand.";
    else if (w === "table_breaking") text = "This table is about to be broken: players draw for new seats.";
    else if (w === "table_halted" || w === "short_table") text = "Waiting for players to balance the tables.";
  }
  banner.hidden = !text;
  if (text) banner.innerHTML = text;
}

// --- the felt (drawn as on the cash table page)

function layout() {
  layoutFelt(true);
}
window.addEventListener("resize", () => {
  layout();
  if (state && state.table && !$("t-room").hidden) renderTable();
});
// The dock grows on the player's turn (sizing row) and the clock may wrap: fit the
// felt to whatever room is left.
if (window.ResizeObserver && $("felt-area")) {
  let lastSize = "";
  new ResizeObserver(() => {
    const r = $("felt-area").getBoundingClientRect();
    const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
    if (size === lastSize) return;
    lastSize = size;
    layout();
    if (state && state.table && !$("t-room").hidden) renderTable();
  }).observe($("felt-area"));
}

function heroSeat() {
  const tv = state.table;
  return tv && tv.you ? tv.you.seat : null;
}

function renderTable() {
  const tv = state.table;
  const hero = heroSeat();
  const result = tv.hand ? null : lastHandResult(tv.log);
  renderLayer(tv, hero,
    (seat, pos) => `<div class="seat empty t-empty" data-seat="${seat}" style="${pos}"><div class="empty-seat" aria-label="Seat ${seat + 1}: empty">seat ${seat + 1}</div></div>`,
    (info, pos) => feltSeatHtml(tv, info, pos, hero, result, dock.discardPick, SEAT_OPTS));
  dock.wireDiscardCards();
  renderCenter(result);
  tickActionClock();
}

const SEAT_OPTS = {
  dotTitle: false,
  pendingHtml: (info, pos) => `<div class="seat out" data-seat="${info.seat}" style="${pos}"><div class="hole"></div>
      <div class="plate"><div class="name"><span class="nm">${escapeHtml(info.name)}</span></div><div class="stack">${fmt(info.stack || 0)}</div></div>
      <div class="tags"><span class="tag out">arriving</span></div></div>`,
  statusTags: (info, tags) => {
    if (info.deciding_rebuy) tags.push('<span class="tag out">Rebuy?</span>');
    else if (info.away) tags.push('<span class="tag out">Away</span>');
    else if (!info.bot && !info.connected) tags.push('<span class="tag offline">Offline</span>');
  },
};

function renderCenter(result) {
  const tv = state.table;
  const hand = tv.hand;
  const board = !STUD_GAMES.has(tv.table.game) && !isDrawGame(tv.table.game);
  const out = [];
  if (hand) {
    handCenterParts(felt, hand, board, out);
  } else if (result && !tv.held) {
    resultCenterParts(result, out);
  } else {
    out.push(`<div class="waiting-note">${tv.held ? "Hand-for-hand: result held" : "Shuffling up…"}</div>`);
  }
  $("center").innerHTML = out.join("");
}

function tickActionClock() {
  tickFeltClock(state && state.table, clockOffset);
}


function tickRebuy() {
  const el = $("rebuy-clock");
  const you = state && state.you;
  if (!el || !you || !you.rebuy_deadline) return;
  el.textContent = `${Math.max(0, Math.ceil(you.rebuy_deadline - (Date.now() / 1000 + clockOffset)))}s`;
}

// --- the dock: actions, rebuys, add-ons, sitting out

function renderDock() {
  const tv = state.table;
  const you = state.you;
  const legal = tv && tv.you && tv.you.legal;
  const hand = tv && tv.hand;
  const heroInfo = tv && tv.you ? tv.seats[tv.you.seat] : null;
  const key = JSON.stringify([legal, hand && hand.number, hand && hand.street, hand && hand.actor,
    you, heroInfo && heroInfo.stack, heroInfo && heroInfo.in_hand, heroInfo && heroInfo.folded,
    [...dock.discardPick].sort(), tv && tv.waiting, state.tournament.clock.add_on_open, state.tournament.status]);
  if (!dock.draw(key, legal, idleHtml, wireIdle)) return;
  tickActionClock();
  tickRebuy();
}

function idleHtml() {
  const t = state.tournament;
  const you = state.you;
  const tv = state.table;
  const lines = [];
  const buttons = [];
  if (!you) {
    const late = t.clock.registration_open && t.status === "running";
    lines.push(late ? "You are watching. Late registration is open:" : "You are watching.");
    if (late) {
      buttons.push(`<input type="text" id="late-name" maxlength="30" placeholder="Your name" aria-label="Your name" value="${escapeHtml(storage.get("name", ""))}">`);
      buttons.push('<button type="button" class="gold" id="btn-late">Register</button>');
    }
  } else if (you.status === "eliminated") {
    lines.push(`You finished <b>${placeText(you)}</b>${you.place !== you.place_to ? " (tied)" : ""}${you.prize ? ` and won <b>${money(you.prize)}</b>` : ""}. Thanks for playing! You are watching${tv ? ` table ${tv.table.number}` : ""}: pick any table from the Tables tab.`);
    if (you.may_reenter) buttons.push('<button type="button" class="gold" id="btn-reenter">Enter again</button>');
  } else if (you.deciding_rebuy) {
    const r = t.structure.rebuy;
    lines.push(`You are out of chips. Rebuy ${r ? `${fmt(r.chips)} chips for ${money(r.price)}` : ""}? <span class="my-clock" id="rebuy-clock"></span>`);
    buttons.push('<button type="button" class="gold" id="btn-rebuy">Rebuy</button>');
    buttons.push('<button type="button" id="btn-decline">No, I\'m out</button>');
  } else if (you.away) {
    lines.push(you.away === "disconnected" ? "You were away: your hands were folded." : "You are sitting out: your hands are dealt and folded.");
    buttons.push('<button type="button" class="gold" id="btn-back">I\'m back</button>');
  } else if (you.arriving) {
    lines.push(`You are moving to table <b>${you.table}</b>, seat ${you.seat + 1}: you sit down when its hand ends.`);
  } else if (tv && tv.hand && tv.you) {
    const mine = tv.seats[tv.you.seat];
    if (mine && mine.in_hand && mine.folded) lines.push("You folded.");
    else if (mine && mine.in_hand) {
      const actor = tv.hand.actor !== null && tv.hand.actor !== undefined ? tv.seats[tv.hand.actor] : null;
      lines.push(actor ? `Waiting for <b>${escapeHtml(actor.name)}</b>…` : "Dealing…");
    } else lines.push("You are dealt in next hand.");
  } else if (tv && tv.waiting === "hand_for_hand") {
    lines.push("Hand-for-hand: your table waits for the others.");
  } else if (t.clock.on_break) {
    lines.push("On a break.");
  } else {
    lines.push("Next hand starting soon.");
  }
  const controls = [];
  if (you && you.status === "playing" && !you.away && !you.deciding_rebuy) {
    if (you.can_add_on) {
      const a = t.structure.add_on;
      controls.push(`<button type="button" class="small gold" id="btn-add-on">Add-on: ${fmt(a.chips)} chips for ${money(a.price)}</button>`);
    } else if (you.wants_add_on) {
      controls.push('<span class="muted">Add-on after this hand</span>');
    }
    controls.push('<button type="button" class="small ghost" id="btn-sit-out">Sit out</button>');
  }
  return `<div class="line info"><span>${lines.join(" ")}</span></div>
    ${buttons.length ? `<div class="line">${buttons.join("")}</div>` : ""}
    ${controls.length ? `<div class="line">${controls.join("")}</div>` : ""}`;
}

function wireIdle() {
  const on = (id, fn) => {
    const el = $(id);
    if (el) el.addEventListener("click", fn);
  };
  on("btn-rebuy", () => send({ type: "rebuy" }));
  on("btn-decline", () => send({ type: "decline_rebuy" }));
  on("btn-back", () => send({ type: "sit_in" }));
  on("btn-sit-out", () => send({ type: "sit_out" }));
  on("btn-add-on", () => send({ type: "add_on" }));
  on("btn-late", () => registerMe(($("late-name") || {}).value?.trim() || ""));
  on("btn-reenter", () => registerMe(me ? me.name : ""));
}

wireActionKeys();

// Moved by balancing, a broken table or the final-table draw: say so.
function noticeMoves() {
  const you = state.you;
  const now = you && you.status === "playing" ? you.table : null;
  if (lastYouTable !== null && now !== null && now !== lastYouTable) {
    toast(`You move to table ${now}, seat ${you.seat + 1}.`, "info");
    felt.boardSeen = { number: null, cards: new Set() };
    requestAnimationFrame(() => {
      layout();
      if (state && state.table) renderTable();
    });
  }
  lastYouTable = now;
}

// --- the side panel

// Lines about the clock and people moving, rebuying or away (greyed in the log).
const META = /^Level \d+:|moves|arrives|takes seat|Draw for the button|rebuys|add-on|is away|is back|sits out|ran out of time|out of chips|All-in on a hand-for-hand/;

function floorLineHtml(line) {
  let cls = "";
  if (/ wins the tournament$/.test(line)) cls = "win";
  else if (/ finishes /.test(line)) cls = line.includes(" and wins ") ? "win" : "";
  else if (/^Level |^Break|break is over|Hand-for-hand|final table|is broken/i.test(line)) cls = "street";
  else cls = "meta";
  return `<div class="ln ${cls}">${escapeHtml(line)}</div>`;
}

function fillLog(box, lines, lineHtml, key) {
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  box.innerHTML = lines.length ? lines.map(lineHtml).join("") : '<p class="muted">Nothing yet.</p>';
  if (atBottom) box.scrollTop = box.scrollHeight;
}

function playersHtml() {
  const t = state.tournament;
  const you = state.you;
  const alive = t.players.filter((p) => p.alive);
  const out = t.players.filter((p) => !p.alive).sort((a, b) => (a.place || 0) - (b.place || 0));
  const row = (p, i) => `<tr class="${you && p.entry === you.entry ? "me" : ""} ${p.alive ? "" : "busted"}">
    <td class="num">${p.alive ? i + 1 : placeText(p)}</td>
    <td class="nm">${escapeHtml(p.name)}${p.bot ? " " + BOT_ICON : ""}${p.away && p.alive ? ' <span class="tag out">away</span>' : ""}</td>
    <td class="r">${p.alive ? fmt(p.chips) : p.prize ? money(p.prize) : ""}</td>
    <td class="r muted">${p.alive && p.table ? `T${p.table}` : ""}</td></tr>`;
  return `<table class="standings"><thead><tr><th>#</th><th>Player</th><th class="r">Chips</th><th class="r">Table</th></tr></thead>
    <tbody>${alive.map(row).join("")}${out.length ? `<tr class="divider"><td colspan="4">Out</td></tr>${out.map(row).join("")}` : ""}</tbody></table>`;
}

function tablesHtml() {
  const t = state.tournament;
  const current = state.table ? state.table.table.number : null;
  return `<ul class="t-tables">${t.tables.map((x) => `<li class="${x.number === current ? "on" : ""}">
    <b>Table ${x.number}</b><span class="muted">${x.players}/${x.seats} players · ${fmt(x.chips)} chips${x.hand ? ` · hand #${x.hand}` : ""}</span>
    <span class="spacer"></span>${state.you && state.you.status === "playing" ? "" : `<button type="button" class="small" data-watch="${x.number}" ${x.number === current ? "disabled" : ""}>Watch</button>`}</li>`).join("")}</ul>`;
}

function renderSide() {
  const t = state.tournament;
  const players = $("tab-players");
  const pk = JSON.stringify([t.players, state.you && state.you.entry]);
  if (players.dataset.key !== pk) {
    players.dataset.key = pk;
    players.innerHTML = playersHtml();
  }
  const tables = $("tab-tables");
  const tk = JSON.stringify([t.tables, state.table && state.table.table.number, state.you && state.you.status]);
  if (tables.dataset.key !== tk) {
    tables.dataset.key = tk;
    tables.innerHTML = tablesHtml();
    for (const b of tables.querySelectorAll("button[data-watch]")) {
      b.onclick = () => {
        watching = Number(b.dataset.watch);
        send({ type: "watch", table: watching });
      };
    }
  }
  fillLog($("tab-floor"), t.floor_log, floorLineHtml, t.floor_log.join("\n"));
  const log = state.table ? state.table.log : [];
  fillLog($("tab-log"), log, (line) => logLineHtml(line, META), `${state.table ? state.table.table.number : ""}\n${log.join("\n")}`);
  const levels = $("tab-levels");
  const lk = `${t.clock.level}:${t.clock.on_break}:${t.prizes.join(",")}`;
  if (levels.dataset.key !== lk) {
    levels.dataset.key = lk;
    levels.innerHTML = levelsHtml() + payoutsHtml();
  }
}

for (const button of document.querySelectorAll(".tournament-page .tabs button")) {
  button.addEventListener("click", () => {
    activeTab = button.dataset.tab;
    for (const b of document.querySelectorAll(".tabs button")) b.classList.toggle("on", b === button);
    for (const name of ["players", "tables", "floor", "log", "levels", "hands"]) $(`tab-${name}`).hidden = activeTab !== name;
    const box = $(`tab-${activeTab}`);
    if (activeTab === "hands") loadHands();
    if (activeTab === "log" || activeTab === "floor") box.scrollTop = box.scrollHeight;
  });
}

// -------------------------------------------------------------------- hands

// The finished hands, paged and filtered as at a cash table (hands.js): your own
// cards in the hands you played (your token goes in a header, never in the link),
// the hands tabled at showdown.
let handsTab = null;
function loadHands() {
  if (!handsTab) {
    handsTab = createHandsTab({
      box: $("tab-hands"),
      base: `/api/tournaments/${encodeURIComponent(tid)}/hands`,
      token: () => me && me.token,
      fileStem: tid,
      replay: true,
    });
  }
  handsTab.reload();
}

// ------------------------------------------------------------------ results

function renderResults() {
  const t = state.tournament;
  const key = JSON.stringify([t.results, t.status, t.floor_log.length]);
  const panel = $("t-results");
  if (panel.dataset.key === key) return;
  panel.dataset.key = key;
  $("results-heading").textContent = t.status === "finished" ? "Results" : "Results so far";
  $("back-to-play").hidden = t.status === "finished";
  $("back-to-play").href = `/tournaments/${encodeURIComponent(tid)}`;
  const you = state.you;
  // Everyone who finished in the top three, in order (players tied for a place
  // share it: "2nd–3rd, tied", each on a step of their own, the prize split).
  const top = t.status === "finished" ? t.results.filter((r) => r.place <= 3).sort((a, b) => a.place - b.place || a.entry - b.entry) : [];
  $("podium").innerHTML = top.length ? `<div class="podium${top.length > 3 ? " four" : ""}">${top.map((r, i) => `<div class="step p${i + 1}${r.place !== r.place_to ? " tied" : ""}">
      <span class="medal">${placeText(r)}${r.place !== r.place_to ? ", tied" : ""}</span><b>${escapeHtml(r.name)}</b><span class="prize">${r.prize ? money(r.prize) : "—"}</span></div>`).join("")}</div>` : "";
  if (!t.results.length) {
    $("results-table").innerHTML = '<p class="muted">Nobody has finished yet.</p>';
  } else {
    $("results-table").innerHTML = `<table class="standings results"><thead><tr><th>Place</th><th>Player</th><th class="r">Prize</th></tr></thead><tbody>${
      t.results.map((r) => `<tr class="${you && r.entry === you.entry ? "me" : ""} ${r.prize ? "paid" : ""}" data-place="${r.place}">
        <td class="num">${placeText(r)}${r.place !== r.place_to ? ' <span class="muted">(tie)</span>' : ""}</td>
        <td class="nm">${escapeHtml(r.name)}${r.bot ? " " + BOT_ICON : ""}${r.disqualified ? ' <span class="tag allin">disqualified</span>' : ""}</td>
        <td class="r">${r.prize ? money(r.prize) : ""}</td></tr>`).join("")}</tbody></table>`;
  }
  const c = t.clock;
  const duration = t.started_at ? ((t.finished_at || state.now) - t.started_at) : 0;
  const rows = [
    ["Entries", fmt(c.entries)], ["Prize pool", money(c.prize_pool)], ["Places paid", fmt(c.places_paid)],
    ["Hands dealt", fmt(t.hands)], ["Levels played", fmt(c.level)], ["Time", clockText(duration)],
    ["Starting stack", fmt(t.structure.starting_stack)], ["Chips in play", fmt(c.chips_in_play)],
  ];
  $("summary").innerHTML = `<dl class="facts">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join("")}</dl>`;
  const floor = $("results-floor");
  floor.innerHTML = t.floor_log.map(floorLineHtml).join("");
  floor.scrollTop = floor.scrollHeight;
}

// -------------------------------------------------------------------- start

function mountTournament() {
  applyCardColours();
  $("brand-suits").innerHTML = suitSvg("s", "white") + suitSvg("h", "red");
  me = storage.get(`tournament.${tid}`);
  directorKey = storage.get(`tournament.director.${tid}`);
  const fromUrl = Number(new URLSearchParams(location.search).get("table"));
  watching = Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : null;
  if (!tid) {
    toast("No tournament in this link.");
    return;
  }
  layout();
  conn.connect();
  Object.defineProperty(window, "pokerroom", { get: () => ({ state, version: conn.version, me, directorKey }) });
}

if (document.body.classList.contains("tournament-page")) mountTournament();
else mountLobby();
