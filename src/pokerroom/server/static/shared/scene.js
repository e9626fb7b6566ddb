// A table's scene as a delta connection holds it (docs/protocol.md, "Deltas"): the
// whole scene ({"type": "scene"}) once, then per version the changes since the one
// held ({"type": "delta"}), each with the viewer's own part.  Pure functions, mirrored
// by pokerroom/server/tables/scene.py (apply) and tables/views.py (compose), and
// unit-tested in tests/js/scene.test.js.

/** The public state after ``delta`` (each part optional): ``set`` {key: value}
 *  whole; ``patch`` {key: {subkey: value}} the changed keys of an object (table,
 *  hand); ``seats`` {"i": entry or null} whole; ``seat_patch`` {"i": {key: value}}
 *  the changed keys of a seat's entry; ``log`` {drop, add}.  ``scene`` is not changed. */
export function applyDelta(scene, delta) {
  const next = { ...scene, ...(delta.set || {}) };
  for (const [key, patch] of Object.entries(delta.patch || {})) next[key] = { ...next[key], ...patch };
  if (delta.seats || delta.seat_patch) {
    const seats = [...next.seats];
    for (const [index, entry] of Object.entries(delta.seats || {})) seats[Number(index)] = entry;
    for (const [index, patch] of Object.entries(delta.seat_patch || {})) {
      seats[Number(index)] = { ...seats[Number(index)], ...patch };
    }
    next.seats = seats;
  }
  if (delta.log) next.log = next.log.slice(delta.log.drop).concat(delta.log.add);
  return next;
}

/** A viewer's state: the public ``scene`` with its own part on top ({seat, you,
 *  cards}: its cards in its seat, its ``you``; null for a spectator).  The same
 *  state a client that asks for no deltas gets whole. */
export function compose(scene, own) {
  const state = { ...scene };
  if (!own) return state;
  if (own.cards) {
    const seats = [...state.seats];
    seats[own.seat] = { ...seats[own.seat], cards: own.cards };
    state.seats = seats;
  }
  if (own.you) state.you = own.you;
  return state;
}

/** Follow one message of a delta connection.  ``held`` is {version, scene, own}
 *  (null before the first scene); a delta without ``own`` keeps the one held.
 *  Answers the new ``held`` and the viewer's ``state``, or ``{gap: true}`` when a
 *  delta does not follow the version held (then ask for the whole scene again:
 *  reconnect). */
export function follow(held, message) {
  let scene;
  if (message.type === "scene") {
    scene = message.scene;
  } else if (held && message.base === held.version) {
    scene = applyDelta(held.scene, message.scene);
  } else {
    return { gap: true };
  }
  const own = "own" in message ? message.own : held.own;
  return { held: { version: message.version, scene, own }, state: compose(scene, own) };
}
