#!/usr/bin/env python3
"""Prints a built sandjar site with headless Chromium and checks what comes out of the printer.

    python3 Tests/browser/check_print.py SITE [--pdfs DIR] [--only TEXT]

SITE is a built output folder. The pages visited are check_site.py's (every kind of page of every
language). Each is laid out as it prints — `print` media at the width an A4 page leaves inside its
margins (210 − 2 × 14 mm) — and checked (DESIGN.md §4, "every page prints cleanly"):

  nav       no navigation, skip link, site header or footer, and no form is printed
  colours   black text on a white page
  motion    no animation runs; a goal's jar prints as its still picture (jar.svg, not drop.svg)
  width     no element is wider than the page: nothing sticks out past the right margin
  cut       no box clips or scrolls its content sideways (on paper, what scrolls is cut)
  tables    a table that fits on a page is never split across two (break-inside: avoid)

Every year in review (review/<year>/) is then printed to PDF with Chromium's own printer
(Page.printToPDF, the page's own @page size) and read back with pypdf:

  pdf       every page is A4 portrait (595 × 842 pt, ±2); there is one page per section of the
            review, and each page starts with its section's heading — so no section spills onto
            a second page and none is cut

Problems print as `FAIL <page>: <problem>`; the last line is `print: N passed, M failed`. Exit
status: 0 all passed, 1 some failed, 77 when Chromium, chromedriver, Selenium or pypdf is missing.
"""

from __future__ import annotations

import argparse
import base64
import io
import pathlib
import sys
import unicodedata

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import check_site  # noqa: E402  (the site's pages, the local server and the browser)

# A4 less 14 mm margins each side, at 96 CSS px to the inch.
PAGE_WIDTH = round((210 - 2 * 14) / 25.4 * 96)
PAGE_HEIGHT = round((297 - 2 * 14) / 25.4 * 96)
A4_POINTS = (595.28, 841.89)

PRINT_JS = r"""
const [pageWidth, pageHeight] = arguments;
const problems = [];
const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
  (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\s+/).join('.') : '');
const shown = (el) => {
  for (let e = el; e; e = e.parentElement) {
    const s = getComputedStyle(e);
    if (s.display === 'none' || s.visibility === 'hidden') return false;
  }
  const r = el.getBoundingClientRect();
  return r.width > 1 && r.height > 1;
};
for (const el of document.querySelectorAll('nav, .skip, .site-header, .site-footer, form, .tabbar')) {
  if (shown(el)) problems.push(`nav: ${name(el)} is printed`);
}
const body = getComputedStyle(document.body);
if (body.color !== 'rgb(0, 0, 0)') problems.push(`colours: the text is ${body.color}, not black`);
const paper = [document.documentElement, document.body].map(e => getComputedStyle(e).backgroundColor)
  .find(c => c !== 'rgba(0, 0, 0, 0)') || 'rgb(255, 255, 255)';
if (paper !== 'rgb(255, 255, 255)') problems.push(`colours: the page is ${paper}, not white`);
const running = document.getAnimations().filter(a => a.playState === 'running' &&
  (a.effect?.getComputedTiming?.().duration ?? 0) > 10);
if (running.length) problems.push(`motion: ${running.length} animation(s) run, e.g. ${running[0].animationName || 'a Web Animation'}`);
for (const fall of document.querySelectorAll('.replay .drop, .replay .frame')) {
  if (shown(fall)) { problems.push('motion: the jar\'s fall is printed, not its still picture'); break; }
}
for (const still of document.querySelectorAll('.replay .final')) {
  if (!shown(still)) problems.push('motion: the jar\'s still picture is not printed');
}
const width = document.documentElement.clientWidth;
for (const el of document.body.querySelectorAll('*')) {
  if (!shown(el) || el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
  const r = el.getBoundingClientRect();
  const s = getComputedStyle(el);
  if (r.right > width + 1 || r.left < -1) {
    problems.push(`width: ${name(el)} spans ${Math.round(r.left)}–${Math.round(r.right)} px of a ${width} px page`);
  }
  if (['auto', 'scroll', 'hidden', 'clip'].includes(s.overflowX) && el.scrollWidth > el.clientWidth + 1 &&
      el.clientWidth > 1) {
    problems.push(`cut: ${name(el)} shows ${el.clientWidth} of its ${el.scrollWidth} px`);
  }
  if (el.tagName === 'TABLE' && r.height <= pageHeight && !['avoid', 'avoid-page'].includes(s.breakInside)) {
    problems.push(`tables: ${name(el)} (${Math.round(r.height)} px) may be split across pages`);
  }
}
return {problems: [...new Set(problems)], sections: [...document.querySelectorAll('.review-section')]
  .map(s => (s.querySelector('h1, h2')?.textContent || '').trim())};
"""


def missing_tools() -> str | None:
    lacking = check_site.missing_tools()
    try:
        import pypdf  # noqa: F401
    except ImportError:
        lacking = ", ".join(filter(None, [lacking, "the pypdf Python package"]))
    return lacking


def check_pdf(data: bytes, sections: list[str]) -> list[str]:
    """One A4 portrait page per section, each starting with its section's heading."""
    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(data))
    problems = []
    for number, page in enumerate(reader.pages, 1):
        size = (float(page.mediabox.width), float(page.mediabox.height))
        if abs(size[0] - A4_POINTS[0]) > 2 or abs(size[1] - A4_POINTS[1]) > 2:
            problems.append(f"pdf: page {number} is {size[0]:.0f} × {size[1]:.0f} pt, not A4 portrait")
    if len(reader.pages) != len(sections):
        problems.append(f"pdf: {len(reader.pages)} pages for {len(sections)} sections")
    for number, (page, heading) in enumerate(zip(reader.pages, sections), 1):
        # Compared without spaces, and in NFKC: a PDF's CJK text often comes back as the Kangxi
        # radicals (⾄ for 至) its fonts map the glyphs to, and with spaces between the characters.
        text = "".join(unicodedata.normalize("NFKC", page.extract_text() or "").split())
        if not text.startswith("".join(unicodedata.normalize("NFKC", heading).split())):
            problems.append(f"pdf: page {number} starts {text[:40]!r}, not the heading {heading!r}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=pathlib.Path)
    parser.add_argument("--pdfs", type=pathlib.Path, help="keep each review's PDF here")
    parser.add_argument("--only", action="append", default=[], help="print only pages whose path contains this")
    options = parser.parse_args()
    lacking = missing_tools()
    if lacking:
        print(f"skipped: {lacking} not found")
        return check_site.SKIP
    site = options.site.resolve()
    pages = [p for p in check_site.pages_to_visit(site) if not options.only or any(o in p for o in options.only)]
    server, origin = check_site.serve(site, check_site.base_url_of(site))
    services: list = []
    passed = failed = pdfs = 0
    try:
        driver = check_site.start_browser(services)
        # Paper has no scroll bar: the page is as wide as the printable width.
        driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": True})
        for page in pages:
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": PAGE_WIDTH, "height": PAGE_HEIGHT, "deviceScaleFactor": 1, "mobile": False})
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print", "features": []})
            driver.get(origin + page)
            driver.execute_async_script(check_site.SETTLE_JS)
            found = driver.execute_script(PRINT_JS, PAGE_WIDTH, PAGE_HEIGHT)
            problems = list(found["problems"])
            is_review_year = page.rstrip("/").split("/")[-2:-1] == ["review"] and page.rstrip("/")[-4:].isdigit()
            if is_review_year:
                driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
                result = driver.execute_cdp_cmd(
                    "Page.printToPDF", {"preferCSSPageSize": True, "printBackground": True})
                data = base64.b64decode(result["data"])
                pdfs += 1
                if options.pdfs:
                    options.pdfs.mkdir(parents=True, exist_ok=True)
                    (options.pdfs / (page.strip("/").replace("/", "-") + ".pdf")).write_bytes(data)
                problems += check_pdf(data, found["sections"])
            for problem in problems:
                print(f"FAIL {page or '/'}: {problem}")
            failed += bool(problems)
            passed += not problems
    finally:
        check_site.stop_group(services)
        server.shutdown()
    print(f"print: {passed} passed, {failed} failed ({len(pages)} pages, {pdfs} printed to PDF)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
