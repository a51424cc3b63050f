import Domain
import Foundation
import SitePublish
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteData

/// The words of the site (issue 12): English plurals wherever a count appears, days from today in
/// words, quote pages of other days titled by their date, no stray colons, no synthetic italics on
/// Chinese, styled quotations and code.
final class CopyTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private func site(today: String, language: String = "en", file: StaticString = #filePath, line: UInt = #line)
        throws -> SiteFiles
    {
        var files = TestSupport.snapshot(TestSupport.fixtures.appendingPathComponent("base")).mapValues { [UInt8]($0) }
        let siteToml = try XCTUnwrap(
            files["site.toml"].map { String(decoding: $0, as: UTF8.self) }, file: file, line: line)
        files["site.toml"] = Array(
            siteToml.replacingOccurrences(of: "language = \"en\"", with: "language = \"\(language)\"").utf8)
        var options = BuildOptions()
        options.dataFiles = DataFolder(files: files, display: "data")
        options.cache = TestSupport.temporaryFolder(self, file: file, line: line).path
        options.today = CalendarDate(iso: today)
        let (report, site) = SiteBuild(options: options).check()
        return try XCTUnwrap(site, "\(report.diagnostics)", file: file, line: line)
    }

    /// "1" followed by a plural noun, anywhere in the visible text or an attribute.
    private let singularMistakes =
        #"(?<![\d.,])1(</(strong|span)>)? (<span[^>]*>)?(sessions|days|deposits|coins|minutes|seconds|"#
        + #"active subscriptions|periods)\b|in [01] days?\b"#

    /// Nov 1: one session, a one-day streak; the 1.1 minutes and 2 deposits stay plural.
    func testOneIsSingularEverywhereInEnglish() throws {
        for today in ["2026-11-01", "2026-11-02", "2026-11-29"] {
            let site = try site(today: today)
            for path in site.paths where path.hasSuffix(".html") {
                let html = try XCTUnwrap(site.text(path))
                if let mistake = html.range(of: singularMistakes, options: .regularExpression) {
                    XCTFail("\(today) \(path): \(html[mistake])")
                }
            }
        }
        let html = try XCTUnwrap(try site(today: "2026-11-01").text("index.html"))
        XCTAssertTrue(html.contains("<li><strong>1</strong> day in a row</li>"), html)
        let breathing = try XCTUnwrap(try site(today: "2026-11-01").text("breathing/index.html"))
        XCTAssertTrue(
            breathing.contains("<li><strong>1</strong> session · <strong>1.1</strong> minutes</li>"), breathing)
        let goals = try XCTUnwrap(try site(today: "2026-11-01").text("goals/index.html"))
        XCTAssertTrue(goals.contains("Wish&nbsp;· 2 deposits"), goals)
        let heatmap = try XCTUnwrap(try site(today: "2026-11-01").text("breathing/index.html"))
        XCTAssertTrue(heatmap.contains("1 Nov 2026: 1 session, "), "a heatmap day's label")
        XCTAssertTrue(heatmap.contains("1 session in all."), "the heatmap's description")
    }

    /// The test above looks for the mistakes it is meant to catch.
    func testTheSingularCheckCatchesTheOldWording() {
        let old = [
            "1 sessions", "<strong>1</strong> days in a row", #"1</span> <span class="label">days in a row"#,
            "in 0 days", "in 1 days", "1 deposits",
        ]
        for wrong in old {
            XCTAssertNotNil(wrong.range(of: singularMistakes, options: .regularExpression), wrong)
        }
        for right in ["11 sessions", "1 session", "2.1 minutes", "in 2 days", "21 days"] {
            XCTAssertNil(right.range(of: singularMistakes, options: .regularExpression), right)
        }
    }

    /// Today's quote page keeps "A line for today"; every other day is titled by its date.
    func testQuotePagesOfOtherDaysAreTitledByTheirDate() throws {
        let built = try site(today: "2026-11-29")
        let past = try XCTUnwrap(built.text("quotes/2026-11-28/index.html"))
        XCTAssertTrue(past.contains("<h1>The line for 28 Nov 2026</h1>"), past)
        XCTAssertTrue(past.contains("<title>The line for 28 Nov 2026 · Base fixture</title>"), past)
        XCTAssertTrue(try XCTUnwrap(built.text("quotes/2026-11-29/index.html")).contains("<h1>A line for today</h1>"))
        let zh = try site(today: "2026-11-29", language: "zh-Hans")
        XCTAssertTrue(try XCTUnwrap(zh.text("quotes/2026-03-02/index.html")).contains("<h1>2026年3月2日的一句</h1>"))
    }

    /// A label in a definition list or a heading carries no colon of its own.
    func testThePlanLabelHasNoStrayColon() throws {
        let zh = try XCTUnwrap(try site(today: "2026-11-29", language: "zh-Hans").text("goals/bike/index.html"))
        XCTAssertTrue(zh.contains("<dt>计划</dt>"), zh)
        let en = try XCTUnwrap(try site(today: "2026-11-29").text("goals/bike/index.html"))
        XCTAssertTrue(en.contains("<dt>Plan</dt>"), en)
        XCTAssertFalse(en.range(of: #"<dt>[^<]*[:：]</dt>"#, options: .regularExpression) != nil, en)
    }

    /// The breathing pages' Chinese uses the full-width colon, inside the sentence, once.
    func testBreathingLabelsUseTheirLanguagesColon() throws {
        let zh = try site(today: "2026-11-01", language: "zh-Hans")
        let programs = try XCTUnwrap(zh.text("breathing/index.html"))
        XCTAssertTrue(programs.contains(#"<p class="program-next">下一步，第 1 天：<a href="calm/">"#), programs)
        let pacer = try XCTUnwrap(zh.text("breathing/calm/index.html"))
        XCTAssertTrue(pacer.contains(#"<p class="meta">吸–屏–呼–停（秒）：4-0-6-0 ·"#), pacer)
        let en = try XCTUnwrap(try site(today: "2026-11-01").text("breathing/calm/index.html"))
        XCTAssertTrue(en.contains(#"<p class="meta">In–hold–out–rest (s): 4-0-6-0 ·"#), en)
        let enPrograms = try XCTUnwrap(try site(today: "2026-11-01").text("breathing/index.html"))
        XCTAssertTrue(enPrograms.contains(#"<p class="program-next">Next, day 1: <a href="calm/">"#), enPrograms)
    }

    /// Chinese text is never slanted: `em` and `i` under `:lang(zh)` are upright, `em` in bold.
    /// Quotations and code have their own style, from tokens.
    func testChineseEmphasisIsUprightAndQuotationsAndCodeAreStyled() throws {
        // The shipped stylesheet is compacted (`CompactCSS`): rules are read without their white space.
        let css = try XCTUnwrap(try site(today: "2026-11-29").text("style.css"))
        func squeezed(_ text: String) -> String { text.filter { !$0.isWhitespace } }
        let rules = css.split(separator: "}").map { squeezed(String($0)) }
        func rule(_ selector: String) -> String? { rules.first { $0.hasPrefix(squeezed(selector) + "{") } }
        func has(_ rule: String?, _ declaration: String) -> Bool { rule?.contains(squeezed(declaration)) == true }
        let upright = try XCTUnwrap(rules.first { $0.hasPrefix(squeezed(":lang(zh) em, :lang(zh) i,")) })
        XCTAssertTrue(has(upright, "font-style: normal"), upright)
        XCTAssertTrue(has(rule(":lang(zh) em"), "font-weight: 700"), css)
        XCTAssertTrue(has(rule("blockquote"), "border-left: var(--space-xs) solid var(--color-border)"), css)
        XCTAssertTrue(has(rule("code, kbd, samp, pre"), "font-family: var(--type-mono)"), css)
        XCTAssertTrue(has(rule("code"), "background: var(--color-accent-soft)"), css)
    }
}
