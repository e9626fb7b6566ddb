// The tournament structures the room offers (tournament/builtin.py), by name.
import { money } from "/static/shared/format.js";

export const STRUCTURE_NAMES = {
  turbo: "Turbo", standard: "Standard", deepstack: "Deep stack", sit_and_go: "Sit & go",
  horse: "HORSE", eight_game: "8-game", nine_game: "9-game",
};

/** A structure's name ("Sit & go"); one this page does not know: its key. */
export function structureName(key) {
  return STRUCTURE_NAMES[key] || key;
}

/** Each structure's own buy-in and fee in cents (tournament/builtin.py), filled into
 * the creation form when it is picked. */
export const STRUCTURE_MONEY = {
  standard: { buy_in: 100_00, fee: 10_00 }, turbo: { buy_in: 50_00, fee: 5_00 },
  deepstack: { buy_in: 250_00, fee: 25_00 }, sit_and_go: { buy_in: 10_00, fee: 1_00 },
  horse: { buy_in: 150_00, fee: 15_00 }, eight_game: { buy_in: 150_00, fee: 15_00 },
  nine_game: { buy_in: 500_00, fee: 25_00 },
};

/** What each player pays, in words: "Each player pays $25: buy-in $20 to the prize
 * pool + fee $5 to the house." (cents in); a knockout's bounty (``bounty`` cents, apart
 * from the pool) goes to whoever knocks the player out. */
export function moneySentence(buyIn, fee, bounty = 0) {
  if (!buyIn && !fee && !bounty) return "A free tournament: no buy-in, no fee.";
  const parts = [`buy-in <b>${money(buyIn)}</b> to the prize pool`];
  if (bounty) parts.push(`bounty <b>${money(bounty)}</b> to whoever knocks them out`);
  parts.push(fee ? `fee <b>${money(fee)}</b> to the house` : "no fee");
  return `Each player pays <b>${money(buyIn + bounty + fee)}</b>: ${parts.join(" + ")}.`;
}
