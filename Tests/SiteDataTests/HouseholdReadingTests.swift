import Domain
import Foundation
import TestSupport
import XCTest

@testable import SiteData

/// `[[person]]` in site.toml and the keys that name people — `by`, `people`, `paid_by`, `shares`
/// (DESIGN.md §2, §3 "Household") — read, and every mistake found where it is written.
final class HouseholdReadingTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private static let site = """
        title = "Home"
        language = "en"
        locale = "en-US"
        timezone = "America/New_York"

        [[person]]
        id = "lin"
        name = "林"
        [[person]]
        id = "zhou"
        name = "小周"

        """

    private func load(
        _ files: [String: String], file: StaticString = #filePath, line: UInt = #line
    ) throws -> (LoadedData?, [String]) {
        let data = TestSupport.temporaryFolder(self, file: file, line: line)
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        for (path, text) in files {
            let url = data.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let log = DiagnosticLog(strict: false)
        let loaded = DataLoader(folder: DataFolder(path: data.path), log: log).load()
        return (loaded, log.entries.map { $0.description.replacingOccurrences(of: data.path + "/", with: "") })
    }

    /// The one error a file set gives, in full: `path:line:column: error: message`, the line, the caret.
    private func onlyError(
        _ files: [String: String], file: StaticString = #filePath, line: UInt = #line
    ) throws -> String {
        let (loaded, findings) = try load(files, file: file, line: line)
        XCTAssertNil(loaded, "an error stops the build", file: file, line: line)
        XCTAssertEqual(findings.count, 1, "\(findings)", file: file, line: line)
        return findings.first ?? ""
    }

    func testAHouseholdIsReadWithWhoDidWhat() throws {
        let (loaded, findings) = try load([
            "site.toml": Self.site,
            "goals/bike.toml": """
            name = "Bike"
            mode = "wish"
            target = 500
            people = ["zhou"]
            [[deposit]]
            at = 2026-09-01
            amount = 50
            by = "zhou"
            [[deposit]]
            at = 2026-10-01
            amount = 60
            """,
            "practice/2026-11.toml": "[[session]]\nat = 2026-11-01\npattern = \"box\"\ncycles = 4\nby = \"lin\"\n",
            "subscriptions/main.toml": """
            [[subscription]]
            name = "Music"
            price = 9.99
            currency = "EUR"
            cycle = "monthly"
            started = 2026-01-10
            members = 3
            paid_by = "lin"
            shares = { lin = 62.5, zhou = 37.5 }
            """,
        ])
        XCTAssertEqual(findings, [])
        let data = try XCTUnwrap(loaded?.data)
        XCTAssertEqual(data.site.people, [Person(id: "lin", name: "林"), Person(id: "zhou", name: "小周")])
        XCTAssertEqual(data.goals[0].people, ["zhou"])
        XCTAssertEqual(data.goals[0].deposits.map(\.by), ["zhou", nil])
        XCTAssertEqual(data.sessions.map(\.by), ["lin"])
        XCTAssertEqual(data.subscriptions[0].paidBy, "lin")
        XCTAssertEqual(
            data.subscriptions[0].shares, ["lin": Decimal(string: "62.5")!, "zhou": Decimal(string: "37.5")!])
    }

    func testWithoutPeopleNothingChanges() throws {
        let (loaded, findings) = try load([:])
        XCTAssertEqual(findings, [])
        let data = try XCTUnwrap(loaded?.data)
        XCTAssertEqual(data.site.people, [])
        XCTAssertNil(data.goals[0].people)
        XCTAssertNil(data.subscriptions[0].paidBy)
        XCTAssertNil(data.subscriptions[0].shares)
    }

    func testAMistypedPersonIsFoundWhereItIsWrittenWithASuggestion() throws {
        let deposit =
            "name = \"Bike\"\nmode = \"wish\"\ntarget = 5\n[[deposit]]\nat = 2026-09-01\namount = 5\nby = \"zohu\"\n"
        XCTAssertEqual(
            try onlyError(["site.toml": Self.site, "goals/bike.toml": deposit]),
            """
            goals/bike.toml:7:6: error: deposit[1].by refers to unknown person 'zohu'; did you mean 'zhou'? \
            (the people are [[person]]s in site.toml)
              by = "zohu"
                   ^
            """)
        let session = "[[session]]\nat = 2026-11-01\npattern = \"box\"\ncycles = 4\nby = \"lni\"\n"
        XCTAssertEqual(
            try onlyError(["site.toml": Self.site, "practice/2026-11.toml": session]),
            """
            practice/2026-11.toml:5:6: error: session[1].by refers to unknown person 'lni'; did you mean 'lin'? \
            (the people are [[person]]s in site.toml)
              by = "lni"
                   ^
            """)
        let payer = "[[subscription]]\nname = \"Music\"\nprice = 9\npaid_by = \"lim\"\n"
        XCTAssertEqual(
            try onlyError(["site.toml": Self.site, "subscriptions/main.toml": payer]),
            """
            subscriptions/main.toml:4:11: error: subscription[1].paid_by refers to unknown person 'lim'; \
            did you mean 'lin'? (the people are [[person]]s in site.toml)
              paid_by = "lim"
                        ^
            """)
        let people = "name = \"Bike\"\nmode = \"wish\"\ntarget = 5\npeople = [\"lin\", \"zhuo\"]\n"
        XCTAssertEqual(
            try onlyError(["site.toml": Self.site, "goals/bike.toml": people]),
            """
            goals/bike.toml:4:18: error: people refers to unknown person 'zhuo'; did you mean 'zhou'? \
            (the people are [[person]]s in site.toml)
              people = ["lin", "zhuo"]
                               ^
            """)
    }

    func testSharesMustBePercentsOfKnownPeopleSummingTo100() throws {
        func shares(_ table: String) -> [String: String] {
            [
                "site.toml": Self.site,
                "subscriptions/main.toml": "[[subscription]]\nname = \"Music\"\nprice = 9\n\(table)\n",
            ]
        }
        XCTAssertEqual(
            try onlyError(shares("shares = { lin = 50, zhou = 40 }")),
            """
            subscriptions/main.toml:4:10: error: subscription[1].shares add up to 90, not 100: each person's \
            percent of the household's part
              shares = { lin = 50, zhou = 40 }
                       ^
            """)
    }

    func testEachBadShareIsItsOwnError() throws {
        let text = "[[subscription]]\nname = \"Music\"\nprice = 9\nshares = { lin = 120, zhou = -20, lni = 0 }\n"
        let (loaded, findings) = try load(["site.toml": Self.site, "subscriptions/main.toml": text])
        XCTAssertNil(loaded)
        XCTAssertEqual(
            findings.map { $0.components(separatedBy: "\n")[0] },
            [
                "subscriptions/main.toml:4:18: error: subscription[1].shares.lin is 120: a share is a percent from 0 to 100",
                "subscriptions/main.toml:4:30: error: subscription[1].shares.zhou is -20: a share is a percent from 0 to 100",
                "subscriptions/main.toml:4:35: error: subscription[1].shares.lni refers to unknown person 'lni'; "
                    + "did you mean 'lin'? (the people are [[person]]s in site.toml)",
            ])
    }

    func testNamingPeopleWithoutAnyPersonIsAnError() throws {
        let deposit =
            "name = \"Bike\"\nmode = \"wish\"\ntarget = 5\n[[deposit]]\nat = 2026-09-01\namount = 5\nby = \"lin\"\n"
        XCTAssertEqual(
            try onlyError(["goals/bike.toml": deposit]).components(separatedBy: "\n")[0],
            "goals/bike.toml:7:6: error: deposit[1].by names a person, but site.toml has no [[person]]: "
                + "add the household's people there first")
        let text = "[[subscription]]\nname = \"Music\"\nprice = 9\nshares = { lin = 100 }\n"
        XCTAssertEqual(
            try onlyError(["subscriptions/main.toml": text]).components(separatedBy: "\n")[0],
            "subscriptions/main.toml:4:10: error: subscription[1].shares names a person, but site.toml has no "
                + "[[person]]: add the household's people there first")
        let people = "name = \"Bike\"\nmode = \"wish\"\ntarget = 5\npeople = [\"lin\"]\n"
        XCTAssertEqual(
            try onlyError(["goals/bike.toml": people]).components(separatedBy: "\n")[0],
            "goals/bike.toml:4:11: error: people names a person, but site.toml has no [[person]]: "
                + "add the household's people there first")
        let session = "[[session]]\nat = 2026-11-01\npattern = \"box\"\ncycles = 4\nby = \"lin\"\n"
        XCTAssertEqual(
            try onlyError(["practice/2026-11.toml": session]).components(separatedBy: "\n")[0],
            "practice/2026-11.toml:5:6: error: session[1].by names a person, but site.toml has no [[person]]: "
                + "add the household's people there first")
    }

    func testPersonIdsFollowTheOneIdRuleAndAreUnique() throws {
        let twice = Self.site + "[[person]]\nid = \"lin\"\nname = \"Lin again\"\n"
        XCTAssertEqual(
            try onlyError(["site.toml": twice]).components(separatedBy: "\n")[0],
            "site.toml:13:6: error: person[3].id 'lin' is already the id of another [[person]]")
        let bad = Self.site + "[[person]]\nid = \"Wang\"\nname = \"Wang\"\nnmae = \"x\"\n"
        let (loaded, findings) = try load(["site.toml": bad])
        XCTAssertNil(loaded)
        XCTAssertEqual(
            findings.map { $0.components(separatedBy: "\n")[0] },
            [
                "site.toml:13:6: error: person[3].id 'Wang' is not a valid id: use lower-case letters, digits and '-' "
                    + "([a-z0-9][a-z0-9-]*)",
                "site.toml:15:1: warning: unknown key 'person[3].nmae'; did you mean 'name'?",
            ])
    }
}
