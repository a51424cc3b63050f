#!/usr/bin/env python3
"""The pages as a person first sees them (issue 43), measured in headless Chromium.

    python3 Tests/browser/check_seeds.py SITE

SITE is a built site folder (one language at its root, or one folder per language). It is served
on 127.0.0.1 and each goal page is opened at 375×812 and 1280×900 px: the jar leads its own page —
on a phone at least 80 % of the screen's width and whole in the first screen above the tab bar
(at 375×812, and at 375×667 at least 160 px wide), the amount saved above it in a figure at least twice the body's size; on a wide screen at least 320 px wide —
and the facts (what the coins are worth, the facts table) and the card's Markdown are folded away.
On Today and the goals list every goal shows one miniature of its own jar: the picture in each link
to a goal page is that goal's jar.svg, loaded, at least 40 px wide, and no other drawing.
On subscriptions/ at 375 px the slain trophies come before the list, within two screens, each row
of the list offers one action at most, and a renewal names its day and its next reminder only.
A goal page shows its card (card.svg, loaded, at least 300 px wide at 375). On badges/ at 375 px
the badges still to earn stand at least three to a row. On Today at 375 px each figure of the glance
is at least its label's size, each label on one line, whole. On the Chinese pages at 375 px (Range client rects): every date (<time>), goal name (the
page's title, a link to a goal) and amount (a <strong> holding money) sits on one line, and no
line starts with "·" or closing punctuation. Geometry and computed styles only. Prints one line per check; exits 1 on any failure, 77 when
Selenium or Chromium is missing.
"""
import functools
import json
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
// The picture as drawn: an <img> whose object-fit is contain draws its picture whole, centred in
// its box, at the picture's own proportions.
if (r && getComputedStyle(jar).objectFit === 'contain' && jar.naturalWidth > 0) {
  var ratio = jar.naturalWidth / jar.naturalHeight, w = Math.min(r.width, r.height * ratio), h = w / ratio;
  r = {left: r.left + (r.width - w) / 2, top: r.top + (r.height - h) / 2, width: w, height: h, bottom: r.top + (r.height + h) / 2};
}
// The top of whatever is fixed to the foot of the screen (the tab bar), or the screen's foot.
var bar = innerHeight;
document.querySelectorAll('body *').forEach(function (e) {
  if (getComputedStyle(e).position !== 'fixed' || !shown(e)) return;
  var b = e.getBoundingClientRect();
  if (b.height > 0 && b.height < innerHeight / 3 && b.bottom >= innerHeight - 1) bar = Math.min(bar, b.top);
});
return {
  jarWidth: r ? r.width : 0, jarTop: r ? r.top + scrollY : 1e9, jarBottom: r ? r.bottom + scrollY : 1e9,
  bar: bar + scrollY, screen: innerHeight,
  amountSize: amount ? parseFloat(getComputedStyle(amount).fontSize) / body : 0,
  amountBottom: a ? a.bottom + scrollY : 1e9,
  factsShown: Array.prototype.some.call(main.querySelectorAll('dl'), shown),
  legendShown: Array.prototype.some.call(main.querySelectorAll('ul, p'), function (e) {
    return shown(e) && /coin-legend/.test(e.className); }),
  markdownShown: Array.prototype.some.call(main.querySelectorAll('pre'), shown),
  card: (function () { var c = Array.prototype.find.call(main.querySelectorAll('img[src$="card.svg"]'), shown);
    return c ? {loaded: c.naturalWidth > 0, width: c.getBoundingClientRect().width} : null; })(),
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


# Chinese line breaks, read from where the text lands: the marked names, dates and amounts that
# span more than one line, and the lines that start with "·" or closing punctuation.
MEASURE_BREAKS = """
var lines = function (range) {
  var rects = Array.prototype.filter.call(range.getClientRects(), function (r) { return r.width > 0 && r.height > 0; })
    .sort(function (a, b) { return a.top - b.top; });
  var count = 0, bottom = -1e9;
  rects.forEach(function (r) { if (r.top >= bottom - 1) { count += 1; bottom = r.bottom; } else bottom = Math.max(bottom, r.bottom); });
  return count;
};
var main = document.querySelector('main'), broken = [], starts = [], names = arguments[0];
var money = /^[^\\d\\s]{0,4}[\\d,]+(\\.\\d+)?$/;
var flat = function (text) { return text.replace(/\\u2011/g, '-').replace(/\\s+/g, ' ').trim(); };
var measure = function (range, what) { if (lines(range) > 1) broken.push(what); };
// Dates and amounts: each <time>, and each <strong> that holds only money.
Array.prototype.forEach.call(main.querySelectorAll('time, strong'), function (e) {
  if (!e.checkVisibility() || e.closest('svg, pre')) return;
  if (e.tagName === 'STRONG' && !money.test(e.textContent.trim())) return;
  var range = document.createRange(); range.selectNodeContents(e);
  measure(range, e.tagName.toLowerCase() + ': ' + e.textContent.trim());
});
// Short labels: an element of text alone, at most 12 characters with a Chinese one among them.
Array.prototype.forEach.call(main.querySelectorAll('*'), function (e) {
  if (e.children.length || !e.checkVisibility() || e.closest('svg, pre, script, style')) return;
  var t = e.textContent.trim();
  if (t.length === 0 || t.length > 12 || !/[\\u4e00-\\u9fff]/.test(t)) return;
  var range = document.createRange(); range.selectNodeContents(e);
  measure(range, 'label: ' + t);
});
// Names (the goals' and subscriptions' of data.json): where a text node holds one, that stretch.
var walk = document.createTreeWalker(main, NodeFilter.SHOW_TEXT), text;
while ((text = walk.nextNode())) {
  if (!text.parentElement || !text.parentElement.checkVisibility() || text.parentElement.closest('svg, pre, script')) continue;
  var plain = text.data.replace(/\\u2011/g, '-').replace(/\\u00a0/g, ' ');
  names.forEach(function (name) {
    var at = plain.indexOf(name);
    if (at < 0) return;
    var range = document.createRange(); range.setStart(text, at); range.setEnd(text, at + name.length);
    measure(range, 'name: ' + name);
  });
}
var walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT), node, previous = null;
var closing = '·，。、；：！？）】」』》〉,.;:!?)';
while ((node = walker.nextNode())) {
  var parent = node.parentElement;
  if (!parent || !parent.checkVisibility() || parent.closest('svg, pre, script, style')) continue;
  for (var i = 0; i < node.data.length; i++) {
    var c = node.data[i];
    if (/\\s/.test(c)) continue;
    var range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + 1);
    var r = range.getClientRects()[0];
    if (!r) continue;
    if (closing.indexOf(c) >= 0 && previous && previous.bottom <= r.top + 1) {
      var block = parent.closest('p, li, dd, dt, h1, h2, h3, h4, td, th, div, figcaption, summary, label');
      if (block && block.contains(previous.node)) starts.push(c + ' starts a line in: ' + block.textContent.trim().replace(/\\s+/g, ' ').slice(0, 50));
    }
    previous = {bottom: r.bottom, node: node};
  }
}
return {broken: broken, starts: starts};
"""


def zh_pages(site, root):
    """The Chinese pages people read most: Today, goals and each goal, subscriptions, badges,
    breathing, the latest year in review."""
    pages = [root, root + "goals/", root + "subscriptions/", root + "badges/", root + "breathing/"]
    pages += goal_pages(site, root)
    review = os.path.join(site, root, "review")
    years = sorted(name for name in os.listdir(review) if name.isdigit()) if os.path.isdir(review) else []
    return pages + [f"{root}review/{years[-1]}/"] if years else pages


# The year in review and the subscriptions page (issue 43, 6): each area's colour, as drawn.
MEASURE_AREAS = """
var probe = document.createElement('span'); probe.style.color = 'var(--color-accent)'; document.body.appendChild(probe);
var green = getComputedStyle(probe).color; probe.remove();
var fills = {};
document.querySelectorAll('main section').forEach(function (section) {
  var heading = section.querySelector('h2'), mark = section.querySelector('svg.chart .mark');
  if (heading && mark && mark.checkVisibility()) fills[heading.id] = getComputedStyle(mark).fill;
});
var body = parseFloat(getComputedStyle(document.body).fontSize);
var first = document.querySelector('main ul');
var cards = Array.prototype.map.call(first ? first.children : [], function (li) {
  var r = li.getBoundingClientRect(), s = getComputedStyle(li), inner = 0;
  Array.prototype.forEach.call(li.children, function (c) { inner += c.getBoundingClientRect().height; });
  var figure = li.children[1];
  return {left: r.left, width: r.width, height: r.height, border: s.borderTopColor,
          content: inner + parseFloat(s.paddingTop) + parseFloat(s.paddingBottom) + parseFloat(s.borderTopWidth) + parseFloat(s.borderBottomWidth),
          figure: figure ? parseFloat(getComputedStyle(figure).fontSize) / body : 0,
          text: li.textContent.trim().slice(0, 20)};
});
return {green: green, fills: fills, cards: cards};
"""


# The controls a person sees in each row of subscriptions/'s list (the section under #all-heading).
ONE_ACTION = """
var heading = document.getElementById('all-heading'), out = [];
if (heading) heading.closest('section').querySelectorAll('li').forEach(function (li) {
  out.push(Array.prototype.filter.call(li.querySelectorAll('a[href], button, summary, input:not([type=hidden])'),
    function (c) { return c.checkVisibility({visibilityProperty: true}); }).length);
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
            if os.path.isfile(os.path.join(site, root, "index.html")) and 'lang="zh' in open(
                    os.path.join(site, root, "index.html"), encoding="utf-8").read(400):
                with open(os.path.join(site, root, "data.json"), encoding="utf-8") as handle:
                    data = json.load(handle)
                names = [g["name"] for g in data["savings"]["goals"]] + [i["name"] for i in data["subscriptions"]["items"]]
                for page in zh_pages(site, root):
                    driver.get(base + page)
                    found = driver.execute_script(MEASURE_BREAKS, names)
                    check(not found["broken"], f"{page or '/'} at 375: names, dates and amounts on one line "
                          f"({len(found['broken'])} broken: {'; '.join(found['broken'][:4])})")
                    check(not found["starts"], f"{page or '/'} at 375: no line starts with · or closing punctuation "
                          f"({len(found['starts'])}: {'; '.join(found['starts'][:3])})")
            review = os.path.join(site, root, "review")
            years = sorted(n for n in os.listdir(review) if n.isdigit()) if os.path.isdir(review) else []
            if years:
                page = f"{root}review/{years[-1]}/"
                driver.get(base + page)
                m = driver.execute_script(MEASURE_AREAS)
                saved, spent = m["fills"].get("savings-heading"), m["fills"].get("subscriptions-heading")
                practice = m["fills"].get("practice-heading")
                check(spent is not None and spent != m["green"] and spent != saved,
                      f"{page}: what was spent is not drawn in savings' green ({spent} vs {saved})")
                check(practice is None or practice not in (saved, spent),
                      f"{page}: practice has its own colour ({practice})")
                borders = [c["border"] for c in m["cards"]]
                check(len(m["cards"]) >= 3 and len(set(borders)) >= 3,
                      f"{page}: the story cards show their areas in their own colours ({borders})")
                check(all(abs(c["left"] - m["cards"][0]["left"]) < 1 for c in m["cards"]) and
                      all(c["figure"] >= 1.75 for c in m["cards"]),
                      f"{page} at 375: one figure at a time, each card a row, its figure large "
                      f"({[round(c['figure'], 2) for c in m['cards']]})")
                check(all(c["height"] <= c["content"] + 2 for c in m["cards"]),
                      f"{page} at 375: no card stretched past what it holds "
                      f"({[(c['text'], round(c['height']), round(c['content'])) for c in m['cards']]})")
            # Issue 43, 4: Today's glance at 375 — each figure at least its label's size, each label
            # on one line and whole (not wrapped, not cut).
            driver.get(base + root)
            glance = driver.execute_script("""
                var h = document.getElementById('glance-heading'), out = [];
                if (h) h.closest('section').querySelectorAll('li').forEach(function (li) {
                  var f = li.children[0], l = li.children[1], range = document.createRange();
                  range.selectNodeContents(l);
                  var tops = {}; Array.prototype.forEach.call(range.getClientRects(), function (r) { if (r.width > 0) tops[Math.round(r.top)] = true; });
                  out.push({figure: parseFloat(getComputedStyle(f).fontSize), label: parseFloat(getComputedStyle(l).fontSize),
                            lines: Object.keys(tops).length, cut: l.scrollWidth > l.clientWidth + 1, text: l.textContent});
                });
                return {rows: out, height: document.documentElement.scrollHeight};""")
            check(glance["rows"] and all(g["figure"] >= g["label"] and g["lines"] == 1 and not g["cut"] for g in glance["rows"]),
                  f"{root or '/'} at 375: the glance's figures are at least their labels' size, each label on one whole line "
                  f"({[(g['text'], g['figure'], g['label'], g['lines'], g['cut']) for g in glance['rows']]})")
            print(f"     {root or '/'} (Today) at 375 is {glance['height']} px high")
            # Issue 43, 10: the badges still to earn are a compact grid of medals, three or more
            # to a row on a phone, not a wall of cards one under another.
            at(375, 812)
            driver.get(base + root + "badges/")
            wall = driver.execute_script("""
                var h = document.getElementById('locked-heading'), list = h ? h.closest('section').querySelector('ul') : null;
                var lefts = {}, items = list ? Array.prototype.filter.call(list.children, function (li) { return li.checkVisibility(); }) : [];
                items.forEach(function (li) { lefts[Math.round(li.getBoundingClientRect().left)] = true; });
                return {items: items.length, columns: Object.keys(lefts).length, height: document.documentElement.scrollHeight};""")
            check(wall["items"] < 3 or wall["columns"] >= 3,
                  f"{root}badges/ at 375: the {wall['items']} badges to earn stand {wall['columns']} to a row (at least 3); "
                  f"the page is {wall['height']} px high")
            driver.get(base + root + "subscriptions/")
            driver.get(base + root + "subscriptions/")
            order = driver.execute_script("""
                var y = function (id) { var e = document.getElementById(id); return e ? e.getBoundingClientRect().top + scrollY : null; };
                var renewals = document.getElementById('renewals-heading'), most = 0;
                if (renewals) renewals.closest('section').querySelectorAll('li').forEach(function (li) {
                  most = Math.max(most, Array.prototype.filter.call(li.querySelectorAll('time'), function (t) { return t.checkVisibility(); }).length); });
                return {slain: y('slain-heading'), all: y('all-heading'), dates: most};""")
            check(order["slain"] is not None and order["all"] is not None and order["slain"] < order["all"]
                  and order["slain"] < 2 * 812,
                  f"{root}subscriptions/ at 375: the slain trophies come early ({order['slain']} px, the list at {order['all']})")
            controls = driver.execute_script(ONE_ACTION)
            check(all(n <= 1 for n in controls), f"{root}subscriptions/ at 375: each row of the list offers one action at most ({controls})")
            check(order["dates"] <= 2, f"{root}subscriptions/: a renewal shows its day and the next reminder only "
                  f"(at most {order['dates']} dates in a row)")
            m = driver.execute_script(MEASURE_AREAS)
            spending = {k: v for k, v in m["fills"].items() if v}
            check(spending and all(v != m["green"] for v in spending.values()),
                  f"{root}subscriptions/: its charts are not in savings' green ({spending})")
            pages = goal_pages(site, root)
            check(len(pages) >= 1, f"{root or '/'}: the site has goal pages ({len(pages)})")
            for page in pages:
                at(375, 812)
                driver.get(base + page)
                m = driver.execute_script(MEASURE_GOAL)
                check(m["jarWidth"] >= 0.8 * 375, f"{page} at 375: the jar is {m['jarWidth']:.0f} px wide (≥ 300)")
                check(m["jarTop"] < 812, f"{page} at 375: the jar begins within the first screen ({m['jarTop']:.0f} px)")
                check(m["jarBottom"] <= m["bar"] + 0.5,
                      f"{page} at 375×812: the jar is whole above the tab bar (its foot at {m['jarBottom']:.0f} px, "
                      f"the bar at {m['bar']:.0f} px)")
                check(m["amountSize"] >= 2 and m["amountBottom"] <= m["jarTop"],
                      f"{page} at 375: the amount is {m['amountSize']:.2f}× the body's size, above the jar")
                check(not m["factsShown"] and not m["legendShown"],
                      f"{page} at 375: the facts and the coins' worth are folded away")
                check(not m["markdownShown"] and m["card"] is not None and m["card"]["loaded"] and m["card"]["width"] >= 300,
                      f"{page} at 375: the card shows ({m['card']}), its Markdown folded away")
                print(f"     {page} at 375 is {m['height']} px high")
                # A shorter phone (an iPhone SE): the jar smaller, still whole in the first screen.
                at(375, 667)
                driver.get(base + page)
                m = driver.execute_script(MEASURE_GOAL)
                check(m["jarWidth"] >= 160 and m["jarBottom"] <= m["bar"] + 0.5 and m["amountBottom"] <= m["jarTop"],
                      f"{page} at 375×667: the jar, {m['jarWidth']:.0f} px wide, is whole between the amount and the "
                      f"tab bar (from {m['jarTop']:.0f} to {m['jarBottom']:.0f} px, the bar at {m['bar']:.0f} px)")
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
