// What the table page draws from a state alone: pure functions (no element is read
// or written here), unit-tested in tests/js/table.test.js.  ``state`` is the table's
// state as the server sends it: {table, seats, hand, you, log}.
import { cardHtml } from "/static/shared/cards.js";
import { escapeHtml } from "/static/shared/dom.js";
import { fmt, signed } from "/static/shared/format.js";

/** Seated players who can be dealt the next hand (active or new, with chips). */
export function playersReady(state) {
  return state.seats.filter((s) => s && !s.pending && (s.status === "active" || s.status === "new") && s.stack > 0).length;
}

/** The table's life: "open", "paused", "closed" or "idle" (tables/life.py). */
export function tableLife(t) {
  return t.life || (t.closed ? "closed" : t.paused ? "paused" : "open");
}

/** The table's state in words: ``badge`` (the header's and the felt's; "" when
 * open), ``short`` (the header's on a phone) and ``line`` (a sentence, the dock's and
 * the log's; "" when open). */
export function lifeWords(t) {
  switch (tableLife(t)) {
    case "closed": return { badge: "Closed", short: "Closed", line: "The table is closed." };
    case "paused": return { badge: "Paused by the host", short: "Paused", line: "Paused by the host: no new hand until play resumes." };
    case "idle": return { badge: "Waiting for players", short: "Waiting", line: "Waiting for players: no hand until a person is back at the table." };
    default: return { badge: "", short: "", line: "" };
  }
}

/** Between hands, what happens next (a new table's log is never blank); "" in a hand. */
export function nextLine(state) {
  if (state.hand) return "";
  const t = state.table;
  const words = lifeWords(t);
  if (words.line) return words.line;
  const ready = playersReady(state);
  if (t.locked && ready < 2) return "The host has locked the table: no new players.";
  if (ready < 2) return `Waiting for players: ${ready} of 2 seated.`;
  return "Next hand starting soon.";
}

/** The number of the last hand finished (0: none yet), from the hand in play or the log. */
export function lastFinishedHand(state) {
  if (!state) return 0;
  return state.hand ? state.hand.number - 1 : Math.max(0, ...state.log
    .map((l) => l.match(/^--- hand (\d+) ---$/)).filter(Boolean).map((m) => Number(m[1])));
}

/** The host's ledger: each player's chips in, added, out, on the table, and net. */
export function ledgerHtml(rows) {
  if (!rows.length) return '<p class="muted">No chips have crossed the rail yet.</p>';
  return `<table class="ledger" id="ledger-table"><thead><tr><th>Player</th><th title="Bought in">In</th><th title="Top-ups and rebuys">Added</th><th title="Cashed out">Out</th><th title="Chips at the table now">Stack</th><th>Net</th></tr></thead><tbody>${
    rows.map((r) => `<tr data-name="${escapeHtml(r.name)}"><td>${escapeHtml(r.name)}</td><td>${fmt(r.buy_in)}</td><td>${fmt(r.added)}</td><td>${fmt(r.cash_out)}</td><td>${r.seated ? fmt(r.on_table) : "—"}</td><td class="${r.net > 0 ? "up" : r.net < 0 ? "down" : ""}">${signed(r.net, "0")}</td></tr>`).join("")
  }</tbody></table>`;
}

/** Choices ahead of your turn, kept by the table; the one chosen is ticked (``you``:
 * ``state.you``, ``me``: the hero's seat, ``hand``: the hand in play). */
export function preactionHtml(you, me, hand) {
  const owed = Math.min(Math.max(0, (hand.current_bet || 0) - (me.bet || 0)), me.stack);
  const chosen = you.preaction;
  const box = (kind, text, amount) => {
    const on = chosen && chosen.kind === kind && (kind !== "call" || chosen.amount === amount);
    return `<label class="pre ${on ? "on" : ""}"><input type="checkbox" data-kind="${kind}" ${amount ? `data-amount="${amount}"` : ""} ${on ? "checked" : ""}> ${text}</label>`;
  };
  const parts = [box("check_fold", owed ? "Fold" : "Check/Fold")];
  if (owed) parts.push(box("call", `Call ${fmt(owed)}`, owed));
  parts.push(box("call_any", owed ? "Call any" : "Check/Call any"));
  if (!owed) parts.push(box("fold_to_bet", "Fold to any bet"));
  // A call chosen at another amount: the bet changed, the table cancels it on the turn.
  if (chosen && chosen.kind === "call" && chosen.amount !== owed) {
    parts.push(`<span class="pre stale">Call ${fmt(chosen.amount)} (the bet changed)</span>`);
  }
  return `<span class="preactions" id="preactions" role="group" aria-label="Act ahead">${parts.join("")}</span>`;
}

/** The house options the table's manager chose away from the rule catalogue's defaults. */
export function houseRulesHtml(rules) {
  if (!rules.length) return '<h3 class="house-head">House rules</h3><p class="muted" id="house-rules">The rulebook\'s defaults.</p>';
  return `<h3 class="house-head">House rules</h3><dl id="house-rules">${rules.map((r) =>
    `<dt>${escapeHtml(r.label)}</dt><dd data-option="${escapeHtml(r.option)}">${escapeHtml(r.value)}</dd>`).join("")}</dl>`;
}

/** A mixed table's rotation in words (``state.rotation``, tables/rotation.py), or null
 * at a table of one game: ``short`` for the felt's strip, ``line`` for its title.
 * ``inHand``: a hand is being dealt (its game is the one named "now"). */
export function rotationWords(rotation, inHand) {
  if (!rotation) return null;
  const now = rotation.game.name;
  const next = rotation.next.name;
  const left = rotation.left;
  const stud = rotation.game.stud ? " · no button in stud" : "";
  let short;
  if (left === null || left === undefined) short = `${now} · then ${next} after an orbit`;
  else if (left > 0) short = `${now} · ${left} more hand${left === 1 ? "" : "s"}, then ${next}`;
  else if (inHand) short = `last hand of ${now} · next: ${next}`;
  else short = `next hand: ${next}`;
  const every = rotation.every === "orbit" ? "every orbit" : `every ${rotation.hands} hand${rotation.hands === 1 ? "" : "s"}`;
  return {
    short: `${rotation.name} · ${short}${left === 0 && !inHand ? "" : stud}`,
    line: `${rotation.name}: ${rotation.games.join(", ")}, changing ${every}`,
  };
}

// ------------------------------------------------ shows by choice, the rabbit hunt
// (tables/show_cards.py: the state's ``shown`` and the seat's own ``you.show``)

/** The dock's offer to show one's own face-down cards (``you.show``), or "": a button
 * per card not shown yet and one for all of them. */
export function showOfferHtml(show) {
  if (!show) return "";
  const left = show.cards.map((c, i) => i).filter((i) => !show.shown[i]);
  if (!left.length) return "";
  const buttons = left.map((i) =>
    `<button type="button" class="small" data-show="${i}" title="Show this card to everyone">Show ${miniCardsHtml([show.cards[i]])}</button>`);
  if (left.length > 1) {
    buttons.push(`<button type="button" class="small" data-show="${left.join(",")}" id="btn-show-all">Show ${left.length === 2 ? "both" : "all"}</button>`);
  }
  const why = show.why === "won" ? "You won without a showdown." : "You folded.";
  return `<div class="line show-line" id="show-cards"><span class="muted">${why} Show your cards?</span>${buttons.join("")}</div>`;
}

/** The cards each seat chose to show (``state.shown``), by seat: [card or null...]. */
export function shownBySeat(state) {
  const out = new Map();
  for (const s of (state.shown && state.shown.seats) || []) out.set(s.seat, s.cards);
  return out;
}

/** A seat's tag with the cards it chose to show (during a hand, after folding). */
export function shownTagHtml(cards) {
  return `<span class="tag shows" title="Shown by choice">Shows ${miniCardsHtml(cards.filter(Boolean))}</span>`;
}

/** The felt's rabbit-hunt row (between hands): the board that would have come,
 * marked not played; "" when there is none. */
export function rabbitHtml(shown) {
  const cards = (shown && shown.rabbit) || [];
  if (!cards.length) return "";
  return `<div class="rabbit" id="rabbit" title="Rabbit hunt: the cards that would have come (not played)">` +
    `<span class="rabbit-label">Rabbit · not played</span>` +
    `<span class="board rabbit-cards">${cards.map((c) => cardHtml(c, "rabbit-card")).join("")}</span></div>`;
}

// Cards drawn small, as the log draws them.
function miniCardsHtml(cards) {
  return cards.map((c) => cardHtml(c, "mini")).join("");
}
