"""The house rules in force at a table, in words, for its players: each house option
the manager chose away from the rule catalogue's default (B5, B9, B15, T7, T8, T10, T11,
T12, F7, F10, F11, F12, S11, D5, running it twice)."""

from __future__ import annotations

import dataclasses

from pokerroom.table import Stakes, Table, TableOptions

_DEFAULT_OPTIONS = TableOptions()
_DEFAULT_RAISE_CAP = next(f.default for f in dataclasses.fields(Stakes) if f.name == "raise_cap")


_METHODS = {
    "no_missed_blinds": "dead button, no missed blinds (T2)",
    "no_dead_button": "moving button, no dead button (T3)",
    "simplified": "simplified: missed blinds are not tracked (T4)",
    "skipped_blinds_paid": "moving button, skipped blinds paid later (T3, T4)",
}


def _percent(fraction: float) -> str:
    return f"{fraction * 100:.4g}%"


def house_rules(table: Table) -> list[dict[str, str]]:
    """``[{"option", "label", "value"}]``: what a player should know before sitting down,
    one entry per option (or group of options) that differs from the default."""
    stakes, o = table.stakes, table.options
    game = stakes.game
    blinds = not game.is_stud
    rules: list[tuple[str, str, str]] = []
    if stakes.is_limit and stakes.raise_cap != _DEFAULT_RAISE_CAP:
        cap = stakes.raise_cap
        rules.append(("raise_cap", "Raise cap", "none (B5)" if cap is None
                      else f"a bet and {cap - 1} raise{'' if cap == 2 else 's'} (B5)"))
    if stakes.open_pair_double:
        rules.append(("open_pair_double", "Open pair",
                      f"on 4th street the big bet ({stakes.big_bet}) may be bet (B15)"))
    if o.run_it_twice:
        rules.append(("run_it_twice", "Run it twice",
                      "the board, when all-in with the betting over"))
    if blinds and o.multiple_straddles and o.straddle_allowed(stakes):
        rules.append(("multiple_straddles", "Straddles", "more than one a deal (F11)"))
    if o.kill != "none":
        trigger = ("two pots in a row" if o.kill == "two_pots"
                   else f"a pot of {o.kill_pot_size} or more")
        size = "full kill, 2x" if o.kill_factor == 2 else "half kill, 1.5x"
        rules.append(("kill", "Kill blind", f"{size}, after winning {trigger} (F12)"))
    if o.auto_showdown and not o.tournament:
        rules.append(("auto_showdown", "Showdown", "every hand is turned up (no mucking, S4)"))
    if o.rake_percent:
        most = f", at most {o.rake_cap}" if o.rake_cap else ""
        drop = "no flop, no drop" if o.no_flop_no_drop else "also without a flop"
        rules.append(("rake", "Rake", f"{_percent(o.rake_percent)}{most}; {drop} (S11)"))
    if blinds and not o.new_player_must_post:
        rules.append(("new_player_must_post", "New players", "dealt in without posting (T7)"))
    if blinds and not o.new_game_round:
        rules.append(("new_game_round", "New game",
                      "established at the first deal: no free seats after it (T11)"))
    if blinds and o.rebuy_as_new_player:
        rules.append(("rebuy_as_new_player", "Rebuys",
                      "after busting, a new player: missed blinds forgiven (T10)"))
    if blinds and o.button_draw != _DEFAULT_OPTIONS.button_draw:
        rules.append(("button_draw", "First button", "to the first jack dealt face up (D5)"
                      if o.button_draw == "first_jack"
                      else "to the last seat, without a draw (D5, LVH B4)"))
    rules.extend(_more_house_rules(table))
    if stakes.big_blind_ante and o.bba_order != _DEFAULT_OPTIONS.bba_order:
        rules.append(("bba_order", "BBA", "a short big blind pays the blind first (F7)"))
    return [{"option": key, "label": label, "value": value} for key, label, value in rules]


def _more_house_rules(table: Table) -> list[tuple[str, str, str]]:
    """The house options of issue #27's second half (F3, F10, F11, B9, T3, T4, T8, T12)."""
    stakes, o = table.stakes, table.options
    blinds = not stakes.game.is_stud
    rules: list[tuple[str, str, str]] = []
    default_method = dataclasses.replace(o, button_method=None).method_for(stakes)
    if blinds and table.method is not default_method:
        rules.append(("button_method", "Button", _METHODS[table.method.value]))
    if stakes.button_ante:
        rules.append(("button_ante", "Button ante",
                      f"the button antes {stakes.ante} for each player dealt in (F1, ENC)"))
    if stakes.button_blind:
        rules.append(("button_blind", "Three blinds",
                      f"the button posts {stakes.button_blind} (F3)"))
    if blinds and o.straddle_multiple != 2 and o.straddle_allowed(stakes):
        rules.append(("straddle_multiple", "Straddle", f"{o.straddle_multiple} big blinds "
                      f"({o.straddle_multiple * stakes.big_blind}) (F11, LVH B8)"))
    if stakes.structure.value == "fixed_limit" and stakes.limit_short_raise == "complete":
        rules.append(("limit_short_raise", "Short all-in raise",
                      "the next raise completes to the next full bet (B9)"))
    if stakes.game.is_stud and stakes.full_bring_in == "raise":
        rules.append(("full_bring_in", "Full bring-in",
                      "may come in for a raise; no option later (F10)"))
    if blinds and o.make_up != _DEFAULT_OPTIONS.make_up:
        rules.append(("make_up", "Missed blinds", "made up as their sum, the small blind "
                      "dead, never between the blinds (T8, RR 9)" if o.make_up == "sum"
                      else "made up one a hand, the big blind first, all live (T8)"))
    if blinds and o.seat_change != _DEFAULT_OPTIONS.seat_change:
        rules.append(("seat_change", "Seat changes",
                      "a blind only for a move past three or more players (T12, LVH B20-B22)"
                      if o.seat_change == "past_three" else "free (T12)"))
    return rules
