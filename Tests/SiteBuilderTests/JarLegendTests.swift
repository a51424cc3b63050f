import Domain
import Foundation
import SitePublish
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteData

/// What the site says a jar holds — data.json's `jar` and the goal page's legend — sums to what
/// was saved (DESIGN.md §3 "The jar tells the truth", §5), for random goals of tiny, huge and
/// yen deposits crossing month ends. The saved amount is summed here in whole minor units, as
/// integers, from the deposits this test wrote; the site's figures are parsed back from its files.
final class JarLegendTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    func testTheLegendAndDataJSONSumToWhatWasSaved() throws {
        var seed: UInt64 = 39  // a fixed seed: the same goals every run
        func next(_ range: ClosedRange<Int>) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((seed >> 33) % UInt64(range.count))
        }
        var files = TestSupport.snapshot(TestSupport.fixtures.appendingPathComponent("base")).mapValues { [UInt8]($0) }
        files["rates.toml"] = Array("base = \"USD\"\nas_of = 2026-11-01\n\n[rates]\nEUR = 1.08\nJPY = 0.0067\n".utf8)
        // id → (currency, minor digits, saved in minor units)
        var expected: [String: (currency: String, digits: Int, saved: Int)] = [:]
        for index in 0..<8 {
            let (currency, digits) = index % 3 == 2 ? ("JPY", 0) : ("USD", 2)
            let scale = digits == 2 ? 100 : 1
            let target = next(1...5) * [10, 100, 1_000, 10_000][next(0...3)]
            let coinMinor = max(1, target * scale / 100)
            var text = "name = \"Jar \(index)\"\nmode = \"wish\"\ncurrency = \"\(currency)\"\ntarget = \(target)\n"
            text += "created = 2026-01-01\n"
            var saved = 0
            for day in 0..<next(1...60) {
                let minor =
                    switch index % 4 {
                    case 0: next(1...max(1, coinMinor / 7))  // tiny: sand mostly
                    case 1: next(coinMinor...coinMinor * 300)  // huge: many coins a deposit
                    default: next(1...coinMinor * 3)
                    }
                saved += minor
                // Every fourth day a month's last day at 23:59, so pours cross month ends.
                let date =
                    day % 4 == 3
                    ? String(
                        format: "2026-%02d-%02dT23:59:00", 1 + day / 4 % 11,
                        [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30][day / 4 % 11])
                    : String(format: "2026-%02d-%02dT12:00:00", 1 + day / 4 % 11, 1 + day % 27)
                let amount = digits == 2 ? String(format: "%d.%02d", minor / 100, minor % 100) : String(minor)
                text += "\n[[deposit]]\nat = \(date)\namount = \(amount)\n"
            }
            files["goals/jar-\(index).toml"] = Array(text.utf8)
            expected["jar-\(index)"] = (currency, digits, saved)
        }
        var options = BuildOptions()
        options.dataFiles = DataFolder(files: files, display: "data")
        options.cache = TestSupport.temporaryFolder(self).path
        options.today = CalendarDate(iso: "2026-12-01")
        let (report, built) = SiteBuild(options: options).check()
        let site = try XCTUnwrap(built, "\(report.diagnostics)")
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(try XCTUnwrap(site.text("data.json")).utf8)) as? [String: Any])
        let goals = try XCTUnwrap((json["savings"] as? [String: Any])?["goals"] as? [[String: Any]])
        for (id, want) in expected {
            let goal = try XCTUnwrap(goals.first { $0["id"] as? String == id }, id)
            let jar = try XCTUnwrap(goal["jar"] as? [String: Any], id)
            // Amounts as data.json writes them, in minor units (a coin's worth may have more digits).
            func minor(_ text: Any?) throws -> Decimal {
                try XCTUnwrap(Decimal(string: try XCTUnwrap(text as? String, id)), id) * pow(10, want.digits)
            }
            var coins = Decimal(0)
            for kind in try XCTUnwrap(jar["coins"] as? [[String: Any]], id) {
                coins += try minor(kind["worth"]) * Decimal(kind["count"] as? Int ?? -1)
            }
            let saved = Decimal(want.saved)
            XCTAssertEqual(try minor(goal["saved"]), saved, "\(id): saved")
            XCTAssertEqual(try minor(jar["total"]), saved, "\(id): the jar's total is what was saved")
            XCTAssertLessThanOrEqual(coins, saved, "\(id): the coins are worth no more than was saved")
            // The sand is written with the currency's digits: the legend is exact within half of
            // the smallest unit.
            let gap = coins + (try minor(jar["sand"])) - saved
            XCTAssertLessThanOrEqual(
                abs(NSDecimalNumber(decimal: gap).doubleValue), 0.5, "\(id): the legend sums to it")
            let page = try XCTUnwrap(site.text("goals/\(id)/index.html"), id)
            XCTAssertTrue(page.contains("In the jar: "), "\(id): the legend says what the jar holds")
        }
    }
}
