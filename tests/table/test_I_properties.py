"""I1-I9, T9 as properties: any mix of dealing, betting and irregularity reports keeps
every card in exactly one place, the engine's cards equal to the physical ones and
every chip accounted for (checked after each operation by ``Watch``); a report that
is not allowed now is refused and changes nothing."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.errors import IllegalActionError
from pokerroom.rules import BetRaise, BringIn, CheckCall, Fold
from pokerroom.rules.engine import Phase
from pokerroom.table import Stakes, Table, TableOptions
from pokerroom.table.irregularities import LiveDeal
from pokerroom.table.irregularity_records import PROCEDURES, Procedures
from tests.table.test_I0_live_deal import STACK, Watch, snapshot

REPORTS = (
    "deal_hole_card(exposed=True)",
    "expose_hole_card",
    "deal_extra_card",
    "premature_flop",
    "premature_turn",
    "premature_river",
    "deal_flop_with_extra_cards",
    "deal_flop_without_burn",
    "report_missed_flop_burn",
    "report_stuck_flop_card",
    "wrong_card_count",
    "unposted_blind",
    "premature_stud_card",
    "boxed_card",
    "first_card_to_wrong_seat",
    "button_misplaced",
)


def make(game: str, players: int, seed: int, procedures: Procedures) -> Any:
    if game == "stud":
        stakes = Stakes.of("stud", "fixed_limit", ante=10, bring_in=20, small_bet=50,
                           big_bet=100)
    else:
        stakes = Stakes.of(game, "no_limit", small_blind=50, big_blind=100)
    table = Table(stakes, TableOptions(seats=9))
    for k in range(players):
        table.sit(k, f"P{k}", STACK)
    table.first_button = players - 1
    return Watch(LiveDeal(table, rng=random.Random(seed), procedures=procedures))


def report_call(live: Any, name: str, pick: int) -> Callable[[], object]:
    n = live.hand.n
    seat = pick % n
    calls: dict[str, Callable[[], object]] = {
        "deal_hole_card(exposed=True)": lambda: live.deal_hole_card(exposed=True),
        # The seat's first or second card, or its last (a stud seventh-street card).
        "expose_hole_card": lambda: live.expose_hole_card(
            seat, pick % 2 if pick % 3 else max(len(live.cards.hands[seat]) - 1, 0)),
        "deal_flop_with_extra_cards": lambda: live.deal_flop_with_extra_cards(1 + pick % 2),
        "wrong_card_count": lambda: live.wrong_card_count(seat, (1, 3)[pick % 2]),
        "unposted_blind": lambda: live.unposted_blind(seat, looked=bool(pick % 2)),
        "premature_stud_card": lambda: live.premature_stud_card(),
        "boxed_card": lambda: live.boxed_card(),
        "first_card_to_wrong_seat": lambda: live.first_card_to_wrong_seat(pick % 9),
        "button_misplaced": lambda: live.button_misplaced(pick % 9),
    }
    return calls[name] if name in calls else getattr(live, name)


def normal_step(live: Any, pick: int) -> None:
    hand = live.hand
    if hand.phase is Phase.DEALING:
        if pick % 2 and hand.legal_actions().deal_position is not None:
            live.deal_hole_card()
        else:
            live.deal()
        return
    legal = hand.legal_actions()
    if legal.bring_in is not None:
        live.act(BringIn() if pick % 2 or legal.min_raise_to is None
                 else BetRaise(legal.min_raise_to))
    elif pick % 7 == 0 and legal.fold:
        live.act(Fold())
    elif pick % 5 == 0 and legal.min_raise_to is not None:
        live.act(BetRaise(legal.min_raise_to))
    else:
        live.act(CheckCall())


@settings(max_examples=150, deadline=None)
@given(
    game=st.sampled_from(["holdem", "omaha", "stud"]),
    players=st.integers(2, 7),
    seed=st.integers(0, 2**32 - 1),
    procedures=st.sampled_from(PROCEDURES),
    picks=st.lists(st.integers(0, 10_000), min_size=10, max_size=120),
)
def test_I1_I9_T9_any_mix_of_reports_keeps_cards_and_chips(
    game: str, players: int, seed: int, procedures: Procedures, picks: list[int]
) -> None:
    live = make(game, players, seed, procedures)
    for pick in picks:
        if live.hand.is_over:
            live.finish()
            return
        if pick % 3:
            try:
                normal_step(live, pick)
            except IllegalActionError as err:
                assert err.reason == "short_stub_community_card", err  # RP-10-H B/C
                return
            continue
        name = REPORTS[pick // 3 % len(REPORTS)]
        allowed = live.allowed_reports()
        before = snapshot(live)
        try:
            report_call(live, name, pick // 50)()
        except IllegalActionError:
            assert snapshot(live) == before
        else:
            assert name in allowed, (name, allowed)
