// A tournament viewer's state from what a delta connection holds (docs/protocol.md,
// "Deltas"): the scene of the table it sees -- that table's public state with the
// tournament's in it ("tournament") -- with its own part put on by shared/scene.js,
// and the own part, whose "player" is its standing in the event.  Mirrored by
// pokerroom/server/tournaments/views.py (tournament_state); unit-tested in
// tests/js/tournament.test.js.

/** ``{tournament, you, table, now}``, the state a client without deltas gets whole,
 *  from ``composed`` (shared/scene.js compose of the scene and ``own``) and ``own``
 *  (null for a spectator).  Before the first deal the scene has no table. */
export function tournamentState(composed, own) {
  const { tournament, ...table } = composed;
  return {
    tournament,
    you: own ? own.player : null,
    table: "seats" in table ? table : null,
    now: composed.now,
  };
}
