// The clock on the wall: full screen, read across the room.
import { $, escapeHtml as esc } from "/static/shared/dom.js";
import { clockText, fmt as chips, money, ordinal } from "/static/shared/format.js";
import { chime, enableSound, eventId, periodKey, poll, timeLeft } from "/static/live/live.js";

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
  $("name").textContent = state.name;
  const banner = $("banner");
  banner.hidden = false;
  banner.className = "banner";
  if (state.finished) banner.textContent = "Finished";
  else if (c.hand_for_hand) banner.textContent = "Hand for hand";
  else if (c.on_break) { banner.textContent = "Break"; banner.classList.add("break"); }
  else if (state.status === "registering") banner.textContent = "Registration open";
  else if (c.paused) banner.textContent = "Clock paused";
  else banner.hidden = true;
  $("level").textContent = c.on_break ? `Break after level ${c.level}` : `Level ${c.level}`;
  const left = timeLeft(state, offset);
  const time = $("time");
  time.textContent = state.status === "registering" ? "—" : clockText(left);
  time.classList.toggle("paused", !c.running || state.status !== "running");
  time.classList.toggle("hurry", left != null && left <= 60 && c.running);
  $("blinds").textContent = c.on_break ? `Next: ${c.next_stakes || c.stakes}` : c.stakes.replace(/, /g, " · ");
  time.hidden = state.finished;
  document.querySelector(".next-row").hidden = state.finished;
  if (state.finished) {  // the clock has stopped for good: the result instead
    const winner = state.players.find((p) => p.place === 1);
    $("level").textContent = "The event is over";
    $("blinds").textContent = winner ? `${winner.name} wins ${money(winner.prize)}` : "";
  }
  $("game").textContent = c.game;
  $("next").innerHTML = !c.on_break && c.next_stakes ? `Next level <b>${esc(c.next_stakes)}</b>` : "";
  $("break-in").innerHTML = !c.on_break && c.next_break_in != null
    ? `Break in <b>${clockText(c.next_break_in - ((c.time_left ?? 0) - (left ?? 0)))}</b>` : "";
  const cu = c.next_color_up;
  $("colour-up").innerHTML = cu ? `Colour-up <b>${cu.chips.map(chips).join(", ")}</b> chips`
    + (c.on_break && cu.in_seconds === 0 ? " <b>now</b>" : ` in <b>${clockText(cu.in_seconds - ((c.time_left ?? 0) - (left ?? 0)))}</b>`) : "";
  $("players").textContent = `${state.players_left}`;
  $("entries").textContent = `${state.entries}`;
  $("average").textContent = chips(state.average_stack);
  $("tables").textContent = `${state.tables.length}`;
  $("pool").textContent = money(state.prize_pool);
  $("paid-head").textContent = `Payouts · ${state.places_paid} paid`;
  $("payouts").classList.toggle("short", state.payouts.length <= 10);
  $("payouts").innerHTML = state.payouts.slice(0, 18).map((p) =>
    `<li><span class="p">${ordinal(p.place)}</span><span>${money(p.prize)}</span></li>`).join("");
  const feed = state.feed.filter((f) => f.kind !== "level").slice(-3).reverse();
  $("feed").innerHTML = feed.map((f) => `<li>${esc(f.text)}</li>`).join("") || "<li class='muted'>—</li>";
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
