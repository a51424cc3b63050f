#!/usr/bin/env python3
"""The pages as a person first sees them (issue 43), measured in headless Chromium.

    python3 Tests/browser/check_seeds.py SITE

SITE is a built site folder (one language at its root, or one folder per language). It is served
on 127.0.0.1 and each goal page is opened at 375×812 and 1280×900 px: the jar leads its own page —
on a phone at least 80 % of the screen's width and beginning within the first screen, the amount
saved above it in a figure at least twice the body's size; on a wide screen at least 320 px wide —
and the facts (what the coins are worth, the facts table) and the card's Markdown are folded away.
On Today and the goals list every goal shows one miniature of its own jar: the picture in each link
to a goal page is that goal's jar.svg, loaded, at least 40 px wide, and no other drawing.
Geometry and computed styles only. Prints one line per check; exits 1 on any failure, 77 when
Selenium or Chromium is missing.
"""
import functools
import http.server
import os
import sys
import threading

FAILURES = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        FAILURES.append(message)


# The goal page's hero, measured: the jar (the first picture of the goal's own jar.svg in main),
# the amount saved (the first <strong> of the summary's figure), what is folded.
MEASURE_GOAL = """
var main = document.querySelector('main');
var shown = function (e) { return !!e && e.checkVisibility({visibilityProperty: true}); };
var jar = Array.prototype.find.call(main.querySelectorAll('img[src$="jar.svg"]'), shown);
var amount = main.querySelector('.goal-summary .amount strong');
var body = parseFloat(getComputedStyle(document.body).fontSize);
var r = jar ? jar.getBoundingClientRect() : null, a = amount ? amount.getBoundingClientRect() : null;
return {
  jarWidth: r ? r.width : 0, jarTop: r ? r.top + scrollY : 1e9,
  amountSize: amount ? parseFloat(getComputedStyle(amount).fontSize) / body : 0,
  amountBottom: a ? a.bottom + scrollY : 1e9,
  factsShown: Array.prototype.some.call(main.querySelectorAll('dl'), shown),
  legendShown: Array.prototype.some.call(main.querySelectorAll('ul, p'), function (e) {
    return shown(e) && /coin-legend/.test(e.className); }),
  markdownShown: Array.prototype.some.call(main.querySelectorAll('pre'), shown),
  height: document.documentElement.scrollHeight,
};
"""


# Every link to a goal's page on Today or the goals list that holds a picture: what it shows.
MEASURE_MINIATURES = """
var out = [];
document.querySelectorAll('main a[href]').forEach(function (a) {
  var href = a.href;
  if (!/\\/goals\\/[^\\/]+\\/$/.test(href) || !a.querySelector('img, svg')) return;
  var imgs = Array.prototype.filter.call(a.querySelectorAll('img'), function (i) { return i.checkVisibility(); });
  var img = imgs[0];
  out.push({href: href, src: img ? img.currentSrc : null, loaded: img ? img.naturalWidth > 0 : false,
            width: img ? img.getBoundingClientRect().width : 0, drawings: a.querySelectorAll('svg').length});
});
return out;
"""


def serve(folder):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    handler = functools.partial(Quiet, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def language_roots(site):
    """The folders of the site's languages, relative to it: '' for a one-language site."""
    roots = [name for name in sorted(os.listdir(site))
             if os.path.isfile(os.path.join(site, name, "index.html")) and os.path.isdir(os.path.join(site, name, "goals"))]
    return [name + "/" for name in roots] or [""]


def goal_pages(site, root):
    folder = os.path.join(site, root, "goals")
    return [f"{root}goals/{name}/" for name in sorted(os.listdir(folder))
            if os.path.isfile(os.path.join(folder, name, "jar.svg"))]


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    site = os.path.abspath(sys.argv[1])
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        print("skipped: selenium is not installed", file=sys.stderr)
        return 77
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    try:
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    except Exception as error:  # noqa: BLE001 - any failure to start the browser means "missing"
        print(f"skipped: cannot start headless Chromium: {error}", file=sys.stderr)
        return 77
    server = serve(site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    driver.set_page_load_timeout(60)
    # Under reduced motion the settled jar stands in for its fall: measured without waiting.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})

    def at(width, height):
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})

    try:
        for root in language_roots(site):
            at(375, 812)
            for page in (root, root + "goals/"):
                driver.get(base + page)
                links = driver.execute_script(MEASURE_MINIATURES)
                check(len(links) >= 1, f"{page or '/'}: goals are shown with a picture ({len(links)})")
                for link in links:
                    name = link["href"][len(base):]
                    check(link["src"] == link["href"] + "jar.svg" and link["loaded"] and link["width"] >= 40
                          and link["drawings"] == 0,
                          f"{page or '/'}: {name} shows its own jar ({link['src']}, {link['width']:.0f} px, "
                          f"{link['drawings']} other drawings)")
            pages = goal_pages(site, root)
            check(len(pages) >= 1, f"{root or '/'}: the site has goal pages ({len(pages)})")
            for page in pages:
                at(375, 812)
                driver.get(base + page)
                m = driver.execute_script(MEASURE_GOAL)
                check(m["jarWidth"] >= 0.8 * 375, f"{page} at 375: the jar is {m['jarWidth']:.0f} px wide (≥ 300)")
                check(m["jarTop"] < 812, f"{page} at 375: the jar begins within the first screen ({m['jarTop']:.0f} px)")
                check(m["amountSize"] >= 2 and m["amountBottom"] <= m["jarTop"],
                      f"{page} at 375: the amount is {m['amountSize']:.2f}× the body's size, above the jar")
                check(not m["factsShown"] and not m["legendShown"],
                      f"{page} at 375: the facts and the coins' worth are folded away")
                check(not m["markdownShown"], f"{page} at 375: the card shows, its Markdown folded away")
                print(f"     {page} at 375 is {m['height']} px high")
                at(1280, 900)
                driver.get(base + page)
                m = driver.execute_script(MEASURE_GOAL)
                check(m["jarWidth"] >= 320 and m["jarTop"] < 900,
                      f"{page} at 1280: the jar is {m['jarWidth']:.0f} px wide (≥ 320), at {m['jarTop']:.0f} px")
                check(m["amountSize"] >= 2, f"{page} at 1280: the amount is {m['amountSize']:.2f}× the body's size")
    finally:
        driver.quit()
        server.shutdown()
    if FAILURES:
        print(f"{len(FAILURES)} of the checks failed", file=sys.stderr)
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
