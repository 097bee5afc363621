"""``migong --selftest``: check headless that the game's parts all work where it runs.

Runs from the source tree, an installed wheel and the PyInstaller bundle alike:

1. generate with every generator in the registry (plus a room map and a loopy maze);
2. solve every generated maze with every solver and check each path step by step;
3. load every asset file (images, sounds, fonts) and pygame's default font;
4. check the Chinese font has a glyph for every character of the Chinese catalogue;
5. draw one frame of every scene off-screen, in English and in Chinese.

Prints one ``ok ...`` line per check, or ``FAIL ...`` with the reason, and returns 0 when
everything passed, 1 otherwise.
"""

from __future__ import annotations

import os
import sys
import time
import traceback
import wave
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, Optional, TextIO

import numpy as np

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.maze.grid import Maze, Pos

SEED = 7
IMAGE_SUFFIXES = {".png", ".bmp", ".jpg", ".jpeg", ".gif", ".tga"}
SOUND_SUFFIXES = {".wav", ".ogg"}
FONT_SUFFIXES = {".ttf", ".otf"}
#: Asset sub-directories the game never loads (README pictures, release-only icons).
SKIPPED_DIRS = {"screenshots", "release", "__pycache__"}
#: What a check returns: an optional detail for its ``ok`` line.
CheckFn = Callable[[], Optional[str]]


@dataclass
class Check:
    """One named check of the self-test."""

    name: str
    run: CheckFn


class CheckFailed(Exception):
    """A check found something wrong (the message says what)."""


def use_headless_drivers() -> None:
    """Select SDL's dummy video and audio drivers unless the caller chose others."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def default_asset_root() -> Path:
    """Return the assets/ directory the game itself would use."""
    from game.resources import asset_path

    return asset_path()


def check_path(maze: "Maze", path: Optional[list["Pos"]], start: "Pos", goal: "Pos",
               walks: bool = False) -> None:
    """Raise CheckFailed unless ``path`` walks floor tiles from ``start`` to ``goal``.

    ``walks``: the path is a walker's whole walk and may pass a tile again.
    """
    if path is None:
        raise CheckFailed("no path found in a connected maze")
    if not path or tuple(path[0]) != tuple(start) or tuple(path[-1]) != tuple(goal):
        ends = (path[0], path[-1]) if path else "an empty path"
        raise CheckFailed(f"path must run from {start} to {goal}, got {ends}")
    for i, pos in enumerate(path):
        r, c = pos  # a list [r, c] counts as the tile (r, c) too
        if not maze.walkable((r, c)):
            raise CheckFailed(f"step {i} of the path, {tuple(pos)}, is not a floor tile")
        if i and abs(pos[0] - path[i - 1][0]) + abs(pos[1] - path[i - 1][1]) != 1:
            raise CheckFailed(f"step {i} jumps from {tuple(path[i - 1])} to {tuple(pos)}")
    if not walks and len(set(map(tuple, path))) != len(path):
        raise CheckFailed("the path visits a tile twice")


def check_generated(maze: "Maze", rows: int, cols: int) -> None:
    """Raise CheckFailed unless ``maze`` has the shape, ends and border of a generated maze."""
    from game.maze.tiles import walkable

    if (maze.rows, maze.cols) != (rows, cols):
        raise CheckFailed(f"expected {rows}x{cols} tiles, got {maze.rows}x{maze.cols}")
    if (maze.start, maze.goal) != ((1, 0), (rows - 2, cols - 1)):
        raise CheckFailed(f"start {maze.start} / goal {maze.goal} are not the border openings")
    border = np.ones(maze.tiles.shape, dtype=bool)
    border[1:-1, 1:-1] = False
    openings = sorted(map(tuple, np.argwhere(border & walkable(maze.tiles)).tolist()))
    if openings != sorted([maze.start, maze.goal]):
        raise CheckFailed(f"the outer wall is open at {openings}, not just the entrance and exit")


def maze_checks(mazes: dict[str, "Maze"]) -> Iterator[Check]:
    """Yield a generate check per generator, then a solve check per solver and maze."""
    from game.maze.formats import format_maze, parse_maze
    from game.maze.generators import GENERATORS, generate
    from game.maze.solvers import SOLVERS
    from game.maze.solvers.base import Solution

    rows, cols = 21, 21
    cases: list[tuple[str, str, dict[str, object]]] = [
        (f"{name} {rows}x{cols}", name, {}) for name in GENERATORS
    ]
    if "division" in GENERATORS:
        cases.append((f"division {rows}x{cols} room_size=3", "division", {"room_size": 3}))
    loopy = "prim" if "prim" in GENERATORS else next(iter(GENERATORS))
    cases.append((f"{loopy} {rows}x{cols} loops=0.5", loopy, {"loops": 0.5}))

    def generate_one(label: str, name: str, options: dict[str, object]) -> Check:
        """Return the check that generates ``label`` and keeps the maze for the solvers."""

        def run() -> str:
            """Generate twice (same seed, same maze) and round-trip the text format."""
            maze = generate(name, rows=rows, cols=cols, seed=SEED, **options)  # type: ignore[arg-type]
            check_generated(maze, rows, cols)
            if generate(name, rows=rows, cols=cols, seed=SEED, **options) != maze:  # type: ignore[arg-type]
                raise CheckFailed("the same seed gave a different maze")
            if parse_maze(format_maze(maze)) != maze:
                raise CheckFailed("the text format does not read back the same maze")
            mazes[label] = maze
            return ""

        return Check(f"generate {label}", run)

    def solve_one(solver: str, label: str) -> Check:
        """Return the check that drains ``solver`` on maze ``label`` and walks its path."""

        def run() -> str:
            """Drain the solver's events and check the path it ends with."""
            maze = mazes.get(label)
            if maze is None:
                raise CheckFailed(f"no maze: generating {label} failed")
            events = 0
            result: object = None
            for item in SOLVERS[solver].explore(maze, maze.start, maze.goal):
                if isinstance(item, Solution):
                    result = item
                else:
                    events += 1
            if not isinstance(result, Solution):
                raise CheckFailed("the solver never yielded a Solution")
            check_path(maze, result.path, maze.start, maze.goal, SOLVERS[solver].walks)
            return f"({result.length} moves, {result.visited} visited, {events} events)"

        return Check(f"solve {solver} on {label}", run)

    for label, name, options in cases:
        yield generate_one(label, name, options)
    for label, _name, _options in cases:
        for solver in SOLVERS:
            yield solve_one(solver, label)


def shortest_check(mazes: dict[str, "Maze"]) -> Check:
    """Return a check that bfs is never longer than another solver on the same maze."""

    def run() -> str:
        """Compare every solver's path length with bfs's on every generated maze."""
        from game.maze.solvers import SOLVERS, solve

        if not mazes:
            raise CheckFailed("no maze was generated")
        for label, maze in mazes.items():
            best = solve(maze, "bfs").length
            for solver in SOLVERS:
                length = solve(maze, solver).length
                if best is None or length is None or length < best:
                    raise CheckFailed(f"{solver} found {length} moves on {label}, bfs {best}")
        return f"on {len(mazes)} mazes"

    return Check("bfs is shortest", run)


def asset_files(root: Path) -> list[Path]:
    """Return every asset file the game may load under ``root``, sorted."""
    found = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if path.is_file() and not SKIPPED_DIRS.intersection(rel.parts[:-1]):
            if path.suffix.lower() in IMAGE_SUFFIXES | SOUND_SUFFIXES | FONT_SUFFIXES:
                found.append(path)
    return found


def load_image(path: Path) -> str:
    """Load an image with pygame; return its size."""
    import pygame

    image = pygame.image.load(str(path))
    w, h = image.get_size()
    if w == 0 or h == 0:
        raise CheckFailed("image is empty")
    return f"{w}x{h}"


def load_sound(path: Path, mixer_ok: bool) -> str:
    """Read a sound file (and play it into the mixer when there is one); return its length."""
    import pygame

    if path.suffix.lower() == ".wav":
        with wave.open(str(path), "rb") as wav:
            frames, rate = wav.getnframes(), wav.getframerate()
        if frames == 0:
            raise CheckFailed("sound has no frames")
        detail = f"{frames / rate:.2f} s"
    else:
        detail = path.suffix
    if mixer_ok:
        sound = pygame.mixer.Sound(str(path))
        detail += f", mixer {sound.get_length():.2f} s"
    else:
        detail += ", no mixer (checked the file only)"
    return detail


def render_font(path: Optional[Path]) -> str:
    """Render text with a font file (None: pygame's default font); return the text size."""
    import pygame

    font = pygame.font.Font(None if path is None else str(path), 20)
    text = font.render("Migong 迷宫 0123", True, (255, 255, 255))
    if text.get_width() == 0:
        raise CheckFailed("font rendered nothing")
    return f"{text.get_width()}x{text.get_height()}"


def asset_checks(root: Path, mixer_ok: bool) -> Iterator[Check]:
    """Yield a check per asset file under ``root``, plus the default font and the icon."""

    def exists() -> str:
        """Check the directory, the icon, and that there are images and sounds."""
        if not root.is_dir():
            raise CheckFailed(f"assets directory {root} not found")
        if not (root / "icon.png").is_file():
            raise CheckFailed(f"window icon {root / 'icon.png'} not found")
        files = asset_files(root)
        kinds = {p.suffix.lower() for p in files}
        if not kinds & IMAGE_SUFFIXES or not kinds & SOUND_SUFFIXES:
            raise CheckFailed(f"expected images and sounds in {root}, found {len(files)} files")
        return f"{root} ({len(files)} files)"

    yield Check("assets directory", exists)
    yield Check("font pygame default", lambda: render_font(None))
    for path in asset_files(root) if root.is_dir() else []:
        rel = path.relative_to(root).as_posix()
        suffix = path.suffix.lower()
        if suffix in IMAGE_SUFFIXES:
            yield Check(f"asset {rel}", partial(load_image, path))
        elif suffix in SOUND_SUFFIXES:
            yield Check(f"asset {rel}", partial(load_sound, path, mixer_ok))
        else:
            yield Check(f"asset {rel}", partial(render_font, path))


def missing_glyphs(path: Path, text: str) -> str:
    """Return the characters of ``text`` the font file at ``path`` has no glyph for."""
    import pygame.freetype  # pygame.font measures a missing glyph as its box; this says None

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    metrics = pygame.freetype.Font(str(path), 16).get_metrics(text)
    return "".join(ch for ch, glyph in zip(text, metrics) if glyph is None)


def zh_font_check(root: Path) -> Check:
    """Return a check that the CJK font draws every character of the Chinese catalogue."""

    def run() -> str:
        """Look up every character of the catalogue (placeholders filled with digits)."""
        from game.play.theme import DEFAULT
        from game.text import catalogue_characters

        path = root / DEFAULT.fonts.cjk_file
        if not path.is_file():
            raise CheckFailed(f"{path} not found")
        text = "".join(sorted(catalogue_characters("zh")))
        missing = missing_glyphs(path, text)
        if missing:
            raise CheckFailed(f"{path.name} has no glyph for {missing!r}: "
                              "run assets/make_font_subset.py")
        return f"{len(text)} glyphs cover the catalogue"

    return Check("zh font", run)


def scene_check(names: list[str]) -> Check:
    """Return a check that draws one frame of every scene off-screen."""

    def run() -> str:
        """Draw every scene onto a magenta surface; something must cover the magenta."""
        import pygame

        from game.play.navigator import draw_every_scene

        surface = pygame.Surface((960, 640))
        surface.fill((255, 0, 255))
        drawn = draw_every_scene(surface)
        if not drawn:
            raise CheckFailed("draw_every_scene drew no scene")
        if pygame.transform.average_color(surface)[:3] == (255, 0, 255):
            raise CheckFailed("the last scene drew nothing on the surface")
        names.extend(drawn)
        return f"{len(drawn)} scenes"

    return Check("draw every scene", run)


def zh_scenes_check() -> Check:
    """Return a check that draws one frame of every scene in Chinese (mixed fonts, wrapping)."""

    def run() -> str:
        """Draw every scene with the game speaking Chinese, then English again."""
        import pygame

        from game.play.navigator import draw_every_scene
        from game.text import language, set_language

        spoken = language()
        set_language("zh")
        try:
            drawn = draw_every_scene(pygame.Surface((960, 640)))
        finally:
            set_language(spoken)
        return f"{len(drawn)} scenes"

    return Check("draw every scene in zh", run)


def run_checks(checks: Iterator[Check], out: TextIO) -> list[str]:
    """Run each check in turn, print one line for it; return the names of those that failed."""
    failed = []
    for check in checks:
        try:
            detail = check.run()
        except Exception as exc:  # a self-test reports every failure and goes on
            failed.append(check.name)
            reason = str(exc) if isinstance(exc, CheckFailed) else f"{type(exc).__name__}: {exc}"
            print(f"FAIL {check.name}: {reason}", file=out)
            if not isinstance(exc, CheckFailed):
                tb = traceback.extract_tb(exc.__traceback__)[-1]
                print(f"     at {tb.filename}:{tb.lineno} in {tb.name}", file=out)
        else:
            print(f"ok {check.name}" + (f" {detail}" if detail else ""), file=out)
        out.flush()
    return failed


def init_pygame() -> bool:
    """Start pygame's display (dummy window) and font; return True when the mixer works."""
    import pygame

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((320, 200))
    try:
        pygame.mixer.init()
    except pygame.error:
        return False
    return True


def run_selftest(*, asset_root: Optional[Path] = None, out: Optional[TextIO] = None) -> int:
    """Run every check headless; print a line per check; return 0 if all passed, else 1."""
    use_headless_drivers()
    out = sys.stdout if out is None else out
    began = time.perf_counter()
    failed: list[str] = []
    mazes: dict[str, Maze] = {}
    try:
        failed += run_checks(maze_checks(mazes), out)
        failed += run_checks(iter([shortest_check(mazes)]), out)
    except Exception as exc:  # the registries themselves did not import
        print(f"FAIL maze core: {type(exc).__name__}: {exc}", file=out)
        failed.append("maze core")

    import pygame

    state: dict[str, bool] = {}
    already_running = pygame.display.get_init()  # called in-process by a running game/test

    def start_pygame() -> str:
        """Start pygame's display, fonts and mixer; describe the versions and drivers."""
        state["mixer"] = init_pygame()
        sdl = ".".join(map(str, pygame.get_sdl_version()))
        mixer = "on" if state["mixer"] else "off"
        return f"{pygame.version.ver} (SDL {sdl}, video {pygame.display.get_driver()}, mixer {mixer})"

    try:
        failed += run_checks(iter([Check("pygame", start_pygame)]), out)
        if "mixer" in state:
            try:
                root = default_asset_root() if asset_root is None else asset_root
            except Exception as exc:  # resources module missing or broken
                print(f"FAIL assets directory: {type(exc).__name__}: {exc}", file=out)
                failed.append("assets directory")
            else:
                failed += run_checks(asset_checks(root, state["mixer"]), out)
                failed += run_checks(iter([zh_font_check(root)]), out)
            names: list[str] = []
            failed += run_checks(iter([scene_check(names), zh_scenes_check()]), out)
            for name in names:
                print(f"ok scene {name}", file=out)
    finally:
        if not already_running:
            pygame.quit()

    seconds = time.perf_counter() - began
    if failed:
        print(f"selftest FAILED: {len(failed)} check(s) failed in {seconds:.2f} s: "
              + ", ".join(failed), file=out)
        return 1
    print(f"selftest passed in {seconds:.2f} s", file=out)
    return 0
