// Shared helpers for the lobby and the table: cards, chips, toasts, HTTP.

export const SUITS = {
  s: { name: "spades", symbol: "♠" },
  h: { name: "hearts", symbol: "♥" },
  d: { name: "diamonds", symbol: "♦" },
  c: { name: "clubs", symbol: "♣" },
};

const RANK_LABEL = { T: "10" };

// Suits drawn as SVG so that they look the same whatever fonts the machine has.
const SUIT_PATHS = {
  s: '<path d="M50 3C68 24 96 40 96 63c0 15-11 25-24 25-9 0-16-5-19-11 1 9 5 15 14 20H33c9-5 13-11 14-20-3 6-10 11-19 11C15 88 4 78 4 63 4 40 32 24 50 3z"/>',
  h: '<path d="M50 94C24 72 3 55 3 32 3 15 15 4 30 4c10 0 17 6 20 14 3-8 10-14 20-14 15 0 27 11 27 28 0 23-21 40-47 62z"/>',
  d: '<path d="M50 2 88 50 50 98 12 50z"/>',
  c: '<circle cx="50" cy="27" r="22"/><circle cx="25" cy="60" r="22"/><circle cx="75" cy="60" r="22"/><path d="M45 55c0 20-4 32-14 41h38c-10-9-14-21-14-41z"/>',
};

export function suitSvg(suit, cls = "") {
  return `<svg class="suit ${cls}" viewBox="0 0 100 100" aria-hidden="true">${SUIT_PATHS[suit] || ""}</svg>`;
}

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c]);
}

export function fmt(n) {
  return Number(n).toLocaleString("en-US");
}

// One card: "Ah" face up, null face down.  extra: more classes ("small", "selected"...).
export function cardHtml(code, extra = "") {
  if (!code) {
    return `<div class="card back ${extra}" aria-label="face-down card"></div>`;
  }
  const rank = code[0];
  const suit = code[1];
  const label = RANK_LABEL[rank] || rank;
  return `<div class="card face s-${suit} ${extra}" data-card="${code}" title="${label}${SUITS[suit] ? SUITS[suit].symbol : ""}" aria-label="${label} of ${SUITS[suit] ? SUITS[suit].name : suit}">` +
    `<span class="rank${label.length > 1 ? " ten" : ""}">${label}</span>${suitSvg(suit, "corner")}${suitSvg(suit, "pip")}</div>`;
}

// "AhKd7c" -> ["Ah", "Kd", "7c"]
export function splitCards(text) {
  const out = [];
  for (let i = 0; i + 1 < text.length; i += 2) out.push(text.slice(i, i + 2));
  return out;
}

export const CARD_RE = /^(?:[2-9TJQKA][cdhs])+$/;

export function toast(message, kind = "error") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = document.createElement("div");
    box.id = "toasts";
    box.setAttribute("role", "status");
    box.setAttribute("aria-live", "polite");
    document.body.append(box);
  }
  const el = document.createElement("div");
  el.className = `toast ${kind}`;
  el.textContent = message;
  box.append(el);
  setTimeout(() => el.classList.add("leaving"), 4200);
  setTimeout(() => el.remove(), 4700);
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = body ? { "content-type": "application/json" } : {};
  // A seat token goes in a header, never in a URL (which logs and referrers keep).
  if (token) headers.authorization = `Bearer ${token}`;
  let response;
  let data = null;
  // A room on many processes: a table moving to another server answers 503
  // "table_moving" (nothing was done) for a second or two; the request is tried again.
  // (A table on another server is a redirect, which fetch follows by itself.)
  for (let attempt = 0; ; attempt += 1) {
    response = await fetch(path, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    if (response.status !== 503 || data?.reason !== "table_moving" || attempt >= 8) break;
    await new Promise((done) => setTimeout(done, 1000));
  }
  if (!response.ok) {
    throw new Error(errorText(data) || `${response.status} ${response.statusText}`);
  }
  return data;
}

/** Make every ``a[data-file]`` in ``box`` download through :func:`downloadWithToken`
 * (``token()`` gives the viewer's token, or null), a failure shown as a toast. */
export function wireTokenDownloads(box, token) {
  for (const link of box.querySelectorAll("a[data-file]")) {
    link.addEventListener("click", async (event) => {
      event.preventDefault();
      try {
        await downloadWithToken(link.getAttribute("href"), link.dataset.file, token());
      } catch (err) {
        toast(err.message);
      }
    });
  }
}

/** Download ``path`` as ``filename`` with the seat token in a header (not the URL). */
export async function downloadWithToken(path, filename, token) {
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    let data = null;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    throw new Error(errorText(data) || `${response.status} ${response.statusText}`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function errorText(data) {
  if (!data) return "";
  if (typeof data.error === "string") return data.error;
  if (typeof data.detail === "string") return data.detail;
  if (Array.isArray(data.detail)) {
    return data.detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
  }
  return "";
}

const GAME_SHORT = {
  holdem: "Hold'em", short_deck: "Short Deck", omaha: "Omaha", omaha5: "5-Card Omaha",
  omaha6: "6-Card Omaha", omaha_hilo: "Omaha Hi-Lo", omaha5_hilo: "5-Card Omaha Hi-Lo",
  stud: "Stud", stud_hilo: "Stud Hi-Lo", razz: "Razz", deuce_seven_triple: "2-7 Triple Draw",
  deuce_seven_single: "2-7 Single Draw", ace_five_triple: "A-5 Triple Draw", badugi: "Badugi",
};
const STRUCTURE_SHORT = { no_limit: "NL", pot_limit: "PL", fixed_limit: "FL", spread_limit: "Spread" };
export const STUD_GAMES = new Set(["stud", "stud_hilo", "razz"]);

export function gameLabel(t) {
  return `${STRUCTURE_SHORT[t.structure] || t.structure} ${GAME_SHORT[t.game] || t.game_name}`;
}

export function stakesLabel(t) {
  if (STUD_GAMES.has(t.game)) {
    const parts = [`${fmt(t.small_bet)}/${fmt(t.big_bet)}`];
    if (t.ante) parts.push(`ante ${fmt(t.ante)}`);
    if (t.bring_in) parts.push(`bring-in ${fmt(t.bring_in)}`);
    return parts.join(" · ");
  }
  let s = `${fmt(t.small_blind)}/${fmt(t.big_blind)}`;
  if (t.structure === "fixed_limit" && t.small_bet) s += ` (${fmt(t.small_bet)}/${fmt(t.big_bet)})`;
  if (t.ante) s += ` · ante ${fmt(t.ante)}`;
  return s;
}

export const storage = {
  get(key, fallback = null) {
    try {
      const raw = localStorage.getItem(`pokerroom.${key}`);
      return raw === null ? fallback : JSON.parse(raw);
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(`pokerroom.${key}`, JSON.stringify(value));
    } catch {
      /* private mode: the seat lasts as long as the page */
    }
  },
  remove(key) {
    try {
      localStorage.removeItem(`pokerroom.${key}`);
    } catch {
      /* ignore */
    }
  },
};

export function applyCardColours() {
  document.documentElement.classList.toggle("four-colour", storage.get("fourColour", false));
}
