import Foundation
import SiteData
import TestSupport
import XCTest

@testable import SiteBuilder

/// data.json's `household`, items' `paid_by` and `shares`, goals' `by_person` (DESIGN.md §5),
/// for a three-person household built in memory and worked out by hand below; and none of them
/// without `[[person]]`s.
final class HouseholdDataJSONTests: XCTestCase {
    private func json(_ site: SiteFiles) throws -> [String: Any] {
        let text = try XCTUnwrap(site.text("data.json"))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    // The household is `HouseholdFixture`'s (HouseholdPagesTests.swift), shared with the pages' test.

    /// Today is 2026-11-29, USD. Worked by hand:
    ///
    /// - Netflix $15, paid by lin, charged Nov 5, equal shares: $5 each; zhou and wang owe lin $5.
    /// - Spotify $17 with an outsider (members 2), paid by zhou, charged Nov 20: the household's
    ///   part $8.50 split 50/50/0: lin owes zhou $4.25.
    /// - Phone $10, paid by wang, charged Nov 1, equal: 1000 ¢ ÷ 3 = 333 r 1, the cent to the first
    ///   of the tied, lin: lin owes wang $3.34, zhou owes wang $3.33.
    /// - Old, slain Oct 1: no charge this month, no monthly cost.
    ///
    /// owed: lin 10.00, zhou 4.25, wang 6.67; owing: lin 7.59, zhou 8.33, wang 5.00; balances
    /// lin +2.41, zhou −4.08, wang +1.67: no two sum to zero, so two transfers, zhou → lin $2.41
    /// and zhou → wang $1.67. Paid this month: lin 15, zhou 17, wang 10. Monthly cost: lin 5 +
    /// 4.25 + 3.333… = 12.58, zhou the same, wang 5 + 0 + 3.333… = 8.33. Deposited: lin 60.25
    /// (bike), zhou 50 (bike), wang 100 (car); the bike's $10 without `by` is nobody's. Sessions:
    /// lin 3, a streak of 3 (Nov 27–29); zhou 1 (Nov 1), no streak now; wang none.
    func testAThreePersonHouseholdAsWorkedByHand() throws {
        let site = try TestSupport.baseSite(files: HouseholdFixture.files)
        let data = try json(site)
        let household = try XCTUnwrap(data["household"] as? [String: Any])
        let people = try XCTUnwrap(household["people"] as? [[String: Any]])
        func column(_ key: String) -> [String] { people.map { "\($0[key] ?? "missing")" } }
        XCTAssertEqual(column("id"), ["lin", "zhou", "wang"])
        XCTAssertEqual(column("name"), ["林", "小周", "王"])
        XCTAssertEqual(column("monthly_cost"), ["12.58", "12.58", "8.33"])
        XCTAssertEqual(column("paid_this_month"), ["15.00", "17.00", "10.00"])
        XCTAssertEqual(column("owed"), ["10.00", "4.25", "6.67"])
        XCTAssertEqual(column("owing"), ["7.59", "8.33", "5.00"])
        XCTAssertEqual(column("deposited"), ["60.25", "50.00", "100.00"])
        XCTAssertEqual(column("sessions"), ["3", "1", "0"])
        XCTAssertEqual(column("streak"), ["3", "0", "0"])
        let settlement = try XCTUnwrap(household["settlement"] as? [String: Any])
        XCTAssertEqual(settlement["month"] as? String, "2026-11")
        XCTAssertEqual(
            settlement["transfers"] as? [[String: String]],
            [["from": "zhou", "to": "lin", "amount": "2.41"], ["from": "zhou", "to": "wang", "amount": "1.67"]])

        let items = try XCTUnwrap((data["subscriptions"] as? [String: Any])?["items"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: items.map { ($0["name"] as? String ?? "", $0) })
        XCTAssertEqual(byName["Netflix"]?["paid_by"] as? String, "lin")
        XCTAssertEqual(
            byName["Netflix"]?["shares"] as? [String: String], ["lin": "5.00", "zhou": "5.00", "wang": "5.00"])
        XCTAssertEqual(
            byName["Spotify"]?["shares"] as? [String: String], ["lin": "4.25", "zhou": "4.25", "wang": "0.00"])
        XCTAssertEqual(
            byName["Phone"]?["shares"] as? [String: String], ["lin": "3.33", "zhou": "3.33", "wang": "3.33"])

        let goals = try XCTUnwrap((data["savings"] as? [String: Any])?["goals"] as? [[String: Any]])
        let goal = Dictionary(uniqueKeysWithValues: goals.map { ($0["id"] as? String ?? "", $0) })
        XCTAssertEqual(goal["bike"]?["by_person"] as? [String: String], ["zhou": "50.00", "lin": "60.25"])
        XCTAssertEqual(
            goal["car"]?["by_person"] as? [String: String], ["lin": "0.00", "zhou": "0.00", "wang": "100.00"])
        // The order written: the goal's people as it names them.
        let text = try XCTUnwrap(site.text("data.json")).filter { !$0.isWhitespace }
        XCTAssertTrue(text.contains(#""by_person":{"zhou":"50.00","lin":"60.25"}"#), "keys in the goal's order")
    }

    func testWithoutPeopleDataJSONHasNoHouseholdKeys() throws {
        let text = try XCTUnwrap(try TestSupport.baseSite().text("data.json"))
        for key in ["household", "paid_by", "shares", "by_person"] {
            XCTAssertFalse(text.contains("\"\(key)\""), key)
        }
    }
}
