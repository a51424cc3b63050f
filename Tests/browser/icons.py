#!/usr/bin/env python3
"""Draws the theme's home-screen icons from its favicon with headless Chromium.

    python3 Tests/browser/icons.py templates/static

Writes icon-192.png and icon-512.png beside favicon.svg: the favicon centred on the theme's
light background, filling 70 % of the square, so the jar stays whole when a phone rounds or
masks the corners ("maskable"). Run by `make icons` after changing favicon.svg.
"""
import base64
import pathlib
import sys


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    static = pathlib.Path(sys.argv[1])
    svg = (static / "favicon.svg").read_text(encoding="utf-8")
    tokens = (static.parent / "tokens.toml").read_text(encoding="utf-8")
    background = next(line.split('"')[1] for line in tokens.splitlines() if line.startswith("bg = "))
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        for size in (192, 512):
            inner = round(size * 0.7)
            page = (f"<!doctype html><html><body style='margin:0;background:{background}'>"
                    f"<div style='width:{size}px;height:{size}px;display:grid;place-items:center'>"
                    f"<img width='{inner}' height='{inner}' src='data:image/svg+xml;base64,"
                    f"{base64.b64encode(svg.encode()).decode()}'></div></body></html>")
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": size, "height": size, "deviceScaleFactor": 1, "mobile": False})
            driver.get("data:text/html;base64," + base64.b64encode(page.encode()).decode())
            shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
                "clip": {"x": 0, "y": 0, "width": size, "height": size, "scale": 1}})
            out = static / f"icon-{size}.png"
            out.write_bytes(base64.b64decode(shot["data"]))
            print(f"wrote {out} ({out.stat().st_size} bytes)")
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
