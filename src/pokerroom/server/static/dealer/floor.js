// The floor at the dealer's tablet (issue 26): the irregularities the dealer can tap
// at each step of a hand (the room rules on them: pokerroom.table.dealer_floor), the
// ruling tap each makes, the chips typed for B14, and the ruling shown after it.
// Pure functions (tests/js/dealer_floor.test.js); tablet.js shows the panel and sends.
import { escapeHtml as esc } from "/static/shared/dom.js";
import { seatLabel } from "/static/dealer/steps.js";

/** Every irregularity the panel offers: its ``ruling`` (the tap's), its fixed fields
 * (``early``), its words, and what the dealer enters before it is sent (``needs``:
 * ``seat`` a seat of the hand, ``holding`` how many cards it holds, ``chips`` the chips
 * pushed and what was said).  The keys are the panel's buttons' ``data-choice``. */
export const CHOICES = {
  boxed_card: { ruling: "boxed_card", label: "Boxed card", hint: "a card face up in the deck" },
  exposed_early: { ruling: "exposed_card", early: true, label: "Exposed card",
    hint: "the first or second card of the deal" },
  exposed_late: { ruling: "exposed_card", early: false, label: "Exposed card", hint: "a later card" },
  wrong_seat: { ruling: "wrong_seat", label: "First card to the wrong seat", hint: "the deal started at the wrong seat" },
  wrong_count: { ruling: "wrong_count", label: "Wrong number of cards", hint: "a player holds too many or too few",
    needs: ["seat", "holding"] },
  button_misplaced: { ruling: "button_misplaced", label: "Button misplaced", hint: "it was on the wrong seat",
    needs: ["seat"] },
  premature_card: { ruling: "premature_card", label: "Premature card", hint: "dealt before the betting ended" },
  chips: { ruling: "chips", label: "Chips pushed", hint: "without a clear word: what do they mean?", needs: ["chips"] },
  flop_too_many: { ruling: "flop_too_many", label: "Too many cards on the flop", hint: "four cards turned" },
  flop_no_burn: { ruling: "flop_no_burn", label: "Flop without a burn", hint: "no card burned first" },
};

/** What was said before the chips were pushed (the ``chips`` ruling's ``said``). */
export const SAID = [
  ["silent", "Nothing"], ["call", "“Call”"], ["raise", "“Raise”"], ["all_in", "“All in”"], ["amount", "An amount"],
];

/** The irregularities that can apply at ``step`` (the step shown) of ``state`` (the
 * tablet's), in the panel's order; none outside a hand.  ``game``: what the room's games
 * say of this one (``board``: community cards, ``stud``), null when not known yet.
 * While dealing: a boxed or exposed card and the first card to the wrong seat (the first
 * round of the deal only: the room rules on them before any hole card is entered), a
 * wrong number of cards, the button.  While betting: a premature card (not on the river,
 * nor in a draw game, which deals no card between rounds), a wrong number of cards, the
 * button, chips pushed; on the flop's round, the flop dealt without a burn (TDA 39-B2).
 * When the flop is due: too many cards on it, no burn (TDA 39-B1).  The button only
 * where the game has one (``state.button``). */
export function floorChoices(state, step, game = null) {
  if (!state || state.closed || !state.in_hand || !step) return [];
  const button = state.button != null ? ["button_misplaced"] : [];
  const board = game ? game.board : state.board.length > 0;
  const stud = game ? game.stud : false;
  if (step.kind === "deal") {
    const first = state.seats.every((s) => !s.in_hand || !s.cards || !s.cards.length);
    return [...(first ? ["boxed_card", "exposed_early", "exposed_late", "wrong_seat"] : []), "wrong_count", ...button];
  }
  if (step.kind === "act") {
    const premature = stud || (board && state.board.length < 5) ? ["premature_card"] : [];
    const flop = board && state.board.length === 3 ? ["flop_no_burn"] : [];
    return [...premature, "wrong_count", ...button, "chips", ...flop];
  }
  if (step.kind === "board" && state.board.length === 0 && step.cards >= 3) return ["flop_too_many", "flop_no_burn"];
  return [];
}

/** The seats a ruling about a player can name: the seats dealt in, not folded
 * (``except``: one left out, the button's seat for a misplaced button). */
export function handSeats(state, except = null) {
  return state.seats.filter((s) => s.name && s.in_hand && !s.folded && s.seat !== except).map((s) => s.seat);
}

/** The chips a dealer types ("25", "5 5", "5, 5", "3x25" for three 25s): their values,
 * one per chip, or null when the text is not chips (at most 100 chips, each a whole
 * number of at least 1). */
export function chipsTyped(text) {
  const words = String(text || "").trim().split(/[\s,;+]+/).filter(Boolean);
  if (!words.length) return null;
  const out = [];
  for (const word of words) {
    const m = /^(?:(\d{1,3})\s*[x×*])?(\d{1,12})$/i.exec(word);
    if (!m) return null;
    const count = m[1] === undefined ? 1 : Number(m[1]);
    const value = Number(m[2]);
    if (!count || !value || !Number.isSafeInteger(value)) return null;
    for (let k = 0; k < count; k++) out.push(value);
    if (out.length > 100) return null;
  }
  return out;
}

/** The ruling tap's fields for ``choice`` (a key of :data:`CHOICES`) with what the dealer
 * entered (``seat``, ``holding``, ``chips`` as typed, ``said``, ``amount``); an error in
 * words when something is missing ({error}). */
export function rulingTap(choice, entered = {}) {
  const c = CHOICES[choice];
  if (!c) return { error: `No such irregularity: ${choice}.` };
  const fields = { ruling: c.ruling };
  if (c.early !== undefined) fields.early = c.early;
  const needs = c.needs || [];
  if (needs.includes("seat")) {
    if (!Number.isInteger(entered.seat)) return { error: "Tap the seat first." };
    fields.seat = entered.seat;
  }
  if (needs.includes("holding")) {
    const holding = Number(entered.holding);
    if (entered.holding === "" || entered.holding == null || !Number.isInteger(holding) || holding < 0 || holding > 20) {
      return { error: "How many cards does the player really hold (0-20)?" };
    }
    fields.holding = holding;
  }
  if (needs.includes("chips")) {
    if (!Number.isInteger(entered.seat)) return { error: "Chips are read for the player in turn." };
    fields.seat = entered.seat;
    const chips = chipsTyped(entered.chips);
    if (!chips) return { error: "The chips pushed: each chip's value, like “25” or “5 5” (or “3x25”)." };
    fields.chips = chips;
    const said = entered.said || "silent";
    fields.said = said;
    const amount = entered.amount === "" || entered.amount == null ? null : Number(entered.amount);
    if (said === "amount" && !(Number.isInteger(amount) && amount >= 1)) {
      return { error: "The amount the player said, in chips." };
    }
    if (amount !== null && (said === "amount" || said === "raise")) {
      if (!(Number.isInteger(amount) && amount >= 1)) return { error: "The amount said: a whole number of chips." };
      fields.amount = amount;
    }
  }
  return { fields };
}

/** The ruling the room answered (its ``said``: "Title (RULE): text next."): the
 * matching one of ``rulings`` (the state's, structured), else ``said`` cut into its
 * parts (``text`` all of the rest); null when ``said`` is not a ruling. */
export function rulingOf(said, rulings = []) {
  const found = [...rulings].reverse().find((r) => `${r.title} (${r.rule}): ${r.text} ${r.next}` === said);
  if (found) return found;
  const m = /^(.+?) \(([^()]+)\): ([\s\S]*)$/.exec(String(said || ""));
  return m ? { title: m[1], rule: m[2], text: m[3], next: "" } : null;
}

/** The words over the amount's field for what was said (null: no amount is asked). */
export function amountWords(said) {
  if (said === "amount") return "The amount said";
  return said === "raise" ? "The amount said (none: just “raise”)" : null;
}

function who(state, seat) {
  const name = state.seats[seat] && state.seats[seat].name;
  return `${seatLabel(seat)}${name ? ` · ${esc(name)}` : ""}`;
}

/** The irregularity panel: a big button for each of ``choices`` (:func:`floorChoices`),
 * and for the one picked (``floor.choice``) what the dealer enters before it is sent:
 * the seat, how many cards it holds, the chips pushed by the seat in turn (``step``'s)
 * and what was said (``floor.said``). */
export function floorPanelHtml(state, step, choices, floor) {
  const buttons = choices.map((key) => {
    const c = CHOICES[key];
    const on = key === floor.choice;
    return `<button type="button" class="floor-pick${on ? " on" : ""}" data-do="floor" data-choice="${key}" aria-pressed="${on}">${esc(c.label)}<small>${esc(c.hint)}</small></button>`;
  }).join("");
  return `<p class="floor-q">What went wrong? <span class="muted">The room rules on it by the book.</span></p>
    <div class="floor-choices">${buttons}</div>${floor.choice ? detailHtml(state, step, floor) : ""}
    <div class="row"><button type="button" class="big" data-do="floor_cancel" id="floor-cancel">Back to the hand</button></div>`;
}

function detailHtml(state, step, { choice, said: saidNow }) {
  const needs = CHOICES[choice].needs || [];
  const parts = [];
  if (choice === "chips") {
    const amount = amountWords(saidNow);
    parts.push(`<p class="acting"><b>${who(state, step.seat)}</b> <span class="muted">(in turn) pushed chips out</span></p>
      <label>The chips, each chip's value <input id="floor-chips" class="chips-in" inputmode="numeric" autocomplete="off" placeholder="e.g. 25 or 5 5" data-focus></label>
      <p class="muted floor-sub">What the player said</p>
      <div class="pick-row said-row">${SAID.map(([said, words]) => `<button type="button" class="pick${said === saidNow ? " on" : ""}" data-do="floor_said" data-said="${said}" aria-pressed="${said === saidNow}">${esc(words)}</button>`).join("")}</div>
      <label id="floor-amount-label"${amount ? "" : " hidden"}>${amount || ""} <input id="floor-amount" type="number" min="1" inputmode="numeric"></label>`);
  } else if (needs.includes("seat")) {
    const misplaced = choice === "button_misplaced";
    const seats = misplaced ? state.seats.filter((s) => s.name && s.seat !== state.button).map((s) => s.seat)
      : handSeats(state);
    const question = misplaced && state.button != null
      ? `Where was the button? <span class="muted">(the rule puts it at ${seatLabel(state.button).toLowerCase()})</span>`
      : "Which seat?";
    parts.push(`<p class="floor-sub">${question}</p><div class="pick-row">${seats.map((s) =>
      `<button type="button" class="pick" data-do="floor_seat" data-seat="${s}" aria-pressed="false">${who(state, s)}</button>`).join("")}</div>`);
  }
  if (needs.includes("holding")) {
    parts.push('<label>How many cards the player holds <input id="floor-holding" type="number" min="0" max="20" inputmode="numeric"></label>');
  }
  return `<div class="floor-detail" data-choice="${choice}">${parts.join("")}
    <button type="button" class="primary big" data-do="floor_go" id="floor-go">Rule on it</button></div>`;
}

/** The ruling shown after the tap (:func:`rulingOf`): its title, its rule ID, the
 * ruling and what the dealer does now. */
export function rulingHtml(r) {
  return `<div class="ruling-head"><b class="ruling-title">${esc(r.title)}</b><span class="rule-id">${esc(r.rule)}</span></div>
    <p class="ruling-text">${esc(r.text)}</p>${r.next ? `<p class="ruling-next"><span>Now</span> ${esc(r.next)}</p>` : ""}`;
}

/** This hand's rulings (the state's ``rulings``) as list items: rule ID and title. */
export function rulingsHtml(rulings) {
  return rulings.map((r) => `<li title="${esc(`${r.text} ${r.next}`)}"><span class="rule-id">${esc(r.rule)}</span> ${esc(r.title)}</li>`).join("");
}
