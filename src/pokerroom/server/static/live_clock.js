// The clock on the wall: full screen, read across the room.
import { $, escapeHtml as esc, setHtml, setText } from "/static/shared/dom.js";
import { clockText, fmt as chips, money, ordinal } from "/static/shared/format.js";
import { seating, seatingPage } from "/static/live/floor_list.js";
import { chime, enableSound, eventId, paidPlaces, periodKey, poll, timeLeft } from "/static/live/live.js";

const id = eventId();
let state = null;
let offset = 0;
let lastKey = null;

$("sound").addEventListener("click", () => {
  if (enableSound()) {
    $("sound").textContent = "♪ Sound on";
    chime(1);
  }
});

function render() {
  if (!state) return;
  const c = state.clock;
  document.body.dataset.status = state.status;
  setText($("name"), state.name);
  const banner = $("banner");
  const said = state.finished ? "Finished" : c.hand_for_hand ? "Hand for hand"
    : c.on_break ? "Break" : state.status === "registering" ? "Registration open"
      : c.paused ? "Clock paused" : null;
  banner.hidden = said === null;
  setText(banner, said || "");
  banner.classList.toggle("break", said === "Break");
  const left = timeLeft(state, offset);
  const time = $("time");
  // Before the start: the countdown to the start time announced, if any.
  const toStart = state.status === "registering" && state.starts_at
    ? state.starts_at - (Date.now() / 1000 + offset) : null;
  setText(time, state.status !== "registering" ? clockText(left)
    : toStart === null ? "—" : toStart > 0 ? clockText(toStart) : "0:00");
  time.classList.toggle("paused", !c.running || state.status !== "running");
  time.classList.toggle("hurry", left != null && left <= 60 && c.running);
  time.hidden = state.finished;
  document.querySelector(".next-row").hidden = state.finished;
  if (state.finished) {  // the clock has stopped for good: the result instead
    const winner = state.players.find((p) => p.place === 1);
    setText($("level"), "The event is over");
    setText($("blinds"), winner ? `${winner.name} wins ${money(winner.prize)}` : "");
  } else if (state.status === "registering" && state.starts_at) {
    const at = new Date(state.starts_at * 1000);
    setText($("level"), `Starts at ${at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`);
    setText($("blinds"), `Level 1: ${c.stakes.replace(/, /g, " · ")}`);
  } else {
    setText($("level"), c.on_break ? `Break after level ${c.level}` : `Level ${c.level}`);
    setText($("blinds"), c.on_break ? `Next: ${c.next_stakes || c.stakes}` : c.stakes.replace(/, /g, " · "));
  }
  setText($("game"), c.game);
  setHtml($("next"), !c.on_break && c.next_stakes ? `Next level <b>${esc(c.next_stakes)}</b>` : "");
  setHtml($("break-in"), !c.on_break && c.next_break_in != null
    ? `Break in <b>${clockText(c.next_break_in - ((c.time_left ?? 0) - (left ?? 0)))}</b>` : "");
  const cu = c.next_color_up;
  setHtml($("colour-up"), cu ? `Colour-up <b>${cu.chips.map(chips).join(", ")}</b> chips`
    + (c.on_break && cu.in_seconds === 0 ? " <b>now</b>" : ` in <b>${clockText(cu.in_seconds - ((c.time_left ?? 0) - (left ?? 0)))}</b>`) : "");
  setText($("players"), `${state.players_left}`);
  setText($("entries"), `${state.entries}`);
  setText($("average"), chips(state.average_stack));
  setText($("tables"), `${state.tables.length}`);
  setText($("pool"), money(state.prize_pool));
  // Level 1: the payouts and the seating by name take turns, a page every 8 s
  // (players look up to find their seat); after it, the payouts alone.
  const seats = state.status === "running" && c.level === 1 && !c.on_break && !c.hand_for_hand
    ? seating(state.players) : [];
  const board = seatingPage(seats, Date.now() / 1000);
  $("payouts").classList.toggle("seating", board.page > 0);
  if (board.page > 0) {
    setText($("paid-head"), `Seats · by name${board.pages > 1 ? ` · ${board.page}/${board.pages}` : ""}`);
    setHtml($("payouts"), board.seats.map((p) =>
      `<li><span class="nm">${esc(p.name)}</span><span class="p">table ${p.table} · seat ${p.seat + 1}</span></li>`).join(""));
  } else {
    setText($("paid-head"), `Payouts · ${state.places_paid} paid`);
    $("payouts").classList.toggle("short", state.payouts.length <= 10);
    // A place won is struck off, with who took it.
    setHtml($("payouts"), paidPlaces(state.payouts, state.players).slice(0, 18).map((p) => (p.names.length
      ? `<li class="gone"><span class="p">${ordinal(p.place)}</span><span class="nm">${esc(p.names.join(" & "))}</span><s>${money(p.prize)}</s></li>`
      : `<li><span class="p">${ordinal(p.place)}</span><span>${money(p.prize)}</span></li>`)).join(""));
  }
  const feed = state.feed.filter((f) => f.kind !== "level" && f.kind !== "button").slice(-3).reverse();
  setHtml($("feed"), feed.map((f) => `<li>${esc(f.text)}</li>`).join("") || "<li class='muted'>—</li>");
}

function onState(s, off) {
  const key = periodKey(s);
  if (lastKey !== null && key !== lastKey && s.status === "running") chime(3);
  lastKey = key;
  state = s;
  offset = off;
  render();
}

poll(`/api/live/${encodeURIComponent(id)}`, onState, (up) => {
  const conn = $("conn");
  conn.textContent = up ? "" : "reconnecting…";
  conn.classList.toggle("down", !up);
});
setInterval(render, 250);
