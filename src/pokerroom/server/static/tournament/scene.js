// A tournament viewer's state from what a delta connection holds (docs/protocol.md,
// "Deltas"): the scene of the table it sees -- that table's public state with the
// tournament's in it ("tournament", its "clock" and its players by entry, "players",
// beside it) -- with its
// own part put on by shared/scene.js, and the own part, whose "player" is its
// standing in the event.  Mirrored by pokerroom/server/tournaments/views.py
// (tournament_state, standing); unit-tested in tests/js/tournament.test.js.

// The standings' order: the players still in by chips, then the others by place.
const standing = (p) => [p.alive ? 0 : 1, p.alive ? -p.chips : 0, p.place || 0, p.entry];

function byStanding(a, b) {
  const x = standing(a);
  const y = standing(b);
  for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

/** ``{tournament, you, table, now}``, the state a client without deltas gets whole,
 *  from ``composed`` (shared/scene.js compose of the scene and ``own``) and ``own``
 *  (null for a spectator).  Before the first deal the scene has no table. */
export function tournamentState(composed, own) {
  const { tournament, clock, players, ...table } = composed;
  return {
    tournament: { ...tournament, clock, players: Object.values(players).sort(byStanding) },
    you: own ? own.player : null,
    table: "seats" in table ? table : null,
    now: composed.now,
  };
}
