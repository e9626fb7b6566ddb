// Cards as the room draws them: suits in SVG, a card's markup, "AhKd" split.
import { storage } from "/static/shared/storage.js";

export const SUITS = {
  s: { name: "spades", symbol: "♠" },
  h: { name: "hearts", symbol: "♥" },
  d: { name: "diamonds", symbol: "♦" },
  c: { name: "clubs", symbol: "♣" },
};

const RANK_LABEL = { T: "10" };

// Suits drawn as SVG so that they look the same whatever fonts the machine has.
const SUIT_PATHS = {
  s: '<path d="M50 3C68 24 96 40 96 63c0 15-11 25-24 25-9 0-16-5-19-11 1 9 5 15 14 20H33c9-5 13-11 14-20-3 6-10 11-19 11C15 88 4 78 4 63 4 40 32 24 50 3z"/>',
  h: '<path d="M50 94C24 72 3 55 3 32 3 15 15 4 30 4c10 0 17 6 20 14 3-8 10-14 20-14 15 0 27 11 27 28 0 23-21 40-47 62z"/>',
  d: '<path d="M50 2 88 50 50 98 12 50z"/>',
  c: '<circle cx="50" cy="27" r="22"/><circle cx="25" cy="60" r="22"/><circle cx="75" cy="60" r="22"/><path d="M45 55c0 20-4 32-14 41h38c-10-9-14-21-14-41z"/>',
};

export function suitSvg(suit, cls = "") {
  return `<svg class="suit ${cls}" viewBox="0 0 100 100" aria-hidden="true">${SUIT_PATHS[suit] || ""}</svg>`;
}

// One card: "Ah" face up, null face down.  extra: more classes ("small", "selected"...).
export function cardHtml(code, extra = "") {
  if (!code) {
    return `<div class="card back ${extra}" aria-label="face-down card"></div>`;
  }
  const rank = code[0];
  const suit = code[1];
  const label = RANK_LABEL[rank] || rank;
  return `<div class="card face s-${suit} ${extra}" data-card="${code}" title="${label}${SUITS[suit] ? SUITS[suit].symbol : ""}" aria-label="${label} of ${SUITS[suit] ? SUITS[suit].name : suit}">` +
    `<span class="rank${label.length > 1 ? " ten" : ""}">${label}</span>${suitSvg(suit, "corner")}${suitSvg(suit, "pip")}</div>`;
}

// "AhKd7c" -> ["Ah", "Kd", "7c"]
export function splitCards(text) {
  const out = [];
  for (let i = 0; i + 1 < text.length; i += 2) out.push(text.slice(i, i + 2));
  return out;
}

export const CARD_RE = /^(?:[2-9TJQKA][cdhs])+$/;

/** The four-colour deck when this browser chose it (the table's "Table" tab). */
export function applyCardColours() {
  document.documentElement.classList.toggle("four-colour", storage.get("fourColour", false));
}

/** The header's suits: spades and hearts (``all``: the four). */
export function brandSuits(all = false) {
  const box = document.getElementById("brand-suits");
  if (box) box.innerHTML = suitSvg("s", "white") + suitSvg("h", "red") + (all ? suitSvg("d", "red") + suitSvg("c", "white") : "");
}
