import Domain
import Foundation
import SitePublish
import XCTest

@testable import SiteBuilder
@testable import SiteData

/// The goal page's jar (the latest deposit replayed from its frames, the coins' legend, the
/// month-by-month timelapse, the reached state) and its deposits table. The base fixture's bike
/// (target 500) has deposits on Sep 1 (50) and Oct 1 (60.25).
final class GoalJarPageTests: XCTestCase {
    private func site(
        extraDeposits: String = "", language: String = "en", extraFiles: [String: String] = [:]
    ) throws -> SiteFiles {
        try TestSupport.baseSite(language: language, appending: ["goals/bike.toml": extraDeposits], files: extraFiles)
    }

    private func count(_ text: String, _ part: String) -> Int { text.components(separatedBy: part).count - 1 }

    func testTheGoalPageReplaysTheLatestDepositFromItsFramesAndEndsOnTheJar() throws {
        let site = try site()
        let page = try XCTUnwrap(site.text("goals/bike/index.html"))
        let frames = site.paths.filter { $0.hasPrefix("goals/bike/frames/") }.sorted()
        XCTAssertGreaterThan(frames.count, 10)
        // Every frame but the last is shown in turn; jar.svg (the settled pile) stands for the last.
        XCTAssertEqual(count(page, #"<img class="frame" src="frames/"#), frames.count - 1)
        for (index, path) in frames.dropLast().enumerated() {
            let name = path.dropFirst("goals/bike/".count)
            XCTAssertTrue(
                page.contains(
                    #"<img class="frame" src="\#(name)" width="160" height="220" alt="" style="--f: \#(index)">"#), path
            )
        }
        XCTAssertTrue(page.contains(#"<img class="final" src="jar.svg" width="160" height="220" alt="A glass jar"#))
        XCTAssertTrue(page.contains(#"style="--f: \#(frames.count - 1)">"#))
        let css = try XCTUnwrap(site.text("style.css"))
        XCTAssertTrue(css.contains("--motion-frame: 33.333ms;"), "30 frames a second")
        XCTAssertTrue(
            css.contains(
                "@media (prefers-reduced-motion: reduce) {\n  .replay .frame { display: none; }\n"
                    + "  .replay .final, .replay:hover .final { animation: none; }"),
            "still on the final frame under reduced motion")
    }

    /// DESIGN §4: the goal page shows drop.svg. Beside the replay from frames, the caption links
    /// it, in the site's language, when there is a fall to play; a goal with no deposit has none.
    func testTheCaptionLinksDropSVGWhenThereIsAFall() throws {
        let empty = "name = \"Camera\"\nmode = \"wish\"\ntarget = 300\ncreated = 2026-11-01\n"
        for (language, text) in [("en", "Watch the last deposit fall"), ("zh-Hans", "看最近一笔落下")] {
            let site = try site(language: language, extraFiles: ["goals/camera.toml": empty])
            let link = #"<a href="drop.svg"><span aria-hidden="true">▶\#u{FE0E}</span> \#(text)</a>"#
            let bike = try XCTUnwrap(site.text("goals/bike/index.html"))
            XCTAssertTrue(bike.contains(link), "\(language): \(link)")
            XCTAssertTrue(try XCTUnwrap(site.text("goals/bike/drop.svg")).contains("@keyframes"), "an animation")
            XCTAssertTrue(site.paths.contains { $0.hasPrefix("goals/bike/frames/") })

            XCTAssertFalse(site.paths.contains { $0.hasPrefix("goals/camera/frames/") }, "no fall to play")
            let camera = try XCTUnwrap(site.text("goals/camera/index.html"))
            XCTAssertTrue(camera.contains(#"<figure class="jar">"#), "the jar is shown")
            XCTAssertFalse(camera.contains("drop.svg"), language)
        }
    }

    func testTheLegendSaysWhatEachCoinIsWorth() throws {
        // 800 more is 160 units: into a jar of 22 coins (room 88) they come as 8 gold and 80 silver.
        let deposit = "\n[[deposit]]\nat = 2026-11-02T09:00:00\namount = 800\n"
        let page = try XCTUnwrap(site(extraDeposits: deposit).text("goals/bike/index.html"))
        XCTAssertTrue(page.contains("1 silver coin = $5.00"), page)
        XCTAssertTrue(page.contains("1 gold coin = 10 silver coins = $50.00"))
        XCTAssertTrue(page.contains(#"<span class="coin coin-1" aria-hidden="true"></span>"#))
        XCTAssertTrue(page.contains("The target is 100 silver coins"))
    }

    func testTheLegendShowsGoldEvenBeforeTheJarHoldsAny() throws {
        let page = try XCTUnwrap(site().text("goals/bike/index.html"))
        XCTAssertTrue(page.contains("1 silver coin = $5.00 <span class=\"meta\">· 22 in the jar</span></li>"))
        XCTAssertTrue(
            page.contains("1 gold coin = 10 silver coins = $50.00</li>"), "no count for a kind not in the jar")
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
        let timelapse = try XCTUnwrap(site.text("goals/bike/timelapse.svg"))
        XCTAssertEqual(count(timelapse, "<view id=\"m2026-"), 3)
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

    func testDepositsAreGroupedByMonthNewestFirstWithSubtotals() throws {
        let deposits = "\n[[deposit]]\nat = 2026-10-20T09:00:00\namount = 10\nnote = \"late October\"\n"
        let page = try XCTUnwrap(site(extraDeposits: deposits).text("goals/bike/index.html"))
        let october = try XCTUnwrap(
            page.range(
                of:
                    #"<th scope="rowgroup"><time datetime="2026-10">Oct 2026</time></th><td class="num">$70.25</td><td class="meta">2 deposits, $70.25</td>"#
            ))
        let september = try XCTUnwrap(
            page.range(
                of:
                    #"<time datetime="2026-09">Sep 2026</time></th><td class="num">$50.00</td><td class="meta">1 deposit, $50.00</td>"#
            ))
        XCTAssertLessThan(october.lowerBound, september.lowerBound, "newest month first")
        let late = try XCTUnwrap(page.range(of: "late October"))
        let first = try XCTUnwrap(page.range(of: "birthday"))
        XCTAssertTrue(october.upperBound < late.lowerBound && late.lowerBound < first.lowerBound, "newest first")
        XCTAssertEqual(count(page, "<tbody>"), 2, "one a month")
        XCTAssertTrue(
            page.contains(#"<th scope="col" class="num">Amount</th>"#), "numeric header aligned with its column")
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
