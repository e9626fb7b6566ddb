// The tournament structures the room offers (tournament/builtin.py), by name.

export const STRUCTURE_NAMES = {
  turbo: "Turbo", standard: "Standard", deepstack: "Deep stack", sit_and_go: "Sit & go",
  horse: "HORSE", eight_game: "8-game", nine_game: "9-game",
};

/** A structure's name ("Sit & go"); one this page does not know: its key. */
export function structureName(key) {
  return STRUCTURE_NAMES[key] || key;
}
