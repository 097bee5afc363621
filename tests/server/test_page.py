"""The board's page in a real headless browser (Chromium from Debian's packages).

A real ``migong serve`` takes two daily runs of today; Chromium loads ``GET /`` at a
phone's width, and its DOM and its screenshot must show both runs and the histogram.
Set ``MIGONG_PAGE_SHOT=FILE`` to keep the screenshot.  Under CI a missing Chromium fails;
off CI it is skipped, saying how to install it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from datetime import date, timedelta
from pathlib import Path
from typing import Iterator
from urllib.error import HTTPError
from urllib.request import urlopen

import pytest
from PIL import Image

from game.daily import utc_today
from game.server.client import board, submit
from game.times import format_time
from tests.server.conftest import LEVEL_1, daily_doc, replay_doc
from tests.server.devtools import Browser
from tests.server.test_durability import free_port, start_server

#: A phone's screen, in CSS pixels.
PHONE = (390, 844)


def chromium() -> str:
    """Return Chromium's command, or fail (CI) / skip (elsewhere) when it is missing."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI"):
        pytest.fail("Chromium is not installed (apt-get install -y chromium)")
    pytest.skip("Chromium is not installed (apt-get install -y chromium)")


def browse(browser: str, url: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run headless Chromium on ``url`` with ``args``; return what it did."""
    return subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                           "--hide-scrollbars", f"--window-size={PHONE[0]},{PHONE[1]}",
                           "--virtual-time-budget=3000", *args, url],
                          capture_output=True, text=True, timeout=120)


def test_the_page_shows_todays_runs_and_histogram_on_a_phone(tmp_path: Path) -> None:
    browser = chromium()
    port = free_port()
    server = f"http://127.0.0.1:{port}"
    proc = start_server(f"sqlite:///{tmp_path / 'board.sqlite3'}", port, tmp_path / "log")
    try:
        today = utc_today().isoformat()
        for name, detour in (("Ada", 0), ("张三丰", 2), ("bo_9", 5)):
            status, _ = submit(server, daily_doc(utc_today(), detour=detour), name, today)
            assert status == 201
        dom = browse(browser, server + "/", "--dump-dom")
        assert dom.returncode == 0, dom.stderr[-800:]
        assert "Ada" in dom.stdout and "张三丰" in dom.stdout and "bo_9" in dom.stdout
        assert dom.stdout.count('class="bar"') >= 1 and today in dom.stdout
        shot = Path(os.environ.get("MIGONG_PAGE_SHOT") or tmp_path / "page.png")
        taken = browse(browser, server + "/", f"--screenshot={shot}")
        assert taken.returncode == 0 and shot.is_file(), taken.stderr[-800:]
        with Image.open(shot) as image:
            assert image.size == PHONE
            colours = image.convert("RGB").getcolors(maxcolors=1 << 16)
        assert colours is not None and len(colours) > 20  # text and bars, not a blank page
        bar_blue = sum(n for n, (r, g, b) in colours if b > 180 and r < 120 and g > 120)
        assert bar_blue > 100  # the histogram's bars are drawn
    finally:
        proc.terminate()
        proc.wait(timeout=20)


#: A desktop's window, in CSS pixels.
DESKTOP = (1280, 800)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, date]]:
    """Yield a real server holding runs of today, of yesterday and of one level code."""
    tmp = tmp_path_factory.mktemp("page")
    port = free_port()
    server = f"http://127.0.0.1:{port}"
    proc = start_server(f"sqlite:///{tmp / 'board.sqlite3'}", port, tmp / "log")
    try:
        today = utc_today()
        yesterday = today - timedelta(days=1)
        for name, day, detour in (("Ada", today, 0), ("Bo", yesterday, 0),
                                  ("Cy", yesterday, 3)):
            status, _ = submit(server, daily_doc(day, detour=detour), name, day.isoformat())
            assert status == 201
        status, _ = submit(server, replay_doc(LEVEL_1, detour=1), "Dee")
        assert status == 201
        yield server, today
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def shoot(browser: str, url: str, size: tuple[int, int], name: str, tmp: Path) -> Path:
    """Take a screenshot of ``url`` at ``size`` (kept in ``MIGONG_PAGE_SHOTS``, if set)."""
    folder = Path(os.environ.get("MIGONG_PAGE_SHOTS") or tmp)
    folder.mkdir(parents=True, exist_ok=True)
    shot = folder / f"{name}-{size[0]}x{size[1]}.png"
    taken = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                            "--hide-scrollbars", f"--window-size={size[0]},{size[1]}",
                            f"--screenshot={shot}", url], capture_output=True, text=True,
                           timeout=120)
    assert taken.returncode == 0 and shot.is_file(), taken.stderr[-800:]
    return shot


#: Where the heading's date lies: how many line boxes it takes, and the page's widths.
DATE_BOXES = """(() => {
  const h = document.querySelector('h1'), want = %s;
  const walk = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
  for (let node; (node = walk.nextNode());) {
    const at = node.data.indexOf(want);
    if (at >= 0) {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + want.length);
      return {boxes: range.getClientRects().length, page: document.documentElement.scrollWidth,
              view: innerWidth, size: parseFloat(getComputedStyle(h).fontSize)};
    }
  }
  return {boxes: 0};
})()"""


@pytest.mark.parametrize("size", [PHONE, DESKTOP])
def test_the_headings_date_stays_whole_on_one_line(served: tuple[str, date],
                                                   size: tuple[int, int], tmp_path: Path) -> None:
    server, today = served
    with Browser(chromium(), server + "/", size) as page:
        found = page.run(DATE_BOXES % json.dumps(today.isoformat()))
    assert found["boxes"] == 1, found  # "2026-12-" and "03" on two lines were two boxes
    assert found["page"] <= found["view"] == size[0] and found["size"] >= 18, found
    shoot(chromium(), server + "/", size, "today", tmp_path)


def test_one_run_is_one_and_times_read_as_the_game_writes_them(
        served: tuple[str, date], tmp_path: Path) -> None:
    server, today = served
    with Browser(chromium(), server + "/", PHONE) as page:
        title = page.run("document.getElementById('histogram-title').textContent")
        times = page.run("[...document.querySelectorAll('#board td:last-child')]"
                         ".map(td => td.textContent)")
        axis = page.run("document.querySelector('.axis').textContent")
        page.run_after(f"location.href = '/?date={today - timedelta(days=1)}'",
                       f"?date={today - timedelta(days=1)}")
        titles = page.run("document.getElementById('histogram-title').textContent")
    assert title == "Time of the one run" and titles == "Times of all 2 runs"
    ada = board(server, "daily", today.isoformat())["entries"][0]["time"]
    assert times == [format_time(ada)] and re.fullmatch(r"\d+:\d\d\.\d", times[0]), times
    assert " s" not in axis and re.fullmatch(r"\d+:\d\d\.\d\d+:\d\d\.\d", axis), axis


def test_the_day_before_and_after_and_a_code_board_are_a_tap_away(
        served: tuple[str, date], tmp_path: Path) -> None:
    server, today = served
    yesterday = (today - timedelta(days=1)).isoformat()
    players = "[...document.querySelectorAll('#board tbody tr td:nth-child(2)')]" \
              ".map(td => td.firstChild.textContent.trim())"
    with Browser(chromium(), server + "/", PHONE) as page:
        assert page.run(players) == ["Ada"]
        assert page.run("document.getElementById('next')") is None  # no board of tomorrow yet
        page.run_after("document.getElementById('prev').click()", f"?date={yesterday}")
        assert page.run(players) == ["Bo", "Cy"]
        assert page.run("document.getElementById('day').textContent") == yesterday
        page.run_after("document.getElementById('next').click()", "")
        assert page.run(players) == ["Ada"]
        page.run_after(f"const f = document.getElementById('pick-date'); f.value = '{yesterday}';"
                       " f.form.requestSubmit()", f"?date={yesterday}")
        assert page.run(players) == ["Bo", "Cy"]
        page.run_after(f"const f = document.getElementById('pick-code'); f.value = '{LEVEL_1}';"
                       " f.form.requestSubmit()", f"?code={LEVEL_1}")
        assert page.run(players) == ["Dee"]
        assert LEVEL_1 in page.run("document.getElementById('level-code').textContent")
    shoot(chromium(), f"{server}/?date={yesterday}", PHONE, "yesterday", tmp_path)
    shoot(chromium(), f"{server}/?code={LEVEL_1}", PHONE, "code", tmp_path)
    shoot(chromium(), f"{server}/?code={LEVEL_1}", DESKTOP, "code", tmp_path)


@pytest.mark.parametrize(("query", "says"), [
    ("date=nope", "is not a date"), ("date=2026-02-30", "is not a date"),
    ("date=2999-01-01", "has not come yet"), ("date=" + "9" * 5000, "is not a date"),
    ("code=%40%40", "is not a level code"), ("code=", "Type a level code"),
    ("code=" + "X" * 5000, "is not a level code"), ("code=%00%FF%FE", "is not a level code"),
    ("date=2026-12-01&code=B11x11-UL", "not both"),
])
def test_a_bad_query_is_a_readable_400_page(served: tuple[str, date], query: str,
                                             says: str) -> None:
    server, _ = served
    with pytest.raises(HTTPError) as refused:
        urlopen(f"{server}/?{query}", timeout=30)
    assert refused.value.code == 400
    assert refused.value.headers["content-type"].startswith("text/html")
    body = refused.value.read().decode("utf-8")
    assert says in body and 'href="/"' in body and len(body) < 4000


def test_a_bad_query_page_reads_in_a_browser(served: tuple[str, date], tmp_path: Path) -> None:
    server, _ = served
    with Browser(chromium(), server + "/?date=2026-13-01", PHONE) as page:
        problem = page.run("document.getElementById('problem').textContent")
        assert "2026-13-01" in problem and "YYYY-MM-DD" in problem
        page.run_after("document.getElementById('today').click()", "")
        assert page.run("document.querySelector('h1').textContent").startswith("The daily maze")
    shoot(chromium(), server + "/?date=2026-13-01", PHONE, "bad", tmp_path)


def test_a_bad_dates_pattern_stays_whole_on_a_phone(served: tuple[str, date]) -> None:
    server, _ = served
    with Browser(chromium(), server + "/?date=2026-13-01", PHONE) as page:
        found = page.run(DATE_BOXES.replace("'h1'", "'#problem'") % json.dumps("YYYY-MM-DD"))
    assert found["boxes"] == 1, found  # "YYYY-" and "MM-DD" on two lines were two boxes


def test_a_code_typed_in_lower_case_finds_its_board(served: tuple[str, date]) -> None:
    server, _ = served
    with urlopen(f"{server}/?code={LEVEL_1.lower()}", timeout=30) as answer:
        body = answer.read().decode("utf-8")
    assert "Dee" in body and LEVEL_1 in body
