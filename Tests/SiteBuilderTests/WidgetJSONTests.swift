import Foundation
import SiteData
import XCTest

@testable import SiteBuilder

/// `widget.json` (DESIGN.md §5): the values of data.json a widget needs, the same values, and
/// what is due today in order.
final class WidgetJSONTests: XCTestCase {
    private func json(_ site: SiteFiles, _ path: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> [String: Any]
    {
        let text = try XCTUnwrap(site.text(path), path, file: file, line: line)
        return try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], path, file: file, line: line)
    }

    func testTheWidgetSaysWhatDataJSONSays() throws {
        let site = try TestSupport.baseSite(
            appending: [
                "subscriptions/main.toml": "\n[[subscription]]\nname = \"Trial TV\"\ncatalog = false\nprice = 8\n"
                    + "cycle = \"monthly\"\ntrial = true\nstarted = 2026-11-20\nnext_billing = 2026-12-01\n"
            ])
        let widget = try json(site, "widget.json")
        let data = try json(site, "data.json")
        let savings = try XCTUnwrap(data["savings"] as? [String: Any])
        let subscriptions = try XCTUnwrap(data["subscriptions"] as? [String: Any])
        let breathing = try XCTUnwrap(data["breathing"] as? [String: Any])
        let quote = try XCTUnwrap(data["quote"] as? [String: Any])
        XCTAssertEqual(widget["schema"] as? Int, 1)
        XCTAssertEqual(widget["today"] as? String, data["today"] as? String)
        XCTAssertEqual(widget["saved_total"] as? String, savings["total_saved"] as? String)
        XCTAssertEqual(widget["saved_this_month"] as? String, savings["saved_this_month"] as? String)
        XCTAssertEqual(widget["monthly_subscriptions"] as? String, subscriptions["monthly_total"] as? String)
        XCTAssertEqual(widget["streak"] as? Int, breathing["current_streak"] as? Int)
        XCTAssertEqual(widget["quote"] as? String, quote["text"] as? String)
        XCTAssertNotNil(widget["practiced_today"] as? Bool)
        XCTAssertEqual(
            Set(widget.keys),
            [
                "schema", "today", "title", "currency", "saved_total", "saved_this_month", "monthly_subscriptions",
                "streak", "practiced_today", "due", "quote",
            ])
        // On Nov 29 the bike's Nov period is unpaid (due Nov 1, overdue), and the trial charges
        // on Dec 1, within three days; Music renews on Dec 10, later.
        let due = try XCTUnwrap(widget["due"] as? [[String: Any]])
        XCTAssertEqual(due.map { $0["kind"] as? String }, ["deposit", "trial"])
        XCTAssertEqual(due.map { $0["date"] as? String }, ["2026-11-01", "2026-12-01"])
        XCTAssertEqual(due.map { $0["name"] as? String }, ["Bike", "Trial TV"])
        XCTAssertEqual(due.map { $0["amount"] as? String }, ["50.00", "8.00"])
    }
}
