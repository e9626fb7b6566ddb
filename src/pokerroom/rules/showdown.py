"""Showdown: who shows first, and who wins each pot (S1-S10)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.errors import Reason, UnknownCardsError
from pokerroom.evaluation import EVALUATORS, Evaluator
from pokerroom.rules import events as ev
from pokerroom.rules.pots import build_pots, split_evenly, split_high_low
from pokerroom.rules.stud import board_key

if TYPE_CHECKING:
    from pokerroom.rules.actions import Award
    from pokerroom.rules.engine import Hand


class Showdown:
    """Ranks the hands still in and divides the pots among them."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        v = hand.variant
        self.high: Evaluator | None = EVALUATORS[v.high] if v.high else None
        self.low: Evaluator | None = EVALUATORS[v.low] if v.low else None
        self._high_cache: dict[int, int | None] = {}
        self._low_cache: dict[int, int | None] = {}

    def order(self) -> list[int]:
        """S4: the last aggressor of the final round first; otherwise the first player
        left of the button (stud: the best hand showing; razz: the lowest); then clockwise."""
        hand = self.hand
        live = hand.in_hand()
        start = hand.last_aggressor
        if start is None or hand.folded[start]:
            if hand.variant.is_stud:
                ups = {
                    i: [c for c, u in zip(hand.hole[i], hand.up[i], strict=True)
                        if u and c is not None]
                    for i in live
                }
                start = max(live, key=lambda s: board_key(ups[s], low_game=hand.variant.stud_low)
                            if ups[s] else ((), (), -1))
            else:
                start = live[0]
        k = live.index(start)
        return live[k:] + live[:k]

    def strength(self, position: int, low: bool) -> int | None:
        """``position``'s high (or ``low``) strength, larger is better; None for
        no qualifying low (S8).  UnknownCardsError when its cards are not known."""
        cache = self._low_cache if low else self._high_cache
        if position in cache:
            return cache[position]
        evaluator = self.low if low else self.high
        assert evaluator is not None
        hole = self.hand.hole[position]
        if None in hole:
            raise UnknownCardsError(
                f"position {position}'s cards are unknown, so the pot cannot be awarded; "
                "show them first"
            )
        value = evaluator.strength(hole, self.hand.board)  # type: ignore[arg-type]
        cache[position] = value
        return value

    def describe(self, position: int) -> str:
        """``position``'s hand in words (both halves in a split game); empty
        when its cards are not known."""
        if None in self.hand.hole[position]:
            return ""
        parts = []
        for evaluator, low in ((self.high, False), (self.low, True)):
            if evaluator is None:
                continue
            try:
                value = self.strength(position, low)
            except (ValueError, IndexError):
                continue
            if value is not None:
                parts.append(_describe(evaluator, value))
        return parts[0] if len(parts) == 1 else "; ".join(parts)

    def _odd_chip_order(self, positions: list[int], low: bool) -> list[int]:
        """S10: the first player left of the button; in stud the highest card by suit
        of the cards that make the hand.  The tied hands hold the same ranks, so this
        is the suit of their top card; in a low hand (razz, stud hi-lo's low half) the
        ace is low and the top card is the highest of the low cards."""
        hand = self.hand
        if not hand.variant.is_stud:
            return sorted(positions)
        evaluator = self.low if low else self.high
        assert evaluator is not None

        def top_card(position: int) -> tuple[int, int]:
            used = evaluator.best_cards(hand.hole[position], hand.board)  # type: ignore[arg-type]
            if not used:
                return (-1, -1)
            if low:
                return max(((c >> 2) + 1 if c >> 2 != 12 else 0, c & 3) for c in used)
            return max((c >> 2, c & 3) for c in used)

        return sorted(positions, key=top_card, reverse=True)

    def _winners(self, eligible: list[int], low: bool) -> list[int]:
        best: int | None = None
        winners: list[int] = []
        for position in eligible:
            value = self.strength(position, low)
            if value is None:
                continue
            if best is None or value > best:
                best, winners = value, [position]
            elif value == best:
                winners.append(position)
        return winners

    def pots(self) -> list[tuple[int, list[int]]]:
        """S1: the main pot and the side pots, each with who is in it, before any rake;
        changes nothing."""
        hand = self.hand
        live = [not f for f in hand.folded]
        stacks = hand.stacks
        if all(stacks[i] for i in range(hand.n) if live[i]):
            # Nobody in the pot is all-in: one pot, everyone still in eligible (S1).
            return [(sum(hand.contributed), [i for i in range(hand.n) if live[i]])]
        bets = [c - d for c, d in zip(hand.contributed, hand.dead, strict=True)]
        return build_pots(bets, live, [s == 0 for s in stacks], dead=hand.dead,
                          short_dead=hand.short_ante)

    def pots_after_rake(self) -> list[tuple[int, list[int]]]:
        """S1, S11: the main pot and side pots, the rake (if any) taken from the main
        pot first.  Takes the rake from the hand and keeps the pots in its
        ``awarded_pots``: call once."""
        return self._raked(self.pots())

    def _raked(self, pots: list[tuple[int, list[int]]]) -> list[tuple[int, list[int]]]:
        hand = self.hand
        total = sum(a for a, _ in pots)
        rake = total - hand._take_rake(total)
        for k in range(len(pots)):
            if not rake:
                break
            amount, eligible = pots[k]
            taken = min(rake, amount)
            pots[k] = (amount - taken, eligible)
            rake -= taken
        hand._pots = pots  # Hand.awarded_pots
        return pots

    def award(self) -> list[ev.Event]:
        """S1, S2, S8, S10: award side pots first, then the main pot."""
        unit = self.hand.config.chip_unit
        pots = self.pots_after_rake()
        out: list[ev.Event] = []
        for index in range(len(pots) - 1, -1, -1):
            amount, eligible = pots[index]
            if not amount:
                continue
            out.extend(self._award_pot(index, amount, eligible, unit))
        return out

    def _award_pot(self, index: int, amount: int, eligible: list[int], unit: int) -> list[ev.Event]:
        if len(eligible) == 1:
            shares = [(eligible[0], amount)]
            self._pay(shares)
            return [ev.PotAwarded(None, index, "whole", tuple(shares), "")]
        high_winners = self._winners(eligible, False) if self.high else []
        low_winners = self._winners(eligible, True) if self.low else []
        if self.high and self.low and low_winners:
            if sorted(high_winners) == sorted(low_winners):
                # TDA 20: the same players win both halves: split the whole pot evenly.
                shares = split_evenly(amount, self._odd_chip_order(high_winners, False), unit=unit)
                self._pay(shares)
                return [ev.PotAwarded(None, index, "whole", tuple(shares),
                                      self.describe(high_winners[0]))]
            high_amount, low_amount = split_high_low(amount, unit=unit)
            high_shares = split_evenly(high_amount, self._odd_chip_order(high_winners, False),
                                       unit=unit)
            low_shares = split_evenly(low_amount, self._odd_chip_order(low_winners, True),
                                      unit=unit)
            self._pay(high_shares)
            self._pay(low_shares)
            assert self.high is not None and self.low is not None
            return [
                ev.PotAwarded(None, index, "high", tuple(high_shares),
                              _describe(self.high, self._req(high_winners[0], False))),
                ev.PotAwarded(None, index, "low", tuple(low_shares),
                              _describe(self.low, self._req(low_winners[0], True))),
            ]
        low = self.high is None
        winners = low_winners if low else high_winners
        if not winners:
            raise AssertionError(f"no winner for pot {index} among positions {eligible}")
        shares = split_evenly(amount, self._odd_chip_order(winners, low), unit=unit)
        self._pay(shares)
        evaluator = self.low if low else self.high
        assert evaluator is not None
        return [ev.PotAwarded(None, index, "whole", tuple(shares),
                              _describe(evaluator, self._req(winners[0], low)))]

    def award_judged(self, award: Award) -> list[ev.Event]:
        """S1, S2, S8, S10 with the hands read by the dealer (:class:`Award`): each pot
        to the positions named, side pots first; odd chips as :meth:`award` gives them,
        in stud by the order named when the cards are unknown.  Refused
        (``wrong_award``), changing nothing, when the names do not fit the pots."""
        hand = self.hand
        pots = self.pots()
        why = self._why_not(award, pots)
        if why:
            raise hand._refuse(Reason.WRONG_AWARD, award, why)
        unit = hand.config.chip_unit
        pots = self._raked(pots)
        out: list[ev.Event] = []
        for index in range(len(pots) - 1, -1, -1):
            amount, eligible = pots[index]
            if not amount:
                continue
            winners = list(award.winners[index]) or eligible
            low = list(award.low[index]) if award.low else []
            out.extend(self._award_named(index, amount, winners, low, unit))
        return out

    def _why_not(self, award: Award, pots: list[tuple[int, list[int]]]) -> str:
        """What does not fit in the dealer's award, or "" when it fits."""
        count = len(pots)
        named = (f"the main pot and {count - 1} side pot{'s' * (count > 2)}" if count > 1
                 else "one pot")
        if len(award.winners) != count:
            return (f"there is {named}: name the winners of each, main pot first "
                    f"({len(award.winners)} named)")
        split = self.high is not None and self.low is not None
        if award.low and not split:
            return "this game has no low half: name the winners only"
        if award.low and len(award.low) != count:
            return (f"there is {named}: name the low winners of each (none: no qualifying "
                    f"low), or none at all ({len(award.low)} named)")
        for index, (_, eligible) in enumerate(pots):
            pot = "the main pot" if index == 0 else f"side pot {index}"
            halves = [award.winners[index]] + ([award.low[index]] if award.low else [])
            for half, names in enumerate(halves):
                if len(set(names)) != len(names):
                    return f"{pot}: a position is named twice"
                outside = [p for p in names if p not in eligible]
                if outside:
                    return (f"{pot}: position {outside[0]} is not in it (in it: "
                            f"{', '.join(map(str, eligible))})")
                if not names and half == 0 and len(eligible) > 1:
                    return f"{pot}: name who wins it (in it: {', '.join(map(str, eligible))})"
        return ""

    def _award_named(self, index: int, amount: int, winners: list[int], low: list[int],
                     unit: int) -> list[ev.Event]:
        """One pot to the dealer's ``winners`` (and ``low`` winners of a split game)."""
        lowball = self.high is None  # razz, deuce-to-seven: the winners hold the low
        if low and sorted(low) != sorted(winners):
            high_amount, low_amount = split_high_low(amount, unit=unit)
            high_shares = split_evenly(high_amount, self._named_order(winners, False),
                                       unit=unit)
            low_shares = split_evenly(low_amount, self._named_order(low, True), unit=unit)
            self._pay(high_shares)
            self._pay(low_shares)
            return [ev.PotAwarded(None, index, "high", tuple(high_shares),
                                  self._read(winners[0], False)),
                    ev.PotAwarded(None, index, "low", tuple(low_shares),
                                  self._read(low[0], True))]
        # One winner set: the whole pot (TDA 20: the same players win both halves).
        shares = split_evenly(amount, self._named_order(winners, lowball), unit=unit)
        self._pay(shares)
        return [ev.PotAwarded(None, index, "whole", tuple(shares),
                              self.describe(winners[0]) if low
                              else self._read(winners[0], lowball))]

    def _named_order(self, positions: list[int], low: bool) -> list[int]:
        """S10's order for the odd chips among ``positions``: as :meth:`award` has it;
        in stud, by the cards when they are known, else as the dealer named them."""
        if not self.hand.variant.is_stud:
            return sorted(positions)
        if any(None in self.hand.hole[p] for p in positions):
            return list(positions)
        return self._odd_chip_order(positions, low)

    def _read(self, position: int, low: bool) -> str:
        """The hand's name when its cards are known, else "" (the dealer read it)."""
        if None in self.hand.hole[position]:
            return ""
        evaluator = self.low if low else self.high
        if evaluator is None:
            return ""
        value = self.strength(position, low)
        return "" if value is None else _describe(evaluator, value)

    def _req(self, position: int, low: bool) -> int:
        value = self.strength(position, low)
        assert value is not None
        return value

    def _pay(self, shares: list[tuple[int, int]]) -> None:
        for position, chips in shares:
            self.hand.stacks[position] += chips


_DESCRIPTIONS: dict[int, tuple[Evaluator, dict[int, str]]] = {}


def _describe(evaluator: Evaluator, strength: int) -> str:
    """``evaluator.describe``, remembered: a game has a few thousand distinct hands."""
    entry = _DESCRIPTIONS.get(id(evaluator))
    if entry is None or entry[0] is not evaluator:
        entry = _DESCRIPTIONS[id(evaluator)] = (evaluator, {})
    texts = entry[1]
    text = texts.get(strength)
    if text is None:
        if len(texts) > 100_000:
            texts.clear()
        text = texts[strength] = evaluator.describe(strength)
    return text
