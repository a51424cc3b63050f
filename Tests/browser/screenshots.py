#!/usr/bin/env python3
"""Saves PNG screenshots of the main pages of a built sandjar site, for the README.

    python3 Tests/browser/screenshots.py SITE OUT [--serve SANDJAR DATA]

Serves SITE on 127.0.0.1 (a free port, nowhere else) and drives Debian's headless Chromium
through Selenium: the dashboard, a goal, the subscriptions, breathing and a started pacer at
1280 px in light mode; on a phone (375×812) the Today screen in light and dark, a goal and the
subscriptions. With --serve, SANDJAR serves a copy of the data folder DATA as the local app (its
own free port, its own cache, stopped at the end) for one more: the deposit form on a goal's page,
on a phone. Animations are held where the picture says the most (at the start; a pacer five
seconds in), and a goal's jar is the settled one (reduced motion), so the pictures are the same
on every run.
"""
import argparse
import functools
import http.server
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import threading

PHONE = (375, 812)
# name, page, width, height, scheme, reduced motion, what to do first
PAGES = [
    ("dashboard", "", 1280, 900, "light", False, None),
    ("goal", "goals/spare-change/", 1280, 900, "light", True, None),
    ("subscriptions", "subscriptions/", 1280, 900, "light", False, None),
    ("breathing", "breathing/", 1280, 900, "light", False, None),
    ("pacer", "breathing/box/", 1280, 700, "light", False, "start"),
    ("dashboard-phone", "", *PHONE, "light", False, None),
    ("dashboard-phone-dark", "", *PHONE, "dark", False, None),
    ("goal-phone", "goals/spare-change/", *PHONE, "light", True, None),
    ("subscriptions-phone", "subscriptions/", *PHONE, "light", False, None),
]
SERVED = [("deposit-phone", "goals/sony-headphones/", *PHONE, "light", True, "deposit")]

# Every animation held: at its start, or for a started pacer five seconds in (past 3, 2, 1).
HOLD_JS = "document.getAnimations().forEach(a => { a.pause(); a.currentTime = arguments[0]; });"
FIRST = {
    "start": "document.querySelector('.pacer-start').click();",
    "deposit": "document.querySelector('form.app-form').scrollIntoView({block: 'center'});",
}


def shoot(driver, origin: str, out: pathlib.Path, pages: list) -> None:
    import time

    for name, page, width, height, scheme, reduce, first in pages:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": scheme},
            {"name": "prefers-reduced-motion", "value": "reduce" if reduce else "no-preference"}]})
        driver.get(origin + page)
        if first:
            driver.execute_script(FIRST[first])
            time.sleep(0.3)
        driver.execute_script(HOLD_JS, 5000 if first == "start" else 0)
        driver.save_screenshot(str(out / f"{name}.png"))
        print(f"saved {out / (name + '.png')}")


def serve(sandjar: str, data: pathlib.Path, work: pathlib.Path):
    """`sandjar serve` on a copy of `data`, on a free port; the process and its address."""
    copy = work / "data"
    shutil.copytree(data, copy)
    process = subprocess.Popen(
        [sandjar, "serve", str(copy), "--port", "0", "--today", "2026-11-29", "--cache", str(work / "cache")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in process.stdout:
        found = re.search(r"on (http://127\.0\.0\.1:\d+/)", line)
        if found:
            threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
            return process, found.group(1)
    raise RuntimeError("sandjar serve did not say where it serves")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=pathlib.Path)
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("--serve", nargs=2, metavar=("SANDJAR", "DATA"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    handler = functools.partial(QuietHandler, directory=str(args.site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(20)
    app = None
    try:
        shoot(driver, f"http://127.0.0.1:{server.server_address[1]}/", args.out, PAGES)
        if args.serve:
            with tempfile.TemporaryDirectory() as work:
                app, origin = serve(args.serve[0], pathlib.Path(args.serve[1]), pathlib.Path(work))
                try:
                    shoot(driver, origin, args.out, SERVED)
                finally:
                    app.terminate()
                    app.wait(timeout=10)
    finally:
        driver.quit()
        server.shutdown()
    return 0


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # the build log stays readable
        pass


if __name__ == "__main__":
    sys.exit(main())
