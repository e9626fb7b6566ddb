// The director's controls on the tournament page (only the browser that created the
// tournament holds its director key): bots and the start before it, removing an
// entry, pausing and resuming the clock.
import { api } from "/static/shared/api.js";
import { $, toast } from "/static/shared/dom.js";
import { plural } from "/static/shared/format.js";

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
