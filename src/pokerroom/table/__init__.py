"""The table between hands: seats, button, blinds owed, new players; the live-table
assistant for dealer-assisted play."""

from pokerroom.table.draw import ButtonDraw, draw_for_button
from pokerroom.table.irregularities import LiveDeal
from pokerroom.table.options import ButtonMethod, Stakes, TableOptions
from pokerroom.table.placement import Positions
from pokerroom.table.plan import HandPlan
from pokerroom.table.player import Player, Status
from pokerroom.table.table import Table
from pokerroom.table.view import TableView

__all__ = [
    "ButtonDraw",
    "ButtonMethod",
    "HandPlan",
    "LiveDeal",
    "Player",
    "Positions",
    "Stakes",
    "Status",
    "Table",
    "TableOptions",
    "TableView",
    "draw_for_button",
]
