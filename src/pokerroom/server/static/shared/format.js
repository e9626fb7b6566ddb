// Numbers and times as the room writes them: chips, money, places, clocks.  Pure
// functions (unit-tested in tests/js/format.test.js).

/** Chips: 12,500 (nothing given: 0). */
export function fmt(n) {
  return Number(n || 0).toLocaleString("en-US");
}

/** Cents as dollars: 1250 -> "$12.50", 1200 -> "$12"; with ``exact`` always the cents
 * ("$12.00"), for a column of amounts some of which have cents. */
export function money(cents, exact = false) {
  const value = Number(cents || 0) / 100;
  return `$${value.toLocaleString("en-US", { minimumFractionDigits: exact || value % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;
}

/** 1 -> "1st", 12 -> "12th", 22 -> "22nd". */
export function ordinal(n) {
  const s = n % 100 >= 10 && n % 100 <= 20 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" })[n % 10] || "th";
  return `${n}${s}`;
}

/** A finishing place, shared places as a range ("2nd–3rd"); none: "". */
export function placeText(p) {
  if (p.place === null || p.place === undefined) return "";
  return p.place === p.place_to ? ordinal(p.place) : `${ordinal(p.place)}–${ordinal(p.place_to)}`;
}

/** Seconds as a clock: 75 -> "1:15", 3725 -> "1:02:05"; none: "—". */
export function clockText(seconds) {
  if (seconds === null || seconds === undefined) return "—";
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** "100/200, ante 200 (big blind)" -> "100/200 · BBA 200": short enough for a clock. */
export function compactStakes(text) {
  return String(text || "").replace(/, ante ([\d,]+) \(big blind\)/, " · BBA $1").replace(/, ante /, " · ante ");
}

/** A result in chips: "+1,200", "−300" (a real minus), and ``zero`` for nothing. */
export function signed(n, zero = "±0") {
  return n > 0 ? `+${fmt(n)}` : n < 0 ? `−${fmt(-n)}` : zero;
}

/** "s" unless one: `${n} bot${plural(n)}`. */
export function plural(n, many = "s", one = "") {
  return n === 1 ? one : many;
}

/** The first letter a capital: names written for prose start a list's line. */
export function capital(text) {
  const s = String(text);
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Payout percentages as typed ("50, 30, 20", "50/30/20"): [50, 30, 20] (the room
 * checks them: they must add up to 100, each no more than the place above). */
export function percentages(text) {
  return String(text || "").split(/[,;\s/]+/).filter(Boolean).map(Number);
}
