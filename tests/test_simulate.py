"""``pokerroom simulate``: results depend only on the seed and chunk size, whether the
chunks run in one process, on local cores, or on a (local) Ray instance."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokerroom.cli import main
from pokerroom.errors import ConfigError
from pokerroom.history.replay import check_paths
from pokerroom.simulate import SimulationSpec, simulate

SPEC = SimulationSpec(hands=240, chunk=60, seed=11,
                      bots=("tag", "random", "station", "random"))


def test_serial_and_multiprocessing_give_identical_results() -> None:
    serial = simulate(SPEC, workers=1)
    parallel = simulate(SPEC, workers=2)
    assert serial.as_dict() == parallel.as_dict()
    assert serial.hands == 240
    assert sum(serial.net) == 0  # chips only change hands (no rake)


def test_ray_local_gives_the_same_results_as_local_processes() -> None:
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


def test_tournaments_are_identical_serially_in_processes_and_on_ray() -> None:
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
    assert main(["simulate", "--tournaments", "1", "--tournament-structure", "nope"]) == 2
