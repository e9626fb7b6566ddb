// A new live event (issue 16): the form that creates one, and the events so far.
import { api } from "/static/shared/api.js";
import { $, escapeHtml as esc } from "/static/shared/dom.js";
import { percentages } from "/static/shared/format.js";

$("payouts").addEventListener("change", () => {
  $("custom-payouts").hidden = $("payouts").value !== "custom";
});
const number = (id) => ($(id).value === "" ? undefined : Number($(id).value));
$("new-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const minutes = number("minutes");
  const body = {
    name: $("name").value.trim(), structure: $("structure").value,
    buy_in: Math.round(Number($("buy-in").value || 0) * 100), seats: number("seats"),
    level_seconds: minutes === undefined ? undefined : Math.round(minutes * 60),
    late_registration_levels: number("late"), rebuys: $("rebuys").checked, add_on: $("add-on").checked,
    payouts: $("payouts").value, payout_unit: Number($("payout-unit").value),
  };
  const fee = number("fee");
  if (fee !== undefined) body.fee = Math.round(fee * 100);
  const startsAt = $("starts-at").value;  // the clock counts down to it
  if (startsAt) body.starts_at = Math.round(new Date(startsAt).getTime() / 1000);
  const reentries = number("reentries");
  if (reentries !== undefined) body.reentries = reentries;
  const bounty = number("bounty");
  if (bounty !== undefined) body.bounty = Math.round(bounty * 100);
  if (body.payouts === "custom") body.payout_percentages = percentages($("percentages").value);
  let answer;
  try {
    answer = await api("/api/live", { method: "POST", body });
  } catch (err) {
    $("error").textContent = err.message;
    return;
  }
  location.href = answer.console;
});
api("/api/live").then((events) => {
  $("events").innerHTML = events.map((e) => `<li><a href="${esc(e.url)}" style="color:inherit">${esc(e.name)}</a> <span class="muted">· ${esc(e.status)} · ${e.players_left} of ${e.entries} left</span></li>`).join("") || "<li class='muted'>None yet.</li>";
});
