// The page's one WebSocket to the server, shared by the table page and the tournament
// page: it connects, reconnects with backoff when the connection drops, pings every
// 25 s so that proxies keep it open, keeps the version of the latest state, and shows
// the connection in the header's #conn badge.  Messages (see protocol.py) are JSON.
import { toast } from "/static/shared/dom.js";
import { follow } from "/static/shared/scene.js";

const PING_MS = 25000;

function setConn(ok, text, lost = false) {
  const el = document.getElementById("conn");
  el.classList.toggle("ok", ok);
  el.querySelector(".conn-text").textContent = text;
  el.title = text;
  showLost(lost, text);
}

// A lost connection: a banner across the page and the action buttons disabled (an
// action could not reach the table) until the socket is back and a state arrives.
function showLost(lost, text) {
  document.body.classList.toggle("offline", lost);
  let banner = document.getElementById("offline-banner");
  if (lost && !banner) {
    banner = document.createElement("div");
    banner.id = "offline-banner";
    banner.setAttribute("role", "alert");
    document.body.append(banner);
  }
  if (banner) {
    banner.hidden = !lost;
    banner.textContent = `Connection lost — ${text} Your buttons are off until the table is back.`;
  }
  for (const b of document.querySelectorAll(lost ? ".dock button:not(:disabled)" : ".dock button[data-offline]")) {
    b.disabled = lost;
    b.toggleAttribute("data-offline", lost);
  }
}

// path()          the socket's address, asked at every (re)connection
//                 ("/ws/tables/abc"), so it follows the page's view;
// token()         the seat's or player's token (or null), asked at every connection:
//                 it travels as a subprotocol ("pokerroom.token.<token>"), never in
//                 the address, which servers and proxies write to their logs;
// seated()        true for a player, false for a spectator (the badge's word);
// gone            the error reason that means there is nothing to connect to
//                 ("no_table"): no reconnecting after it;
// deltas          true: ask for deltas (a table: the subprotocol "pokerroom.delta";
//                 docs/protocol.md, "Deltas"): each "scene" or "delta" message is
//                 applied to the scene held and handed on as the whole state it
//                 makes; a delta that does not follow the version held (a gap)
//                 starts a new connection, which begins with the whole scene;
// onState(msg)    a {"type": "state"} message (``version`` is already updated; from
//                 a delta connection with ``own``, the viewer's own part);
// onError(msg)    a {"type": "error"} message;
// onOther(msg)    any other message (a table's "chat"), when given.
// A {"type": "moved"} message (a room on many processes: another worker serves the
// table now) is followed here: the next connection goes to its ``url`` (that worker),
// or, with none, to path() again after a moment; a dropped connection to a worker
// goes back to path(), which reaches whichever worker is up.
// Returns {connect(), reconnect(), send(message), version}: ``reconnect`` starts a
// new connection at once (after joining or leaving), ``send`` is true when sent.
export function createSocket({ path, token, seated, gone, deltas = false, onState, onError, onOther }) {
  let socket = null;
  let retries = 0;
  let reconnectTimer = null;
  let pinging = null;
  let movedTo = null; // the next connection's address, from a "moved" message
  const conn = { version: 0, connect, reconnect, send };
  let held = null; // a delta connection's {version, scene}

  function connect() {
    clearTimeout(reconnectTimer);
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const key = token();
    const address = movedTo || path();
    movedTo = null;
    const offered = ["pokerroom"];
    if (key) offered.push(`pokerroom.token.${key}`);
    if (deltas) offered.push("pokerroom.delta");
    held = null; // a new connection starts with the whole scene
    const ws = new WebSocket(`${proto}://${location.host}${address}`, offered);
    socket = ws;
    setConn(false, retries ? "reconnecting…" : "connecting…", retries > 0);
    ws.onopen = () => {
      retries = 0;
    };
    ws.onmessage = (event) => {
      if (ws !== socket) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "scene" || message.type === "delta") {
        const next = follow(held, message);
        if (next.gap) {
          reconnect(); // it missed a version: start again from the whole scene
          return;
        }
        held = next.held;
        message = { type: "state", version: message.version, state: next.state, own: next.held.own };
      }
      if (message.type === "state") {
        // Back only once the table speaks: a socket opened on a server that then
        // says "moved" (or closes) keeps the banner up and the buttons off.
        if (!ws.live) {
          ws.live = true;
          setConn(true, seated() ? "connected" : "watching");
        }
        conn.version = message.version;
        onState(message);
      } else if (message.type === "moved") {
        ws.moved = true;
        movedTo = message.url || null;
      } else if (message.type === "error") {
        if (message.reason === gone) socket = null; // nothing to reconnect to
        onError(message);
      } else if (onOther && message.type !== "pong") {
        onOther(message);
      }
    };
    ws.onclose = () => {
      if (ws !== socket) return; // replaced on purpose
      if (ws.moved) { // another worker serves the table: go there at once
        setConn(false, "moving to another server…", false);
        reconnectTimer = setTimeout(connect, movedTo ? 0 : 500 + Math.random() * 500);
        return;
      }
      retries += 1;
      const delay = Math.min(10000, 400 * 2 ** Math.min(retries, 5)) + Math.random() * 300;
      setConn(false, `reconnecting in ${Math.round(delay / 1000)}s…`, true);
      reconnectTimer = setTimeout(connect, delay);
    };
    if (pinging === null) {
      pinging = setInterval(() => {
        if (socket && socket.readyState === WebSocket.OPEN) send({ type: "ping" });
      }, PING_MS);
    }
  }

  function reconnect() {
    const old = socket;
    socket = null;
    if (old) old.close();
    retries = 0;
    connect();
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      toast("Not connected — reconnecting…");
      return false;
    }
    socket.send(JSON.stringify(message));
    return true;
  }

  return conn;
}
