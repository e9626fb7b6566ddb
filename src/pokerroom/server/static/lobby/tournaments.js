// The lobby's Tournaments panel: the tournaments of the room, and creating one
// (its director key kept in this browser, its bots registered at once).
import { api } from "/static/shared/api.js";
import { $, escapeHtml, numberField, toast } from "/static/shared/dom.js";
import { fmt, money, percentages } from "/static/shared/format.js";
import { storage } from "/static/shared/storage.js";
import { moneySentence, STRUCTURE_MONEY, structureName } from "/static/tournament/structures.js";

/** The lobby's Tournaments panel: the list (every 5 s) and the form that creates one. */
export function mountTournaments() {
  const box = $("tournaments");
  const form = $("tournament-form");
  if (!box) return;

  async function load() {
    let list;
    try {
      list = await api("/api/tournaments");
    } catch (err) {
      box.innerHTML = `<p class="muted">Could not load the tournaments: ${escapeHtml(err.message)}</p>`;
      return;
    }
    if (!list.length) {
      box.innerHTML = '<div class="empty-state small">No tournaments yet. Create one below: pick a structure, add bots or friends, and start the clock.</div>';
      return;
    }
    const status = { registering: "Registering", running: "Running", finished: "Finished" };
    box.innerHTML = `<table class="tables t-list"><thead><tr><th>Tournament</th><th>Status</th><th>Players</th><th class="hide-sm">Prize pool</th><th></th></tr></thead><tbody>${
      list.map((t) => `<tr class="table-row" data-url="${escapeHtml(t.url)}">
        <td class="name"><b>${escapeHtml(t.name)}</b><span>${escapeHtml(structureName(t.structure))} · ${escapeHtml(t.game)} · ${t.seats}-max</span></td>
        <td><span class="t-status ${t.status}">${status[t.status] || t.status}</span>${t.status === "running" ? `<span class="muted small-note">level ${t.level}</span>` : ""}</td>
        <td>${t.status === "running" ? `${fmt(t.players_left)}/${fmt(t.entries)}` : fmt(t.entries)}</td>
        <td class="hide-sm">${money(t.prize_pool)}</td>
        <td><a class="open" href="${escapeHtml(t.url)}">${t.status === "registering" ? "Register" : t.status === "finished" ? "Results" : "Open"}</a></td>
      </tr>`).join("")}</tbody></table>`;
    for (const row of box.querySelectorAll("tr.table-row")) {
      row.addEventListener("click", (event) => {
        if (event.target.closest("a")) return;
        location.href = row.dataset.url;
      });
    }
  }

  // The money in plain words as the host types it, and each structure's own buy-in
  // and fee filled in when it is picked (both can be changed; a fee of 0 is none; a
  // bounty of 0 is no knockout).
  const field = (name) => form.elements.namedItem(name);
  const saysMoney = () => {
    const dollars = (name) => Math.max(0, Math.round((Number(field(name).value) || 0) * 100));
    $("t-money-says").innerHTML = moneySentence(dollars("buy_in"), dollars("fee"), dollars("bounty"));
    $("t-custom-payouts").classList.toggle("hidden", field("payouts").value !== "custom");
  };
  field("structure").addEventListener("change", () => {
    const m = STRUCTURE_MONEY[field("structure").value];
    if (m) {
      field("buy_in").value = String(m.buy_in / 100);
      field("fee").value = String(m.fee / 100);
    }
    saysMoney();
  });
  for (const name of ["buy_in", "fee", "bounty", "payouts"]) field(name).addEventListener("input", saysMoney);
  field("payouts").addEventListener("change", saysMoney);
  saysMoney();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const num = (name) => numberField(data, name);
    const body = {
      name: String(data.get("name") || "").trim(),
      structure: data.get("structure"),
      rebuys: data.get("rebuys") === "on",
      add_on: data.get("add_on") === "on",
    };
    const minutes = num("level_minutes");
    if (minutes) body.level_seconds = Math.round(minutes * 60);
    const seats = num("seats");
    if (seats) body.seats = seats;
    const buyIn = num("buy_in");
    if (buyIn !== undefined) body.buy_in = Math.round(buyIn * 100);
    const startsAt = String(data.get("starts_at") || "");
    if (startsAt) body.starts_at = Math.round(new Date(startsAt).getTime() / 1000);
    const fee = num("fee");
    if (fee !== undefined) body.fee = Math.round(fee * 100);
    const bounty = num("bounty");
    if (bounty !== undefined) body.bounty = Math.round(bounty * 100);
    body.payouts = data.get("payouts") || "standard";
    body.payout_unit = Number(data.get("payout_unit")) || 1;
    if (body.payouts === "custom") {
      body.payout_percentages = percentages(data.get("payout_percentages"));
    }
    for (const name of ["late_registration_levels", "reentries", "rebuy_levels", "rebuy_limit"]) {
      const n = num(name);
      if (n !== undefined) body[name] = n;
    }
    if (!body.rebuys) {
      delete body.rebuy_limit;
      delete body.rebuy_levels;
    }
    const action = num("action_seconds");
    if (action) body.action_seconds = action;
    const bots = num("bots") || 0;
    const error = $("tournament-error");
    error.textContent = "";
    const submit = $("tournament-submit");
    submit.disabled = true;
    try {
      const created = await api("/api/tournaments", { method: "POST", body });
      storage.set(`tournament.director.${created.id}`, created.director);
      if (bots > 0) {
        await api(`/api/tournaments/${created.id}/bots`, {
          method: "POST", body: { director: created.director, count: bots, policy: data.get("policy") || "steady" },
        });
      }
      location.href = created.url;
    } catch (err) {
      error.textContent = err.message;
      toast(err.message);
    } finally {
      submit.disabled = false;
    }
  });

  load();
  setInterval(() => {
    if (!document.hidden) load();
  }, 5000);
}
