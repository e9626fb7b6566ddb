// The felt and the action dock, shared by the cash table page (table.js) and the
// tournament page (tournament.js).  A "table view" `tv` is one table's state as the
// server sends it: {table, seats, hand, you, log}; on the cash page that is the whole
// state, on the tournament page `state.table`.  `games` is the room's games
// (shared/games.js): whether the table's game is stud.
import { cardHtml } from "/static/shared/cards.js";
import { $, escapeHtml, onClick, toast } from "/static/shared/dom.js";
import { fmt, plural } from "/static/shared/format.js";
import { foldIsFree, newCards, streetLabel } from "/static/shared/clarity.js";

// ----------------------------------------------------------------- layout

// Fit the felt into its area.  `guarded`: do nothing when the area is missing or empty
// (the tournament page, where the room may be hidden).
export function layoutFelt(guarded = false) {
  if (guarded && !$("felt-area")) return;
  const area = $("felt-area").getBoundingClientRect();
  const wrap = $("felt-wrap");
  const w = area.width - 12;
  const h = area.height - 12;
  if (guarded && (w <= 0 || h <= 0)) return;
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
export function seatGeometry(seat, n, hero) {
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
  return {
    angle,
    x,
    y,
    // bets sit between the seat and the middle, pulled in more above and below
    bx: 50 + rx * cos * (portrait ? 0.5 : 0.62),
    by: 50 + ry * sin * (portrait ? 0.52 : 0.5) + (sin > 0.5 ? -2 : 0),
    btnX: x + ((ux * inward - uy * side) / width) * 100,
    btnY: y + ((uy * inward + ux * side) / height) * 100,
  };
}

// ------------------------------------------------------------------ pieces

let heroCards = null; // newCards' memory (clarity.js): the hero's cards before the last change

export const BOT_ICON = '<svg class="bot-icon" viewBox="0 0 16 16" role="img" aria-label="bot"><title>bot: played by the computer</title>' +
  '<rect x="7.2" y="0.8" width="1.6" height="3" rx=".8"/><rect x="1.5" y="3.6" width="13" height="10" rx="3.2"/>' +
  '<circle cx="5.4" cy="8.4" r="1.5" fill="#16221c"/><circle cx="10.6" cy="8.4" r="1.5" fill="#16221c"/>' +
  '<rect x="5" y="11" width="6" height="1.2" rx=".6" fill="#16221c"/></svg>';

export function chipsHtml(amount) {
  const count = amount >= 1000 ? 4 : amount >= 100 ? 3 : amount >= 10 ? 2 : 1;
  return `<span class="chips" aria-hidden="true">${"<i></i>".repeat(count)}</span>`;
}

// The seats, bets and dealer button of `tv`, drawn into #layer.  `emptyHtml(seat, pos)`
// and `occupiedHtml(info, pos)` draw a page's own seats.  A seat or bet drawn the same
// as last time keeps its element (patchLayer): a "Sit here" button is not replaced
// under the pointer each time another seat acts.  Whoever wires an element's events
// after a render marks it (data-wired) so a kept one is not wired twice.
export function renderLayer(tv, hero, emptyHtml, occupiedHtml) {
  const n = tv.table.seats;
  const hand = tv.hand;
  const parts = [];
  for (let seat = 0; seat < n; seat += 1) {
    const info = tv.seats[seat];
    const g = seatGeometry(seat, n, hero);
    const pos = `left:${g.x.toFixed(2)}%;top:${g.y.toFixed(2)}%`;
    if (!info) {
      parts.push(emptyHtml(seat, pos));
      continue;
    }
    parts.push(occupiedHtml(info, pos));
    if (hand && info.in_hand && info.bet > 0) {
      parts.push(`<div class="bet" data-seat="${seat}" style="left:${g.bx.toFixed(2)}%;top:${g.by.toFixed(2)}%">${chipsHtml(info.bet)}${fmt(info.bet)}</div>`);
    }
  }
  const button = hand && hand.button !== null && hand.button !== undefined
    ? seatGeometry(hand.button, n, hero) : null;
  patchLayer($("layer"), parts);
  if (button) {  // drawn anew each time: keepButtonClear moves it from its spot
    $("layer").insertAdjacentHTML("beforeend", `<div class="dealer-button" title="Dealer button" style="left:${button.btnX.toFixed(2)}%;top:${button.btnY.toFixed(2)}%">D</div>`);
  }
  keepButtonClear();
}

const KEPT = new WeakMap();  // a layer -> Map(html -> its element), from the last render

/** Make `layer`'s children the elements of `parts` (HTML strings, one element each),
 * in order, keeping the element of a part whose HTML is the same as last time. */
export function patchLayer(layer, parts) {
  const kept = KEPT.get(layer) || new Map();
  const next = new Map();
  const nodes = parts.map((html) => {
    let node = next.has(html) ? null : kept.get(html);
    if (!node) {
      const made = document.createElement("template");
      made.innerHTML = html.trim();
      node = made.content.firstElementChild;
    }
    if (!next.has(html)) next.set(html, node);
    return node;
  });
  // What is no longer drawn goes first, so that a kept element is never taken out
  // and put back to get past one (a "Sit here" moved between a tap's mousedown and
  // mouseup loses the click): the kept keep their order, the new go in between.
  const wanted = new Set(nodes);
  for (const child of [...layer.children]) if (!wanted.has(child)) child.remove();
  nodes.forEach((node, i) => {
    const at = layer.children[i];
    if (at !== node) layer.insertBefore(node, at || null);
  });
  KEPT.set(layer, next);
}

/** How far (px, along x) a box ``box`` ({left, right, top, bottom}) moves to clear
 * every one of ``obstacles``, toward the side with more room inside ``bounds`` (0:
 * it overlaps none). */
export function clearShift(box, obstacles, bounds) {
  const hits = obstacles.filter((o) => box.left < o.right && box.right > o.left && box.top < o.bottom && box.bottom > o.top);
  if (!hits.length) return 0;
  const width = box.right - box.left;
  const right = Math.max(...hits.map((o) => o.right)) + 4 - box.left;
  const left = Math.min(...hits.map((o) => o.left)) - 4 - box.right;
  const fitsRight = box.right + right <= bounds.right;
  const fitsLeft = box.left + left >= bounds.left;
  if (fitsRight && (!fitsLeft || right <= -left)) return right;
  if (fitsLeft) return left;
  return right > width ? left : right;
}

// The dealer button beside, never under, a seat's cards or plate (five cards to a
// player in draw games are wider than the spot the geometry gives the button).
function keepButtonClear() {
  const button = document.querySelector("#layer .dealer-button");
  if (!button) return;
  const wrap = $("felt-wrap").getBoundingClientRect();
  const obstacles = [...document.querySelectorAll("#layer .seat .hole .card, #layer .seat .plate")]
    .map((el) => el.getBoundingClientRect());
  const box = button.getBoundingClientRect();
  const dx = clearShift(box, obstacles, wrap);
  if (dx && wrap.width) {
    const left = parseFloat(button.style.left) + (dx / wrap.width) * 100;
    button.style.left = `${left.toFixed(2)}%`;
    button.dataset.moved = "1";
  }
}

// One occupied seat.  `opts.pendingHtml(info)` draws a seat not yet in play,
// `opts.statusTags(info, tags)` adds the page's own tags, `opts.dotTitle` titles the
// connection dot, `opts.games` is the room's games.
export function seatHtml(tv, info, pos, hero, result, discardPick, opts) {
  const hand = tv.hand;
  const stud = opts.games.isStud(tv.table.game);
  const classes = ["seat"];
  const isHero = info.seat === hero;
  if (isHero) classes.push("hero");
  if (info.pending) return opts.pendingHtml(info, pos);
  const tags = [];
  const acting = hand && hand.actor === info.seat && hand.phase !== "complete";
  if (acting) classes.push("acting");
  if (info.in_hand && info.folded) classes.push("folded");
  if (!info.in_hand && hand) classes.push("out");
  if (hand) {
    if (hand.small_blind === info.seat && !stud) tags.push('<span class="tag sb">SB</span>');
    if (hand.big_blind === info.seat) tags.push('<span class="tag bb">BB</span>');
  }
  if (info.in_hand && info.all_in) tags.push('<span class="tag allin">All-in</span>');
  if (info.in_hand && info.folded) tags.push('<span class="tag folded">Folded</span>');
  if (acting && hand.time_bank) tags.push('<span class="tag bank" title="The action clock ran out: the time bank runs">Time bank</span>');
  opts.statusTags(info, tags);

  // Cards: the live hand's, or what was shown at the last showdown.
  let cards = "";
  let shownDesc = "";
  const selecting = isHero && tv.you && tv.you.legal && tv.you.legal.discard !== null
    && tv.you.legal.discard !== undefined;
  // Your new cards after a draw are marked until they change.
  let fresh = new Set();
  if (isHero && hand && info.cards && opts.games.isDraw(tv.table.game)) {
    const seen = newCards(heroCards, hand.number, info.cards);
    heroCards = seen.memory;
    fresh = seen.fresh;
  }
  if (hand && info.in_hand && info.cards && (!info.folded || isHero)) {
    cards = info.cards.map((c, i) => {
      const extra = [];
      if (c && fresh.has(c)) extra.push("new-card");
      if (isHero && c && info.up && info.up[i] === false && stud) extra.push("down-own");
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
  // A draw: the cards thrown away come back after everyone has discarded (variants.py);
  // until then the seat still holds a full hand, the cards to come drawn faded.
  const held = opts.games.get(tv.table.game)?.hole_cards || 0;
  const shortBy = hand && hand.phase === "drawing" && info.in_hand && !info.folded && info.cards
    && opts.games.isDraw(tv.table.game) ? held - info.cards.length : 0;
  if (shortBy > 0) cards += '<div class="card back to-come" title="a card to come from the draw" aria-label="a card to come"></div>'.repeat(shortBy);
  const cardCount = (cards.match(/class="card/g) || []).length;
  // At a draw, what each player did stays beside their seat for the betting after it.
  // (Once its own label, "Draw 2", has given way to a check or a bet.)
  const drawLabel = /^(Draw \d+|Stand pat)$/.test(info.label || "");
  const drew = hand && info.in_hand && !info.folded && !drawLabel ? (opts.drawWords || new Map()).get(info.name) : null;
  if (drew) tags.push(`<span class="tag drew" data-drew="${escapeHtml(drew)}">${escapeHtml(drew)}</span>`);
  const stack = info.stack;
  const clock = acting ? '<div class="clock"><i></i></div>' : "";
  const dotTitle = opts.dotTitle ? ` title="${info.connected ? "connected" : "disconnected"}"` : "";
  return `<div class="${classes.join(" ")}" data-seat="${info.seat}" data-stack="${stack}" data-name="${escapeHtml(info.name)}" style="${pos}">
    <div class="hole ${cardCount > 3 ? "many" : ""} ${selecting ? "spread" : ""}" data-cards="${cardCount}">${cards}</div>
    <div class="plate">
      <div class="name"><span class="dot ${info.connected ? "" : "off"}"${dotTitle}></span><span class="nm">${escapeHtml(info.name)}</span>${info.bot ? BOT_ICON : ""}</div>
      <div class="stack ${stack ? "" : "zero"}">${fmt(stack)}</div>
      ${shownDesc ? `<div class="shown-desc" title="${escapeHtml(shownDesc)}">${escapeHtml(shownDesc)}</div>` : ""}
      ${clock}
    </div>
    ${info.label && hand ? `<div class="act-label" data-label="${escapeHtml(info.label)}">${escapeHtml(info.label)}</div>` : ""}
    <div class="tags">${tags.join("")}</div>
  </div>`;
}

// The middle of a live hand: street, board (new cards marked "fresh") and pot.
// `felt.boardSeen` remembers the board cards already drawn; `draws`: the game's
// number of draws (the street's label names the betting round after a draw).
export function handCenterParts(felt, hand, hasBoard, out, draws = 0) {
  if (hand.street) {
    out.push(`<div class="street-label" data-street="${escapeHtml(hand.street)}">${escapeHtml(streetLabel(hand.street, hand.phase, draws))}</div>`);
  }
  if (hasBoard || hand.board.length) {
    const slots = hasBoard ? Math.max(0, 5 - hand.board.length) : 0;
    const seen = felt.boardSeen.number === hand.number ? felt.boardSeen.cards : new Set();
    const cards = hand.board.map((c) => cardHtml(c, seen.has(c) ? "" : "fresh")).join("");
    felt.boardSeen = { number: hand.number, cards: new Set(hand.board) };
    out.push(`<div class="board">${cards}${'<div class="board-slot"></div>'.repeat(slots)}</div>`);
  }
  const pots = hand.pots || [hand.pot];
  let potText = `Pot ${fmt(hand.pot)}`;
  if (pots.length > 1) {
    potText += ` <small>main ${fmt(pots[0])}${pots.slice(1).map((p, i) => ` · side ${i + 1}: ${fmt(p)}`).join("")}</small>`;
  }
  out.push(`<div class="pot" id="pot">${chipsHtml(hand.pot)}${potText}</div>`);
}

// The last hand's result in the middle: its board and who won with what.
export function resultCenterParts(result, out) {
  if (result.board.length) {
    out.push(`<div class="board old">${result.board.map((c) => cardHtml(c)).join("")}</div>`);
  }
  const lines = result.lines.slice(0, 3).map((l) =>
    `<div class="who">${escapeHtml(l.who)}</div>${l.how ? `<div class="how">${escapeHtml(l.how)}</div>` : ""}`).join("");
  if (lines) out.push(`<div class="result-banner" id="result">${lines}</div>`);
}

// The acting seat's clock bar and the player's own countdown.
export function tickActionClock(tv, clockOffset) {
  // Called a few times a second (and after each render): it writes only what
  // changed, so an idle page does no style or layout work between its ticks.
  const hand = tv && tv.hand;
  const bar = document.querySelector("#layer .seat.acting .clock i");
  const mine = $("my-clock");
  if (!hand || !hand.deadline) {
    if (bar && bar.style.width !== "100%") bar.style.width = "100%";
    if (mine && mine.textContent !== "") mine.textContent = "";
    return;
  }
  const now = Date.now() / 1000 + clockOffset;
  const left = Math.max(0, hand.deadline - now);
  // On a time bank the bar measures the bank (the acting seat's, as it was when it began).
  const banker = hand.time_bank && hand.actor !== null ? tv.seats[hand.actor] : null;
  const total = (banker && banker.time_bank) || tv.table.action_seconds || 30;
  const fraction = Math.max(0, Math.min(1, left / total));
  if (bar) {
    const width = `${(fraction * 100).toFixed(1)}%`;
    if (bar.style.width !== width) bar.style.width = width;
    bar.classList.toggle("warn", fraction < 0.5 && fraction >= 0.2);
    bar.classList.toggle("urgent", fraction < 0.2);
    bar.classList.toggle("bank", Boolean(banker));
  }
  if (mine) {
    const text = `${Math.ceil(left)}s`;
    if (mine.textContent !== text) mine.textContent = text;
    mine.classList.toggle("urgent", left < 6);
  }
}

// ------------------------------------------------------------------- dock

/** Sizing presets; the last is "All-in" only when the limit allows all the chips
 * (``allInTotal``: the hero's stack plus bet), else "Max" (pot limit: the pot). */
export function raisePresets(legal, allInTotal) {
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
    [max >= allInTotal ? "All-in" : "Max", max],
  ];
}

/** The word of the raise button: "Bet", "Raise to", or (stud) "Complete to". */
export function raiseWord(tv, legal, stud) {
  if (legal.bring_in !== null && legal.bring_in !== undefined) return "Complete to";
  const t = tv.table;
  const bet = tv.hand.current_bet;
  // Stud: raising a bring-in up to the small bet is completing it.
  if (stud && bet > 0 && bet < t.small_bet && legal.min_raise_to <= t.small_bet) {
    return "Complete to";
  }
  return bet > 0 ? "Raise to" : "Bet";
}

/** The raise button's text for ``amount``: all-in when it is the hero's every chip. */
export function raiseLabel(tv, legal, amount, stud) {
  const hero = tv.seats[tv.you.seat];
  const allIn = hero && amount >= hero.stack + (hero.bet || 0);
  return allIn ? `All-in ${fmt(amount)}` : `${raiseWord(tv, legal, stud)} ${fmt(amount)}`;
}

// The player's turn in the dock: fold / check-call / bet-raise with sizing, the
// discard picker in draw games, or show / muck at showdown.  `hooks`:
//   games          the room's games (shared/games.js),
//   view()         the table view (`tv`) in play,
//   send(message)  sends to the server, true when sent,
//   renderTable(), renderDock()  redraw the felt and the dock,
//   confirmFreeFold(fold)  (optional) asks before a fold when a check is free, then
//                  calls fold() if the player still wants it.
// `dock.draw(key, legal, idleHtml, wireIdle)` fills #dock when `key` (a string of
// all it shows) changed: the player's turn when `legal`, else the page's idle
// dock; `dock.key = ""` makes the next draw draw anew.
export function createDock(hooks) {
  const dock = {
    discardPick: new Set(),
    sending: false,
    key: "",
    draw,
    actionHtml,
    wireActions,
    toggleDiscard,
    wireDiscardCards,
  };

  // True when it drew (the key changed).
  function draw(key, legal, idleHtml, wireIdle) {
    if (key === dock.key) return false;
    dock.key = key;
    const box = $("dock");
    if (legal) {
      box.innerHTML = actionHtml(legal);
      wireActions(legal);
    } else {
      box.innerHTML = idleHtml();
      wireIdle();
    }
    return true;
  }

  const stud = () => hooks.games.isStud(hooks.view().table.game);

  function actionHtml(legal) {
    const tv = hooks.view();
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
      const count = dock.discardPick.size;
      return `<div class="line info">${clock}<span>Click up to <b>${legal.discard}</b> of your cards to throw away, then draw.</span></div>
      <div class="actions-main">
        <button type="button" class="fold" id="btn-clear" ${count ? "" : "disabled"}>Clear</button>
        <button type="button" class="call" id="btn-pat">Stand pat</button>
        <button type="button" class="raise" id="btn-draw" ${count ? "" : "disabled"}>Draw ${count}</button>
      </div>`;
    }
    const hero = tv.seats[tv.you.seat];
    const canRaise = legal.min_raise_to !== null && legal.min_raise_to !== undefined;
    let sizing = "";
    if (canRaise && legal.max_raise_to > legal.min_raise_to) {
      const allInTotal = hero ? hero.stack + (hero.bet || 0) : Infinity;
      const presets = raisePresets(legal, allInTotal).map(([label, v]) =>
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
      ? `<button type="button" class="raise" id="btn-raise">${raiseLabel(tv, legal, legal.min_raise_to, stud())}</button>`
      : '<button type="button" class="raise" disabled>Raise</button>';
    const fold = `<button type="button" class="fold" id="btn-fold" ${legal.fold ? "" : "disabled"}>Fold</button>`;
    // B15 (house option open_pair_double): an open pair on fourth street in fixed-limit
    // stud allows the big bet too, under the small one.
    const big = legal.big_raise_to !== null && legal.big_raise_to !== undefined
      ? `<button type="button" class="raise big-bet" id="btn-big-bet" data-to="${legal.big_raise_to}">${raiseLabel(tv, legal, legal.big_raise_to, stud())} (big bet)</button>`
      : "";
    // A room table's time bank: what is left after the action clock (tournaments have none).
    const bank = hero && hero.time_bank !== null && hero.time_bank !== undefined
      ? `<span class="bank-left" id="my-bank" title="Used when the action clock runs out">Time bank ${hero.time_bank}s</span>` : "";
    return `<div class="line info">${clock}<span><b>Your turn</b></span>${bank}</div>${sizing}<div class="actions-main">${fold}${middle}${raise}${big}</div>`;
  }

  function act(action, extra = {}) {
    if (dock.sending) return;
    if (hooks.send({ type: "act", action, ...extra })) {
      dock.sending = true;
      for (const b of $("dock").querySelectorAll("button")) b.disabled = true;
    }
  }

  function wireActions(legal) {
    const on = onClick;
    // Folding when a check is free: a page's hooks.confirmFreeFold(fold) may ask first.
    on("btn-fold", () => {
      if (hooks.confirmFreeFold && foldIsFree(legal)) hooks.confirmFreeFold(() => act("fold"));
      else act("fold");
    });
    on("btn-call", () => act("check_call"));
    on("btn-bring-in", () => act("bring_in"));
    on("btn-muck", () => act("muck"));
    on("btn-show", () => act("show"));
    on("btn-pat", () => {
      dock.discardPick = new Set();
      act("discard", { cards: "" });
    });
    on("btn-clear", () => {
      dock.discardPick = new Set();
      dock.key = "";
      hooks.renderTable();
      hooks.renderDock();
    });
    on("btn-draw", () => {
      const cards = [...dock.discardPick].join("");
      dock.discardPick = new Set();
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
      if (raiseButton) raiseButton.textContent = raiseLabel(hooks.view(), legal, amount, stud());
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
    on("btn-big-bet", () => act("bet_raise", { to: legal.big_raise_to }));
  }

  function toggleDiscard(card) {
    const tv = hooks.view();
    const legal = tv && tv.you && tv.you.legal;
    if (!legal || legal.discard === null || legal.discard === undefined) return;
    if (dock.discardPick.has(card)) dock.discardPick.delete(card);
    else if (dock.discardPick.size < legal.discard) dock.discardPick.add(card);
    else toast(`You may throw away at most ${legal.discard} card${plural(legal.discard)}.`, "info");
    hooks.renderTable();
    hooks.renderDock();
  }

  // The hero's cards, once drawn: click to pick them for the discard.
  function wireDiscardCards() {
    for (const card of $("layer").querySelectorAll(".seat.hero .card.selectable:not([data-wired])")) {
      card.dataset.wired = "1";
      card.addEventListener("click", () => toggleDiscard(card.dataset.card));
    }
  }

  return dock;
}

// Keys on the player's turn: F fold, C/K check or call, R bet or raise, B the big bet (B15).
export function wireActionKeys() {
  document.addEventListener("keydown", (event) => {
    // (A docked replayer, beside the table, does not take the keys away from the turn.)
    if (event.target.closest && event.target.closest("input, select, textarea, dialog:not(.docked)")) return;
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    const id = { f: "btn-fold", c: "btn-call", k: "btn-call", r: "btn-raise", b: "btn-big-bet" }[event.key.toLowerCase()];
    const button = id && $(id);
    if (button && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  });
}
