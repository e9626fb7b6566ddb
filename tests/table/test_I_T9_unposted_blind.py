"""T9 (RR Button and Blind Use 10, LVH B23): a player who owes a blind is dealt in
without posting.  Six players in table seats 0-5, button on 5: position k is table
seat k; seat 2 is first to act, and the next deal's big blind is seat 2."""

from __future__ import annotations

from pokerroom.rules import CheckCall, Fold
from pokerroom.table.irregularity_records import BlindOwed, HandDead, Misdeal
from tests.table.test_I0_live_deal import assert_refused, holdem, of, play_out, stud


def test_T9_looked_and_not_acted_the_hand_is_dead_and_the_blind_is_posted_next_deal() -> None:
    live = holdem(6)
    live.deal()
    live.act(CheckCall())  # seat 2 calls; seat 3 looks, and it is found she owes a blind
    live.unposted_blind(3, looked=True)
    dead = of(live.records, HandDead)[0]
    assert (dead.rule, dead.position) == ("T9", 3) and live.hand.folded[3]
    owed = of(live.records, BlindOwed)[0]
    assert (owed.rule, owed.position, owed.seat) == ("T9", 3, 3)
    assert live.census().hands[3] == ()
    play_out(live)
    live.finish()
    player = live.table.players[3]
    assert player.owes_blind_next and player.stack == 10_000  # she put nothing in
    plan = live.table.plan()
    assert plan.posts[plan.position_of(3)] == 100
    live.table.start_hand(manual=True)
    assert live.table.hand.config.posts[plan.position_of(3)] == 100


def test_T9_at_a_table_with_seat_0_empty_the_record_and_the_note_name_the_right_seat() -> None:
    """T9 where seat and position differ: A-F sit in seats 1-6 of nine (seat 0 empty),
    the button on seat 6, so seat 4 (D) is position 3.  The dealer reports seat 4: the
    record keeps both numbers, the note names the seat people see (seat 5) and the
    player, and it is D, in seat 4, who posts on the next deal."""
    live = holdem(6, first_seat=1)
    live.deal()
    live.act(CheckCall())  # position 2 (seat 3, C) calls; D looked and owes a blind
    position = live.plan.position_of(4)
    assert position == 3
    live.unposted_blind(position, looked=True)
    owed = of(live.records, BlindOwed)[0]
    assert (owed.position, owed.seat) == (3, 4)
    assert owed.note.startswith("seat 5 (D) owed a blind")
    assert of(live.records, HandDead)[0].note.startswith("seat 5 (D)'s hand is dead")
    play_out(live)
    live.finish()
    assert live.table.players[4].owes_blind_next
    assert not any(p.owes_blind_next for s, p in enumerate(live.table.players)
                   if p is not None and s != 4)


def test_T9_found_out_of_turn_the_hand_is_dead_at_once_and_seat_2_still_acts() -> None:
    """RR 10: seat 4 looked before posting the blind it owed; found while seat 2 is to
    act, its hand is dead at once (the engine's kill works out of turn) and the action
    then passes it by."""
    live = holdem(6)
    live.deal()
    live.unposted_blind(4, looked=True)
    dead = of(live.records, HandDead)[0]
    assert (dead.rule, dead.position) == ("T9", 4) and live.hand.folded[4]
    assert of(live.records, BlindOwed)[0].position == 4
    assert live.hand.actor == 2
    live.act(CheckCall())  # seat 2
    live.act(Fold())  # seat 3
    assert live.hand.actor == 5  # seat 4's dead hand is passed by


def test_T9_acted_the_hand_is_live_and_posts_next_deal() -> None:
    live = holdem(6)
    live.deal()
    live.act(CheckCall())
    live.act(CheckCall())  # seat 3 calls before the error is found
    live.unposted_blind(3, looked=True)
    assert not of(live.records, HandDead) and not live.hand.folded[3]
    assert "live" in of(live.records, BlindOwed)[0].note
    play_out(live)
    live.finish()
    assert live.table.players[3].owes_blind_next
    plan = live.table.plan()
    assert plan.posts[plan.position_of(3)] == 100


def test_T9_not_looked_stays_live_and_posts_next_deal() -> None:
    live = holdem(6)
    live.deal()
    live.unposted_blind(4, looked=False)
    assert not live.hand.folded[4]
    play_out(live)
    live.finish()
    assert live.table.players[4].owes_blind_next


def test_T9_a_misdeal_after_the_report_lets_the_redeal_take_the_blind() -> None:
    live = holdem(6)
    live.deal()
    live.act(Fold())  # one action: not substantial
    live.unposted_blind(4, looked=False)
    live.wrong_card_count(5, 1)  # I7 before substantial action: misdeal
    assert of(live.records, Misdeal)
    assert live.hand.config.posts[4] == 100  # she posts in the redeal
    live.deal()
    play_out(live)
    live.finish()
    assert not live.table.players[4].owes_blind_next  # posted: nothing more owed


def test_T9_impossible_reports() -> None:
    live = holdem(6)
    assert_refused(live, lambda: live.unposted_blind(3, looked=True), "no_unposted_blind")
    live.deal()
    err = assert_refused(live, lambda: live.unposted_blind(0, looked=False), "no_unposted_blind")
    assert "posted" in str(err)  # the small blind
    seven = stud(3)
    seven.deal()
    assert_refused(seven, lambda: seven.unposted_blind(0, looked=True), "no_unposted_blind")
