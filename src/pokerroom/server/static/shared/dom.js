// The page's elements: escaping text into markup, finding and wiring elements,
// toasts, and the parts of the address a page reads.

/** The element with this id (or null). */
export const $ = (id) => document.getElementById(id);

/** ``text`` safe inside markup and attribute values (null and undefined: ""). */
export function escapeHtml(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c]);
}

/** Call ``fn`` on a click of the element with this id, when the page has one. */
export function onClick(id, fn) {
  const el = $(id);
  if (el) el.addEventListener("click", fn);
}

// What setHtml last wrote into each element.
const written = new WeakMap();

/** ``el``'s text set to ``text`` only when it differs: a page that ticks a clock a
 * few times a second then does no style or layout work between the changes. */
export function setText(el, text) {
  if (el && el.textContent !== text) el.textContent = text;
}

/** ``el``'s markup set to ``html`` only when it differs from what was written last. */
export function setHtml(el, html) {
  if (el && written.get(el) !== html) {
    el.innerHTML = html;
    written.set(el, html);
  }
}

/** Part ``index`` of the address's path, decoded: "/t/abc" -> part 2 is "abc". */
export function pathPart(index, path = location.pathname) {
  return decodeURIComponent(path.split("/")[index] || "");
}

/** A key a link carries after '#' (``#host=KEY``; browsers never send it to a
 * server): returned, and the address cleaned of it.  None: null. */
export function takeFromHash(name) {
  const value = new URLSearchParams(location.hash.slice(1)).get(name);
  if (value) history.replaceState(null, "", location.pathname);
  return value;
}

/** The numeric field ``name`` of ``data`` (FormData): a number, or undefined. */
export function numberField(data, name) {
  const raw = data.get(name);
  if (raw === null || raw === "") return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/** ``html`` into a scrolling log ``box``, kept at the bottom when it was there. */
export function fillScrolled(box, html) {
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  box.innerHTML = html;
  if (atBottom) box.scrollTop = box.scrollHeight;
}

/** A message in the corner for a few seconds; ``kind`` "error" or "info". */
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
