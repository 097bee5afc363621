"""``migong lab``: it opens on a maze being made, with the solver (and the wall follower's
``--hand``) asked for; a bad ``--hand`` is one error line and exit code 2."""

from __future__ import annotations

from typing import Any

import pytest

from game.cli import main
from game.play.routes import OpenLab


@pytest.mark.parametrize(("argv", "message"), [
    (("--hand", "right"), "--hand only applies to --solver wall-follower (got bfs)"),
    (("--solver", "wall-follower", "--hand", "up"), "--hand must be left or right, got 'up'"),
])
def test_a_bad_hand_is_one_error_line_and_exit_2(
        capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str) -> None:
    assert main(["lab", "--size", "11x11", *argv]) == 2
    assert capsys.readouterr().err.splitlines() == [f"migong: error: {message}"]


@pytest.mark.parametrize(("argv", "solver"), [
    (("--solver", "wall-follower", "--hand", "right"), "wall-follower:right"),
    (("--solver", "wall-follower", "--hand", "left"), "wall-follower"),
    (("--solver", "tremaux", "--algorithm", "eller"), "tremaux"),
])
def test_the_lab_opens_with_the_solver_and_hand_asked_for(
        monkeypatch: pytest.MonkeyPatch, argv: tuple[str, ...], solver: str) -> None:
    opened: list[OpenLab] = []

    class FakeApp:
        """Stands in for the window: keeps the route it was asked to run."""

        @classmethod
        def open(cls) -> "FakeApp":
            """Return an app without a window."""
            return cls()

        def run(self, route: Any) -> int:
            """Keep ``route``."""
            opened.append(route)
            return 0

    monkeypatch.setattr("game.play.app.App", FakeApp)
    assert main(["lab", "--size", "11x11", *argv]) == 0
    (route,) = opened
    assert isinstance(route, OpenLab) and route.solver == solver
