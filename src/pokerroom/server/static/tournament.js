// The tournament page (/tournaments/{id}, and /results): the clock, registration,
// the player's own table -- which follows them when they are moved --, the floor,
// and the results.  One WebSocket per page: /ws/tournaments/{id}.  What it draws from
// the state is in tournament/views.js, the director's controls in director.js.
import { api } from "/static/shared/api.js";
import { applyCardColours, brandSuits } from "/static/shared/cards.js";
import { $, escapeHtml, fillScrolled, onClick, pathPart, setText, toast } from "/static/shared/dom.js";
import {
  createDock, handCenterParts, layoutFelt, renderLayer, resultCenterParts,
  seatHtml as feltSeatHtml, tickActionClock as tickFeltClock, wireActionKeys,
} from "/static/shared/felt.js";
import { clockText, compactStakes, fmt, money, placeText } from "/static/shared/format.js";
import { Games, loadGames } from "/static/shared/games.js";
import { logLineHtml, resultView } from "/static/shared/handlog.js";
import { createHandsTab } from "/static/shared/hands.js";
import { createSocket } from "/static/shared/socket.js";
import { storage } from "/static/shared/storage.js";
import {
  mountDirector, mountFloorTools, pauseButtonHtml, wirePauseButton, wireRemoveEntries,
} from "/static/tournament/director.js";
import {
  clockBarHtml, entrantsHtml, eventInfoHtml, floorLineHtml, levelsHtml, payoutsHtml,
  playersHtml, podiumHtml, resultsTableHtml, summaryHtml, tableBarWho, tablesHtml, timeLeftNow,
} from "/static/tournament/views.js";
import { tournamentState } from "/static/tournament/scene.js";
import { structureName } from "/static/tournament/structures.js";

// ========================================================== the tournament page

const tid = pathPart(2);
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
let games = new Games(); // the room's games, loaded before the socket connects
const director = () => ({ tid, key: directorKey });

const dock = createDock({
  get games() {
    return games;
  },
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
  deltas: true,
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
  // A delta connection's state is the scene of the table seen with the viewer's own
  // part on it: the tournament's state is made from it (tournament/scene.js).
  state = "own" in message ? tournamentState(message.state, message.own) : message.state;
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
  $("t-sub").textContent = `${structureName(s.name)} · ${s.mixed ? "mixed games" : s.game} · ${status}`;
  const link = $("results-link");
  link.href = resultsMode ? `/tournaments/${encodeURIComponent(tid)}` : `/tournaments/${encodeURIComponent(tid)}/results`;
  link.textContent = resultsMode ? "Tables" : "Results";
  link.hidden = t.status === "registering" || (t.status === "finished" && !resultsMode);
}

function renderClock() {
  $("clock-bar").innerHTML = clockBarHtml(state.tournament);
  fitClock();
  if (state.tournament.status !== "finished") tickClock();
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
    const left = timeLeftNow(c, Date.now() / 1000 + clockOffset, state.now);
    setText(el, clockText(left));
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
  mountDirector($("director-box"), t, director());
  $("entrants").innerHTML = entrantsHtml(t.players, you, directorKey && t.status === "registering");
  wireRemoveEntries($("entrants"), director());
  $("event-info").innerHTML = eventInfoHtml(t);
  $("levels-lobby").innerHTML = levelsHtml(t);
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
  const who = tableBarWho(you, current);
  const picker = (!you || you.status !== "playing") && t.tables.length > 1
    ? `<label class="picker">Watch <select id="watch-select" aria-label="Table to watch">${t.tables.map((x) =>
      `<option value="${x.number}" ${x.number === current ? "selected" : ""}>Table ${x.number} (${x.players})</option>`).join("")}</select></label>`
    : "";
  const stakes = table ? `<span class="muted hide-phone">${escapeHtml(table.table.game_name)} · ${escapeHtml(compactStakes(table.table.stakes))}${table.hand ? ` · hand #${table.hand.number}` : ""}</span>` : "";
  const pause = pauseButtonHtml(t, directorKey);
  const key = JSON.stringify([who, picker, stakes, pause]);
  const bar = $("table-bar");
  if (bar.dataset.key === key) return;
  bar.dataset.key = key;
  bar.innerHTML = `<span class="who">${who}</span>${stakes}<span class="spacer"></span>${picker}${pause}`;
  wirePauseButton(t.clock.paused, director());
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
  const result = tv.hand || tv.held ? null : resultView(tv.result);
  renderLayer(tv, hero,
    (seat, pos) => `<div class="seat empty t-empty" data-seat="${seat}" style="${pos}"><div class="empty-seat" aria-label="Seat ${seat + 1}: empty">seat ${seat + 1}</div></div>`,
    (info, pos) => feltSeatHtml(tv, info, pos, hero, result, dock.discardPick, { ...SEAT_OPTS, games }));
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
  const board = games.hasBoard(tv.table.game);
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
  setText(el, `${Math.max(0, Math.ceil(you.rebuy_deadline - (Date.now() / 1000 + clockOffset)))}s`);
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
  const on = onClick;
  on("btn-rebuy", () => send({ type: "rebuy" }));
  on("btn-decline", () => send({ type: "decline_rebuy" }));
  on("btn-back", () => send({ type: "sit_in" }));
  on("btn-sit-out", () => send({ type: "sit_out" }));
  on("btn-add-on", () => send({ type: "add_on" }));
  on("btn-late", () => registerMe(($("late-name") || {}).value?.trim() || ""));
  on("btn-reenter", () => registerMe(me ? me.name : ""));
}

wireActionKeys();

// Moved by the director, balancing, a broken table or the final-table draw: say so,
// and keep saying it above the table until the player's first hand there is dealt
// (or they close the notice).
let moveNotice = null; // {text, table, hand}
function noticeMoves() {
  const you = state.you;
  const now = you && you.status === "playing" ? you.table : null;
  const text = moveText(you);
  if (text) moveNotice = { text, table: you.moving_to ? null : now, hand: null };
  if (lastYouTable !== null && now !== null && now !== lastYouTable) {
    if (!you.arriving) moveNotice = { text: `You moved to table ${now}, seat ${you.seat + 1}.`, table: now, hand: null };
    felt.boardSeen = { number: null, cards: new Set() };
    requestAnimationFrame(() => {
      layout();
      if (state && state.table) renderTable();
    });
  }
  lastYouTable = now;
  // Gone once a hand is dealt at the new table with the player in it.
  const tv = state.table;
  if (moveNotice && !text && tv && tv.hand && tv.you && tv.table.number === moveNotice.table) {
    if (moveNotice.hand === null) moveNotice.hand = tv.hand.number;
    else if (tv.hand.number !== moveNotice.hand) moveNotice = null;
  }
  if (!you || you.status !== "playing") moveNotice = null;
  const box = $("move-notice");
  box.hidden = !moveNotice;
  if (moveNotice && box.dataset.text !== moveNotice.text) {
    box.dataset.text = moveNotice.text;
    box.innerHTML = `<span>${escapeHtml(moveNotice.text)}</span><button type="button" class="small ghost" id="move-notice-ok" aria-label="Close the notice">OK</button>`;
    $("move-notice-ok").onclick = () => {
      moveNotice = null;
      box.hidden = true;
    };
  }
}

/** What the player is told while a move is on its way: the director's, kept until
 * their hand ends, or a seat they are walking to. */
function moveText(you) {
  if (!you || you.status !== "playing") return "";
  if (you.moving_to) return `You are moving to table ${you.moving_to.table}, seat ${you.moving_to.seat + 1} when this hand ends.`;
  if (you.arriving) return `You are moving to table ${you.table}, seat ${you.seat + 1}.`;
  return "";
}

// --- the side panel

// Lines about the clock and people moving, rebuying or away (greyed in the log).
const META = /^Level \d+:|moves|arrives|takes seat|Draw for the button|rebuys|add-on|is away|is back|sits out|ran out of time|out of chips|All-in on a hand-for-hand/;

function fillLog(box, lines, lineHtml, key) {
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  fillScrolled(box, lines.length ? lines.map(lineHtml).join("") : '<p class="muted">Nothing yet.</p>');
}

function renderSide() {
  const t = state.tournament;
  const players = $("tab-players");
  const pk = JSON.stringify([t.players, state.you && state.you.entry]);
  if (players.dataset.key !== pk) {
    players.dataset.key = pk;
    players.innerHTML = playersHtml(t, state.you);
  }
  const tables = $("tab-tables");
  const tk = JSON.stringify([t.tables, state.table && state.table.table.number, state.you && state.you.status]);
  if (tables.dataset.key !== tk) {
    tables.dataset.key = tk;
    tables.innerHTML = tablesHtml(t, state.table ? state.table.table.number : null, state.you);
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
  $("tab-btn-director").hidden = !directorKey;
  if (directorKey) mountFloorTools($("tab-director"), t, director());
  const levels = $("tab-levels");
  const lk = `${t.clock.level}:${t.clock.on_break}:${t.prizes.join(",")}`;
  if (levels.dataset.key !== lk) {
    levels.dataset.key = lk;
    levels.innerHTML = levelsHtml(t) + payoutsHtml(t.prizes);
  }
}

for (const button of document.querySelectorAll(".tournament-page .tabs button")) {
  button.addEventListener("click", () => {
    activeTab = button.dataset.tab;
    for (const b of document.querySelectorAll(".tabs button")) b.classList.toggle("on", b === button);
    for (const name of ["players", "tables", "floor", "log", "levels", "hands", "director"]) $(`tab-${name}`).hidden = activeTab !== name;
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
  $("podium").innerHTML = podiumHtml(t);
  $("results-table").innerHTML = resultsTableHtml(t, state.you);
  $("summary").innerHTML = summaryHtml(t, state.now);
  const floor = $("results-floor");
  floor.innerHTML = t.floor_log.map(floorLineHtml).join("");
  floor.scrollTop = floor.scrollHeight;
}

// -------------------------------------------------------------------- start

async function mountTournament() {
  applyCardColours();
  brandSuits();
  me = storage.get(`tournament.${tid}`);
  directorKey = storage.get(`tournament.director.${tid}`);
  const fromUrl = Number(new URLSearchParams(location.search).get("table"));
  watching = Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : null;
  if (!tid) {
    toast("No tournament in this link.");
    return;
  }
  try {
    games = await loadGames();
  } catch (err) {
    toast(`Could not load the games: ${err.message}`);
  }
  layout();
  conn.connect();
  Object.defineProperty(window, "pokerroom", { get: () => ({ state, version: conn.version, me, directorKey }) });
}

mountTournament();
