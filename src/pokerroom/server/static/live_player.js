// A player's page: the link on the seat card, no account.
import { $, escapeHtml as esc, pathPart, setText } from "/static/shared/dom.js";
import { clockText, fmt as chips, money, placeText } from "/static/shared/format.js";
import { poll, timeLeft } from "/static/live/live.js";

const id = pathPart(2);
const token = pathPart(4);
let state = null;
let offset = 0;

function renderClock() {
  if (!state) return;
  const c = state.clock;
  if (state.finished) {  // the clock has stopped for good
    setText($("time"), "Over");
    setText($("level"), "The event is over");
    return;
  }
  setText($("time"), state.status === "registering" ? "—" : clockText(timeLeft(state, offset)));
  setText($("level"), `${c.on_break ? "Break after level" : "Level"} ${c.level} · ${c.stakes}`
    + (c.hand_for_hand ? " · hand-for-hand" : ""));
}

function render() {
  const s = state;
  const me = s.me;
  document.body.dataset.status = s.status;
  $("event").textContent = s.name;
  $("me").textContent = me.name;
  if (me.alive && me.table != null) {
    $("where").innerHTML = `Table ${me.table} · Seat ${me.seat + 1}<small>${me.deciding_rebuy ? "Busted: tell the director whether you rebuy" : "your seat now"}</small>`;
  } else if (me.alive) {
    $("where").innerHTML = `Registered<small>seats are drawn at the start</small>`;
  } else {
    $("where").innerHTML = `Out<small>thanks for playing</small>`;
  }
  const finish = $("finish");
  finish.hidden = me.place == null;
  if (me.place != null) {
    finish.textContent = `${placeText(me)} place${me.prize ? ` · ${money(me.prize)}` : ""}`;
  }
  $("results").hidden = !s.finished;
  $("counts").textContent = `${s.players_left} of ${s.entries} left · avg ${chips(s.average_stack)} · pool ${money(s.prize_pool)}`;
  $("news").innerHTML = s.news.slice().reverse().map((n) => `<li class="${n.kind === "move" ? "move fresh" : ""}">${esc(n.text)}</li>`).join("") || "<li>Nothing yet.</li>";
  renderClock();
}

$("results-link").href = `/live/${encodeURIComponent(id)}/results`;
poll(`/api/live/${encodeURIComponent(id)}/p/${encodeURIComponent(token)}`, (s, off) => {
  state = s;
  offset = off;
  render();
}, (up) => {
  $("conn").textContent = up ? "" : "reconnecting…";
});
setInterval(renderClock, 250);
