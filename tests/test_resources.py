"""Assets are found from the checkout, an installed wheel and a PyInstaller bundle."""

from __future__ import annotations

import importlib.util
import sys
import wave
from pathlib import Path
from typing import Iterator

import numpy as np
import pygame
import pytest

import game
from game import resources
from game.resources import AssetNotFoundError, asset_path

REPO = Path(__file__).resolve().parent.parent

TILES = ["floor", "floor_alt", "wall_top", "wall_face", "door", "stairs", "entrance"]
SPRITES = [f"player_{d}" for d in ("up", "right", "down", "left")]
SOUNDS = ["step", "bump", "hint", "complete", "click"]


@pytest.fixture(autouse=True)
def fresh_roots() -> Iterator[None]:
    """Forget cached asset roots before and after each test."""
    resources.asset_roots.cache_clear()
    yield
    resources.asset_roots.cache_clear()


def _fake_game_package(monkeypatch: pytest.MonkeyPatch, root: Path) -> None:
    """Pretend the ``game`` package lives in ``root/game``."""
    (root / "game").mkdir(parents=True)
    (root / "game" / "__init__.py").write_text("")
    monkeypatch.setattr(game, "__file__", str(root / "game" / "__init__.py"))


def _touch(path: Path, text: str = "x") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_source_checkout_finds_the_top_level_assets() -> None:
    assert asset_path("icon.png") == REPO / "assets" / "icon.png"
    assert asset_path() == REPO / "assets"


@pytest.mark.parametrize(
    "parts",
    [("tiles", f"{n}.png") for n in TILES]
    + [("sprites", f"{n}.png") for n in SPRITES]
    + [("sounds", f"{n}.wav") for n in SOUNDS]
    + [("icon.png",)],
)
def test_every_contract_asset_is_committed(parts: tuple[str, ...]) -> None:
    path = asset_path(*parts)
    assert path.is_file() and path.stat().st_size > 0


def test_pyinstaller_bundle_uses_meipass_assets(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    bundle = tmp_path / "_MEI12345"
    _fake_game_package(monkeypatch, bundle)
    floor = _touch(bundle / "assets" / "tiles" / "floor.png")
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert asset_path("tiles", "floor.png") == floor.resolve()


def test_installed_wheel_prefers_package_assets_over_a_stray_site_packages_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    site = tmp_path / "site-packages"
    _fake_game_package(monkeypatch, site)
    _touch(site / "assets" / "icon.png", "someone else's")
    ours = _touch(site / "game" / "assets" / "icon.png", "ours")
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    found = asset_path("icon.png")
    assert found == ours.resolve()
    assert found.read_text() == "ours"


def test_missing_asset_error_names_the_paths_it_tried(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _fake_game_package(monkeypatch, tmp_path / "app")
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    with pytest.raises(AssetNotFoundError) as info:
        asset_path("sounds", "nope.wav")
    message = str(info.value)
    assert "'sounds/nope.wav'" in message
    assert str((tmp_path / "app" / "assets" / "sounds" / "nope.wav").resolve()) in message
    assert isinstance(info.value, FileNotFoundError)


def test_missing_asset_in_the_real_tree_raises() -> None:
    with pytest.raises(AssetNotFoundError, match="no_such_tile.png"):
        asset_path("tiles", "no_such_tile.png")


def _load_make_assets():  # type: ignore[no-untyped-def]
    """Import assets/make_assets.py (a script, not a package module)."""
    spec = importlib.util.spec_from_file_location("make_assets", REPO / "assets" / "make_assets.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _pixels(path: Path) -> np.ndarray:
    surf = pygame.image.load(str(path))
    return np.frombuffer(pygame.image.tobytes(surf, "RGBA"), np.uint8).reshape(
        surf.get_height(), surf.get_width(), 4
    )


@pytest.mark.parametrize("name", TILES)
def test_tiles_are_opaque_32px_squares(name: str) -> None:
    px = _pixels(asset_path("tiles", f"{name}.png"))
    assert px.shape == (32, 32, 4)
    assert (px[..., 3] == 255).all()
    assert px[..., :3].std() > 5  # shaded and textured, not a flat fill


@pytest.mark.parametrize("name", SPRITES)
def test_player_sprites_are_32px_with_a_transparent_background(name: str) -> None:
    px = _pixels(asset_path("sprites", f"{name}.png"))
    assert px.shape == (32, 32, 4)
    assert px[0, 0, 3] == 0 and px[0, 31, 3] == 0
    assert px[16, 16, 3] == 255


def test_player_faces_differ_and_left_mirrors_right() -> None:
    faces = {d: _pixels(asset_path("sprites", f"player_{d}.png")) for d in ("up", "right", "down", "left")}
    assert np.array_equal(faces["left"], faces["right"][:, ::-1])
    for a in faces:
        for b in faces:
            if a < b:
                assert not np.array_equal(faces[a], faces[b]), (a, b)


def test_icon_is_64px() -> None:
    assert _pixels(asset_path("icon.png")).shape == (64, 64, 4)


@pytest.mark.parametrize("name", SOUNDS)
def test_sounds_are_short_16bit_mono_22050_without_clipping(name: str) -> None:
    with wave.open(str(asset_path("sounds", f"{name}.wav"))) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
        frames = w.getnframes()
        samples = np.frombuffer(w.readframes(frames), "<i2")
    assert 0.02 <= frames / 22050 <= 1.5
    peak = int(np.abs(samples.astype(np.int32)).max())
    assert 1000 < peak < 32000
    assert abs(int(samples[0])) < 200 and abs(int(samples[-1])) < 200  # faded: no click


def test_committed_images_are_up_to_date_with_the_generator() -> None:
    images = _load_make_assets().build_images()
    for name, img in images.items():
        expected = (np.clip(img, 0, 1) * 255 + 0.5).astype(np.uint8)
        committed = _pixels(REPO / "assets" / f"{name}.png").astype(int)
        # a 1-level tolerance absorbs libm rounding differences between platforms
        assert np.abs(committed - expected).max() <= 1, f"{name}: rerun assets/make_assets.py"
