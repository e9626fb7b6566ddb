// The dealer's tablet (issue 26): a real table, real cards; the dealer taps each thing
// that happens and the room keeps the stacks, blinds, pots, whose turn, the ledger.
// Every tap goes through the queue (dealer/queue.js): kept in this browser until the
// room has answered it, sent again whole after a drop, applied once.  The host key comes
// in the address's #host=... part (kept in this browser, never in a URL sent).
import { ApiError, api } from "/static/shared/api.js";
import { $, escapeHtml as esc, pathPart, setHtml, setText, takeFromHash } from "/static/shared/dom.js";
import { fmt } from "/static/shared/format.js";
import { loadGames } from "/static/shared/games.js";
import { loadRoomAddress } from "/static/shared/links.js";
import { storage } from "/static/shared/storage.js";
import {
  MAX_SENT, guessStep, newTapId, retryDelay, settle, waitingText, withTap, worthRetrying,
} from "/static/dealer/queue.js";
import {
  awardWinners, betWord, buttonSeat, cardChip, cardCount, cardsTyped, padPress, potText, potsShown,
  raiseSizes, seatCardHtml, seatLabel, turnSeat, turnWord,
} from "/static/dealer/steps.js";
import { SessionPanels } from "/static/dealer/panels.js";
import {
  CHOICES, amountWords, floorChoices, floorPanelHtml, rulingHtml, rulingOf, rulingTap, rulingsHtml,
} from "/static/dealer/floor.js";

const id = pathPart(2);
const base = `/api/dealer/${encodeURIComponent(id)}`;
const keyName = `dealer.host.${id}`;
const queueName = `dealer.queue.${id}`;
const stateName = `dealer.state.${id}`;
const fromHash = takeFromHash("host");
if (fromHash) storage.set(keyName, fromHash);
let host = storage.get(keyName, "");
let state = storage.get(stateName, null);  // the last state the room answered
let queue = storage.get(queueName, []);  // taps not answered yet, in order
let sending = false;
let offline = false;
let failures = 0;
let retryTimer = null;
let games = null;
let selected = null;  // the seat whose tools are open
let controlsKey = "";
let tappedAt = -Infinity;  // when the dealer last tapped (performance.now())
const HOLD_MS = 300;  // a double tap's second tap comes within this of the first
let toolsKey = "";
let picks = { key: "", high: [], low: [] };  // the showdown's winners picked, per pot
// The irregularity panel: open or not, the irregularity whose details are being entered
// and what was entered; the last ruling, shown until the next tap.
const floor = { open: false, choice: null, seat: null, said: "silent", key: "" };
let ruling = null;

const STEP_NAMES = {
  button: "The first button", wait: "Waiting for players", closed: "Closed", start: "Next hand", deal: "Deal",
  board: "Board", act: "Betting", draw: "Draw", showdown: "Showdown", over: "Hand over",
};

// ------------------------------------------------------------------ the queue

function saveQueue() {
  storage.set(queueName, queue);
}

function showError(text) {
  setText($("error"), text || "");
}

/** One tap of the dealer: queued (its id, its base), kept, then sent. */
function tap(kind, fields = {}) {
  if (!host) {
    $("no-key").hidden = false;
    showError("The host key is needed to deal: enter it above.");
    return;
  }
  if (!state) return;
  showError("");
  ruling = null;  // a ruling is shown until the next tap
  tappedAt = performance.now();
  queue = withTap(queue, { kind, ...fields }, state.version, newTapId());
  saveQueue();
  render({ tapped: true });
  flush();
}

/** Send the queue (all of it, in order) unless a send is on its way. */
async function flush() {
  if (sending || !queue.length || !host) return;
  clearTimeout(retryTimer);
  retryTimer = null;
  sending = true;
  const batch = queue.slice(0, MAX_SENT);
  let again = false;
  try {
    const answer = await api(`${base}/taps`, { method: "POST", body: { host, taps: batch } });
    failures = 0;
    offline = false;
    const result = settle(queue, answer.answers);
    const kinds = new Map(queue.map((t) => [t.id, t.kind]));
    for (const done of result.applied) {
      if (kinds.get(done.id) === "ruling") ruling = rulingOf(done.said, answer.state.rulings);
    }
    const refusedTap = result.refused && queue.find((t) => t.id === result.refused.id);
    if (refusedTap && refusedTap.kind === "seat") selected = refusedTap.seat;  // to type again
    queue = result.queue;
    if (result.refused) {
      const later = result.dropped ? ` (${result.dropped} later tap${result.dropped === 1 ? "" : "s"} not sent: tap again)` : "";
      showError(`${result.refused.error}${later}`);
    }
    saveQueue();
    took(answer.state);
    again = queue.length > 0;  // taps made while this send was on its way
  } catch (err) {
    if (worthRetrying(err)) {
      offline = true;
      failures += 1;
      retryTimer = setTimeout(flush, retryDelay(failures));
    } else if (err instanceof ApiError && err.status === 403) {
      $("no-key").hidden = false;
      showError(`${err.message} The taps wait until the key is given.`);
    } else {
      queue = [];  // the room will never take this request: nothing of it was done
      saveQueue();
      showError(err.message);
    }
  } finally {
    sending = false;
    render();
  }
  if (again) flush();
}

/** A state the room answered becomes the one shown (and kept for a reload). */
function took(next) {
  state = next;
  storage.set(stateName, state);
}

async function refresh() {
  if (!host) return;
  try {
    const answer = await api(base, { token: host, cache: "no-store" });
    offline = false;
    // Never under taps not answered, nor older than a tap's answer that came meanwhile.
    if (!queue.length && !sending && (!state || answer.version >= state.version)) took(answer);
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) $("no-key").hidden = false;
    else if (err instanceof ApiError && err.status === 404) showError(err.message);
    offline = worthRetrying(err);
  }
  render();
}

function poll() {
  if (!queue.length && !sending) refresh();
  setTimeout(poll, 3000);
}

// ------------------------------------------------------------------ drawing

const seatOf = (n) => state.seats[n];
const nameOf = (n) => (seatOf(n) && seatOf(n).name) || "";
const who = (n) => `${seatLabel(n)}${nameOf(n) ? ` · ${esc(nameOf(n))}` : ""}`;
const hiLo = () => Boolean(games && games.get(state.game.key) && games.get(state.game.key).hi_lo);

function render({ tapped = false } = {}) {
  setText($("queue"), waitingText(queue.length, offline));
  $("queue").hidden = !queue.length;
  $("queue").classList.toggle("down", offline);
  setText($("conn"), offline && !queue.length ? "offline: retrying…" : "");
  $("conn").classList.toggle("down", offline && !queue.length);
  if (!state) return;
  document.body.dataset.step = state.step.kind;
  document.body.dataset.version = String(state.version);
  setText($("name"), state.name);
  document.title = `${state.name} — dealer's tablet`;
  setText($("stakes"), stakesText());
  $("misdeal").hidden = !state.in_hand;
  if (!state.in_hand) $("misdeal-box").hidden = true;
  $("undo").hidden = state.closed;
  const step = state.closed ? { kind: "closed", text: "The game is closed: settle up below." }
    : guessStep(state, queue);
  renderStep(step, tapped);
  renderFloor(step);
  renderTable(step);
  renderTools();
  setHtml($("log"), state.log.slice().reverse().map((line) => `<li>${esc(line)}</li>`).join(""));
  const url = panels.linkUrl(state.view_code);
  setText($("short-link"), url);
  $("short-link").href = url;
  if (state.in_hand || state.closed) $("close-box").hidden = true;
  $("close-game").hidden = state.in_hand || state.closed || !$("close-box").hidden;
  $("close-row").hidden = $("close-game").hidden && $("close-box").hidden;
  $("seat-tools").hidden = state.closed;  // nobody sits down at a closed game
  panels.follow(state.hands);
}

function stakesText() {
  const g = state.game;
  const known = games && games.get(g.key);
  const table = { ...g, game: g.key, game_name: g.name };
  return games && known ? `${games.label(table)} · ${games.stakes(table)}` : `${g.name} ${g.small_blind}/${g.big_blind}`;
}

function renderStep(step, tapped) {
  setText($("hand-no"), state.in_hand ? `Hand ${state.hands + 1}` : `${state.hands} hand${state.hands === 1 ? "" : "s"} played`);
  setText($("step-kind"), step ? STEP_NAMES[step.kind] || step.kind : "Sending…");
  // (a closed game starts no next hand)
  const result = !state.in_hand && (state.closed ? state.result.replace(/ Then start the next hand\.$/, "") : state.result);
  $("result").hidden = !result;
  setText($("result"), result || "");
  setText($("step-text"), step ? step.text : "Waiting for the room's answer to the taps sent…");
  const key = `${state.version}:${queue.length}:${step ? `${step.kind}:${step.seat}` : "-"}:${hiLo()}`;
  if (key === controlsKey) return;
  controlsKey = key;
  const box = $("controls");
  box.innerHTML = step ? controlsHtml(step) : "";
  box.dataset.kind = step ? step.kind : "";
  const wait = HOLD_MS - (performance.now() - tappedAt);
  if (tapped && wait > 0) {
    // A double tap must not act for the next seat: the new buttons wait until the
    // second tap of a double tap would have come (HOLD_MS after the first).
    const held = [...box.querySelectorAll("button:not([disabled])")];
    for (const b of held) b.disabled = true;
    setTimeout(() => {
      for (const b of held) b.disabled = false;
    }, wait);
  }
  const focus = box.querySelector("[data-focus]");
  if (focus && matchMedia("(pointer: fine)").matches) focus.focus();
}

function controlsHtml(step) {
  switch (step.kind) {
    case "wait":
      return '<p class="muted">Seat the players below (tap an empty seat).</p>';
    case "button":
      return `<div class="pick-row">${state.seats.filter((s) => s.name).map((s) =>
        `<button type="button" class="big" data-do="button" data-seat="${s.seat}">Button: ${who(s.seat)}</button>`).join("")}</div>`;
    case "start":
    case "over":
      return '<button type="button" class="primary huge" data-do="start" id="deal-next">Deal next hand</button>';
    case "deal":
      return dealHtml(step);
    case "board":
      return `<div class="cards-in"><input id="board-cards" class="cards" data-focus inputmode="none" autocomplete="off" autocapitalize="off" spellcheck="false"
          placeholder="${step.cards === 1 ? "e.g. 4s" : "e.g. Ah Kd 7c"}" aria-label="The board cards (${step.cards})" data-count="${step.cards}">
        <button type="button" class="primary big" data-do="board">Board dealt</button></div>${padHtml("board-cards")}`;
    case "act":
      return actHtml(step);
    case "draw":
      return `<div class="pick-row">${Array.from({ length: (step.legal.max_discard || 0) + 1 }, (_, n) =>
        `<button type="button" class="big" data-do="draw" data-count="${n}">${n ? `Draws ${n}` : "Stands pat"}</button>`).join("")}</div>`;
    case "showdown":
      return showdownHtml(step);
    default:
      return "";
  }
}

function dealHtml(step) {
  if (!step.up) return '<button type="button" class="primary huge" data-do="deal" id="cards-dealt">Cards dealt</button>';
  const inHand = state.seats.filter((s) => s.name && s.in_hand && !s.folded);
  return `<p class="muted">Enter each player's up card${step.up > 1 ? "s" : ""}:</p>
    <div class="up-cards">${inHand.map((s) => `<label>${who(s.seat)}<input class="cards" data-up="${s.seat}" autocomplete="off" autocapitalize="off" spellcheck="false" placeholder="e.g. 9c" aria-label="${seatLabel(s.seat)}'s up card"></label>`).join("")}</div>
    <button type="button" class="primary huge" data-do="deal" id="cards-dealt">Cards dealt</button>`;
}

function actHtml(step) {
  const s = seatOf(step.seat);
  const legal = step.legal;
  const head = `<p class="acting"><b>${who(step.seat)}</b> <span class="muted">stack ${fmt(s.stack)}${s.bet ? ` · in for ${fmt(s.bet)}` : ""}</span></p>`;
  if (!legal) {  // a guessed turn: the sizes come with the room's answer
    return `${head}<div class="act-row">
      <button type="button" class="big fold" data-do="act" data-action="fold">Fold</button>
      <button type="button" class="big" data-do="act" data-action="call">Check / call</button>
      <button type="button" class="big warn" data-do="act" data-action="all_in">All in</button></div>
      <div class="raise-row"><label>Bet or raise to <input type="number" id="raise-to" min="1" inputmode="numeric"></label>
      <button type="button" class="big primary" data-do="raise" data-word="Bet or raise">Bet or raise</button></div>`;
  }
  const buttons = [];
  if (legal.fold) buttons.push('<button type="button" class="big fold" data-do="act" data-action="fold">Fold</button>');
  if (legal.check) buttons.push('<button type="button" class="big" data-do="act" data-action="check">Check</button>');
  if (legal.bring_in != null) buttons.push(`<button type="button" class="big" data-do="act" data-action="bring_in">Bring in ${fmt(legal.bring_in)}</button>`);
  if (legal.call) {
    const allIn = legal.call >= s.stack;
    buttons.push(`<button type="button" class="big" data-do="act" data-action="call">Call ${fmt(legal.call)}${allIn ? " (all in)" : ""}</button>`);
  }
  const sizes = raiseSizes(legal, { pot: state.pot, bet: s.bet });
  if (sizes && sizes.max > sizes.min) {
    buttons.push(`<button type="button" class="big warn" data-do="act" data-action="all_in">All in ${fmt(sizes.max)}</button>`);
  }
  let raise = "";
  if (sizes) {
    const word = betWord(legal);
    const quick = sizes.max === sizes.min ? "" : [["Min", sizes.min], ["½ pot", sizes.half], ["Pot", sizes.pot], ["All in", sizes.max]]
      .filter(([, n], k, all) => k === 0 || n !== all[k - 1][1])
      .map(([label, n]) => `<button type="button" class="size" data-do="size" data-to="${n}">${label}<small>${fmt(n)}</small></button>`).join("");
    raise = `<div class="raise-row">
      <label>${word} to <input type="number" id="raise-to" min="${sizes.min}" max="${sizes.max}" value="${sizes.min}" inputmode="numeric"></label>
      <button type="button" class="big primary" data-do="raise" data-word="${word}" data-action="${word === "Bet" ? "bet" : "raise"}">${word} to ${fmt(sizes.min)}</button>
      </div>${quick ? `<div class="sizes">${quick}</div>` : ""}`;
  }
  return `${head}<div class="act-row">${buttons.join("")}</div>${raise}`;
}

function showdownHtml(step) {
  const pickKey = `${state.version}`;
  if (picks.key !== pickKey) {  // a pot with one player in it is theirs
    picks = { key: pickKey, high: step.pots.map((p) => new Set(p.seats.length === 1 ? p.seats : [])),
      low: step.pots.map(() => new Set()) };
  }
  const show = `<div class="show-now"><p class="acting"><b>${who(step.seat)}</b> <span class="muted">shows or mucks</span></p>
    <div class="cards-in"><input id="show-cards" class="cards" inputmode="none" autocomplete="off" autocapitalize="off" spellcheck="false" placeholder="e.g. As Ac" aria-label="${seatLabel(step.seat)}'s cards">
    <button type="button" class="big primary" data-do="show">Show</button>
    <button type="button" class="big fold" data-do="muck">Muck</button></div>${padHtml("show-cards")}</div>`;
  const pots = step.pots.map((pot, k) => {
    const row = (half) => pot.seats.slice().sort((a, b) => a - b).map((s) => {
      const on = picks[half][k].has(s);
      return `<button type="button" class="pick${on ? " on" : ""}" aria-pressed="${on}" data-do="pick" data-half="${half}" data-pot="${k}" data-seat="${s}">${who(s)}</button>`;
    }).join("");
    return `<div class="pot-pick" data-pot="${k}"><p>${esc(potText(pot, k, step.pots.length))}</p>
      <div class="pick-row">${row("high")}</div>${hiLo() ? `<p class="muted">Low half (none: no low)</p><div class="pick-row">${row("low")}</div>` : ""}</div>`;
  }).join("");
  const ready = awardWinners(step.pots, picks.high) !== null;
  return `${show}<div class="award"><h3>Or award the pots: tap the winner${step.pots.length > 1 ? "s of each pot" : "(s)"}</h3>${pots}
    <button type="button" class="big primary" data-do="award" id="award"${ready ? "" : " disabled"}>Award the pot${step.pots.length > 1 ? "s" : ""}</button></div>`;
}

function padHtml(target) {
  const ranks = "AKQJT98765432".split("").map((r) => `<button type="button" data-pad="${r}" data-for="${target}">${r === "T" ? "10" : r}</button>`).join("");
  const suits = [["s", "♠"], ["h", "♥"], ["d", "♦"], ["c", "♣"]].map(([s, sym]) =>
    `<button type="button" class="s-${s}" data-pad="${s}" data-for="${target}" aria-label="${{ s: "spades", h: "hearts", d: "diamonds", c: "clubs" }[s]}">${sym}</button>`).join("");
  return `<div class="pad" aria-label="Cards"><div class="pad-ranks">${ranks}</div><div class="pad-suits">${suits}<button type="button" data-pad="back" data-for="${target}" aria-label="Take the last card back">⌫</button></div></div>`;
}

function renderTable(step) {
  const pots = potsShown(state);
  setHtml($("pots"), pots.length ? pots.map((p, k) => `<div class="pot">${esc(potText(p, k, pots.length))}</div>`).join("")
    : `<div class="pot muted">No pot${state.in_hand ? "" : ": between hands"}</div>`);
  setHtml($("board"), state.board.length ? state.board.map(cardChip).join("") : "");
  $("board").hidden = !state.board.length;
  const turn = turnSeat(step);  // the turn guessed while taps wait
  const word = turnWord(step);
  setHtml($("seats"), state.seats.map((s) => seatCardHtml(s, {
    button: buttonSeat(state), turn, word, selected, tag: "button", cards: true })).join(""));
}

function renderTools() {
  const key = `${selected}:${state.version}:${state.step.kind}`;
  if (key === toolsKey) return;
  toolsKey = key;
  const box = $("tools");
  if (selected === null || !seatOf(selected)) {
    setText($("tools-head"), "Seats");
    box.innerHTML = '<p class="muted">Tap a seat to seat a player, top up, sit out or in, straddle, change seats or leave.</p>';
    return;
  }
  const s = seatOf(selected);
  const range = `${fmt(state.min_buy_in)}–${fmt(state.max_buy_in)}`;
  setText($("tools-head"), seatLabel(selected));
  if (!s.name) {
    box.innerHTML = `<form class="tool-form" data-form="seat">
      <label>Name <input id="seat-name" maxlength="30" autocomplete="off" required placeholder="Player's name"></label>
      <label>Chips <input id="seat-chips" type="number" min="1" inputmode="numeric" required placeholder="${range}"></label>
      <button type="submit" class="big primary" id="seat-go">Seat the player</button></form>`;
    if (matchMedia("(pointer: fine)").matches) $("seat-name").focus();
    return;
  }
  const away = s.away;
  const stud = games ? games.isStud(state.game.key) : false;
  const buttonStep = state.step.kind === "button";
  box.innerHTML = `<p class="tool-who"><b>${esc(s.name)}</b> <span class="muted">${fmt(s.stack)} in front${away ? ` · ${s.status === "busted" ? "no chips" : "sitting out"}` : ""}${s.missed.length ? ` · owes the ${s.missed.join(" and the ")} blind${s.missed.length > 1 ? "s" : ""}` : ""}</span></p>
    ${buttonStep ? `<div class="row"><button type="button" class="big primary" data-do="button" data-seat="${s.seat}">The button starts here</button></div>` : ""}
    <form class="tool-form" data-form="top_up"><label>${s.stack ? "Add chips" : "Rebuy"} <input id="top-up-chips" type="number" min="1" inputmode="numeric" required placeholder="chips (table max ${fmt(state.max_buy_in)})"></label>
      <button type="submit" class="big" id="top-up-go">${s.stack ? "Top up" : "Rebuy"}</button></form>
    <div class="row tool-row">
      ${away ? `<button type="button" class="big" data-do="sit_in" data-seat="${s.seat}" data-post="">Sit in (wait for the blinds)</button>
        <button type="button" class="big primary" data-do="sit_in" data-seat="${s.seat}" data-post="1">Sit in, post now</button>`
    : `<button type="button" class="big" data-do="sit_out" data-seat="${s.seat}">Sit out</button>`}
      ${stud ? "" : `<button type="button" class="big" data-do="straddle" data-seat="${s.seat}">Straddle next hand</button>`}
      <button type="button" class="big danger" data-do="leave" data-seat="${s.seat}">Leaves with ${fmt(s.stack)}</button>
    </div>${moveHtml()}`;
}

// A seat change between hands (T12): to one of the empty seats.
function moveHtml() {
  const empty = state.seats.filter((e) => !e.name);
  if (!empty.length || state.in_hand) return "";
  return `<form class="tool-form" data-form="change_seat"><label>Move to <select id="move-to">${empty.map((e) => `<option value="${e.seat}">${seatLabel(e.seat)}</option>`).join("")}</select></label>
    <button type="submit" class="big" id="move-go">Change seats</button></form>`;
}

// ------------------------------------------------------------------ the floor

/** What the room's games say of this one for the floor (null until they are loaded). */
function gameFacts() {
  const key = state.game.key;
  return games && games.get(key) ? { board: games.hasBoard(key), stud: games.isStud(key) } : null;
}

/** The irregularity button and its panel (what can go wrong at this step: floor.js),
 * the last ruling, and this hand's rulings. */
function renderFloor(step) {
  const choices = floorChoices(state, step, gameFacts());
  if (!choices.length) floor.open = false;
  if (!choices.includes(floor.choice)) floor.choice = null;
  const button = $("irregular");
  button.hidden = !choices.length;
  button.setAttribute("aria-expanded", String(floor.open));
  button.classList.toggle("on", floor.open);
  $("floor-box").hidden = !floor.open;
  $("now").classList.toggle("floor-open", floor.open);
  const key = floor.open ? `${choices.join(",")}:${floor.choice}:${step.seat}:${state.version}` : "";
  if (key !== floor.key) {
    floor.key = key;
    floor.seat = null;  // the seat buttons are drawn anew, none picked
    $("floor-box").innerHTML = floor.open ? floorPanelHtml(state, step, choices, floor) : "";
  }
  $("ruling").hidden = !ruling;
  setHtml($("ruling"), ruling ? rulingHtml(ruling) : "");
  const rulings = state.rulings || [];
  $("rulings-box").hidden = !rulings.length;
  setHtml($("rulings"), rulingsHtml(rulings));
}

/** The ruling tap of the irregularity picked, with what was entered. */
function floorTap(choice) {
  const step = guessStep(state, queue);
  const entered = {
    seat: choice === "chips" ? (step && step.seat) : floor.seat,
    holding: $("floor-holding") ? $("floor-holding").value.trim() : undefined,
    chips: $("floor-chips") ? $("floor-chips").value : undefined,
    said: floor.said,
    amount: $("floor-amount") ? $("floor-amount").value.trim() : undefined,
  };
  const made = rulingTap(choice, entered);
  if (made.error) {
    showError(made.error);
    return;
  }
  floor.open = false;
  floor.choice = null;
  floor.said = "silent";
  tap("ruling", made.fields);
  $("now").scrollIntoView({ block: "nearest" });
}

function pickIn(row, b) {
  for (const other of row.querySelectorAll(".pick")) {
    other.classList.toggle("on", other === b);
    other.setAttribute("aria-pressed", String(other === b));
  }
}

// ------------------------------------------------------------------ the dealer's taps

function raiseTo() {
  const input = $("raise-to");
  const to = Number(input.value);
  const min = input.min === "" ? 1 : Number(input.min);
  const max = input.max === "" ? Infinity : Number(input.max);
  if (!Number.isInteger(to) || to < min || to > max) {
    showError(`A bet or raise goes to ${fmt(min)}${max < Infinity ? `–${fmt(max)}` : " or more"} chips (the total bet).`);
    return null;
  }
  return to;
}

function cardsFrom(input, count, what) {
  const cards = cardsTyped(input.value);
  if (!cards || (count && cardCount(input.value) !== count)) {
    showError(`${what}: ${count ? `${count} card${count === 1 ? "" : "s"}` : "cards"} like "Ah Kd 7c" (rank 2-9, T or 10, J, Q, K, A; suit s, h, d, c).`);
    input.focus();
    return null;
  }
  return cards;
}

const DO = {
  start: () => tap("start"),
  button: (b) => tap("button", { seat: Number(b.dataset.seat) }),
  deal: () => {
    const up = {};
    const step = state.step;
    for (const input of $("controls").querySelectorAll("[data-up]")) {
      const cards = cardsFrom(input, step.up, `${seatLabel(Number(input.dataset.up))}'s up card`);
      if (!cards) return;
      up[input.dataset.up] = cards;
    }
    tap("deal", step.up ? { up } : {});
  },
  board: () => {
    const input = $("board-cards");
    const cards = cardsFrom(input, Number(input.dataset.count), "The board");
    if (cards) tap("board", { cards });
  },
  act: (b) => {
    const step = guessStep(state, queue);
    if (step) tap("act", { seat: step.seat, action: b.dataset.action });
  },
  raise: (b) => {
    const to = raiseTo();
    const step = guessStep(state, queue);
    if (to !== null && step) tap("act", { seat: step.seat, action: b.dataset.action || "raise", to });
  },
  size: (b) => {
    $("raise-to").value = b.dataset.to;
    syncRaise();
  },
  draw: (b) => tap("draw", { seat: state.step.seat, count: Number(b.dataset.count) }),
  show: () => {
    const cards = cardsFrom($("show-cards"), 0, "The cards shown");
    if (cards) tap("show", { seat: state.step.seat, cards });
  },
  muck: () => tap("show", { seat: state.step.seat, cards: null }),
  pick: (b) => {
    const set = picks[b.dataset.half][Number(b.dataset.pot)];
    const seat = Number(b.dataset.seat);
    if (set.has(seat)) set.delete(seat);
    else set.add(seat);
    b.classList.toggle("on", set.has(seat));
    b.setAttribute("aria-pressed", String(set.has(seat)));
    $("award").disabled = awardWinners(state.step.pots, picks.high) === null;
  },
  award: () => {
    const winners = awardWinners(state.step.pots, picks.high);
    if (!winners) return;
    const low = picks.low.map((set) => [...set].sort((a, b) => a - b));
    tap("award", low.some((l) => l.length) ? { winners, low } : { winners });
  },
  floor: (b) => {
    const choice = b.dataset.choice;
    if (!(CHOICES[choice].needs || []).length) {
      floorTap(choice);
      return;
    }
    floor.choice = floor.choice === choice ? null : choice;
    floor.seat = null;
    floor.said = "silent";
    render();
    const first = $("floor-box").querySelector("[data-focus], .floor-detail .pick");
    if (first) first.scrollIntoView({ block: "nearest" });
    if (first && first.matches("input") && matchMedia("(pointer: fine)").matches) first.focus();
  },
  floor_seat: (b) => {
    floor.seat = Number(b.dataset.seat);
    pickIn(b.parentElement, b);
  },
  floor_said: (b) => {
    floor.said = b.dataset.said;
    pickIn(b.parentElement, b);
    const label = $("floor-amount-label");
    label.hidden = amountWords(floor.said) === null;
    label.firstChild.textContent = `${amountWords(floor.said) || ""} `;
  },
  floor_go: () => floorTap(floor.choice),
  floor_cancel: () => {
    floor.open = false;
    floor.choice = null;
    render();
  },
  select: (b) => {
    if (state.closed) return;
    selected = Number(b.dataset.seat);
    render();
    $("seat-tools").scrollIntoView({ block: "nearest", behavior: "smooth" });
  },
  sit_out: (b) => tap("sit_out", { seat: Number(b.dataset.seat) }),
  sit_in: (b) => tap("sit_in", { seat: Number(b.dataset.seat), post: Boolean(b.dataset.post) }),
  straddle: (b) => tap("straddle", { seat: Number(b.dataset.seat) }),
  leave: (b) => tap("leave", { seat: Number(b.dataset.seat) }),
};

function syncRaise() {
  const input = $("raise-to");
  const go = $("controls").querySelector("[data-do=raise]");
  if (input && go) setText(go, `${go.dataset.word} to ${input.value ? fmt(Number(input.value)) : "…"}`);
}

document.addEventListener("click", (event) => {
  const pad = event.target.closest("[data-pad]");
  if (pad) {
    const input = $(pad.dataset.for);
    input.value = padPress(input.value, pad.dataset.pad);
    return;
  }
  const b = event.target.closest("[data-do]");
  if (!b || b.disabled || !state) return;
  DO[b.dataset.do](b);
});

document.addEventListener("input", (event) => {
  if (event.target.id === "raise-to") syncRaise();
});

document.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && event.target.matches(".floor-detail input")) {
    event.preventDefault();
    floorTap(floor.choice);
    return;
  }
  if (event.key !== "Enter" || !event.target.matches("input.cards, #raise-to")) return;
  event.preventDefault();
  const go = event.target.id === "raise-to" ? "raise" : event.target.id === "show-cards" ? "show"
    : event.target.id === "board-cards" ? "board" : "deal";
  const b = $("controls").querySelector(`[data-do=${go}]`);
  if (b && !b.disabled) DO[go](b);
});

$("tools").addEventListener("submit", (event) => {
  event.preventDefault();
  const form = event.target.dataset.form;
  if (form === "seat") {
    const chips = Number($("seat-chips").value);
    const name = $("seat-name").value.trim();
    const seat = selected;
    tap("seat", { seat, name, chips });
    // the next empty seat is ready for the next player
    const next = state.seats.find((s) => !s.name && s.seat > seat);
    selected = next ? next.seat : null;
    toolsKey = "";
    render();
  } else if (form === "top_up") {
    tap("top_up", { seat: selected, chips: Number($("top-up-chips").value) });
  } else if (form === "change_seat") {
    const to = Number($("move-to").value);
    tap("change_seat", { seat: selected, to });
    selected = to;  // the tools follow the player
    toolsKey = "";
  }
});

$("undo").addEventListener("click", () => tap("undo"));
$("irregular").addEventListener("click", () => {
  floor.open = !floor.open;
  floor.choice = null;
  $("misdeal-box").hidden = true;
  render();
  if (floor.open) $("now").scrollIntoView({ block: "nearest" });
});
$("misdeal").addEventListener("click", () => {
  $("misdeal-box").hidden = !$("misdeal-box").hidden;
  if (floor.open) {
    floor.open = false;
    render();
  }
  if (!$("misdeal-box").hidden) $("misdeal-why").select();
});
$("misdeal-cancel").addEventListener("click", () => {
  $("misdeal-box").hidden = true;
});
$("misdeal-box").addEventListener("submit", (event) => {
  event.preventDefault();
  $("misdeal-box").hidden = true;
  tap("misdeal", { why: $("misdeal-why").value.trim() || "misdeal" });
});

$("key-form").addEventListener("submit", (event) => {
  event.preventDefault();
  host = $("key-input").value.trim();
  storage.set(keyName, host);
  $("no-key").hidden = Boolean(host);
  showError("");
  if (queue.length) flush();
  else refresh();
});

// ------------------------------------------------------------------ the other panels

// The players' link, the hands played, the settle-up and closing (dealer/panels.js).
const panels = new SessionPanels({
  base, id, host: () => host, state: () => state, tap, render, showError,
});

// ------------------------------------------------------------------ start

window.addEventListener("online", () => flush());
$("no-key").hidden = Boolean(host);
render();
loadGames().then((loaded) => {
  games = loaded;
  controlsKey = "";
  toolsKey = "";
  render();
}).catch(() => {});
loadRoomAddress().then(() => render());
panels.loadLink();
if (queue.length) flush();  // taps kept over a reload: sent first, their answer brings the state
setTimeout(poll, queue.length ? 3000 : 0);
