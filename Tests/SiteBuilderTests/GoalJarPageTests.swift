import Domain
import Foundation
import SitePublish
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteData

/// The goal page's jar (the latest deposit's fall played by drop.svg, the coins' legend, the
/// month-by-month timelapse, the reached state) and its deposits by month. The base fixture's bike
/// (target 500) has deposits on Sep 1 (50) and Oct 1 (60.25).
final class GoalJarPageTests: XCTestCase {
    private func site(
        extraDeposits: String = "", language: String = "en", extraFiles: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> SiteFiles {
        try TestSupport.baseSite(
            language: language, appending: ["goals/bike.toml": extraDeposits], files: extraFiles, file: file, line: line
        )
    }

    private func count(_ text: String, _ part: String) -> Int { text.components(separatedBy: part).count - 1 }

    /// Issue 25: the replay is one picture, drop.svg, so no frame still loading leaves the jar
    /// blank; jar.svg (the settled pile, with a reached goal's lid) is the picture under reduced
    /// motion. The frames are still written, for anyone who wants them.
    func testTheGoalPagePlaysTheFallInOnePictureAndShowsTheJarUnderReducedMotion() throws {
        let site = try site()
        let page = try XCTUnwrap(site.text("goals/bike/index.html"))
        XCTAssertGreaterThan(site.paths.filter { $0.hasPrefix("goals/bike/frames/") }.count, 10)
        XCTAssertFalse(page.contains("frames/"), "the page plays no frame files")
        let alt = "alt=\"A glass jar holding 22 coins; a copper coin is worth $5.00.\""
        XCTAssertTrue(page.contains(#"<img class="drop" src="drop.svg" width="160" height="220" "# + alt), page)
        XCTAssertTrue(page.contains(#"<img class="final" src="jar.svg" width="160" height="220" "# + alt), page)
        let css = try XCTUnwrap(site.text("style.css"))
        XCTAssertTrue(css.contains(".replay .drop ~ .final{visibility:hidden}"), "one picture at a time")
        XCTAssertTrue(
            css.contains(
                "@media (prefers-reduced-motion: reduce){.replay .drop{visibility:hidden}"
                    + ".replay .drop ~ .final{visibility:visible}"),
            "the settled jar under reduced motion")
        XCTAssertFalse(css.contains("--motion-frame"), "no frame timing left")
    }

    /// DESIGN §4: the goal page shows drop.svg; tapping the jar plays it again in place (issue 34:
    /// no more link to the bare picture), said under it in the site's language, when there is a
    /// fall to play; a goal with no deposit has none.
    func testTappingTheJarReplaysTheFallInPlace() throws {
        let empty = "name = \"Camera\"\nmode = \"wish\"\ntarget = 300\ncreated = 2026-11-01\n"
        for (language, text) in [
            ("en", "Tap the jar to see the last deposit fall again"), ("zh-Hans", "轻点罐子，再看一次最近一笔落下"),
        ] {
            let site = try site(language: language, extraFiles: ["goals/camera.toml": empty])
            let bike = try XCTUnwrap(site.text("goals/bike/index.html"))
            XCTAssertTrue(bike.contains(#"<button type="button" class="replay" data-replay aria-label=""#), language)
            XCTAssertTrue(bike.contains(#"<figcaption class="watch-fall">\#(text)</figcaption>"#), language)
            XCTAssertFalse(bike.contains(#"<a href="drop.svg""#), "no link to the bare picture")
            XCTAssertTrue(bike.contains("URL.createObjectURL(blob)"), "the replay loads the fall as a new picture")
            XCTAssertTrue(try XCTUnwrap(site.text("goals/bike/drop.svg")).contains("@keyframes"), "an animation")
            XCTAssertTrue(site.paths.contains { $0.hasPrefix("goals/bike/frames/") })

            XCTAssertFalse(site.paths.contains { $0.hasPrefix("goals/camera/frames/") }, "no fall to play")
            let camera = try XCTUnwrap(site.text("goals/camera/index.html"))
            XCTAssertTrue(camera.contains(#"<figure class="jar">"#), "the jar is shown")
            XCTAssertFalse(camera.contains("drop.svg"), language)
            XCTAssertFalse(camera.contains("<button type=\"button\" class=\"replay\""), "nothing to replay")
        }
    }

    func testTheLegendSaysWhatEachCoinIsWorth() throws {
        // 800 more is 160 units: into a jar of 22 coins (room 88) they come as 8 gold and 80 silver.
        let deposit = "\n[[deposit]]\nat = 2026-11-02T09:00:00\namount = 800\n"
        let page = try XCTUnwrap(site(extraDeposits: deposit).text("goals/bike/index.html"))
        XCTAssertTrue(page.contains("1 copper coin = $5.00"), page)
        XCTAssertTrue(page.contains("1 gold coin = 10 copper coins = $50.00&nbsp;<span class=\"meta\">· 8 in the jar"))
        XCTAssertTrue(page.contains(#"<span class="coin coin-1" aria-hidden="true"></span>"#))
        XCTAssertTrue(page.contains("The target is 100 copper coins"))
        XCTAssertFalse(page.contains("Ten copper coins become one gold coin"), "the jar holds gold: no rule to say")
    }

    /// Issue 34: the legend names gold only where the jar holds gold; before, it says how gold comes.
    func testTheLegendNamesOnlyTheCoinsInTheJar() throws {
        let page = try XCTUnwrap(site().text("goals/bike/index.html"))
        XCTAssertTrue(page.contains("1 copper coin = $5.00&nbsp;<span class=\"meta\">· 22 in the jar</span></li>"))
        XCTAssertFalse(page.contains("1 gold coin"), "no gold in the jar, none in the legend")
        XCTAssertTrue(page.contains("Ten copper coins become one gold coin"), "how gold comes")
        XCTAssertFalse(page.contains("rose"))
    }

    func testTheTimelapseShowsTheJarAtEveryMonthsEnd() throws {
        let deposit = "\n[[deposit]]\nat = 2026-11-02T09:00:00\namount = 20\n"
        let site = try site(extraDeposits: deposit)
        let page = try XCTUnwrap(site.text("goals/bike/index.html"))
        for (view, saved) in [("m2026-09", "$50.00"), ("m2026-10", "$110.25"), ("m2026-11", "$130.25")] {
            XCTAssertTrue(page.contains(#"<img src="timelapse.svg#\#(view)" width="80" height="110""#), view)
            XCTAssertTrue(page.contains(saved), saved)
        }
        XCTAssertTrue(
            page.contains(
                #"<ol class="timelapse" tabindex="0" aria-labelledby="timelapse-heading" style="--columns: 4; --columns-wide: 8">"#
            ), "three jars, one row")
        let timelapse = try XCTUnwrap(site.text("goals/bike/timelapse.svg"))
        XCTAssertEqual(count(timelapse, "<view id=\"m2026-"), 3)
    }

    /// Issue 26: a deposit dated 0001-01-01 once made the page 4.2 MB and timelapse.svg 4.4 MB
    /// (24,312 jars). The timelapse shows the latest 120 months and says since when the jar fills.
    func testAnAbsurdlyOldDepositShowsTheLatestTenYearsAndSaysSinceWhen() throws {
        let old = "\n[[deposit]]\nat = 0001-01-01\namount = 5\n"
        for (language, since) in [
            ("en", "The latest 120 months; this jar has been filling since Jan 1."),
            ("zh-Hans", "最近 120 个月；这个存钱罐从1年1月开始存。"),
        ] {
            let site = try site(extraDeposits: old, language: language)
            let page = try XCTUnwrap(site.text("goals/bike/index.html"))
            XCTAssertTrue(page.contains("<p class=\"meta\">\(since)</p>"), language)
            // Nov 2016 – Aug 2026 without deposits is one picture, then September and October.
            XCTAssertEqual(count(page, "<img src=\"timelapse.svg#m"), 3)
            XCTAssertTrue(page.contains("timelapse.svg#m2026-08\""), "the quiet months' jar")
            XCTAssertTrue(
                page.contains(
                    "<time datetime=\"2016-11\">\(language == "en" ? "Nov 2016" : "2016年11月")</time> – "
                        + "<time datetime=\"2026-08\">"), language)
            XCTAssertTrue(
                page.contains(
                    language == "en"
                        ? "The jar from Nov 2016 to Aug 2026, months without deposits: $5.00 saved."
                        : "2016年11月至2026年8月没有存入的几个月"), language)
            XCTAssertFalse(page.contains("#m0001-01"))
            XCTAssertLessThan(page.utf8.count, 200_000)
            let timelapse = try XCTUnwrap(site.text("goals/bike/timelapse.svg"))
            XCTAssertEqual(count(timelapse, "<view id="), 120)
            XCTAssertLessThan(timelapse.utf8.count, 400_000)
        }
        let usual = try XCTUnwrap(try site().text("goals/bike/index.html"))
        XCTAssertFalse(usual.contains("filling since"), "a timelapse that shows every month says nothing more")
    }

    func testAReachedGoalShowsItOnItsPageAndItsCards() throws {
        let open = try site()
        let reached = try site(extraDeposits: "\n[[deposit]]\nat = 2026-11-02T09:00:00\namount = 400\n")
        for page in ["goals/bike/index.html", "goals/index.html", "index.html"] {
            XCTAssertTrue(
                try XCTUnwrap(reached.text(page)).contains(#"<span class="reached-tag">✓ Reached</span>"#), page)
            XCTAssertFalse(try XCTUnwrap(open.text(page)).contains("reached-tag"), page)
        }
        XCTAssertTrue(
            try XCTUnwrap(reached.text("goals/index.html")).contains(#"<article class="card goal goal-reached">"#))
        XCTAssertTrue(try XCTUnwrap(reached.text("goals/bike/jar.svg")).contains(#"class="jl""#), "the jar's lid")
        XCTAssertFalse(try XCTUnwrap(open.text("goals/bike/jar.svg")).contains(#"class="jl""#))
    }

    /// Issue 25: the deposits are a list by month, newest first; each month says its count and
    /// total once, each deposit its day, amount and note.
    func testDepositsAreListedByMonthNewestFirstEachTotalSaidOnce() throws {
        let deposits = "\n[[deposit]]\nat = 2026-10-20T09:00:00\namount = 10\nnote = \"late October\"\n"
        let page = try XCTUnwrap(site(extraDeposits: deposits).text("goals/bike/index.html"))
        let october = try XCTUnwrap(
            page.range(
                of:
                    #"<h3 class="month-head"><time datetime="2026-10">Oct 2026</time> <span class="meta">2 deposits</span> <span class="month-total">+$70.25</span></h3>"#
            ))
        let september = try XCTUnwrap(
            page.range(
                of:
                    #"<time datetime="2026-09">Sep 2026</time> <span class="meta">1 deposit</span> <span class="month-total">+$50.00</span>"#
            ))
        XCTAssertLessThan(october.lowerBound, september.lowerBound, "newest month first")
        XCTAssertEqual(count(page, "$70.25"), 1, "a month's total is said once")
        let late = try XCTUnwrap(page.range(of: "late October"))
        let first = try XCTUnwrap(page.range(of: "birthday"))
        XCTAssertTrue(october.upperBound < late.lowerBound && late.lowerBound < first.lowerBound, "newest first")
        XCTAssertTrue(
            page.contains(
                #"<strong class="deposit-amount">+$10.00</strong> <span class="deposit-note">late October</span></li>"#)
        )
        XCTAssertEqual(count(page, #"<ul class="deposit-list">"#), 2, "one a month")
        XCTAssertFalse(page.contains("<table class=\"deposits\""), "a list, not a stacked table")
    }

    /// Every colour the jar's pictures paint with is a design token of the theme, in light and in
    /// dark: a token renamed in tokens.toml would leave coins black.
    func testEveryColourTheJarUsesIsATokenInBothSchemes() throws {
        let svg = try XCTUnwrap(site().text("goals/bike/jar.svg"))
        let style = try XCTUnwrap(
            svg.components(separatedBy: "<style>").dropFirst().first?.components(separatedBy: "</style>").first)
        let dark = try XCTUnwrap(style.components(separatedBy: "@media (prefers-color-scheme:dark)").dropFirst().first)
        let used = Set(
            style.components(separatedBy: "var(").dropFirst().compactMap { $0.components(separatedBy: ")").first })
        XCTAssertGreaterThanOrEqual(used.count, 12, "\(used)")
        for name in used {
            XCTAssertTrue(style.hasPrefix("svg{") && style.contains("\(name): #"), "\(name) has no light value")
            XCTAssertTrue(dark.contains("\(name): #"), "\(name) has no dark value")
        }
    }
}
