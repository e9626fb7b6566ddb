// The director's controls on the tournament page (only the browser that created the
// tournament holds its director key): bots and the start before it, removing an
// entry, pausing and resuming the clock, and the floor tools of the Director tab.
import { api } from "/static/shared/api.js";
import { $, escapeHtml, toast } from "/static/shared/dom.js";
import { fmt, money, plural } from "/static/shared/format.js";

const BOT_POLICIES = [["steady", "steady"], ["solid", "solid"], ["rock", "rock"], ["loose", "loose"],
  ["tag", "tight"], ["station", "calling"], ["random", "random"]];

const route = (tid, what) => `/api/tournaments/${encodeURIComponent(tid)}/${what}`;

/** The director's box before the start (#director-box): add bots, start. ``t`` is
 * the tournament's state; drawn once, then only the start button follows. */
export function mountDirector(box, t, { tid, key }) {
  if (!key || t.status !== "registering") {
    box.innerHTML = "";
    return;
  }
  if (box.dataset.ready) {
    $("btn-start").disabled = t.players.length < 2;
    return;
  }
  box.dataset.ready = "1";
  box.innerHTML = `<div class="director">
    <div class="line"><b>You run this tournament.</b> <span class="muted">Add bots to fill the field, then start the clock.</span></div>
    <div class="line">
      <input type="number" id="bot-count" min="1" max="200" value="5" aria-label="Number of bots">
      <select id="bot-policy" aria-label="Bot style">${BOT_POLICIES.map(([value, word]) => `<option value="${value}">${word} bots</option>`).join("")}</select>
      <button type="button" id="btn-add-bots">Add bots</button>
      <span class="spacer"></span>
      <button type="button" class="gold" id="btn-start" ${t.players.length < 2 ? "disabled" : ""}>Start the tournament</button>
    </div></div>`;
  $("btn-add-bots").onclick = async () => {
    try {
      const r = await api(route(tid, "bots"), {
        method: "POST", body: { director: key, count: Number($("bot-count").value) || 1, policy: $("bot-policy").value },
      });
      toast(`${r.added.length} bot${plural(r.added.length)} registered.`, "info");
    } catch (err) {
      toast(err.message);
    }
  };
  $("btn-start").onclick = async () => {
    $("btn-start").disabled = true;
    try {
      await api(route(tid, "start"), { method: "POST", body: { director: key } });
    } catch (err) {
      toast(err.message);
      $("btn-start").disabled = false;
    }
  };
}

/** The director withdraws a registration before the start (a made-up name, a
 * no-show): every ``.remove-entry`` button in ``box``. */
export function wireRemoveEntries(box, { tid, key }) {
  for (const button of box.querySelectorAll(".remove-entry")) {
    button.onclick = async () => {
      const name = button.dataset.name;
      button.disabled = true;
      try {
        await api(route(tid, "remove"), { method: "POST", body: { director: key, player: name } });
        toast(`${name} is no longer registered.`, "info");
      } catch (err) {
        toast(err.message);
        button.disabled = false;
      }
    };
  }
}

/** The table bar's pause/resume button while the event runs (none for others). */
export function pauseButtonHtml(t, key) {
  if (!key || t.status !== "running") return "";
  return `<button type="button" class="small ghost" id="btn-pause" title="Only you, the director, see this">${t.clock.paused ? "Resume clock" : "Pause clock"}</button>`;
}

/** Wire #btn-pause, when drawn: pause (or resume, ``paused``) the clock. */
export function wirePauseButton(paused, { tid, key }) {
  const pause = $("btn-pause");
  if (!pause) return;
  pause.onclick = async () => {
    try {
      await api(route(tid, paused ? "resume" : "pause"), { method: "POST", body: { director: key } });
    } catch (err) {
      toast(err.message);
    }
  };
}

// ------------------------------------------------------------- the floor tools

const post = (tid, what, body) => api(route(tid, what), { method: "POST", body });

/** The player picker's and table picker's options (kept chosen across redraws). */
function fillSelect(select, options, empty) {
  const chosen = select.value;
  // The empty choice first: one that left (a player busted, a table broken) is never
  // silently replaced by another.
  const all = [["", empty], ...options];
  const key = JSON.stringify(all);
  if (select.dataset.key === key) return;
  select.dataset.key = key;
  select.innerHTML = all.map(([value, text]) => `<option value="${escapeHtml(String(value))}">${escapeHtml(text)}</option>`).join("");
  select.value = options.some(([value]) => String(value) === chosen) ? chosen : "";
}

/** The suggested deal (GET /deal): each player's chips, ICM and chip-chop shares. */
export function dealHtml(deal) {
  return `<table class="standings deal"><thead><tr><th>Player</th><th class="r">Chips</th><th class="r">ICM</th><th class="r">Chip chop</th></tr></thead><tbody>${
    deal.players.map((p) => `<tr><td class="nm">${escapeHtml(p.name)}</td><td class="r">${fmt(p.chips)}</td><td class="r">${money(p.icm)}</td><td class="r">${money(p.chip_chop)}</td></tr>`).join("")
  }</tbody></table><p class="muted note">Prizes left: ${deal.prizes.filter((p) => p > 0).map(money).join(" / ")}. A suggestion only: the players agree, or play on.</p>
  <div class="line"><button type="button" class="small" data-agree="icm">Agree the ICM deal…</button><button type="button" class="small" data-agree="chip_chop">Agree the chip chop…</button></div>`;
}

/** The amounts of a suggested deal (``kind``: "icm" or "chip_chop") by player name, as
 * POST /deal takes them. */
export function dealAmounts(deal, kind) {
  return Object.fromEntries(deal.players.map((p) => [p.name, p[kind]]));
}

/** The director's floor tools in the Director tab while the event runs: the clock
 * (pause, add or take off a minute, the next level), a player's penalty,
 * disqualification or move, and a deal suggestion.  Every request carries the key;
 * the room answers a refusal with what is allowed, shown in a toast and in the box. */
export function mountFloorTools(box, t, { tid, key }) {
  if (!key || t.status !== "running") {
    box.innerHTML = '<p class="muted">The floor tools are here while the tournament runs.</p>';
    delete box.dataset.ready;
    return;
  }
  if (!box.dataset.ready) {
    box.dataset.ready = "1";
    box.innerHTML = `<div class="floor-tools">
      <p class="muted note">Only you, the director, see this tab.</p>
      <h3 class="sub-h">Clock</h3>
      <div class="line">
        <button type="button" class="small" id="dt-pause"></button>
        <button type="button" class="small" id="dt-minus" title="Take a minute off the level">−1 min</button>
        <button type="button" class="small" id="dt-plus" title="Add a minute to the level">+1 min</button>
        <button type="button" class="small" id="dt-next">Next level now</button>
      </div>
      <h3 class="sub-h">A player</h3>
      <div class="line"><select id="dt-player" aria-label="Player"></select></div>
      <div class="line">
        <select id="dt-rounds" aria-label="Penalty length"><option value="1">1 round</option><option value="2">2 rounds</option><option value="3">3 rounds</option></select>
        <button type="button" class="small" id="dt-penalize">Penalty</button>
        <button type="button" class="small danger" id="dt-disqualify">Disqualify…</button>
      </div>
      <div class="line">
        <label class="inline">to table <select id="dt-table" aria-label="Move to table"></select></label>
        <label class="inline">seat <input type="number" id="dt-seat" min="1" max="10" value="1" aria-label="Seat"></label>
        <button type="button" class="small" id="dt-move">Move</button>
      </div>
      <h3 class="sub-h">Deal</h3>
      <div class="line"><button type="button" class="small" id="dt-deal">Suggest a deal (ICM)</button></div>
      <div id="dt-deal-box"></div>
      <p class="dt-said" id="dt-said" role="status" aria-live="polite"></p>
    </div>`;
    const said = (text, ok = true) => {
      $("dt-said").textContent = text;
      $("dt-said").classList.toggle("bad", !ok);
      if (!ok) toast(text);
    };
    // ``done`` words the answer from what was asked (the page may redraw meanwhile).
    const run = async (what, body, done) => {
      try {
        const answer = await post(tid, what, { director: key, ...body });
        said(done(answer, body));
      } catch (err) {
        said(err.message, false);
      }
    };
    const player = () => $("dt-player").value;
    const needPlayer = () => {
      if (player()) return true;
      said("Choose a player first.", false);
      return false;
    };
    $("dt-pause").onclick = () => {
      const paused = $("dt-pause").dataset.paused === "1";
      run(paused ? "resume" : "pause", {}, () => (paused ? "The clock runs again." : "The clock is paused."));
    };
    $("dt-minus").onclick = () => run("clock", { add_seconds: -60 }, () => "A minute taken off the clock.");
    $("dt-plus").onclick = () => run("clock", { add_seconds: 60 }, () => "A minute added to the clock.");
    $("dt-next").onclick = () => run("clock", { next_level: true }, () => "The next level has started.");
    $("dt-penalize").onclick = () => {
      if (!needPlayer()) return;
      const rounds = Number($("dt-rounds").value);
      run("penalize", { player: player(), rounds }, (_, b) => `${b.player} sits out ${rounds} round${plural(rounds)} (penalty).`);
    };
    $("dt-disqualify").onclick = () => {
      if (!needPlayer()) return;
      const button = $("dt-disqualify");
      if (button.dataset.confirm !== player()) {
        button.dataset.confirm = player();
        button.textContent = `Disqualify ${player()}: sure?`;
        return;
      }
      delete button.dataset.confirm;
      button.textContent = "Disqualify…";
      run("disqualify", { player: player() }, (_, b) => `${b.player} is disqualified.`);
    };
    $("dt-player").onchange = () => {
      said("");
      delete $("dt-disqualify").dataset.confirm;
      $("dt-disqualify").textContent = "Disqualify…";
    };
    $("dt-move").onclick = () => {
      if (!needPlayer()) return;
      const table = Number($("dt-table").value);
      const seat = Number($("dt-seat").value);
      if (!table) {
        said("Choose a table first.", false);
        return;
      }
      run("move", { player: player(), table, seat }, (a, b) => (a.pending
        ? `${b.player} moves to table ${table}, seat ${seat} when the hand ends.`
        : `${b.player} moved to table ${table}, seat ${seat}.`));
    };
    $("dt-deal").onclick = async () => {
      try {
        const deal = await api(`${route(tid, "deal")}`, { token: key });
        $("dt-deal-box").innerHTML = dealHtml(deal);
        said("");
        // A second click agrees: the event ends with these amounts (the room refuses
        // them, naming why, if the players still in have changed meanwhile).
        for (const button of $("dt-deal-box").querySelectorAll("button[data-agree]")) {
          button.onclick = () => {
            if (button.dataset.confirm !== "1") {
              button.dataset.confirm = "1";
              button.textContent = `${button.textContent.replace("…", "")}: end the event?`;
              return;
            }
            run("deal", { amounts: dealAmounts(deal, button.dataset.agree) }, (a) => (a.made
              ? "The deal is made: the event is over."
              : "The deal is agreed: it is made when the hands in play end."));
          };
        }
      } catch (err) {
        $("dt-deal-box").innerHTML = "";
        said(err.message, false);
      }
    };
  }
  const paused = t.clock.paused;
  $("dt-pause").dataset.paused = paused ? "1" : "";
  $("dt-pause").textContent = paused ? "Resume clock" : "Pause clock";
  const alive = t.players.filter((p) => p.alive);
  // By name, so that the list does not reorder under the director's hand as chips move.
  const names = alive.map((p) => p.name).sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  fillSelect($("dt-player"), names.map((name) => [name, name]), "— choose a player —");
  fillSelect($("dt-table"), t.tables.map((x) => [x.number, `${x.number} (${x.players}/${x.seats})`]), "— table —");
  const disqualify = $("dt-disqualify");
  if (disqualify.dataset.confirm && disqualify.dataset.confirm !== $("dt-player").value) {
    delete disqualify.dataset.confirm;
    disqualify.textContent = "Disqualify…";
  }
}
