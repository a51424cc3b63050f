#!/usr/bin/env python3
"""Uses serve's forms as a person on a phone would, in headless Chromium at 375 px.

    python3 Tests/browser/check_forms.py URL [DATA]

URL is a running `sandjar serve` of a folder `sandjar init` wrote (English), DATA that folder (its
goal files are read back after the forms write them). Issue 34 first: the
Today screen's due deposit goes in with one tap and lands on its goal's page saying "Added $150.00
to Index fund · 5 coins · next due …" while the total counts up; a slay lands on its victory, in
the first screen and across the content, whose one tap puts the freed month into a goal (issue 43); the breathing page's Start is in the first screen, the pacer asks the
mood before Start and, ended early, offers the log of the cycles done; a missing address at any
depth answers a styled page whose way home works. Then it fills the
deposit form on the new-bike goal's page and checks that the saved amount grew by the deposit,
the jar holds more coins and the page says what was done; taps Undo and sees it taken back;
removes the newest deposit from its Edit; then, with reduced motion (where the pacer's form
shows at once), logs a session from the box pacer and checks the breathing page's current streak
grew. It also checks the forms are made for a thumb: amounts open a decimal keyboard and every
button shown is at least 44 px high. Prints one line per check; exits 1 on any failure, 77 when Selenium or
Chromium is missing.
"""
import re
import sys
import time

FAILURES = []


# The controls a person sees in each row of subscriptions/'s list (the section under #all-heading).
ONE_ACTION = """
var heading = document.getElementById('all-heading'), out = [];
if (heading) heading.closest('section').querySelectorAll('li').forEach(function (li) {
  out.push(Array.prototype.filter.call(li.querySelectorAll('a[href], button, summary, input:not([type=hidden])'),
    function (c) { return c.checkVisibility({visibilityProperty: true}); }).length);
});
return out;
"""


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        FAILURES.append(message)


def tap(driver, element):
    """Taps `element` as a thumb would: scrolled to the middle of the screen first, clear of the
    tab bar fixed to the screen's foot (chromedriver clicks where an element already is, even
    under the bar)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
    element.click()


def figure(text):
    """The first number in a text such as "$880.00 / $1,500.00" (commas dropped)."""
    found = re.search(r"[0-9][0-9,]*(?:\.[0-9]+)?", text)
    return float(found.group(0).replace(",", "")) if found else None


def main() -> int:
    if len(sys.argv) not in (2, 3):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    base = sys.argv[1].rstrip("/") + "/"
    data = sys.argv[2] if len(sys.argv) == 3 else None
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        from selenium.common.exceptions import (NoSuchElementException, StaleElementReferenceException,
                                                WebDriverException)
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
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 375, "height": 812, "deviceScaleFactor": 2, "mobile": True})
    settled = (NoSuchElementException, StaleElementReferenceException)

    def when_there(find):
        """`find(driver)` once the page a form answered with is there (see `shows_new_total`)."""
        def probe(d):
            try:
                return find(d)
            except WebDriverException as error:
                if isinstance(error, settled) or "does not belong to the document" in str(error):
                    return False
                raise
        return WebDriverWait(driver, 60, ignored_exceptions=settled).until(probe)

    try:
        # Issue 34, 2: the Today screen's due deposit, in one tap.
        driver.get(base)
        due = driver.find_elements(By.CSS_SELECTOR, ".due .due-deposit button")
        check(len(due) >= 1, f"the Today screen's due deposit has a one-tap button ({len(due)})")
        if due:
            check(due[0].text == "+$150.00", f"the button says what it puts in: {due[0].text!r}")
            check(due[0].size["height"] >= 44 and due[0].size["width"] >= 44, f"the button is {due[0].size}")
            tap(driver, due[0])
            when_there(lambda d: "/goals/index-fund/?done=" in d.current_url and d.find_element(By.CSS_SELECTOR, ".notice-text"))
            landed = driver.find_element(By.CSS_SELECTOR, ".notice .notice-text").text
            check(re.fullmatch(r"Added \$150\.00 to Index fund · 5 coins · next due [A-Z][a-z]{2} \d{1,2}|Added \$150\.00 to Index fund · 5 coins · next due \d{1,2} [A-Z][a-z]{2}( \d{4})?", landed) is not None,
                  f"the landing says what was done, the coins and the next due day: {landed!r}")
            total = driver.find_element(By.CSS_SELECTOR, ".goal-summary .amount strong")
            check(total.get_attribute("data-count-from") is not None, "the total counts up from before the deposit")
            began = total.get_attribute("data-count-from")
            time.sleep(4)  # longer than the fall
            ended = driver.find_element(By.CSS_SELECTOR, ".goal-summary .amount strong").text
            check(figure(ended) == figure(began) + 150, f"it counted up by the deposit: {began} → {ended}")
            tap(driver, driver.find_element(By.CSS_SELECTOR, ".notice form button[type=submit]"))
            when_there(lambda d: d.find_element(By.CSS_SELECTOR, ".notice .notice-text").text.startswith("Undone:"))

        # Issue 34, 10: a missing address at any depth answers a styled page whose way home works.
        driver.get(base + "goals/no/such/deep/page/")
        home = driver.find_elements(By.CSS_SELECTOR, "a.home-button")
        check(len(home) == 1 and home[0].get_attribute("href") == base, f"the 404 page's way home is {base}")
        background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        check(background not in ("rgba(0, 0, 0, 0)", "transparent"), f"the 404 page is styled ({background})")
        if home:
            tap(driver, home[0])
            when_there(lambda d: d.find_element(By.CSS_SELECTOR, ".today-screen"))
            check(driver.current_url == base, f"the way home leads to the Today screen ({driver.current_url})")

        # Issues 34, 3 and 43, 1: a slay is a win, the first thing the landing shows, across the
        # content; the service struck through, what it keeps a year large; then a slain
        # subscription becomes coins: one tap puts the freed month into a goal, its note naming
        # the service, and the goal's page plays the coins' fall. Checked against the goal's file.
        driver.get(base + "subscriptions/")
        # Issue 43, 6: a subscription's row offers one action (Slay…), not three cancel-like ones.
        controls = driver.execute_script(ONE_ACTION)
        check(controls and max(controls) <= 1, f"subscriptions/: each row of the list offers one action ({controls})")
        slay = driver.find_element(By.CSS_SELECTOR, ".sub-row .slay-link")
        tap(driver, slay)
        confirm = when_there(lambda d: d.find_element(By.CSS_SELECTOR, "form[action='/_sandjar/slay'] button[type=submit]"))
        tap(driver, confirm)
        victory = when_there(lambda d: d.find_element(By.CSS_SELECTOR, "[role=status]:has(del)"))
        box = driver.execute_script("""
            var v = arguments[0], r = v.getBoundingClientRect(), m = document.querySelector('main');
            var ms = getComputedStyle(m), mr = m.getBoundingClientRect();
            var year = v.querySelector('del').parentElement.nextElementSibling;
            return {top: r.top, width: r.width, left: r.left, scrolled: scrollY,
                    content: mr.width - parseFloat(ms.paddingLeft) - parseFloat(ms.paddingRight),
                    contentLeft: mr.left + parseFloat(ms.paddingLeft),
                    struck: getComputedStyle(v.querySelector('del')).textDecorationLine,
                    name: v.querySelector('del').textContent,
                    yearText: year.textContent, yearSize: parseFloat(getComputedStyle(year).fontSize),
                    bodySize: parseFloat(getComputedStyle(document.body).fontSize),
                    text: v.innerText};""", victory)
        check(box["scrolled"] == 0 and 0 <= box["top"] < 812 / 2,
              f"the victory's top is in the first screen ({box['top']:.0f} px, scrolled {box['scrolled']})")
        check(abs(box["width"] - box["content"]) <= 1 and abs(box["left"] - box["contentLeft"]) <= 1,
              f"the victory spans the content width ({box['width']:.0f} of {box['content']:.0f} px)")
        check("line-through" in box["struck"], f"the service is struck through ({box['struck']})")
        check(re.fullmatch(r"\$[\d,]+\.\d\d a year", box["yearText"]) is not None and box["yearSize"] >= 1.75 * box["bodySize"],
              f"the yearly amount leads, large: {box['yearText']!r} at {box['yearSize']} px")
        check(box["text"].count(box["name"]) == 1, f"the victory names {box['name']!r} once: {box['text']!r}")
        freed = victory.find_elements(By.CSS_SELECTOR, "form[action='/_sandjar/deposit'] button[type=submit]")
        check(len(freed) >= 1, f"the victory offers the freed month to a goal in one tap ({len(freed)})")
        if freed:
            form = freed[0].find_element(By.XPATH, "./ancestor::form")
            goal = form.find_element(By.CSS_SELECTOR, "input[name=goal]").get_attribute("value")
            monthly = figure(victory.find_element(By.XPATH, ".//*[contains(text(), 'a month')]").text)
            check(freed[0].size["height"] >= 44, f"the one tap is {freed[0].size['height']} px high")
            tap(driver, freed[0])
            when_there(lambda d: f"/goals/{goal}/?done=" in d.current_url and d.find_element(By.CSS_SELECTOR, ".notice-text"))
            landed = driver.find_element(By.CSS_SELECTOR, ".notice .notice-text").text
            check(landed.startswith(f"Added ${monthly:,.2f} to "), f"the goal's page says what went in: {landed!r}")
            drop = driver.find_elements(By.CSS_SELECTOR, ".replay img.drop[src='drop.svg']")
            check(len(drop) == 1 and drop[0].is_displayed(), "the goal's page plays the coins' fall")
            if data:
                import tomllib
                with open(f"{data}/goals/{goal}.toml", "rb") as handle:
                    last = tomllib.load(handle)["deposit"][-1]
                check(abs(float(last["amount"]) - monthly) < 0.005 and box["name"] in last.get("note", ""),
                      f"goals/{goal}.toml's last deposit is the freed month, its note naming {box['name']}: {last}")

        # Issue 43, 5: a new jar asks a name, a target and an icon; its id is made from the name.
        driver.get(base + "goals/")
        goal_form = driver.find_element(By.CSS_SELECTOR, "form[action='/_sandjar/goal']")
        asked = sorted(f.get_attribute("name") for f in goal_form.find_elements(By.CSS_SELECTOR, "input, select")
                       if f.is_displayed())
        check(asked == ["icon", "name", "target"], f"the new-jar form asks a name, a target and an icon: {asked}")
        goal_form.find_element(By.CSS_SELECTOR, "input[name=name]").send_keys("Red scooter")
        goal_form.find_element(By.CSS_SELECTOR, "input[name=target]").send_keys("900")
        goal_form.find_element(By.CSS_SELECTOR, "input[name=icon]").send_keys("☂")
        tap(driver, goal_form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        when_there(lambda d: "/goals/red-scooter/?done=" in d.current_url)
        check("/goals/red-scooter/?done=" in driver.current_url, f"it lands on the jar it made: {driver.current_url}")
        if data:
            import tomllib
            with open(f"{data}/goals/red-scooter.toml", "rb") as handle:
                made = tomllib.load(handle)
            check(made.get("name") == "Red scooter" and made.get("target") == 900 and made.get("icon") == "☂",
                  f"goals/red-scooter.toml holds the name, target and icon: {made}")

        # Issue 34, 4: Start in the first screen; the mood before asked before; ended early, the
        # log of the cycles done, one tap.
        driver.get(base + "breathing/")
        streak_before = figure(driver.find_element(By.CSS_SELECTOR, ".stats li strong").text)
        start = driver.find_element(By.CSS_SELECTOR, ".breathe-start")
        bottom = start.location["y"] + start.size["height"]
        check(start.is_displayed() and bottom <= 812 - 56, f"Start is in the first screen (its foot at {bottom} px)")
        driver.get(base + "breathing/equal/")
        chips = driver.find_elements(By.CSS_SELECTOR, ".pacer-mood input[name=pacer-mood-before] + label")
        check(len(chips) == 5, f"the mood before is asked before Start, as five chips ({len(chips)})")
        tap(driver, chips[2])
        tap(driver, driver.find_element(By.CSS_SELECTOR, "label.pacer-start"))
        time.sleep(3 + 10 * 1.4)  # the 3, 2, 1, then more than one cycle of 10 s
        driver.find_element(By.CSS_SELECTOR, "label.pacer-close").click()
        when_there(lambda d: d.find_element(By.CSS_SELECTOR, ".pacer.pacer-ended"))
        shown_forms = [f for f in driver.find_elements(By.CSS_SELECTOR, ".pacer-log form") if f.is_displayed()]
        check(len(shown_forms) == 1, f"ended early, one log form shows ({len(shown_forms)})")
        if shown_forms:
            log = shown_forms[0]
            cycles = log.find_element(By.CSS_SELECTOR, "input[name=cycles]").get_attribute("value")
            check(cycles == "1", f"it holds the cycles done, 1 ({cycles})")
            mood = log.find_element(By.CSS_SELECTOR, "input[name=mood_before]").get_attribute("value")
            check(mood == "3", f"it carries the mood before ({mood!r})")
            tap(driver, log.find_element(By.CSS_SELECTOR, "button[type=submit]"))
            when_there(lambda d: "/breathing/?done=" in d.current_url)
            streak_after = figure(driver.find_element(By.CSS_SELECTOR, ".stats li strong").text)
            check(streak_after == streak_before + 1, f"the streak went up where it shows: {streak_before} → {streak_after}")

        # A deposit: the jar's page, the amount typed with the phone's decimal keyboard.
        driver.get(base + "goals/new-bike/")
        saved_before = figure(driver.find_element(By.CSS_SELECTOR, ".goal-summary .amount strong").text)
        coins_before = figure(driver.find_element(By.CSS_SELECTOR, "img.final").get_attribute("alt"))
        amount = driver.find_element(By.CSS_SELECTOR, "form#form-deposit-new-bike input[name=amount]")
        check(amount.get_attribute("inputmode") == "decimal", "the amount opens a decimal keyboard")
        for button in driver.find_elements(By.CSS_SELECTOR, "form button"):
            if not button.is_displayed():
                continue  # inside a closed Edit: checked once opened, below
            height = button.size["height"]
            check(height >= 44, f"the button '{button.text}' is {height} px high (at least 44)")
        check(amount.get_attribute("value") == "200", f"the plan's amount is filled in ({amount.get_attribute('value')!r})")
        quick = driver.find_elements(By.CSS_SELECTOR, ".quick-deposits form button")
        check(len(quick) >= 1, f"the goal page offers amounts one tap puts in ({len(quick)})")
        amount.clear()
        amount.send_keys("20")
        driver.find_element(By.CSS_SELECTOR, "form#form-deposit-new-bike details summary").click()
        driver.find_element(By.CSS_SELECTOR, "form#form-deposit-new-bike input[name=note]").send_keys("from a phone")
        tap(driver, driver.find_element(By.CSS_SELECTOR, "form#form-deposit-new-bike button[type=submit]"))
        # The page is replaced under the wait (the form's 303): an element found on the old page
        # may be gone by the time it is read. ChromeDriver may also say so in its own words, "Node
        # with given id does not belong to the document" (seen once in CI): that too means "not
        # yet"; anything else is raised.

        def shows_new_total(d):
            try:
                return figure(d.find_element(By.CSS_SELECTOR, ".goal-summary .amount strong").text) != saved_before
            except WebDriverException as error:
                if isinstance(error, settled) or "does not belong to the document" in str(error):
                    return False
                raise
        WebDriverWait(driver, 60, ignored_exceptions=settled).until(shows_new_total)
        check("/goals/new-bike/?done=" in driver.current_url, f"after the deposit the goal's page shows ({driver.current_url})")
        notice = driver.find_element(By.CSS_SELECTOR, ".notice .notice-text").text
        check(notice.startswith("Added $20.00 to A new bike · 1 coin"), f"the page says what was done: {notice!r}")
        # The total counts up while the coins fall: read it once it has arrived.
        try:
            when_there(lambda d: figure(d.find_element(By.CSS_SELECTOR, ".goal-summary .amount strong").text) == saved_before + 20)
        except Exception:  # noqa: BLE001 - the check below says what it shows
            pass
        saved_after = figure(driver.find_element(By.CSS_SELECTOR, ".goal-summary .amount strong").text)
        coins_after = figure(driver.find_element(By.CSS_SELECTOR, "img.final").get_attribute("alt"))
        check(saved_after == saved_before + 20, f"saved grew by 20: {saved_before} → {saved_after}")
        check(coins_after is not None and coins_before is not None and coins_after > coins_before,
              f"the jar holds more coins: {coins_before} → {coins_after}")
        check("from a phone" in driver.page_source, "the new deposit is listed with its note")
        drop = driver.find_elements(By.CSS_SELECTOR, ".replay img.drop[src='drop.svg']")
        check(len(drop) == 1 and drop[0].is_displayed(), "the page plays the new coins' fall (drop.svg)")

        # Undo, right there: the deposit is taken back and the page says so.
        undo = driver.find_element(By.CSS_SELECTOR, ".notice form button[type=submit]")
        check(undo.size["height"] >= 44, f"Undo is {undo.size['height']} px high (at least 44)")
        tap(driver, undo)

        def says_undone(d):
            try:
                return d.find_element(By.CSS_SELECTOR, ".notice .notice-text").text.startswith("Undone:")
            except WebDriverException as error:
                if isinstance(error, settled) or "does not belong to the document" in str(error):
                    return False
                raise
        WebDriverWait(driver, 60, ignored_exceptions=settled).until(says_undone)
        saved_undone = figure(driver.find_element(By.CSS_SELECTOR, ".goal-summary .amount strong").text)
        check(saved_undone == saved_before, f"undone: saved is back to {saved_before} ({saved_undone})")
        check("from a phone" not in driver.page_source, "the undone deposit is no longer listed")

        # Remove, from a deposit's Edit: the newest deposit goes, the total falls by its amount.
        edit = driver.find_element(By.CSS_SELECTOR, ".deposit-list a.entry-edit-link")
        check(edit.size["height"] >= 44, f"Edit is {edit.size['height']} px high (at least 44)")
        tap(driver, edit)
        WebDriverWait(driver, 60, ignored_exceptions=settled).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, ".deposit-list .entry-edit form.remove-form button"))
        remove = driver.find_element(By.CSS_SELECTOR, ".deposit-list .entry-edit form.remove-form button")
        check(remove.is_displayed() and remove.size["height"] >= 44, "Remove shows, at least 44 px high")
        tap(driver, remove)
        WebDriverWait(driver, 60, ignored_exceptions=settled).until(
            lambda d: figure(d.find_element(By.CSS_SELECTOR, ".goal-summary .amount strong").text) != saved_before)
        check(driver.find_element(By.CSS_SELECTOR, ".notice .notice-text").text.startswith("Removed "),
              "the page says what was removed")

        # A session: the pacer's form, the prescribed cycles filled in; the streak counts today once.
        driver.get(base + "breathing/")
        streak_before = figure(driver.find_element(By.CSS_SELECTOR, ".stats li strong").text)
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        driver.get(base + "breathing/box/")
        form = driver.find_element(By.CSS_SELECTOR, "form#form-session-box")
        check(form.is_displayed(), "under reduced motion the pacer's form is there from the start")
        cycles = form.find_element(By.CSS_SELECTOR, "input[name=cycles]").get_attribute("value")
        check(cycles.isdigit() and int(cycles) >= 1, f"the cycles are filled in ({cycles})")
        tap(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        WebDriverWait(driver, 60, ignored_exceptions=settled).until(lambda d: "/breathing/?done=" in d.current_url)
        streak_after = figure(driver.find_element(By.CSS_SELECTOR, ".stats li strong").text)
        check(streak_after == streak_before, f"a second session today keeps the streak: {streak_before} → {streak_after}")
    finally:
        driver.quit()
    if FAILURES:
        print(f"{len(FAILURES)} of the form checks failed", file=sys.stderr)
        return 1
    print("all form checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
