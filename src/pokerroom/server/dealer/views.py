"""What the dealer's tablet and the players' phones show of a game.

The dealer's state (:func:`dealer_state`) has everything the tablet needs: the step
(what to do now, with the legal sizes and the pots), the seats, the board entered,
the session's log and ledger.  The players' state (:func:`players_state`) is what
anyone at the table may follow on a phone: the stakes, stacks, bets, pots, the
button, whose turn it is and what each seat owes; never a card (the log, which names
the board and the hands shown, stays on the tablet).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerroom.cards import format_cards
from pokerroom.rules.legal import LegalActions
from pokerroom.server.tables.settlement import settle_up
from pokerroom.table.dealer_game import DealerGame
from pokerroom.table.player import Status

if TYPE_CHECKING:
    from pokerroom.server.dealer.room import DealerRun


def dealer_state(run: DealerRun) -> dict[str, Any]:
    """The tablet's state of ``run`` (see the module's docstring)."""
    game = run.game
    hand = game.table.hand
    board = [] if hand is None else [format_cards([c]) for c in hand.board]
    rulings = [{"rule": r.rule, "title": r.title, "text": r.text, "next": r.next}
               for r in game.floor.this_hand()]
    state = _common(run)
    plan = game.table.plan_in_play
    if hand is not None and plan is not None:  # the cards entered: up cards, hands shown
        for k, seat in enumerate(plan.seats):
            state["seats"][seat]["cards"] = [None if c is None else format_cards([c])
                                             for c in hand.hole[k]]
    return {**state, "board": board, "log": game.log[-40:], "rulings": rulings,
            "standings": standings(game), "view_code": run.view_code,
            "min_buy_in": game.table.options.min_buy_in,
            "max_buy_in": game.table.options.max_buy_in}


def players_state(run: DealerRun) -> dict[str, Any]:
    """What the players' phones show (see the module's docstring): no card, and the
    last hand's result without the dealer's instruction."""
    state = _common(run)
    state["result"] = state["result"].removesuffix(" Then start the next hand.")
    return state


def standings(game: DealerGame) -> dict[str, Any]:
    """Each player's money and the settle-up (who pays whom), the house's rake among
    them (:func:`~pokerroom.server.tables.settlement.settle_up`)."""
    rows = [{"name": s.name, "bought": s.bought, "cashed": s.cashed, "stack": s.stack,
             "net": s.net} for s in game.standings()]
    return settle_up(rows, game.rake, closed=False)


def _common(run: DealerRun) -> dict[str, Any]:
    game = run.game
    table, step = game.table, game.step()
    stakes = table.stakes
    hand, plan = table.hand, table.plan_in_play
    in_hand = {} if plan is None else {seat: k for k, seat in enumerate(plan.seats)}
    seats: list[dict[str, Any]] = []
    for seat, player in enumerate(table.players):
        if player is None:
            seats.append({"seat": seat, "name": None})
            continue
        k = in_hand.get(seat)
        row: dict[str, Any] = {
            "seat": seat, "name": player.name, "stack": player.stack,
            "status": player.status.value, "away": player.status is not Status.ACTIVE
            and player.status is not Status.NEW,
            "missed": [b for b, on in (("small", player.missed_small),
                                       ("big", player.missed_big)) if on],
            "in_hand": k is not None, "bet": 0, "folded": False, "all_in": False}
        if hand is not None and k is not None:
            row.update(stack=hand.stacks[k], bet=hand.bets[k], folded=hand.folded[k],
                       all_in=hand.stacks[k] == 0 and not hand.folded[k])
        seats.append(row)
    # The button of the hand in play, else of the next deal as the dealer is told it.
    positions = table.positions if plan is None else plan.positions
    button = None if positions is None else positions.button
    if plan is None and step.kind == "start":
        button = step.seat
    return {
        "id": run.id, "name": run.name, "version": run.version, "closed": run.closed,
        "game": {"name": stakes.game.name, "key": stakes.game.key,
                 "structure": stakes.structure.value, "small_blind": stakes.small_blind,
                 "big_blind": stakes.big_blind, "ante": stakes.ante,
                 "bring_in": stakes.bring_in, "small_bet": stakes.small_bet,
                 "big_bet": stakes.big_bet},
        "hands": game.hands, "in_hand": hand is not None,
        "button": button,
        "step": {"kind": step.kind, "text": step.text, "seat": step.seat,
                 "cards": step.cards, "up": step.up, "burn": step.burn,
                 "pots": [{"amount": amount, "seats": list(seats_in)}
                          for amount, seats_in in step.pots],
                 "legal": None if step.legal is None else legal_json(step.legal)},
        "pot": 0 if hand is None else hand.pot,
        "result": game.result, "seats": seats, "rake": game.rake,
    }


def legal_json(legal: LegalActions) -> dict[str, Any]:
    """The sizes the tablet offers for the player to act."""
    return {"fold": legal.fold, "check": legal.check, "call": legal.call,
            "min_raise_to": legal.min_raise_to, "max_raise_to": legal.max_raise_to,
            "bring_in": legal.bring_in, "max_discard": legal.max_discard}
