"""The campaign: enough levels, growing sizes, every generator, shareable codes, stars."""

from __future__ import annotations

import pytest

from game.levels import (
    ALL_CHAPTERS,
    CAMPAIGN,
    CHAPTERS,
    Chapter,
    chapter_of,
    LevelSpec,
    build_level,
    campaign_index,
    level_code,
    parse_level_code,
    star_rating,
)
from game.maze.generators import GENERATORS
from game.maze.solvers import solve
from game.maze.tiles import walkable


def test_campaign_has_at_least_thirty_levels_in_chapters() -> None:
    assert len(CAMPAIGN) >= 30
    assert CAMPAIGN == [spec for chapter in CHAPTERS for spec in chapter.levels]
    assert len(CHAPTERS) >= 5 and all(chapter.levels for chapter in CHAPTERS)
    assert [c.key for c in CHAPTERS][:3] == ["first_steps", "straight_walls", "rooms"]
    assert CHAPTERS[-1].key == "long_haul"


def test_the_keys_and_fog_chapters_introduce_them() -> None:
    assert set(CHAPTERS) == set(ALL_CHAPTERS)
    order = [chapter.key for chapter in CHAPTERS]
    assert order.index("rooms") < order.index("keys") < order.index("fog")
    by_key = {chapter.key: chapter for chapter in CHAPTERS}
    assert all(spec.keys >= 1 for spec in by_key["keys"].levels)
    assert all(spec.fog for spec in by_key["fog"].levels)
    before = CAMPAIGN[:CAMPAIGN.index(by_key["keys"].levels[0])]
    assert all((spec.keys, spec.fog) == (0, False) for spec in before)  # nothing before it
    plain, both = LevelSpec("prim", 5, 5, 1), LevelSpec("prim", 5, 5, 1, keys=2, fog=True)
    assert (plain.keys, plain.fog, both.keys, both.fog) == (0, False, 2, True)


def test_campaign_starts_small_and_ends_with_the_largest_maze() -> None:
    assert CAMPAIGN[0].rows <= 13 and CAMPAIGN[0].cols <= 13
    assert CAMPAIGN[-1].rows * CAMPAIGN[-1].cols == max(s.rows * s.cols for s in CAMPAIGN)


def _route(spec: LevelSpec) -> list[tuple[int, int]]:
    """Return the shortest route of a level."""
    path = solve(build_level(spec), "bfs").path
    assert path is not None
    return path


@pytest.mark.parametrize("chapter", CHAPTERS, ids=[c.key for c in CHAPTERS])
def test_within_a_chapter_the_shortest_route_never_gets_shorter(chapter: Chapter) -> None:
    moves = [len(_route(spec)) - 1 for spec in chapter.levels]
    assert moves == sorted(moves), dict(zip((s.name for s in chapter.levels), moves))


def _turns_back(path: list[tuple[int, int]]) -> int:
    """Return how many moves of a route go up or left (against the entrance-to-exit way)."""
    return sum(1 for a, b in zip(path, path[1:]) if b[0] < a[0] or b[1] < a[1])


def test_levels_one_and_two_are_not_both_right_then_down() -> None:
    first, second = _route(CAMPAIGN[0]), _route(CAMPAIGN[1])
    assert _turns_back(first) == 0 < _turns_back(second)
    # and they have other shapes: a square, then a tall narrow tower
    assert CAMPAIGN[0].rows == CAMPAIGN[0].cols and CAMPAIGN[1].rows >= 2 * CAMPAIGN[1].cols


def test_chapter_of_spans_each_chapter() -> None:
    first = 0
    for number, chapter in enumerate(CHAPTERS):
        for index in range(first, first + len(chapter.levels)):
            assert chapter_of(index) == (number, range(first, first + len(chapter.levels)))
        first += len(chapter.levels)
    with pytest.raises(IndexError):
        chapter_of(len(CAMPAIGN))


def test_campaign_sizes_are_odd() -> None:
    for spec in CAMPAIGN:
        assert spec.rows % 2 == 1 and spec.cols % 2 == 1, spec


def test_the_campaign_plays_the_first_four_generators_and_only_registered_ones() -> None:
    # The campaign's mazes are fixed (saves and codes name them); the classic generators
    # of the complete lab are for custom mazes and the lab.
    used = {spec.algorithm for spec in CAMPAIGN}
    assert used <= set(GENERATORS)
    assert used == {"backtracker", "dig", "division", "prim"}


def test_campaign_has_room_maps_and_looped_levels() -> None:
    rooms = [s for s in CAMPAIGN if s.is_room_map]
    looped = [s for s in CAMPAIGN if s.loops > 0]
    assert len(rooms) >= 3
    assert all(3 <= s.room_size <= 6 for s in rooms if s.room_size is not None)
    assert len(looped) >= 3
    assert all(0.05 <= s.loops <= 0.3 for s in looped)


def test_every_level_has_a_unique_name_and_code() -> None:
    names = [s.name for s in CAMPAIGN]
    codes = [level_code(s) for s in CAMPAIGN]
    assert all(names) and len(set(names)) == len(names)
    assert len(set(codes)) == len(codes)


def _reachable(maze, start, goal) -> bool:  # type: ignore[no-untyped-def]
    """Return True when ``goal`` can be reached from ``start`` (a plain flood fill)."""
    seen = {start}
    todo = [start]
    while todo:
        pos = todo.pop()
        if pos == goal:
            return True
        for q in maze.neighbours(pos):
            if q not in seen:
                seen.add(q)
                todo.append(q)
    return False


@pytest.mark.parametrize("spec", CAMPAIGN, ids=[s.name for s in CAMPAIGN])
def test_every_campaign_level_builds_and_is_solvable(spec: LevelSpec) -> None:
    maze = build_level(spec)
    assert (maze.rows, maze.cols) == (spec.rows, spec.cols)
    assert _reachable(maze, maze.start, maze.goal)
    solution = solve(maze, "bfs")
    assert solution.found and solution.path is not None
    assert solution.path[0] == maze.start and solution.path[-1] == maze.goal


def test_building_a_level_twice_gives_the_same_maze() -> None:
    spec = CAMPAIGN[5]
    assert build_level(spec) == build_level(spec)


@pytest.mark.parametrize("spec", CAMPAIGN, ids=[s.name for s in CAMPAIGN])
def test_campaign_codes_round_trip_with_their_names(spec: LevelSpec) -> None:
    assert parse_level_code(level_code(spec)) == spec


@pytest.mark.parametrize(
    "spec",
    [
        LevelSpec("prim", 3, 3, 0),
        LevelSpec("dig", 2001, 1999, 2**40 + 7, loops=0.125, options={"rank": 4}),
        LevelSpec("division", 51, 81, 99, loops=1.0, options={"room_size": 3}),
        LevelSpec("backtracker", 9, 101, 35, loops=0.07),
        LevelSpec("prim", 41, 41, 11, keys=2),
        LevelSpec("division", 31, 51, 5, loops=0.1, options={"room_size": 4}, keys=4),
    ],
)
def test_custom_codes_round_trip(spec: LevelSpec) -> None:
    back = parse_level_code(level_code(spec))
    assert back == spec
    assert campaign_index(back) is None


def test_a_code_carries_the_keys_as_y_and_builds_them() -> None:
    spec = parse_level_code("p41x41-b-y3")
    assert spec.keys == 3 and level_code(spec) == "P41x41-B-Y3"
    solution = solve(build_level(spec))
    assert solution.found and len(solution.keys) == 3


def test_codes_are_short_and_case_insensitive() -> None:
    spec = CAMPAIGN[11]
    code = level_code(spec)
    assert len(code) <= 24
    assert parse_level_code(code.lower()) == spec
    assert parse_level_code(f"  {code} ") == spec


def test_campaign_index_finds_a_level_from_its_code() -> None:
    for i, spec in enumerate(CAMPAIGN):
        assert campaign_index(parse_level_code(level_code(spec))) == i


@pytest.mark.parametrize(
    "code, fragment",
    [
        ("", "expected e.g."),
        ("hello", "expected e.g."),
        ("X11x11-5", "unknown algorithm letter 'X'"),
        ("B12x11-5", "rows must be odd"),
        ("B11x1-5", "cols must be odd and at least 3"),
        ("B11x11-5-Q3", "unknown option 'Q'"),
        ("B11x11-5-L1.2.3", "bad value '1.2.3' for L"),
        ("B11x11-5-L150", "loops must be 0..100 %"),
        ("D11x11-5-R3-R4", "option R given twice"),
        ("B11x11-5-R", "expected e.g."),
        ("B11x11-!", "expected e.g."),
        ("D11x11-5-R0", "R (room size) must be from 1 to 4001, got 0"),
        ("G11x11-5-K0", "K (rank) must be from 1 to 4001, got 0"),
        ("B11x11-5-R3", "R (room size) only applies to D (division)"),
        ("P11x11-5-K2", "K (rank) only applies to G (dig)"),
        ("B99999x99999-1", "rows must be at most 4001, got 99999"),
        ("B11x4003-1", "cols must be at most 4001, got 4003"),
        ("B11x11-1Y2P0IJ32E8E8", "the seed 1Y2P0IJ32E8E8 is too large (at most 1Y2P0IJ32E8E7"),
        ("G11x11-5-K" + "9" * 20, "bad value '99999999999999999999' for K (too many digits)"),
    ],
)
def test_bad_codes_raise_a_clear_value_error(code: str, fragment: str) -> None:
    with pytest.raises(ValueError) as info:
        parse_level_code(code)
    assert fragment in str(info.value)
    assert repr(code) in str(info.value)


@pytest.mark.parametrize(
    "code, fragment",
    [
        ("B11x11-" + "Z" * 5000, "the seed ZZZZ"),
        ("B" + "1" * 5000 + "x11-1", "rows must be at most 4001"),
        ("D11x11-5-R" + "7" * 5000, "for R (too many digits)"),
        ("B11x11-5-L" + "1" * 5000, "loops must be 0..100 %"),
    ],
    ids=["seed", "rows", "room size", "loops"],
)
def test_a_huge_code_is_named_a_level_code_in_one_short_message(code: str, fragment: str) -> None:
    with pytest.raises(ValueError) as info:
        parse_level_code(code)
    message = str(info.value)
    assert message.startswith("bad level code '") and fragment in message
    assert "characters)" in message and len(message) < 300


def test_the_largest_seed_and_size_still_make_a_code() -> None:
    spec = LevelSpec("prim", 4001, 3, 2**63 - 1)
    assert parse_level_code(level_code(spec)) == spec


def test_negative_seeds_have_no_code() -> None:
    with pytest.raises(ValueError, match="seed >= 0"):
        level_code(LevelSpec("prim", 11, 11, -1))


@pytest.mark.parametrize(
    "moves, optimal, hints, stars",
    [
        (20, 20, 0, 3),  # optimal, no hints
        (22, 20, 0, 3),  # within the grace of 2 moves
        (23, 20, 0, 2),  # just past the grace
        (110, 100, 0, 3),  # within 10% on a long route
        (111, 100, 0, 2),
        (200, 100, 0, 2),  # twice optimal is still 2 stars
        (201, 100, 0, 1),
        (100, 100, 1, 2),  # a hint caps the rating at 2
        (100, 100, 5, 2),
        (500, 100, 3, 1),
        (0, 0, 0, 3),
    ],
)
def test_star_rating_rule(moves: int, optimal: int, hints: int, stars: int) -> None:
    assert star_rating(moves, optimal, hints) == stars


def test_star_rating_rejects_negative_counts() -> None:
    with pytest.raises(ValueError):
        star_rating(-1, 10, 0)


ROOM_MAPS = [s for s in CAMPAIGN if s.is_room_map]
LOOPED = [s for s in CAMPAIGN if s.loops > 0]


@pytest.mark.parametrize("spec", ROOM_MAPS, ids=[s.name for s in ROOM_MAPS])
def test_room_maps_have_open_rooms(spec: LevelSpec) -> None:
    floor = walkable(build_level(spec).tiles)
    blocks = floor[:-1, :-1] & floor[1:, :-1] & floor[:-1, 1:] & floor[1:, 1:]
    assert blocks.sum() >= 4  # at least one room wider than a corridor


@pytest.mark.parametrize("spec", LOOPED, ids=[s.name for s in LOOPED])
def test_looped_levels_have_more_than_one_route_somewhere(spec: LevelSpec) -> None:
    floor = walkable(build_level(spec).tiles)
    tiles = int(floor.sum())
    edges = int((floor[1:] & floor[:-1]).sum() + (floor[:, 1:] & floor[:, :-1]).sum())
    assert edges >= tiles  # a connected tree has exactly tiles - 1 edges


def test_perfect_levels_are_trees() -> None:
    perfect = [s for s in CAMPAIGN if s.loops == 0 and not s.is_room_map][:6]
    for spec in perfect:
        floor = walkable(build_level(spec).tiles)
        tiles = int(floor.sum())
        edges = int((floor[1:] & floor[:-1]).sum() + (floor[:, 1:] & floor[:, :-1]).sum())
        assert edges == tiles - 1, spec.name


def test_fog_is_a_level_flag_written_F1_and_read_back() -> None:
    spec = LevelSpec("division", 33, 33, 77, loops=0.1, options={"room_size": 4}, fog=True)
    code = level_code(spec)
    assert code.endswith("-F1")
    assert parse_level_code(code) == spec
    assert parse_level_code(code.replace("-F1", "-F0")) == LevelSpec(
        "division", 33, 33, 77, loops=0.1, options={"room_size": 4})
    assert build_level(spec) == build_level(LevelSpec("division", 33, 33, 77, loops=0.1,
                                                      options={"room_size": 4}))


def test_a_campaign_maze_in_fog_is_another_level_with_its_own_records() -> None:
    spec = CAMPAIGN[3]
    fogged = parse_level_code(level_code(spec) + "-F1")
    assert fogged.fog and not spec.fog
    assert campaign_index(fogged) is None and level_code(fogged) != level_code(spec)


@pytest.mark.parametrize("code, fragment", [("B11x11-5-F2", "F (fog) must be 0 or 1, got 2"),
                                            ("B11x11-5-F1-F1", "option F given twice"),
                                            ("B11x11-5-F0.5", "F (fog) must be 0 or 1")])
def test_a_bad_fog_part_is_named(code: str, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        parse_level_code(code)
