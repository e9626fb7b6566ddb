// A league table over a season of live events: the director ticks the events and
// picks (or writes) how a finish scores; the choice lives in the address, so the
// table can be bookmarked and shared.  The room works the points out
// (GET /api/live/league): the formula is never run here or there as code.
import { ApiError, api } from "/static/shared/api.js";
import { $, escapeHtml as esc, setHtml, setText } from "/static/shared/dom.js";
import { money, ordinal } from "/static/shared/format.js";

const STANDARD = new Set(["linear", "square_root", "beaten", "money"]);

/** The season in the address: ``{events: [ids], formula}``. */
export function readChoice(search) {
  const q = new URLSearchParams(search);
  return { events: (q.get("events") || "").split(",").filter(Boolean), formula: q.get("formula") || "linear" };
}

/** The address's query for a season. */
export function choiceQuery(choice) {
  return new URLSearchParams({ events: choice.events.join(","), formula: choice.formula }).toString();
}

/** Points as a table writes them: 12, 12.5, 12.25. */
export function pointsText(p) {
  return Number(p).toLocaleString("en-US", { maximumFractionDigits: 2 });
}

function chosen() {
  const events = [...document.querySelectorAll("#events input:checked")].map((i) => i.value);
  const pick = $("formula-pick").value;
  return { events, formula: pick === "own" ? $("formula").value.trim() : pick };
}

let asked = 0;  // the newest request: an older answer arriving late is dropped

async function show() {
  const mine = ++asked;
  const choice = chosen();
  history.replaceState(null, "", `?${choiceQuery(choice)}`);
  $("csv").hidden = true;
  setText($("error"), "");
  if (!choice.events.length || !choice.formula) {
    setHtml($("rows"), `<tr><td colspan="7" class="muted">Tick the events of the season.</td></tr>`);
    return;
  }
  let answer;
  try {
    answer = await api(`/api/live/league?${choiceQuery(choice)}`);
  } catch (err) {
    if (mine === asked) setText($("error"), err instanceof ApiError ? err.message : `Not reached: ${err.message}`);
    return;
  }
  if (mine !== asked) return;  // the director changed the season meanwhile
  $("csv").href = `/api/live/league.csv?${choiceQuery(choice)}`;
  $("csv").hidden = false;
  setText($("summary"), `${choice.events.length} event${choice.events.length === 1 ? "" : "s"} · points: ${answer.formula}`);
  setHtml($("rows"), answer.standings.map((s, i) => `<tr><td>${i + 1}</td><td class="nm">${esc(s.name)}</td>`
    + `<td class="r"><b>${pointsText(s.points)}</b></td><td class="r">${s.events}</td><td class="r">${s.wins || ""}</td>`
    + `<td class="r">${ordinal(s.best)}</td><td class="r">${s.won ? money(s.won) : ""}</td></tr>`).join("")
    || `<tr><td colspan="7" class="muted">Nobody has finished in these events yet.</td></tr>`);
}

async function start() {
  const choice = readChoice(location.search);
  const events = await api("/api/live");
  setHtml($("events"), events.map((e) => `<label class="check"><input type="checkbox" value="${esc(e.id)}"`
    + `${choice.events.includes(e.id) ? " checked" : ""}> ${esc(e.name)} <span class="muted">· ${esc(e.status)} · ${e.entries} entries</span></label>`).join("")
    || `<p class="muted">No live events yet.</p>`);
  if (STANDARD.has(choice.formula)) {
    $("formula-pick").value = choice.formula;
  } else {
    $("formula-pick").value = "own";
    $("formula").value = choice.formula;
  }
  $("formula").hidden = $("formula-pick").value !== "own";
  $("events").addEventListener("change", show);
  $("formula-pick").addEventListener("change", () => {
    $("formula").hidden = $("formula-pick").value !== "own";
    show();
  });
  $("formula").addEventListener("change", show);
  $("print").addEventListener("click", () => window.print());
  show();
}

if (typeof document !== "undefined" && document.body?.classList.contains("league-page")) start();
