"""``pokerroom play``: one person against bots at a terminal table.

The screen is drawn with rich (tables and panels, no cursor tricks), so it also
works in a plain pipe.  Input and output are injectable for tests.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from pokerroom.bots import BOTS, DEFAULT_BOT, Policy
from pokerroom.cards import Deck, format_cards
from pokerroom.errors import IllegalActionError, PokerError
from pokerroom.history.narrate import narrate
from pokerroom.rules import events as ev
from pokerroom.rules.actions import Action, BetRaise, BringIn, CheckCall, Discard, Fold, Show
from pokerroom.rules.config import Structure
from pokerroom.rules.engine import Hand, Phase
from pokerroom.rules.variants import variant
from pokerroom.table import Stakes, Status, Table, TableOptions

SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
SUIT_STYLE = {"c": "green", "d": "blue", "h": "red", "s": "white"}
HELP = (
    "f = fold, c = check/call, r N = bet/raise to N, a = all-in, b = bring-in, "
    "d CARDS = discard (d alone stands pat), h = this help, q = quit"
)


@dataclass(frozen=True, slots=True)
class PlaySettings:
    game: str = "holdem"
    structure: str = "no_limit"
    small_blind: int = 1
    big_blind: int = 2
    stack: int = 200
    bots: int = 5
    bot: str = DEFAULT_BOT
    seed: int | None = None
    hands: int | None = None
    name: str = "You"


def card_text(card: int) -> str:
    """One card with its suit's symbol: ``"K♥"``."""
    s = format_cards([card])
    return s[0] + SUIT_SYMBOLS[s[1]]


def symbol_cards(cards: Sequence[int | None]) -> str:
    """Cards as the table shows them, in plain text: ``"K♥ 8♦ 2♠"`` (``??`` unknown)."""
    return " ".join("??" if c is None else card_text(c) for c in cards)


def pretty_cards(cards: Sequence[int | None], *, up: Sequence[bool] | None = None) -> Text:
    """Cards in colour; with ``up`` (stud, the player's own hand), the face-up
    cards between brackets: ``9♣ 4♦ [K♥]``."""
    text = Text()
    for i, c in enumerate(cards):
        if c is None:
            text.append("?? ", style="dim")
            continue
        s = format_cards([c])
        face = card_text(c)
        if up is not None and i < len(up) and up[i]:
            face = f"[{face}]"
        text.append(face + " ", style=f"bold {SUIT_STYLE[s[1]]}")
    return text


class TerminalGame:
    """The loop: deal, let bots act, ask the human, show the result, repeat."""

    def __init__(
        self,
        settings: PlaySettings,
        *,
        console: Console | None = None,
        ask: Callable[[str], str] | None = None,
    ) -> None:
        self.settings = settings
        self.console = console or Console()
        self.ask = ask or (lambda prompt: self.console.input(prompt))
        self.rng = random.Random(settings.seed)
        structure = Structure(settings.structure)
        if variant(settings.game).is_stud:
            stakes = Stakes.of(settings.game, structure, ante=settings.small_blind,
                               bring_in=settings.small_blind, small_bet=settings.big_blind,
                               big_bet=2 * settings.big_blind)
        else:
            stakes = Stakes.of(settings.game, structure, small_blind=settings.small_blind,
                               big_blind=settings.big_blind)
        seats = settings.bots + 1
        self.table = Table(stakes, TableOptions(seats=seats))
        self.table.sit(0, settings.name, settings.stack)
        self.bots: dict[int, Policy] = {}
        for seat in range(1, seats):
            self.table.sit(seat, f"Bot {seat}", settings.stack)
            self.bots[seat] = BOTS[settings.bot](self.rng)
        if not stakes.game.is_stud:
            draw = self.table.draw_for_button(Deck(rng=self.rng))
            names = ", ".join(f"{self._name(s)} {c}" for s, c in draw.cards)
            self.console.print(f"Draw for the button: {names}. "
                               f"[bold]{self._name(draw.winner)}[/] has the button.")

    def _name(self, seat: int) -> str:
        player = self.table.players[seat]
        return player.name if player else f"seat {seat + 1}"

    # ------------------------------------------------------------ drawing

    def render(self, hand: Hand | None, *, reveal: bool = False) -> None:
        table, plan = self.table, self.table.plan_in_play
        grid = RichTable(title=f"{table.stakes.game.name} - {table.stakes.structure.value}",
                         expand=False)
        for column in ("seat", "player", "stack", "bet", "cards", "notes"):
            grid.add_column(column)
        for seat, player in enumerate(table.players):
            if player is None:
                continue
            marks: list[str] = []
            bet = ""
            cards = Text("")
            if hand is not None and plan is not None and seat in plan.seats:
                k = plan.position_of(seat)
                positions = plan.positions
                if positions is not None and not table.stakes.game.is_stud:
                    if seat == positions.button:
                        marks.append("button")
                    if seat == positions.small_blind:
                        marks.append("SB")
                    if seat == positions.big_blind:
                        marks.append("BB")
                if seat == table.to_act:
                    marks.append("[bold yellow]to act[/]")
                if hand.folded[k]:
                    marks.append("folded")
                stack = hand.stacks[k]
                bet = str(hand.bets[k]) if hand.bets[k] else ""
                visible = seat == 0 or reveal or hand.exposed[k]
                shown = [c if visible or hand.up[k][i] else None
                         for i, c in enumerate(hand.hole[k])]
                # Stud: the cards the others see are marked in the player's own hand.
                mark = hand.up[k] if table.stakes.game.is_stud and visible else None
                cards = pretty_cards(shown, up=mark)
            else:
                stack = player.stack
                if player.status is not Status.ACTIVE:
                    marks.append(player.status.value.replace("_", " "))
            if player.owes:
                marks.append("owes blinds")
            grid.add_row(str(seat), player.name, str(stack), bet, cards, " ".join(marks))
        self.console.print(grid)
        if hand is not None:
            if table.stakes.game.is_stud:
                line = Text(f"Pot: {hand.pot}   (your up cards are in [brackets])")
            elif table.stakes.game.is_draw:
                line = Text(f"Pot: {hand.pot}")
            else:
                line = Text("Board: ")
                line.append_text(pretty_cards(hand.board) if hand.board else Text("-"))
                line.append(f"   Pot: {hand.pot}")
            self.console.print(line)

    # ------------------------------------------------------------- acting

    def _human_action(self, hand: Hand) -> Action | None:
        legal = hand.legal_actions()
        while True:
            options = re.sub(r"^(?:seat|position) \d+ may ", "", legal.describe())
            self.console.print(f"[bold]Your turn[/]: you may {options}  (h for help)")
            raw = self.ask("> ").strip().lower()
            if raw in ("q", "quit"):
                return None
            if raw in ("h", "help", "?"):
                self.console.print(HELP)
                continue
            try:
                return self._parse(raw, hand)
            except (PokerError, ValueError) as exc:
                # One line: what was wrong; the prompt again says what is allowed.
                self.console.print(Text(str(exc), style="red"))

    def _parse(self, raw: str, hand: Hand) -> Action:
        """The person's answer as an action the hand allows now, or a ValueError
        saying in one line what was wrong."""
        legal = hand.legal_actions()
        word, _, rest = raw.partition(" ")
        rest = rest.strip()
        if legal.phase is Phase.SHOWDOWN:
            return Show()
        if word in ("d", "discard", "p", "pat"):
            if not legal.max_discard and legal.phase is not Phase.DRAWING:
                raise ValueError("there is no draw now: d discards only when it is your draw")
            from pokerroom.cards import parse_cards

            return Discard(tuple(parse_cards(rest)) if rest else ())
        if word in ("f", "fold"):
            return Fold()
        if word in ("c", "k", "check", "call", ""):
            return CheckCall()
        if word in ("b", "bring-in"):
            if legal.bring_in is None:
                raise ValueError("no bring-in is due from you now (b is for the low card "
                                 "on third street in stud)")
            return BringIn()
        if word in ("a", "allin", "all-in"):
            if legal.max_raise_to is None:
                return CheckCall()
            return BetRaise(legal.max_raise_to)
        if word in ("r", "raise", "bet"):
            return BetRaise(self._amount(rest, legal.min_raise_to, legal.max_raise_to))
        raise ValueError(f"unknown action {raw!r}: type h for the list")

    @staticmethod
    def _amount(text: str, least: int | None, most: int | None) -> int:
        """The chips of "r N", checked against what the hand allows."""
        if least is None or most is None:
            raise ValueError("you cannot bet or raise now")
        allowed = f"{least}" if least == most else f"{least} to {most}"
        if not text:
            raise ValueError(f"r needs an amount (r N bets or raises to N chips): "
                             f"you may bet/raise to {allowed}")
        if not text.isdigit():
            raise ValueError(f"{text!r} is not a whole number of chips: "
                             f"you may bet/raise to {allowed}")
        amount = int(text)
        if not least <= amount <= most:
            raise ValueError(f"you may bet/raise to {allowed}, not {amount}")
        return amount

    def play_hand(self) -> bool:
        """Play one hand; False when the person quits."""
        table = self.table
        hand = table.start_hand(Deck(rng=self.rng, cards=table.stakes.game.deck))
        plan = table.plan_in_play
        assert plan is not None
        seen = 0
        self.render(hand)
        while not hand.is_over:
            seen = self._print_events(hand, seen)
            seat = table.to_act
            assert seat is not None
            if seat == 0:
                self.render(hand)
                action = self._human_action(hand)
                if action is None:
                    return False
            else:
                action = self.bots[seat].decide(hand.view(plan.position_of(seat)))
            try:
                table.act(seat, action)
            except IllegalActionError as exc:
                # The engine's refusal ends with what is allowed, which the prompt
                # says again: the person gets the first half, in one line.
                why = str(exc).partition(" is not allowed: ")[0]
                self.console.print(Text(f"{why} is not allowed", style="red"))
        self._print_events(hand, seen)
        self.render(hand, reveal=False)
        table.finish_hand()
        return True

    def _print_events(self, hand: Hand, seen: int) -> int:
        plan = self.table.plan_in_play
        assert plan is not None

        def who(k: int) -> str:
            return self._name(plan.seat_at(k))

        for event in hand.events[seen:]:
            if event.audience is not None:
                continue
            you = plan.position_of(0) if 0 in plan.seats else None
            line = narrate(event, who, hand=hand, you=you, cards=symbol_cards)
            if line is None:
                continue
            if isinstance(event, ev.PotAwarded):
                line = f"[bold green]{line}[/]"
            self.console.print(line)
        return len(hand.events)

    def run(self) -> int:
        hands = 0
        while self.settings.hands is None or hands < self.settings.hands:
            me = self.table.players[0]
            assert me is not None
            if me.stack == 0:
                self.console.print("You are out of chips. Thanks for playing!")
                break
            ready = [p for p in self.table.players if p is not None and p.present]
            if len(ready) < 2:
                self.console.print("Everyone else is out of chips. You win the table!")
                break
            self.console.rule(f"Hand {self.table.hands_dealt + 1}")
            if not self.play_hand():
                break
            hands += 1
            for seat, bot in self.bots.items():
                player = self.table.players[seat]
                if player is not None and player.stack == 0 and bot is not None:
                    self.table.rebuy(seat, self.settings.stack)
                    self.console.print(f"{player.name} rebuys for {self.settings.stack}")
            if self.settings.hands is None:
                answer = self.ask("Enter for the next hand, q to quit: ").strip().lower()
                if answer.startswith("q"):
                    break
        self.console.print(Panel(f"Hands played: {hands}. Your stack: "
                                 f"{self.table.players[0].stack if self.table.players[0] else 0}"))
        return 0
