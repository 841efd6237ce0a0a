"""The site in a real browser: Debian's headless Chromium driven by Selenium through Debian's
chromedriver. Nothing is downloaded: the driver's path is given, so Selenium Manager never runs (and
SE_MANAGER_PATH points it at a program that fails, should anything call it). One browser for the
module; where Chromium is not installed the tests skip, saying how to install it (in CI, where
.ci/run installs it and sets PNP_REQUIRE_BROWSER, they fail instead)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.site.test_pages import PAGES

CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
INSTALL = "apt-get install chromium chromium-driver (Debian's packages; .ci/run installs them)"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not (CHROMIUM.is_file() and CHROMEDRIVER.is_file()):
        if os.environ.get("PNP_REQUIRE_BROWSER"):      # CI (.ci/run) installs it: missing there is a failure
            pytest.fail(f"no Chromium at {CHROMIUM} and {CHROMEDRIVER}: {INSTALL}")
        pytest.skip(f"no Chromium at {CHROMIUM} and {CHROMEDRIVER}: {INSTALL}")
    selenium = pytest.importorskip("selenium", reason="selenium is in the test extra: pip install -e '.[test]'")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ["SE_MANAGER_PATH"] = shutil.which("false") or "/bin/false"
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                "--disable-extensions", "--no-first-run", "--window-size=360,740"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    assert selenium.__version__
    try:
        yield driver
    finally:
        driver.quit()


def _phone(driver: Any, width: int = 360) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 740, "deviceScaleFactor": 1, "mobile": True})


def _errors(driver: Any) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]


def _shown(driver: Any, walkthrough: str) -> dict[str, str]:
    """The step a walkthrough shows (the only one not hidden): its id and its diagram."""
    shown: dict[str, str] = driver.execute_script("""
        const steps = [...document.getElementById(arguments[0]).querySelectorAll('.step')]
            .filter(s => !s.hidden && s.offsetHeight > 0);
        return {count: String(steps.length), id: steps.length ? steps[0].id : '',
                svg: steps.length ? steps[0].querySelector('svg').outerHTML : '',
                status: document.getElementById(arguments[0]).querySelector('.status').textContent,
                hash: location.hash};""", walkthrough)
    return shown


def test_every_page_loads_clean_fits_a_phone_and_its_links_lead_somewhere(browser: Any, site: Path,
                                                                         data_only_site: Path) -> None:
    _phone(browser)
    pages = [site / "index.html", *(site / g / f"{lang}.html" for g, lang in PAGES),
             data_only_site / "my-game" / "en.html"]
    for page in pages:
        browser.get(page.as_uri())
        assert _errors(browser) == [], page
        ready = browser.execute_script("""return {
            wide: document.documentElement.scrollWidth, view: window.innerWidth,
            fonts: [...document.fonts].filter(f => f.status === 'loaded').map(f => f.family),
            links: [...document.querySelectorAll('a[href]')].map(a => [a.getAttribute('href'), a.href]),
            ids: [...document.querySelectorAll('[id]')].map(e => e.id)};""")
        assert ready["view"] == 360 and ready["wide"] <= ready["view"], f"{page.name} scrolls sideways"
        if page.name != "index.html" or page.parent == site:
            assert {"pnp sans"} <= {f.strip('"') for f in ready["fonts"]}, page
        for raw, absolute in ready["links"]:
            target, _, fragment = absolute.partition("#")
            assert target.startswith("file://"), raw
            assert Path(target.removeprefix("file://")).is_file(), raw
            if raw.startswith("#"):
                assert fragment in ready["ids"], raw


def test_stepping_changes_the_diagram_and_the_address(browser: Any, site: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    _phone(browser)
    browser.get((site / "daimyni" / "en.html").as_uri())
    walk = browser.find_element(By.CSS_SELECTOR, ".walkthrough").get_attribute("id")
    first = _shown(browser, walk)
    assert first["count"] == "1" and first["id"] == "first-blood-round-1-card-2"
    assert first["status"].startswith("Round 1 · Step 1 of ")
    nxt = browser.find_element(By.CSS_SELECTOR, f"#{walk} .next")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", nxt)
    nxt.click()
    second = _shown(browser, walk)
    assert second["count"] == "1" and second["id"] == "first-blood-round-1-card-3"
    assert second["svg"] != first["svg"] and second["hash"] == "#first-blood-round-1-card-3"
    nxt.send_keys(Keys.ARROW_RIGHT)          # the arrow keys step the walkthrough in focus
    third = _shown(browser, walk)
    assert third["id"] == "first-blood-round-1-card-5" and third["hash"] == "#first-blood-round-1-card-5"
    nxt.send_keys(Keys.ARROW_LEFT)
    assert _shown(browser, walk)["id"] == "first-blood-round-1-card-3"
    _swipe(browser, walk, -150)               # a swipe to the left shows the next step
    assert _shown(browser, walk)["id"] == "first-blood-round-1-card-5"
    _swipe(browser, walk, 150)
    assert _shown(browser, walk)["id"] == "first-blood-round-1-card-3"
    browser.find_element(By.CSS_SELECTOR, f"#{walk} .prev").click()
    assert _shown(browser, walk)["id"] == first["id"]
    assert browser.find_element(By.CSS_SELECTOR, f"#{walk} .prev").get_attribute("disabled")
    assert _errors(browser) == []


def _swipe(driver: Any, walkthrough: str, dx: int) -> None:
    box = driver.execute_script("const r = document.getElementById(arguments[0]).querySelector('.step:not([hidden]) "
                                "svg').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];",
                                walkthrough)
    x, y = int(box[0]), int(box[1])
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + dx, "y": y}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_link_to_a_step_opens_that_step(browser: Any, site: Path) -> None:
    _phone(browser, 1200)
    browser.get((site / "daimyni" / "it.html").as_uri() + "#flood-and-flight-round-7-card-1")
    walks = browser.execute_script("return [...document.querySelectorAll('.walkthrough')].map(w => w.id)")
    assert len(walks) == 2
    opened = _shown(browser, walks[1])
    assert opened["id"] == "flood-and-flight-round-7-card-1" and opened["count"] == "1"
    assert opened["status"].startswith("Turno 7 · Passo ")
    assert _shown(browser, walks[0])["id"] == "first-blood-round-1-card-2"    # the other one is at its start
    in_view = browser.execute_script("const r = document.getElementById(arguments[0]).getBoundingClientRect();"
                                     "return r.top < window.innerHeight && r.bottom > 0;", opened["id"])
    assert in_view
    assert _errors(browser) == []


def test_without_script_every_step_is_listed(browser: Any, site: Path) -> None:
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.get((site / "shogun-solitaire" / "en.html").as_uri())
        from selenium.webdriver.common.by import By

        steps = browser.find_elements(By.CSS_SELECTOR, ".step")
        assert len(steps) > 5 and all(s.is_displayed() for s in steps)
        assert not any(c.is_displayed() for c in browser.find_elements(By.CSS_SELECTOR, ".controls"))
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
