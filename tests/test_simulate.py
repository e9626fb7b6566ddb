"""``pokerroom simulate``: results depend only on the seed and chunk size, whether the
chunks run in one process, on local cores, or on a (local) Ray instance."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from pokerroom.cli import main
from pokerroom.errors import ConfigError
from pokerroom.history.replay import check_paths
from pokerroom.simulate import SimulationSpec, simulate

SPEC = SimulationSpec(hands=240, chunk=60, seed=11,
                      bots=("tag", "random", "station", "random"))


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One local Ray instance for this module's Ray tests (starting one takes most of
    such a test's time): started as ``ray_address="local"`` starts it, which
    :func:`simulate` and :func:`simulate_tournaments` then use and leave running."""
    import ray

    ray.init(num_cpus=os.cpu_count(), include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_serial_and_multiprocessing_give_identical_results() -> None:
    serial = simulate(SPEC, workers=1)
    parallel = simulate(SPEC, workers=2)
    assert serial.as_dict() == parallel.as_dict()
    assert serial.hands == 240
    assert sum(serial.net) == 0  # chips only change hands (no rake)


def test_ray_local_gives_the_same_results_as_local_processes(local_ray: None) -> None:
    local = simulate(SPEC, workers=2)
    on_ray = simulate(SPEC, ray_address="local")
    assert on_ray.as_dict() == local.as_dict()


def test_hand_histories_are_written_and_replay(tmp_path: Path) -> None:
    spec = SimulationSpec(hands=50, chunk=25, seed=2, out=str(tmp_path), game="omaha",
                          structure="pot_limit", bots=("tag", "random", "station"))
    summary = simulate(spec, workers=1)
    assert len(summary.files) == 2
    results = list(check_paths([tmp_path]))
    assert len(results) == 50 and all(r.ok for r in results)


@pytest.mark.parametrize("game,structure", [("stud", "fixed_limit"), ("razz", "fixed_limit"),
                                            ("badugi", "fixed_limit"),
                                            ("deuce_seven_single", "no_limit")])
def test_other_games_simulate(game: str, structure: str) -> None:
    spec = SimulationSpec(hands=40, chunk=40, seed=5, game=game, structure=structure,
                          bots=("tag", "random", "station", "random"))
    summary = simulate(spec, workers=1)
    assert summary.hands == 40 and sum(summary.net) == 0


def test_bad_specs_are_clear() -> None:
    with pytest.raises(ConfigError, match="unknown bot 'shark'"):
        SimulationSpec(bots=("tag", "shark"))
    with pytest.raises(ConfigError, match="2-9 bots"):
        SimulationSpec(bots=("tag",))


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "30", "--chunk", "30", "--workers", "1",
                 "--bots", "tag,station", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 30 and len(data["net"]) == 2
    assert main(["simulate", "--bots", "tag"]) == 2


def test_tournaments_are_identical_serially_in_processes_and_on_ray(local_ray: None) -> None:
    """Whole bot tournaments (every floor invariant checked as they run) give the same
    results in one process, on local cores and on a local Ray instance."""
    from pokerroom.simulate import TournamentSpec, simulate_tournaments

    spec = TournamentSpec(count=2, players=24, structure="turbo", seed=9)
    serial = simulate_tournaments(spec, workers=1)
    assert simulate_tournaments(spec, workers=2) == serial
    assert simulate_tournaments(spec, ray_address="local") == serial
    assert all(r.hands > 0 and r.winner for r in serial)


def test_cli_tournaments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--tournaments", "1", "--players", "12", "--workers", "1",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data) == 1 and data[0]["hands"] > 0
    policies = data[0]["policies"]
    assert sum(p["entries"] for p in policies) == 12 and sum(p["won"] for p in policies) == 1
    assert sum(p["prizes"] for p in policies) == data[0]["prize_pool"]
    assert main(["simulate", "--tournaments", "1", "--tournament-structure", "nope"]) == 2


def test_cli_tournaments_end_with_a_table_per_policy(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 28: events won, money and ROI per policy, summed over the tournaments."""
    from pokerroom.simulate import TournamentSpec, policy_totals, simulate_tournaments

    assert main(["simulate", "--tournaments", "2", "--players", "12", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "events won" in out and "ROI" in out
    totals = policy_totals(simulate_tournaments(TournamentSpec(count=2, players=12),
                                                workers=1))
    assert sum(p.won for p in totals) == 2 and sum(p.entries for p in totals) == 24
    for p in totals:
        assert p.policy in out and f"{p.net:+d}" in out
        assert p.roi is not None and f"{p.roi:+.0%}" in out


# ------------------------------------------------- games, structures and PHH (issue 12)


@pytest.mark.parametrize(("game", "structure"), [
    ("holdem", "no_limit"), ("short_deck", "no_limit"), ("omaha", "pot_limit"),
    ("omaha_hilo", "fixed_limit"), ("stud", "fixed_limit"), ("stud_hilo", "fixed_limit"),
    ("razz", "fixed_limit"), ("deuce_seven_triple", "fixed_limit"),
    ("deuce_seven_single", "no_limit"), ("badugi", "fixed_limit"),
])
def test_each_game_is_played_in_its_standard_structure_by_default(
    game: str, structure: str
) -> None:
    spec = SimulationSpec(game=game, hands=10, chunk=10)
    assert (spec.game, spec.structure) == (game, structure)


def test_every_game_has_a_standard_structure() -> None:
    from pokerroom.rules.variants import VARIANTS
    from pokerroom.simulate import STANDARD_STRUCTURES

    assert set(STANDARD_STRUCTURES) == set(VARIANTS)


@pytest.mark.parametrize("code", ["NT", "NS", "FT", "PO", "FO/8", "F7S", "F7S/8", "FR",
                                  "N2L1D", "F2L3D", "FB"])
def test_every_PHH_code_is_a_game_whose_hands_are_written_in_it_and_replay(
    code: str, tmp_path: Path
) -> None:
    """A PHH code names the game and its structure; every hand is written, in
    that code, and replays to the stacks the engine gave."""
    spec = SimulationSpec(game=code, hands=12, chunk=6, seed=3, out=str(tmp_path),
                          bots=("tag", "random", "station"))
    summary = simulate(spec, workers=1)
    assert summary.written == 12 and summary.unwritten == {}
    assert len(summary.files) == 2
    results = list(check_paths([tmp_path]))
    assert len(results) == 12 and all(r.ok for r in results)
    assert {r.variant for r in results} == {code}
    assert SimulationSpec(game=code.lower()).game == spec.game  # any case


@pytest.mark.parametrize(("game", "structure", "bots", "message"), [
    ("omaha", "no_limit", 3, "PHH has no variant code for Omaha played no limit"),
    ("omaha5", None, 3, "PHH has no variant code for five-card Omaha"),
    ("badugi", "no_limit", 3, "PHH has no variant code for badugi played no limit"),
    ("deuce_seven_triple", "pot_limit", 3, "PHH has no variant code"),
    ("stud", "no_limit", 3, "PHH has no variant code for seven-card stud"),
    ("stud", None, 7, "seventh street"),
    ("razz", None, 8, "seventh street"),
])
def test_what_PHH_cannot_express_is_refused_before_any_hand(
    game: str, structure: str | None, bots: int, message: str, tmp_path: Path
) -> None:
    """No code in the PHH specification (pokerroom's own NO and the like are
    not written), or a stud table whose seventh street can run short (I9)."""
    out = tmp_path / "hands"
    with pytest.raises(ConfigError, match=message):
        SimulationSpec(game=game, structure=structure, bots=("station",) * bots,
                       out=str(out))
    assert not out.exists()
    SimulationSpec(game=game, structure=structure, bots=("station",) * bots)  # fine unwritten


def test_unknown_games_and_mismatched_codes_are_refused() -> None:
    with pytest.raises(ConfigError, match=r"unknown game 'poker'; games: holdem, .* PHH codes: NT"):
        SimulationSpec(game="poker")
    with pytest.raises(ConfigError, match="PO is Omaha played pot limit, not no limit"):
        SimulationSpec(game="PO", structure="no_limit")
    assert SimulationSpec(game="PO", structure="pot_limit").structure == "pot_limit"


def test_what_the_table_cannot_deal_is_refused_before_any_hand() -> None:
    with pytest.raises(ConfigError, match="9 players need 59 cards"):
        SimulationSpec(game="omaha6", bots=("tag",) * 9)
    with pytest.raises(ConfigError, match="seven-card stud deals at most 8"):  # I9
        SimulationSpec(game="stud", bots=("tag",) * 9)


@pytest.mark.parametrize("game", ["stud", "razz"])
def test_big_bet_stud_plays_without_writing(game: str) -> None:
    spec = SimulationSpec(game=game, structure="pot_limit", hands=30, chunk=30,
                          bots=("tag", "random", "station"))
    summary = simulate(spec, workers=1)
    assert summary.hands == 30 and sum(summary.net) == 0
    assert summary.as_dict()["phh_variant"] is None


def test_hands_PHH_cannot_write_are_counted_never_dropped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hand to_phh refuses is counted with its reason; a chunk with no hand
    written leaves no (empty) file."""
    import pokerroom.simulate as module

    real = module.to_phh

    def some_refused(hand: object, **kw: object) -> object:
        if kw["extra"]["hand"] % 3 == 0:  # type: ignore[index]
            raise ConfigError("PHH cannot express this one")
        return real(hand, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(module, "to_phh", some_refused)
    spec = SimulationSpec(hands=20, chunk=10, seed=4, out=str(tmp_path),
                          bots=("tag", "station"))
    summary = simulate(spec, workers=1)
    # Chunk 0 (hands 1-10): 3, 6, 9 refused; chunk 1 (hands 1-10 of its own): the same.
    assert summary.written == 14
    assert summary.unwritten == {"PHH cannot express this one": 6}
    assert summary.as_dict()["hands_not_written"] == {"PHH cannot express this one": 6}
    assert len(list(check_paths([tmp_path]))) == 14

    def refused(hand: object, **kw: object) -> object:
        raise ConfigError("never")

    monkeypatch.setattr(module, "to_phh", refused)
    empty = tmp_path / "none"
    summary = simulate(SimulationSpec(hands=5, chunk=5, out=str(empty),
                                      bots=("tag", "station")), workers=1)
    assert summary.written == 0 and summary.unwritten == {"never": 5}
    assert summary.files == [] and not empty.exists()


def test_doctests() -> None:
    import doctest

    import pokerroom.simulate as module

    assert doctest.testmod(module).failed == 0
