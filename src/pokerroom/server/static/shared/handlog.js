// The public hand log: one line drawn for the log panel; and the last finished hand
// as the felt draws it between hands (the board, the hands shown, the winners): from
// the state's structured "result" (server/tables/hand_result.py) at a cash table, read
// out of the log's lines at a tournament's table, whose state has no result yet.
import { CARD_RE, cardHtml, splitCards } from "/static/shared/cards.js";
import { escapeHtml } from "/static/shared/dom.js";
import { fmt } from "/static/shared/format.js";

const CARDS = "((?:[2-9TJQKA][cdhs])+)";
const HAND_START = /^--- hand (\d+) ---$/;
const BOARD = new RegExp(`^Board: ${CARDS}$`);
const SHOWS = new RegExp(`^(.+) shows ${CARDS}(?: \\((.+)\\))?$`);
const AWARD = /^(.+) from the (main pot|side pot \d+)(?: \(([^)]*)\))?(?: with (.+))?$/;
const WINS = /^(.+) wins (\d+)$/;

const POT_NAME = (pot) => (pot === 0 ? "main pot" : `side pot ${pot}`);

// The state's "result" (hand_result.py) as the felt draws it: {number, board, boards,
// shown: Map(name -> {cards, description}), wins: Map(name -> chips), lines: [{who,
// how}] (one per pot), returned: [{name, amount}]}; null without one or a winner.
export function resultView(result) {
  if (!result || !result.won.length) return null;
  const shown = new Map(result.shown.map((s) => [s.name, { cards: s.cards.filter(Boolean), description: s.description }]));
  const wins = new Map(result.won.map((w) => [w.name, w.amount]));
  const lines = result.pots.filter((p) => p.awards.length).map((p) => {
    const names = p.awards.map((a) => `${a.name} wins ${fmt(a.amount)}`).join(", ");
    const half = p.half === "whole" ? "" : p.half;
    const where = p.pot === 0 ? (half ? ` (${half})` : "") : ` (${POT_NAME(p.pot)}${half ? `, ${half}` : ""})`;
    return { who: `${names}${where}`, how: p.description };
  });
  return {
    number: result.number, board: result.boards[0] || [], boards: result.boards, shown, wins, lines,
    returned: result.returned,
  };
}

// The last finished hand read back from the log's lines (a tournament's table).
export function lastHandResult(log) {
  let start = -1;
  for (let i = log.length - 1; i >= 0; i -= 1) {
    if (HAND_START.test(log[i])) {
      start = i;
      break;
    }
  }
  const lines = log.slice(start + 1);
  const board = [];
  const shown = new Map();
  const wins = new Map();
  const summary = [];
  for (const line of lines) {
    let m = line.match(BOARD);
    if (m) {
      board.push(...splitCards(m[1]));
      continue;
    }
    m = line.match(SHOWS);
    if (m) {
      shown.set(m[1], { cards: splitCards(m[2]), description: m[3] || "" });
      continue;
    }
    m = line.match(AWARD);
    if (m) {
      const [, who, pot, half, how] = m;
      const names = [];
      for (const part of who.split(", ")) {
        const w = part.match(WINS);
        if (!w) continue;
        wins.set(w[1], (wins.get(w[1]) || 0) + Number(w[2]));
        names.push(`${w[1]} wins ${fmt(w[2])}`);
      }
      if (names.length) {
        const where = pot === "main pot" ? "" : ` (${pot}${half ? `, ${half}` : ""})`;
        const halfNote = pot === "main pot" && half ? ` (${half})` : "";
        summary.push({ who: `${names.join(", ")}${where}${halfNote}`, how: how || "" });
      }
    }
  }
  if (!wins.size) return null;
  return { number: start >= 0 ? Number(log[start].match(HAND_START)[1]) : null, board, shown, wins, lines: summary };
}

const miniCards = (cards) => splitCards(cards).map((c) => cardHtml(c, "mini")).join("");

// One log line as HTML: separators, streets, boards and hands shown drawn, wins
// marked; `meta` matches the page's own lines about people and the clock (greyed).
export function logLineHtml(line, meta) {
  let cls = "";
  let html = escapeHtml(line);
  let m;
  if (/^--- hand \d+ ---$/.test(line)) {
    cls = "sep";
    html = escapeHtml(line.replace(/-/g, "").trim());
  } else if (/^--- .+ ---$/.test(line)) {
    cls = "sep";
    html = escapeHtml(line.replace(/^--- | ---$/g, ""));
  } else if (/^-- .+ --$/.test(line)) {
    cls = "street";
    html = escapeHtml(line.replace(/^-- | --$/g, ""));
  } else if ((m = line.match(/^Board: (\S+)$/)) && CARD_RE.test(m[1])) {
    html = `Board ${miniCards(m[1])}`;
  } else if ((m = line.match(/^(.+) (shows?) ((?:[2-9TJQKA][cdhs])+)( \(.+\))?$/))) {
    // "You show" in the replayer's lines for the viewer (narrate's you=)
    cls = "show";
    html = `${escapeHtml(m[1])} ${m[2]} ${miniCards(m[3])}${escapeHtml(m[4] || "")}`;
  } else if ((m = line.match(/^(.+) (is|are) dealt ((?:[2-9TJQKA][cdhs])+) face up$/))) {
    // A stud up-card as it is dealt (narrate.py): not the showdown's "shows".
    cls = "dealt-up";
    html = `${escapeHtml(m[1])} ${m[2]} dealt ${miniCards(m[3])} face up`;
  } else if ((m = line.match(/^Rabbit hunt \(not played\): ((?:[2-9TJQKA][cdhs] ?)+)$/))) {
    // The board that would have come (tables/show_cards.py): never played.
    cls = "rabbit";
    html = `Rabbit hunt ${miniCards(m[1].replace(/ /g, ""))} <i>not played</i>`;
  } else if ((m = line.match(/^Dealt to you: ((?:[2-9TJQKA][cdhs])+)$/))) {
    html = `Dealt to you ${miniCards(m[1])}`;
  } else if (/ wins? \d+ from the /.test(line)) {
    cls = "win";
  } else if (meta.test(line)) {
    cls = "meta";
  }
  return `<div class="ln ${cls}">${html}</div>`;
}
