"""Every algorithm the lab offers steps forward to the end and back to the start exactly.

Each generator choice (the growing tree once per policy) and each solver choice (the
wall follower once per hand) is run event by event to its end, its picture kept at
every step, then stepped back one event at a time: every picture on the way back is the
one shown on the way there, down to the untouched start.
"""

from __future__ import annotations

import pytest

from game.lab.choices import generator_choices, solver_keys, solver_name
from game.lab.model import Lab
from game.levels import LevelSpec, build_level, trace_level


def there_and_back(lab: Lab) -> int:
    """Step ``lab`` to its end and back to its start; return the events; fail on a difference."""
    pictures = [lab.picture()]
    while lab.forward():
        pictures.append(lab.picture())
    assert lab.done
    for at in range(len(pictures) - 2, -1, -1):
        assert lab.back()
        assert lab.picture() == pictures[at], f"stepping back to event {at}"
    assert not lab.back() and lab.events == 0
    return len(pictures) - 1


@pytest.mark.parametrize("choice", generator_choices(),
                         ids=lambda c: "-".join([c[0], *map(str, c[1].values())]))
def test_every_generator_choice_goes_to_the_end_and_back(
        choice: tuple[str, dict[str, int]]) -> None:
    name, options = choice
    spec = LevelSpec(name, 15, 17, 7, options=options)
    lab = Lab(["bfs"], trace=trace_level(spec), size=(15, 17))
    assert there_and_back(lab) > 15 * 17 // 4
    assert lab.run(10**6) and lab.maze == build_level(spec)


@pytest.mark.parametrize("key", solver_keys())
@pytest.mark.parametrize("loops", [0.0, 0.3])
def test_every_solver_choice_goes_to_the_end_and_back(key: str, loops: float) -> None:
    spec = LevelSpec("prim", 15, 15, 4, loops)
    lab = Lab([key], trace=trace_level(spec), size=(15, 15))
    there_and_back(lab)
    lab.run(10**6)
    (track,) = lab.tracks
    assert track.key == key and track.solver == solver_name(key)
    assert track.solution is not None and track.solution.found


def test_the_wall_followers_hands_walk_differently() -> None:
    spec = LevelSpec("backtracker", 21, 21, 2)
    lab = Lab(["wall-follower", "wall-follower:right"], trace=trace_level(spec), size=(21, 21))
    lab.run(10**6)
    left, right = (track.solution for track in lab.tracks)
    assert left is not None and right is not None and left.path != right.path
    assert left.path is not None and right.path is not None
    assert left.path[-1] == right.path[-1] == lab.maze.goal  # type: ignore[union-attr]


def test_a_race_of_every_solver_goes_to_the_end_and_back() -> None:
    spec = LevelSpec("kruskal", 13, 13, 5)
    lab = Lab(solver_keys(), trace=trace_level(spec), size=(13, 13))
    there_and_back(lab)
