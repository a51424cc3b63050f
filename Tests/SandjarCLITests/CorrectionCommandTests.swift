import Foundation
import TestSupport
import XCTest

@testable import SandjarCLI

/// The corrections from a shell — `remove deposit`, `remove session`, `revive`, `price` — and
/// `undo` over them, in-process on a temporary copy of `Tests/Fixtures/base`, through the same
/// journal as the editing commands. Every refusal leaves the data folder as it was.
final class CorrectionCommandTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var data: URL!
    /// 2026-11-30T02:14:05Z: still Nov 29 in New York (the fixture's time zone).
    private let clock = Date(timeIntervalSince1970: 1_796_004_845)

    override func setUpWithError() throws {
        data = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-correct-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/base"), to: data)
        let folder = data!
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    }

    @discardableResult
    private func run(_ words: [String], expect status: Int32 = 0, line: UInt = #line) -> SandjarCommandTests.Captured {
        let captured = SandjarCommandTests.Captured(self)
        let got = SandjarCommand.main(
            arguments: words + ["--data", data.path], console: captured.console(), now: clock)
        XCTAssertEqual(got, status, "\(words): \(captured.out)\(captured.err)", line: line)
        return captured
    }

    private func text(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: data.appendingPathComponent(relative)), as: UTF8.self)
    }

    private func deposits(_ text: String) -> Int { text.components(separatedBy: "[[deposit]]").count - 1 }

    func testTheSameDepositAddedTwiceIsRemovedOnceAndUndoBringsItBack() throws {
        let before = try text("goals/bike.toml")
        run(["add", "deposit", "bike", "25", "--note", "payday"])
        let once = try text("goals/bike.toml")
        run(["add", "deposit", "bike", "25", "--note", "payday"])
        XCTAssertEqual(deposits(try text("goals/bike.toml")), deposits(before) + 2)

        // Two identical entries: whichever goes, the same data is left; the later line goes.
        let removed = run(["remove", "deposit", "bike", "--at", "2026-11-29T21:14"])
        XCTAssertTrue(removed.out.contains("removed"), removed.out)
        XCTAssertEqual(try text("goals/bike.toml"), once, "exactly the second deposit's lines are gone")

        let list = run(["undo", "--list"])
        let lines = list.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, list.out)
        XCTAssertTrue(lines.first?.contains("removed") == true, list.out)

        run(["undo"])
        XCTAssertEqual(deposits(try text("goals/bike.toml")), deposits(before) + 2, "undo put the deposit back")
        run(["undo"])
        run(["undo"])
        XCTAssertEqual(try text("goals/bike.toml"), before, "three undos take back all three writes")
    }

    func testDepositsOfOneMinuteAreToldApartByAmountAndARefusalChangesNothing() throws {
        run(["add", "deposit", "bike", "25"])
        run(["add", "deposit", "bike", "30"])
        let both = try text("goals/bike.toml")

        let refused = run(["remove", "deposit", "bike", "--at", "2026-11-29T21:14"], expect: 1)
        XCTAssertTrue(refused.err.contains("2 deposits in goal 'bike'"), refused.err)
        XCTAssertTrue(refused.err.contains("say which with --amount"), refused.err)
        XCTAssertFalse(refused.err.contains("give the time to the minute"), "the minute was given: \(refused.err)")
        XCTAssertTrue(refused.err.contains("goals/bike.toml:"), "each is listed with its line: \(refused.err)")
        XCTAssertEqual(try text("goals/bike.toml"), both)

        let byDay = run(["remove", "deposit", "bike", "--at", "2026-11-29", "--amount", "99"], expect: 1)
        XCTAssertTrue(byDay.err.contains("no deposit in goal 'bike' at 2026-11-29"), byDay.err)
        XCTAssertEqual(try text("goals/bike.toml"), both)

        run(["remove", "deposit", "bike", "--at", "2026-11-29T21:14", "--amount", "30"])
        let left = try text("goals/bike.toml")
        XCTAssertTrue(left.contains("amount = 25"), left)
        XCTAssertFalse(left.contains("amount = 30"), left)
    }

    func testTwoDepositsDifferingOnlyInTheirNotesSayHowToRemoveOne() throws {
        run(["add", "deposit", "bike", "25", "--note", "one"])
        run(["add", "deposit", "bike", "25", "--note", "two"])
        let both = try text("goals/bike.toml")
        let refused = run(["remove", "deposit", "bike", "--at", "2026-11-29T21:14", "--amount", "25"], expect: 1)
        XCTAssertTrue(refused.err.contains("the command line cannot tell them apart"), refused.err)
        XCTAssertFalse(refused.err.contains("say which with"), refused.err)
        XCTAssertEqual(try text("goals/bike.toml"), both)
    }

    func testASessionIsRemovedByItsDay() throws {
        run(["add", "session", "box", "--cycles", "4"])
        let practice = try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("practice").path)
            .filter { $0.hasSuffix(".toml") }.sorted()
        let file = "practice/2026-11.toml"
        XCTAssertTrue(practice.contains("2026-11.toml"), "\(practice)")
        let with = try text(file)
        XCTAssertTrue(with.contains("cycles = 4"), with)
        run(["remove", "session", "--at", "2026-11-29T21:14", "--pattern", "box"])
        let after = try text(file)
        XCTAssertFalse(after.contains("2026-11-29T21:14"), after)
        XCTAssertTrue(after.contains("2026-11-01T21:00:00"), "the others stay: \(after)")
    }

    func testUndoLeavesAFileChangedSinceAndSaysSo() throws {
        run(["add", "deposit", "bike", "25"])
        let url = data.appendingPathComponent("goals/bike.toml")
        let edited = try text("goals/bike.toml") + "\n# my own line\n"
        try Data(edited.utf8).write(to: url)
        let refused = run(["undo"], expect: 1)
        XCTAssertTrue(refused.err.contains("goals/bike.toml"), refused.err)
        XCTAssertEqual(try text("goals/bike.toml"), edited, "a hand edit since the write is never taken back")
    }

    func testPriceAndReviveAreUndone() throws {
        let before = try text("subscriptions/main.toml")
        let priced = run(["price", "Music", "19.99", "--from", "2026-12-01"])
        XCTAssertTrue(priced.out.contains("price: Music costs 19.99 from 2026-12-01"), priced.out)
        XCTAssertNotEqual(try text("subscriptions/main.toml"), before)
        run(["undo"])
        XCTAssertEqual(try text("subscriptions/main.toml"), before)

        run(["slay", "Music"])
        let slain = try text("subscriptions/main.toml")
        XCTAssertTrue(slain.contains("killed"), slain)
        let revived = run(["revive", "Music"])
        XCTAssertTrue(revived.out.contains("revived: Music is active again"), revived.out)
        XCTAssertEqual(try text("subscriptions/main.toml"), before, "revive takes the kill out whole")
        let again = run(["revive", "Music"], expect: 1)
        XCTAssertFalse(again.err.isEmpty)
        XCTAssertEqual(try text("subscriptions/main.toml"), before)
    }

    /// A name two slain subscriptions share is refused with both, by id: revive takes no guess.
    func testReviveRefusesANameTwoSlainSubscriptionsShare() throws {
        try Data("[[subscription]]\nname = \"Music\"\nprice = 1\ncycle = \"monthly\"\nkilled = 2026-11-01\n".utf8)
            .write(to: data.appendingPathComponent("subscriptions/x.toml"))
        run(["slay", "Music"])
        let before = try text("subscriptions/main.toml")
        let refused = run(["revive", "Music"], expect: 1)
        XCTAssertEqual(
            refused.err,
            "sandjar: 'Music' matches 2 slain subscriptions; name one by its id:\n"
                + "  music  Music (\(data.path)/subscriptions/main.toml:1)\n"
                + "  music-2  Music (\(data.path)/subscriptions/x.toml:1)\n")
        XCTAssertEqual(try text("subscriptions/main.toml"), before, "nothing was changed")
    }
}
