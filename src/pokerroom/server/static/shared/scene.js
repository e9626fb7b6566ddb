// A table's scene as a delta connection holds it (docs/protocol.md, "Deltas"): the
// whole scene ({"type": "scene"}) once, then per version the changes since the one
// held ({"type": "delta"}), each with the viewer's own part.  Pure functions, mirrored
// by pokerroom/server/tables/scene.py (apply) and tables/views.py (compose), and
// unit-tested in tests/js/scene.test.js.

/** The public state after ``delta``: {set: {key: value}, seats: {"i": entry},
 *  log: {drop, add}}, each part optional.  ``scene`` is not changed. */
export function applyDelta(scene, delta) {
  const next = { ...scene, ...(delta.set || {}) };
  if (delta.seats) {
    const seats = [...next.seats];
    for (const [index, entry] of Object.entries(delta.seats)) seats[Number(index)] = entry;
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

/** Follow one message of a delta connection.  ``held`` is {version, scene} (null
 *  before the first scene); answers the new ``held`` and the viewer's ``state``, or
 *  ``{gap: true}`` when a delta does not follow the version held (then ask for the
 *  whole scene again: reconnect). */
export function follow(held, message) {
  let scene;
  if (message.type === "scene") {
    scene = message.scene;
  } else if (held && message.base === held.version) {
    scene = applyDelta(held.scene, message.scene);
  } else {
    return { gap: true };
  }
  return { held: { version: message.version, scene }, state: compose(scene, message.own) };
}
