#!/usr/bin/env python3
"""Opens every page type of a built sandjar site in headless Chromium and checks what a reader gets.

    python3 Tests/browser/check_site.py SITE [--i18n DIR] [--screenshots DIR] [--only TEXT] [--verbose]

SITE is a built output folder (one language, or several under <language>/ folders). The script
serves it itself on 127.0.0.1 at a free port and drives Debian's /usr/bin/chromium through
/usr/bin/chromedriver (Selenium 4). For each language folder it visits index.html, 404.html and
every folder page (goals/, badges/, quotes/, subscriptions/, breathing/ and whatever else is
there); of each kind of page below a folder (goals/<id>/, quotes/<date>/, pages/<slug>/, …) every
one when there are at most 8, otherwise the first by name; every breathing/<pattern>/ page. Pages
at the site root are visited too (the language chooser is judged where its redirect lands). Each
page is opened at 1280×900 and 375×812 (a phone: mobile emulation, so the viewport meta tag
counts) with `prefers-color-scheme` light and dark, and checked for (animations are held at their
first frame, so every run judges the same picture):

  console   no SEVERE entry in the browser console
  requests  no response with status ≥ 400 and no failed load
  external  no request anywhere but the local server (data: and blob: are fine); the site's own
            base_url, read from sitemap.xml, is served by the local server as if deployed there
            (404.html links its stylesheet absolutely), every other host fails to resolve
  i18n      no raw key path of templates/i18n/*.toml (nav.home, badges.category.savings…), no
            unfilled placeholder ({name}) and no `{{` in the visible text, title, aria-label,
            title and alt attributes or SVG titles
  lang      <html lang> is set (and names the folder's language); no empty lang attribute
  img-alt   every <img> has an alt attribute
  svg-title every inline <svg> has a non-empty <title> child or sits under aria-hidden="true"
  overflow  (375 px only) the page is no wider than the viewport, and no element's box sticks out
            past its left or right edge unless it sits in a box that scrolls or clips sideways
            (the heatmap's overflow-x: auto; that box itself must fit)
  overlap   (375 px only) no two boxes of visible text overlap by more than 2 px both ways: one
            box per line of each text node, the font size high, cut to the boxes that clip it;
            text inside SVG and an element against its own descendants are not compared; nor may a
            text box lie over a picture (img, svg, canvas, video) it is not part of; what is fixed
            to the screen is compared only with what is fixed with it
  phone     (375 px only) every table fits the page as stacked rows, with no sideways scrolling;
            an amount (a currency sign and its digits), a date (<time>) and a navigation link
            each stay on one line
  chrome    (375 px only) the page's header is at most 72 px high; a navigation in the header or
            fixed to the screen (the tab bar) keeps its links in one row within 72 px; a bar fixed
            to the foot of the screen leaves room for the page's end to scroll out from under it;
            on the Today screen (.today-screen) the first goal's jar is whole in the first screen,
            above such a bar
  targets   (375 px only) every control shown (link, button, summary, field, the label of a hidden
            radio or check box) is at least 44×44 px, but a link in running prose (a Markdown
            page, a goal's note); no submit button in the first screen lies under the tab bar
  feel      (375 px only, issue 34) the Today screen leads with a money figure of at least 32 px
            in the first screen, larger than any other text there, with an on-track signal; the
            breathing page's Start is whole in the first screen; short labels (a label and its
            date, a state, a tag) stay on one line; no table caption repeats the heading above
            it; the year in review is at most 3,500 px high, story cards first, tables folded,
            no row of nothing
  404       (once) 404.html at a deep address on another host, in the folder base_url names:
            styled, no default blue links, no failed request, its way home leads to the site
  replay    (375 px only) tapping a goal's jar (button.replay) loads its fall again in place
  heatmap   every practice calendar (svg.heatmap) fits the box it is in, which does not scroll
            sideways, with none of its weekday and month labels cut off
  grid      no grid of alike cards (two or more columns) ends with one card alone on its last row
  contrast  every visible text node meets WCAG AA against its effective background (4.5:1, or
            3:1 for text ≥ 24 px or ≥ 18.66 px bold): the background is composed from the
            background colours of the element and its ancestors; text over an image or gradient
            is skipped; SVG text uses its fill
  focus     the first Tab stop gets a visible focus indicator (outline or box-shadow) whose colour
            has 3:1 against the background, and is on screen
  blank     every image (the jar) has loaded and has a size; (375 px only) the jar — a goal page's
            replay, the Today screen's first jar — is sampled as pixels from 0.1 to 2.2 s after
            the page loads, animations at their real speed: at least 3% of it must be drawn each time
  pacer     a pacer (.pacer) waits for a tap: nothing in it moves until its Start (.pacer-start) is
            tapped; then its session is full-screen (no header, no bar fixed to the screen, at
            least the screen's height) and its shape has a size and moves; the started view is
            judged again for contrast and, on a phone, overlapping text (pacer-view)
  motion    with `prefers-reduced-motion: reduce` no CSS animation or Web Animation runs longer
            than 10 ms (transitions, which run only when a style changes, are not judged)
  size      (once per page) the HTML file plus the stylesheets it loads is under 100,000 bytes
  axe       no violation of axe-core's rules (4.12, its default set: WCAG 2.x A and AA and best
            practices — landmarks, heading order, names of controls, ARIA, contrast…), in every
            view; axe.min.js comes from PyPI inside axe-playwright-python, run here by Selenium

Every check that finds a problem prints `FAIL <page> <scheme> <width>: <problem>`, e.g.
`FAIL zh-hans/goals/ dark 375: contrast 3.20:1 < 4.5:1 for "…" (#777777 on #ffffff, p.meta, 14px)`;
a problem seen in several views is printed once, naming the others (`also …`). The last line is always
`browser: N passed, M failed` (checks, not lines). Exit status: 0 all passed, 1 some failed, 77
when Chromium, chromedriver, Selenium or axe-core is missing (the line before says `skipped: …`).
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import http.server
import importlib.util
import io
import json
import os
import pathlib
import re
import signal
import sys
import threading
import time
import tomllib
import urllib.parse

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
SKIP = 77
SIZES = [(1280, 900), (375, 812)]
SCHEMES = ["light", "dark"]
SIZE_LIMIT = 100_000
SAMPLE_ALL_UP_TO = 8
OVERLAP_SLACK = 2  # px two text boxes may share before they overlap (anti-aliasing, rounding)
MAX_HEADER = 72  # px a phone's header and its navigation may take (issue 25)
MIN_TARGET = 44  # px every control is wide and high at least, on a phone (issue 34)
MIN_HERO = 32  # px the Today screen's hero figure is at least (issue 34)
MAX_REVIEW = 3500  # px the year in review may be high at 375 px (issue 34)
EVERY_ONE = ("breathing",)  # folders whose pages are all visited: each pacer has its own animation
HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_I18N = HERE.parent.parent / "templates" / "i18n"


# ---- the site ------------------------------------------------------------------------------


def language_folders(site: pathlib.Path) -> list[str]:
    """'' for a one-language site; otherwise each top folder that has its own index and style."""
    if (site / "style.css").exists():
        return [""]
    return sorted(
        d.name for d in site.iterdir() if d.is_dir() and (d / "index.html").exists() and (d / "style.css").exists()
    )


def page_url(relative: str) -> str:
    """'en/goals/index.html' → 'en/goals/'."""
    return relative[: -len("index.html")] if relative.endswith("index.html") else relative


def pages_to_visit(site: pathlib.Path) -> list[str]:
    languages = language_folders(site)
    chosen: list[str] = []
    if languages != [""]:
        chosen += sorted(p.name for p in site.glob("*.html"))
    for language in languages:
        base = site / language if language else site
        kinds: dict[str, list[str]] = {}
        for path in sorted(base.rglob("*.html")):
            parts = path.relative_to(base).parts
            if language == "" and len(parts) > 1 and parts[0] in languages:
                continue
            # goals/x/index.html → goals/*/ ; a/b/c/index.html → a/*/*/ ; badges/index.html → badges/
            if len(parts) >= 3:
                kind = parts[0] + "/*" * (len(parts) - 2) + "/" + parts[-1]
            else:
                kind = "/".join(parts)
            kinds.setdefault(kind, []).append(path.relative_to(site).as_posix())
        for kind in sorted(kinds):
            found = kinds[kind]
            every = len(found) <= SAMPLE_ALL_UP_TO or kind.split("/", 1)[0] in EVERY_ONE
            chosen += found if every else found[:1]
    return [page_url(p) for p in chosen]


def base_url_of(site: pathlib.Path) -> str | None:
    """The address the site was built for: a sitemap entry less the path of its page here."""
    sitemap = site / "sitemap.xml"
    if not sitemap.exists():
        return None
    pages = sorted(
        (page_url(p.relative_to(site).as_posix()) for p in site.rglob("*.html")), key=len, reverse=True
    )
    for loc in re.findall(r"<loc>([^<]+)</loc>", sitemap.read_text(encoding="utf-8")):
        for page in pages:
            if page and loc.endswith("/" + page):
                return loc[: -len(page)]
    return None


def i18n_terms(folder: pathlib.Path) -> tuple[list[str], list[str]]:
    """Every dotted key path (leaf tables and strings) and every {placeholder} of the UI strings."""
    keys: set[str] = set()
    placeholders: set[str] = set()

    def walk(prefix: str, table: dict) -> None:
        for name, value in table.items():
            path = f"{prefix}.{name}" if prefix else name
            if "." in path:
                keys.add(path)
            if isinstance(value, dict):
                walk(path, value)
            elif isinstance(value, str):
                placeholders.update(re.findall(r"\{[a-z_]+\}", value))

    for file in sorted(folder.glob("*.toml")):
        with open(file, "rb") as f:
            walk("", tomllib.load(f))
    return sorted(keys), sorted(placeholders)


# ---- the local server ----------------------------------------------------------------------


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the site folder; HTML gets the site's own base_url replaced by the local origin."""

    base_url: str | None = None
    origin: str = ""

    def log_message(self, format, *args):  # noqa: A002 - the signature is http.server's
        pass

    def send_head(self):
        folder = urllib.parse.urlparse(self.base_url).path if self.base_url else "/"
        if folder != "/" and self.path.startswith(folder) and not os.path.exists(self.translate_path(self.path)):
            # as deployed: the site also answers in base_url's folder (404.html's links start there)
            self.path = "/" + self.path[len(folder):]
        path = self.translate_path(self.path)
        if self.base_url and path.endswith(".html") and os.path.isfile(path):
            data = pathlib.Path(path).read_bytes().replace(self.base_url.encode(), self.origin.encode())
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            return io.BytesIO(data)
        return super().send_head()


def serve(site: pathlib.Path, base_url: str | None):
    handler = type("SiteHandler", (Handler,), {})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    server.daemon_threads = True
    handler.origin = f"http://127.0.0.1:{server.server_address[1]}/"
    if base_url and not base_url.startswith(handler.origin):
        handler.base_url = base_url
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, handler.origin


class NestedHandler(http.server.SimpleHTTPRequestHandler):
    """A host of another name, with the site in a folder (`prefix`): what is not there is answered
    404 with the site's own 404.html, as static hosts do; nothing in a page is rewritten."""

    prefix = "/"

    def log_message(self, format, *args):  # noqa: A002 - the signature is http.server's
        pass

    def send_head(self):
        if not self.path.startswith(self.prefix):
            return self.missing()
        self.path = "/" + self.path[len(self.prefix):]
        path = self.translate_path(self.path)
        if os.path.isdir(path) and not os.path.isfile(os.path.join(path, "index.html")):
            return self.missing()
        if not os.path.exists(path):
            return self.missing()
        return super().send_head()

    def missing(self):
        data = (pathlib.Path(self.directory) / "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        return io.BytesIO(data)


NOT_FOUND_JS = """
const body = getComputedStyle(document.body), home = document.querySelector('a.home-button');
const links = [...document.querySelectorAll('a[href]')].map((a) => getComputedStyle(a).color);
return {bg: body.backgroundColor, font: body.fontFamily, home: home ? home.href : null,
        homeBg: home ? getComputedStyle(home).backgroundColor : null, sheets: document.styleSheets.length,
        blue: links.filter((c) => c === 'rgb(0, 0, 238)' || c === 'rgb(85, 26, 139)').length};
"""


def not_found_problems(run: "Run", base_url: str | None) -> list[str]:
    """404.html at any depth on a host that is not base_url's (issue 34): its way home must be a
    path to the site's folder — base_url's (`/dash/` for https://example.org/dash/), or the top for
    a site `sandjar serve` serves — and the site is served from that folder on a host of another
    name; a deep address that is not there, in both schemes on a phone, answers the page styled
    (its stylesheet found from there), no default blue links, nothing fetched that fails, and its
    way home leads to the site."""
    # The folder the page's way home names: a path (any depth, any host), base_url's or the top
    # (a site served by `sandjar serve`), then a language's folder of a site in several.
    page = (run.site / "404.html").read_text(encoding="utf-8")
    found = re.search(r'class="home-button" href="([^"]*)"', page)
    home = found.group(1) if found else ""
    folder = urllib.parse.urlparse(base_url).path if base_url else "/"
    folder = folder if folder.endswith("/") else folder + "/"
    languages = [f"{language}/" for language in language_folders(run.site) if language]
    allowed = {top + language for top in {folder, "/"} for language in [""] + languages}
    if home not in allowed:
        return [f"404.html: its way home {home!r} is not a path to the site's folder ({' or '.join(sorted(allowed))})"]
    prefix = next((top for top in (folder, "/") if home in {top + language for language in [""] + languages}), "/")
    handler = type("Nested", (NestedHandler,), {"prefix": prefix})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(run.site)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    driver, problems = run.driver, []
    try:
        for scheme in SCHEMES:
            emulate(driver, 375, 812, scheme, reduce_motion=False)
            drain(driver, run.origin)
            driver.get(origin + prefix + "goals/no/such/deep/page/")
            found = driver.execute_script(NOT_FOUND_JS)
            where = f"404 at {prefix}goals/no/such/deep/page/ {scheme}"
            if found["bg"] in ("rgba(0, 0, 0, 0)", "transparent") or found["homeBg"] in (None, "rgba(0, 0, 0, 0)"):
                problems.append(f"{where}: unstyled (body {found['bg']}, way home {found['homeBg']})")
            if found["blue"]:
                problems.append(f"{where}: {found['blue']} links in the browser's default blue")
            console, failed, external = drain(driver, origin + "/")
            problems += [f"{where}: {m}" for m in failed + external if "/goals/no/such/deep/page/" not in m]
            if not found["home"] or not found["home"].startswith(origin + prefix):
                problems.append(f"{where}: its way home ({found['home']}) is not in the site's folder {prefix}")
                continue
            driver.get(found["home"])
            landed = driver.execute_script(
                "return !!document.querySelector('.today-screen, meta[http-equiv=refresh i]') && !document.querySelector('a.home-button')")
            if not landed:
                problems.append(f"{where}: its way home ({found['home']}) does not lead to the Today screen")
    finally:
        server.shutdown()
    return problems


# ---- the browser ---------------------------------------------------------------------------


def missing_tools() -> str | None:
    lacking = [p for p in (CHROMIUM, CHROMEDRIVER) if not os.access(p, os.X_OK)]
    try:
        import selenium  # noqa: F401
    except ImportError:
        lacking.append("the selenium Python package")
    if axe_file() is None:
        lacking.append("axe-core (pip install --no-deps axe-playwright-python)")
    return ", ".join(lacking) or None


# ---- axe-core ------------------------------------------------------------------------------


def axe_file() -> pathlib.Path | None:
    """axe-core's axe.min.js as the axe-playwright-python package of PyPI ships it; only the
    script is used (injected by Selenium), so the package is found without being imported."""
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or spec.origin is None:
        return None
    path = pathlib.Path(spec.origin).parent / "axe.min.js"
    return path if path.is_file() else None


AXE_RUN_JS = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(
  (r) => done(r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                                        nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' '))}))),
  (e) => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));
"""


def axe_problems(run: "Run") -> list[str]:
    """axe-core's violations on the page as it is now."""
    run.driver.execute_script(run.axe)
    return [
        f"axe {v['id']} ({v['impact']}): {v['help']}: {', '.join(v['nodes'])}"
        for v in run.driver.execute_async_script(AXE_RUN_JS)
    ]


def start_browser(services: list):
    """Chromium under chromedriver, in a process group of their own (see stop_group)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-default-apps",
        "--disable-sync",
        "--no-first-run",
        "--no-default-browser-check",
        "--mute-audio",
        "--font-render-hinting=none",
        "--lang=en-US",
        "--window-size=1280,900",
        # every host but this machine fails to resolve: nothing leaves it, and nothing waits
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    options.add_experimental_option("perfLoggingPrefs", {"enableNetwork": True, "enablePage": False})
    options.page_load_strategy = "normal"
    service = Service(executable_path=CHROMEDRIVER, log_output=os.devnull, popen_kw={"start_new_session": True})
    services.append(service)
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(10)
    driver.implicitly_wait(0)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    # Animations stay at their first frame (still "running"), so every run judges the same picture.
    driver.execute_cdp_cmd("Animation.enable", {})
    driver.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 0})
    return driver


def stop_group(services: list) -> None:
    """Kills whatever chromedriver and its Chromium left running (their own process group)."""
    for service in services:
        process = getattr(service, "process", None)
        if process is None:
            continue
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            process.wait(timeout=5)
        except Exception:
            pass


def emulate(driver, width: int, height: int, scheme: str, reduce_motion: bool) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {
            "features": [
                {"name": "prefers-color-scheme", "value": scheme},
                {"name": "prefers-reduced-motion", "value": "reduce" if reduce_motion else "no-preference"},
            ]
        },
    )


SETTLE_JS = """
const done = arguments[arguments.length - 1];
const timer = setTimeout(() => done('timeout'), 5000);
document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(() => {
  clearTimeout(timer); done('ok');
})));
"""

# ---- one run -------------------------------------------------------------------------------


class Results:
    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0
        self.problems: dict[tuple[str, str], list[str]] = {}
        self.last_visit: str | None = None

    def check(self, name: str, where: str, problems: list[str]) -> None:
        if problems:
            self.failed += 1
            for problem in problems:
                self.problems.setdefault((name, problem), []).append(where)
        else:
            self.passed += 1

    def late(self, where: str | None, findings) -> None:
        """Console or network entries that arrived after their visit was judged: counted against it."""
        console, failed, external = findings
        problems = [f"console error: {m}" for m in console] + [f"failed request: {m}" for m in failed]
        problems += [f"external request: {u}" for u in external]
        if problems:
            self.check("late", where or "before the first page", problems)

    def report(self) -> None:
        for (name, problem), places in self.problems.items():
            line = f"FAIL {places[0]}: {problem}"
            if len(places) > 1:
                shown = ", ".join(places[1:4])
                more = f" and {len(places) - 4} more" if len(places) > 4 else ""
                line += f" (also {shown}{more})"
            print(line)


def drain(driver, origin: str):
    """Console and network findings since the last call."""
    def note(text: str) -> str:
        if "/favicon.ico" in text:
            text += " (the page names no icon, so the browser asks the server root for /favicon.ico)"
        return text

    console = []
    for entry in driver.get_log("browser"):
        if entry.get("level") == "SEVERE":
            console.append(note(entry.get("message", "").replace(origin, "/")))
    urls: dict[str, str] = {}
    failed, external = [], []
    for entry in driver.get_log("performance"):
        try:
            message = json.loads(entry["message"])["message"]
        except (KeyError, ValueError):
            continue
        method, params = message.get("method"), message.get("params", {})
        if method == "Network.requestWillBeSent":
            url = params.get("request", {}).get("url", "")
            urls[params.get("requestId", "")] = url
            if not (url.startswith(origin) or url.split(":", 1)[0] in ("data", "blob", "about")):
                if url not in external:
                    external.append(url)
        elif method == "Network.responseReceived":
            response = params.get("response", {})
            if response.get("status", 0) >= 400:
                failed.append(note(f"{response.get('status')} for {response.get('url', '').replace(origin, '/')}"))
        elif method == "Network.loadingFailed" and not params.get("canceled"):
            url = urls.get(params.get("requestId", ""), "?")
            if url in external:
                continue  # already reported as external
            failed.append(f"{params.get('errorText', 'failed')} for {url.replace(origin, '/')}")
    return console, failed, external


@dataclasses.dataclass
class Run:
    driver: object
    results: Results
    site: pathlib.Path
    origin: str
    script: str  # page_checks.js
    axe: str  # axe-core's axe.min.js
    terms: dict  # the i18n keys and placeholders
    options: argparse.Namespace


def visit(run: Run, page: str) -> None:
    """One page in every view; then its size."""
    driver, results, origin = run.driver, run.results, run.origin
    stylesheets = None
    for width, height in SIZES:
        for scheme in SCHEMES:
            where = f"{page or '/'} {scheme} {width}"
            results.late(results.last_visit, drain(driver, origin))
            results.last_visit = where
            try:
                stylesheets = view(run, page, where, width, height, scheme)
            except Exception as error:  # a timeout, a crashed tab, a script error: one failure, go on
                message = str(error).strip().splitlines()[0] if str(error).strip() else ""
                results.check("load", where, [f"could not check the view: {type(error).__name__} {message}"])
    if stylesheets is not None:
        results.check("size", page or "/", page_size(run.site, origin, page, stylesheets, run.options.size_limit))


def view(run: Run, page: str, where: str, width: int, height: int, scheme: str) -> list[str]:
    """Loads `page` at one size and colour scheme and judges it; returns the stylesheets it loaded."""
    driver, results, origin, script, options = run.driver, run.results, run.origin, run.script, run.options
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    emulate(driver, width, height, scheme, reduce_motion=False)
    driver.get(origin + page)
    if driver.execute_script("return !!document.querySelector('meta[http-equiv=refresh i]')"):
        # a redirect page (the language chooser): judge the page it lands on
        deadline = time.monotonic() + 5
        while driver.current_url == origin + page and time.monotonic() < deadline:
            time.sleep(0.05)
    driver.execute_async_script(SETTLE_JS)
    phone = width < 600
    phone_only = {"overlapSlack": OVERLAP_SLACK, "maxHeader": MAX_HEADER} if phone else {}
    found = driver.execute_script(script, {"what": "page", **run.terms, **phone_only})
    axe = axe_problems(run)
    if options.screenshots:
        name = re.sub(r"[^A-Za-z0-9]+", "_", f"{page or 'root'}_{scheme}_{width}").strip("_") + ".png"
        driver.save_screenshot(str(options.screenshots / name))

    # touch targets at 375 px (issue 34): judged at the top of the page, before anything is tapped
    if phone:
        driver.execute_script("window.scrollTo(0, 0);")
        touch = driver.execute_script(script, {"what": "targets", "min": MIN_TARGET})
        results.check("targets", where, target_problems(touch))
        results.check("feel", where, driver.execute_script(
            script, {"what": "feel", "hero": MIN_HERO, "reviewHeight": MAX_REVIEW}))
        if driver.execute_script("return !!document.querySelector('button.replay')"):
            results.check("replay", where, replay_problems(driver, origin + page))

    # keyboard focus: one Tab from the top of the page
    driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);")
    ActionChains(driver).send_keys(Keys.TAB).perform()
    focus = driver.execute_script(script, {"what": "focus"})

    # the jar and the pacer: every image has loaded and has a size; a pacer is still until Start is
    # tapped, then full-screen, its shape sized and moving
    media = driver.execute_script(MEDIA_JS)
    pacer = tap_pacer(run, phone)

    # reduced motion: the media feature switched on the loaded page
    emulate(driver, width, height, scheme, reduce_motion=True)
    driver.execute_async_script(SETTLE_JS)
    motion = driver.execute_script(script, {"what": "motion"})

    # the jar, never blank while it plays (a phone, both schemes): the page is loaded again
    jar = []
    if phone:
        emulate(driver, width, height, scheme, reduce_motion=False)
        jar = jar_problems(run, page)

    console, failed, external = drain(driver, origin)
    if options.verbose:
        c, o = found["contrast"], found["overflow"]
        print(
            f"  {where}: {c['checked']} text nodes ({c['unknown']} over images, lowest {c['lowest']}), "
            f"width {o['scrollWidth']}/{o['width']}, focus {focus.get('label')} {focus.get('outlineStyle')} "
            f"{focus.get('outlineColour')} {focus.get('ratio')}:1, pacer {pacer.get('problems', '-')}, animations under reduced motion {len(motion['running'])}"
        )
    results.check("console", where, [f"console error: {m}" for m in console])
    results.check("requests", where, [f"failed request: {m}" for m in failed])
    results.check("external", where, [f"external request: {u}" for u in external])
    results.check("i18n", where, [f"raw i18n text {k['key']!r} in {k['where']}" for k in found["rawKeys"]])
    top = page.split("/", 1)[0] if "/" in page else ""
    language = top if top in language_folders(run.site) else ""
    structure = found["structure"]
    results.check("lang", where, lang_problems(structure, language))
    results.check("img-alt", where, [f"<img> without alt: {e}" for e in structure["noAlt"]])
    results.check("svg-title", where, [f"<svg> without <title>: {e}" for e in structure["noTitle"]])
    if phone:
        results.check("overflow", where, overflow_problems(found["overflow"], width))
        results.check("overlap", where, overlap_problems(found["overlaps"]))
        results.check("phone", where, phone_problems(found["phone"], width))
        results.check("chrome", where, chrome_problems(found["chrome"]))
    contrast = [
        f"contrast {c['ratio']:.2f}:1 < {c['need']}:1 for \"{c['text']}\" ({c['fg']} on {c['bg']}, "
        f"{c['element']}, {c['size']}px{' bold' if c['bold'] else ''})"
        for c in found["contrast"]["found"]
    ]
    results.check("contrast", where, contrast)
    results.check("heatmap", where, heatmap_problems(found["heatmaps"]))
    results.check(
        "grid", where,
        [f"lone card: {g['grid']} ({g['items']} in {g['columns']} columns) ends with \"{g['card']}\" alone" for g in found["lone"]],
    )
    results.check("focus", where, focus_problems(focus))
    results.check("axe", where, axe)
    results.check("motion", where, motion_problems(motion))
    results.check("blank", where, blank_problems(media) + jar)
    if pacer["present"]:
        results.check("pacer", where, pacer["problems"])
        started = pacer.get("view")
        if started:
            view_problems = [f"started pacer: {p}" for p in overlap_problems(started["overlaps"]) if phone]
            view_problems += [
                f"started pacer: contrast {c['ratio']:.2f}:1 < {c['need']}:1 for \"{c['text']}\" ({c['fg']} on {c['bg']})"
                for c in started["contrast"]["found"]
            ]
            results.check("pacer-view", where, view_problems)
    return found["stylesheets"]


# ---- the jar is never blank (issue 25) ----------------------------------------------------

JAR_SELECTOR = ".replay, .today-screen img[src$='jar.svg'], .today-screen .jar-small"
JAR_SAMPLES = [0.1, 0.35, 0.6, 0.85, 1.1, 1.6, 2.2]  # seconds after the page has loaded
JAR_INK = 0.03  # the share of a jar's pixels that must differ from its background


def png_pixels(data: bytes) -> tuple[int, int, list[bytes], int]:
    """Width, height, the unfiltered rows and bytes per pixel of an 8-bit RGB or RGBA PNG (what
    Chromium's screenshots are); no library needed."""
    import struct
    import zlib

    pos, chunks, width, height, channels = 8, [], 0, 0, 3
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            channels = {2: 3, 6: 4}[colour] if depth == 8 else 0
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    raw, stride, rows, previous = zlib.decompress(b"".join(chunks)), width * channels, [], bytes(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = rows[-1]
    return width, height, rows, channels


def ink(data: bytes) -> float:
    """The share of a screenshot's pixels that differ from its corner pixel (the page behind)."""
    width, height, rows, channels = png_pixels(data)
    if not width or not height:
        return 0.0
    back = rows[0][:3]
    differ = 0
    for row in rows:
        for x in range(0, width * channels, channels):
            if max(abs(row[x + c] - back[c]) for c in range(3)) > 24:
                differ += 1
    return differ / (width * height)


def jar_problems(run: "Run", page: str) -> list[str]:
    """The jar (a goal page's replay, the Today screen's first jar) sampled as pixels while it plays,
    from the first tenth of a second after loading to past the replay's start: blank at any sample
    fails. Animations run at their real speed for this (elsewhere they are held)."""
    import base64

    driver = run.driver
    if not driver.execute_script(f"return !!document.querySelector(\"{JAR_SELECTOR}\")"):
        return []
    driver.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 1})
    problems = []
    try:
        driver.get(run.origin + page)
        loaded = time.monotonic()
        for at in JAR_SAMPLES:
            time.sleep(max(0.0, loaded + at - time.monotonic()))
            box = driver.execute_script(
                f"const j = document.querySelector(\"{JAR_SELECTOR}\"); j.scrollIntoView({{block: 'center'}});"
                "const r = j.getBoundingClientRect(); return {x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height};"
            )
            if box["w"] < 1 or box["h"] < 1:
                problems.append(f"blank jar: no size {at:.2f} s after loading")
                break
            shot = driver.execute_cdp_cmd(
                "Page.captureScreenshot",
                {"format": "png", "clip": {"x": box["x"], "y": box["y"], "width": box["w"], "height": box["h"], "scale": 1}},
            )
            share = ink(base64.b64decode(shot["data"]))
            if share < JAR_INK:
                problems.append(f"blank jar: {share:.1%} of it drawn {at:.2f} s after loading (at least {JAR_INK:.0%})")
                break
    finally:
        driver.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 0})
    return problems


# Images that did not load or have no size, read from the rendered page.
MEDIA_JS = """
return {images: [...document.images]
  .filter((i) => !(i.complete && i.naturalWidth > 0 && i.getBoundingClientRect().width > 0))
  .map((i) => i.currentSrc || i.getAttribute('src'))};
"""


def blank_problems(media: dict) -> list[str]:
    """A jar or chart image that shows nothing."""
    return [f"blank image: {src}" for src in media["images"]]


def tap_pacer(run: "Run", phone: bool) -> dict:
    """The pacer waits for a tap (issue 25): before Start nothing in it moves; Start (.pacer-start)
    is tapped as a person would; then its session is full-screen (no header, no bar fixed to the
    screen) and its shape has a size and moves. The started view is judged again for contrast and,
    on a phone, overlapping text. Returns {present, problems, view}."""
    driver, script = run.driver, run.script
    before = driver.execute_script(script, {"what": "pacer"})
    if not before["present"]:
        return before
    problems = [f"pacer: moves before a tap: {m}" for m in before["moving"]]
    after = before
    view = None
    if not before["start"]:
        problems.append("pacer: no start control (.pacer-start) to tap")
    else:
        start = driver.find_element("css selector", ".pacer .pacer-start")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", start)
        try:
            start.click()
        except Exception as error:  # intercepted, not visible: a person could not tap it either
            problems.append(f"pacer: Start cannot be tapped: {type(error).__name__}")
        driver.execute_async_script(SETTLE_JS)
        after = driver.execute_script(script, {"what": "pacer"})
        screen = after["fullScreen"]
        if screen["height"] > screen["screen"] + 1:
            problems.append(
                f"pacer: the started session is {screen['height']} px high on a {screen['screen']} px screen "
                "(it must fit, issue 34)")
        if screen["others"] or screen["height"] < screen["screen"] - 1:
            shown = ", ".join(screen["others"]) or "nothing else"
            problems.append(
                f"pacer: the started session is not full-screen ({screen['height']} of {screen['screen']} px high; "
                f"also shown: {shown})"
            )
        extra = {"overlapSlack": OVERLAP_SLACK} if phone else {}
        view = driver.execute_script(script, {"what": "page", **run.terms, **extra})
    shape = after["shape"]
    if shape is None or shape["width"] < 1 or shape["height"] < 1:
        size = f"{shape['width']}x{shape['height']} px" if shape else "missing"
        problems.append(f"blank pacer: its shape is {size}{' after Start' if before['start'] else ''}")
    elif not after["shapeMoving"]:
        problems.append("blank pacer: its shape does not animate after Start")
    return {"present": True, "problems": problems, "view": view}


def lang_problems(structure: dict, language: str) -> list[str]:
    problems = []
    if not (structure["lang"] or "").strip():
        problems.append("lang: <html> has no lang")
    elif language and structure["lang"].lower() != language.lower():
        problems.append(f"lang: <html lang={structure['lang']!r}> in the {language}/ folder")
    return problems + [f"lang: empty lang on {e}" for e in structure["emptyLang"]]


def overflow_problems(o: dict, width: int) -> list[str]:
    problems = []
    if o["width"] != width:
        problems.append(f"overflow: layout viewport is {o['width']} px wide, not {width} (viewport meta?)")
    sticking = [
        f"{x['element']} from {x['left']} to {x['right']} px{' (scrolls, but its own box is too wide)' if x['scrolls'] else ''}"
        f" \"{x['text']}\""
        for x in o["offenders"]
    ]
    if o["scrollWidth"] > o["width"]:
        shown = "; ".join(sticking[:3]) + (f"; and {len(sticking) - 3} more" if len(sticking) > 3 else "")
        problems.append(f"horizontal overflow: page is {o['scrollWidth']} px wide in {o['width']} ({shown})")
    else:
        problems += [f"horizontal overflow: past the {o['width']} px viewport: {s}" for s in sticking]
    return problems


def quoted(text: str) -> str:
    return text if text == "a picture" else f"\"{text}\""


def overlap_problems(pairs: list[dict]) -> list[str]:
    return [
        f"overlapping text: {quoted(p['first'])} ({p['firstElement']}) and {quoted(p['second'])} ({p['secondElement']}) "
        f"share {p['width']}×{p['height']} px"
        for p in pairs
    ]


def phone_problems(phone: dict, width: int) -> list[str]:
    problems = [
        f"table scrolls sideways at {width} px (not stacked rows): \"{t['caption']}\" needs {t['width']} px in {t['room']}"
        for t in phone["tables"]
    ]
    kinds: dict[str, list[dict]] = {}
    for item in phone["split"]:
        kinds.setdefault(item["kind"], []).append(item)
    for kind, items in kinds.items():
        shown = ", ".join(f"\"{i['text']}\" ({i['element']})" for i in items[:3])
        more = f" and {len(items) - 3} more" if len(items) > 3 else ""
        problems.append(f"{kind} broken across lines: {len(items)}: {shown}{more}")
    return problems


REPLAY_JS = """
const done = arguments[arguments.length - 1];
const button = document.querySelector('button.replay'), drop = button.querySelector('img.drop');
const before = drop.src, page = location.href;
button.click();
const started = Date.now();
(function wait() {
  if (drop.src !== before && drop.complete && drop.naturalWidth > 0) {
    const r = drop.getBoundingClientRect();
    done({changed: true, page: location.href === page, shown: getComputedStyle(drop).visibility === 'visible' && r.width > 0, src: drop.src.slice(0, 5)});
  } else if (Date.now() - started > 4000) {
    done({changed: drop.src !== before, page: location.href === page, shown: false, src: drop.src.slice(0, 5)});
  } else setTimeout(wait, 50);
})();
"""


def replay_problems(driver, url: str) -> list[str]:
    """Tapping a goal's jar plays the latest deposit's fall again in place (issue 34): drop.svg
    comes back as a new picture in the same spot, and the page stays where it is."""
    found = driver.execute_async_script(REPLAY_JS)
    problems = []
    if not found["changed"]:
        problems.append("replay: tapping the jar did not load its fall again")
    if not found["page"]:
        problems.append("replay: tapping the jar left the page")
    if found["changed"] and not found["shown"]:
        problems.append("replay: the fall loaded again but does not show in the jar's place")
    driver.get(url)
    return problems


def target_problems(found: dict) -> list[str]:
    """A control smaller than a thumb, or a submit button in the first screen under the tab bar."""
    problems = [
        f"touch target: {t['element']} \"{t['text']}\" is {t['width']}×{t['height']} px (at least {MIN_TARGET}×{MIN_TARGET})"
        for t in found["small"]
    ]
    return problems + [
        f"touch target: the button {b['element']} \"{b['text']}\" at {b['top']} px lies under the bar fixed at {b['bar']} px"
        for b in found["covered"]
    ]


def heatmap_problems(found: list[dict]) -> list[str]:
    """A practice calendar wider than its box, in a box that scrolls sideways, or with a label cut off."""
    problems = []
    for h in found:
        how = f"scrolls in {h['scrolls']}" if h["scrolls"] else f"{h['width']} px in {h['room']}"
        cut = f"; labels cut off: {', '.join(h['cut'])}" if h["cut"] else ""
        problems.append(f"heatmap: {h['element']} does not fit its box ({how}){cut}")
    return problems


def chrome_problems(chrome: dict) -> list[str]:
    """A phone's header taller than the limit, a navigation in more than one row, a bar fixed to the
    foot of the screen that hides the end of the page."""
    problems = []
    header = chrome["header"]
    if header and header["height"] > chrome["maxHeader"]:
        problems.append(f"header: {header['element']} is {header['height']} px high (at most {chrome['maxHeader']})")
    problems += [
        f"navigation: {n['element']} is {n['height']} px high in {n['rows']} rows (one row, at most {chrome['maxHeader']} px)"
        for n in chrome["navs"]
    ]
    problems += [
        f"fixed bar: {b['element']} ({b['height']} px) covers the end of the page: {b['room']} px of room under it"
        for b in chrome["bars"]
    ]
    jar = chrome["jar"]
    if jar:
        problems.append(
            f"first screen: the first goal's jar is at {jar['top']}–{jar['bottom']} px, not whole in the first "
            f"{jar['screen']} px of the Today screen"
        )
    return problems


def motion_problems(motion: dict) -> list[str]:
    problems = []
    if not motion["reduce"]:
        problems.append("reduced motion: prefers-reduced-motion: reduce did not apply")
    problems += [f"reduced motion: animation still runs: {a}" for a in motion["running"]]
    return problems + [
        f"reduced motion: CSS animation not stopped: {a}"
        for a in motion["styled"]
        if not any(a.split(" on ", 1)[1] in r for r in motion["running"])
    ]


def focus_problems(focus: dict) -> list[str]:
    if focus.get("none"):
        return ["focus: Tab focuses nothing"]
    problems = []
    label = focus["label"]
    if not focus["outline"] and not focus["boxShadow"]:
        problems.append(f"focus: first Tab stop {label} shows no outline or box-shadow")
    elif focus["outline"] and focus["ratio"] < 3:
        problems.append(
            f"focus: outline of {label} has {focus['ratio']:.2f}:1 < 3:1 "
            f"({focus['outlineColour']} on {focus['background']})"
        )
    if not focus["onScreen"]:
        problems.append(f"focus: first Tab stop {label} is off screen when focused")
    return problems


def page_size(site: pathlib.Path, origin: str, page: str, stylesheets: list[str], limit: int) -> list[str]:
    def file_of(relative: str) -> pathlib.Path:
        relative = urllib.parse.unquote(relative.split("#")[0].split("?")[0])
        return site / (relative + "index.html" if relative == "" or relative.endswith("/") else relative)

    html = file_of(page)
    total = html.stat().st_size
    parts = [f"HTML {total}"]
    for href in dict.fromkeys(stylesheets):
        if href.startswith(origin):
            css = file_of(href[len(origin) :])
            if css.exists():
                total += css.stat().st_size
                parts.append(f"{href[len(origin):]} {css.stat().st_size}")
    if total >= limit:
        return [f"size: HTML + CSS is {total} bytes, limit {limit} ({', '.join(parts)})"]
    return []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=pathlib.Path)
    parser.add_argument("--i18n", type=pathlib.Path, default=DEFAULT_I18N, help="folder of the UI string tables")
    parser.add_argument("--screenshots", type=pathlib.Path, help="save a PNG of every visit here")
    parser.add_argument("--only", action="append", default=[], help="visit only pages whose path contains this")
    parser.add_argument("--verbose", action="store_true", help="print what each visit measured")
    parser.add_argument("--size-limit", type=int, default=SIZE_LIMIT, help="bytes of HTML + CSS a page must stay under")
    parser.add_argument(
        "--budget", type=float, default=900,
        help="seconds for visiting pages before the run is called hung (default 900; a guard, not a speed test)")
    args = parser.parse_args()
    started = time.monotonic()
    results = Results()

    if not (args.site / "index.html").exists():
        print(f"FAIL {args.site}: no index.html: not a built site")
        print("browser: 0 passed, 1 failed")
        return 1
    lacking = missing_tools()
    if lacking:
        print(f"skipped: missing {lacking} (apt-get install chromium chromium-driver; pip install selenium; see make test-deps)")
        return SKIP
    if args.screenshots:
        args.screenshots.mkdir(parents=True, exist_ok=True)

    keys, placeholders = i18n_terms(args.i18n)
    terms = {"keys": keys, "placeholders": placeholders}
    script = (HERE / "page_checks.js").read_text(encoding="utf-8")
    axe = axe_file().read_text(encoding="utf-8")
    site = args.site.resolve()
    pages = [p for p in pages_to_visit(site) if not args.only or any(o in p for o in args.only)]
    server, origin = serve(site, base_url_of(site))

    # A hard stop: whatever hangs, the run ends within the budget plus a grace period.
    services: list = []

    def watchdog() -> None:
        results.report()
        print(f"FAIL run: time budget: still running after {args.budget + 25:.0f} s; stopped")
        print(f"browser: {results.passed} passed, {results.failed + 1} failed", flush=True)
        stop_group(services)  # nothing outlives the run
        os._exit(1)

    timer = threading.Timer(args.budget + 25, watchdog)
    timer.daemon = True
    timer.start()

    driver = None
    visited = 0
    try:
        driver = start_browser(services)
        for page in pages:
            if time.monotonic() - started > args.budget:
                left = len(pages) - visited
                results.check("budget", "run", [f"time budget: {left} pages left unvisited after {args.budget:.0f} s"])
                break
            visit(Run(driver, results, site, origin, script, axe, terms, args), page)
            visited += 1
        time.sleep(0.2)
        results.late(results.last_visit, drain(driver, origin))
        if (site / "404.html").exists() and not args.only:
            results.check("404", "404.html", not_found_problems(
                Run(driver, results, site, origin, script, axe, terms, args), base_url_of(site)))
    except Exception as error:  # the browser could not start or died: report, don't hang
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else ""
        results.check("browser", "run", [f"browser: {type(error).__name__}: {first_line}"])
    finally:
        if driver is not None:
            try:
                driver.quit()
            except Exception:
                pass
        stop_group(services)
        server.shutdown()
        timer.cancel()

    results.report()
    elapsed = time.monotonic() - started
    modes = len(SIZES) * len(SCHEMES)
    names = ", ".join(p or "/" for p in pages[:visited])
    print(f"visited {visited} pages × {modes} views ({names}) in {elapsed:.1f} s")
    print(f"browser: {results.passed} passed, {results.failed} failed")
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
