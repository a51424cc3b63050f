import Domain
import Foundation
import Subscriptions
import XCTest

@testable import SiteData
@testable import Statement

/// Inputs that hung the statement fuzz target (`make fuzz`, Fuzz/csv) or its path through
/// `sandjar detect`: `StatementCSV`, then `RecurringCharges.detect` on the money out.
final class FuzzRegressionTests: XCTestCase {
    private func detect(_ bytes: [UInt8]) throws -> [RecurringCharges.Suggestion] {
        let statement = try StatementCSV(bytes: bytes, path: "fuzz.csv")
        let charges = statement.rows.filter { $0.amount < 0 }.map { row in
            RecurringCharges.Charge(date: row.date, payee: row.payee, amount: -row.amount, currency: row.currency)
        }
        return RecurringCharges.detect(charges, until: statement.period?.upperBound)
    }

    /// 3,000 weekly charges to one payee whose amounts wobble, 10.00 and 10.20, then 12.00 and
    /// 12.30: looking for the price change sorted every later run afresh, minutes of work for a
    /// 100 KB file (2 minutes at 4,000 charges). Now the runs are kept sorted as they grow.
    func testManyWobblingChargesToOnePayeeFindTheirPriceChangeQuickly() throws {
        var csv = Array("Date,Payee,Amount\n".utf8)
        var date = CalendarDate(year: 1950, month: 1, day: 2)!
        for index in 0..<3_000 {
            let amount = index < 1_500 ? (index % 2 == 0 ? "10.00" : "10.20") : (index % 2 == 0 ? "12.00" : "12.30")
            csv += Array("\(date),GYM,-\(amount)\n".utf8)
            date = date.adding(days: 7)
        }
        let found = try detect(csv)
        let gym = try XCTUnwrap(found.first)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(gym.cycle, .weekly)
        XCTAssertEqual(gym.charges.count, 3_000)
        XCTAssertEqual(
            gym.priceChange,
            RecurringCharges.PriceChange(
                from: Decimal(string: "10.20")!, to: Decimal(string: "12.00")!,
                on: CalendarDate(year: 1950, month: 1, day: 2)!.adding(days: 7 * 1_500)))
    }
}
