// The table page (/t/{id}): one WebSocket to the table's actor, the felt drawn from
// each state.  What it draws from a state alone is in table/views.js.
import { api, downloadPost } from "/static/shared/api.js";
import { applyCardColours, brandSuits } from "/static/shared/cards.js";
import {
  $, escapeHtml, fillScrolled, onClick, pathPart, takeFromHash, toast,
} from "/static/shared/dom.js";
import {
  createDock, handCenterParts, layoutFelt, renderLayer, resultCenterParts,
  seatHtml as feltSeatHtml, tickActionClock, wireActionKeys, BOT_ICON,
} from "/static/shared/felt.js";
import { bringInWhy, drawWords } from "/static/shared/clarity.js";
import { capital, fmt } from "/static/shared/format.js";
import { Games, loadGames } from "/static/shared/games.js";
import { logLineHtml, resultView } from "/static/shared/handlog.js";
import { createHandsTab, replayerGiveWay, replayerOpen } from "/static/shared/hands.js";
import { loadRoomAddress, reachNote, roomLink } from "/static/shared/links.js";
import { createSocket } from "/static/shared/socket.js";
import { storage } from "/static/shared/storage.js";
import {
  houseRulesHtml, lastFinishedHand, ledgerHtml, lifeWords, nextLine, playersReady, preactionHtml,
  rabbitHtml, rotationWords, showOfferHtml, shownBySeat, shownTagHtml, tableLife,
} from "/static/table/views.js";
import {
  nextHandHtml, noticesHtml, requestFate, summaryHtml, waitlistHtml, wireNextHand,
  wireRequestAnswers,
} from "/static/table/host_panel.js";

const tableId = pathPart(2);

applyCardColours();
brandSuits();

// ----------------------------------------------------------------- state

let state = null;
let clockOffset = 0; // server seconds minus browser seconds
let seatToken = storage.get(`seat.${tableId}`); // {token, seat, name}
// A host link carries the host key after '#', which browsers never send to a server.
{
  const fromLink = takeFromHash("host");
  if (fromLink) storage.set(`host.${tableId}`, fromLink);
}
let hostKey = storage.get(`host.${tableId}`, null);
if (hostKey === true) hostKey = null; // a flag kept by an older version: no key
let isHost = Boolean(hostKey);
let waitChosen = false; // "wait for the big blind" clicked
let handsShownFor = -1;
const felt = { boardSeen: { number: null, cards: new Set() } }; // board cards already drawn, not dealt anew
let games = new Games(); // the room's games, loaded before the socket connects
const dock = createDock({
  get games() {
    return games;
  },
  view: () => state,
  send: (message) => send(message),
  renderTable: () => renderTable(),
  renderDock: () => renderDock(),
  confirmFreeFold,
});

// Fold when a check is free: asked first, as online rooms do, unless the player turned
// the question off in the Table tab (localStorage "pokerroom.confirmFreeFold").
function confirmFreeFold(fold) {
  if (storage.get("confirmFreeFold", true) === false) {
    fold();
    return;
  }
  confirmBox("Fold when you can check?", "Checking costs nothing here: you would see the next cards for free. "
    + "(The Table tab turns this question off.)", "Fold", fold);
}

// ------------------------------------------------------------ connection

const conn = createSocket({
  path: () => `/ws/tables/${encodeURIComponent(tableId)}`,
  token: () => (seatToken ? seatToken.token : null),
  seated: () => Boolean(seatToken),
  gone: "no_table",
  deltas: true,
  onState,
  onError,
  onOther: (message) => {
    if (message.type === "chat") addChat(message.lines);
    else if (message.type === "ack") answered(message.id);
  },
});

// Every message goes with an id; the server answers it by that id (an "ack" when
// carried out, the error naming it when refused: server/wire/answers.py).  Until then
// it is pending: body[data-unacked] counts them and the dock says "Sending…".
let nextId = 1;
const unacked = new Map(); // id -> the message's type
function send(message) {
  const id = nextId;
  nextId += 1;
  if (!conn.send({ ...message, id })) return false;
  unacked.set(id, message.type);
  markUnacked();
  return true;
}
function answered(id) {
  if (!unacked.delete(id)) return;
  if (![...unacked.values()].includes("act")) dock.sending = false;
  markUnacked();
  if (state) renderDock();
}
function markUnacked() {
  document.body.dataset.unacked = String(unacked.size);
}

function forgetSeat(text) {
  unacked.clear(); // a new connection: what the old one sent is answered by the state
  markUnacked();
  storage.remove(`seat.${tableId}`);
  seatToken = null;
  toast(text, "info");
  conn.reconnect();
}

function onState(message) {
  state = message.state;
  clockOffset = state.now - Date.now() / 1000;
  dock.sending = false;
  // The seat is gone (we left, or it was released): watch instead.
  if (seatToken && !state.you) forgetSeat("You are no longer seated at this table.");
  else render();
}

function onError(message) {
  dock.sending = false;
  if (message.id !== undefined) answered(message.id);
  if (message.reason === "bad_token" || message.reason === "seat_lost") {
    // The server says why (you left, the host removed you): watching from now on.
    const why = message.reason === "seat_lost" && message.message;
    forgetSeat(why ? capital(why) : "Your seat is no longer yours; watching the table.");
    return;
  }
  if (message.reason === "not_host") {
    storage.remove(`host.${tableId}`);
    hostKey = null;
    isHost = false;
  }
  if (message.reason === "no_table") $("t-sub").textContent = "no such table";
  toast(message.message || message.reason || "error", message.reason === "preaction_cancelled" ? "info" : "error");
  dock.key = ""; // rebuild the action bar so its buttons work again
  if (state) renderDock();
}

// ----------------------------------------------------------------- layout

const layout = () => layoutFelt();
window.addEventListener("resize", () => {
  layout();
  if (state) renderTable();
});

// ------------------------------------------------------------------ render

function render() {
  document.body.dataset.phase = state.hand ? state.hand.phase : "between";
  document.body.dataset.hand = state.hand ? String(state.hand.number) : "";
  document.body.dataset.seat = state.you ? String(state.you.seat) : "";
  document.body.dataset.version = String(conn.version);
  renderHeader();
  renderTable();
  renderDock();
  renderLog();
  renderInfo();
  renderChatState();
  renderHostNotices();
  turnAlert();
  const last = lastFinishedHand(state);
  if (last > handsShownFor && !$("tab-hands").hidden) loadHands();
}

function renderHeader() {
  const t = state.table;
  $("t-name").textContent = t.name;
  const myTurn = state.you && state.you.legal;
  baseTitle = `${myTurn ? "▶ Your turn · " : ""}${t.name} — pokerroom`;
  if (!flashing) document.title = baseTitle;
  const hand = state.hand ? ` · hand #${state.hand.number}` : "";
  $("t-sub").textContent = `${games.label(t)} · ${games.stakes(t)}${hand}`;
  // The table's life in words (open says nothing): paused, closed, waiting for players.
  const badge = $("t-life");
  const words = lifeWords(t);
  badge.hidden = !words.badge;
  badge.innerHTML = `<span class="life-long">${words.badge}</span><span class="life-short">${words.short}</span>`;
  badge.title = words.line;
  badge.dataset.life = tableLife(t);
  // Mixed games: the game now, the hands of it left and the next one (tables/rotation.py).
  const rotation = rotationWords(state.rotation, Boolean(state.hand));
  const strip = $("rotation");
  strip.hidden = !rotation;
  if (rotation) {
    strip.textContent = rotation.short;
    strip.title = rotation.line;
  }
}

function heroSeat() {
  return state.you ? state.you.seat : null;
}

function resultForDisplay() {
  if (state.hand) return null;
  const result = resultView(state.result);
  // Cards shown by choice after the hand (tables/show_cards.py), face down where not.
  if (result) {
    for (const s of (state.shown && state.shown.seats) || []) {
      if (!result.shown.has(s.name)) result.shown.set(s.name, { cards: s.cards, description: "" });
    }
  }
  return result;
}

function renderTable() {
  drew = state.hand && games.isDraw(state.table.game) ? drawWords(state.log) : new Map();
  const hero = heroSeat();
  const result = resultForDisplay();
  const nameToSeat = new Map();
  for (const s of state.seats) if (s) nameToSeat.set(s.name, s.seat);
  renderLayer(state, hero, (seat, pos) => {
    // A closed table takes no one; one the host locked takes no new players: its
    // empty seats say so.
    const closed = tableLife(state.table) === "closed";
    const locked = !closed && state.table.locked && !state.you;
    const canSit = !state.you && !locked && !closed;
    const label = closed ? "Closed" : locked ? "Locked" : canSit ? "Sit here" : "Empty";
    const title = closed ? "The table is closed" : locked ? "The host has locked this table: no new players" : "";
    const aria = closed ? "the table is closed" : locked ? "locked by the host" : canSit ? "sit here" : "empty";
    return `<div class="seat empty" data-seat="${seat}" style="${pos}">
        <button type="button" class="sit" data-seat="${seat}" ${canSit ? "" : "disabled"}
          ${title ? `title="${title}"` : ""}
          aria-label="Seat ${seat + 1}: ${aria}">${label}<small>seat ${seat + 1}</small></button></div>`;
  }, (info, pos) => seatHtml(info, pos, hero, result));
  for (const button of $("layer").querySelectorAll("button.sit:not([data-wired])")) {
    button.dataset.wired = "1";  // a seat drawn the same again keeps this button
    button.addEventListener("click", () => openJoin(Number(button.dataset.seat)));
  }
  dock.wireDiscardCards();
  renderCenter(result, nameToSeat);
  tickClock();
}

const SEAT_OPTS = {
  dotTitle: true,
  pendingHtml: (info, pos) => `<div class="seat out" data-seat="${info.seat}" style="${pos}"><div class="hole"></div>
      <div class="plate"><div class="name"><span class="nm">${escapeHtml(info.name)}</span>${info.bot ? BOT_ICON : ""}</div><div class="stack zero">—</div></div>
      <div class="tags"><span class="tag out">joining</span></div></div>`,
  statusTags: (info, tags) => {
    const hand = state.hand;
    if (info.status === "sitting_out" || info.status === "away") tags.push('<span class="tag out">Sitting out</span>');
    else if (info.status === "busted") tags.push('<span class="tag out">Busted</span>');
    else if (hand && !info.in_hand) tags.push('<span class="tag out">Waiting</span>');
    // Someone dealt in (posting now, or in the big blind) owes nothing in this hand.
    if (info.owes && !(hand && info.in_hand)) tags.push('<span class="tag owes" title="Missed blinds to make up">Owes blinds</span>');
    if (!info.connected) tags.push('<span class="tag offline">Offline</span>');
    // Cards shown by choice after folding, while the hand goes on (show_cards.py).
    const shown = hand ? shownBySeat(state).get(info.seat) : null;
    if (shown) tags.push(shownTagHtml(shown));
  },
};

function seatHtml(info, pos, hero, result) {
  return feltSeatHtml(state, info, pos, hero, result, dock.discardPick, { ...SEAT_OPTS, games, drawWords: drew });
}

// Who drew how many at the draw in play (the seats' "Draws 2" tags), made per render.
let drew = new Map();

/** Whether the table's game is razz-like: the highest up-card brings it in (F10). */
function lowStud() {
  const game = games.get(state.table.game);
  return Boolean(game && game.stud && !game.high);
}

function hasBoard() {
  return games.hasBoard(state.table.game);
}

function renderCenter(result, nameToSeat) {
  const hand = state.hand;
  const out = [];
  if (hand) {
    const game = games.get(state.table.game);
    handCenterParts(felt, hand, hasBoard(), out, game ? game.draws : 0);
    // Stud's third street: who brings it in, and why (F10, D6).
    const why = hand.street === "third" && games.isStud(state.table.game) ? bringInWhy(state.log, lowStud()) : null;
    if (why) out.push(`<div class="why-note" id="bring-in-why"><b>${escapeHtml(why.name)}</b> brings it in: ${escapeHtml(why.text)}</div>`);
  } else if (result) {
    resultCenterParts(result, out);
    out.push(rabbitHtml(state.shown));  // the host's rabbit hunt: never played
  } else {
    const present = playersReady(state);
    const life = lifeWords(state.table).badge;  // paused, closed, or waiting for players
    const text = life || (present >= 2 ? "Shuffling up…" : `Waiting for players — ${2 - present} more to start`);
    out.push(`<div class="waiting-note" id="life-note">${text}</div>`);
  }
  void nameToSeat;
  $("center").innerHTML = out.join("");
}

// ------------------------------------------------------------ action clock

function tickClock() {
  tickActionClock(state, clockOffset);
}

// Four times a second, as the tournament page does: a frame-by-frame loop kept a
// page with a hand on busy (a sixth of a core per open table page, measured).
setInterval(() => {
  if (state) tickClock();
}, 250);

// ------------------------------------------------------------------- dock

function heroInfo() {
  return state.you ? state.seats[state.you.seat] : null;
}

function renderDock() {
  const you = state.you;
  const legal = you && you.legal;
  const hand = state.hand;
  const key = JSON.stringify([
    legal, hand && hand.number, hand && hand.street, hand && hand.actor, you && you.status,
    you && you.owes, you && you.waiting, you && you.wants_to_post, heroInfo() && heroInfo().stack,
    heroInfo() && heroInfo().in_hand, waitChosen, isHost, [...dock.discardPick].sort(), !!seatToken,
    you && you.preaction, hand && hand.current_bet, heroInfo() && heroInfo().bet,
    heroInfo() && heroInfo().folded, heroInfo() && heroInfo().all_in,
    !you && state.table.locked, !you && state.seats.every((s) => s),  // a watcher's line
    tableLife(state.table),
    you && you.pending, unacked.size > 0, state.seats.every((s) => s),
    you && you.show,  // show one's cards by choice (show_cards.py)
  ]);
  if (!dock.draw(key, legal, idleHtml, wireIdle)) return;
  // On the host's own turn the bot control stays, under the action buttons.
  const bot = legal ? botAddHtml("") : "";
  if (bot) {
    $("dock").insertAdjacentHTML("beforeend", `<div class="line host-line">${bot}</div>`);
    wireBotAdd("");
  }
  tickClock();
}

function idleHtml() {
  const you = state.you;
  const hand = state.hand;
  const t = state.table;
  const life = tableLife(t);
  const open = life === "open" || life === "idle";
  const bot = botAddHtml("");
  if (!you) {
    const free = state.seats.filter((s) => !s).length;
    const text = life === "closed" ? "You are watching. The table is closed."
      : state.table.locked ? "You are watching. The host has locked this table: no new players."
        : free ? `You are watching. ${life === "open" ? "" : `${escapeHtml(lifeWords(t).badge)}. `}Click <b>Sit here</b> on an empty seat to play.`
          : "You are watching. The table is full.";
    return `<div class="line info"><span>${text}</span></div>${bot ? `<div class="line">${bot}</div>` : ""}`;
  }
  const me = heroInfo();
  const lines = [];
  const buttons = [];
  const bb = t.big_blind || t.small_bet;
  if (you.status === "joining") {
    lines.push("You take your seat when this hand ends.");
  } else if (me && me.stack === 0 && !(hand && me.in_hand && !me.folded)) {
    // All-in in a live pot is not out of chips: the pot may come back.
    lines.push("You are out of chips.");
    buttons.push('<button type="button" class="gold" id="btn-rebuy">Rebuy</button>');
  } else if (you.status === "sitting_out" || you.status === "away") {
    lines.push(you.owes ? "You are sitting out and owe blinds." : "You are sitting out.");
    if (you.owes) {
      buttons.push('<button type="button" class="gold" id="btn-back-post">I\'m back — post now</button>');
      buttons.push('<button type="button" id="btn-back">I\'m back — wait for the big blind</button>');
    } else {
      buttons.push('<button type="button" class="gold" id="btn-back">I\'m back</button>');
    }
  } else if ((you.owes || you.status === "new") && you.waiting && (hand || you.owes)) {
    if (you.wants_to_post) {
      lines.push("You will post and be dealt in next hand.");
    } else if (waitChosen) {
      lines.push("Waiting for the big blind to reach you.");
      buttons.push(`<button type="button" id="btn-post">Post ${fmt(bb)} to play now</button>`);
    } else {
      lines.push(you.owes ? "You missed the blinds. Post to play now, or wait for the big blind."
        : "Welcome! Post a big blind to play now, or wait for the big blind to reach you.");
      buttons.push(`<button type="button" class="gold" id="btn-post">Post ${fmt(bb)} to play now</button>`);
      buttons.push('<button type="button" id="btn-wait">Wait for the big blind</button>');
    }
  } else if (hand && me && me.in_hand && me.folded) {
    lines.push(open ? "You folded. Next hand soon." : "You folded.");
  } else if (hand && me && me.in_hand) {
    const actor = hand.actor !== null && hand.actor !== undefined ? state.seats[hand.actor] : null;
    lines.push(actor ? `Waiting for <b>${escapeHtml(actor.name)}</b>…` : "Dealing…");
    if (!me.all_in && hand.phase === "betting") buttons.push(preactionHtml(you, me, hand));
  } else if (hand) {
    lines.push(life === "closed" ? "The table is closed after this hand." : "You are dealt in next hand.");
  } else if (!open) {
    lines.push(lifeWords(t).line);
  } else if (playersReady(state) < 2) {
    lines.push(`Waiting for another player: invite a friend${isHost ? " or add a bot" : ""}.`);
  } else {
    lines.push("Next hand starting soon.");
  }
  // Asked for and carried out when the hand ends (the state's you.pending), or sent and
  // not yet answered.
  const pending = you.pending;
  if (pending && pending.top_up) lines.push(`<span id="pending-top-up">${fmt(pending.top_up)} in chips will be added when this hand ends.</span>`);
  if (pending && pending.leave) lines.push("You leave when this hand ends.");
  if (unacked.size) lines.push('<span class="sending">Sending…</span>');
  const controls = [];
  if (you.status !== "joining" && me && life !== "closed") {
    if (you.status === "active" || you.status === "new") {
      controls.push('<button type="button" class="small" id="btn-sit-out">Sit out</button>');
    }
    if (me.stack > 0 && t.max_buy_in && me.stack < t.max_buy_in) {
      controls.push('<button type="button" class="small" id="btn-top-up">Top up</button>');
    }
    const playing = state.seats.filter((s) => s && !s.pending && s.status === "active").length;
    if (t.straddle && open && !hand && you.status === "active" && playing >= 3) {
      controls.push('<button type="button" class="small" id="btn-straddle">Straddle</button>');
    }
  }
  // At a closed table everyone leaves when the hand ends: nothing to ask.
  if (life !== "closed") controls.push('<button type="button" class="small ghost" id="btn-leave">Leave table</button>');
  return `<div class="line info"><span>${lines.join(" ")}</span></div>
    ${buttons.length ? `<div class="line">${buttons.join("")}</div>` : ""}
    ${showOfferHtml(you.show)}
    <div class="line">${controls.join("")}${bot}</div>`;
}

function wireIdle() {
  const on = onClick;
  for (const button of document.querySelectorAll("#show-cards [data-show]")) {
    button.addEventListener("click", () => send({ type: "show_cards", cards: button.dataset.show.split(",").map(Number) }));
  }
  on("btn-post", () => send({ type: "post" }));
  for (const box of document.querySelectorAll("#preactions input")) {
    box.addEventListener("change", () => {
      const chosen = box.checked ? box.dataset.kind : null;
      const amount = chosen === "call" ? Number(box.dataset.amount) : null;
      send({ type: "preaction", kind: chosen, ...(amount ? { amount } : {}) });
    });
  }
  on("btn-wait", () => {
    waitChosen = true;
    renderDock();
  });
  on("btn-back", () => send({ type: "sit_in", post: false }));
  on("btn-back-post", () => send({ type: "sit_in", post: true }));
  on("btn-sit-out", () => send({ type: "sit_out" }));
  on("btn-straddle", () => send({ type: "straddle" }));
  on("btn-top-up", () => openAmount(false));
  on("btn-rebuy", () => openAmount(true));
  on("btn-leave", () => confirmBox("Leave the table?",
    "Your chips are cashed out. If a hand is running, you leave when it ends.", "Leave", () => send({ type: "leave" })));
  wireBotAdd("");
}

// The host's "Add bot": in the dock (between hands, and under the action buttons on
// the host's own turn: issue 24, item 5, it used to live only in the idle dock, so a
// heads-up hand against a bot, the host's turn most of the time, hid it) and in the
// Table tab's host tools.  ``prefix`` keeps the two copies' ids apart ("" or "host-").
// A closed table takes nothing more, a full one no bot: nothing to show.
function botAddHtml(prefix) {
  if (!isHost || tableLife(state.table) === "closed" || state.seats.every((s) => s)) return "";
  return `<span class="bot-add"><select id="${prefix}bot-policy" aria-label="Bot style">
      <option value="solid">solid bot</option><option value="rock">rock bot</option><option value="loose">loose bot</option><option value="tag">tight bot</option><option value="station">calling bot</option><option value="random">random bot</option>
    </select> <button type="button" class="small" id="${prefix}btn-add-bot">Add bot</button></span>`;
}

function wireBotAdd(prefix) {
  onClick(`${prefix}btn-add-bot`, async () => {
    const policy = $(`${prefix}bot-policy`) ? $(`${prefix}bot-policy`).value : "solid";
    try {
      const r = await api(`/api/tables/${encodeURIComponent(tableId)}/bots`, { method: "POST", body: { policy, host: hostKey } });
      toast(`A bot takes seat ${r.seat + 1}.`, "info");
    } catch (err) {
      toast(err.message);
    }
  });
}

// ------------------------------------------------------------------- log

// Lines about people coming and going (greyed in the log).
const META = /sits down|leaves with|rebuys|adds \d+|Draw for the button|resumed|cancelled|sat out|ran out of time/;

let lastLogKey = "";
function renderLog() {
  const next = nextLine(state);
  const key = `${state.log.join("\n")}\n${next}`;
  if (key === lastLogKey) return;
  lastLogKey = key;
  const stud = games.isStud(state.table.game);
  fillScrolled($("tab-log"), state.log.map((line, i) => {
    const html = logLineHtml(line, META);
    const why = stud && / brings it in for \d+$/.test(line) ? bringInWhy(state.log.slice(0, i + 1), lowStud()) : null;
    return why ? html.replace(/<\/div>$/, ` <span class="why">— ${escapeHtml(why.text)}</span></div>`) : html;
  }).join("") +
    (next ? `<div class="ln meta next" id="log-next">${escapeHtml(next)}</div>` : ""));
}

// ----------------------------------------------------------------- hands

const handsTab = createHandsTab({
  box: $("tab-hands"),
  base: `/api/tables/${encodeURIComponent(tableId)}/hands`,
  token: () => seatToken && seatToken.token,
  fileStem: tableId,
  replay: true,
  dock: document.querySelector("main.room .side"), // beside the table, never over it
});

function loadHands() {
  handsShownFor = lastFinishedHand();
  handsTab.reload();
}

for (const button of document.querySelectorAll(".tabs button")) {
  button.addEventListener("click", () => {
    for (const b of document.querySelectorAll(".tabs button")) b.classList.toggle("on", b === button);
    for (const name of ["log", "hands", "chat", "info"]) $(`tab-${name}`).hidden = button.dataset.tab !== name;
    if (button.dataset.tab === "hands") loadHands();
    if (button.dataset.tab === "chat") {
      chatUnread = 0;
      $("chat-unread").hidden = true;
      const lines = $("chat-lines");
      lines.scrollTop = lines.scrollHeight;
    }
  });
}

// ------------------------------------------------------------------ info

let lastInfoKey = "";
function renderInfo() {
  const t = state.table;
  const muck = state.you && state.you.muck_losing !== undefined ? state.you.muck_losing : null;
  const canMuck = !(t.house_rules || []).some((r) => r.option === "auto_showdown");
  const key = JSON.stringify([t, isHost, muck, hostSeatsKey()]);
  if (key === lastInfoKey) return;
  lastInfoKey = key;
  const method = { no_dead_button: "moving button", no_missed_blinds: "dead button", simplified: "simplified moving button" };
  $("tab-info").innerHTML = `
    <label><input type="checkbox" id="four-colour" ${storage.get("fourColour", false) ? "checked" : ""}> Four-colour deck</label>
    <label title="A short beep when it is your turn (the tab's title flashes when it is hidden or the replayer is open)"><input type="checkbox" id="turn-sound" ${storage.get("turnSound", false) ? "checked" : ""}> Sound on your turn</label>
    <label title="Asks before you fold when checking is free (kept in this browser)"><input type="checkbox" id="confirm-free-fold" ${storage.get("confirmFreeFold", true) === false ? "" : "checked"}> Ask before folding when I can check</label>
    ${muck !== null && canMuck ? `<label title="At the showdown, a hand that cannot win is mucked unseen (all-in hands are always shown)"><input type="checkbox" id="muck-losing" ${muck ? "checked" : ""}> Muck losing hands</label>` : ""}
    <dl>
      <dt>Game</dt><dd>${escapeHtml(t.game_name)}</dd>
      ${state.rotation ? `<dt>Mixed</dt><dd id="info-rotation">${escapeHtml(rotationWords(state.rotation, false).line)}</dd>` : ""}
      <dt>Betting</dt><dd>${escapeHtml(t.structure.replace("_", " "))}</dd>
      <dt>Stakes</dt><dd>${escapeHtml(games.stakes(t))}</dd>
      <dt>Seats</dt><dd>${t.seats}</dd>
      <dt>Buy-in</dt><dd>${fmt(t.min_buy_in)} – ${fmt(t.max_buy_in)}</dd>
      ${games.isStud(t.game) ? "" : `<dt>Button</dt><dd>${escapeHtml(method[t.button_method] || t.button_method)}</dd>`}
      <dt>Straddles</dt><dd>${t.straddle ? "allowed" : "no"}</dd>
      <dt>Action clock</dt><dd>${t.action_seconds}s</dd>
      ${t.rabbit_hunt ? '<dt>Rabbit hunt</dt><dd id="info-rabbit">on: after a hand ends early, the board that would have come</dd>' : ""}
      ${t.time_bank ? `<dt>Time bank</dt><dd>${t.time_bank}s each</dd>` : ""}
    </dl>
    ${houseRulesHtml(t.house_rules || [])}
    ${isHost ? hostToolsHtml(t) : ""}
    <p class="muted">Keys on your turn: <b>F</b> fold, <b>C</b> check/call, <b>R</b> bet/raise${
      (t.house_rules || []).some((r) => r.option === "open_pair_double") ? ", <b>B</b> the big bet" : ""}.</p>`;
  if (isHost) wireHostTools(t);
  if ($("muck-losing")) $("muck-losing").addEventListener("change", (event) => send({ type: "muck_losing", on: event.target.checked }));
  $("turn-sound").addEventListener("change", (event) => {
    storage.set("turnSound", event.target.checked);
    if (event.target.checked) beep();
  });
  $("confirm-free-fold").addEventListener("change", (event) => storage.set("confirmFreeFold", event.target.checked));
  $("four-colour").addEventListener("change", (event) => {
    storage.set("fourColour", event.target.checked);
    applyCardColours();
  });
}

// The host's tools as the table's life allows them (tables/life.py): a closed table
// keeps only its ledger; a paused one offers Resume, any other Pause.
function hostToolsHtml(t) {
  const life = tableLife(t);
  if (life === "closed") {
    return `<h3 class="house-head">Host</h3><p class="muted" id="host-closed">The table is closed: every player leaves with their chips and nothing more is dealt.</p>
      <p><button type="button" class="small" id="btn-ledger">Show the ledger</button></p>
      <div id="host-ledger"></div>`;
  }
  const bot = botAddHtml("host-");
  return `<h3 class="house-head">Host</h3><p class="host-tools">
      <button type="button" class="small" id="btn-pause">${life === "paused" ? "Resume dealing" : "Pause after this hand"}</button>
      <button type="button" class="small ghost" id="btn-host-link">Copy host link</button>
      <button type="button" class="small ghost" id="btn-close-table">Close table</button></p>
      ${bot ? `<p class="host-bots">${bot}</p>` : ""}
      <label title="After a hand ends before the river, everyone sees the board that would have come, marked not played"><input type="checkbox" id="host-rabbit" ${t.rabbit_hunt ? "checked" : ""}> Rabbit hunt</label>
      ${hostPanelHtml(t)}`;
}

function wireHostTools(t) {
  const hostCall = async (what) => {
    try {
      await api(`/api/tables/${encodeURIComponent(tableId)}/${what}`, { method: "POST", body: { host: hostKey } });
    } catch (err) {
      toast(err.message);
    }
  };
  const hostPost = async (path, body) => {
    try {
      return await api(`/api/tables/${encodeURIComponent(tableId)}/${path}`, { method: "POST", body: { host: hostKey, ...body } });
    } catch (err) {
      toast(err.message);
      return null;
    }
  };
  $("btn-ledger").addEventListener("click", async () => {
    const rows = await hostPost("ledger/players", {});
    if (rows) $("host-ledger").innerHTML = ledgerHtml(rows);
  });
  if (tableLife(t) === "closed") return;
  $("btn-pause").addEventListener("click", () => hostCall(tableLife(t) === "paused" ? "resume" : "pause"));
  $("host-rabbit").addEventListener("change", (event) => hostPost("rabbit", { on: event.target.checked }));
  wireBotAdd("host-");
  $("btn-host-link").addEventListener("click", async () => {
    const link = roomLink(`/t/${encodeURIComponent(tableId)}#host=${encodeURIComponent(hostKey)}`);
    try {
      await navigator.clipboard.writeText(link);
      toast(`Host link copied: whoever opens it can add bots, pause and close this table.${reachNote(link)}`, "info");
    } catch {
      window.prompt("The host link (anyone with it can host this table):", link);
    }
  });
  $("btn-close-table").addEventListener("click", () => confirmBox("Close the table?",
    "Every player leaves with their chips (after the hand in progress) and the table leaves the lobby.",
    "Close", () => hostCall("close")));
  for (const button of document.querySelectorAll("#host-seats button[data-seat]")) {
    const seat = Number(button.dataset.seat);
    const info = state.seats[seat];
    if (button.dataset.do === "remove-bot") {
      button.addEventListener("click", () => hostPost("bots/remove", { seat }));
    } else {
      button.addEventListener("click", () => confirmBox(`Remove ${info ? info.name : "this player"}?`,
        "They leave when the hand in progress ends, their chips cashed out to the ledger.",
        "Remove", () => hostPost("kick", { seat })));
    }
  }
  for (const box of ["host-chat-on", "host-chat-spectators"]) {
    $(box).addEventListener("change", () => hostPost("chat", {
      on: $("host-chat-on").checked, spectators: $("host-chat-spectators").checked }));
  }
  $("host-lock").addEventListener("change", () => hostPost("lock", { locked: $("host-lock").checked }));
  wireNextHand({ // issue 24: stakes, bomb pot, seat change, settle-up
    stud: games.isStud(t.game), post: hostPost, tableId,
    download: (path, filename) => downloadPost(`/api/tables/${encodeURIComponent(tableId)}/${path}`, { host: hostKey }, filename).catch((err) => toast(err.message)),
  });
}

// Issue 24: the host's plans for the next hand, for everyone; and once the table is
// closed, its summary (who bought in for what, who pays whom), fetched once.
// A join the host must approve leaves its request here (its id and the seat's token
// to be): the page says it waits, then takes the seat, or says the host refused.
let seatAsk = storage.get(`ask.${tableId}`, null);
// A name on the full table's waitlist: {id, token, name, seen} (the token takes the
// seat; seen: a state has listed it).
let waitEntry = storage.get(`wait.${tableId}`, null);
if (waitEntry) waitEntry.seen = true; // put down before this page: its states came long ago
function wireWaitlist() {
  const path = (what) => `/api/tables/${encodeURIComponent(tableId)}/${what}`;
  onClick("btn-waitlist", async () => {
    const name = $("waitlist-name").value.trim();
    try {
      const r = await api(path("waitlist"), { method: "POST", body: { name } });
      waitEntry = { id: r.id, token: r.token, name };
      storage.set(`wait.${tableId}`, waitEntry);
      storage.set("name", name);
      noticesKey = "";
      renderHostNotices();
    } catch (err) {
      toast(err.message);
    }
  });
  onClick("btn-leave-waitlist", () => api(path("waitlist/leave"), { method: "POST", body: { token: waitEntry.token } })
    .catch((err) => toast(err.message)));
  onClick("btn-take-seat", () => openJoin(Number($("btn-take-seat").dataset.seat)));
  clearInterval(offerTimer); // the seconds left to take the seat offered, counted down
  if ($("offer-left")) {
    offerTimer = setInterval(() => {
      const left = $("offer-left");
      if (!left) return clearInterval(offerTimer);
      left.textContent = String(Math.max(0, Math.round(Number(left.dataset.until) - (Date.now() / 1000 + clockOffset))));
      return undefined;
    }, 1000);
  }
}
let offerTimer = null;
let summaryShown = false;
let noticesKey = "";
function renderHostNotices() {
  const tools = state.table.host_tools || {};
  const fate = seatAsk ? requestFate(tools, seatAsk.waiting) : "waiting";
  if (fate === "waiting" && seatAsk) seatAsk.seen = true; // a state older than the ask says nothing
  const sat = seatAsk && state.seats[seatAsk.seat] && state.seats[seatAsk.seat].name === seatAsk.name;
  if (fate === "refused" || (fate === "answered" && (seatAsk.seen || sat))) {
    const refused = fate === "refused";
    storage.remove(`ask.${tableId}`);
    if (!refused) {
      seatToken = { token: seatAsk.token, seat: seatAsk.seat, name: seatAsk.name };
      storage.set(`seat.${tableId}`, seatToken);
    }
    seatAsk = null;
    toast(refused ? "The host refused your request for a seat." : "The host accepted you: take your seat.", "info");
    if (!refused) conn.reconnect();
  }
  // The answer to putting a name down may come before the first state that lists it:
  // the entry is gone only once a state listed it and a later one does not.
  const listed = waitEntry && (tools.waitlist || []).some((w) => w.id === waitEntry.id);
  if (listed && !waitEntry.seen) {
    waitEntry.seen = true;
    storage.set(`wait.${tableId}`, waitEntry);
  } else if (waitEntry && !listed && waitEntry.seen) {
    storage.remove(`wait.${tableId}`); // taken, left, or the offer ran out
    if (!seatToken) toast("You are no longer on the waitlist.", "info");
    waitEntry = null;
  }
  const full = state.seats.every((seat, i) => seat || (tools.waitlist || []).some((w) => w.seat === i));
  const key = JSON.stringify([tools, isHost, seatAsk, waitEntry, full, Boolean(state.you)]);
  const box = $("host-notices");
  if (key !== noticesKey) {
    noticesKey = key;
    box.innerHTML = noticesHtml(tools, { host: isHost, mine: seatAsk && seatAsk.waiting })
      + waitlistHtml(tools, { mine: waitEntry && waitEntry.id, full, seated: Boolean(state.you) || Boolean(seatAsk), now: state.now });
    box.hidden = !box.innerHTML;
    if (isHost) {
      wireRequestAnswers(box, (path, body) => api(`/api/tables/${encodeURIComponent(tableId)}/${path}`,
        { method: "POST", body: { host: hostKey, ...body } }).catch((err) => toast(err.message)));
    }
    wireWaitlist();
  }
  if (tableLife(state.table) !== "closed" || state.hand || summaryShown) return;
  summaryShown = true;
  api(`/api/tables/${encodeURIComponent(tableId)}/summary`).then((summary) => {
    $("table-summary").innerHTML = `<h2>The table is closed: settle up</h2>${summaryHtml(summary)}`;
    $("table-summary").hidden = false;
  }).catch((err) => { summaryShown = false; toast(err.message); });
}

// The host's view of who sits where, with the buttons to remove a bot or a player.
function hostSeatsKey() {
  return state ? state.seats.map((s) => s && [s.name, s.bot]) : [];
}

function hostPanelHtml(t) {
  const seated = state.seats.filter((s) => s && s.seat !== heroSeat()); // not the host's own seat
  const rows = seated.map((s) => `<li><span>${escapeHtml(s.name)}${s.bot ? ` ${BOT_ICON}` : ""} <small class="muted">seat ${s.seat + 1}</small></span>
      <button type="button" class="small ghost" data-seat="${s.seat}" data-do="${s.bot ? "remove-bot" : "kick"}">${s.bot ? "Remove bot" : "Remove player"}</button></li>`).join("");
  return `<ul class="host-seats" id="host-seats">${rows || '<li class="muted">No one is seated.</li>'}</ul>
    <p class="host-lock"><label><input type="checkbox" id="host-lock" ${t.locked ? "checked" : ""}> Lock the table: no new players</label></p>
    <p class="host-chat"><label><input type="checkbox" id="host-chat-on" ${t.chat.on ? "checked" : ""}> Chat on</label>
      <label><input type="checkbox" id="host-chat-spectators" ${t.chat.spectators ? "checked" : ""} ${t.chat.on ? "" : "disabled"}> Spectators may chat</label></p>
    <p><button type="button" class="small" id="btn-ledger">Show the ledger</button></p>
    <div id="host-ledger"></div>
    ${nextHandHtml(t, state.seats, { stud: games.isStud(t.game), flop: !games.isStud(t.game) && !games.isDraw(t.game) })}`;
}

// ------------------------------------------------------------ pre-actions

// ---------------------------------------------------------- your turn

let baseTitle = document.title;
let flashing = null;
let wasMyTurn = false;

function turnAlert() {
  const mine = Boolean(state.you && state.you.legal && state.hand && state.hand.actor === state.you.seat);
  if (mine && !wasMyTurn) {
    // Eyes on the replayer are not on the table: it beeps and flashes the title too,
    // and makes way where it covers the felt or the buttons (a phone's sheet).
    const replaying = replayerOpen();
    if (storage.get("turnSound", false) || replaying) beep();
    replayerGiveWay([$("felt-area"), $("dock")]);
    if ((document.hidden || replaying) && !flashing) {
      let on = false;
      flashing = setInterval(() => {
        on = !on;
        document.title = on ? "▶ YOUR TURN" : baseTitle;
      }, 900);
    }
  }
  if (!mine) stopFlash();
  wasMyTurn = mine;
  showTurnJump(mine);
}

// A phone scrolled down to the log, the hands or the replay: on your turn a bar at the
// bottom of the screen takes you back to the action buttons.
function showTurnJump(mine) {
  const jump = $("turn-jump");
  const box = $("dock").getBoundingClientRect();
  jump.hidden = !(mine && (box.bottom > window.innerHeight + 1 || box.top < 0));
}
$("turn-jump").addEventListener("click", () => {
  $("dock").scrollIntoView({ block: "end" });
  $("turn-jump").hidden = true;
});
window.addEventListener("scroll", () => { if (state) showTurnJump(wasMyTurn); }, { passive: true });

function stopFlash() {
  if (flashing) clearInterval(flashing);
  flashing = null;
  document.title = baseTitle;
}
document.addEventListener("visibilitychange", () => { if (!document.hidden) stopFlash(); });

let audio = null;
function beep() {
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.12, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.25);
    document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
  } catch {
    // No audio here (a browser without WebAudio): the title still says it.
  }
}

// ------------------------------------------------------------------ chat

let chatUnread = 0;
function addChat(lines) {
  const box = $("chat-lines");
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  for (const line of lines) {
    const row = document.createElement("div");
    row.className = `chat-line${line.seat === null ? " spectator" : ""}${state && state.you && line.seat === state.you.seat ? " mine" : ""}`;
    const who = document.createElement("b");
    who.textContent = line.name; // text, never HTML: whatever anyone types shows as typed
    const text = document.createElement("span");
    text.textContent = line.text;
    row.append(who, " ", text);
    box.append(row);
  }
  while (box.children.length > 100) box.firstChild.remove();
  if (atBottom || !$("tab-chat").hidden) box.scrollTop = box.scrollHeight;
  if ($("tab-chat").hidden) {
    chatUnread += lines.length;
    $("chat-unread").hidden = false;
    $("chat-unread").textContent = String(Math.min(chatUnread, 99));
  }
}

function renderChatState() {
  const chat = state.table.chat || { on: true, spectators: true };
  const may = chat.on && (state.you || chat.spectators);
  $("chat-text").disabled = !may;
  $("chat-send").disabled = !may;
  const note = !chat.on ? "The host has turned the chat off."
    : may ? "" : "Only players may chat at this table.";
  $("chat-note").hidden = !note;
  $("chat-note").textContent = note;
}

$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("chat-text").value.trim();
  if (!text) return;
  if (send({ type: "chat", text })) $("chat-text").value = "";
});

// --------------------------------------------------------------- dialogs

function wireAmount(range, box, min, max, value) {
  range.min = box.min = String(min);
  range.max = box.max = String(max);
  range.step = "1";
  range.value = box.value = String(value);
  range.oninput = () => { box.value = range.value; };
  box.oninput = () => { range.value = box.value; };
}

function openJoin(seat) {
  const t = state.table;
  const dialog = $("join-dialog");
  $("join-title").textContent = `Take seat ${seat + 1}`;
  $("join-name").value = storage.get("name", "");
  const min = t.min_buy_in || 1;
  const max = t.max_buy_in || min * 5;
  $("join-limits").textContent = `(${fmt(min)} – ${fmt(max)})`;
  wireAmount($("join-range"), $("join-buyin"), min, max, max);
  $("join-error").textContent = "";
  dialog.dataset.seat = String(seat);
  dialog.showModal();
  $("join-name").focus();
}

$("join-cancel").addEventListener("click", () => $("join-dialog").close());
$("join-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const seat = Number($("join-dialog").dataset.seat);
  const name = $("join-name").value.trim();
  const buyIn = Math.round(Number($("join-buyin").value));
  const t = state.table;
  if (!name) {
    $("join-error").textContent = "Please enter a name.";
    return;
  }
  if (!(buyIn >= t.min_buy_in && (!t.max_buy_in || buyIn <= t.max_buy_in))) {
    $("join-error").textContent = `The buy-in must be between ${fmt(t.min_buy_in)} and ${fmt(t.max_buy_in)}.`;
    return;
  }
  $("join-submit").disabled = true;
  try {
    // The seat offered from the waitlist is taken with the list's token (issue 24).
    const offered = waitEntry && ((state.table.host_tools || {}).waitlist || []).some((w) => w.id === waitEntry.id && w.seat === seat);
    const r = offered
      ? await api(`/api/tables/${encodeURIComponent(tableId)}/waitlist/take`, { method: "POST", body: { token: waitEntry.token, buy_in: buyIn } })
      : await api(`/api/tables/${encodeURIComponent(tableId)}/join`, { method: "POST", body: { name, seat, buy_in: buyIn } });
    storage.set("name", name);
    $("join-dialog").close();
    if (r.waiting) { // the host approves each player (issue 24): a request, not a seat yet
      seatAsk = { waiting: r.waiting, token: r.token, seat: r.seat, name };
      storage.set(`ask.${tableId}`, seatAsk);
      toast("Asked: waiting for the host to accept you.", "info");
      renderHostNotices();
      return;
    }
    seatToken = { token: r.token, seat: r.seat, name };
    storage.set(`seat.${tableId}`, seatToken);
    waitChosen = false;
    conn.reconnect();
  } catch (err) {
    $("join-error").textContent = err.message;
  } finally {
    $("join-submit").disabled = false;
  }
});

let amountRebuy = false;
function openAmount(rebuy) {
  const t = state.table;
  const me = heroInfo();
  if (!me) return;
  amountRebuy = rebuy;
  const max = t.max_buy_in ? t.max_buy_in - me.stack : t.min_buy_in * 5;
  const min = rebuy ? t.min_buy_in : 1;
  if (max < min) {
    toast("You already have the maximum buy-in in front of you.", "info");
    return;
  }
  $("amount-title").textContent = rebuy ? "Rebuy" : "Top up";
  $("amount-limits").textContent = `Amount (${fmt(min)} – ${fmt(max)})${state.hand ? " — added when this hand ends" : ""}`;
  wireAmount($("amount-range"), $("amount-value"), min, max, max);
  $("amount-error").textContent = "";
  $("amount-dialog").showModal();
}
$("amount-cancel").addEventListener("click", () => $("amount-dialog").close());
$("amount-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const amount = Math.round(Number($("amount-value").value));
  if (!(amount > 0)) {
    $("amount-error").textContent = "Enter a number of chips.";
    return;
  }
  if (send({ type: "top_up", amount })) {
    toast(`${amountRebuy ? "Rebuy" : "Top up"} of ${fmt(amount)} requested.`, "info");
    $("amount-dialog").close();
  }
});

let confirmAction = null;
function confirmBox(title, text, yes, fn) {
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  $("confirm-yes").textContent = yes;
  confirmAction = fn;
  $("confirm-dialog").showModal();
}
$("confirm-no").addEventListener("click", () => $("confirm-dialog").close());
$("confirm-yes").addEventListener("click", () => {
  $("confirm-dialog").close();
  if (confirmAction) confirmAction();
  confirmAction = null;
});

$("invite").addEventListener("click", async () => {
  const url = roomLink(`/t/${encodeURIComponent(tableId)}`);
  try {
    await navigator.clipboard.writeText(url);
    toast(`Table link copied — send it to your friends: ${url}${reachNote(url)}`, "info");
  } catch {
    // No clipboard (plain HTTP at a LAN address is no secure context): a box to copy from.
    window.prompt(`Copy this link for your friends:${reachNote(url)}`, url);
  }
});

loadRoomAddress(); // the invite and host links (shared/links.js)
wireActionKeys();

// ----------------------------------------------------------------- start

if (!tableId) {
  toast("No table in this link.");
} else {
  try {
    games = await loadGames();
  } catch (err) {
    toast(`Could not load the games: ${err.message}`);
  }
  layout();
  conn.connect();
  // Expose the last state for debugging from the console.
  Object.defineProperty(window, "pokerroom", { get: () => ({ state, version: conn.version, seatToken }) });
}
