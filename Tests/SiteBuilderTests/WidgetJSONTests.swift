import Foundation
import SiteData
import TestSupport
import XCTest

@testable import SiteBuilder

/// `widget.json` (issue 35): a few scalars with data.json's values, and one `items` list of
/// `{name, label, url}` — what needs the person, the list `sandjar today` prints — in order.
final class WidgetJSONTests: XCTestCase {
    private func json(_ site: SiteFiles, _ path: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> [String: Any]
    {
        let text = try XCTUnwrap(site.text(path), path, file: file, line: line)
        return try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], path, file: file, line: line)
    }

    /// The base fixture plus a trial charging Dec 1 and a contract whose notice is due Dec 4.
    private static let extra =
        "\n[[subscription]]\nname = \"Trial TV\"\ncatalog = false\nprice = 8\n"
        + "cycle = \"monthly\"\ntrial = true\nstarted = 2026-11-20\nnext_billing = 2026-12-01\n"
        + "\n[[subscription]]\nname = \"Gym\"\ncatalog = false\nprice = 30\ncycle = \"monthly\"\n"
        + "started = 2026-01-05\nnext_billing = 2026-12-05\nends = 2027-01-04\nnotice_days = 31\n"

    func testTheWidgetSaysWhatDataJSONSaysInAFewScalars() throws {
        let site = try TestSupport.baseSite(appending: ["subscriptions/main.toml": Self.extra])
        let widget = try json(site, "widget.json")
        let data = try json(site, "data.json")
        let savings = try XCTUnwrap(data["savings"] as? [String: Any])
        let subscriptions = try XCTUnwrap(data["subscriptions"] as? [String: Any])
        let breathing = try XCTUnwrap(data["breathing"] as? [String: Any])
        XCTAssertEqual(
            Set(widget.keys),
            [
                "schema", "generated_at", "title", "currency", "saved_this_month", "month_spend", "next_renewal",
                "next_renewal_on", "streak", "items",
            ])
        XCTAssertEqual(widget["schema"] as? Int, 2)
        XCTAssertEqual(widget["generated_at"] as? String, data["today"] as? String)
        XCTAssertEqual(widget["saved_this_month"] as? String, savings["saved_this_month"] as? String)
        XCTAssertEqual(widget["month_spend"] as? String, subscriptions["monthly_total"] as? String)
        XCTAssertEqual(widget["streak"] as? Int, breathing["current_streak"] as? Int)
        // The soonest charge is the trial's, on Dec 1.
        XCTAssertEqual(widget["next_renewal"] as? String, "Trial TV · 1 Dec · $8.00")
        XCTAssertEqual(widget["next_renewal_on"] as? String, "2026-12-01")
        for (key, value) in widget where key != "items" {
            XCTAssertFalse(value is [Any] || value is [String: Any], "\(key) is a scalar")
        }
    }

    func testItemsAreWhatNeedsThePersonInOrder() throws {
        let site = try TestSupport.baseSite(appending: ["subscriptions/main.toml": Self.extra])
        let items = try XCTUnwrap(try json(site, "widget.json")["items"] as? [[String: String]])
        // On Nov 29 the bike's November deposit is overdue (due Nov 1); the trial charges Dec 1;
        // the gym's notice is due Jan 4 − 31 days = Dec 4; the gym renews Dec 5 and Music Dec 10,
        // six and eleven days ahead: the gym within the week, Music not.
        XCTAssertEqual(
            items.map { $0["name"] },
            [
                "Put $50.00 into Bike", "Trial TV: the free trial turns into a $8.00 charge",
                "Give notice for Gym by 4 Dec, or the contract renews", "Gym renews for $30.00",
            ])
        XCTAssertEqual(items.map { $0["label"] }, ["overdue by 28 days", "in 2 days", "in 5 days", "in 6 days"])
        XCTAssertEqual(
            items.map { $0["url"] },
            ["goals/bike/", "subscriptions/#trial-tv", "subscriptions/#gym", "subscriptions/#gym"])
        XCTAssertEqual(Set(items.flatMap(\.keys)), ["name", "label", "url"])
    }

    func testURLsAreAbsoluteUnderBaseURL() throws {
        let site = try TestSupport.baseSite(
            appending: [
                "site.toml": "base_url = \"https://example.org/dash/\"\n", "subscriptions/main.toml": Self.extra,
            ])
        let items = try XCTUnwrap(try json(site, "widget.json")["items"] as? [[String: String]])
        XCTAssertEqual(items.first?["url"], "https://example.org/dash/goals/bike/")
    }
}
