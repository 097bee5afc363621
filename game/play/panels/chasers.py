"""The chasers on the stage, the warnings, and the card of a caught run.

Reads a :class:`PlaySession`.  A chaser is a dark red horned head with glowing eyes,
drawn where the session says it is (between tiles while it steps); in fog only on a tile
in sight.  Until they set off a caption says that chasers sleep in the maze and wake a
second after the first move.  While a chaser is near (``NEAR`` steps) and not seen -- in
the dark, or off the view -- the view's edge glows red, pulsing faster the nearer it is.
In first person, where a chaser behind or round a corner is never seen, the player
senses it as soon as it is awake: the edge on its side glows (stronger as it nears), a
tag says where it is and how far, and the heartbeat beats slowly from afar.  Once caught
the view dims under a card on a dark panel: how close the run came, and the keys to
retry at once or leave (the key strip says them too).
"""

from __future__ import annotations

import math
from typing import Optional

import pygame

from game.maze.chase import CHASER_TICKS, NEAR, RATE, SCENT_TICKS, WALK_TICKS
from game.play import theme
from game.play.camera import Camera
from game.play.firstperson.overlay import compass_rect
from game.play.widgets import hud
from game.play.widgets.text import draw_text, font
from game.run.session import PlaySession
from game.text import t

#: The chaser's colours: its head, its horns, its eyes.
BODY = (150, 34, 30)
HORN = (236, 222, 196)
EYES = (255, 214, 64)
#: The warning edge's colour and its width at its brightest, in pixels.
EDGE = (220, 30, 30)
EDGE_WIDTH = 14


#: The heartbeat's interval (s) with a chaser NEAR steps away, and a step away.
BEAT_FAR = 1.0
BEAT_CLOSE = 0.4
#: In first person: the slow beat while an awake chaser hunts from farther than NEAR, and
#: the weakest glow of its side's edge (SENSE steps away or farther).
BEAT_SENSED = 1.4
SENSE = 40
SENSE_GLOW = 0.4
#: The caught card's backing panel (translucent near-black) and its title's colour: a
#: light red that reads on the dark panel and on the chaser's own dark red.
CARD = (12, 6, 6, 225)
CAUGHT_TITLE = (255, 112, 96)
#: The text on the dark card and tag, the same in every palette (the panel is always dark).
CARD_TEXT = (244, 238, 228)


def pace() -> dict[str, str]:
    """Return the chase's figures from its rules: chaser and held-key tiles a second, scent seconds."""
    return {"chaser": f"{RATE / CHASER_TICKS:g}", "walk": f"{RATE / WALK_TICKS:g}",
            "scent": f"{SCENT_TICKS / RATE:g}"}


def asleep_view(view: pygame.Rect) -> pygame.Rect:
    """Return the part of a first-person ``view`` the asleep sign tops (under the compass)."""
    return view.inflate(0, -view.height // 6)


def tag_size(view: pygame.Rect) -> int:
    """Return the letter size of the sensed chaser's tag in a first-person ``view``."""
    return max(12, min(26, view.height // 20))


def sense_tag(view: pygame.Rect, text: str) -> tuple[pygame.Rect, pygame.font.Font]:
    """Return the sensed chaser's tag (its box and font) in a first-person ``view``.

    It hangs under the compass as far as the compass hangs under the view's top.
    """
    size = tag_size(view)
    f = font(size, bold=True)
    box = pygame.Rect(0, 0, min(view.width - 8, f.size(text)[0] + size), round(size * 1.6))
    compass = compass_rect(view)
    box.midtop = (view.centerx, compass.bottom + compass.top - view.top)
    return box, f


def side_of(bearing: float) -> str:
    """Return the side ("ahead", "right", "behind", "left") of a bearing relative to the facing."""
    b = (bearing + math.pi) % (2 * math.pi) - math.pi  # -pi..pi, 0 ahead, +pi/2 right
    if abs(b) <= math.pi / 4:
        return "ahead"
    if abs(b) >= 3 * math.pi / 4:
        return "behind"
    return "right" if b > 0 else "left"


def sense_text(side: str, steps: int) -> str:
    """Return the first person's tag of a chaser sensed on ``side``, ``steps`` away."""
    if side == "ahead":
        return t("chase.sense_ahead", steps=steps)
    if side == "behind":
        return t("chase.sense_behind", steps=steps)
    if side == "left":
        return t("chase.sense_left", steps=steps)
    return t("chase.sense_right", steps=steps)


def sensed_beat(near: Optional[int]) -> Optional[float]:
    """Return the first person's heartbeat interval for a hunting chaser ``near`` steps away."""
    close = beat_interval(near)
    if close is not None or near is None:
        return close
    return BEAT_SENSED


def warning_of(near: Optional[int]) -> float:
    """Return how strong the warning of a chaser ``near`` steps away is: 0 (none) to 1."""
    if near is None or near > NEAR:
        return 0.0
    return 1.0 - near / (NEAR + 1)


def beat_interval(near: Optional[int]) -> Optional[float]:
    """Return the seconds between heartbeats with the nearest chaser ``near`` steps away.

    None while none is near (no beat); from BEAT_FAR at NEAR steps to BEAT_CLOSE at one.
    """
    strength = warning_of(near)
    if strength <= 0:
        return None
    weakest, strongest = warning_of(NEAR), warning_of(1)
    share = (strength - weakest) / (strongest - weakest)
    return BEAT_FAR + (BEAT_CLOSE - BEAT_FAR) * share


class Chasers:
    """The chasers of ``session`` drawn as ``camera`` sees them."""

    def __init__(self, session: PlaySession, camera: Camera) -> None:
        self.session = session
        self.camera = camera

    def visible(self, view: pygame.Rect) -> list[tuple[float, float]]:
        """Return the screen centres of the chasers the player sees in ``view``."""
        out = []
        tile = self.camera.tile
        for i, (r, c) in enumerate(self.session.chasers):
            if not self.session.chaser_seen(i):
                continue
            x, y = self.camera.to_screen(r, c)
            cx, cy = view.x + x + tile / 2, view.y + y + tile / 2
            if view.collidepoint(cx, cy):
                out.append((cx, cy))
        return out

    def draw(self, surface: pygame.Surface, view: pygame.Rect, now: float) -> None:
        """Draw every chaser in sight: a horned head with eyes."""
        tile = self.camera.tile
        r = max(3.0, tile * 0.42)
        for cx, cy in self.visible(view):
            horn = [(cx - r * 0.9, cy - r * 0.2), (cx - r * 1.2, cy - r * 1.2),
                    (cx - r * 0.4, cy - r * 0.7)]
            pygame.draw.polygon(surface, HORN, horn)
            pygame.draw.polygon(surface, HORN, [(2 * cx - x, y) for x, y in horn])
            pygame.draw.circle(surface, BODY, (round(cx), round(cy)), round(r))
            if r >= 5:
                e = max(1, round(r * 0.18))
                for side in (-1, 1):
                    pygame.draw.circle(surface, EYES,
                                       (round(cx + side * r * 0.38), round(cy - r * 0.1)), e)

    def draw_on_map(self, surface: pygame.Surface, rect: pygame.Rect, rows: int,
                    cols: int) -> None:
        """Mark every chaser in sight on the map in ``rect`` (first person's corner map)."""
        sx, sy = rect.width / cols, rect.height / rows
        radius = max(4, round(min(sx, sy) * 1.2))
        for i, (r, c) in enumerate(self.session.chasers):
            if self.session.chaser_seen(i):
                centre = (round(rect.x + (c + 0.5) * sx), round(rect.y + (r + 0.5) * sy))
                pygame.draw.circle(surface, BODY, centre, radius)
                pygame.draw.circle(surface, HORN, centre, radius, 1)

    def warning(self) -> float:
        """Return how strong the warning is, 0 (none) to 1 (a step away)."""
        if self.session.caught:
            return 0.0
        return warning_of(self.session.nearest_chaser)

    def draw_warning(self, surface: pygame.Surface, view: pygame.Rect, now: float) -> None:
        """Glow the view's edge red while a chaser is near and none is seen."""
        strength = self.warning()
        if strength <= 0 or self.visible(view):
            return
        reduced = theme.current().motion.reduced
        beat = 1.0 if reduced else 0.6 + 0.4 * abs(math.sin(now * (2 + 6 * strength)))
        width = max(2, round(EDGE_WIDTH * strength))
        alpha = round(200 * strength * beat)
        glow = pygame.Surface(view.size, pygame.SRCALPHA)
        for k in range(width):
            a = round(alpha * (1 - k / width))
            pygame.draw.rect(glow, (*EDGE, a), glow.get_rect().inflate(-2 * k, -2 * k), 1)
        surface.blit(glow, view.topleft)

    def awake_text(self) -> str:
        """Return the toast of the chasers setting off."""
        one = len(self.session.chasers) == 1
        figures = pace()
        if one:
            return t("chase.awake_toast_one", chaser=figures["chaser"], walk=figures["walk"])
        return t("chase.awake_toast_many", chaser=figures["chaser"], walk=figures["walk"])

    def beat(self, first_person: bool) -> Optional[float]:
        """Return the heartbeat's interval now (None: no beat); first person senses from afar."""
        session = self.session
        if session.caught:
            return None
        near = session.nearest_chaser
        if first_person and self.hunting():
            return sensed_beat(near)
        return beat_interval(near)

    def asleep_lines(self) -> Optional[tuple[str, str]]:
        """Return the caption before the chasers set off (None: none sleep, or they are off)."""
        session = self.session
        count = len(session.chasers)
        if not count or session.chasers_awake or session.caught:
            return None
        if count == 1:
            return t("chase.asleep_one"), t("chase.asleep_when")
        return t("chase.asleep_many", count=count), t("chase.asleep_when_many")

    def draw_asleep(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Say at the top of ``view`` that chasers sleep here, until they set off."""
        lines = self.asleep_lines()
        if lines is not None:
            hud.draw_caption(surface, view, *lines, spot="top")

    def under_asleep(self, room: pygame.Rect, view: pygame.Rect, hinted: bool) -> pygame.Rect:
        """Return ``room`` less what lies above the asleep caption's bottom (it tops ``view``).

        A toast at the top of the view (the fog's tip) was drawn over that caption.
        """
        lines = None if hinted else self.asleep_lines()
        box = None if lines is None else hud.caption_rect(view, *lines, spot="top")
        if box is None or not box.colliderect(room) or box.bottom >= room.bottom - 1:
            return room
        return pygame.Rect(room.x, box.bottom, room.width, room.bottom - box.bottom)

    def hunting(self) -> bool:
        """Return True while the chasers are off and one is on the player's scent."""
        session = self.session
        return (session.chasers_awake and not session.caught
                and any(chaser.hunting for chaser in session.run.chase.chasers))

    def sensed(self, angle: float) -> Optional[tuple[str, int]]:
        """Return the side and steps of the awake chaser the first person senses (None: none).

        ``angle``: the way faced (radians, 0 east, clockwise as rows grow).
        """
        session = self.session
        near = session.nearest_chaser
        pos = session.nearest_chaser_pos()
        if not self.hunting() or near is None or pos is None:
            return None
        pr, pc = session.run.player.render_pos
        bearing = math.atan2(pos[0] - pr, pos[1] - pc) - angle
        return side_of(bearing), near

    def draw_sense(self, surface: pygame.Surface, view: pygame.Rect, angle: float,
                   now: float) -> None:
        """In first person: glow the edge on the sensed chaser's side, tag where and how far."""
        sensed = self.sensed(angle)
        if sensed is None:
            return
        side, steps = sensed
        strength = max(SENSE_GLOW, warning_of(steps), 1.0 - steps / (SENSE + 1))
        reduced = theme.current().motion.reduced
        beat = 1.0 if reduced else 0.7 + 0.3 * abs(math.sin(now * (2 + 6 * strength)))
        width = max(6, round(EDGE_WIDTH * 3 * strength))
        glow = pygame.Surface(view.size, pygame.SRCALPHA)
        w, h = view.size
        for k in range(width):
            a = round((110 + 145 * strength * beat) * (1 - k / width))
            if side == "left":
                pygame.draw.line(glow, (*EDGE, a), (k, 0), (k, h - 1))
            elif side == "right":
                pygame.draw.line(glow, (*EDGE, a), (w - 1 - k, 0), (w - 1 - k, h - 1))
            elif side == "behind":
                pygame.draw.line(glow, (*EDGE, a), (0, h - 1 - k), (w - 1, h - 1 - k))
            else:
                pygame.draw.line(glow, (*EDGE, a), (0, k), (w - 1, k))
        surface.blit(glow, view.topleft)
        self.draw_tag(surface, view, side, steps)

    def draw_tag(self, surface: pygame.Surface, view: pygame.Rect, side: str, steps: int) -> None:
        """Draw the tag of a chaser sensed on ``side``, ``steps`` away, under the compass."""
        text = sense_text(side, steps)
        box, f = sense_tag(view, text)
        pill = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(pill, CARD, pill.get_rect(), border_radius=box.height // 2)
        surface.blit(pill, box)
        pygame.draw.rect(surface, EDGE, box, 1, border_radius=box.height // 2)
        draw_text(surface, text, f, CAUGHT_TITLE if steps <= NEAR else CARD_TEXT, box.center,
                  max_width=box.width - tag_size(view) // 2)

    def signs(self, view: pygame.Rect, angle: float, hinted: bool) -> list[pygame.Rect]:
        """Return where the first person's signs under the compass are in ``view``.

        The asleep sign (not while ``hinted``) and the sensed chaser's tag (``angle``: the way
        faced); a toast keeps below them.
        """
        lines = None if hinted else self.asleep_lines()
        asleep = None if lines is None else hud.caption_rect(asleep_view(view), *lines, spot="top")
        sensed = self.sensed(angle)
        tag = None if sensed is None else sense_tag(view, sense_text(*sensed))[0]
        return [rect for rect in (asleep, tag) if rect is not None]

    def draw_caught(self, surface: pygame.Surface, view: pygame.Rect,
                    exit_steps: Optional[int]) -> pygame.Rect:
        """Dim the view under the caught card: a dark panel, how close it was, and the keys.

        Return the card's rect.
        """
        shade = pygame.Surface(view.size, pygame.SRCALPHA)
        shade.fill((40, 0, 0, 150))
        surface.blit(shade, view.topleft)
        lines = [t("chase.caught")]
        if exit_steps is not None:
            lines.append(t("chase.caught_close", steps=exit_steps))
        lines.append(t("chase.caught_keys"))
        scale = hud.ui_scale(surface.get_size())
        sizes = (max(26, round(56 * scale)), max(16, round(30 * scale)),
                 max(14, round(24 * scale)))
        fonts = [font(size, bold=i != 1) for i, size in enumerate(sizes[: len(lines)])]
        fonts[-1] = font(sizes[2], bold=True)
        gap = max(6, sizes[1] // 2)
        room = view.width - 16
        width = min(room, max(f.size(text)[0] for f, text in zip(fonts, lines)) + 4 * gap)
        height = sum(f.get_linesize() for f in fonts) + gap * (len(lines) + 1)
        card = pygame.Rect(0, 0, width, min(view.height - 8, height))
        card.center = view.center
        back = pygame.Surface(card.size, pygame.SRCALPHA)
        pygame.draw.rect(back, CARD, back.get_rect(), border_radius=max(4, gap))
        surface.blit(back, card)
        pygame.draw.rect(surface, EDGE, card, 2, border_radius=max(4, gap))
        y = card.top + gap
        colours = [CAUGHT_TITLE, CARD_TEXT, CARD_TEXT]
        for text, f, colour in zip(lines, fonts, colours):
            draw_text(surface, text, f, colour, (card.centerx, y), anchor="midtop",
                      max_width=card.width - 2 * gap, shadow=(0, 0, 0))
            y += f.get_linesize() + gap
        return card
