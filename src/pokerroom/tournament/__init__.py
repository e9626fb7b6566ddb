"""Tournaments: structures and the clock, seating and balancing, hand-for-hand,
finishing places and payouts, chip races, ICM deals and mixed-game rotations
(catalogue P1-P10).

The library never reads the clock or the global random module: the room passes
time to :meth:`Tournament.advance` and a ``random.Random`` to the tournament.
"""

from pokerroom.tournament.builtin import STRUCTURES, structure
from pokerroom.tournament.chip_race import ChipRace, chip_race
from pokerroom.tournament.clock import Clock
from pokerroom.tournament.display import ClockView, clock_view
from pokerroom.tournament.entries import Entry
from pokerroom.tournament.games import GAMES, ROTATIONS, Game, game, rotation, stakes_for
from pokerroom.tournament.house_rules import HouseRules
from pokerroom.tournament.icm import DealSuggestion, finish_probabilities, icm_equity, suggest_deal
from pokerroom.tournament.live import Instruction, LiveEvent, LiveReport
from pokerroom.tournament.mixed import GameSwitcher, MixedGame
from pokerroom.tournament.payouts import (
    PAYOUT_TABLES,
    PayoutTable,
    custom_payout_table,
    payout_table,
    payouts,
    prize_pool,
    split_evenly,
)
from pokerroom.tournament.places import Bust, Eliminations, Finish
from pokerroom.tournament.structure import AddOn, Break, FloorOptions, Level, Rebuy, Structure
from pokerroom.tournament.tables import TournamentTable
from pokerroom.tournament.tournament import HandResult, Tournament

__all__ = [
    "GAMES",
    "PAYOUT_TABLES",
    "ROTATIONS",
    "STRUCTURES",
    "AddOn",
    "Break",
    "Bust",
    "ChipRace",
    "Clock",
    "ClockView",
    "DealSuggestion",
    "Eliminations",
    "Entry",
    "Finish",
    "FloorOptions",
    "Game",
    "GameSwitcher",
    "HandResult",
    "HouseRules",
    "Instruction",
    "Level",
    "LiveEvent",
    "LiveReport",
    "MixedGame",
    "PayoutTable",
    "Rebuy",
    "Structure",
    "Tournament",
    "TournamentTable",
    "chip_race",
    "clock_view",
    "custom_payout_table",
    "finish_probabilities",
    "game",
    "icm_equity",
    "payout_table",
    "payouts",
    "prize_pool",
    "rotation",
    "split_evenly",
    "stakes_for",
    "structure",
    "suggest_deal",
]
