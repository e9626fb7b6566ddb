"""The engine's configuration of one deal, from the table's stakes, house options
and the plan of the deal (T1-T14, F3, F7, F10-F12, B9, S4, S10, S11)."""

from __future__ import annotations

from pokerroom.rules.config import HandConfig, Structure
from pokerroom.table.options import Stakes, TableOptions
from pokerroom.table.plan import HandPlan


def hand_config(stakes: Stakes, options: TableOptions, plan: HandPlan, *,
                stacks: tuple[int, ...], names: tuple[str, ...]) -> HandConfig:
    """The :class:`~pokerroom.rules.config.HandConfig` of the deal ``plan`` describes,
    with the players' ``stacks`` and ``names`` by position (a kill blind multiplies
    the bets by ``plan.factor``, F12)."""
    factor = plan.factor
    structure = stakes.structure
    if structure in (Structure.NO_LIMIT, Structure.POT_LIMIT):
        min_bet = int(stakes.big_blind * factor)
    else:
        min_bet = stakes.big_blind if structure is Structure.SPREAD_LIMIT else 0
    return HandConfig(
        variant=stakes.game,
        structure=structure,
        stacks=stacks,
        antes=plan.antes,
        blinds=plan.blinds,
        posts=plan.posts,
        dead=plan.dead,
        unposted_blinds=0 if plan.bomb_pot else plan.unposted,  # B7, TDA 54-B
        bring_in=stakes.bring_in,
        min_bet=min_bet,
        max_bet=stakes.max_bet,
        small_bet=int(stakes.small_bet * factor),
        big_bet=int(stakes.big_bet * factor),
        raise_cap=stakes.raise_cap,
        open_pair_double=stakes.open_pair_double,
        full_bring_in=stakes.full_bring_in,
        limit_short_raise=stakes.limit_short_raise,
        names=names,
        bba_order=options.bba_order,
        chip_unit=options.chip_unit,
        rake_percent=options.rake_percent,
        rake_cap=options.rake_cap,
        no_flop_no_drop=options.no_flop_no_drop,
        run_it_twice=options.run_it_twice and not options.tournament,
        auto_showdown=options.auto_showdown,
    )
