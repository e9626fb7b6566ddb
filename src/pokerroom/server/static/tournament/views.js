// What the tournament page draws from its state: pure functions of the state (no
// element is read or written here), unit-tested in tests/js/tournament.test.js.
// ``t`` is ``state.tournament``, ``you`` is ``state.you``.
import { escapeHtml } from "/static/shared/dom.js";
import { BOT_ICON } from "/static/shared/felt.js";
import { clockText, compactStakes, fmt, money, ordinal, placeText } from "/static/shared/format.js";

function stat(label, value, extra = "", id = "") {
  return `<div class="stat ${extra}"${id ? ` id="${id}"` : ""}><span class="k">${label}</span><span class="v">${value}</span></div>`;
}

/** The clock bar: level, time, players, average, pool, next level, badges (a
 * finished event: its winner and totals). */
export function clockBarHtml(t) {
  const c = t.clock;
  if (t.status === "finished") {
    const winner = t.results.find((r) => r.place === 1);
    return `<div class="stats">
      ${stat("Winner", winner ? escapeHtml(winner.name) : "—", "wide")}
      ${stat("Entries", fmt(c.entries))}
      ${stat("Prize pool", money(c.prize_pool))}
      ${stat("Hands", fmt(t.hands))}
      ${stat("Levels", fmt(c.level))}
    </div>`;
  }
  const badges = [];
  if (c.on_break) badges.push('<span class="badge brk">Break</span>');
  if (c.hand_for_hand) badges.push('<span class="badge h4h">Hand-for-hand</span>');
  if (c.push_held && c.running) badges.push('<span class="badge hold">Level ending</span>');
  if (c.paused) badges.push('<span class="badge hold">Clock paused</span>');
  if (t.status === "running" && c.registration_open) badges.push('<span class="badge reg">Late reg</span>');
  if (c.rebuys_open && t.structure.rebuy) badges.push('<span class="badge reg">Rebuys</span>');
  if (c.add_on_open) badges.push('<span class="badge reg">Add-on</span>');
  const started = t.status !== "registering";
  // A mixed event names the game beside the level (the stakes alone do not say it).
  const game = t.structure.mixed && c.game ? ` · ${escapeHtml(c.game)}` : "";
  const level = c.on_break ? "Break" : `Level ${c.level}${game}`;
  return `<div class="stats${t.structure.mixed ? " mixed" : ""}">
    ${stat(level, escapeHtml(levelStakes(c.on_break ? `next: ${c.next_stakes || c.stakes}` : c.stakes)), "blinds wide", "clock-level")}
    ${t.status === "registering" && t.starts_at ? stat("Starts", startTime(t.starts_at), "time starts", "clock-starts") : stat(c.on_break ? "Break ends" : "Time left", clockText(c.time_left), "time", "clock-time")}
    ${stat(started ? "Players" : "Entries", started ? `${fmt(c.players_left)}<small>/${fmt(c.entries)}</small>` : fmt(c.entries), "", "clock-players")}
    ${stat("Avg stack", fmt(started ? c.average_stack : t.structure.starting_stack), "", "clock-average")}
    ${stat("Prize pool", money(c.prize_pool), "", "clock-pool")}
    ${c.on_break ? "" : stat("Next", escapeHtml(levelStakes(c.next_stakes) || "—"), "next hide-phone")}
    ${badges.length ? `<div class="badges">${badges.join("")}</div>` : ""}
  </div>`;
}

/** A start time (Unix seconds) in the viewer's own time: "20:30", or "Sat 20:30"
 * when not today. */
export function startTime(seconds, now = new Date()) {
  const at = new Date(seconds * 1000);
  const clock = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return at.toDateString() === now.toDateString() ? clock : `${at.toLocaleDateString([], { weekday: "short", day: "numeric", month: "short" })} ${clock}`;
}

/** The stakes of a level, short: "limits 600/1,200 · ante 75 · bring-in 200". */
export function levelStakes(text) {
  return compactStakes(text).replace(/, bring-in /, " · bring-in ");
}

/** The level's seconds left now: the state's, less the time since the server sent it
 * while the clock runs (``serverNow``: the server's time now, ``sentAt``: the state's). */
export function timeLeftNow(clock, serverNow, sentAt) {
  let left = clock.time_left;
  if (left !== null && left !== undefined && clock.running) left -= serverNow - sentAt;
  return left;
}

/** The entrants before the start; ``removable``: the director's Remove buttons. */
export function entrantsHtml(players, you, removable) {
  if (!players.length) return '<p class="muted">Nobody has registered yet.</p>';
  return `<ul class="entrants">${players.map((p) =>
    `<li class="${you && p.entry === you.entry ? "me" : ""}"><span class="num">${p.entry}</span><span class="nm">${escapeHtml(p.name)}</span>${p.bot ? '<span class="tag bot">bot</span>' : ""}${removable ? `<button type="button" class="small ghost remove-entry" data-name="${escapeHtml(p.name)}" title="Only you, the director, see this">Remove</button>` : ""}</li>`).join("")}</ul>`;
}

// RP-9 plays a 6- or 7-handed event's final table 7-handed, but a final table never
// seats more than the event's players: six entrants play one table of six.
/** The tables of the event in words: "9-handed; final table 9 (at most)". */
export function tablesText(t) {
  const s = t.structure;
  const players = t.status === "registering" ? t.players.length : t.clock.entries;
  const closed = t.status !== "registering" && !t.clock.registration_open;
  if (closed && players <= s.seats) return `one table of ${players}, ${s.seats}-handed`;
  const final = closed ? Math.min(s.final_table_seats, players) : s.final_table_seats;
  return `${s.seats}-handed; final table ${final}${closed ? "" : " (at most)"}`;
}

/** The event's facts (game, buy-in, stack, tables, levels, rebuys...) and payouts. */
export function eventInfoHtml(t) {
  const s = t.structure;
  const first = s.levels.find((l) => !l.break);
  const rows = [
    ["Game", s.mixed ? `${escapeHtml(s.game)} and more (mixed)` : escapeHtml(s.game)],
    ["Buy-in", s.buy_in || s.fee || s.bounty ? `${money(s.buy_in)}${s.bounty ? ` + ${money(s.bounty)} bounty` : ""}${s.fee ? ` + ${money(s.fee)} fee` : ""}` : "free"],
    ["Starting stack", fmt(s.starting_stack)],
    ["Tables", tablesText(t)],
    ["Levels", first ? `${clockText(first.seconds)} each` : "—"],
    ["Late registration", s.late_registration_levels ? `through level ${s.late_registration_levels}` : "none"],
  ];
  if (t.status === "registering" && t.starts_at) rows.unshift(["Starts", `${startTime(t.starts_at)}, by itself with two players or more`]);
  if (s.late_registration_levels) rows.push(["Re-entry", s.reentries ? `${s.reentries} per player, during late registration (a new entry and buy-in)` : "none"]);
  if (s.rebuy) rows.push(["Rebuys", `${fmt(s.rebuy.chips)} chips for ${money(s.rebuy.price)}, through level ${s.rebuy.last_level}${s.rebuy.limit ? `, at most ${s.rebuy.limit} per player` : ", no limit"}`]);
  if (s.add_on) rows.push(["Add-on", `${fmt(s.add_on.chips)} chips for ${money(s.add_on.price)}, after level ${s.add_on.after_level}`]);
  if (s.bounty) rows.push(["Bounties", `knockout: ${money(s.bounty)} on each player's head, to whoever wins the chips that knock them out (split by what each won); the winner keeps their own`]);
  rows.push(["Prize pool", money(t.clock.prize_pool)]);
  if (s.payouts) rows.push(["Payouts", `${escapeHtml(s.payouts)}; prizes rounded to ${money(s.payout_unit || 1)}`]);
  return `<dl class="facts">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join("")}</dl>${payoutsHtml(t.prizes)}`;
}

/** The prizes by place (none yet: a note). */
export function payoutsHtml(prizes) {
  const paid = prizes.filter((p) => p > 0);
  if (!paid.length) return '<p class="muted">Prizes are set when players register.</p>';
  return `<h3 class="sub-h">Payouts</h3><ol class="payouts">${paid.map((p, i) =>
    `<li><span>${ordinal(i + 1)}</span><b>${money(p)}</b></li>`).join("")}</ol>`;
}

/** The levels and breaks, the one in play marked. */
export function levelsHtml(t) {
  const current = t.status === "running" ? t.clock.level : 0;
  const onBreak = t.clock.on_break;
  let seenCurrent = false;
  const bba = t.structure.levels.some((l) => / \(big blind\)/.test(l.stakes || ""));
  return `${bba ? '<p class="muted note">BBA: the big blind pays the whole table\'s ante.</p>' : ""}<table class="levels"><thead><tr><th>Level</th><th>Stakes</th><th>Time</th></tr></thead><tbody>${t.structure.levels.map((l) => {
    if (l.break) {
      return `<tr class="brk"><td colspan="2">Break${l.color_up.length ? ` · colour-up ${l.color_up.map(fmt).join(", ")}` : ""}</td><td>${clockText(l.seconds)}</td></tr>`;
    }
    const now = l.level === current && !onBreak && !seenCurrent;
    if (now) seenCurrent = true;
    return `<tr class="${now ? "now" : l.level < current ? "past" : ""}"><td>${l.level}</td><td>${escapeHtml(compactStakes(l.stakes))}${t.structure.mixed ? ` <span class="muted">${escapeHtml(l.game)}</span>` : ""}</td><td>${clockText(l.seconds)}</td></tr>`;
  }).join("")}</tbody></table>`;
}

/** Who the table bar says the viewer is: at their table, moving, or watching one. */
export function tableBarWho(you, current) {
  if (you && you.status === "playing" && you.table) {
    return you.arriving ? `Moving to <b>table ${you.table}</b>` : `Your table: <b>${you.table}</b> · seat ${you.seat + 1}`;
  }
  return current ? `Watching <b>table ${current}</b>` : "";
}

/** A line of the floor's log: a win, a level or table event, or a greyed note. */
export function floorLineHtml(line) {
  let cls = "";
  if (/ wins the tournament$|'s bounty \$|keeps their own bounty/.test(line)) cls = "win";
  else if (/ finishes /.test(line)) cls = line.includes(" and wins ") ? "win" : "";
  else if (/^Level |^Break|break is over|Hand-for-hand|final table|is broken/i.test(line)) cls = "street";
  else cls = "meta";
  return `<div class="ln ${cls}">${escapeHtml(line)}</div>`;
}

/** The standings: players left by chips, then those out by place. */
export function playersHtml(t, you) {
  const alive = t.players.filter((p) => p.alive);
  const out = t.players.filter((p) => !p.alive).sort((a, b) => (a.place || 0) - (b.place || 0));
  const row = (p, i) => `<tr class="${you && p.entry === you.entry ? "me" : ""} ${p.alive ? "" : "busted"}">
    <td class="num">${p.alive ? i + 1 : placeText(p)}</td>
    <td class="nm">${escapeHtml(p.name)}${p.bot ? " " + BOT_ICON : ""}${p.away && p.alive ? ' <span class="tag out">away</span>' : ""}${bountyTag(p)}</td>
    <td class="r">${p.alive ? fmt(p.chips) : p.prize ? money(p.prize) : ""}</td>
    <td class="r muted">${p.alive && p.table ? `T${p.table}` : ""}</td></tr>`;
  return `<table class="standings"><thead><tr><th>#</th><th>Player</th><th class="r">Chips</th><th class="r">Table</th></tr></thead>
    <tbody>${alive.map(row).join("")}${out.length ? `<tr class="divider"><td colspan="4">Out</td></tr>${out.map(row).join("")}` : ""}</tbody></table>`;
}

/** The event's tables; Watch buttons for a viewer not playing (``current``: the table
 * on show). */
export function tablesHtml(t, current, you) {
  return `<ul class="t-tables">${t.tables.map((x) => `<li class="${x.number === current ? "on" : ""}">
    <b>Table ${x.number}</b><span class="muted">${x.players}/${x.seats} players · ${fmt(x.chips)} chips${x.hand ? ` · hand #${x.hand}` : ""}</span>
    <span class="spacer"></span>${you && you.status === "playing" ? "" : `<button type="button" class="small" data-watch="${x.number}" ${x.number === current ? "disabled" : ""}>Watch</button>`}</li>`).join("")}</ul>`;
}

// Everyone who finished in the top three, in order (players tied for a place
// share it: "2nd–3rd, tied", each on a step of their own, the prize split).
/** The podium of a finished event (none before). */
export function podiumHtml(t) {
  const top = t.status === "finished" ? t.results.filter((r) => r.place <= 3).sort((a, b) => a.place - b.place || a.entry - b.entry) : [];
  return top.length ? `<div class="podium${top.length > 3 ? " four" : ""}">${top.map((r, i) => `<div class="step p${i + 1}${r.place !== r.place_to ? " tied" : ""}">
      <span class="medal">${placeText(r)}${r.place !== r.place_to ? ", tied" : ""}</span><b>${escapeHtml(r.name)}</b><span class="prize">${r.prize ? money(r.prize) : "—"}</span></div>`).join("")}</div>` : "";
}

/** A player's knockout bounties won so far, as a tag (none: nothing). */
export function bountyTag(p) {
  return p.bounties ? ` <span class="tag bounty" title="knockout bounties won">${money(p.bounties)} in bounties</span>` : "";
}

/** Every finisher so far, by place, with prizes (and knockout bounties won). */
export function resultsTableHtml(t, you) {
  if (!t.results.length) return '<p class="muted">Nobody has finished yet.</p>';
  const ko = Boolean(t.structure && t.structure.bounty);
  return `<table class="standings results"><thead><tr><th>Place</th><th>Player</th>${ko ? '<th class="r">Bounties</th>' : ""}<th class="r">Prize</th></tr></thead><tbody>${
    t.results.map((r) => `<tr class="${you && r.entry === you.entry ? "me" : ""} ${r.prize ? "paid" : ""}" data-place="${r.place}">
        <td class="num">${placeText(r)}${r.place !== r.place_to ? ' <span class="muted">(tie)</span>' : ""}</td>
        <td class="nm">${escapeHtml(r.name)}${r.bot ? " " + BOT_ICON : ""}${r.disqualified ? ' <span class="tag allin">disqualified</span>' : ""}${boughtHtml(r)}</td>
        ${ko ? `<td class="r">${r.bounties ? money(r.bounties) : ""}</td>` : ""}<td class="r">${r.prize ? money(r.prize) : ""}</td></tr>`).join("")}</tbody></table>`;
}

/** Under a finisher's name: their rebuys and add-on, and what they paid in. */
export function boughtHtml(r) {
  if (r.paid_in === undefined) return "";
  const bought = [];
  if (r.rebuys) bought.push(`${r.rebuys} rebuy${r.rebuys === 1 ? "" : "s"}`);
  if (r.add_on) bought.push("add-on");
  return `<span class="bought">${bought.length ? `${bought.join(", ")} · ` : ""}paid ${money(r.paid_in)}</span>`;
}

/** Where the prize pool came from: buy-ins, rebuys, add-ons; the knockout bounties
 * (apart from the pool) and what has been won of them; the fees the house kept. */
export function moneyRows(m) {
  if (!m) return [];
  const rows = [["Buy-ins", `${fmt(m.entries)} × ${money(m.buy_in)} = ${money(m.buy_ins)}`]];
  if (m.rebuy_price || m.rebuys) rows.push(["Rebuys", `${fmt(m.rebuys)} × ${money(m.rebuy_price)} = ${money(m.rebuy_money)}`]);
  if (m.add_on_price || m.add_ons) rows.push(["Add-ons", `${fmt(m.add_ons)} × ${money(m.add_on_price)} = ${money(m.add_on_money)}`]);
  if (m.guarantee) rows.push(["Guarantee", money(m.guarantee)]);
  if (m.bounty) rows.push(["Bounties (knockouts)", `${fmt(m.entries)} × ${money(m.bounty)} = ${money(m.bounties)}, ${money(m.bounties_paid)} won so far`]);
  rows.push(["Fees (the house)", m.fees ? `${fmt(m.entries)} × ${money(m.fee)} = ${money(m.fees)}` : "none"]);
  rows.push(["Payouts", `${escapeHtml(m.payouts)}, in ${money(m.payout_unit)}`]);
  return rows;
}

/** The event in numbers (``now``: the server's time, for an event still running). */
export function summaryHtml(t, now) {
  const c = t.clock;
  const duration = t.started_at ? ((t.finished_at || now) - t.started_at) : 0;
  const rows = [
    ["Entries", fmt(c.entries)], ...moneyRows(t.money), ["Prize pool", money(c.prize_pool)], ["Places paid", fmt(c.places_paid)],
    ["Hands dealt", fmt(t.hands)], ["Levels played", fmt(c.level)], ["Time", clockText(duration)],
    ["Starting stack", fmt(t.structure.starting_stack)], ["Chips in play", fmt(c.chips_in_play)],
  ];
  return `<dl class="facts">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join("")}</dl>`;
}
