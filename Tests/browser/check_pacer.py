#!/usr/bin/env python3
"""Runs a retention session on a served pacer as a person on a phone would (issue 44).

    python3 Tests/browser/check_pacer.py URL PATTERN

URL is a running `sandjar serve` (English) whose data folder has the short retention pattern
PATTERN (2 breaths of 0.5 + 0.5 s, a 1 s recovery, 2 rounds). Before the page's script runs,
`navigator.wakeLock`, `navigator.vibrate` and `AudioContext` are replaced by stubs that record
every call (CDP `Page.addScriptToEvaluateOnNewDocument`). Checked: nothing sounds, vibrates or
keeps the screen awake before a tap; the sound and vibration toggles are off at first and kept on
the device once tapped; Start takes the wake lock, taken again when the page becomes visible
after the system let it go, and released at the end; each phase sounds a tone and vibrates; the
started pacer fills the screen in its own colour at 375 and 1280 px, light and dark, its phase
word at least 40 px; each hold waits for a tap and is timed; the summary names the rounds, the
minutes and the streak, with the log one tap away, the log form holding the holds measured; the
form sent, the breathing page says what was logged. Time is driven by waiting on the page's
state, never by a fixed sleep. Prints one line per check and, last, `holds: A,B`; exits 1 on any
failure, 77 when Selenium or Chromium is missing.
"""
import re
import sys

FAILURES = []

STUBS = r"""
(() => {
  const calls = { wake: [], released: 0, vibrate: [], tones: [], contexts: 0 };
  const sentinels = [];
  window.__pacerCalls = calls;
  window.__sentinels = sentinels;
  const wakeLock = {
    request(type) {
      calls.wake.push(type);
      const sentinel = new EventTarget();
      sentinel.released = false;
      sentinel.release = () => {
        if (!sentinel.released) { sentinel.released = true; calls.released += 1; sentinel.dispatchEvent(new Event('release')); }
        return Promise.resolve();
      };
      sentinels.push(sentinel);
      return Promise.resolve(sentinel);
    },
  };
  Object.defineProperty(Navigator.prototype, 'wakeLock', { configurable: true, get: () => wakeLock });
  Object.defineProperty(Navigator.prototype, 'vibrate', {
    configurable: true, value: function (pattern) { calls.vibrate.push(pattern); return true; } });
  class RecordingContext {
    constructor() { calls.contexts += 1; this.state = 'running'; this.currentTime = 0; this.destination = {}; }
    resume() { return Promise.resolve(); }
    createOscillator() {
      const tone = { type: '', hz: 0, connect() {}, stop() {} };
      tone.frequency = { setValueAtTime(hz) { tone.hz = hz; } };
      tone.start = () => calls.tones.push(tone.hz);
      return tone;
    }
    createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} }; }
  }
  window.AudioContext = RecordingContext;
  window.webkitAudioContext = RecordingContext;
})();
"""

# The started pacer's geometry and styles: what fills the screen, the word shown and its size.
VIEW = r"""
const pacer = document.querySelector('.pacer');
const session = pacer.querySelector('.pacer-session');
const box = session.getBoundingClientRect();
const words = [...pacer.querySelectorAll('.pacer-label, .pacer-ready')].filter((w) => getComputedStyle(w).visibility === 'visible');
return {
  left: box.left, right: box.right, top: box.top, height: box.height, width: innerWidth, screen: innerHeight,
  sessionBg: getComputedStyle(session).backgroundColor, bodyBg: getComputedStyle(document.body).backgroundColor,
  pacerBg: getComputedStyle(document.documentElement).getPropertyValue('--color-pacer-bg').trim(),
  words: words.map((w) => ({ text: w.textContent, size: parseFloat(getComputedStyle(w).fontSize) })),
  header: [...document.querySelectorAll('.site-header, .tabbar')].some((e) => e.getBoundingClientRect().height > 0 && getComputedStyle(e).display !== 'none'),
};
"""


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        FAILURES.append(message)


def rgb(colour):
    """`#e4f2ec` or `rgb(228, 242, 236)` as a tuple of three integers."""
    colour = colour.strip()
    if colour.startswith("#"):
        return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return tuple(int(x) for x in re.findall(r"[0-9]+", colour)[:3])


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    base, pattern = sys.argv[1].rstrip("/") + "/", sys.argv[2]
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import WebDriverWait
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
    driver.set_page_load_timeout(60)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": STUBS})
    page = f"{base}breathing/{pattern}/"
    wait = WebDriverWait(driver, 60, poll_frequency=0.05)
    logged = []

    def size(width, height, dark=False):
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": "dark" if dark else "light"},
            {"name": "prefers-reduced-motion", "value": "no-preference"}]})

    def calls():
        return driver.execute_script("return JSON.parse(JSON.stringify(window.__pacerCalls));")

    def state():
        return driver.execute_script("return document.querySelector('.pacer').dataset.state || '';")

    def tap(element):
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
        element.click()

    def start_and_view(label):
        """Start tapped; the started view once the first breath is under way."""
        tap(driver.find_element(By.CSS_SELECTOR, ".pacer-start"))
        wait.until(lambda d: d.execute_script("return document.querySelector('.pacer').dataset.phase === 'inhale';"))
        view = driver.execute_script(VIEW)
        check(view["height"] >= view["screen"] - 1 and view["top"] <= 0.5,
              f"{label}: the started pacer is the screen's height ({view['height']:.0f} of {view['screen']} px)")
        check(view["left"] <= 0.5 and view["right"] >= view["width"] - 0.5,
              f"{label}: the started pacer is the screen's width ({view['left']:.0f}..{view['right']:.0f} of {view['width']} px)")
        check(not view["header"], f"{label}: no header or tab bar beside the started pacer")
        check(rgb(view["sessionBg"]) == rgb(view["pacerBg"]) == rgb(view["bodyBg"]),
              f"{label}: the pacer and the page are its calm colour {view['pacerBg']} ({view['sessionBg']}, {view['bodyBg']})")
        check(view["words"] and all(w["size"] >= 40 for w in view["words"]),
              f"{label}: the phase word is at least 40 px ({view['words']})")
        return view

    try:
        # ---- before any tap: no sound, no vibration, no wake lock; the toggles off ----
        size(375, 812)
        driver.get(page)
        driver.execute_script("localStorage.clear();")
        driver.get(page)
        sound = driver.find_element(By.ID, "pacer-sound")
        buzz = driver.find_element(By.ID, "pacer-vibrate")
        check(not sound.is_selected() and not buzz.is_selected(), "sound and vibration are off by default")
        c = calls()
        check(c["contexts"] == 0 and not c["vibrate"] and not c["wake"],
              f"nothing sounds, vibrates or holds the screen before a tap ({c})")
        tap(driver.find_element(By.CSS_SELECTOR, "label[for=pacer-sound]"))
        tap(driver.find_element(By.CSS_SELECTOR, "label[for=pacer-vibrate]"))
        stored = driver.execute_script(
            "return [localStorage.getItem('sandjar.pacer.sound'), localStorage.getItem('sandjar.pacer.vibrate')];")
        check(stored == ["1", "1"], f"the toggles are kept on the device ({stored})")
        light_bg = driver.execute_script("return getComputedStyle(document.body).backgroundColor;")
        driver.get(page)
        sound = driver.find_element(By.ID, "pacer-sound")
        buzz = driver.find_element(By.ID, "pacer-vibrate")
        check(sound.is_selected() and buzz.is_selected(), "the toggles are remembered after a reload")
        check(calls()["contexts"] == 0, "no sound is made ready before Start is tapped, even remembered on")

        # ---- a retention session at 375 px ----
        view = start_and_view("375 px")
        check(rgb(view["bodyBg"]) != rgb(light_bg), f"the started page's colour is not the app's ({light_bg})")
        wait.until(lambda d: len(calls()["wake"]) == 1)
        c = calls()
        check(c["wake"] == ["screen"], f"Start takes a screen wake lock ({c['wake']})")
        holds_seen = []
        for number in (1, 2):
            wait.until(lambda d: state() == "hold")
            round_text = driver.find_element(By.CSS_SELECTOR, ".pacer-round").text
            check(f"Round {number} of 2" in round_text, f"round {number}: the hold of round {number} ({round_text!r})")
            tap_button = driver.find_element(By.CSS_SELECTOR, ".pacer-tap")
            check(tap_button.is_displayed() and tap_button.is_enabled(), f"round {number}: the hold waits for a tap")
            if number == 1:
                c = calls()
                # 2 breaths of in and out, and the hold: a tone and a buzz each.
                check(len(c["tones"]) >= 5 and len(set(c["tones"])) >= 3,
                      f"each phase sounds a tone ({c['tones']})")
                check(len(c["vibrate"]) >= 5, f"each phase vibrates ({c['vibrate']})")
                # The system lets the lock go while hidden; visible again, it is taken again.
                driver.execute_script(
                    "window.__sentinels[0].dispatchEvent(new Event('release'));"
                    "Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'visible'});"
                    "document.dispatchEvent(new Event('visibilitychange'));")
                wait.until(lambda d: len(calls()["wake"]) == 2)
                check(calls()["wake"] == ["screen", "screen"], "the wake lock is taken again when visible")
            # Held until the timer shows the seconds wanted, then ended with a tap.
            wanted = number + 1
            wait.until(lambda d: d.find_element(By.CSS_SELECTOR, ".pacer-timer").text == f"0:0{wanted}")
            tap(tap_button)
            holds_seen.append(wanted)
            wait.until(lambda d: state() in ("recovery", "breathe", "done"))
        wait.until(lambda d: state() == "done")
        c = calls()
        released = driver.execute_script("return window.__sentinels.map((s) => s.released);")
        check(released[-1], f"the wake lock is released at the end ({released})")
        summary = driver.find_element(By.CSS_SELECTOR, ".pacer-for-cycles .pacer-summary").text
        check(re.search(r"^2 rounds · [0-9.]+ min · [0-9]+-day streak$", summary) is not None,
              f"the summary names the rounds, minutes and streak ({summary!r})")
        holds_text = driver.find_element(By.CSS_SELECTOR, ".pacer-for-cycles .pacer-holds").text
        found = [int(x) for x in re.findall(r"[0-9]+", holds_text)]
        check(len(found) == 2 and all(abs(f - w) <= 1 for f, w in zip(found, holds_seen)),
              f"the summary lists the holds timed ({holds_text!r}, held to {holds_seen})")
        minutes = float(re.search(r"· ([0-9.]+) min", summary).group(1)) if " min" in summary else -1
        expected = round((sum(found) + 2 * (2 * 1.0 + 1)) / 60, 1)
        check(abs(minutes - expected) < 0.051, f"the summary's minutes are the session's ({minutes} vs {expected})")
        field = driver.find_element(By.CSS_SELECTOR, ".pacer-log.pacer-for-cycles input[name=holds]")
        logged = found
        check(field.get_attribute("value") == ",".join(map(str, found)),
              f"the log form holds the holds ({field.get_attribute('value')!r})")
        link = driver.find_element(By.CSS_SELECTOR, ".pacer-for-cycles .pacer-log-link")
        tap(link)
        wait.until(lambda d: d.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight;", field))
        check(True, "the log form is one tap away from the summary")
        tap(driver.find_element(By.CSS_SELECTOR, ".pacer-log.pacer-for-cycles button[type=submit]"))
        wait.until(lambda d: "/breathing/" in d.current_url and pattern not in d.current_url.split("/breathing/")[1])
        notice = driver.find_element(By.CSS_SELECTOR, "body").text
        said = f"Holds {found[0]} · {found[1]} s"
        check(said in notice, f"the breathing page says what was logged ({said!r})")

        # ---- 1280 px, light and dark; ended by End, the lock let go ----
        for dark in (False, True):
            size(1280, 800, dark)
            driver.get(page)
            start_and_view(f"1280 px{' dark' if dark else ''}")
            wait.until(lambda d: len(d.execute_script("return window.__pacerCalls.wake;")) == 1)
            tap(driver.find_element(By.CSS_SELECTOR, ".pacer-close"))
            wait.until(lambda d: d.execute_script("return window.__sentinels.every((s) => s.released);"))
            check(True, f"1280 px{' dark' if dark else ''}: End releases the wake lock")
        size(375, 812, True)
        driver.get(page)
        start_and_view("375 px dark")

        # ---- a paced pattern, the sigh: its cues follow the phases the CSS runs ----
        size(375, 812)
        driver.get(f"{base}breathing/sigh/")
        before = calls()
        tap(driver.find_element(By.CSS_SELECTOR, ".pacer-start"))
        # inhale (523.25 Hz) at the lead's end, the top-up (587.33 Hz) 2 s later, then the exhale.
        wait.until(lambda d: 329.63 in calls()["tones"][len(before["tones"]):])
        c = calls()
        tones = c["tones"][len(before["tones"]):]
        check(tones[:3] == [523.25, 587.33, 329.63], f"the sigh sounds in, again and out in order ({tones})")
        check(len(c["vibrate"]) - len(before["vibrate"]) >= 3, "the sigh vibrates each phase")
        check(len(c["wake"]) == 1, f"the sigh's pacer holds the screen awake ({c['wake']})")
        tap(driver.find_element(By.CSS_SELECTOR, ".pacer-close"))
        wait.until(lambda d: d.execute_script("return window.__sentinels.every((s) => s.released);"))
        check(True, "the sigh's End lets the screen sleep")
    finally:
        driver.quit()
    print(f"holds: {','.join(map(str, logged))}")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
