"""Screenshots of the match page of every game at desktop (1280x800) and phone (390x844) sizes,
compared with the committed references in tests/web/screenshots/ (Pillow): a pixel differs when a
colour channel moves by more than PIXEL_TOLERANCE, and at most MAX_DIFFERENT of the pixels may differ
(fonts and anti-aliasing vary a little between machines). `THEOGONY_UPDATE_SCREENSHOTS=1` writes the
references anew (look at them before committing)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.web.test_e2e import REAL_GAMES, browser, pytestmark, server  # noqa: F401

Image = pytest.importorskip("PIL.Image", reason="Pillow is in the dev extra")
ImageChops = pytest.importorskip("PIL.ImageChops")

REFERENCES = Path(__file__).parent / "screenshots"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
PIXEL_TOLERANCE = 40
MAX_DIFFERENT = 0.02
GAMES = ["kemet", "teomachia", "theocratia", "theurgy"]
UPDATE = os.environ.get("THEOGONY_UPDATE_SCREENSHOTS") == "1"


def different_share(one: Image.Image, other: Image.Image) -> float:
    """The share of pixels where some channel differs by more than PIXEL_TOLERANCE (1.0 when the
    sizes differ)."""
    if one.size != other.size:
        return 1.0
    red, green, blue = ImageChops.difference(one.convert("RGB"), other.convert("RGB")).split()
    worst = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    over = worst.point(lambda v: 255 if v > PIXEL_TOLERANCE else 0)
    return over.histogram()[255] / (one.size[0] * one.size[1])


def match_screenshot(server, browser, game: str, size: str, masked: bool = True) -> Image.Image:
    """Seat 0's table at the first decisions of a seeded all-human match (no bot, no clock in the
    picture: the match id and the waiting seconds are masked)."""
    import io

    made = server.api("POST", "/api/matches", {"game": game, "seats": ["human", "human"], "seed": 1,
                                               "hold": []})
    context = browser.new_context(bypass_csp=True, viewport=SIZES[size], reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(server.url + made["links"]["0"])
    page.wait_for_selector("#board svg")
    page.wait_for_selector("#seats .seat-row")
    page.evaluate("document.fonts.ready")
    shot = page.screenshot(animations="disabled", caret="hide",
                           mask=[page.locator("#title"), page.locator("#seats .seat-row .muted")] if masked else [])
    context.close()
    return Image.open(io.BytesIO(shot))


def test_the_difference_measure():
    white = Image.new("RGB", (10, 10), "white")
    near = Image.new("RGB", (10, 10), (250, 250, 250))
    marked = white.copy()
    marked.putpixel((0, 0), (0, 0, 0))
    assert different_share(white, near) == 0.0
    assert different_share(white, marked) == 0.01
    assert different_share(white, Image.new("RGB", (5, 10))) == 1.0


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_match_page_looks_as_committed(server, browser, game, size):
    if game not in REAL_GAMES:
        pytest.skip(f"{game} does not load")
    shot = match_screenshot(server, browser, game, size)
    reference = REFERENCES / f"{game}_{size}.png"
    if UPDATE:
        REFERENCES.mkdir(exist_ok=True)
        shot.save(reference, optimize=True)
        return
    assert reference.exists(), f"{reference} is missing: run with THEOGONY_UPDATE_SCREENSHOTS=1"
    share = different_share(shot, Image.open(reference))
    if share > MAX_DIFFERENT:
        shot.save(REFERENCES / f"{game}_{size}.actual.png")
    assert share <= MAX_DIFFERENT, (f"{share:.1%} of the pixels differ from {reference.name} "
                                    f"(the new picture: {game}_{size}.actual.png)")


DOCS = Path(__file__).resolve().parents[2] / "docs" / "img"


@pytest.mark.skipif(os.environ.get("THEOGONY_DOCS_SCREENSHOTS") != "1",
                    reason="writes docs/img: set THEOGONY_DOCS_SCREENSHOTS=1")
@pytest.mark.parametrize("game", GAMES)
def test_write_the_docs_pictures(server, browser, game):
    """docs/web.md's pictures: the same tables, unmasked (a match id is no secret)."""
    if game not in REAL_GAMES:
        pytest.skip(f"{game} does not load")
    for size, name in (("desktop", f"web_{game}.png"), ("phone", f"web_{game}_phone.png")):
        match_screenshot(server, browser, game, size, masked=False).save(DOCS / name, optimize=True)
