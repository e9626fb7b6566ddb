"""The tournament holds its books (issue 23): each book owns its state, no module of
the package reads another object's private attributes, the books do not import the
tournament, and a pickled tournament (the room's saved engine) plays on exactly as
the one it was taken from."""

from __future__ import annotations

import ast
import dataclasses
import pickle
import random
import re
from pathlib import Path

from pokerroom.bots import Policy
from pokerroom.errors import IllegalActionError
from pokerroom.tournament import Rebuy, Tournament, structure
from pokerroom.tournament.simulate import make_bot, play_hand

PACKAGE = Path(__file__).parents[2] / "src" / "pokerroom" / "tournament"
BOOKS = ("roster", "busts", "cashier", "conduct", "hands", "reports", "structure_edits")


def test_no_module_reads_another_objects_private_attributes() -> None:
    private = re.compile(r"\b(?!self\b|cls\b)[A-Za-z_]\w*\._[a-z]\w*")
    found = [f"{path.name}:{n}: {line.strip()}"
             for path in sorted(PACKAGE.glob("*.py"))
             for n, line in enumerate(path.read_text().splitlines(), 1)
             if private.search(line)]
    assert found == []


def test_the_books_do_not_import_the_tournament() -> None:
    for name in BOOKS:
        tree = ast.parse((PACKAGE / f"{name}.py").read_text())
        imported = {node.module for node in ast.walk(tree)
                    if isinstance(node, ast.ImportFrom) and node.module}
        imported |= {f"{node.module}.{a.name}" for node in ast.walk(tree)
                     if isinstance(node, ast.ImportFrom) and node.module for a in node.names}
        assert "pokerroom.tournament.tournament" not in imported, name


def _play_round(t: Tournament, bots: dict[str, Policy], decide: random.Random) -> int:
    """Every table deals one hand (rebuys taken or declined at random); the clock
    moves on.  Returns how many players wait on a rebuy decision at the end."""
    for number in sorted(t.floor.tables):
        if t.finished or number not in t.floor.tables or t.clock.on_break:
            continue
        try:
            play_hand(t, number, bots)
        except IllegalActionError:
            continue  # a table the floor holds up
        for entry in t.finish_hand(number).busted:
            if t.entries[entry].deciding_rebuy and decide.random() < 0.5:
                t.rebuy(entry)
    if not t.finished:
        t.advance(120)
        while t.clock.on_break:
            t.advance(t.clock.time_left or 120)
    return sum(e.deciding_rebuy for e in t.entries.values())


def test_a_pickled_tournament_plays_on_as_the_one_it_was_taken_from() -> None:
    s = dataclasses.replace(structure("turbo"), rebuy=Rebuy(chips=5000, price=100,
                                                           last_level=6))
    t = Tournament(s, rng=random.Random(23))
    names = [f"p{i:02d}" for i in range(24)]
    for name in names:
        t.register(name)
    t.start()

    def bots() -> dict[str, Policy]:
        rng = random.Random(5)
        return {name: make_bot("random", rng) for name in names}

    playing, decide = bots(), random.Random(9)
    while _play_round(t, playing, decide) == 0:  # saved with a rebuy decision pending
        assert not t.finished
    copy = pickle.loads(pickle.dumps(t, protocol=pickle.HIGHEST_PROTOCOL))
    assert copy.log == t.log and copy.stacks() == t.stacks()
    assert copy.busts.deciding_groups() == t.busts.deciding_groups() != []
    # the books share their collaborators as before
    assert copy.cashier.busts is copy.busts and copy.busts.roster is copy.roster
    assert copy.hands.floor is copy.floor and copy.reports.h4h is copy.h4h

    copied_bots, copied_decide = pickle.loads(pickle.dumps((playing, decide)))
    for game, game_bots, game_decide in ((t, playing, decide),
                                         (copy, copied_bots, copied_decide)):
        rounds = 0
        while not game.finished:
            _play_round(game, game_bots, game_decide)
            rounds += 1
            assert rounds < 2000
    assert copy.log == t.log and len(t.log) > 100
    assert copy.results() == t.results()
    assert (copy.rebuys, copy.chips_expected) == (t.rebuys, t.chips_expected)
