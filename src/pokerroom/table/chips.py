"""B14: what a player physically does with chips, turned into an engine action.

At a dealer-assisted table the dealer reports what the player in turn did: the
chips pushed out, anything said first, and what happened to chips already in
front of them from earlier on the street.  :func:`interpret_chips` applies the
TDA rules to that and returns a :class:`~pokerroom.table.rulings.Ruling`: the
engine action, the change that goes back, the chips still to add, and a sentence
naming the rule.  It never changes the hand;
:func:`~pokerroom.table.rulings.apply_ruling` plays the ruling.

The rules (TDA 2024 numbers; ``docs/rules.md`` B14 has them in full):

- 40-C/43: a number spoken without "raise" is treated like pushing that many
  chips; "raise" then a number makes the number the new total (43-B).
- 44: one oversized chip without a word is a call when facing a bet (a blind is
  a bet), even if it is the player's last chip, and a bet of its full value
  when not.  "Raise" declared first: a raise to what the chip allows.
- 45: several chips: if removing one of the smallest would leave less than the
  call, every chip was needed and it is a call.  Otherwise the player's last
  chips are an all-in, and with chips behind the 50% test of 43 applies: an
  increment of at least half a full raise must be made a full minimum raise,
  less is a call.
- 46: prior bet chips.  Left alone or wholly pulled back while they do not
  cover the call: new chips are judged by 44/45 as above (only new chips can be
  "removed").  Partly pulled back, or covering the call: all the chips together
  are one 45 bet.  Gathering everything and pushing it (Situation 5) may be
  ruled a bet of all of it: a floor decision.
- 41/51: silently pushing less than the call.  A single undersized chip is a
  non-standard call the floor interprets (41).  Several chips are an undercall:
  a mandatory full call heads-up or facing the opening bet, otherwise the floor
  chooses between a full call and folding with the chips forfeited (51).
- 42: a raise is made in one motion, or with "raise" declared first and one more
  motion; chips brought out in a second trip without that declaration (a string
  raise) are refused and go back.
- 52-A/52-B: a declared raise below the minimum is corrected up to it; an
  amount above the pot-limit maximum is reduced to it.
- 57: an unclear spoken number ("five") is the highest reasonable reading
  that does not exceed the pot.

The engine's bounds always win: a ruling never carries an action that
``hand.act`` would refuse, and the explanation says when it was clamped.

Numbers: the hand is the engine's, so the player is named by ``position`` (the
ruling's and the ``position`` argument); a dealer's seat converts once with
``plan.position_of(seat)``.  Texts name the seat people see (``seat + 1``, from
``seats``, the deal's ``HandPlan.seats``) and the player's name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.rules import BetRaise, CheckCall, Fold, Hand, LegalActions, Phase
from pokerroom.rules import events as ev
from pokerroom.table.rulings import (
    Declaration,
    Declared,
    FloorDecision,
    FloorOption,
    Ruling,
)
from pokerroom.table.seat_names import SeatNames


def interpret_chips(
    hand: Hand,
    chips: Sequence[int],
    *,
    declared: Declaration | None = None,
    prior_bet_chips: Sequence[int] = (),
    pulled_back: bool | Sequence[int] = False,
    more_chips: Sequence[int] = (),
    gathered: bool = False,
    position: int | None = None,
    seats: Sequence[int] | None = None,
) -> Ruling:
    """B14: what the chips the player in turn pushes out mean.

    - ``chips``: the chips pushed out now, in one motion.
    - ``declared``: what was said first (None: nothing).
    - ``prior_bet_chips``: the chips of the player's earlier bet on this street
      (a blind, bet or call) lying in front of them; their face value counts,
      so a blind posted with one big chip is given as that chip.  Left empty,
      the earlier bet ``hand.bets[position]`` counts at its value.
    - ``pulled_back``: True when the player pulled the earlier bet back before
      pushing ``chips`` (chips pushed again belong in ``chips``); a list names
      the prior chips pulled back when only some were.
    - ``more_chips``: chips brought out in a second trip to the stack.
    - ``gathered``: the player gathered the prior chips with the new ones and
      pushed everything forward (TDA 46 Situation 5).
    - ``position``: who pushed the chips (the engine's number), checked against the
      player in turn.
    - ``seats``: the table seat of each position (``HandPlan.seats``), for the texts;
      without it seat i is position i.
    """
    judge = _Judge(hand, chips, declared, prior_bet_chips, pulled_back, more_chips, position,
                   SeatNames.of(hand, seats))
    ruling = judge.rule()
    if gathered:
        ruling = judge.gathered(ruling)
    return ruling


# --------------------------------------------------------------------- internals


def _amount(n: int) -> str:
    return f"{n:,}"


def _chip_list(chips: Sequence[int]) -> list[int]:
    out: list[int] = []
    for c in chips:
        if isinstance(c, bool) or not isinstance(c, int) or c < 1:
            raise ConfigError(f"a chip is a positive whole number of units, not {c!r}")
        out.append(c)
    return out


class _Judge:
    """The state one ruling is made against, and the rules that make it."""

    def __init__(
        self, hand: Hand, chips: Sequence[int], declared: Declaration | None,
        prior: Sequence[int], pulled_back: bool | Sequence[int], more: Sequence[int],
        position: int | None, who: SeatNames,
    ) -> None:
        if hand.phase is not Phase.BETTING:
            raise IllegalActionError(
                Reason.NOT_BETTING, f"chips are judged in a betting round; now: "
                f"{hand.legal_actions().describe(who.seats)}"
            )
        legal = hand.legal_actions()
        actor = legal.position
        assert actor is not None
        if position is not None and position != actor:
            someone = (who(position) if 0 <= position < hand.n
                       else f"position {position} (positions are 0-{hand.n - 1})")
            raise IllegalActionError(
                Reason.NOT_YOUR_TURN, f"{someone} cannot act now: it is {who(actor)}'s turn"
            )
        if legal.bring_in is not None:
            raise IllegalActionError(
                Reason.BRING_IN_DUE,
                f"{who(actor)} owes the bring-in: act with BringIn or BetRaise"
            )
        self.hand = hand
        self.legal: LegalActions = legal
        self.position = actor
        self.who = who
        self.declared = declared or Declaration.silent()
        self.new = _chip_list(chips)
        self.more = _chip_list(more)
        if not self.new:  # a "second" motion with no first is the only motion
            self.new, self.more = self.more, []
        prior_chips = _chip_list(prior)
        mine = hand.bets[actor]
        self.current = hand.current_bet
        self.all_in_total = mine + hand.stacks[actor]
        if prior_chips and sum(prior_chips) < mine:
            raise ConfigError(
                f"the prior bet chips add to {_amount(sum(prior_chips))} but {who(actor)} has "
                f"{_amount(mine)} in front; list all of them"
            )
        if pulled_back is True:
            pulled = list(prior_chips)
        elif pulled_back is False:
            pulled = []
        else:
            pulled = _chip_list(pulled_back)
            if not prior_chips:
                raise ConfigError("name the prior_bet_chips to say which of them were pulled back")
            if Counter(pulled) - Counter(prior_chips):
                raise ConfigError(
                    f"pulled back {pulled} are not among the prior bet chips {prior_chips}"
                )
        self.pulled = bool(pulled) or (pulled_back is True and mine > 0)
        left = list((Counter(prior_chips) - Counter(pulled)).elements())
        self.left = left
        self.prior_value = sum(left) if prior_chips else (0 if pulled_back is True else mine)
        self.partly_pulled = bool(pulled) and bool(left)
        string = bool(self.more) and self.declared.kind not in (Declared.RAISE, Declared.ALL_IN)
        self.refused = sum(self.more) if string else 0
        if self.more and not string:
            self.new = self.new + self.more  # "raise" first, then one more motion (TDA 42)
        self.phys = self.prior_value + sum(self.new)
        if self.phys > self.all_in_total:
            raise IllegalActionError(
                Reason.NOT_ENOUGH_CHIPS,
                f"{who(actor)} has {_amount(self.all_in_total)} in all ({_amount(mine)} in front),"
                f" but the chips add to {_amount(self.phys)}",
            )
        if not self.new and self.declared.kind is Declared.SILENT:
            raise ConfigError(
                "nothing to judge: no chips were pushed and nothing was said; a check or fold "
                "goes to the engine directly"
            )
        self.notes: list[str] = []
        self.clamped = False
        if string:
            self.notes.append(
                f"string raise refused (TDA 42): the {_amount(self.refused)} brought out in a "
                "second motion goes back"
            )
        if self.pulled:
            self.notes.append(
                "having pulled back prior bet chips, the player may not fold (TDA 46-B)"
            )

    # ----------------------------------------------------------------- results

    def _ruling(self, action: CheckCall | BetRaise | FloorDecision, rule: str, why: str) -> Ruling:
        change = to_add = 0
        all_in = False
        if isinstance(action, CheckCall | BetRaise):
            required = self._required(action)
            change = max(0, self.phys - required)
            to_add = max(0, required - self.phys)
            all_in = required == self.all_in_total
            what = self._describe(action, all_in)
            why = f"{why}: {what}"
            if change:
                why += f"; {_amount(change)} back"
            if to_add:
                why += f"; add {_amount(to_add)}"
        else:
            choices = " or ".join(o.description for o in action.options)
            why = f"{why}: {action.question}; the floor decides: {choices}"
            if self.refused:
                action = replace(action, options=tuple(
                    replace(o, change=o.change + self.refused) for o in action.options
                ))
        change += self.refused
        text = f"{rule}: {why}."
        if self.notes:
            notes = "; ".join(self.notes)
            text += f" {notes[0].upper()}{notes[1:]}."
        return Ruling(
            self.position, action, change, to_add, rule, text, self.current, self.hand.street,
            all_in=all_in, clamped=self.clamped,
        )

    def _required(self, action: CheckCall | BetRaise) -> int:
        if isinstance(action, BetRaise):
            return action.to
        return min(self.current, self.all_in_total)

    def _describe(self, action: CheckCall | BetRaise, all_in: bool) -> str:
        if isinstance(action, BetRaise):
            verb = "a bet of" if self.current == 0 else "a raise to"
            return f"{verb} {_amount(action.to)}" + (" (all-in)" if all_in else "")
        if self.current <= self.hand.bets[self.position]:
            return "a check"
        return f"a call of {_amount(self._required(action))}" + (" (all-in)" if all_in else "")

    def _call(self, rule: str, why: str) -> Ruling:
        return self._ruling(CheckCall(), rule, why)

    def _raise(self, to: int, rule: str, why: str, *, below_min: str = "") -> Ruling:
        """A bet or raise to ``to``, held to the engine's bounds.  ``below_min`` is
        the note for a correction up to the minimum; without it the correction is
        the rule itself (the 50% test) and ``why`` already says so."""
        legal = self.legal
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is None or high is None:
            self.notes.append(f"a raise is not allowed here ({self._no_raise_reason()}), so it "
                              "is a call")
            self.clamped = True
            return self._ruling(CheckCall(), rule, why)
        if to < low:
            if low == self.all_in_total:
                self.notes.append(f"the player has only {_amount(low)}, so it is all-in")
                self.clamped = True
            elif below_min:
                self.notes.append(f"{_amount(to)} is below the minimum: {below_min} "
                                  f"{_amount(low)}")
                self.clamped = True
            to = low
        elif to > high:
            limit = "all the player's chips" if high == self.all_in_total else "the maximum"
            self.notes.append(f"{_amount(to)} is more than {limit}, reduced to {_amount(high)}"
                              + (" (TDA 52-B)" if high != self.all_in_total else ""))
            self.clamped = True
            to = high
        return self._ruling(BetRaise(to), rule, why)

    def _no_raise_reason(self) -> str:
        hand, i = self.hand, self.position
        if self.all_in_total <= self.current:
            return "the player cannot cover more than the call"
        if not hand.raise_callable(i):
            return "nobody left can call a raise (B3)"
        if hand.acted[i]:
            return "the betting is not re-opened for this player (TDA 47)"
        return "the raise cap is reached"

    # ------------------------------------------------------------------- rules

    def rule(self) -> Ruling:
        kind = self.declared.kind
        amount = self.declared.amount
        if kind is Declared.CALL:
            return self._call("TDA 51", 'a declared "call" commits the player to the full bet')
        if kind is Declared.ALL_IN:
            if self.all_in_total <= self.current:
                return self._call("TDA 43", '"all-in" for no more than the bet')
            return self._raise(self.all_in_total, "TDA 43", '"all-in" declared')
        if kind is Declared.RAISE:
            return self._declared_raise(amount)
        if kind is Declared.AMOUNT:
            assert amount is not None
            return self._spoken(amount, "TDA 43", f"{_amount(amount)} said without \"raise\" is "
                                "treated like pushing it (TDA 40-C)")
        if kind is Declared.UNCLEAR:
            assert amount is not None
            reading = self._reading(amount)
            return self._spoken(reading, "TDA 57", f'"{amount}" is read as {_amount(reading)}, '
                                "the highest reasonable amount not above the pot")
        return self._silent()

    def _declared_raise(self, amount: int | None) -> Ruling:
        if amount is not None:
            return self._raise(amount, "TDA 43", f"\"raise, {_amount(amount)}\" makes "
                               f"{_amount(amount)} the new total (TDA 43-B)",
                               below_min="a declared raise is corrected up to the minimum raise "
                               "(TDA 52-A), to")
        if self.phys <= self.current:
            low = self.legal.min_raise_to or self.current
            return self._raise(low, "TDA 43", '"raise" declared with no amount beyond the call: '
                               "at least a full raise")
        if len(self.new) == 1 and not self.left:
            return self._raise(self.phys, "TDA 44", '"raise" declared before the oversized chip '
                               "landed: a raise to what the chip allows, at least a full raise")
        return self._raise(self.phys, "TDA 43", '"raise" declared: the chips pushed, at least a '
                           "full raise")

    def _spoken(self, amount: int, rule: str, why: str) -> Ruling:
        """A number said without "raise": as if pushed, with no chip to remove."""
        if amount > self.all_in_total:
            self.notes.append(f"{_amount(amount)} is more than the player's "
                              f"{_amount(self.all_in_total)}, so it is all-in")
            self.clamped = True
            amount = self.all_in_total
        if self.current == 0:
            return self._raise(amount, rule, why,
                               below_min="a bet is made up to the minimum bet (TDA 52-A),")
        facing = self.current > self.hand.bets[self.position]
        if amount <= self.current:
            if amount in (self.current, self.all_in_total) or not facing:
                return self._call(rule, why)
            return self._undercall(amount, rule, why, single_chip=False)
        if amount == self.all_in_total:
            return self._raise(amount, rule, f"{why}; it is all the player's chips")
        return self._fifty_percent(amount, rule, why)

    def _reading(self, number: int) -> int:
        """TDA 57: the highest of number x 10^k that is a legal size and not above
        the pot (bets not yet pulled in included); failing that the smallest legal."""
        floor = self.legal.min_raise_to or self.legal.call or 1
        readings = [number]
        while readings[-1] < self.all_in_total:
            readings.append(readings[-1] * 10)
        legal = [r for r in readings if r >= floor and r <= self.all_in_total]
        if not legal:
            return self.all_in_total
        pot: int = self.hand.pot
        under_pot = [r for r in legal if r <= pot]
        return max(under_pot) if under_pot else min(legal)

    def _silent(self) -> Ruling:
        if self.current == 0:
            single = len(self.new) == 1 and not self.left
            what = "a single chip" if single else "chips"
            return self._raise(self.phys, "TDA 44" if single else "TDA 45",
                               f"{what} pushed silently with no bet to face: a bet of "
                               f"{'its' if single else 'their'} full value",
                               below_min="a bet is made up to the minimum bet (TDA 52-A),")
        facing = self.current > self.hand.bets[self.position]
        prior_covers = facing and self.prior_value >= self.current
        combined = self.partly_pulled or prior_covers or not facing
        if self.phys < self.current:
            if self.phys == self.all_in_total:
                return self._call("TDA 45", "all the player's chips, less than the bet")
            return self._undercall(self.phys, "TDA 51", "less than the bet, pushed silently",
                                   single_chip=len(self.new) == 1)
        if len(self.new) == 1 and not combined:
            return self._call("TDA 44", "one oversized chip without a word facing a bet is a call")
        candidates = self.left + self.new if combined and self.left else list(self.new)
        smallest = min(candidates)
        rule = "TDA 46" if (self.left or self.pulled) and combined else "TDA 45"
        if self.phys - smallest < self.current:
            return self._call(rule, f"removing a {_amount(smallest)} leaves "
                              f"{_amount(self.phys - smallest)}, less than the "
                              f"{_amount(self.current)} to call, so every chip was needed")
        if self.phys == self.all_in_total:
            return self._raise(self.phys, rule, "the player's last chips, more than needed for "
                               "the call, are an all-in")
        return self._fifty_percent(self.phys, rule, f"a {_amount(smallest)} could be removed "
                                   "and still cover the call, so the 50% test applies")

    def _fifty_percent(self, total: int, rule: str, why: str) -> Ruling:
        """TDA 43: an increment of at least half a full raise must be a full raise."""
        increment = total - self.current
        full = self.hand.full_raise
        threshold = self.current + (full + 1) // 2
        if 2 * increment >= full:
            return self._raise(total, rule, f"{why}; {_amount(total)} reaches the 50% mark of "
                               f"{_amount(threshold)}, so it must be at least a full raise")
        return self._call(rule, f"{why}; {_amount(total)} is short of the 50% mark of "
                          f"{_amount(threshold)}")

    def _undercall(self, total: int, rule: str, why: str, *, single_chip: bool) -> Ruling:
        """TDA 41/51: less than the call from a player with chips behind."""
        hand = self.hand
        heads_up = len(hand.in_hand()) == 2
        opening = self._facing_opening_bet()
        mandatory = heads_up or opening
        where = "heads-up" if heads_up else "facing the opening bet"
        required = min(self.current, self.all_in_total)
        full_call = FloorOption(
            CheckCall(), f"a full call of {_amount(required)}", to_add=required - self.phys,
        )
        options = [full_call]
        if not mandatory and not self.pulled:  # pulled-back chips forbid a fold (TDA 46-B)
            mine = hand.bets[self.position]
            level = max((x for x in self._bet_levels() if mine < x <= total), default=total)
            forfeit = max(0, level - mine)
            options.append(FloorOption(
                Fold(), f"fold, forfeiting {_amount(forfeit)}"
                + (f" with {_amount(total - level)} returned" if total > level else ""),
                change=max(0, self.phys - max(level, mine)), forfeit=forfeit,
            ))
        if single_chip:
            chip = self.new[0]
            question = (f"a single {_amount(chip)} chip against a bet of {_amount(self.current)} "
                        "is a non-standard call: the floor interprets it and may penalise it")
            if mandatory:
                question += f" (an undercall {where} is a full call, TDA 51)"
            return self._ruling(FloorDecision(question, tuple(options)), "TDA 41", why)
        if mandatory:
            return self._call(rule, f"{why}: an undercall {where} is a mandatory full call")
        question = (f"an undercall of {_amount(total)} against a raise to {_amount(self.current)}"
                    " in a multi-way pot: a full call, or fold and forfeit the chips")
        return self._ruling(FloorDecision(question, tuple(options)), rule, why)

    def _street_events(self) -> list[ev.Event]:
        events = self.hand.events
        for k in range(len(events) - 1, -1, -1):
            e = events[k]
            if isinstance(e, ev.StreetStarted) and e.street == self.hand.street:
                return events[k + 1:]
        return list(events)

    def _facing_opening_bet(self) -> bool:
        raises = sum(1 for e in self._street_events() if isinstance(e, ev.BetOrRaised))
        forced = self.hand.street == 0 and any(
            isinstance(e, ev.BringInPosted) or (isinstance(e, ev.BlindPosted) and not e.dead)
            for e in self.hand.events
        )
        return raises == (0 if forced else 1)

    def _bet_levels(self) -> list[int]:
        levels = [e.to for e in self._street_events() if isinstance(e, ev.BetOrRaised)]
        if self.hand.street == 0:
            blinds = self.hand.config.blinds
            if blinds:
                levels.append(max(blinds))
            levels += [e.amount for e in self._street_events() if isinstance(e, ev.BringInPosted)]
        return levels

    # ------------------------------------------------------------- Situation 5

    def gathered(self, ruling: Ruling) -> Ruling:
        """TDA 46 Situation 5: pushing everything together may be ruled a bet of all
        of it.  The floor chooses between that and the ruling above."""
        if self.phys <= self.current or isinstance(ruling.action, FloorDecision):
            return ruling
        self.notes = []
        everything = self._raise(self.phys, "TDA 46", "all the chips gathered and pushed")
        if everything.action == ruling.action:
            return ruling
        assert isinstance(ruling.action, CheckCall | BetRaise)
        assert isinstance(everything.action, CheckCall | BetRaise)
        options = (
            FloorOption(ruling.action, f"as judged chip by chip ({ruling.rule})",
                        change=ruling.change, to_add=ruling.to_add),
            FloorOption(everything.action, f"a bet of all the chips: "
                        f"{self._describe(everything.action, everything.all_in)}",
                        change=everything.change, to_add=everything.to_add),
        )
        question = ("the player gathered all the chips and pushed them forward, which may be "
                    "ruled an intent to bet all of them")
        choices = " or ".join(o.description for o in options)
        return replace(ruling, action=FloorDecision(question, options), change=0, to_add=0,
                       rule="TDA 46", explanation=f"TDA 46 Situation 5: {question}; the floor "
                       f"decides: {choices}. Chip by chip: {ruling.explanation}", all_in=False)
