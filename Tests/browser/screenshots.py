#!/usr/bin/env python3
"""Saves PNG screenshots of the main pages of a built sandjar site, for the README.

    python3 Tests/browser/screenshots.py SITE OUT

Serves SITE on 127.0.0.1 (a free port, nowhere else) and drives Debian's headless Chromium
through Selenium: the dashboard, a goal, the subscriptions, breathing and a pacer page, at
1280×900 in light mode, and the dashboard at 390×844 in dark mode. Animations are held at their
first frame so the pictures are the same on every run.
"""
import functools
import http.server
import pathlib
import sys
import threading

PAGES = [
    ("dashboard", "", 1280, 900, "light"),
    ("goal", "goals/sony-headphones/", 1280, 900, "light"),
    ("subscriptions", "subscriptions/", 1280, 900, "light"),
    ("breathing", "breathing/", 1280, 900, "light"),
    ("pacer", "breathing/4-7-8/", 1280, 700, "light"),
    ("dashboard-phone-dark", "", 390, 844, "dark"),
]


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    site, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}/"
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(20)
    try:
        for name, page, width, height, scheme in PAGES:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                   {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            driver.get(origin + page)
            driver.execute_script("document.getAnimations().forEach(a => { a.pause(); a.currentTime = 0; });")
            driver.save_screenshot(str(out / f"{name}.png"))
            print(f"saved {out / (name + '.png')}")
    finally:
        driver.quit()
        server.shutdown()
    return 0


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # the build log stays readable
        pass


if __name__ == "__main__":
    sys.exit(main())
