// The table page: one WebSocket to the table's actor, the felt drawn from each state.
import {
  CARD_RE, STUD_GAMES, api, applyCardColours, cardHtml, escapeHtml, fmt, gameLabel,
  splitCards, stakesLabel, storage, suitSvg, toast,
} from "/static/common.js";
import { lastHandResult } from "/static/handlog.js";

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const $ = (id) => document.getElementById(id);

applyCardColours();
$("brand-suits").innerHTML = suitSvg("s", "white") + suitSvg("h", "red");

// ----------------------------------------------------------------- state

let state = null;
let version = 0;
let clockOffset = 0; // server seconds minus browser seconds
let seatToken = storage.get(`seat.${tableId}`); // {token, seat, name}
let isHost = storage.get(`host.${tableId}`, false);
let socket = null;
let retries = 0;
let reconnectTimer = null;
let dockKey = "";
let discardPick = new Set();
let waitChosen = false; // "wait for the big blind" clicked
let handsShownFor = -1;
let sending = false;
let boardSeen = { number: null, cards: new Set() }; // board cards already drawn, not dealt anew

// ------------------------------------------------------------ connection

function setConn(ok, text) {
  const el = $("conn");
  el.classList.toggle("ok", ok);
  el.querySelector(".conn-text").textContent = text;
  el.title = text;
}

function connect() {
  clearTimeout(reconnectTimer);
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const query = seatToken ? `?token=${encodeURIComponent(seatToken.token)}` : "";
  const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}${query}`);
  socket = ws;
  setConn(false, retries ? "reconnecting…" : "connecting…");
  ws.onopen = () => {
    retries = 0;
    setConn(true, seatToken ? "connected" : "watching");
  };
  ws.onmessage = (event) => {
    if (ws !== socket) return;
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    onMessage(message);
  };
  ws.onclose = () => {
    if (ws !== socket) return; // replaced on purpose
    retries += 1;
    const delay = Math.min(10000, 400 * 2 ** Math.min(retries, 5)) + Math.random() * 300;
    setConn(false, `reconnecting in ${Math.round(delay / 1000)}s…`);
    reconnectTimer = setTimeout(connect, delay);
  };
}

function reconnect() {
  const old = socket;
  socket = null;
  if (old) old.close();
  retries = 0;
  connect();
}

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    toast("Not connected — reconnecting…");
    return false;
  }
  socket.send(JSON.stringify(message));
  return true;
}

setInterval(() => {
  if (socket && socket.readyState === WebSocket.OPEN) send({ type: "ping" });
}, 25000);

function onMessage(message) {
  if (message.type === "state") {
    version = message.version;
    state = message.state;
    clockOffset = state.now - Date.now() / 1000;
    sending = false;
    if (seatToken && !state.you) {
      // The seat is gone (we left, or it was released): watch instead.
      storage.remove(`seat.${tableId}`);
      seatToken = null;
      toast("You are no longer seated at this table.", "info");
      reconnect();
      return;
    }
    render();
  } else if (message.type === "error") {
    sending = false;
    if (message.reason === "bad_token") {
      storage.remove(`seat.${tableId}`);
      seatToken = null;
      toast("Your seat is no longer yours; watching the table.", "info");
      reconnect();
      return;
    }
    if (message.reason === "no_table") {
      $("t-sub").textContent = "no such table";
      socket = null;
    }
    toast(message.message || message.reason || "error");
    dockKey = ""; // rebuild the action bar so its buttons work again
    if (state) renderDock();
  }
}

// ----------------------------------------------------------------- layout

function layout() {
  const area = $("felt-area").getBoundingClientRect();
  const wrap = $("felt-wrap");
  const w = area.width - 12;
  const h = area.height - 12;
  const portrait = w / h < 1.0;
  const ratio = portrait ? Math.max(0.56, Math.min(0.72, w / h)) : 1.6;
  let width = Math.min(w, h * ratio);
  let height = width / ratio;
  if (height > h) {
    height = h;
    width = h * ratio;
  }
  wrap.style.width = `${Math.floor(width)}px`;
  wrap.style.height = `${Math.floor(height)}px`;
  wrap.classList.toggle("portrait", portrait);
}
window.addEventListener("resize", () => {
  layout();
  if (state) renderTable();
});

// Seat angles on the rail: evenly spaced by angle on a wide table, evenly spaced
// along the rail on a tall (phone) one, where equal angles would crowd the ends.
const angleCache = new Map();
function seatAngles(n, portrait, width, height, rx, ry) {
  const key = `${n}:${portrait}:${Math.round(width)}:${Math.round(height)}`;
  if (angleCache.has(key)) return angleCache.get(key);
  let angles;
  if (!portrait) {
    angles = Array.from({ length: n }, (_, i) => Math.PI / 2 + (i * 2 * Math.PI) / n);
  } else {
    const steps = 720;
    const ax = (rx / 100) * width;
    const ay = (ry / 100) * height;
    const lengths = [0];
    for (let k = 1; k <= steps; k += 1) {
      const t0 = Math.PI / 2 + ((k - 1) * 2 * Math.PI) / steps;
      const t1 = Math.PI / 2 + (k * 2 * Math.PI) / steps;
      lengths.push(lengths[k - 1] + Math.hypot(ax * (Math.cos(t1) - Math.cos(t0)), ay * (Math.sin(t1) - Math.sin(t0))));
    }
    const total = lengths[steps];
    angles = [];
    let k = 0;
    for (let i = 0; i < n; i += 1) {
      const target = (i * total) / n;
      while (k < steps && lengths[k + 1] < target) k += 1;
      const span = lengths[k + 1] - lengths[k] || 1;
      const frac = (target - lengths[k]) / span;
      angles.push(Math.PI / 2 + ((k + frac) * 2 * Math.PI) / steps);
    }
  }
  angleCache.set(key, angles);
  return angles;
}

function wrapSize() {
  const wrap = $("felt-wrap");
  return { width: wrap.offsetWidth || 1, height: wrap.offsetHeight || 1, portrait: wrap.classList.contains("portrait") };
}

// Where seat `seat` sits, in percent of the wrap; the viewer's seat at the bottom.
function seatGeometry(seat, n, hero) {
  const { width, height, portrait } = wrapSize();
  const rel = hero === null || hero === undefined ? seat : (seat - hero + n) % n;
  const rx = portrait ? 35 : 41;
  const ry = portrait ? 39 : 38;
  const cy = portrait ? 48.5 : 49;
  const angle = seatAngles(n, portrait, width, height, rx, ry)[rel];
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const x = 50 + rx * cos;
  const y = cy + ry * sin;
  // The dealer button: beside the seat's plate, a little toward the middle.
  const dx = ((50 - x) / 100) * width;
  const dy = ((50 - y) / 100) * height;
  const dist = Math.hypot(dx, dy) || 1;
  const ux = dx / dist;
  const uy = dy / dist;
  const side = (portrait ? 80 : 96) * Math.abs(uy) + (portrait ? 40 : 56) * Math.abs(ux);
  const inward = portrait ? 26 : 40;
  const btnX = x + ((ux * inward - uy * side) / width) * 100;
  const btnY = y + ((uy * inward + ux * side) / height) * 100;
  return {
    angle,
    x,
    y,
    // bets sit between the seat and the middle, pulled in more above and below
    bx: 50 + rx * cos * (portrait ? 0.5 : 0.62),
    by: 50 + ry * sin * (portrait ? 0.52 : 0.5) + (sin > 0.5 ? -2 : 0),
    btnX,
    btnY,
  };
}

// ------------------------------------------------------------------ render

function render() {
  document.body.dataset.phase = state.hand ? state.hand.phase : "between";
  document.body.dataset.hand = state.hand ? String(state.hand.number) : "";
  document.body.dataset.seat = state.you ? String(state.you.seat) : "";
  document.body.dataset.version = String(version);
  renderHeader();
  renderTable();
  renderDock();
  renderLog();
  renderInfo();
  const last = lastFinishedHand();
  if (last > handsShownFor && !$("tab-hands").hidden) loadHands();
}

function renderHeader() {
  const t = state.table;
  $("t-name").textContent = t.name;
  const myTurn = state.you && state.you.legal;
  document.title = `${myTurn ? "▶ Your turn · " : ""}${t.name} — pokerroom`;
  const hand = state.hand ? ` · hand #${state.hand.number}` : "";
  $("t-sub").textContent = `${gameLabel(t)} · ${stakesLabel(t)}${hand}`;
}

function heroSeat() {
  return state.you ? state.you.seat : null;
}

function resultForDisplay() {
  if (state.hand) return null;
  return lastHandResult(state.log);
}

function renderTable() {
  const t = state.table;
  const n = t.seats;
  const hero = heroSeat();
  const hand = state.hand;
  const result = resultForDisplay();
  const nameToSeat = new Map();
  for (const s of state.seats) if (s) nameToSeat.set(s.name, s.seat);

  const parts = [];
  for (let seat = 0; seat < n; seat += 1) {
    const info = state.seats[seat];
    const g = seatGeometry(seat, n, hero);
    const pos = `left:${g.x.toFixed(2)}%;top:${g.y.toFixed(2)}%`;
    if (!info) {
      const canSit = !state.you;
      parts.push(`<div class="seat empty" data-seat="${seat}" style="${pos}">
        <button type="button" class="sit" data-seat="${seat}" ${canSit ? "" : "disabled"}
          aria-label="Seat ${seat + 1}: ${canSit ? "sit here" : "empty"}">${canSit ? "Sit here" : "Empty"}<small>seat ${seat + 1}</small></button></div>`);
      continue;
    }
    parts.push(seatHtml(info, g, pos, hero, hand, result));
    if (hand && info.in_hand && info.bet > 0) {
      parts.push(`<div class="bet" data-seat="${seat}" style="left:${g.bx.toFixed(2)}%;top:${g.by.toFixed(2)}%">${chipsHtml(info.bet)}${fmt(info.bet)}</div>`);
    }
  }
  if (hand && hand.button !== null && hand.button !== undefined) {
    const g = seatGeometry(hand.button, n, hero);
    parts.push(`<div class="dealer-button" title="Dealer button" style="left:${g.btnX.toFixed(2)}%;top:${g.btnY.toFixed(2)}%">D</div>`);
  }
  $("layer").innerHTML = parts.join("");
  for (const button of $("layer").querySelectorAll("button.sit")) {
    button.addEventListener("click", () => openJoin(Number(button.dataset.seat)));
  }
  for (const card of $("layer").querySelectorAll(".seat.hero .card.selectable")) {
    card.addEventListener("click", () => toggleDiscard(card.dataset.card));
  }
  renderCenter(result, nameToSeat);
  tickClock();
}

const BOT_ICON = '<svg class="bot-icon" viewBox="0 0 16 16" role="img" aria-label="bot"><title>bot: played by the computer</title>' +
  '<rect x="7.2" y="0.8" width="1.6" height="3" rx=".8"/><rect x="1.5" y="3.6" width="13" height="10" rx="3.2"/>' +
  '<circle cx="5.4" cy="8.4" r="1.5" fill="#16221c"/><circle cx="10.6" cy="8.4" r="1.5" fill="#16221c"/>' +
  '<rect x="5" y="11" width="6" height="1.2" rx=".6" fill="#16221c"/></svg>';

function chipsHtml(amount) {
  const count = amount >= 1000 ? 4 : amount >= 100 ? 3 : amount >= 10 ? 2 : 1;
  return `<span class="chips" aria-hidden="true">${"<i></i>".repeat(count)}</span>`;
}

function seatHtml(info, g, pos, hero, hand, result) {
  const classes = ["seat"];
  const isHero = info.seat === hero;
  if (isHero) classes.push("hero");
  const tags = [];
  if (info.pending) {
    return `<div class="seat out" data-seat="${info.seat}" style="${pos}"><div class="hole"></div>
      <div class="plate"><div class="name"><span class="nm">${escapeHtml(info.name)}</span>${info.bot ? BOT_ICON : ""}</div><div class="stack zero">—</div></div>
      <div class="tags"><span class="tag out">joining</span></div></div>`;
  }
  const acting = hand && hand.actor === info.seat && hand.phase !== "complete";
  if (acting) classes.push("acting");
  if (info.in_hand && info.folded) classes.push("folded");
  if (!info.in_hand && hand) classes.push("out");
  if (hand) {
    if (hand.small_blind === info.seat && !STUD_GAMES.has(state.table.game)) tags.push('<span class="tag sb">SB</span>');
    if (hand.big_blind === info.seat) tags.push('<span class="tag bb">BB</span>');
  }
  if (info.in_hand && info.all_in) tags.push('<span class="tag allin">All-in</span>');
  if (info.in_hand && info.folded) tags.push('<span class="tag folded">Folded</span>');
  if (info.status === "sitting_out" || info.status === "away") tags.push('<span class="tag out">Sitting out</span>');
  else if (info.status === "busted") tags.push('<span class="tag out">Busted</span>');
  else if (hand && !info.in_hand) tags.push('<span class="tag out">Waiting</span>');
  if (info.owes) tags.push('<span class="tag owes" title="Missed blinds to make up">Owes blinds</span>');
  if (!info.connected) tags.push('<span class="tag offline">Offline</span>');

  // Cards: the live hand's, or what was shown at the last showdown.
  let cards = "";
  let shownDesc = "";
  const selecting = isHero && state.you && state.you.legal && state.you.legal.discard !== null
    && state.you.legal.discard !== undefined;
  if (hand && info.in_hand && info.cards && (!info.folded || isHero)) {
    cards = info.cards.map((c, i) => {
      const extra = [];
      if (isHero && c && info.up && info.up[i] === false && STUD_GAMES.has(state.table.game)) extra.push("down-own");
      if (selecting && c) {
        extra.push("selectable");
        if (discardPick.has(c)) extra.push("selected");
      }
      return cardHtml(c, extra.join(" "));
    }).join("");
  } else if (result) {
    const shown = result.shown.get(info.name);
    if (shown) {
      cards = shown.cards.map((c) => cardHtml(c)).join("");
      shownDesc = shown.description;
    }
    const won = result.wins.get(info.name);
    if (won) {
      classes.push("winner");
      tags.unshift(`<span class="tag win">Wins ${fmt(won)}</span>`);
    }
  }
  const cardCount = (cards.match(/class="card/g) || []).length;
  const stack = info.stack;
  const clock = acting ? '<div class="clock"><i></i></div>' : "";
  return `<div class="${classes.join(" ")}" data-seat="${info.seat}" data-stack="${stack}" data-name="${escapeHtml(info.name)}" style="${pos}">
    <div class="hole ${cardCount > 3 ? "many" : ""} ${selecting ? "spread" : ""}">${cards}</div>
    <div class="plate">
      <div class="name"><span class="dot ${info.connected ? "" : "off"}" title="${info.connected ? "connected" : "disconnected"}"></span><span class="nm">${escapeHtml(info.name)}</span>${info.bot ? BOT_ICON : ""}</div>
      <div class="stack ${stack ? "" : "zero"}">${fmt(stack)}</div>
      ${shownDesc ? `<div class="shown-desc" title="${escapeHtml(shownDesc)}">${escapeHtml(shownDesc)}</div>` : ""}
      ${clock}
    </div>
    <div class="tags">${tags.join("")}</div>
  </div>`;
}

function hasBoard() {
  return !STUD_GAMES.has(state.table.game) && !isDrawGame();
}

function isDrawGame() {
  return ["deuce_seven_triple", "deuce_seven_single", "ace_five_triple", "badugi"].includes(state.table.game);
}

function renderCenter(result, nameToSeat) {
  const hand = state.hand;
  const out = [];
  if (hand) {
    if (hand.street) out.push(`<div class="street-label">${escapeHtml(hand.street.replace(/_/g, " "))}</div>`);
    if (hasBoard() || hand.board.length) {
      const slots = hasBoard() ? Math.max(0, 5 - hand.board.length) : 0;
      const seen = boardSeen.number === hand.number ? boardSeen.cards : new Set();
      const cards = hand.board.map((c) => cardHtml(c, seen.has(c) ? "" : "fresh")).join("");
      boardSeen = { number: hand.number, cards: new Set(hand.board) };
      out.push(`<div class="board">${cards}${'<div class="board-slot"></div>'.repeat(slots)}</div>`);
    }
    const pots = hand.pots || [hand.pot];
    let potText = `Pot ${fmt(hand.pot)}`;
    if (pots.length > 1) {
      potText += ` <small>main ${fmt(pots[0])}${pots.slice(1).map((p, i) => ` · side ${i + 1}: ${fmt(p)}`).join("")}</small>`;
    }
    out.push(`<div class="pot" id="pot">${chipsHtml(hand.pot)}${potText}</div>`);
  } else if (result) {
    if (result.board.length) {
      out.push(`<div class="board old">${result.board.map((c) => cardHtml(c)).join("")}</div>`);
    }
    const lines = result.lines.slice(0, 3).map((l) =>
      `<div class="who">${escapeHtml(l.who)}</div>${l.how ? `<div class="how">${escapeHtml(l.how)}</div>` : ""}`).join("");
    if (lines) out.push(`<div class="result-banner" id="result">${lines}</div>`);
  } else {
    const present = state.seats.filter((s) => s && !s.pending && (s.status === "active" || s.status === "new") && s.stack > 0).length;
    const text = present >= 2 ? "Shuffling up…" : `Waiting for players — ${2 - present} more to start`;
    out.push(`<div class="waiting-note">${text}</div>`);
  }
  void nameToSeat;
  $("center").innerHTML = out.join("");
}

// ------------------------------------------------------------ action clock

function tickClock() {
  const hand = state && state.hand;
  const bar = document.querySelector(".seat.acting .clock i");
  const mine = $("my-clock");
  if (!hand || !hand.deadline) {
    if (bar) bar.style.width = "100%";
    if (mine) mine.textContent = "";
    return;
  }
  const now = Date.now() / 1000 + clockOffset;
  const left = Math.max(0, hand.deadline - now);
  const total = state.table.action_seconds || 30;
  const fraction = Math.max(0, Math.min(1, left / total));
  if (bar) {
    bar.style.width = `${(fraction * 100).toFixed(1)}%`;
    bar.classList.toggle("warn", fraction < 0.5 && fraction >= 0.2);
    bar.classList.toggle("urgent", fraction < 0.2);
  }
  if (mine) {
    mine.textContent = `${Math.ceil(left)}s`;
    mine.classList.toggle("urgent", left < 6);
  }
}

function animate() {
  if (state) tickClock();
  requestAnimationFrame(animate);
}
requestAnimationFrame(animate);

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
    heroInfo() && heroInfo().in_hand, waitChosen, isHost, [...discardPick].sort(), !!seatToken,
  ]);
  if (key === dockKey) return;
  dockKey = key;
  const dock = $("dock");
  if (legal) {
    dock.innerHTML = actionHtml(legal);
    wireActions(legal);
  } else {
    dock.innerHTML = idleHtml();
    wireIdle();
  }
  tickClock();
}

function raisePresets(legal) {
  const min = legal.min_raise_to;
  const max = legal.max_raise_to;
  const call = legal.call || 0;
  const base = (legal.bet || 0) + call; // our total after calling
  const afterCall = legal.pot + call;
  const clamp = (v) => Math.max(min, Math.min(max, Math.round(v)));
  return [
    ["Min", min],
    ["½ Pot", clamp(base + afterCall / 2)],
    ["¾ Pot", clamp(base + (afterCall * 3) / 4)],
    ["Pot", clamp(base + afterCall)],
    ["All-in", max],
  ];
}

function raiseWord(legal) {
  if (legal.bring_in !== null && legal.bring_in !== undefined) return "Complete to";
  const t = state.table;
  const bet = state.hand.current_bet;
  // Stud: raising a bring-in up to the small bet is completing it.
  if (STUD_GAMES.has(t.game) && bet > 0 && bet < t.small_bet && legal.min_raise_to <= t.small_bet) {
    return "Complete to";
  }
  return bet > 0 ? "Raise to" : "Bet";
}

function raiseLabel(legal, amount) {
  const hero = heroInfo();
  const allIn = hero && amount >= hero.stack + (hero.bet || 0);
  return allIn ? `All-in ${fmt(amount)}` : `${raiseWord(legal)} ${fmt(amount)}`;
}

function actionHtml(legal) {
  const clock = '<span class="my-clock" id="my-clock"></span>';
  if (legal.show || legal.muck) {
    return `<div class="line info">${clock}<span>Showdown — show your hand or muck it</span></div>
      <div class="actions-main">
        <button type="button" class="fold" id="btn-muck" ${legal.muck ? "" : "disabled"}>Muck</button>
        <span></span>
        <button type="button" class="call" id="btn-show" ${legal.show ? "" : "disabled"}>Show</button>
      </div>`;
  }
  if (legal.discard !== null && legal.discard !== undefined) {
    const count = discardPick.size;
    return `<div class="line info">${clock}<span>Click up to <b>${legal.discard}</b> of your cards to throw away, then draw.</span></div>
      <div class="actions-main">
        <button type="button" class="fold" id="btn-clear" ${count ? "" : "disabled"}>Clear</button>
        <button type="button" class="call" id="btn-pat">Stand pat</button>
        <button type="button" class="raise" id="btn-draw" ${count ? "" : "disabled"}>Draw ${count}</button>
      </div>`;
  }
  const hero = heroInfo();
  const canRaise = legal.min_raise_to !== null && legal.min_raise_to !== undefined;
  let sizing = "";
  if (canRaise && legal.max_raise_to > legal.min_raise_to) {
    const presets = raisePresets(legal).map(([label, v]) =>
      `<button type="button" class="small preset" data-to="${v}">${label}</button>`).join("");
    sizing = `<div class="sizing">
      <div class="presets">${presets}</div>
      <input type="range" id="raise-range" min="${legal.min_raise_to}" max="${legal.max_raise_to}" value="${legal.min_raise_to}" step="1" aria-label="Raise amount">
      <input type="number" id="raise-to" min="${legal.min_raise_to}" max="${legal.max_raise_to}" value="${legal.min_raise_to}" aria-label="Raise to">
    </div>`;
  }
  let middle;
  if (legal.bring_in !== null && legal.bring_in !== undefined) {
    middle = `<button type="button" class="call" id="btn-bring-in">Bring in ${fmt(legal.bring_in)}</button>`;
  } else if (legal.check) {
    middle = '<button type="button" class="call" id="btn-call">Check</button>';
  } else if (legal.call !== null && legal.call !== undefined) {
    const allIn = hero && legal.call >= hero.stack;
    middle = `<button type="button" class="call" id="btn-call">Call ${fmt(legal.call)}${allIn ? " (all-in)" : ""}</button>`;
  } else {
    middle = '<button type="button" class="call" disabled>Check</button>';
  }
  const raise = canRaise
    ? `<button type="button" class="raise" id="btn-raise">${raiseLabel(legal, legal.min_raise_to)}</button>`
    : '<button type="button" class="raise" disabled>Raise</button>';
  const fold = `<button type="button" class="fold" id="btn-fold" ${legal.fold ? "" : "disabled"}>Fold</button>`;
  return `<div class="line info">${clock}<span><b>Your turn</b></span></div>${sizing}<div class="actions-main">${fold}${middle}${raise}</div>`;
}

function act(action, extra = {}) {
  if (sending) return;
  if (send({ type: "act", action, ...extra })) {
    sending = true;
    for (const b of $("dock").querySelectorAll("button")) b.disabled = true;
  }
}

function wireActions(legal) {
  const on = (id, fn) => {
    const el = $(id);
    if (el) el.addEventListener("click", fn);
  };
  on("btn-fold", () => act("fold"));
  on("btn-call", () => act("check_call"));
  on("btn-bring-in", () => act("bring_in"));
  on("btn-muck", () => act("muck"));
  on("btn-show", () => act("show"));
  on("btn-pat", () => {
    discardPick = new Set();
    act("discard", { cards: "" });
  });
  on("btn-clear", () => {
    discardPick = new Set();
    dockKey = "";
    renderTable();
    renderDock();
  });
  on("btn-draw", () => {
    const cards = [...discardPick].join("");
    discardPick = new Set();
    act("discard", { cards });
  });
  const range = $("raise-range");
  const box = $("raise-to");
  const raiseButton = $("btn-raise");
  const current = () => {
    if (!box) return legal.min_raise_to;
    const v = Math.round(Number(box.value));
    return Number.isFinite(v) ? Math.max(legal.min_raise_to, Math.min(legal.max_raise_to, v)) : legal.min_raise_to;
  };
  const setAmount = (v, fromBox = false) => {
    const amount = Math.max(legal.min_raise_to, Math.min(legal.max_raise_to, Math.round(v)));
    if (range) range.value = String(amount);
    if (box && !fromBox) box.value = String(amount);
    if (raiseButton) raiseButton.textContent = raiseLabel(legal, amount);
  };
  if (range) range.addEventListener("input", () => setAmount(Number(range.value)));
  if (box) {
    box.addEventListener("input", () => setAmount(Number(box.value) || legal.min_raise_to, true));
    box.addEventListener("change", () => setAmount(current()));
    box.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        act("bet_raise", { to: current() });
      }
    });
  }
  for (const preset of $("dock").querySelectorAll("button.preset")) {
    preset.addEventListener("click", () => setAmount(Number(preset.dataset.to)));
  }
  if (raiseButton) raiseButton.addEventListener("click", () => act("bet_raise", { to: current() }));
}

function toggleDiscard(card) {
  const legal = state.you && state.you.legal;
  if (!legal || legal.discard === null || legal.discard === undefined) return;
  if (discardPick.has(card)) discardPick.delete(card);
  else if (discardPick.size < legal.discard) discardPick.add(card);
  else toast(`You may throw away at most ${legal.discard} card${legal.discard === 1 ? "" : "s"}.`, "info");
  renderTable();
  renderDock();
}

function idleHtml() {
  const you = state.you;
  const hand = state.hand;
  const t = state.table;
  const bot = isHost ? `<span class="bot-add"><select id="bot-policy" aria-label="Bot style">
      <option value="tag">tight bot</option><option value="station">calling bot</option><option value="random">random bot</option>
    </select> <button type="button" class="small" id="btn-add-bot">Add bot</button></span>` : "";
  if (!you) {
    const free = state.seats.filter((s) => !s).length;
    const text = free
      ? "You are watching. Click <b>Sit here</b> on an empty seat to play."
      : "You are watching. The table is full.";
    return `<div class="line info"><span>${text}</span></div>${bot ? `<div class="line">${bot}</div>` : ""}`;
  }
  const me = heroInfo();
  const lines = [];
  const buttons = [];
  const bb = t.big_blind || t.small_bet;
  if (you.status === "joining") {
    lines.push("You take your seat when this hand ends.");
  } else if (me && me.stack === 0) {
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
    lines.push("You folded. Next hand soon.");
  } else if (hand && me && me.in_hand) {
    const actor = hand.actor !== null && hand.actor !== undefined ? state.seats[hand.actor] : null;
    lines.push(actor ? `Waiting for <b>${escapeHtml(actor.name)}</b>…` : "Dealing…");
  } else if (hand) {
    lines.push("You are dealt in next hand.");
  } else {
    lines.push("Next hand starting soon.");
  }
  const controls = [];
  if (you.status !== "joining" && me) {
    if (you.status === "active" || you.status === "new") {
      controls.push('<button type="button" class="small" id="btn-sit-out">Sit out</button>');
    }
    if (me.stack > 0 && t.max_buy_in && me.stack < t.max_buy_in) {
      controls.push('<button type="button" class="small" id="btn-top-up">Top up</button>');
    }
    const playing = state.seats.filter((s) => s && !s.pending && s.status === "active").length;
    if (t.straddle && !hand && you.status === "active" && playing >= 3) {
      controls.push('<button type="button" class="small" id="btn-straddle">Straddle</button>');
    }
  }
  controls.push('<button type="button" class="small ghost" id="btn-leave">Leave table</button>');
  return `<div class="line info"><span>${lines.join(" ")}</span></div>
    ${buttons.length ? `<div class="line">${buttons.join("")}</div>` : ""}
    <div class="line">${controls.join("")}${bot}</div>`;
}

function wireIdle() {
  const on = (id, fn) => {
    const el = $(id);
    if (el) el.addEventListener("click", fn);
  };
  on("btn-post", () => send({ type: "post" }));
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
  on("btn-add-bot", async () => {
    const policy = $("bot-policy") ? $("bot-policy").value : "tag";
    try {
      const r = await api(`/api/tables/${encodeURIComponent(tableId)}/bots`, { method: "POST", body: { policy } });
      toast(`A bot takes seat ${r.seat + 1}.`, "info");
    } catch (err) {
      toast(err.message);
    }
  });
}

// ------------------------------------------------------------------- log

function logLineHtml(line) {
  let cls = "";
  let html = escapeHtml(line);
  let m;
  if (/^--- hand \d+ ---$/.test(line)) {
    cls = "sep";
    html = escapeHtml(line.replace(/-/g, "").trim());
  } else if (/^-- .+ --$/.test(line)) {
    cls = "street";
    html = escapeHtml(line.replace(/^-- | --$/g, ""));
  } else if ((m = line.match(/^Board: (\S+)$/)) && CARD_RE.test(m[1])) {
    html = `Board ${splitCards(m[1]).map((c) => cardHtml(c, "mini")).join("")}`;
  } else if ((m = line.match(/^(.+) shows ((?:[2-9TJQKA][cdhs])+)( \(.+\))?$/))) {
    cls = "show";
    html = `${escapeHtml(m[1])} shows ${splitCards(m[2]).map((c) => cardHtml(c, "mini")).join("")}${escapeHtml(m[3] || "")}`;
  } else if ((m = line.match(/^(.+) shows up ((?:[2-9TJQKA][cdhs])+)$/))) {
    html = `${escapeHtml(m[1])} shows ${splitCards(m[2]).map((c) => cardHtml(c, "mini")).join("")}`;
  } else if (/ wins \d+ from the /.test(line)) {
    cls = "win";
  } else if (/sits down|leaves with|rebuys|adds \d+|Draw for the button|resumed|cancelled|sat out|ran out of time/.test(line)) {
    cls = "meta";
  }
  return `<div class="ln ${cls}">${html}</div>`;
}

let lastLogKey = "";
function renderLog() {
  const key = state.log.join("\n");
  if (key === lastLogKey) return;
  lastLogKey = key;
  const box = $("tab-log");
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  box.innerHTML = state.log.length ? state.log.map(logLineHtml).join("") : '<p class="muted">Nothing has happened yet.</p>';
  if (atBottom) box.scrollTop = box.scrollHeight;
}

// ----------------------------------------------------------------- hands

function lastFinishedHand() {
  if (!state) return 0;
  return state.hand ? state.hand.number - 1 : Math.max(0, ...state.log
    .map((l) => l.match(/^--- hand (\d+) ---$/)).filter(Boolean).map((m) => Number(m[1])));
}

async function loadHands() {
  handsShownFor = lastFinishedHand();
  const box = $("tab-hands");
  let hands;
  try {
    hands = await api(`/api/tables/${encodeURIComponent(tableId)}/hands`);
  } catch (err) {
    box.innerHTML = `<p class="muted">Could not load the hands: ${escapeHtml(err.message)}</p>`;
    return;
  }
  const finished = hands.filter((h) => h.status !== "running");
  if (!finished.length) {
    box.innerHTML = '<p class="muted">No finished hands yet. Each finished hand can be downloaded here as PHH (for analysis tools) or as PokerStars-style text (for hand trackers).</p>';
    return;
  }
  const base = `/api/tables/${encodeURIComponent(tableId)}/hands`;
  box.innerHTML = `<ul class="hands-list">${finished.map((h) => {
    if (h.status === "cancelled") {
      return `<li><b>Hand #${h.number}</b><span class="muted">cancelled</span></li>`;
    }
    return `<li data-hand="${h.number}"><b>Hand #${h.number}</b><span class="spacer"></span>
      <a href="${base}/${h.number}.phh" download class="dl-phh">PHH</a>
      <a href="${base}/${h.number}.txt" download class="dl-txt">Text</a></li>`;
  }).join("")}</ul>`;
}

for (const button of document.querySelectorAll(".tabs button")) {
  button.addEventListener("click", () => {
    for (const b of document.querySelectorAll(".tabs button")) b.classList.toggle("on", b === button);
    for (const name of ["log", "hands", "info"]) $(`tab-${name}`).hidden = button.dataset.tab !== name;
    if (button.dataset.tab === "hands") loadHands();
  });
}

// ------------------------------------------------------------------ info

let lastInfoKey = "";
function renderInfo() {
  const t = state.table;
  const key = JSON.stringify([t, isHost]);
  if (key === lastInfoKey) return;
  lastInfoKey = key;
  const method = { no_dead_button: "moving button", no_missed_blinds: "dead button", simplified: "simplified moving button" };
  $("tab-info").innerHTML = `
    <label><input type="checkbox" id="four-colour" ${storage.get("fourColour", false) ? "checked" : ""}> Four-colour deck</label>
    <dl>
      <dt>Game</dt><dd>${escapeHtml(t.game_name)}</dd>
      <dt>Betting</dt><dd>${escapeHtml(t.structure.replace("_", " "))}</dd>
      <dt>Stakes</dt><dd>${escapeHtml(stakesLabel(t))}</dd>
      <dt>Seats</dt><dd>${t.seats}</dd>
      <dt>Buy-in</dt><dd>${fmt(t.min_buy_in)} – ${fmt(t.max_buy_in)}</dd>
      ${STUD_GAMES.has(t.game) ? "" : `<dt>Button</dt><dd>${escapeHtml(method[t.button_method] || t.button_method)}</dd>`}
      <dt>Straddles</dt><dd>${t.straddle ? "allowed" : "no"}</dd>
      <dt>Action clock</dt><dd>${t.action_seconds}s</dd>
    </dl>
    <p class="muted">Keys on your turn: <b>F</b> fold, <b>C</b> check/call, <b>R</b> bet/raise.</p>`;
  $("four-colour").addEventListener("change", (event) => {
    storage.set("fourColour", event.target.checked);
    applyCardColours();
  });
}

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
    const r = await api(`/api/tables/${encodeURIComponent(tableId)}/join`, {
      method: "POST", body: { name, seat, buy_in: buyIn },
    });
    seatToken = { token: r.token, seat: r.seat, name };
    storage.set(`seat.${tableId}`, seatToken);
    storage.set("name", name);
    waitChosen = false;
    $("join-dialog").close();
    reconnect();
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
  const url = `${location.origin}/t/${encodeURIComponent(tableId)}`;
  try {
    await navigator.clipboard.writeText(url);
    toast("Table link copied — send it to your friends.", "info");
  } catch {
    toast(`Share this link: ${url}`, "info");
  }
});

document.addEventListener("keydown", (event) => {
  if (event.target.closest && event.target.closest("input, select, textarea, dialog")) return;
  if (event.metaKey || event.ctrlKey || event.altKey) return;
  const key = event.key.toLowerCase();
  const id = { f: "btn-fold", c: "btn-call", k: "btn-call", r: "btn-raise" }[key];
  const button = id && $(id);
  if (button && !button.disabled) {
    event.preventDefault();
    button.click();
  }
});

// ----------------------------------------------------------------- start

if (!tableId) {
  toast("No table in this link.");
} else {
  layout();
  connect();
  // Expose the last state for debugging from the console.
  Object.defineProperty(window, "pokerroom", { get: () => ({ state, version, seatToken }) });
}
