"""The deal the director agrees (server/tournaments/agreed_deal.py), on the library's
tournament: made at once between hands, kept while a hand is in play and made when
it ends, called off when that hand busts a player of the deal; refusals change
nothing."""

from __future__ import annotations

import pytest

from pokerroom.errors import IllegalActionError
from pokerroom.server.tournaments.agreed_deal import AgreedDeal, prizes_left
from pokerroom.tournament.events import BountyWon, DealMade, TournamentFinished
from tests.tournament.conftest import bust, labels_in_order, play, rigged_deck, tournament


def _even(names: list[str], left: int) -> dict[str, int]:
    each, rest = divmod(left, len(names))
    return {n: each + (1 if i < rest else 0) for i, n in enumerate(sorted(names))}


def test_made_at_once_between_hands_everyone_paid_the_pool() -> None:
    t = tournament(4, bounty=300)
    t.start()
    names = [e.label for e in t.alive()]
    amounts = _even(names, prizes_left(t))
    events = AgreedDeal().agree(t, amounts)
    assert isinstance(events[0], DealMade) and isinstance(events[1], TournamentFinished)
    assert t.finished and sum(f.prize for f in t.results()) == t.prize_pool()
    assert {t.entries[f.entry].label: f.prize for f in t.results()} == amounts
    kept = [e for e in events if isinstance(e, BountyWon)]
    assert {(e.hunter, e.busted, e.amount) for e in kept} == {
        (t.entry(n).number, t.entry(n).number, 300) for n in names}


def test_kept_while_a_hand_is_in_play_then_made() -> None:
    t = tournament(3)
    t.start()
    order = labels_in_order(t, 1)
    deal = AgreedDeal()
    hand = t.start_hand(1, deck=rigged_deck(order, {}))
    assert deal.agree(t, _even(order, prizes_left(t))) == []
    assert deal.pending is not None and deal.make(t) is None  # the hand is in play
    play(hand, call=())  # everyone folds to the big blind
    t.finish_hand(1)
    events = deal.make(t)
    assert events is not None and isinstance(events[0], DealMade) and t.finished


def test_called_off_when_the_hand_in_play_busts_a_player_of_the_deal() -> None:
    t = tournament(3)
    t.start()
    order = labels_in_order(t, 1)
    deal = AgreedDeal()
    amounts = _even(order, prizes_left(t))
    bust(t, 1, [order[0]], winner=order[-1])  # the hand is over, not yet taken back
    assert deal.agree(t, amounts) == []
    t.finish_hand(1)
    with pytest.raises(ValueError, match=f"the deal is off: {order[0]} busted"):
        deal.make(t)
    assert deal.pending is None and not t.finished and t.deal is None


@pytest.mark.parametrize(("change", "words"), [
    ("leave_out", "the deal leaves out"),
    ("stranger", "is not in the event now"),
    ("one_more", "but the prizes left add up to"),
])
def test_bad_deal_refused_nothing_kept(change: str, words: str) -> None:
    t = tournament(3)
    t.start()
    names = [e.label for e in t.alive()]
    amounts = _even(names, prizes_left(t))
    if change == "leave_out":
        amounts.pop(names[0])
    elif change == "stranger":
        amounts["Nobody"] = 0
    else:
        amounts[names[0]] += 1
    deal = AgreedDeal()
    with pytest.raises(IllegalActionError, match=words) as refused:
        deal.agree(t, amounts)
    assert refused.value.reason == "bad_deal"
    assert deal.pending is None and t.deal is None and not t.finished
