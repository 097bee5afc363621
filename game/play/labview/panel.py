"""The lab's side panel: what is chosen, the algorithm's live structure, its pseudo-code,
the heat-map's legend and the keys.

Every line wraps to the panel's width (at 150 % text and in Chinese a line never runs
out of the panel): a line is (style, text), the styles set in :data:`STYLES`.  The rows
of the choices (generator, solver, size and seed, speed) are buttons too: a click on
one's left half steps it back, on its right half on.
"""

from __future__ import annotations

from typing import Optional, Protocol

import pygame

from game.lab.choices import SPEEDS, solver_name, variant, variants
from game.lab.code import code_lines, running_line
from game.lab.model import NONE_LEFT, GenTrack, Lab, SolveTrack
from game.maze.generators.events import CELL, JOIN, LINK, SCAN, SKIP
from game.levels import LevelSpec
from game.maze.grid import Maze, Pos
from game.names import build_problem, generator_label, option_value, solver_short_label
from game.maze.generators import GENERATORS
from game.maze.solvers import SOLVERS
from game.play import theme
from game.play.labview.picture import MazePicture
from game.play.panels.lab_stats import MazeFigures
from game.play.widgets.layout import Layout
from game.play.widgets.text import draw_text, font, min_font, wrap
from game.text import t

_DIRECTIONS = ("lab.dir.up", "lab.dir.right", "lab.dir.down", "lab.dir.left", "lab.dir.none")
#: A line's style: (font size at 100 %, bold, the UI colour's name, indented).
STYLES = {
    "title": (30, True, "accent", False),
    "head": (21, True, "teal", False),
    "text": (21, False, "text", False),
    "choice": (21, False, "text", False),
    "code": (21, False, "text_dim", True),
    "lit": (21, True, "accent", True),
    "problem": (21, True, "accent", False),
    "keys": (21, False, "text_dim", False),  # as large as the text where there is room
    "keys_small": (17, False, "text_dim", False),  # where the text needs the room
}
#: Solvers whose tiles waiting to be expanded are a priority list, not a first-in queue.
_OPEN_LISTS = frozenset({"astar", "greedy", "dijkstra"})
#: Solvers without a queue the panel can show: dead-end filling fills, then searches.
_NO_QUEUE = frozenset({"dead-end-filling"})
#: The wall follower's hands as the panel names them.
_HANDS = {"left": "lab.hand.left", "right": "lab.hand.right"}
#: The hands as a letter, for a race's caption where the words do not fit.
_HANDS_SHORT = {"left": "lab.hand.left_short", "right": "lab.hand.right_short"}
#: The choices the panel's buttons step, by the style suffix of their row.
CHOICE_ROWS = ("generator", "solver", "size", "speed")


class LabState(Protocol):
    """What the panel reads of the lab scene."""

    lab: Lab
    playing: bool
    speed: int
    spec: Optional[LevelSpec]
    race: bool
    solver: str
    racers: list[str]
    figures: MazeFigures


def _hand(key: str) -> Optional[str]:
    """Return the hand a solver key follows, its default named too (None: no hands)."""
    hand = variant(key)
    if hand is None:
        own = variants(solver_name(key))  # the default hand first
        return own[0] if own and own[0] in _HANDS else None
    return hand if hand in _HANDS else None


def solver_title(key: str, *, short: bool = False) -> str:
    """Return a solver choice's short name: the wall follower with its hand (both named).

    ``short``: the hand as a letter (a race's caption where the words do not fit).
    """
    hand = _hand(key)
    name = solver_short_label(solver_name(key))
    if hand is None:
        return name
    said = t(_HANDS_SHORT[hand] if short else _HANDS[hand])
    return t("lab.solver_variant", name=name, variant=said)


def generator_title(spec: LevelSpec) -> str:
    """Return the generator's name, with its named option (the growing tree's policy)."""
    name = generator_label(spec.algorithm)
    for option in GENERATORS[spec.algorithm].options:
        if option.choices:
            value = spec.options.get(option.name)
            return t("lab.solver_variant", name=name, variant=option_value(option, value))
    return name


def panel_lines(view: LabState, *, scoreboard: bool = True) -> list[tuple[str, str]]:
    """Return the panel's lines as (style, text), the choices' rows styled ``choice:<row>``.

    ``scoreboard``: a race's scoreboard too (not while a pane beside the mazes shows it).
    """
    lab = view.lab
    lines: list[tuple[str, str]] = [("title", t("lab.title"))]
    state = t("lab.playing") if view.playing else t("lab.paused")
    lines.append(("choice:speed", t("lab.state", state=state, rate=f"{SPEEDS[view.speed]:,}")))
    if view.spec is not None:
        lines.append(("choice:generator", t("lab.choice_generator",
                                            name=generator_title(view.spec))))
    if view.spec is not None:
        lines.append(("choice:size", t("lab.choice_size", rows=view.spec.rows,
                                       cols=view.spec.cols, seed=view.spec.seed)))
    else:
        lines.append(("text", t("lab.file_maze")))
    if view.race:
        names = ", ".join(solver_title(key) for key in view.racers)
        lines.append(("choice:solver", t("lab.choice_race", names=names)))
    else:
        lines.append(("choice:solver", t("lab.choice_solver", name=solver_title(view.solver))))
    lines.append(("text", t("lab.events", count=f"{lab.events:,}")))
    if lab.gen is not None and lab.gen.failure is not None:
        lines.append(("problem", build_problem(lab.gen.failure)))
    if lab.generating:
        return lines + _generator_lines(lab, view.spec)
    if lab.gen is not None and lab.tick == 0 and view.spec is not None:
        lines += _generator_lines(lab, view.spec) + [("head", t("lab.built"))]
    lines += view.figures.lines(lab.maze)
    if len(lab.tracks) > 1 or (view.race and not lab.tracks):
        lines += race_lines(lab) if scoreboard else []
    else:
        lines += _solver_lines(lab.tracks[0] if lab.tracks else None, view.solver)
    return lines


def _generator_lines(lab: Lab, spec: Optional[LevelSpec]) -> list[tuple[str, str]]:
    """Return the generation phase's lines: the structure and the pseudo-code."""
    gen = lab.gen
    assert gen is not None and spec is not None
    name = spec.algorithm
    lines = [("head", t("lab.generating", name=generator_title(spec)))]
    if name == "prim":
        lines.append(("text", t("lab.frontier", count=f"{gen.frontier:,}")))
    elif name == "division":
        lines.append(("text", t("lab.chambers", count=len(gen.chambers))))
        for r1, c1, r2, c2 in reversed(gen.chambers[-4:]):
            lines.append(("text", t("lab.chamber", r1=r1, c1=c1, r2=r2, c2=c2)))
    elif name in _SET_LINES:
        lines += _SET_LINES[name](gen)
    elif gen.cells:
        count = f"{len(gen.cells):,}"
        if name == "wilson":
            lines.append(("text", t("lab.walk", count=count)))
        elif name == "growing-tree":
            lines.append(("text", t("lab.list", count=count)))
        else:
            lines.append(("text", t("lab.cells", count=count)))
        for r, c in reversed(gen.cells[-4:]):
            lines.append(("text", f"({r}, {c})"))
    ev = gen.current
    if ev is not None:
        lines.append(("text", t("lab.current", row=ev[1], col=ev[2])))
    lines += _code(name, ev[0] if ev is not None else None, gen.at == 1)
    return lines


def _kruskal(gen: GenTrack) -> list[tuple[str, str]]:
    """Return Kruskal's sets left: every cell made, less the walls opened."""
    return [("text", t("lab.sets_left", count=f"{gen.made - gen.joined:,}"))]


def _eller(gen: GenTrack) -> list[tuple[str, str]]:
    """Return the sets of the row Eller works on (its links go down from it)."""
    ev = gen.current
    if ev is None or ev[0] not in (CELL, JOIN, LINK, SKIP):
        return []
    row = ev[1] - 2 if ev[0] == LINK else ev[1]
    return [("text", t("lab.row_sets", row=row, count=f"{gen.row_sets(row):,}"))]


def _hunt_and_kill(gen: GenTrack) -> list[tuple[str, str]]:
    """Return whether hunt-and-kill hunts a row or walks, and the cells left."""
    ev = gen.current
    lines = []
    if ev is not None and ev[0] == SCAN:
        lines.append(("text", t("lab.hunting", row=ev[1])))
    elif ev is not None and ev[0] in (CELL, LINK):
        lines.append(("text", t("lab.walking")))
    return lines + _aldous_broder(gen)


def _aldous_broder(gen: GenTrack) -> list[tuple[str, str]]:
    """Return the cells a random walk has still to visit."""
    left = (gen.rows // 2) * (gen.cols // 2) - gen.made
    return [("text", t("lab.cells_left", count=f"{max(0, left):,}"))]


def _sidewinder(gen: GenTrack) -> list[tuple[str, str]]:
    """Return the sidewinder's run: the cells joined east since it last carved north."""
    ev = gen.current
    if ev is None or ev[0] not in (CELL, JOIN):
        return []
    r, c = ev[1], ev[2]
    if ev[0] == JOIN:
        if r % 2 == 0:
            return [("text", t("lab.run_closed"))]
        c -= 1  # an east wall: the run ends at the cell west of it
    start = c
    while start > 1 and gen.tiles[r, start - 1]:
        start -= 2
    return [("text", t("lab.run", count=f"{(c - start) // 2 + 1:,}", row=r, col=start))]


#: The generators whose structure is sets, a hunt, a walk's progress or a run.
_SET_LINES = {"kruskal": _kruskal, "eller": _eller, "hunt-and-kill": _hunt_and_kill,
              "aldous-broder": _aldous_broder, "sidewinder": _sidewinder}


def _solver_lines(track: Optional[SolveTrack], key: str) -> list[tuple[str, str]]:
    """Return one solver's lines: counters, its live structure, the pseudo-code."""
    lines = [("head", t("lab.solving", name=solver_title(key)))]
    if track is None:
        return lines + _code(solver_name(key), None, False)
    lines.append(("text", t("lab.marked", count=f"{track.marked:,}")))
    info = SOLVERS[track.solver]
    if info.walks or track.solver in _NO_QUEUE:
        pass  # a walker has no list of tiles to come back to; the filled tiles are marked
    elif track.solver in _OPEN_LISTS:
        lines.append(("text", t("lab.open_list", count=f"{track.open_count:,}")))
    elif track.bfs:
        length, head, tail = track.queue()
        if head is None or tail is None:
            lines.append(("text", t("lab.queue_empty")))
        else:
            lines.append(("text", t("lab.queue", length=f"{length:,}", head=_pos(head),
                                    tail=_pos(tail))))
    elif track.solver == "stack":
        lines.append(("text", t("lab.boxes", count=f"{len(track.boxes):,}")))
        for r, c, d in reversed(track.boxes[-5:]):
            lines.append(("text", f"({r}, {c}, {t(_DIRECTIONS[min(d, NONE_LEFT)])})"))
    else:
        lines.append(("text", t("lab.path_stack", count=f"{len(track.boxes):,}")))
        for r, c, _ in reversed(track.boxes[-5:]):
            lines.append(("text", f"({r}, {c})"))
    event = track.current
    if event is not None:
        lines.append(("text", t("lab.current", row=event[1], col=event[2])))
    lines += _code(track.solver, event[0] if event else None, track.at == 1)
    return lines + _result(track)


def race_lines(lab: Lab) -> list[tuple[str, str]]:
    """Return the race's scoreboard: marked, path length and finish order."""
    lines = [("head", t("lab.scoreboard"))]
    finished = sorted((track for track in lab.tracks if track.done), key=lambda track: track.count)
    running = [track for track in lab.tracks if not track.done]
    for track in finished + running:  # in finish order, then those still searching
        name = solver_title(track.key)
        if track.done:
            rank = finished.index(track) + 1
            length = track.solution.length if track.solution is not None else None
            said = "-" if length is None else f"{length:,}"
            marked, events = f"{track.marked:,}", f"{track.count:,}"
            if track.cost is None:
                text = t("lab.score_done", rank=rank, name=name, marked=marked, length=said,
                         events=events)
            else:  # a maze with mud: the path's cost beside its length
                text = t("lab.score_done_cost", rank=rank, name=name, marked=marked,
                         length=said, cost=f"{track.cost:,}", events=events)
            lines.append(("text", text))
        else:
            lines.append(("text", t("lab.score_running", name=name, marked=f"{track.marked:,}")))
    return lines


def _result(track: SolveTrack) -> list[tuple[str, str]]:
    """Return the found path's length and the marked count once the search is over."""
    if not track.done or track.solution is None:
        return []
    if track.solution.length is None:
        return [("head", t("lab.no_path", visited=f"{track.solution.visited:,}"))]
    length, visited = f"{track.solution.length:,}", f"{track.solution.visited:,}"
    if track.cost is None:
        return [("head", t("lab.found", length=length, visited=visited))]
    return [("head", t("lab.found_cost", length=length, cost=f"{track.cost:,}",
                       visited=visited))]


def _code(name: str, kind: Optional[int], first: bool) -> list[tuple[str, str]]:
    """Return ``name``'s pseudo-code lines, the one ``kind`` runs lit."""
    lit = running_line(name, kind, first)
    return [("lit" if n == lit else "code", line)
            for n, line in enumerate(code_lines(name), start=1)]


def slot_label(track: SolveTrack, f: pygame.font.Font, width: int) -> str:
    """Return a race slot's caption (solver, marked, path) as far as ``width`` pixels hold it."""
    name = solver_title(track.key)
    short = solver_title(track.key, short=True)  # never the bare name: it names the hand
    marked = f"{track.marked:,}"
    tries = []
    if track.done and track.solution is not None and track.solution.length is not None:
        length = f"{track.solution.length:,}"
        if track.cost is not None:  # a maze with mud: the path's cost beside its length
            cost = f"{track.cost:,}"
            tries += [t("lab.slot_done_cost", name=name, marked=marked, length=length, cost=cost),
                      t("lab.slot_done_cost", name=short, marked=marked, length=length,
                        cost=cost)]
        tries += [t("lab.slot_done", name=name, marked=marked, length=length),
                  t("lab.slot_done", name=short, marked=marked, length=length)]
    tries += [t("lab.slot", name=name, marked=marked), t("lab.slot", name=short, marked=marked),
              name]
    return next((text for text in tries if f.size(text)[0] <= width), short)


def keys_lines() -> list[str]:
    """Return the keys' help, one sentence a line."""
    return [t("lab.keys_1"), t("lab.keys_2"), t("lab.keys_3")]


class Panel:
    """Draws the side panel and remembers where its choice rows were (for clicks)."""

    def __init__(self, picture: MazePicture) -> None:
        self.picture = picture
        self.buttons: list[tuple[pygame.Rect, str]] = []
        self.legend_rect = pygame.Rect(0, 0, 0, 0)  # where the legend's bar was last drawn
        self._wrapped: dict[tuple[str, int, int, bool], list[str]] = {}

    def _wrap(self, text: str, f: pygame.font.Font, size: int, bold: bool,
              width: int) -> list[str]:
        """Return ``text`` wrapped to ``width`` (kept: the panel redraws every frame)."""
        key = (text, size, width, bold)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > 512:
                self._wrapped.clear()
            lines = self._wrapped[key] = wrap(text, f, max(1, width))
        return lines

    def draw(self, surface: pygame.Surface, box: pygame.Rect, lay: Layout,
             lines: list[tuple[str, str]], *, under: bool, legend: Optional[Maze],
             race: bool = False) -> None:
        """Draw ``lines`` in ``box``, the legend of ``legend``'s heat-map and the keys.

        ``race``: the heat-map colours only where each solver has been; the legend says so.
        """
        look = theme.current().ui
        radius = lay.px(12, lo=3)  # opaque: cheaper than a translucent panel every frame
        pygame.draw.rect(surface, look.panel, box, border_radius=radius)
        pygame.draw.rect(surface, look.panel_edge, box, width=1, border_radius=radius)
        pad = lay.px(12, lo=4)
        inner = box.inflate(-2 * pad, -2 * pad)
        self.buttons = []
        body = [(style, text) for style, text in lines if not (style == "title" and under)]
        needed = self._height(body, lay, inner)
        # The keys as large as the text where the lines leave room for them, else smaller.
        for kind in ("keys", "keys_small"):
            keys_f, keys_size = self._font(lay, kind)
            keys = [part for line in keys_lines()
                    for part in self._wrap(line, keys_f, keys_size, False, inner.width)]
            # under the maze (a small window) the legend goes without its title line
            legend_h = (2 if under else 3) * keys_f.get_linesize() if legend is not None else 0
            keys_h = len(keys) * keys_f.get_linesize()
            if needed + legend_h + keys_h <= inner.height:
                break
        # The keys only where they leave room for the choices and a few lines more.
        room = inner.height - legend_h - keys_h
        if room < 7 * keys_f.get_linesize():
            keys, keys_h = [], 0
        bottom = inner.bottom - keys_h - legend_h
        y = inner.top
        for style, text in body:
            kind = style.split(":", 1)[0]
            f, size = self._font(lay, kind)
            _, bold, colour_name, indented = STYLES[kind]
            colour = getattr(look, colour_name)
            x = inner.left + (pad if indented else 0)
            parts = self._wrap(text, f, size, bold, inner.right - x)
            if y + f.get_linesize() > bottom:
                break
            top = y
            for n, part in enumerate(parts):
                if y + f.get_linesize() > bottom:
                    break
                if kind == "lit":
                    mark = pygame.Rect(inner.left, y, inner.width, f.get_linesize())
                    pygame.draw.rect(surface, look.tile_open, mark, border_radius=4)
                draw_text(surface, part, f, colour, (x + (pad if n else 0), y), anchor="topleft",
                          max_width=inner.right - x)
                y += f.get_linesize()
            if kind == "choice":
                row = pygame.Rect(inner.left, top, inner.width, y - top)
                self.buttons.append((row, style.split(":", 1)[1]))
        if legend is not None:
            self._legend(surface, pygame.Rect(inner.left, bottom, inner.width, legend_h),
                         keys_f, legend, titled=not under, race=race)
        y = inner.bottom - keys_h
        for line in keys:
            draw_text(surface, line, keys_f, look.text_dim, (inner.left, y), anchor="topleft",
                      max_width=inner.width)
            y += keys_f.get_linesize()

    def _height(self, body: list[tuple[str, str]], lay: Layout, inner: pygame.Rect) -> int:
        """Return how tall ``body``'s lines are, wrapped to ``inner``'s width."""
        pad = lay.px(12, lo=4)
        height = 0
        for style, text in body:
            kind = style.split(":", 1)[0]
            f, size = self._font(lay, kind)
            width = inner.width - (pad if STYLES[kind][3] else 0)
            height += len(self._wrap(text, f, size, STYLES[kind][1], width)) * f.get_linesize()
        return height

    @staticmethod
    def _font(lay: Layout, kind: str) -> tuple[pygame.font.Font, int]:
        """Return the font of a line style and its size."""
        size, bold, _, _ = STYLES[kind]
        px = lay.font_size(size) if kind == "title" else max(min_font(), lay.font_size(size))
        return font(px, bold=bold), px

    def _legend(self, surface: pygame.Surface, box: pygame.Rect, f: pygame.font.Font,
                maze: Maze, *, titled: bool, race: bool = False) -> None:
        """Draw the heat-map's legend: near to far, with the farthest distance."""
        look = theme.current().ui
        far = max(0, int(self.picture.distances(maze).max()))
        top = box.top
        if titled:
            draw_text(surface, t("lab.heat_race" if race else "lab.heat"), f, look.text,
                      (box.left, top), anchor="topleft", max_width=box.width)
            top += f.get_linesize()
        bar = pygame.Rect(box.left, top, box.width,
                          max(4, f.get_linesize() // 2))
        self.legend_rect = bar
        surface.blit(self.picture.legend_strip(bar.size), bar)
        under = bar.bottom + 1
        near = draw_text(surface, t("lab.heat_near"), f, look.text_dim, (bar.left, under),
                         anchor="topleft")
        draw_text(surface, t("lab.heat_far", far=f"{far:,}"), f, look.text_dim,
                  (bar.right, under), anchor="topright", max_width=bar.width - near.width - 4)


def _pos(pos: Pos) -> str:
    """Return a tile as ``(row, col)``."""
    return f"({pos[0]}, {pos[1]})"
