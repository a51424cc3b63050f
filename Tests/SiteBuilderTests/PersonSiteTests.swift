import Domain
import Foundation
import SiteData
import TestSupport
import XCTest

@testable import SiteBuilder

/// `build --person ID` (DESIGN.md §3 "Household", §5): one person's site of a three-person
/// household — their goals (those naming them, or everyone's), their shares and settlement, their
/// practice — and nothing of another person's own goals in any file of it.
final class PersonSiteTests: XCTestCase {
    /// Each person's own goal, with words found nowhere else: its id, name, note and a deposit's note.
    private static let own: [String: [String]] = [
        "lin": ["lin-kayak", "Lin Kayak Fund", "paddles by the lake", "kayak deposit memo"],
        "zhou": ["zhou-camera", "Zhou Secret Camera", "a surprise lens", "camera deposit memo"],
        "wang": ["wang-guitar", "Wang Private Guitar", "twelve strings", "guitar deposit memo"],
    ]

    private static func ownGoal(_ person: String) -> String {
        let words = own[person]!
        return """
            id = "\(words[0])"
            name = "\(words[1])"
            mode = "wish"
            target = 800
            note = "\(words[2])"
            people = ["\(person)"]
            created = 2026-08-01
            [plan]
            amount = 40
            frequency = "weekly"
            start = 2026-08-03
            periods = 20
            [[deposit]]
            at = 2026-08-03T20:00:00
            amount = 40
            note = "\(words[3])"
            by = "\(person)"
            [[deposit]]
            at = 2026-11-20T20:00:00
            amount = 800
            by = "\(person)"

            """
    }

    private static var files: [String: String] {
        var files = HouseholdFixture.files
        for person in own.keys { files["goals/\(person)-own.toml"] = ownGoal(person) }
        return files
    }

    private func build(person: String?, file: StaticString = #filePath, line: UInt = #line) throws -> (
        BuildReport, SiteFiles?
    ) {
        var files = TestSupport.snapshot(TestSupport.fixtures.appendingPathComponent("base")).mapValues { [UInt8]($0) }
        for (path, text) in Self.files { files[path] = Array(text.utf8) }
        var options = BuildOptions()
        options.dataFiles = DataFolder(files: files, display: "data")
        options.cacheFiles = DataFolder(files: [:], display: "cache")
        options.today = CalendarDate(iso: "2026-11-29")
        options.person = person
        return SiteBuild(options: options).check()
    }

    /// Every file of lin's site (html, data.json, the feeds, the calendars, every svg) is free of
    /// zhou's and wang's own goals; their own goal and the shared ones are there.
    func testNothingOfAnotherPersonsOwnGoalsInAnyFileOfTheirSite() throws {
        for person in ["lin", "zhou", "wang"] {
            let (report, built) = try build(person: person)
            let site = try XCTUnwrap(built, "\(report.diagnostics)")
            XCTAssertGreaterThan(site.count, 50)
            for path in site.paths {
                let text = String(decoding: site.files[path]!, as: UTF8.self)
                for (other, words) in Self.own where other != person {
                    for word in words {
                        XCTAssertFalse(text.contains(word), "\(person)'s site: \(path) holds \(other)'s '\(word)'")
                        XCTAssertFalse(path.contains(word), "\(person)'s site: \(path)")
                    }
                }
            }
            let mine = Self.own[person]![0]
            XCTAssertNotNil(site.text("goals/\(mine)/index.html"), "their own goal")
            XCTAssertTrue(site.paths.contains { $0.hasPrefix("goals/car/") }, "everyone's goal")
            XCTAssertEqual(
                site.paths.contains { $0.hasPrefix("goals/bike/") }, person != "wang", "the bike is zhou's and lin's")
            for kind in ["feed.xml", "calendar.ics", "subscriptions/calendar.ics", "data.json", "widget.json"] {
                XCTAssertNotNil(site.text(kind), kind)
            }
        }
        // The household's site has them all.
        let (_, whole) = try build(person: nil)
        let data = try XCTUnwrap(whole?.text("data.json"))
        for words in Self.own.values { XCTAssertTrue(data.contains(words[1])) }
    }

    /// data.json of zhou's site: zhou alone in `people`, the transfers from or to zhou (both, in
    /// the example worked by hand: zhou → lin $2.41, zhou → wang $1.67); lin's: the one to lin.
    func testDataJSONHoldsThePersonAndTheirTransfers() throws {
        func household(_ person: String) throws -> [String: Any] {
            let text = try XCTUnwrap(try build(person: person).1?.text("data.json"))
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            return try XCTUnwrap(json["household"] as? [String: Any])
        }
        let zhou = try household("zhou")
        XCTAssertEqual((zhou["people"] as? [[String: Any]])?.map { $0["id"] as? String }, ["zhou"])
        XCTAssertEqual(
            (zhou["settlement"] as? [String: Any])?["transfers"] as? [[String: String]],
            [["from": "zhou", "to": "lin", "amount": "2.41"], ["from": "zhou", "to": "wang", "amount": "1.67"]])
        let lin = try household("lin")
        XCTAssertEqual((lin["people"] as? [[String: Any]])?.first?["sessions"] as? Int, 3)
        XCTAssertEqual(
            (lin["settlement"] as? [String: Any])?["transfers"] as? [[String: String]],
            [["from": "zhou", "to": "lin", "amount": "2.41"]])
        // lin's Today and subscriptions page show lin's row and lin's transfer only.
        let site = try XCTUnwrap(try build(person: "lin").1)
        let page = try XCTUnwrap(site.text("subscriptions/index.html"))
        XCTAssertEqual(HouseholdPagesTests.transfers(page).map(\.to), ["林"])
        XCTAssertEqual(HouseholdPagesTests.rows(page)["林"], ["$12.58", "$15.00", "$10.00", "$7.59"])
        XCTAssertNil(HouseholdPagesTests.rows(page)["小周"])
        let today = HouseholdPagesTests.lines(try XCTUnwrap(site.text("index.html")))
        XCTAssertEqual(today["林"]?.prefix(2), ["$12.58", "$15.00"])
        XCTAssertNil(today["王"])
    }

    func testAnUnknownPersonIsAnErrorWithDidYouMean() throws {
        let (report, site) = try build(person: "zhuo")
        XCTAssertNil(site)
        XCTAssertEqual(
            report.diagnostics.filter { $0.severity == .error }.map(\.headline),
            [
                "data/site.toml: error: --person 'zhuo' is not one of site.toml's [[person]]s; did you mean 'zhou'? "
                    + "(the people are lin, zhou, wang)"
            ])
    }
}
