import Domain
import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteData

/// Issue 39: a goal's page lists its newest `depositsPerPage` deposits and the older ones are on
/// pages of their own (`goals/<id>/deposits/2/`, …), so a goal of any size builds and no page
/// grows with its deposits. The base fixture's goals have two deposits or fewer.
final class GoalDepositPagesTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private func count(_ text: String, _ part: String) -> Int { text.components(separatedBy: part).count - 1 }

    /// A goal of `deposits` deposits, `perDay` a day from 2015-01-01, a note on every tenth.
    private func goal(deposits: Int, perDay: Int) -> String {
        var text = "name = \"Many\"\nmode = \"wish\"\ntarget = 1000000\ncreated = 2015-01-01\n"
        text.reserveCapacity(deposits * 60)
        let start = CalendarDate(iso: "2015-01-01")!
        for index in 0..<deposits {
            let day = start.adding(days: index / perDay)
            let minute = index % perDay
            text += "\n[[deposit]]\nat = \(day)T\((minute / 60 + 8).zeroPadded2):\((minute % 60).zeroPadded2):00\n"
            text += "amount = \(index % 7 + 1)\n"
            if index % 10 == 0 { text += "note = \"deposit \(index)\"\n" }
        }
        return text
    }

    /// The newest 200 on the goal's page with a link to the older; 201 put the oldest on page 2,
    /// which links back. 200 make no second page.
    func testTheNewest200AreOnTheGoalPageAndTheRestOnOlderPages() throws {
        let site = try TestSupport.baseSite(files: ["goals/many.toml": goal(deposits: 201, perDay: 10)])
        let page = try XCTUnwrap(site.text("goals/many/index.html"))
        XCTAssertEqual(count(page, #"<span class="deposit-date">"#), 200)
        XCTAssertFalse(page.contains(">+$1.00</strong> <span class=\"deposit-note\">deposit 0</span>"), "the oldest")
        XCTAssertTrue(page.contains(#"<a rel="next" href="deposits/2/">Older →</a>"#), page)
        XCTAssertTrue(page.contains("<span>Page 1 of 2</span>"))
        XCTAssertFalse(page.contains(#"rel="prev""#))
        XCTAssertTrue(page.contains(#"<span class="meta">201 deposits</span>"#), "the whole count")

        let older = try XCTUnwrap(site.text("goals/many/deposits/2/index.html"))
        XCTAssertEqual(count(older, #"<span class="deposit-date">"#), 1)
        XCTAssertTrue(older.contains(">+$1.00</strong> <span class=\"deposit-note\">deposit 0</span>"), older)
        XCTAssertTrue(older.contains(#"<a rel="prev" href="../../">← Newer</a>"#))
        XCTAssertTrue(older.contains(#"<a class="back-link" href="../../">"#))
        XCTAssertTrue(older.contains("<title>Many · Page 2 of 2"), older)
        XCTAssertFalse(older.contains(#"rel="next""#))
        // January 2015 is split between the two pages: headed on both with its whole count.
        let january = #"<time datetime="2015-01">Jan 2015</time> <span class="meta">201 deposits</span>"#
        XCTAssertTrue(page.contains(january) && older.contains(january))
        XCTAssertNil(site.text("goals/many/deposits/3/index.html"))

        let exact = try TestSupport.baseSite(files: ["goals/many.toml": goal(deposits: 200, perDay: 10)])
        XCTAssertFalse(try XCTUnwrap(exact.text("goals/many/index.html")).contains(#"class="pager""#))
        XCTAssertFalse(exact.paths.contains { $0.hasPrefix("goals/many/deposits/") })
    }

    /// 120,000 deposits (30 a day for eleven years, to December 2025) stopped the build at "one more than the 100000
    /// partials"; now they build, 200 to a page, every page well under 100 KB, each deposit
    /// listed once.
    func testAGoalOf120000DepositsBuildsInPagesOfBoundedSize() throws {
        let started = Date()
        let site = try TestSupport.baseSite(files: ["goals/many.toml": goal(deposits: 120_000, perDay: 30)])
        print("120,000 deposits built in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        let pages = ["goals/many/index.html"] + (2...600).map { "goals/many/deposits/\($0)/index.html" }
        var listed = 0
        for path in pages {
            let bytes = try XCTUnwrap(site.files[path], path)
            XCTAssertLessThan(bytes.count, 100_000, path)
            listed += count(String(decoding: bytes, as: UTF8.self), #"<span class="deposit-date">"#)
        }
        XCTAssertEqual(listed, 120_000)
        XCTAssertNil(site.files["goals/many/deposits/601/index.html"])
        let last = try XCTUnwrap(site.text("goals/many/deposits/600/index.html"))
        XCTAssertTrue(last.contains(#"<a rel="prev" href="../599/">← Newer</a>"#))
        XCTAssertTrue(last.contains("<span>Page 600 of 600</span>"))
    }
}

extension Int {
    fileprivate var zeroPadded2: String { self < 10 ? "0\(self)" : "\(self)" }
}
