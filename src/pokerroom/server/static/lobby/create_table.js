// The lobby's form that creates a cash table: its games and betting come from the
// room's games (shared/games.js), and it shows the stakes and house options the
// chosen game takes.
import { api } from "/static/shared/api.js";
import { escapeHtml, numberField, toast } from "/static/shared/dom.js";
import { capital } from "/static/shared/format.js";
import { storage } from "/static/shared/storage.js";

/** The game select's options: grouped by family, in the rules' order. */
export function gameOptionsHtml(games, selected = "holdem") {
  return games.families.map((f) => {
    const members = games.list.filter((g) => g.family === f.key);
    if (!members.length) return "";
    return `<optgroup label="${escapeHtml(f.name)}">${members.map((g) =>
      `<option value="${escapeHtml(g.key)}"${g.key === selected ? " selected" : ""}>${escapeHtml(capital(g.name))}</option>`).join("")}</optgroup>`;
  }).join("");
}

/** What the form shows for ``game`` (its facts, or null) bet with ``structure``: the
 * stud sizes or the blinds, the limit sizes, B15's open pair, running it twice. */
export function formView(game, structure) {
  const stud = Boolean(game && game.stud);
  const options = (game && game.house_options) || {};
  return {
    stud,
    limit: stud || structure === "fixed_limit" || structure === "spread_limit",
    openPair: Boolean(options.open_pair_double) && structure === "fixed_limit",
    flop: Boolean(options.run_it_twice),
  };
}

/** The form #create-form; ``ready`` resolves to the room's games (its selects are
 * filled then; a submit waits for them). */
export function mountCreateTable(ready) {
  const form = document.getElementById("create-form");
  const gameSelect = document.getElementById("game");
  const structureSelect = document.getElementById("structure");
  let games = null;
  let touched = false;  // the betting was chosen: a game change keeps it

  function syncForm() {
    if (!games) return;
    const game = games.get(gameSelect.value);
    if (!touched && game) structureSelect.value = game.default_structure;
    // Mixed games: the rotation's games take the blinds, the limits and stud's sizes.
    const mixed = form.elements.rotation.value !== "";
    const view = mixed ? { stud: false, limit: true, openPair: false, flop: false }
      : formView(game, structureSelect.value);
    for (const el of form.querySelectorAll(".one-game")) el.classList.toggle("hidden", mixed);
    for (const el of form.querySelectorAll(".mixed")) el.classList.toggle("hidden", !mixed);
    for (const el of form.querySelectorAll(".mixed-hands")) {
      el.classList.toggle("hidden", !mixed || form.elements.rotate_every.value !== "hands");
    }
    // A rotation's sizes have no big-blind or button ante (tables/rotation.py).
    const anteOption = (el) => Boolean(el.querySelector("[name=big_blind_ante], [name=button_ante]"));
    for (const el of form.querySelectorAll(".blinds")) el.classList.toggle("hidden", view.stud || (mixed && anteOption(el)));
    for (const el of form.querySelectorAll(".stud")) el.classList.toggle("hidden", !view.stud && !mixed);
    for (const el of form.querySelectorAll(".limit")) el.classList.toggle("hidden", !view.limit);
    // House options only some games use: B15 in fixed-limit seven-card stud, the board run
    // twice in flop games, the kill's size and pot, the BBA order with a big-blind ante.
    const show = (selector, on) => {
      for (const el of form.querySelectorAll(selector)) el.classList.toggle("hidden", !on);
    };
    show(".open-pair", view.openPair);
    // B9 and F10 in fixed limit only; a straddle other than two big blinds in big-bet games.
    const fixed = structureSelect.value === "fixed_limit";
    show(".fixed-limit", fixed);
    show(".stud-limit", view.stud && fixed);
    show(".big-bet", !view.stud && !view.limit);
    show(".flop", view.flop);
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
    touched = true;
    syncForm();
  });
  form.addEventListener("change", (event) => {
    if (event.target !== gameSelect && event.target !== structureSelect) syncForm();
  });
  form.addEventListener("input", countHouseRules);
  ready.then((loaded) => {
    games = loaded;
    gameSelect.innerHTML = gameOptionsHtml(games);
    structureSelect.innerHTML = games.structures.map((st) =>
      `<option value="${escapeHtml(st.key)}">${escapeHtml(st.name)}</option>`).join("");
    syncForm();
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const known = await ready;  // the form's games, before its fields are read
    const data = new FormData(form);
    const rotation = form.elements.rotation.value;
    const game = rotation ? "holdem" : data.get("game");
    const stud = !rotation && known.isStud(game);
    const body = {
      name: String(data.get("name") || "").trim(),
      game,
      structure: rotation ? "no_limit" : data.get("structure"),
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
      body.big_blind_ante = !rotation && data.get("big_blind_ante") === "on";
      body.button_ante = !rotation && data.get("button_ante") === "on";
      if (data.get("button_method")) body.button_method = data.get("button_method");
      if (data.get("straddle")) body.straddle = data.get("straddle") === "true";
    }
    Object.assign(body, houseOptions());
    if (rotation) {
      body.rotation = rotation;
      body.bring_in = numberField(data, "bring_in") || 0;
      body.rotate_every = data.get("rotate_every");
      if (body.rotate_every === "hands") body.rotate_hands = numberField(data, "rotate_hands") || 6;
    }
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
}
