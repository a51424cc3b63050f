// In-page checks for Tests/browser/check_site.py, run as the body of a function with one argument:
// {what: 'page', keys, placeholders, overlapSlack} (keys and placeholders from the i18n tables;
// overlapSlack, in px, switches the overlapping-text check on), {what: 'focus'} or {what: 'motion'}. Returns a JSON-able object of findings. Everything here only reads the
// rendered page: nothing is changed, nothing is fetched.
const request = arguments[0];

// ---- colours ----------------------------------------------------------------------------
const canvas = document.createElement('canvas');
canvas.width = canvas.height = 1;
const ctx = canvas.getContext('2d', { willReadFrequently: true });
const colourCache = new Map();

// Any CSS colour → [r, g, b, a] with r, g, b in 0…255 and a in 0…1. rgb()/rgba() (what Chrome
// computes for most colours) are parsed exactly; anything else (color(srgb …), oklch(…)) goes
// through a 1×1 canvas.
function parseColour(text) {
  if (colourCache.has(text)) return colourCache.get(text);
  let c = null;
  const m = /^rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/.exec(text);
  if (m) {
    let a = m[4] === undefined ? 1 : parseFloat(m[4]);
    if (m[5] === '%') a /= 100;
    c = [parseFloat(m[1]), parseFloat(m[2]), parseFloat(m[3]), a];
  } else if (text === 'transparent') {
    c = [0, 0, 0, 0];
  } else {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = 'rgb(0 0 0 / 0)';
    ctx.fillStyle = text;
    ctx.fillRect(0, 0, 1, 1);
    const d = ctx.getImageData(0, 0, 1, 1).data;
    c = [d[0], d[1], d[2], d[3] / 255];
  }
  colourCache.set(text, c);
  return c;
}

// `top` (may be translucent) painted over the opaque `bottom`.
function over(top, bottom) {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat([1]);
}

function luminance(c) {
  const lin = c.slice(0, 3).map((v) => {
    v /= 255;
    return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
  });
  return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
}

function ratio(a, b) {
  const la = luminance(a), lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function hex(c) {
  return '#' + c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
}

// The canvas colour when nothing on the page paints a background: Chrome's dark canvas when the
// page opts into dark (`color-scheme`) and the dark scheme is in force, white otherwise.
function canvasColour() {
  const scheme = getComputedStyle(document.documentElement).colorScheme || '';
  const dark = matchMedia('(prefers-color-scheme: dark)').matches && /dark/.test(scheme)
    || /^dark$/.test(scheme.trim());
  return dark ? [18, 18, 18, 1] : [255, 255, 255, 1];
}

// The opaque colour behind `el`: background colours of `el` and its ancestors, composed from the
// nearest opaque one (or the canvas) up. Returns null when an ancestor on the way paints an image
// or gradient, whose colour under the text is unknown.
function effectiveBackground(el) {
  const layers = [];
  for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
    const cs = getComputedStyle(node);
    if (cs.backgroundImage && cs.backgroundImage !== 'none') return null;
    const bg = parseColour(cs.backgroundColor);
    if (bg[3] > 0) layers.push(bg);
    if (bg[3] >= 1) break;
  }
  let colour = canvasColour();
  for (let i = layers.length - 1; i >= 0; i--) colour = over(layers[i], colour);
  return colour;
}

function cumulativeOpacity(el) {
  let o = 1;
  for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
    o *= parseFloat(getComputedStyle(node).opacity);
  }
  return o;
}

// Hidden the "visually hidden" way: clipped to nothing, or inside a box of 1 px or less that
// clips its overflow.
function clippedAway(el) {
  for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
    const cs = getComputedStyle(node);
    if (/rect\(\s*0(px)?[ ,]+0(px)?[ ,]+0(px)?[ ,]+0(px)?\s*\)/.test(cs.clip)) return true;
    if (/inset\(\s*50%/.test(cs.clipPath)) return true;
    if (cs.overflow !== 'visible' && !['svg', 'HTML', 'BODY'].includes(node.tagName)) {
      const r = node.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) return true;
    }
  }
  return false;
}

// Rendered at all: not display: none, not in a closed <details> or another skipped subtree
// (content-visibility: hidden, whose boxes keep stale positions), not visibility: hidden.
function shown(el) {
  if (el.checkVisibility) return el.checkVisibility({ visibilityProperty: true });
  return getComputedStyle(el).visibility === 'visible';
}

function describe(el) {
  let s = el.tagName.toLowerCase();
  if (el.id) s += '#' + el.id;
  const cls = typeof el.className === 'string' ? el.className : (el.className && el.className.baseVal) || '';
  if (cls.trim()) s += '.' + cls.trim().split(/\s+/).join('.');
  return s;
}

function snippet(text) {
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > 40 ? text.slice(0, 39) + '…' : text;
}

// ---- contrast: every visible text node against its effective background ------------------
function contrast() {
  const found = [];
  const seen = new Set();
  let checked = 0, unknown = 0, lowest = null;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const docWidth = document.documentElement.scrollWidth;
  const docHeight = document.documentElement.scrollHeight;
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (!t.data.trim()) continue;
    const el = t.parentElement;
    if (!el || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'title'].includes(el.tagName)) continue;
    if (el.closest('title, desc, defs')) continue;
    const range = document.createRange();
    range.selectNodeContents(t);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (!rects.length) continue;
    const sx = scrollX, sy = scrollY;
    const onPage = rects.some((r) =>
      r.right + sx > 0 && r.bottom + sy > 0 && r.left + sx < docWidth && r.top + sy < docHeight);
    if (!onPage) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility !== 'visible' || clippedAway(el)) continue;
    const opacity = cumulativeOpacity(el);
    if (opacity === 0) continue;
    const inSvg = el instanceof SVGElement;
    const fgText = inSvg ? cs.fill : cs.color;
    if (!fgText || fgText === 'none' || fgText.startsWith('url(')) continue;
    const fg = parseColour(fgText).slice();
    if (fg[3] === 0) continue;
    const bg = effectiveBackground(el);
    if (!bg) { unknown++; continue; }
    fg[3] *= opacity;
    const fgOpaque = over(fg, bg);
    const r = ratio(fgOpaque, bg);
    const size = parseFloat(cs.fontSize);
    const bold = parseInt(cs.fontWeight, 10) >= 700;
    const large = size >= 24 || (size >= 18.66 && bold);
    const need = large ? 3 : 4.5;
    checked++;
    if (!lowest || r / need < lowest.ratio / lowest.need) {
      lowest = { text: snippet(t.data), fg: hex(fgOpaque), bg: hex(bg), ratio: Math.floor(r * 100) / 100, need };
    }
    if (r + 1e-9 < need) {
      const item = {
        text: snippet(t.data), fg: hex(fgOpaque), bg: hex(bg), ratio: Math.floor(r * 100) / 100,
        need, size: Math.round(size * 100) / 100, bold, element: describe(el),
      };
      const key = [item.text, item.fg, item.bg].join('|');
      if (!seen.has(key)) { seen.add(key); found.push(item); }
    }
  }
  return { found, checked, unknown, lowest };
}

// ---- raw i18n keys, unrendered tags and placeholders ---------------------------------------
function rawKeys(keys, placeholders) {
  const keyPatterns = keys.map((key) => [key, new RegExp(
    '(^|[^\\w-])' + key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '($|[^\\w-]|\\.(?![\\w-]))')]);
  const sources = [['text', document.body.innerText], ['title', document.title]];
  for (const el of document.querySelectorAll('[aria-label], [title], img[alt]')) {
    for (const attr of ['aria-label', 'title', 'alt']) {
      const v = el.getAttribute(attr);
      if (v) sources.push([attr + ' of ' + describe(el), v]);
    }
  }
  for (const el of document.querySelectorAll('svg title, svg desc')) {
    sources.push(['svg ' + el.tagName, el.textContent]);
  }
  const found = [];
  const seen = new Set();
  for (const [where, text] of sources) {
    for (const [key, pattern] of keyPatterns) {
      if (pattern.test(text)) {
        const id = key + '|' + where;
        if (!seen.has(id)) { seen.add(id); found.push({ where, key }); }
      }
    }
    const leftovers = (text.match(/\{\{[^\n]{0,30}|\}\}/g) || []).concat(placeholders.filter((p) => text.includes(p)));
    for (const leftover of leftovers) {
      const id = leftover + '|' + where;
      if (!seen.has(id)) { seen.add(id); found.push({ where, key: leftover }); }
    }
  }
  return found;
}

// ---- structure: lang, alt, svg titles ------------------------------------------------------
function structure() {
  const html = document.documentElement;
  const emptyLang = [...document.querySelectorAll('[lang]')]
    .filter((e) => !e.getAttribute('lang').trim()).map(describe);
  const noAlt = [...document.querySelectorAll('img')].filter((i) => !i.hasAttribute('alt'))
    .map((i) => describe(i) + ' src=' + (i.getAttribute('src') || '').slice(0, 60));
  const noTitle = [...document.querySelectorAll('svg')]
    .filter((s) => !(s.parentElement && s.parentElement.closest('svg')))
    .filter((s) => !s.closest('[aria-hidden="true"]'))
    .filter((s) => {
      const title = [...s.children].find((c) => c.tagName.toLowerCase() === 'title');
      return !title || !title.textContent.trim();
    })
    .map((s) => describe(s) + (s.getAttribute('aria-label') ? ` aria-label="${s.getAttribute('aria-label')}"` : ''));
  return { lang: html.getAttribute('lang'), emptyLang, noAlt, noTitle };
}

// ---- horizontal overflow -----------------------------------------------------------------
// The document wider than the viewport, and every element whose box sticks out past its left or
// right edge, outside a box that scrolls or clips sideways (the heatmap's overflow-x: auto): the
// outermost such element is reported, not each of its children. A box wholly left of the page
// (the skip link's resting place) is hidden on purpose and not counted.
function overflow() {
  const root = document.documentElement;
  const width = root.clientWidth;
  const result = { width, scrollWidth: Math.max(root.scrollWidth, document.body.scrollWidth), offenders: [] };
  const reported = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const right = r.right + scrollX, left = r.left + scrollX;
    const pastRight = right > width + 0.5;
    const pastLeft = left < -0.5 && right > 0.5;
    if (!pastRight && !pastLeft) continue;
    let inner = false;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== 'visible') { inner = true; break; }
      if (reported.includes(p)) { inner = true; break; }
    }
    if (inner || clippedAway(el) || !shown(el)) continue;
    reported.push(el);
    const text = snippet(el.innerText || el.textContent || '');
    result.offenders.push({
      element: describe(el), left: Math.round(left), right: Math.round(right), text, scrolls: scrolls(el),
    });
  }
  return result;
}

// A box that scrolls sideways itself (its content is reachable): its own box must still fit.
function scrolls(el) {
  const ox = getComputedStyle(el).overflowX;
  return ox === 'auto' || ox === 'scroll';
}

// ---- overlapping text ----------------------------------------------------------------------
// The boxes of visible text, one per line of each text node (the em box: the font size high,
// centred on the line, so a tall line-height is not an overlap), cut to whatever scrolls or clips
// around them. Two boxes of different elements, neither inside the other and neither in an SVG
// (chart labels are placed by the chart code), that share more than `slack` px both ways are an
// overlap; so is a text box over a picture (img, svg, canvas, video) outside it. A box fixed to
// the screen (a phone's tab bar) is compared only with boxes fixed with it: the page scrolls
// under it, and phoneChrome() checks the page's end can come out from under it. Returns each pair
// once, the texts and elements named.
function overlaps(slack) {
  const boxes = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (!t.data.trim()) continue;
    const el = t.parentElement;
    if (!el || el.closest('svg, script, style, noscript, template, title')) continue;
    const cs = getComputedStyle(el);
    if (!shown(el) || cs.visibility !== 'visible' || cumulativeOpacity(el) === 0 || clippedAway(el)) continue;
    // A text is cut by its own element's overflow too (a name ellipsized in its box): what that
    // box hides cannot overlap anything.
    const clip = clipOf(el, true);
    if (!clip) continue;
    const size = parseFloat(cs.fontSize);
    const range = document.createRange();
    range.selectNodeContents(t);
    for (const r of range.getClientRects()) {
      if (r.width < 1 || r.height < 1) continue;
      const middle = (r.top + r.bottom) / 2, half = Math.min(r.height, size) / 2;
      const box = {
        left: Math.max(r.left, clip.left), right: Math.min(r.right, clip.right),
        top: Math.max(middle - half, clip.top), bottom: Math.min(middle + half, clip.bottom),
      };
      if (box.right - box.left < 1 || box.bottom - box.top < 1) continue;
      boxes.push({ el, node: t, box, layer: fixedLayer(el) });
    }
  }
  // pictures: the jar, an icon, a chart; text drawn over one is hidden by it or hides it
  for (const el of document.body.querySelectorAll('img, svg, canvas, video')) {
    if (el.parentElement && el.parentElement.closest('svg')) continue;
    if (!shown(el) || cumulativeOpacity(el) === 0 || clippedAway(el)) continue;
    const clip = clipOf(el);
    const r = el.getBoundingClientRect();
    if (!clip || r.width < 1 || r.height < 1) continue;
    const box = {
      left: Math.max(r.left, clip.left), right: Math.min(r.right, clip.right),
      top: Math.max(r.top, clip.top), bottom: Math.min(r.bottom, clip.bottom),
    };
    if (box.right - box.left >= 1 && box.bottom - box.top >= 1) boxes.push({ el, picture: true, box, layer: fixedLayer(el) });
  }
  boxes.sort((a, b) => a.box.top - b.box.top);
  const found = [];
  const seen = new Set();
  for (let i = 0; i < boxes.length; i++) {
    const a = boxes[i];
    for (let j = i + 1; j < boxes.length && boxes[j].box.top < a.box.bottom - slack; j++) {
      const b = boxes[j];
      if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      if (a.picture && b.picture) continue;
      if (a.layer !== b.layer) continue;
      const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (w <= slack || h <= slack) continue;
      const label = (x) => (x.picture ? 'a picture' : snippet(x.node.data));
      const key = [label(a), describe(a.el), label(b), describe(b.el)].join('|');
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({
        first: label(a), firstElement: describe(a.el),
        second: label(b), secondElement: describe(b.el),
        width: Math.round(w), height: Math.round(h),
      });
      if (found.length >= 20) return found;
    }
  }
  return found;
}

// The element fixed to the screen that `el` is in (itself or an ancestor), or null.
function fixedLayer(el) {
  for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
    if (getComputedStyle(node).position === 'fixed') return node;
  }
  return null;
}

// The part of the page where `el` can be seen: the viewport-independent page, cut by every
// ancestor that clips or scrolls its overflow (and by `el` itself when `inside`: where el's own
// content can be seen). Null when nothing is left.
function clipOf(el, inside = false) {
  let clip = { left: -Infinity, right: Infinity, top: -Infinity, bottom: Infinity };
  for (let p = inside ? el : el.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
    const cs = getComputedStyle(p);
    const r = p.getBoundingClientRect();
    if (cs.overflowX !== 'visible') clip = { ...clip, left: Math.max(clip.left, r.left), right: Math.min(clip.right, r.right) };
    if (cs.overflowY !== 'visible') clip = { ...clip, top: Math.max(clip.top, r.top), bottom: Math.min(clip.bottom, r.bottom) };
  }
  return clip.right - clip.left >= 1 && clip.bottom - clip.top >= 1 ? clip : null;
}

// ---- phone layout: tables, amounts, dates, navigation -----------------------------------------
// Under 480 px a table is stacked rows that fit the page: one that needs sideways scrolling (wider
// than the box it scrolls in, or than its own box) fails. An amount (a currency sign and its
// digits), a date (<time>) and a navigation link each stay on one line.
// A number's digits may be grouped by commas, but it never ends in one ("Dec 2026, $33.75" holds
// the amount "$33.75", not "2026, $").
const AMOUNT = /(?:[A-Z]{0,3}[$€£¥₩₹]|\b[A-Z]{3} )\s?[-−]?\d(?:[\d,]*\d)?(?:\.\d+)?|[-−]?\d(?:[\d,]*\d)?(?:\.\d+)?\s?(?:[$€£¥₩₹]|\b[A-Z]{3}\b)/gu;

function lines(range) {
  const tops = new Set();
  for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) tops.add(Math.round(r.top + r.height / 2));
  // lines whose middles are within 4 px are one line (a superscript, a bolder span)
  const sorted = [...tops].sort((a, b) => a - b);
  return sorted.filter((t, i) => i === 0 || t - sorted[i - 1] > 4).length;
}

function phoneLayout() {
  const tables = [];
  for (const table of document.querySelectorAll('table')) {
    if (table.closest('svg') || !shown(table) || clippedAway(table)) continue;
    const r = table.getBoundingClientRect();
    if (r.width === 0) continue;
    let box = null;
    for (let p = table.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== 'visible') { box = p; break; }
    }
    const room = box ? box.clientWidth : document.documentElement.clientWidth;
    const needs = Math.max(table.scrollWidth, Math.round(r.width));
    if (needs > room + 1 || (box && box.scrollWidth > box.clientWidth + 1)) {
      const caption = table.caption ? snippet(table.caption.innerText) : snippet(table.innerText).slice(0, 30);
      tables.push({ caption, width: Math.max(needs, box ? box.scrollWidth : 0), room });
    }
  }
  const split = [];
  const seen = new Set();
  const note = (kind, text, el) => {
    const key = kind + '|' + text;
    if (!seen.has(key)) { seen.add(key); split.push({ kind, text: snippet(text), element: describe(el) }); }
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const el = t.parentElement;
    if (!el || !t.data.trim() || el.closest('svg, script, style, title')) continue;
    if (!shown(el) || clippedAway(el)) continue;
    for (const m of t.data.matchAll(AMOUNT)) {
      const range = document.createRange();
      range.setStart(t, m.index);
      range.setEnd(t, m.index + m[0].trimEnd().length);
      if (lines(range) > 1) note('amount', m[0], el);
    }
  }
  for (const el of document.querySelectorAll('time, nav a')) {
    if (el.closest('svg') || !shown(el) || clippedAway(el) || !el.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(el);
    if (lines(range) > 1) note(el.tagName === 'TIME' ? 'date' : 'navigation link', el.textContent, el);
  }
  return { tables, split };
}

// ---- a phone's header and navigation (issue 25) ---------------------------------------------
// The page's header (the first <header> outside <main>) is at most `maxHeader` px high; every
// navigation shown in it or fixed to the screen (a tab bar) keeps its links in one row, at most
// `maxHeader` px high; and a bar fixed to the foot of the screen leaves room under the page's last
// box, so the end of the page can be scrolled out from under it. On the Today screen
// (.today-screen) the first goal's jar is whole in the first screen, above such a bar.
function phoneChrome(maxHeader) {
  const result = { header: null, navs: [], bars: [], maxHeader, jar: null };
  const header = [...document.querySelectorAll('header')].find((h) => !h.closest('main, article, section') && shown(h));
  if (header) result.header = { element: describe(header), height: Math.round(header.getBoundingClientRect().height) };
  for (const nav of document.querySelectorAll('nav')) {
    if (!shown(nav) || clippedAway(nav)) continue;
    if (!(header && header.contains(nav)) && !fixedLayer(nav)) continue;
    const links = [...nav.querySelectorAll('a')].filter((a) => shown(a) && !a.closest('details:not([open])'));
    if (links.length < 2) continue;
    const tops = links.map((a) => Math.round(a.getBoundingClientRect().top));
    const rows = tops.sort((a, b) => a - b).filter((t, i, all) => i === 0 || t - all[i - 1] > 4).length;
    const height = Math.round(nav.getBoundingClientRect().height);
    if (rows > 1 || height > maxHeader) result.navs.push({ element: describe(nav), rows, height });
  }
  const docHeight = document.documentElement.scrollHeight;
  let contentBottom = 0;
  for (const child of document.body.children) {
    if (!shown(child) || fixedLayer(child)) continue;
    const r = child.getBoundingClientRect();
    if (r.height > 0) contentBottom = Math.max(contentBottom, r.bottom + scrollY);
  }
  let screenBottom = innerHeight;
  for (const el of document.body.querySelectorAll('*')) {
    if (getComputedStyle(el).position !== 'fixed' || !shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.height < 1 || r.height > innerHeight / 3 || r.bottom < innerHeight - 1) continue;
    screenBottom = Math.min(screenBottom, r.top);
    const room = Math.round(docHeight - contentBottom);
    if (room < Math.round(r.height) - 1) result.bars.push({ element: describe(el), height: Math.round(r.height), room });
  }
  // The Today screen: the first goal's jar is whole in the first screen, above a bar at its foot.
  const jar = document.querySelector('.today-screen img[src$="jar.svg"], .today-screen .jar-small');
  if (jar && shown(jar)) {
    const r = jar.getBoundingClientRect();
    const top = Math.round(r.top + scrollY), bottom = Math.round(r.bottom + scrollY);
    if (bottom > screenBottom + 0.5 || top < 0) result.jar = { top, bottom, screen: Math.round(screenBottom) };
  }
  return result;
}

// ---- the practice calendar fits its box (issue 25) --------------------------------------------
// Every calendar shown (svg.heatmap) lies inside the box it is in, which does not scroll sideways,
// and every label it draws (weekdays, months) is inside the calendar's own box: none cut off.
function heatmaps() {
  const found = [];
  for (const svg of document.querySelectorAll('svg.heatmap')) {
    if (!shown(svg) || clippedAway(svg)) continue;
    const box = svg.parentElement.closest('figure, div, section') || svg.parentElement;
    const r = svg.getBoundingClientRect(), b = box.getBoundingClientRect();
    let scroller = null;
    for (let p = svg.parentElement; p && p !== document.body; p = p.parentElement) {
      if (p.scrollWidth > p.clientWidth + 1 && getComputedStyle(p).overflowX !== 'visible') { scroller = p; break; }
    }
    const cut = [...svg.querySelectorAll('text')].filter((t) => {
      const q = t.getBoundingClientRect();
      return q.width > 0 && (q.left < r.left - 0.5 || q.right > r.right + 0.5 || q.left < b.left - 0.5 || q.right > b.right + 0.5);
    }).map((t) => t.textContent);
    if (r.right > b.right + 0.5 || r.left < b.left - 0.5 || scroller || cut.length) {
      found.push({
        element: describe(svg), width: Math.round(r.width), room: Math.round(b.width),
        scrolls: scroller ? describe(scroller) : null, cut: cut.slice(0, 3),
      });
    }
  }
  return found;
}

// ---- grids of cards: none alone on the last row (issue 25) -----------------------------------
// A grid of two or more columns whose items are alike (one tag, three or more of them) may not end
// with a row holding one item that takes under 60% of the grid's width: a lone card.
function loneCards() {
  const found = [];
  for (const grid of document.body.querySelectorAll('*')) {
    if (grid.closest('svg')) continue;
    const cs = getComputedStyle(grid);
    if (cs.display !== 'grid' || !shown(grid) || clippedAway(grid)) continue;
    const columns = cs.gridTemplateColumns.split(' ').filter((t) => /px$/.test(t)).length;
    if (columns < 2) continue;
    const items = [...grid.children].filter((c) => shown(c) && c.getBoundingClientRect().height > 0);
    if (items.length < 3 || new Set(items.map((i) => i.tagName)).size > 1) continue;
    const tops = [...new Set(items.map((i) => Math.round(i.getBoundingClientRect().top)))].sort((a, b) => a - b);
    if (tops.length < 2) continue;
    const last = items.filter((i) => Math.round(i.getBoundingClientRect().top) === tops[tops.length - 1]);
    const width = grid.getBoundingClientRect().width;
    if (last.length === 1 && last[0].getBoundingClientRect().width < width * 0.6) {
      found.push({ grid: describe(grid), items: items.length, columns, card: snippet(last[0].innerText || '') });
    }
  }
  return found;
}

// ---- keyboard focus: the element the first Tab reached --------------------------------------
function focus() {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return { none: true };
  const cs = getComputedStyle(el);
  const r = el.getBoundingClientRect();
  const result = {
    label: `<${el.tagName.toLowerCase()}> "${snippet(el.innerText || el.getAttribute('aria-label') || '')}"`,
    outline: cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0,
    boxShadow: cs.boxShadow !== 'none',
    onScreen: r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight,
    outlineStyle: cs.outlineStyle,
  };
  if (result.outline) {
    // the outline is drawn around the element, over what is behind it
    const bg = effectiveBackground(el.parentElement || el) || canvasColour();
    const colour = over(parseColour(cs.outlineColor), bg);
    result.outlineColour = hex(colour);
    result.background = hex(bg);
    result.ratio = Math.floor(ratio(colour, bg) * 100) / 100;
  }
  return result;
}

// ---- reduced motion: what still moves ------------------------------------------------------
function motion() {
  const running = document.getAnimations().filter((a) => {
    if (a.playState !== 'running') return false;
    const timing = a.effect && a.effect.getComputedTiming ? a.effect.getComputedTiming() : {};
    return !(typeof timing.duration === 'number' && timing.duration <= 10);
  });
  const target = (a) => (a.effect && a.effect.target ? describe(a.effect.target) : '?');
  const styled = [...document.querySelectorAll('*')].filter((el) => {
    const cs = getComputedStyle(el);
    if (cs.animationName === 'none') return false;
    if (cs.animationPlayState.split(',').every((s) => s.trim() === 'paused')) return false;
    return cs.animationDuration.split(',').some((d) => parseFloat(d) * (d.trim().endsWith('ms') ? 1 : 1000) > 10);
  });
  return {
    reduce: matchMedia('(prefers-reduced-motion: reduce)').matches,
    running: running.map((a) => `${a.animationName || a.transitionProperty || a.id || 'animation'} on ${target(a)}`),
    styled: styled.map((el) => `${getComputedStyle(el).animationName} on ${describe(el)}`),
  };
}

// ---- the pacer (issue 25): it waits for a tap ---------------------------------------------
// What runs inside the pacer (.pacer), its shape's size and whether the shape runs, whether it
// has a start control (.pacer-start), and whether its session view is full-screen: the page's
// header and any bar fixed to the screen hidden, the session at least the screen's height.
function pacerState() {
  const root = document.querySelector('.pacer');
  if (!root) return { present: false };
  const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect && a.effect.target
    && root.contains(a.effect.target));
  const shape = root.querySelector('.pacer-shape');
  const box = shape ? shape.getBoundingClientRect() : null;
  const session = root.querySelector('.pacer-session');
  const header = [...document.querySelectorAll('header')].find((h) => !h.closest('main, article, section'));
  const bars = [...document.body.querySelectorAll('*')].filter((el) => getComputedStyle(el).position === 'fixed' && shown(el)
    && el.getBoundingClientRect().height > 0);
  const others = (header && shown(header) ? [describe(header)] : []).concat(bars.map(describe));
  const height = session && shown(session) ? session.getBoundingClientRect().height : 0;
  return {
    present: true,
    start: !!root.querySelector('.pacer-start'),
    moving: running.map((a) => `${a.animationName || 'animation'} on ${describe(a.effect.target)}`),
    shape: box ? { width: Math.round(box.width), height: Math.round(box.height) } : null,
    shapeMoving: running.some((a) => a.effect.target === shape),
    fullScreen: { others, height: Math.round(height), screen: innerHeight },
  };
}

// ---- touch targets (issue 34) ------------------------------------------------------------
// Every control shown — a link, a button, a summary, a field, the label that stands for a hidden
// radio or check box — is at least `min` px wide and high, except a link in running prose (a
// Markdown page, a goal's note: WCAG 2.5.8's inline exception). And no submit button shown in the
// first screen lies partly under a bar fixed to the foot of the screen (the tab bar).
function targets(min) {
  const small = [];
  const covered = [];
  const seen = new Set();
  const selector = 'a[href], button, summary, select, textarea, input:not([type=hidden]):not([type=radio]):not([type=checkbox]), '
    + 'input[type=radio] + label, input[type=checkbox] + label';
  for (const el of document.querySelectorAll(selector)) {
    if (el.closest('svg, .prose, .note, .visually-hidden, [aria-hidden="true"]')) continue;
    if (el.matches('input[type=radio] + label, input[type=checkbox] + label') === false && getComputedStyle(el).opacity === '0') continue;
    if (!shown(el) || clippedAway(el) || el.closest('details:not([open]) > :not(summary)')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.right + scrollX <= 0) continue;  // parked off the page until focused (the skip link)
    if (r.width + 0.5 < min || r.height + 0.5 < min) {
      const text = snippet(el.innerText || el.getAttribute('aria-label') || el.value || el.getAttribute('href') || '');
      const key = describe(el) + '|' + text;
      if (!seen.has(key)) {
        seen.add(key);
        small.push({ element: describe(el), text, width: Math.round(r.width), height: Math.round(r.height) });
      }
    }
  }
  const bars = [...document.body.querySelectorAll('*')].filter((el) => getComputedStyle(el).position === 'fixed' && shown(el))
    .map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0 && r.height < innerHeight / 3 && r.bottom >= innerHeight - 1);
  for (const button of document.querySelectorAll('button[type=submit], button:not([type]), input[type=submit]')) {
    if (!shown(button) || clippedAway(button)) continue;
    const r = button.getBoundingClientRect();
    if (r.height === 0 || r.top + scrollY >= innerHeight) continue;
    for (const bar of bars) {
      if (r.bottom + scrollY > bar.top + 0.5 && r.top + scrollY < bar.bottom) {
        covered.push({ element: describe(button), text: snippet(button.innerText || ''), top: Math.round(r.top + scrollY), bar: Math.round(bar.top) });
      }
    }
  }
  return { small: small.slice(0, 30), covered };
}

// ---- what a daily user feels first (issue 34), at 375×812 --------------------------------
// The Today screen leads with one money figure of at least `hero` px in the first screen, larger
// than any other text there, with an on-track signal; the breathing page's Start is whole in the
// first screen, above the tab bar; a short label (a label and its date, a state, a tag, a short
// link) stays on one line; no table repeats as its caption a heading shown above it; the year in
// review is at most `reviewHeight` px, its story cards before its first chart, every table folded
// and no table row of nothing (every figure 0 or —).
function feel(request) {
  const found = [];
  const screen = innerHeight;
  let bar = screen;
  for (const el of document.body.querySelectorAll('*')) {
    if (getComputedStyle(el).position !== 'fixed' || !shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.height > 0 && r.height < screen / 3 && r.bottom >= screen - 1) bar = Math.min(bar, r.top);
  }
  const firstScreen = (el) => { const r = el.getBoundingClientRect(); return r.top + scrollY >= 0 && r.bottom + scrollY <= bar + 0.5; };
  if (document.querySelector('.today-screen')) {
    const hero = document.querySelector('.hero-amount');
    if (!hero || !shown(hero)) found.push('hero: the Today screen has no hero figure (.hero-amount)');
    else {
      const size = parseFloat(getComputedStyle(hero).fontSize);
      if (size < request.hero) found.push(`hero: the hero figure is ${size} px (at least ${request.hero})`);
      if (!firstScreen(hero)) found.push('hero: the hero figure is not in the first screen');
      if (!/\d/.test(hero.textContent)) found.push(`hero: the hero figure "${hero.textContent}" holds no amount`);
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        const el = t.parentElement;
        if (!el || !t.data.trim() || hero.contains(el) || el.closest('svg') || !shown(el) || clippedAway(el)) continue;
        if (!firstScreen(el)) continue;
        const other = parseFloat(getComputedStyle(el).fontSize);
        if (other >= size) found.push(`hero: "${snippet(t.data)}" (${other} px) is as large as the hero figure (${size} px)`);
      }
      if (document.querySelector('.goal-rows') && !document.querySelector('.hero .signal')) found.push('hero: no on-track signal beside the hero figure');
    }
  }
  const start = document.querySelector('.breathe-start');
  if (location.pathname.match(/breathing\/$/)) {
    if (!start || !shown(start)) found.push('breathing: no Start (.breathe-start) at the top of the breathing page');
    else if (!firstScreen(start)) found.push(`breathing: Start is at ${Math.round(start.getBoundingClientRect().top + scrollY)} px, not whole in the first screen (${Math.round(bar)} px above the tab bar)`);
  }
  for (const el of document.querySelectorAll('.label-date, .overdue, .risk, .tag, .when, .short-label, .signal')) {
    if (!shown(el) || clippedAway(el) || el.closest('svg')) continue;
    const range = document.createRange();
    range.selectNodeContents(el);
    if (lines(range) > 1) found.push(`label: "${snippet(el.textContent)}" (${describe(el)}) breaks across lines`);
  }
  for (const table of document.querySelectorAll('table')) {
    const caption = table.caption;
    if (!caption || !shown(caption) || clippedAway(caption)) continue;
    const section = table.closest('section') || document.body;
    const heading = [...section.querySelectorAll('h1, h2, h3')].find((h) => shown(h) && !clippedAway(h) && h.textContent.trim() === caption.textContent.trim());
    if (heading) found.push(`caption: "${snippet(caption.textContent)}" is shown twice (the heading above says it)`);
  }
  if (document.querySelector('article.review')) {
    const height = document.documentElement.scrollHeight;
    if (height > request.reviewHeight) found.push(`review: the page is ${height} px high (at most ${request.reviewHeight})`);
    const story = document.querySelector('.story-cards');
    const chart = document.querySelector('article.review svg.chart');
    if (!story) found.push('review: no story cards (.story-cards)');
    else {
      const sentence = document.querySelector('article.review .review-sentence');
      for (const [what, el] of [['a chart', chart], ['the sentences', sentence]]) {
        if (el && (story.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) === 0) found.push(`review: the story cards come after ${what}`);
      }
    }
    for (const table of document.querySelectorAll('article.review table')) {
      if (!table.closest('details')) found.push(`review: the table "${snippet(table.caption ? table.caption.textContent : '')}" is not folded`);
      for (const row of table.querySelectorAll('tbody tr')) {
        const cells = [...row.querySelectorAll('td')].map((c) => c.textContent.trim());
        if (cells.length && cells.every((c) => c === '—' || /^[^\d]*0(\.0+)?[^\d]*$/.test(c))) found.push(`review: a row of nothing: "${snippet(row.textContent)}"`);
      }
    }
  }
  return found;
}

if (request.what === 'feel') return feel(request);
if (request.what === 'targets') return targets(request.min);
if (request.what === 'pacer') return pacerState();
if (request.what === 'focus') return focus();
if (request.what === 'motion') return motion();
return {
  contrast: contrast(),
  rawKeys: rawKeys(request.keys, request.placeholders),
  structure: structure(),
  overflow: overflow(),
  overlaps: request.overlapSlack === undefined ? [] : overlaps(request.overlapSlack),
  phone: request.overlapSlack === undefined ? null : phoneLayout(),
  chrome: request.maxHeader === undefined ? null : phoneChrome(request.maxHeader),
  lone: loneCards(),
  heatmaps: heatmaps(),
  stylesheets: [...document.styleSheets].map((s) => s.href).filter(Boolean),
};
