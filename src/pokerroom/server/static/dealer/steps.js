// What the dealer's tablet and the players' view make of a game's state (issue 26):
// seats as people count them, the quick bet sizes, the cards as typed, the pots'
// winners, the settle-up's total.  Pure functions (tests/js/dealer_steps.test.js).
import { SUITS } from "/static/shared/cards.js";
import { escapeHtml as esc } from "/static/shared/dom.js";
import { fmt, signed } from "/static/shared/format.js";

/** A seat as people count it: the API's seat 0 is "Seat 1". */
export function seatLabel(seat) {
  return `Seat ${seat + 1}`;
}

/** Where the button is for the dealer and the players: before a deal, where the next
 * hand's button goes (the step says so); else the hand's (or null before the first). */
export function buttonSeat(state) {
  return state.step.kind === "start" && state.step.seat != null ? state.step.seat : state.button;
}

/** The seat that has something to do in this step (the turn to act, draw or show),
 * or null (the dealer deals, or no hand). */
export function turnSeat(step) {
  return step && ["act", "draw", "showdown"].includes(step.kind) ? step.seat : null;
}

/** The quick sizes of a bet or raise, each a total ("raise to"), within the legal
 * ``min_raise_to``..``max_raise_to``: ``{min, half, pot, max}`` (null when no bet or
 * raise is allowed).  ``pot``: every chip in the middle now, bets of this round
 * included; ``bet``: what the seat to act has in front of it.  A pot-sized raise is the
 * call and then the pot after the call. */
export function raiseSizes(legal, { pot, bet }) {
  if (!legal || legal.min_raise_to == null) return null;
  const min = legal.min_raise_to;
  const max = legal.max_raise_to ?? min;
  const call = legal.call || 0;
  const facing = bet + call;
  const after = pot + call;
  const clamp = (n) => Math.max(min, Math.min(max, n));
  return { min, half: clamp(facing + Math.floor(after / 2)), pot: clamp(facing + after), max };
}

/** A bet or a raise: "bet" when nobody has bet this round (a check is allowed and
 * nothing to call), else "raise"; stud's first bet over the bring-in completes. */
export function betWord(legal) {
  if (legal && legal.bring_in != null) return "Complete";
  return legal && legal.check && !legal.call ? "Bet" : "Raise";
}

const RANKS = "23456789TJQKA";
const SUIT_OF = { s: "s", h: "h", d: "d", c: "c", "♠": "s", "♥": "h", "♦": "d", "♣": "c",
  "♤": "s", "♡": "h", "♢": "d", "♧": "c" };

/** Cards as a dealer types them ("ah kd 7c", "AhKd7c", "10h", "A♥"): ``"Ah Kd 7c"``,
 * or null when the text is not cards (the room checks them again: a card named
 * twice, one already on the board). */
export function cardsTyped(text) {
  const compact = String(text || "").replace(/10/g, "T").replace(/[\s,;]+/g, "");
  const out = [];
  for (const ch of compact) {
    const last = out[out.length - 1];
    if (last && last.length === 1) {
      const suit = SUIT_OF[ch.toLowerCase()];
      if (!suit) return null;
      out[out.length - 1] = last + suit;
    } else {
      const rank = ch.toUpperCase();
      if (!RANKS.includes(rank)) return null;
      out.push(rank);
    }
  }
  if (!out.length || out[out.length - 1].length !== 2) return null;
  return out.join(" ");
}

/** How many cards ``text`` names (0 when it is not cards). */
export function cardCount(text) {
  const cards = cardsTyped(text);
  return cards ? cards.split(" ").length : 0;
}

/** A card's markup for the board: its rank and its suit's symbol, coloured by suit. */
export function cardChip(code) {
  const suit = SUITS[code[1]];
  const rank = code[0] === "T" ? "10" : code[0];
  return `<span class="cardchip s-${code[1]}" aria-label="${rank} of ${suit ? suit.name : code[1]}">${rank}${suit ? suit.symbol : ""}</span>`;
}

/** The award tap's winners from the dealer's picks: ``picks[k]`` the seats tapped for
 * pot ``k`` (a Set), in the pots' order (main pot first), each list in seat order;
 * null while a pot has no winner picked. */
export function awardWinners(pots, picks) {
  const winners = pots.map((_, k) => [...(picks[k] || [])].sort((a, b) => a - b));
  return winners.every((w) => w.length) ? winners : null;
}

/** The pots' names: "Main pot", "Side pot 1"... (one pot: "Pot"). */
export function potName(k, count) {
  if (count === 1) return "Pot";
  return k === 0 ? "Main pot" : `Side pot ${k}`;
}

/** A pot in words: "Main pot 304: seats 1, 2, 3". */
export function potText(pot, k, count) {
  return `${potName(k, count)} ${fmt(pot.amount)}: seat${pot.seats.length === 1 ? "" : "s"} `
    + [...pot.seats].sort((a, b) => a - b).map((s) => s + 1).join(", ");
}

/** The settle-up's check: the players' nets and the house's rake add up to nothing
 * once no chip is in a hand (``in_play``: chips in the hand being played). */
export function settleTotal(standings) {
  return standings.players.reduce((sum, p) => sum + p.net, 0) + standings.rake
    + standings.in_play;
}

/** The word for whose turn it is in ``step``: "to act", "draws", "shows". */
export function turnWord(step) {
  return { draw: "draws", showdown: "shows" }[step && step.kind] || "to act";
}

/** What the seat's markers say, in order ([class, words]): the button, the turn
 * (``turn``: the seat, ``word``: what it does), folded, all in, away, missed blinds
 * owed, new. */
export function seatMarks(seat, { button, turn, word = "to act" }) {
  const marks = [];
  if (seat.seat === button) marks.push(["button", "D"]);
  if (seat.seat === turn) marks.push(["turn", word]);
  if (seat.folded) marks.push(["folded", "folded"]);
  if (seat.all_in) marks.push(["allin", "all in"]);
  if (seat.status === "busted") marks.push(["away", "no chips"]);
  else if (seat.away) marks.push(["away", seat.status === "sitting_out" ? "sitting out" : "away"]);
  if (seat.missed && seat.missed.length) marks.push(["missed", `owes ${seat.missed.join(" + ")}`]);
  if (seat.status === "new") marks.push(["new", "new"]);
  return marks;
}

/** The cards text after a tap on the card pad: a rank starts a card (replacing a rank
 * left without its suit), a suit ends it, "back" takes the last character back. */
export function padPress(text, key) {
  const words = String(text || "").trim().split(/\s+/).filter(Boolean);
  const last = words[words.length - 1] || "";
  const open = last.length === 1;
  if (key === "back") {
    if (!last) return "";
    words[words.length - 1] = last.slice(0, -1);
    return words.filter(Boolean).join(" ");
  }
  if (RANKS.includes(key)) {
    if (open) words.pop();
    return [...words, key].join(" ");
  }
  if (open && SUIT_OF[key]) {
    words[words.length - 1] = last.toUpperCase() + key;
    return words.join(" ");
  }
  return words.join(" ");
}

/** A seat's known cards (``seat.cards``: the tablet's state gives them for a seat in a
 * hand, a code or null for each card): the cards when one at least is known (stud's up
 * cards, a hand shown), else null. */
export function knownCards(seat) {
  const cards = seat && seat.cards;
  return Array.isArray(cards) && cards.some((c) => c) ? cards : null;
}

/** A small card for a seat's tile: its rank and suit, or a card's back (null: face down). */
export function miniCard(code) {
  if (!code) return '<span class="minicard back" aria-label="a card face down"></span>';
  const suit = SUITS[code[1]];
  const rank = code[0] === "T" ? "10" : code[0];
  return `<span class="minicard s-${code[1]}" aria-label="${rank} of ${suit ? suit.name : code[1]}">${rank}${suit ? suit.symbol : ""}</span>`;
}

/** A finished hand in the tablet's hands list (``hand``: one of GET .../hands): its
 * first log line without the "Hand 3: " the list already says, and its last (empty
 * when it has one line). */
export function handSummary(hand) {
  const lines = hand.lines || [];
  const first = (lines[0] || "").replace(/^Hand \d+: /, "");
  return { first, last: lines.length > 1 ? lines[lines.length - 1] : "" };
}

/** The tablet's hands list (GET .../hands), the last hand first: each hand's number,
 * first and last log lines, and why PHH cannot say it when it cannot. */
export function handsHtml(hands) {
  if (!hands.length) return '<li class="muted none">No hand has been played to the end yet.</li>';
  return hands.slice().reverse().map((h) => {
    const { first, last } = handSummary(h);
    return `<li data-hand="${h.number}"><b>Hand ${h.number}</b><span class="first">${esc(first)}</span>`
      + `${last ? `<span class="last">${esc(last)}</span>` : ""}${h.phh ? "" : `<span class="why">No PHH: ${esc(h.why)}</span>`}</li>`;
  }).join("");
}

/** A seat's card on the tablet (``tag`` "button": tapped to open its tools) and on the
 * players' view ("div"): its number, name, stack, bet and markers; ``turn``, ``word``
 * and ``button`` as :func:`seatMarks` takes them, ``selected``: its tools are open;
 * ``cards``: its known cards are shown (the tablet's; the players' view has none). */
export function seatCardHtml(s, { button, turn, word, selected = null, tag = "div", cards = false }) {
  const cls = ["dseat"];
  if (!s.name) cls.push("empty");
  if (s.seat === turn) cls.push("turn");
  if (s.folded) cls.push("folded");
  if (s.away) cls.push("away");
  if (s.seat === selected) cls.push("selected");
  const open = tag === "button"
    ? `<button type="button" class="${cls.join(" ")}" data-do="select" data-seat="${s.seat}">`
    : `<div class="${cls.join(" ")}" data-seat="${s.seat}">`;
  if (!s.name) return `${open}<span class="sno">${seatLabel(s.seat)}</span><span class="nm muted">empty</span></${tag}>`;
  const marks = seatMarks(s, { button, turn, word })
    .map(([k, text]) => `<span class="mk ${k}">${esc(text)}</span>`).join("");
  return `${open}<span class="sno">${seatLabel(s.seat)}</span><b class="nm">${esc(s.name)}</b>`
    + `<span class="stk"><span class="chips">${fmt(s.stack)}</span>${s.bet ? `<span class="bet">bet ${fmt(s.bet)}</span>` : ""}</span>`
    + `<span class="marks">${marks}</span>`
    + (cards && knownCards(s) ? `<span class="hole" aria-label="Cards known">${knownCards(s).map(miniCard).join("")}</span>` : "")
    + `</${tag}>`;
}

/** The pots to show: the step's (with who is in each), else the one pot of a hand
 * (everyone not folded in it), else none. */
export function potsShown(state) {
  if (state.step.pots && state.step.pots.length) return state.step.pots;
  if (!state.pot) return [];
  return [{ amount: state.pot, seats: state.seats.filter((s) => s.in_hand && !s.folded).map((s) => s.seat) }];
}

/** The settle-up: each player's money in, out and in front, the net, the house's rake,
 * and who pays whom (or why nobody does yet). */
export function settleHtml(s) {
  const row = (p) => `<tr><td class="nm">${esc(p.name)}</td><td class="r">${fmt(p.bought)}</td><td class="r">${fmt(p.cashed)}</td><td class="r">${fmt(p.stack)}</td><td class="r net ${p.net > 0 ? "up" : p.net < 0 ? "down" : ""}">${signed(p.net, "0")}</td></tr>`;
  const rake = s.rake ? `<tr class="house"><td class="nm">House (rake)</td><td></td><td></td><td></td><td class="r net up">${signed(s.rake, "0")}</td></tr>` : "";
  const total = settleTotal(s) - s.in_play;
  const pays = s.transfers.length
    ? `<ol class="transfers" id="transfers">${s.transfers.map((t) => `<li><b>${esc(t.payer)}</b> pays <b>${esc(t.payee)}</b> ${fmt(t.amount)}</li>`).join("")}</ol>`
    : `<p class="muted" id="transfers">${s.in_play ? `${fmt(s.in_play)} chips are in the hand being played: settle up between hands.` : "Nobody owes anybody."}</p>`;
  return `<div class="settle-wrap"><table class="list settle" id="settle-table"><thead><tr><th>Player</th><th class="r">Bought</th><th class="r">Cashed</th><th class="r">Stack</th><th class="r">Net</th></tr></thead>
    <tbody>${s.players.map(row).join("")}${rake}</tbody>
    <tfoot><tr><td class="nm">Total</td><td></td><td></td><td></td><td class="r net" id="settle-total">${signed(total, "0")}</td></tr></tfoot></table></div>${pays}`;
}
