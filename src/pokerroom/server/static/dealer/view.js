// The players' view of a dealer's game (issue 26): the stakes, stacks, bets, pots, the
// button, whose turn it is and the last hand's result, polled every 2 s.  The room
// sends no card here (GET /api/dealer/{id}/view), so none can be shown.
import { api } from "/static/shared/api.js";
import { $, escapeHtml as esc, pathPart, setHtml, setText } from "/static/shared/dom.js";
import { fmt } from "/static/shared/format.js";
import { loadGames } from "/static/shared/games.js";
import { buttonSeat, potText, potsShown, seatCardHtml, seatLabel, turnSeat, turnWord } from "/static/dealer/steps.js";

const id = pathPart(2);
let games = null;
let failures = 0;

function turnText(s) {
  const seat = turnSeat(s.step);
  if (seat !== null) {
    const name = s.seats[seat].name;
    return `${name ? `${name} (${seatLabel(seat).toLowerCase()})` : seatLabel(seat)} ${turnWord(s.step)}`;
  }
  if (s.in_hand) return "The dealer is dealing";
  return s.step.kind === "start" ? "Next hand coming up" : "Waiting for players";
}

function render(s) {
  document.body.dataset.step = s.step.kind;
  document.body.dataset.version = String(s.version);
  setText($("name"), s.name);
  document.title = `${s.name} — the table`;
  const g = s.game;
  const table = { ...g, game: g.key, game_name: g.name };
  setText($("stakes"), games && games.get(g.key) ? `${games.label(table)} · ${games.stakes(table)}` : `${g.name} · ${fmt(g.small_blind)}/${fmt(g.big_blind)}`);
  setText($("hand-no"), s.closed ? "The game is over" : s.in_hand ? `Hand ${s.hands + 1}` : `${s.hands} hand${s.hands === 1 ? "" : "s"} played`);
  setText($("turn"), turnText(s));
  setText($("step-text"), s.in_hand ? s.step.text : "");
  const result = !s.in_hand && s.result;
  $("result").hidden = !result;
  setText($("result"), result || "");  // the room sends it without the dealer's instruction
  const pots = potsShown(s);
  setHtml($("pots"), pots.map((p, k) => `<div class="pot">${esc(potText(p, k, pots.length))}</div>`).join(""));
  const turn = turnSeat(s.step);
  setHtml($("seats"), s.seats.filter((x) => x.name).map((x) => seatCardHtml(x, {
    button: buttonSeat(s), turn, word: turnWord(s.step) })).join("") || '<p class="muted">Nobody is seated yet.</p>');
}

async function poll() {
  try {
    render(await api(`/api/dealer/${encodeURIComponent(id)}/view`, { cache: "no-store" }));
    failures = 0;
    setText($("conn"), "");
  } catch (err) {
    failures += 1;
    setText($("conn"), err.status === 404 ? "This game is gone." : "reconnecting…");
  }
  setTimeout(poll, failures ? Math.min(5000, 1000 * failures) : 2000);
}

loadGames().then((loaded) => {
  games = loaded;
}).catch(() => {}).finally(poll);
