"""The result of a run: time, moves against the optimum, stars and records, and where next.

With a solver ghost raced, one line says who reached the exit first and by how much.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Optional

import pygame

from game.maze import tiles as kinds
from game.levels import (
    CAMPAIGN,
    LevelSpec,
    Missed,
    chapter_of,
    level_code,
    missed_stars,
    star_rating,
)
from game.play import input as keys
from game.play import theme
from game.play.context import Context
from game.play.input import Event, pressed
from game.names import custom_label, format_time, level_title, solver_short_label
from game.play.routes import (BuildMaze, ChapterDone, OpenBoard, OpenReview, Play, StartLevel,
                              ToLevelSelect, ToTitle)
from game.play.scenes.base import ListScene, Next
from game.play.widgets.layout import Layout, panel
from game.play.widgets.menu import MenuItem
from game.play.widgets.shapes import star_points
from game.play.widgets.standing import draw_histogram, standing_lines
from game.play.widgets.text import draw_text, fit_font, font, min_font, text_scale, unscaled
from game.replays import utc_now
from game.run.ghost import RaceResult
from game.run.level import RunResult
from game.run.replay import Replay, record
from game.server.live import Standing, Submission
from game.text import t
from game.version import package_version


def missed_text(miss: Missed) -> str:
    """Return the sentence that says why a star was missed."""
    if miss.why == "hint":
        return t("complete.missed_hint")
    if miss.why == "double":
        return t("complete.missed_double", limit=miss.limit)
    return t("complete.missed_moves", limit=miss.limit)


def button_widths(texts: list[str], f: pygame.font.Font, room: int) -> list[int]:
    """Return the buttons' widths in ``room`` px: equal, or by their labels when one is cut.

    Equal while every label (in ``f``, with a margin) fits; else each its label's width and
    an equal share of what is left, or in proportion to its label when even that is too wide.
    """
    n = max(1, len(texts))
    needs = [f.size(text)[0] + 12 for text in texts]
    if max(needs, default=0) <= room // n:
        return [room // n] * len(texts)
    spare = room - sum(needs)
    if spare >= 0:
        return [need + spare // n for need in needs]
    return [max(1, room * need // sum(needs)) for need in needs]


def race_text(race: RaceResult) -> str:
    """Return the sentence that says who won the race with the solver ghost, by how much."""
    solver = solver_short_label(race.solver)
    if race.margin is None:
        return t("complete.race_never", solver=solver)
    margin = round(race.margin, 1)
    if margin == 0:
        return t("complete.race_tie", solver=solver)
    if race.player_first:
        return t("complete.race_won", solver=solver, margin=margin)
    return t("complete.race_lost", solver=solver, margin=margin)


class LevelCompleteScene(ListScene):
    """The result of a run: time, moves against optimal, stars and records.

    The run is recorded in the progress (and saved), and its replay kept, when the
    screen first shows; "Review" opens the review of the run over its maze.
    """

    @staticmethod
    def _mud_cost(result: RunResult) -> str:
        """Return the run's mud-weighted cost against the cheapest route's ("": no mud)."""
        run = result.run
        if run is None or not kinds.weighted(result.level.maze.tiles):
            return ""
        cheapest = run.optimal_cost
        if cheapest is None:  # mud and keys: no search weighs both
            return t("complete.mud_cost_alone", cost=run.cost)
        return t("complete.mud_cost_value", cost=run.cost, cheapest=cheapest)

    def __init__(self, ctx: Context, result: RunResult) -> None:
        self.result = result
        level = result.level
        self.optimal = max(0, int(result.optimal))
        self.moves = max(0, int(result.moves))
        hints = max(0, int(result.hints_used))
        self.stars = star_rating(self.moves, self.optimal, hints)
        self.missed = [missed_text(miss) for miss in missed_stars(self.moves, self.optimal, hints)]
        self.race = None if result.race is None else race_text(result.race)
        self.efficiency = 100 if self.moves == 0 else min(100, round(100 * self.optimal / self.moves))
        self.mud_cost = self._mud_cost(result)
        self.code: Optional[str] = None
        if level.spec is not None:
            try:
                self.code = level_code(level.spec)
            except ValueError:  # a custom spec the code scheme cannot express
                self.code = None
        self.best: Optional[float] = None
        self.new_best = False
        self.unlocked_next = False
        self.streak = 0  # the daily streak after a daily maze
        self.recorded = False
        self.t = 0.0
        self.has_next = level.index is not None and level.index + 1 < len(CAMPAIGN)
        self.rng = random.Random()  # the seed of "Another maze"
        title: MenuItem[Next] = MenuItem(t("complete.to_title"), lambda: ToTitle())
        retry: MenuItem[Next] = MenuItem(t("complete.retry"), self._retry)
        # the replay of the run (None: a result made without its run, as in a test)
        self.replay: Optional[Replay] = None
        if result.run is not None:
            self.replay = record(result.run, level, game=package_version(), date=utc_now())
        self.kept = False
        review: list[MenuItem[Next]] = ([] if self.replay is None
                                        else [MenuItem(t("complete.review"), self._review)])
        # the leaderboard: the run is sent when the screen shows; its standing polled a frame
        self.submission: Optional[Submission] = None
        self.standing: Optional[Standing] = None
        if ctx.settings.leaderboard.on and self.replay is not None and self.code is not None:
            review.append(MenuItem(t("complete.board"), self._board))
        items: list[MenuItem[Next]]
        if self.has_next:
            items = [MenuItem(t("complete.next"), self._next), *review, retry, title]
            self.footer = t("complete.footer_next")
        elif level.practice is not None:  # a locked level: again, or back
            levels: MenuItem[Next] = MenuItem(t("complete.to_levels"), lambda: ToLevelSelect())
            items = [retry, *review, levels, title]
            self.footer = t("complete.footer_practice")
        elif level.index is None and level.spec is not None and level.daily is None:
            # a custom maze: one more like it
            items = [MenuItem(t("complete.another_maze"), self._next), *review, retry, title]
            self.footer = t("complete.footer_another_maze")
        else:
            items = [title, *review, retry]
            self.footer = t("complete.footer_title")
        super().__init__(ctx, items)
        self.next_spec = self._next_spec()

    def on_enter(self) -> None:
        """Build the next maze ahead, keep the run's replay, record the run and save (once)."""
        if self.next_spec is not None:
            self.ctx.mazes.want(self.next_spec)
        if self.replay is not None and not self.kept:
            self.kept = True
            self.ctx.keep_replay(self.replay)
            if self.code is not None:
                day = self.result.level.daily
                self.submission = self.ctx.send_run(self.replay,
                                                   None if day is None else day.isoformat())
        if self.recorded or self.code is None:
            return
        from game.save import record_result

        self.recorded = True
        rec = record_result(self.ctx.progress, self.code, float(self.result.time), self.moves,
                            self.stars, self.result.level.index)
        self.new_best = rec.new_best_time
        self.unlocked_next = rec.unlocked_next
        self.best = self.ctx.progress.best_times.get(self.code)
        day = self.result.level.daily
        if day is not None:
            from game.daily import utc_today
            from game.save import record_daily

            self.streak = record_daily(self.ctx.progress, day, float(self.result.time),
                                       self.moves, today=utc_today()).streak
        self.ctx.save()

    def _next_spec(self) -> Optional[LevelSpec]:
        """Return the maze Next builds: the next level, or another custom maze; None: none."""
        level = self.result.level
        if level.index is not None and self.has_next:
            return CAMPAIGN[level.index + 1]
        if (level.index is None and level.spec is not None and level.daily is None
                and level.practice is None):
            seed = level.spec.seed
            while seed == level.spec.seed:
                seed = self.rng.randrange(1, 100_000)
            return replace(level.spec, seed=seed)
        return None

    def _next(self) -> Next:
        """Go to the next level (or, for a custom maze, another with the same settings)."""
        level = self.result.level
        if level.index is not None and self.has_next:
            number, span = chapter_of(level.index)
            if level.index + 1 == span.stop:  # the chapter's last level: sum it up first
                return ChapterDone(number)
            return StartLevel(level.index + 1)
        if self.next_spec is not None:
            return BuildMaze(self.next_spec, None, custom_label(self.next_spec))
        return ToTitle()

    def _review(self) -> Next:
        """Review the run over its maze."""
        assert self.replay is not None  # the item exists only with a replay
        return OpenReview(self.result.level, self.replay)

    def _board(self) -> Next:
        """Show the run's board: its day's daily board, or its level code's."""
        day = self.result.level.daily
        if day is not None:
            return OpenBoard("daily", day.isoformat())
        return OpenBoard("code", self.code or "")

    def _retry(self) -> Next:
        """Play the same maze again."""
        return Play(self.result.level)

    def handle_event(self, event: Event) -> Optional[Next]:
        """Enter next level, V review, R retry, Esc title; arrows/mouse pick a button."""
        key = pressed(event)
        if keys.is_escape(event):
            return ToTitle()
        if key == pygame.K_r:
            return self._retry()
        if key == pygame.K_v and self.replay is not None:
            return self._review()
        step = keys.direction(key)
        if step is not None and step[1]:
            self.menu.move(step[1])
            return None
        return super().handle_event(event)

    def update(self, dt: float) -> Optional[Next]:
        """Animate the stars popping in; take the leaderboard's answer once it arrived."""
        self.t += max(0.0, dt)
        if self.submission is not None:
            self.standing = self.submission.poll()
        return super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the stars, the figures and the buttons."""
        pal = theme.current().ui
        r = self.result
        last = r.level.index is not None and not self.has_next
        lay, top, bottom = self.draw_frame(
            surface, t("complete.title_last") if last else t("complete.title"), self.footer)
        box = lay.column(top, bottom, width=760)
        panel(surface, box, radius=lay.px(18, lo=4))
        pad = lay.px(18, lo=4)
        inner = box.inflate(-2 * pad, -2 * pad)
        label = level_title(r.level) or t("level.untitled")
        label_f = fit_font(label, lay.font_size(32), inner.width, min_size=12)
        y = inner.top + label_f.get_height() // 2
        draw_text(surface, label, label_f, pal.text_dim, (inner.centerx, y), max_width=inner.width)
        y += label_f.get_height() // 2
        rows = [
            (t("complete.time"), format_time(r.time), False),
            (t("complete.moves"), str(self.moves), False),
            (t("complete.optimal"), str(self.optimal), False),
            (t("complete.efficiency"), t("complete.efficiency_value", percent=self.efficiency),
             False),
            (t("complete.hints"), str(r.hints_used), False),
        ]
        if self.mud_cost:  # on mud the fewest moves is not the fastest way: the cost says
            rows.append((t("complete.mud_cost"), self.mud_cost, False))
        closest = None if r.run is None else r.run.chase.closest
        if closest is not None:  # how close the chasers came: the run's tension in a figure
            rows.append((t("complete.closest"), t("complete.closest_value", steps=closest), False))
        if self.best is not None:
            best = format_time(self.best)
            rows.append((t("complete.best"),
                         t("complete.best_new", time=best) if self.new_best else best,
                         self.new_best))
        low = round(min_font() * text_scale())  # the smallest text, in pixels
        button_h = max(low + 10, min(lay.px(64), inner.height // 6))
        note = (t("complete.unlocked", number=r.level.index + 2)
                if self.unlocked_next and self.has_next and r.level.index is not None
                else t("complete.daily_streak", days=self.streak) if self.streak
                else t("complete.practice_note") if r.level.practice is not None else "")
        nf = fit_font(note, lay.font_size(28), inner.width, min_size=12)
        avail = inner.bottom - button_h - lay.px(12, lo=2) - y
        bins = () if self.standing is None else self.standing.bins
        if note and (text_scale() > 1 or bins):  # keep the note's line free of figures, chart
            avail -= nf.get_linesize()
        star_r = max(6, min(lay.px(34), avail // 7))
        # the sentences under the stars: the race first, then why stars were missed
        missed = [(reason, pal.danger) for reason in self.missed]
        if r.race is not None and self.race is not None:
            missed.insert(0, (self.race, pal.teal if r.race.player_first else pal.accent))
        chart_h = min(lay.px(90), avail // 5) if bins else 0  # bars and their labels
        avail -= chart_h
        said = [] if self.standing is None else standing_lines(self.standing)
        missed[:0] = [(text, pal.teal if i == 0 else pal.text) for i, text in enumerate(said)]
        # figures that do not fit even in the smallest text go, the least telling first
        for drop in (t("complete.mud_cost"), t("complete.hints"), t("complete.optimal"),
                     t("complete.efficiency")):
            if (low + 2) * (len(rows) + len(missed)) <= avail - star_r * 3:
                break
            rows = [row for row in rows if row[0] != drop]
        if (low + 2) * (len(rows) + len(missed)) > avail - star_r * 3:
            missed = missed[:max(1, len(said))]  # the board's answer, or the first reason
        lines = len(rows) + len(missed)
        line_h = max(low + 2, min(lay.px(40 * text_scale()), (avail - star_r * 3) // lines))
        block = star_r * 2 + lay.px(22, lo=4) + line_h * lines
        y += max(lay.px(6, lo=1), (avail - block) // 2)
        y += star_r
        self._draw_popping_stars(surface, (inner.centerx, y), star_r)
        y += star_r + lay.px(22, lo=4)
        f = font(max(min_font(), min(lay.font_size(32), int(unscaled(line_h * 0.95)))))
        for reason, colour in missed:
            draw_text(surface, reason, f, colour, (inner.centerx, y + line_h // 2),
                      max_width=inner.width)
            y += line_h
        for name, value, gold in rows:
            cy = y + line_h // 2
            draw_text(surface, name, f, pal.text_dim, (inner.centerx - pad // 2, cy),
                      anchor="midright", max_width=inner.width // 2 - pad)
            color = pal.accent if gold else pal.text
            draw_text(surface, value, f, color, (inner.centerx + pad // 2, cy),
                      anchor="midleft", max_width=inner.width // 2 - pad)
            y += line_h
        if chart_h > 4 and self.standing is not None:
            chart = pygame.Rect(0, y + 2, min(inner.width, lay.px(400)), chart_h - 6)
            chart.centerx = inner.centerx
            draw_histogram(surface, chart, bins, self.standing.marked, self.standing.span,
                           self.standing.total)
            y += chart_h
        if note:
            ny = min(y + nf.get_height(), inner.bottom - button_h - nf.get_height() // 2 - 2)
            # never over the chart (its marked bar's line hangs 3 px under it)
            least = y + 1 if chart_h > 4 else y - line_h // 4
            if ny - nf.get_height() // 2 >= least:
                draw_text(surface, note, nf, pal.teal, (inner.centerx, ny), max_width=inner.width)
        area = pygame.Rect(inner.left, inner.bottom - button_h, inner.width, button_h)
        self._draw_buttons(surface, lay, area)

    def _draw_popping_stars(self, surface: pygame.Surface, center: tuple[int, int],
                            radius: int) -> None:
        """Draw the three stars, earned ones growing in one after another."""
        pal, motion = theme.current().ui, theme.current().motion
        gap = radius * 2.6
        for i in range(3):
            c = (center[0] + (i - 1) * gap, center[1])
            grow = min(1.0, max(0.0, (self.t - motion.star_delay * i) * motion.star_grow))
            if motion.reduced:
                grow = 1.0  # no popping in: the stars are there at once
            if i < self.stars:
                rr = radius * (0.6 + 0.4 * grow + 0.15 * math.sin(math.pi * grow))
                pygame.draw.polygon(surface, pal.accent if grow > 0 else pal.text_off,
                                    star_points(c, rr), width=0 if grow > 0 else 2)
            else:
                pygame.draw.polygon(surface, pal.text_off, star_points(c, radius),
                                    width=max(1, radius // 8))

    def _draw_buttons(self, surface: pygame.Surface, lay: Layout, area: pygame.Rect) -> None:
        """Draw the menu as a row of buttons (mouse rects come from here)."""
        pal = theme.current().ui
        n = len(self.menu.items)
        gap = lay.px(12, lo=3)
        widths = button_widths([item.text() for item in self.menu.items],
                               font(min(lay.font_size(34), int(unscaled(area.height * 0.8)))),
                               area.width - gap * (n - 1))
        self.menu.rects = []
        self.menu.arrow_rects = []
        x = area.left
        for i, item in enumerate(self.menu.items):
            r = pygame.Rect(x, area.top, widths[i], area.height)
            x = r.right + gap
            self.menu.rects.append(r)
            self.menu.arrow_rects.append((None, None))
            chosen = i == self.menu.selected
            pygame.draw.rect(surface, pal.accent if chosen else pal.tile_open, r,
                             border_radius=max(3, r.height // 4))
            text = item.text()
            f = fit_font(text, min(lay.font_size(34), int(unscaled(r.height * 0.8))), r.width - 8,
                         min_size=12)
            draw_text(surface, text, f, pal.accent_dark if chosen else pal.text, r.center,
                      max_width=r.width - 6)
