// The public hand log: one line drawn for the log panel, and the last finished hand
// read out of it, so that the felt can keep showing the board, the hands shown and
// the winners between hands (the state itself has no hand once it is over).
import { CARD_RE, cardHtml, splitCards } from "/static/shared/cards.js";
import { escapeHtml } from "/static/shared/dom.js";
import { fmt } from "/static/shared/format.js";

const CARDS = "((?:[2-9TJQKA][cdhs])+)";
const HAND_START = /^--- hand (\d+) ---$/;
const BOARD = new RegExp(`^Board: ${CARDS}$`);
const SHOWS = new RegExp(`^(.+) shows ${CARDS}(?: \\((.+)\\))?$`);
const AWARD = /^(.+) from the (main pot|side pot \d+)(?: \(([^)]*)\))?(?: with (.+))?$/;
const WINS = /^(.+) wins (\d+)$/;

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
  } else if ((m = line.match(/^(.+) (shows?) up ((?:[2-9TJQKA][cdhs])+)$/))) {
    html = `${escapeHtml(m[1])} ${m[2]} ${miniCards(m[3])}`;
  } else if ((m = line.match(/^Dealt to you: ((?:[2-9TJQKA][cdhs])+)$/))) {
    html = `Dealt to you ${miniCards(m[1])}`;
  } else if (/ wins? \d+ from the /.test(line)) {
    cls = "win";
  } else if (meta.test(line)) {
    cls = "meta";
  }
  return `<div class="ln ${cls}">${html}</div>`;
}
