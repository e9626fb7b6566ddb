// Stud and draw told plainly (issue 24, item 6): the street's name as the betting
// round it is, who drew how many, why a player brings it in, which of your cards are
// new.  Pure functions of the state and the public log's lines (narrate.py's words),
// unit-tested in tests/js/clarity.test.js; felt.js and table.js draw what they say.
import { SUITS } from "/static/shared/cards.js";

const ORDINAL = { first: "first", second: "second", third: "third" };

/** The middle's label for ``street`` (the engine's name) in ``phase``: a draw street's
 * betting is "After the first draw", its drawing "First draw" ("The draw" / "After the
 * draw" in a single-draw game, ``draws``: the game's number of draws). */
export function streetLabel(street, phase, draws = 0) {
  if (!street) return "";
  if (street === "predraw") return "Before the draw";
  const m = street.match(/^(first|second|third)_draw$/);
  if (m) {
    const which = draws === 1 ? "" : `${ORDINAL[m[1]]} `;
    return phase === "drawing" ? capital(`${which}draw`) : `After the ${which}draw`;
  }
  const label = street.replace(/_/g, " ");
  return ["third", "fourth", "fifth", "sixth", "seventh"].includes(street) ? `${capital(label)} street` : capital(label);
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The lines of the hand in play: after the log's last "--- hand N ---".
function handLines(log) {
  for (let i = log.length - 1; i >= 0; i -= 1) {
    if (/^--- hand \d+ ---$/.test(log[i])) return log.slice(i + 1);
  }
  return log;
}

/** Who drew how many on the street in play: a Map of name -> "Draws 2" / "Stands
 * pat", from the log's lines since the street's "-- first draw --" (empty before a
 * draw street, or when the log has none). */
export function drawWords(log) {
  const lines = handLines(log);
  let start = -1;
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    if (/^-- .+ --$/.test(lines[i])) {
      start = i;
      break;
    }
  }
  const words = new Map();
  if (start < 0 || !/draw --$/.test(lines[start])) return words;
  for (const line of lines.slice(start + 1)) {
    let m = line.match(/^(.+) draws (\d+)$/);
    if (m) words.set(m[1], `Draws ${m[2]}`);
    else if ((m = line.match(/^(.+) stands pat$/))) words.set(m[1], "Stands pat");
  }
  return words;
}

/** "2♣": a card as the felt's titles write it. */
export function cardWords(code) {
  const rank = code[0] === "T" ? "10" : code[0];
  return `${rank}${SUITS[code[1]] ? SUITS[code[1]].symbol : code[1]}`;
}

/**
 * Why the hand's bring-in was brought in (F10; D6 for the suit): ``log`` is the public
 * log (its third-street lines "Ann is dealt 2c face up", "Ann brings it in for 1"),
 * ``lowGame`` whether the game is razz (the highest up-card brings it in, ace low).
 * Null before the bring-in, or when the lines do not say; else {name, card, tie,
 * text}: ``tie`` the cards of the same rank the suit beat.
 */
export function bringInWhy(log, lowGame = false) {
  const lines = handLines(log);
  const up = new Map(); // name -> the third-street up-card
  for (const line of lines) {
    let m = line.match(/^(.+) is dealt ([2-9TJQKA][cdhs]) face up$/);
    if (m) {
      if (!up.has(m[1])) up.set(m[1], m[2]);
      continue;
    }
    m = line.match(/^(.+) brings it in for \d+$/);
    if (!m || !up.has(m[1])) continue;
    const name = m[1];
    const card = up.get(name);
    const tie = [...up.entries()].filter(([who, c]) => who !== name && c[0] === card[0]).map(([, c]) => c);
    const which = lowGame ? "highest" : "lowest";
    let text = `${which} up-card, ${cardWords(card)}`;
    if (tie.length) {
      const order = lowGame ? "spades highest" : "clubs lowest";
      text += ` (the suit breaks the tie with ${tie.map(cardWords).join(", ")}: ${order}; F10, D6)`;
    } else {
      text += lowGame ? " (ace low; F10)" : " (F10)";
    }
    return { name, card, tie, text };
  }
  return null;
}

/**
 * Your new cards: ``memory`` (null at first) is what this function returned last
 * time; ``number`` the hand's number, ``cards`` your cards now (nulls for none).
 * Answers {memory, fresh}: ``fresh`` the cards new since your cards last changed in
 * this hand (empty on the deal: every card is new then, none is marked).
 */
export function newCards(memory, number, cards) {
  const now = (cards || []).filter(Boolean);
  const key = now.slice().sort().join("");
  if (!memory || memory.number !== number) {
    return { memory: { number, key, before: null, now }, fresh: new Set() };
  }
  if (memory.key === key) {
    const fresh = memory.before ? new Set(memory.now.filter((c) => !memory.before.includes(c))) : new Set();
    return { memory, fresh };
  }
  const next = { number, key, before: memory.now, now };
  return { memory: next, fresh: new Set(now.filter((c) => !memory.now.includes(c))) };
}

/** Whether folding now gives up a free check (the fold the page asks about). */
export function foldIsFree(legal) {
  return Boolean(legal && legal.fold && legal.check);
}
