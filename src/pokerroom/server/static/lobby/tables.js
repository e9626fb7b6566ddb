// The lobby's list of tables: filters and pages in the address, a row per table,
// going to a table by its link.
import { api } from "/static/shared/api.js";
import { suitSvg } from "/static/shared/cards.js";
import { escapeHtml } from "/static/shared/dom.js";
import { capital, fmt, plural } from "/static/shared/format.js";

// The lobby's filters and page live in the address (?game=omaha&page=2), so that a
// reload or a shared link shows the same tables.  The server filters, sorts (most
// players first) and pages: a room of thousands of tables sends one page.

/** The filters and page an address asks for (``search``: its "?..." part). */
export function lobbyStateFrom(search) {
  const q = new URLSearchParams(search);
  return {
    game: q.get("game") || "", structure: q.get("structure") || "",
    open_seat: q.get("open_seat") === "true", name: q.get("name") || "",
    page: Math.max(1, parseInt(q.get("page") || "1", 10) || 1),
  };
}

/** The query of the lobby's API (and of the address) for ``state``: only what is set. */
export function lobbyQueryOf(state) {
  const q = new URLSearchParams();
  for (const key of ["game", "structure", "name"]) if (state[key]) q.set(key, state[key]);
  if (state.open_seat) q.set("open_seat", "true");
  if (state.page > 1) q.set("page", String(state.page));
  return q.toString();
}

// A table's life in the lobby (tables/life.py): an open table says nothing.
const LIFE_LABELS = { paused: "Paused", idle: "Waiting for players", closed: "Closed" };

/** A table's state in a lobby row: "" when it is open (dealing, or waiting for players
 * to sit down); older rows without ``life`` say it with ``paused``. */
export function lobbyLife(t) {
  const life = t.life || (t.paused ? "paused" : "open");
  return LIFE_LABELS[life] ? { life, label: LIFE_LABELS[life] } : null;
}

/** One table's row.  (The games' names are written for prose, "razz uses a
 * bring-in": a list starts each with a capital.)  Players counts every seat taken,
 * bots too, and says how many are bots: "4/6 · 3 bots" (on a phone, the bots below). */
export function tableRowHtml(t, games) {
  const dots = Array.from({ length: t.seats }, (_, i) => `<i class="${i < t.players ? "on" : ""}"></i>`).join("");
  const life = lobbyLife(t);
  const bots = t.bots ? ` <small class="muted lobby-bots">${t.bots} bot${plural(t.bots)}</small>` : "";
  return `<tr class="table-row" data-id="${escapeHtml(t.id)}" data-life="${life ? life.life : "open"}">
      <td class="name"><b>${escapeHtml(t.name)}</b><span>${escapeHtml(games.label(t))}</span>${
        life ? `<em class="lobby-life ${life.life}">${life.label}</em>` : ""}</td>
      <td class="hide-sm">${escapeHtml(capital(t.game_name))}</td>
      <td>${escapeHtml(games.stakes(t))}</td>
      <td><span class="seat-dots">${dots}</span>${t.players}/${t.seats}${bots}</td>
      <td class="hide-sm">${fmt(t.hands)}</td>
      <td><a class="open" href="/t/${encodeURIComponent(t.id)}">Open</a></td>
    </tr>`;
}

/** The list of tables in #tables, its filters and pages, the "Go" box; ``games``: the
 * room's games (shared/games.js). */
export function mountTables(games) {
  const tablesBox = document.getElementById("tables");
  const filters = document.getElementById("lobby-filters");
  const pager = document.getElementById("lobby-pages");
  const lobbyState = lobbyStateFrom(location.search);
  const lobbyQuery = () => lobbyQueryOf(lobbyState);
  filters.elements.structure.innerHTML = '<option value="">Any betting</option>' + games.structures.map((st) =>
    `<option value="${escapeHtml(st.key)}">${escapeHtml(st.name)}</option>`).join("");

  function showFilters(counts) {
    const select = filters.elements.game;
    const known = new Map(counts.map((g) => [g.game, g]));
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
      ? `${fmt(lobby.open_tables)} table${plural(lobby.open_tables)} · ${fmt(lobby.seated)} seated` : "";
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
    const rows = lobby.tables.map((t) => tableRowHtml(t, games)).join("");
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
}
