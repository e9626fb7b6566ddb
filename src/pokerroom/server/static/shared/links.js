// The links a page shows and copies for other people to open (a table's invite and
// host link, a live event's seat cards): on the room's public address when it has one
// (room.public_url, GET /api/room: behind a proxy at https://poker.example.org, say),
// else on the address this browser used (docs/play-with-friends.md).
import { api } from "/static/shared/api.js";

let publicUrl = null;
let loading = null;

/** ``path`` on ``publicUrl`` when given, else on ``origin``. */
export function linkOn(path, { publicUrl: base, origin }) {
  return `${base || origin}${path}`;
}

/** Whether ``url`` opens on the machine that opens it only (127.x, ::1, localhost):
 * such a link reaches nobody else. */
export function onlyOnThisMachine(url) {
  const host = new URL(url).hostname;
  return host === "localhost" || host.endsWith(".localhost") || host === "[::1]"
    || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Ask the room for its public address once (each page calls it at start); a room
 * that cannot say leaves the links on this browser's address. */
export function loadRoomAddress() {
  loading ??= api("/api/room").then((answer) => {
    publicUrl = answer.public_url || null;
  }).catch(() => {});
  return loading;
}

/** ``path`` (``/t/abc``) as a link friends can open (see the module comment). */
export function roomLink(path) {
  return linkOn(path, { publicUrl, origin: location.origin });
}

/** What to add when telling the host a link was copied: a warning when it only opens
 * on this machine. */
export function reachNote(url) {
  return onlyOnThisMachine(url)
    ? " — but it opens on this computer only: to play with friends elsewhere, see"
      + " 'Play with friends' (pokerroom serve --host 0.0.0.0 or --public-url)."
    : "";
}
