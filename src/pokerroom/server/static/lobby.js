// The lobby: the list of tables, creating one, going to one by link.
import {
  STUD_GAMES, api, escapeHtml, fmt, gameLabel, stakesLabel, storage, suitSvg, toast,
} from "/static/common.js";

const DRAW_GAMES = new Set(["deuce_seven_triple", "deuce_seven_single", "ace_five_triple", "badugi"]);

document.getElementById("brand-suits").innerHTML =
  suitSvg("s", "white") + suitSvg("h", "red") + suitSvg("d", "red") + suitSvg("c", "white");

const tablesBox = document.getElementById("tables");
const form = document.getElementById("create-form");
const gameSelect = document.getElementById("game");
const structureSelect = document.getElementById("structure");

// The lobby's filters and page live in the address (?game=omaha&page=2), so that a
// reload or a shared link shows the same tables.  The server filters, sorts (most
// players first) and pages: a room of thousands of tables sends one page.
const filters = document.getElementById("lobby-filters");
const pager = document.getElementById("lobby-pages");
const lobbyState = (() => {
  const q = new URLSearchParams(location.search);
  return {
    game: q.get("game") || "", structure: q.get("structure") || "",
    open_seat: q.get("open_seat") === "true", name: q.get("name") || "",
    page: Math.max(1, parseInt(q.get("page") || "1", 10) || 1),
  };
})();

function lobbyQuery() {
  const q = new URLSearchParams();
  for (const key of ["game", "structure", "name"]) if (lobbyState[key]) q.set(key, lobbyState[key]);
  if (lobbyState.open_seat) q.set("open_seat", "true");
  if (lobbyState.page > 1) q.set("page", String(lobbyState.page));
  return q.toString();
}

// The games' names are written for prose ("razz uses a bring-in"); a list starts
// each with a capital.
const capital = (name) => name.charAt(0).toUpperCase() + name.slice(1);

function showFilters(games) {
  const select = filters.elements.game;
  const known = new Map(games.map((g) => [g.game, g]));
  if (lobbyState.game && !known.has(lobbyState.game)) {
    known.set(lobbyState.game, { game: lobbyState.game, game_name: lobbyState.game, tables: 0 });
  }
  select.innerHTML = `<option value="">All games</option>` + [...known.values()].map((g) =>
    `<option value="${escapeHtml(g.game)}">${escapeHtml(capital(g.game_name))} (${fmt(g.tables)})</option>`).join("");
  select.value = lobbyState.game;
  filters.elements.structure.value = lobbyState.structure;
  filters.elements.open_seat.checked = lobbyState.open_seat;
  if (document.activeElement !== filters.elements.name) filters.elements.name.value = lobbyState.name;
}

async function loadTables() {
  let lobby;
  const query = lobbyQuery();
  try {
    lobby = await api(`/api/lobby${query ? `?${query}` : ""}`);
  } catch (err) {
    // A filter the server refuses (an address written by hand): say why, and offer the way back.
    tablesBox.innerHTML = `<div class="empty-state">Could not load the tables: ${escapeHtml(err.message)}
      ${query ? '<button type="button" class="small ghost" id="clear-filters">Show every table</button>' : ""}</div>`;
    document.getElementById("clear-filters")?.addEventListener("click", clearFilters);
    return;
  }
  if (query !== lobbyQuery()) return;  // the filters changed while this page came
  lobbyState.page = lobby.page;  // a page past the last is the last
  const shown = lobbyQuery();
  history.replaceState(null, "", `${location.pathname}${shown ? `?${shown}` : ""}${location.hash}`);
  showFilters(lobby.games);
  document.getElementById("lobby-count").textContent = lobby.open_tables
    ? `${fmt(lobby.open_tables)} table${lobby.open_tables === 1 ? "" : "s"} · ${fmt(lobby.seated)} seated` : "";
  filters.hidden = !lobby.open_tables;
  pager.hidden = lobby.pages <= 1;
  pager.querySelector('[data-page="prev"]').disabled = lobby.page <= 1;
  pager.querySelector('[data-page="next"]').disabled = lobby.page >= lobby.pages;
  document.getElementById("lobby-page-label").textContent =
    `Page ${fmt(lobby.page)} of ${fmt(lobby.pages)} · ${fmt(lobby.total)} tables`;
  if (!lobby.open_tables) {
    tablesBox.innerHTML = `<div class="empty-state"><div class="big-suits">${["s", "h", "d", "c"].map((s) => suitSvg(s)).join("")}</div>
      No tables yet. Create one and send its link to your friends.</div>`;
    return;
  }
  if (!lobby.tables.length) {
    tablesBox.innerHTML = `<div class="empty-state">No table matches these filters.
      <button type="button" class="small ghost" id="clear-filters">Show every table</button></div>`;
    document.getElementById("clear-filters").addEventListener("click", clearFilters);
    return;
  }
  const rows = lobby.tables.map((t) => {
    const dots = Array.from({ length: t.seats }, (_, i) => `<i class="${i < t.players ? "on" : ""}"></i>`).join("");
    return `<tr class="table-row" data-id="${escapeHtml(t.id)}">
      <td class="name"><b>${escapeHtml(t.name)}</b><span>${escapeHtml(gameLabel(t))}</span></td>
      <td class="hide-sm">${escapeHtml(capital(t.game_name))}</td>
      <td>${escapeHtml(stakesLabel(t))}</td>
      <td><span class="seat-dots">${dots}</span>${t.players}/${t.seats}</td>
      <td class="hide-sm">${fmt(t.hands)}</td>
      <td><a class="open" href="/t/${encodeURIComponent(t.id)}">Open</a></td>
    </tr>`;
  }).join("");
  tablesBox.innerHTML = `<table class="tables">
    <thead><tr><th>Table</th><th class="hide-sm">Game</th><th>Stakes</th><th>Players</th><th class="hide-sm">Hands</th><th></th></tr></thead>
    <tbody>${rows}</tbody></table>`;
  for (const row of tablesBox.querySelectorAll("tr.table-row")) {
    row.addEventListener("click", (event) => {
      if (event.target.closest("a")) return;
      location.href = `/t/${encodeURIComponent(row.dataset.id)}`;
    });
  }
}

function clearFilters() {
  Object.assign(lobbyState, { game: "", structure: "", open_seat: false, name: "", page: 1 });
  loadTables();
}

let nameTimer = null;
filters.addEventListener("input", (event) => {
  const el = event.target;
  if (el.name === "open_seat") lobbyState.open_seat = el.checked;
  else lobbyState[el.name] = el.value.trim();
  lobbyState.page = 1;
  clearTimeout(nameTimer);  // typing a name: look once the typing pauses
  nameTimer = setTimeout(loadTables, el.name === "name" ? 250 : 0);
});
filters.addEventListener("submit", (event) => event.preventDefault());
pager.addEventListener("click", (event) => {
  const button = event.target.closest("[data-page]");
  if (!button) return;
  lobbyState.page += button.dataset.page === "next" ? 1 : -1;
  loadTables();
});

function syncForm() {
  const game = gameSelect.value;
  const stud = STUD_GAMES.has(game);
  if ((stud || DRAW_GAMES.has(game)) && !syncForm.touched) structureSelect.value = "fixed_limit";
  if (!stud && !DRAW_GAMES.has(game) && !syncForm.touched) {
    structureSelect.value = game.startsWith("omaha") ? "pot_limit" : "no_limit";
  }
  const limit = stud || structureSelect.value === "fixed_limit" || structureSelect.value === "spread_limit";
  for (const el of form.querySelectorAll(".blinds")) el.classList.toggle("hidden", stud);
  for (const el of form.querySelectorAll(".stud")) el.classList.toggle("hidden", !stud);
  for (const el of form.querySelectorAll(".limit")) el.classList.toggle("hidden", !limit);
  // House options only some games use: B15 in fixed-limit seven-card stud, the board run
  // twice in flop games, the kill's size and pot, the BBA order with a big-blind ante.
  const show = (selector, on) => {
    for (const el of form.querySelectorAll(selector)) el.classList.toggle("hidden", !on);
  };
  show(".open-pair", game === "stud" && structureSelect.value === "fixed_limit");
  show(".flop", !stud && !DRAW_GAMES.has(game));
  const kill = form.elements.kill.value;
  show(".kill-on", kill !== "none");
  show(".kill-pot", kill === "pot_size");
  show(".bba", form.elements.big_blind_ante.checked);
  countHouseRules();
}

// The house options on show, each with the value to send.
function houseOptions() {
  const out = {};
  for (const el of form.querySelectorAll("[data-house]")) {
    if (el.closest(".hidden")) continue;
    const kind = el.dataset.house;
    if (kind === "bool") out[el.name] = el.checked;
    else if (kind === "choice") out[el.name] = el.value;
    else if (kind === "cap") out[el.name] = el.value === "" ? null : Number(el.value);
    else if (el.value !== "" && Number.isFinite(Number(el.value))) {
      // The rake is typed in percent and sent as a fraction of the pot.
      out[el.name] = kind === "percent" ? Math.round(Number(el.value) * 10000) / 1000000 : Number(el.value);
    }
  }
  return out;
}

// "2 changed" beside the collapsed section's title, so nothing chosen there goes unseen.
function countHouseRules() {
  let changed = 0;
  for (const el of form.querySelectorAll("[data-house]")) {
    if (el.closest(".hidden")) continue;
    if (el.type === "checkbox" ? el.checked !== el.defaultChecked
      : el.tagName === "SELECT" ? !el.options[el.selectedIndex].defaultSelected
        : el.value !== el.defaultValue) changed += 1;
  }
  document.getElementById("house-count").textContent = changed ? `· ${changed} changed` : "";
}

gameSelect.addEventListener("change", syncForm);
structureSelect.addEventListener("change", () => {
  syncForm.touched = true;
  syncForm();
});
form.addEventListener("change", (event) => {
  if (event.target !== gameSelect && event.target !== structureSelect) syncForm();
});
form.addEventListener("input", countHouseRules);
syncForm();

function numberField(data, name) {
  const raw = data.get(name);
  if (raw === null || raw === "") return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const game = data.get("game");
  const stud = STUD_GAMES.has(game);
  const body = {
    name: String(data.get("name") || "").trim(),
    game,
    structure: data.get("structure"),
    seats: numberField(data, "seats"),
    action_seconds: numberField(data, "action_seconds"),
    sit_out_after: numberField(data, "sit_out_after"),
    time_bank: numberField(data, "time_bank"),
    new_player_must_post: data.get("new_player_must_post") === "on",
    ante: numberField(data, "ante") || 0,
  };
  for (const key of ["min_buy_in", "max_buy_in", "small_bet", "big_bet"]) {
    const v = numberField(data, key);
    if (v) body[key] = v;
  }
  if (stud) {
    body.bring_in = numberField(data, "bring_in") || 0;
    // The server sizes stud from small_blind when no bring-in is given.
    body.small_blind = body.bring_in || 1;
    body.big_blind = Math.max(body.small_bet || 2, 1);
  } else {
    body.small_blind = numberField(data, "small_blind") ?? 1;
    body.big_blind = numberField(data, "big_blind") ?? 2;
    body.big_blind_ante = data.get("big_blind_ante") === "on";
    if (data.get("button_method")) body.button_method = data.get("button_method");
    if (data.get("straddle")) body.straddle = data.get("straddle") === "true";
  }
  Object.assign(body, houseOptions());
  const errorBox = document.getElementById("create-error");
  errorBox.textContent = "";
  const submit = document.getElementById("create-submit");
  submit.disabled = true;
  try {
    const created = await api("/api/tables", { method: "POST", body });
    // The host key: bots, pause and close need it; the page that created the table keeps it.
    storage.set(`host.${created.id}`, created.host);
    location.href = created.url;
  } catch (err) {
    errorBox.textContent = err.message;
    toast(err.message);
  } finally {
    submit.disabled = false;
  }
});

document.getElementById("join-link-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const raw = document.getElementById("join-link").value.trim();
  if (!raw) return;
  const match = raw.match(/\/t\/([A-Za-z0-9_-]+)/);
  const id = match ? match[1] : raw.replace(/[^A-Za-z0-9_-]/g, "");
  if (id) location.href = `/t/${encodeURIComponent(id)}`;
});

document.getElementById("refresh").addEventListener("click", loadTables);
loadTables();
setInterval(() => {
  if (!document.hidden) loadTables();
}, 5000);
