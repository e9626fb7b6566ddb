// A new dealer's game (issue 26): the form (the room's games, as the lobby's create-table
// form offers them), then the tablet at the address the room answered.  The games made
// on this device are listed to be opened again (their keys stay in this browser).
import { api } from "/static/shared/api.js";
import { $, escapeHtml as esc } from "/static/shared/dom.js";
import { loadGames } from "/static/shared/games.js";
import { storage } from "/static/shared/storage.js";
import { formView, gameOptionsHtml } from "/static/lobby/create_table.js";

const form = $("new-form");
let games = null;

function sync() {
  if (!games) return;
  const game = games.get($("game").value);
  const allowed = game ? game.structures : games.structures.map((s) => s.key);
  const chosen = allowed.includes($("structure").value) ? $("structure").value
    : (game ? game.default_structure : allowed[0]);
  $("structure").innerHTML = games.structures.filter((s) => allowed.includes(s.key))
    .map((s) => `<option value="${esc(s.key)}"${s.key === chosen ? " selected" : ""}>${esc(s.name)}</option>`).join("");
  const view = formView(game, $("structure").value);
  for (const el of form.querySelectorAll(".for-blinds")) el.hidden = view.stud;
  for (const el of form.querySelectorAll(".for-stud")) el.hidden = !view.stud;
  for (const el of form.querySelectorAll(".for-limit")) el.hidden = !view.limit;
}

const number = (id) => ($(id).value === "" ? undefined : Number($(id).value));

/** The body of POST /api/dealer (the fields of POST /api/tables) from the form. */
function body() {
  const stud = games ? games.isStud($("game").value) : false;
  const out = {
    name: $("name").value.trim(), game: $("game").value, structure: $("structure").value,
    seats: number("seats"), ante: number("ante") || 0,
    seat_change: $("seat-change").value, irregularity_procedures: $("procedures").value,
  };
  for (const [key, id] of [["min_buy_in", "min-buy-in"], ["max_buy_in", "max-buy-in"],
    ["small_bet", "small-bet"], ["big_bet", "big-bet"]]) {
    const v = number(id);
    if (v) out[key] = v;
  }
  if (stud) {
    out.bring_in = number("bring-in") || 0;
    out.small_blind = out.bring_in || 1;  // as the lobby's form: stud is sized by its bets
    out.big_blind = Math.max(out.small_bet || 2, 1);
  } else {
    out.small_blind = number("small-blind") ?? 1;
    out.big_blind = number("big-blind") ?? 2;
    out.straddle = $("straddle").checked;
    out.button_draw = $("button-draw").value;
    out.new_player_must_post = $("new-player-posts").checked;
    if ($("button-method").value) out.button_method = $("button-method").value;
  }
  // The rake is typed in percent and sent as a fraction of the pot.
  out.rake_percent = Math.round((number("rake-percent") || 0) * 10000) / 1000000;
  const cap = number("rake-cap");
  if (cap) out.rake_cap = cap;
  return out;
}

form.addEventListener("change", (event) => {
  if (event.target.id === "game" || event.target.id === "structure") sync();
});
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  $("error").textContent = "";
  $("create").disabled = true;
  try {
    const sent = body();
    const made = await api("/api/dealer", { method: "POST", body: sent });
    const mine = storage.get("dealer.games", []).filter((g) => g.id !== made.id);
    storage.set("dealer.games", [{ id: made.id, name: sent.name }, ...mine].slice(0, 20));
    storage.set(`dealer.host.${made.id}`, made.host);
    location.href = made.tablet;
  } catch (err) {
    $("error").textContent = err.message;
    $("create").disabled = false;
  }
});

const mine = storage.get("dealer.games", []);
$("mine").hidden = !mine.length;
$("games").innerHTML = mine.map((g) => `<li><a href="/dealer/${encodeURIComponent(g.id)}">${esc(g.name)}</a></li>`).join("");

loadGames().then((loaded) => {
  games = loaded;
  $("game").innerHTML = gameOptionsHtml(games, "holdem");
  sync();
}).catch((err) => {
  $("error").textContent = `The room's games could not be read: ${err.message}`;
});
