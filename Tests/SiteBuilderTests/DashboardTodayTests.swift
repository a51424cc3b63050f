import Domain
import Foundation
import SitePublish
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteData

/// The dashboard, today first (issues 12 and 25): the date and the quote, a strip of what is due
/// or overdue today as rows to tap, each linking to where it is handled, then the headline figures
/// and the goals as rows; one H1. The base fixture's bike plan is
/// monthly from Sep 1 (deposits Sep 1 and Oct 1, so Nov 1 is the next due), Music (EUR, monthly)
/// renews Dec 10, and the practice sessions are on Nov 1 and Nov 2.
final class DashboardTodayTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private func site(
        today: String, language: String = "en", extra: [String: String] = [:], file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> SiteFiles {
        var files = TestSupport.snapshot(TestSupport.fixtures.appendingPathComponent("base")).mapValues { [UInt8]($0) }
        let siteToml = try XCTUnwrap(
            files["site.toml"].map { String(decoding: $0, as: UTF8.self) }, file: file, line: line)
        files["site.toml"] = Array(
            siteToml.replacingOccurrences(of: "language = \"en\"", with: "language = \"\(language)\"").utf8)
        for (path, text) in extra { files[path] = Array(text.utf8) }
        var options = BuildOptions()
        options.dataFiles = DataFolder(files: files, display: "data")
        options.cache = TestSupport.temporaryFolder(self, file: file, line: line).path
        options.today = CalendarDate(iso: today)
        let (report, site) = SiteBuild(options: options).check()
        return try XCTUnwrap(site, "\(report.diagnostics)", file: file, line: line)
    }

    private func dashboard(
        today: String, language: String = "en", extra: [String: String] = [:], file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> String {
        let site = try site(today: today, language: language, extra: extra, file: file, line: line)
        return try XCTUnwrap(site.text("index.html"), file: file, line: line)
    }

    /// The part of the page between `from` and `to`.
    private func part(_ html: String, from: String, to: String) -> String {
        guard let start = html.range(of: from), let end = html.range(of: to, range: start.upperBound..<html.endIndex)
        else { return "" }
        return String(html[start.lowerBound..<end.lowerBound])
    }

    private func strip(_ html: String) -> String { part(html, from: #"<section class="today""#, to: "</section>") }

    /// A trial charging on `next`, for the strip's days.
    private let trial = """
        [[subscription]]
        name = "Trial box"
        price = 5
        currency = "USD"
        cycle = "monthly"
        trial = true
        started = 2026-11-20
        next_billing = 2026-12-01
        """

    func testTheStripComesFirstAndTheSectionsFollowInOrder() throws {
        let html = try dashboard(today: "2026-11-29")
        let order = [
            #"<h1>Today <time class="today-date" datetime="2026-11-29">Sunday, 29 Nov</time></h1>"#,
            #"<section class="hero""#, #"<section class="today""#, #"<ul class="headline glance-figures">"#,
            #"id="goals-heading""#, #"<ul class="goal-rows">"#, #"<a class="today-quote" href="quotes/2026-11-29/">"#,
            #"id="breathing-heading""#, #"id="spend-heading""#, #"id="badges-heading""#,
        ]
        let positions = try order.map { marker in
            try XCTUnwrap(html.range(of: marker)?.lowerBound, marker)
        }
        XCTAssertEqual(positions, positions.sorted(), "dashboard order")
        XCTAssertEqual(html.components(separatedBy: "<h1").count - 1, 1)
        XCTAssertTrue(html.contains("<title>Today · Base fixture</title>"), "no doubled site title")
    }

    /// Nov 1 → Nov 29 is 28 days; the overdue deposit links to its goal and says so in words.
    func testAnOverdueDepositLeadsTheStripWithItsDays() throws {
        let overdue = strip(try dashboard(today: "2026-11-29"))
        XCTAssertTrue(
            overdue.contains(
                #"<li class="due-item"><a class="row" href="goals/bike/"><span class="row-text">Put $50.00 into Bike</span> <strong class="when overdue">overdue by 28 days</strong></a></li>"#
            ), overdue)
        XCTAssertFalse(overdue.contains("Nothing due today"))
    }

    func testADepositDueTodayIsMarkedDueNotMuted() throws {
        let dueToday = strip(try dashboard(today: "2026-11-01"))
        XCTAssertTrue(
            dueToday.contains(#"Put $50.00 into Bike</span> <strong class="when due-now">due today</strong>"#), dueToday
        )
        XCTAssertTrue(
            dueToday.contains(#"<p class="practice practice-done"><a class="row" href="breathing/">"#), dueToday)
        XCTAssertTrue(dueToday.contains(#"<span class="when done">Done</span>"#), dueToday)
    }

    /// A trial and a renewal within three days link to their row on the subscriptions page, which
    /// has that id; the day reads "today", "tomorrow" or "in N days", never "in 0 days".
    func testChargesWithinThreeDaysLinkToTheirSubscriptionRow() throws {
        let extra = ["subscriptions/trial.toml": trial]
        let cases = [
            ("2026-11-28", "in 3 days"), ("2026-11-29", "in 2 days"), ("2026-11-30", "tomorrow"),
            ("2026-12-01", "today"),
        ]
        for (today, when) in cases {
            let built = try site(today: today, extra: extra)
            let items = strip(try XCTUnwrap(built.text("index.html")))
            let item =
                #"<a class="row" href="subscriptions/#trial-box"><span class="row-text">Trial box: the free trial turns into a $5.00 charge</span>"#
            XCTAssertTrue(items.contains("\(item) <strong class=\"when"), "\(today): \(items)")
            XCTAssertTrue(items.contains(">\(when)</strong>"), "\(today): \(items)")
            XCTAssertTrue(
                try XCTUnwrap(built.text("subscriptions/index.html")).contains(#"id="trial-box">"#),
                "the row to land on")
            XCTAssertFalse(items.contains("in 0 days") || items.contains("in 1 days"), items)
        }
        XCTAssertFalse(strip(try dashboard(today: "2026-11-27", extra: extra)).contains("Trial box"), "4 days out")
        let renewal = strip(try dashboard(today: "2026-12-09"))
        XCTAssertTrue(
            renewal.contains(
                #"<a class="row" href="subscriptions/#music"><span class="row-text">Music renews for €9.99</span> <strong class="when due-soon">tomorrow</strong>"#
            ), renewal)
    }

    /// A busy day: the two most pressing rows show, the rest open under "N more" (a <details>),
    /// so the goals stay in a phone's first screen (issue 25).
    func testABusyDayShowsTwoRowsAndTheRestUnderMore() throws {
        let paper = "\n[[subscription]]\nname = \"Paper\"\nprice = 3\ncurrency = \"USD\"\nnext_billing = 2026-11-30\n"
        let html = strip(try dashboard(today: "2026-11-29", extra: ["subscriptions/trial.toml": trial + paper]))
        let shown = part(html, from: #"<ul class="due">"#, to: "</ul>")
        XCTAssertEqual(shown.components(separatedBy: "<li class=\"due-item\">").count - 1, 2, shown)
        XCTAssertTrue(shown.contains("Put $50.00 into Bike"), "overdue first")
        let more = part(html, from: #"<details class="due-more">"#, to: "</details>")
        XCTAssertTrue(more.contains(#"<summary class="row"><span class="row-text">1 more due</span></summary>"#), html)
        XCTAssertFalse(shown.contains("Trial box") && more.contains("Trial box"), "each once")
        XCTAssertTrue((shown + more).contains("Trial box"))
    }

    /// Not yet practised today: the strip's practice row starts the pacer the program prescribes
    /// next (the base fixture's "short" program, day 1: calm).
    func testTodaysPracticeLeadsStraightToAPacer() throws {
        let html = strip(try dashboard(today: "2026-11-29"))
        XCTAssertTrue(
            html.contains(#"<p class="practice"><a class="row" href="breathing/calm/"><span class="row-text">"#), html)
        XCTAssertTrue(html.contains(#"<span class="when start">Start</span>"#), html)
    }

    /// The goals are rows: a small jar, the name, how far along, what is saved and what comes next.
    func testEveryGoalIsARowWithItsSmallJar() throws {
        let html = try dashboard(today: "2026-11-29")
        let rows = part(html, from: #"<ul class="goal-rows">"#, to: "</ul>")
        XCTAssertTrue(rows.contains(#"<a class="goal-link" href="goals/bike/">"#), rows)
        // Issue 43: a miniature of the goal's own jar, the picture its page shows.
        XCTAssertTrue(
            rows.contains(#"<img class="jar-small" src="goals/bike/jar.svg" width="48" height="66" alt="">"#), rows)
        XCTAssertTrue(rows.contains(#"<span class="goal-percent">22%</span>"#), rows)
        XCTAssertTrue(rows.contains(#"<strong>$110.25</strong> / $500.00&nbsp;· <span class="label-date">next "#), rows)
    }

    /// The row a strip link lands on is marked, with a token colour.
    func testTheLinkedSubscriptionRowIsMarked() throws {
        let css = try XCTUnwrap(try site(today: "2026-11-29").text("style.css"))
        XCTAssertTrue(css.contains(".sub-row:target{background:var(--color-warn-soft)}"), css)
    }

    /// The hero (issue 34): this month's saving, what the plans still ask of the month, and a
    /// signal. Nov 29: Bike's $50 a month is overdue since Nov 1 and nothing was saved in
    /// November, so $50.00 is still planned and the signal says a deposit is overdue; Oct 20:
    /// October's deposit is in, so nothing is left to plan and the plans are on track.
    func testTheHeroSaysThisMonthAgainstThePlan() throws {
        let late = part(try dashboard(today: "2026-11-29"), from: #"<section class="hero""#, to: "</section>")
        XCTAssertTrue(late.contains(#"<p class="hero-amount">$0.00</p>"#), late)
        XCTAssertTrue(late.contains("$50.00 still planned this month"), late)
        XCTAssertTrue(late.contains(#"<span class="signal signal-overdue">1 deposit overdue</span>"#), late)
        let done = part(try dashboard(today: "2026-10-20"), from: #"<section class="hero""#, to: "</section>")
        XCTAssertTrue(done.contains("Every deposit planned this month is in."), done)
        XCTAssertTrue(done.contains(#"<span class="signal signal-on-track">On track</span>"#), done)
        XCTAssertTrue(done.contains(#"<span style="width: 100.0%"></span>"#), "the month's plan is met: \(done)")
    }

    /// What the strip says is not said again under the subscriptions' heading.
    func testTheSpendSectionLeavesTheStripsChargesToTheStrip() throws {
        let html = try dashboard(today: "2026-11-29", extra: ["subscriptions/trial.toml": trial])
        let spend = part(html, from: #"id="spend-heading""#, to: "</section>")
        XCTAssertFalse(spend.contains("Trial box"), spend)
        XCTAssertTrue(spend.contains("Music"), "Dec 10 is later than three days: \(spend)")
    }

    func testNothingDueIsSaidCalmly() throws {
        // Sep 15: the September deposit is made, October's is not due yet; Music renews later.
        let calm = strip(try dashboard(today: "2026-09-15"))
        XCTAssertTrue(calm.contains(#"<p class="calm">Nothing due today.</p>"#), calm)
        XCTAssertFalse(calm.contains(#"<ul class="due">"#), calm)
        let zh = strip(try dashboard(today: "2026-09-15", language: "zh-Hans"))
        XCTAssertTrue(zh.contains(#"<p class="calm">今天没有要办的事。</p>"#), zh)
    }

    /// Total saved (50 + 60.25), saved this month (the Oct 1 deposit), a month of Music
    /// (9.99 EUR × 1.08 = 10.79), the streak (1 on Nov 1).
    func testTheHeadlineFiguresAreLarge() throws {
        let html = try dashboard(today: "2026-10-20")
        // Issue 34: this month's saving is the hero, the others a smaller row.
        let hero = part(html, from: #"<section class="hero""#, to: "</section>")
        XCTAssertTrue(hero.contains(#"<p class="hero-amount">$60.25</p>"#), hero)
        let headline = part(html, from: #"<ul class="headline glance-figures">"#, to: "</ul>")
        for figure in ["$110.25", "$10.79"] {
            XCTAssertTrue(headline.contains(#"<span class="figure">\#(figure)</span>"#), "\(figure): \(headline)")
        }
        let json = try XCTUnwrap(try site(today: "2026-10-20").text("data.json"))
        XCTAssertTrue(json.contains(#""total_saved": "110.25",\#n    "saved_this_month": "60.25","#), json)
        let streak = part(
            try dashboard(today: "2026-11-01"), from: #"<ul class="headline glance-figures">"#, to: "</ul>")
        XCTAssertTrue(
            streak.contains(#"<span class="figure">1</span> <span class="label">day in a row</span>"#), streak)
    }

    func testEveryPageHasExactlyOneH1() throws {
        let site = try site(today: "2026-11-29")
        for path in site.paths where path.hasSuffix(".html") {
            let html = try XCTUnwrap(site.text(path))
            XCTAssertEqual(html.components(separatedBy: "<h1").count - 1, 1, path)
        }
    }
}
