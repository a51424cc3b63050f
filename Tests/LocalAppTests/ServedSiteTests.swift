import DataEdit
import Dispatch
import Foundation
import SiteServer
import XCTest

@testable import LocalApp

/// The one owner of the served site (DESIGN.md §6, "serve never hangs"): a form's rebuild and the
/// watch's take turns and coalesce, and forms, edits by hand and command-line edits at once are
/// all answered and all land. Run under ThreadSanitizer too (`make test`).
final class ServedSiteTests: XCTestCase {
    private var fixture: AppFixture!

    override func setUpWithError() throws {
        fixture = try AppFixture(self)
    }

    /// A form's write is built once: the watch, looking after it, finds nothing new.
    func testAFormsRebuildIsNotDoneAgainByTheWatch() throws {
        let builds = fixture.app.site.buildCount
        XCTAssertEqual(fixture.post("deposit", ["goal": "bike", "amount": "3"])?.status, 303)
        XCTAssertEqual(fixture.app.site.buildCount, builds + 1)
        XCTAssertFalse(fixture.app.site.lookForChanges(), "the write was seen with the form's build")
        XCTAssertEqual(fixture.app.site.buildCount, builds + 1)
        // A change made by hand is the watch's to build.
        try fixture.write(
            try fixture.text("site.toml").replacingOccurrences(of: "Base fixture", with: "Renamed"), to: "site.toml")
        XCTAssertTrue(fixture.app.site.lookForChanges())
        XCTAssertTrue(fixture.page("/")?.contains("Renamed") ?? false)
    }

    /// Writes reported before a build starts are all taken in by it: five writes, then each one's
    /// catch-up, build once (the coalescing a burst of forms relies on, without a race to win).
    func testWritesReportedBeforeABuildAreBuiltOnce() throws {
        let site = fixture.app.site
        let builds = site.buildCount
        let numbers = (0..<5).map { _ in site.wrote(nil, journalID: nil) }
        for number in numbers { site.catchUp(with: number) }
        XCTAssertEqual(site.buildCount, builds + 1, "one build took in all five writes")
        site.catchUp(with: site.wrote(nil, journalID: nil))
        XCTAssertEqual(site.buildCount, builds + 2, "a write after it is built again")
    }

    /// With the watch running, a file saved by hand is served rebuilt within a second or so; the
    /// test waits up to ten for it, and a broken watch never gets there.
    func testTheWatchRebuildsAFileSavedByHand() throws {
        fixture.app.site.watch(every: .milliseconds(50))
        defer { fixture.app.site.stop() }
        try fixture.write(
            try fixture.text("site.toml").replacingOccurrences(of: "Base fixture", with: "Watched"), to: "site.toml")
        let deadline = Date().addingTimeInterval(10)
        while fixture.page("/")?.contains("Watched") != true, Date() < deadline { usleep(20_000) }
        XCTAssertTrue(fixture.page("/")?.contains("Watched") ?? false, "rebuilt after a save by hand")
    }

    /// 50 forms of every kind and 20 command-line edits at once, the watch on: every one is
    /// answered, every accepted write is in the files exactly once, and the site served shows them.
    func testABurstOfFormsAndCommandLineEditsAllLand() throws {
        fixture.app.site.watch(every: .milliseconds(50))
        defer { fixture.app.site.stop() }
        let app = fixture.app
        let data = fixture.data.path
        let journal = fixture.journal
        let answers = Answers(count: 70)
        DispatchQueue.concurrentPerform(iterations: 70) { index in
            if index >= 50 {
                // The command line's entry, as `sandjar add deposit` runs it, from another thread.
                do {
                    _ = try DepositEntry(amount: "2", note: "cli-\(index)").add(
                        to: "bike", data: data, now: AppFixture.clock, journal: journal)
                    answers.set(index, 303)
                } catch {
                    answers.set(index, 422)
                }
                return
            }
            let (form, fields) = Self.form(index)
            answers.set(index, app.handle(Self.request(form, fields))?.status)
        }
        XCTAssertEqual(answers.values.filter { $0 == nil }.count, 0, "every request was answered")
        XCTAssertEqual(answers.values, Array(repeating: 303, count: 70), "every write was accepted")
        let subscriptions = try FileManager.default.contentsOfDirectory(atPath: fixture.data.path + "/subscriptions")
        let files = try (["goals/bike.toml", "practice/2026-11.toml"] + subscriptions.map { "subscriptions/\($0)" })
            .map(fixture.text).joined()
        for index in 0..<70 {
            let marker = Self.marker(index)
            XCTAssertEqual(files.components(separatedBy: marker).count - 1, 1, "\(marker) written exactly once")
        }
        XCTAssertEqual(journal.entries().count, 70, "every write journalled")
        // The watch has caught up: the served site shows the last of them.
        let deadline = Date().addingTimeInterval(10)
        while fixture.page("/goals/bike/")?.contains("cli-69") != true, Date() < deadline { usleep(20_000) }
        XCTAssertTrue(fixture.page("/goals/bike/")?.contains("cli-69") ?? false)
    }

    /// A burst of forms coalesces into fewer rebuilds than writes: 30 deposits let go at once (each
    /// thread held at a gate until all are started), the watch off, so every build counted is a
    /// form's. A build takes in every write made before it started, and a form whose write it took
    /// in does not build again; without that, each write would cost a build of its own. Every form
    /// is answered and every deposit is in the file exactly once.
    func testABurstOfFormsCoalescesIntoFewerRebuildsThanWrites() throws {
        let app = fixture.app
        let forms = 30
        let before = app.site.buildCount
        let answers = Answers(count: forms)
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in 0..<forms {
            done.enter()
            Thread {
                gate.wait()
                let fields = ["goal": "bike", "amount": "1", "note": "coalesce-\(index)"]
                answers.set(index, app.handle(Self.request("deposit", fields))?.status)
                done.leave()
            }.start()
        }
        for _ in 0..<forms { gate.signal() }
        XCTAssertEqual(done.wait(timeout: .now() + 120), .success, "every form answered (a hang guard)")
        let rebuilds = app.site.buildCount - before
        print("coalescing: \(forms) forms at once, \(rebuilds) rebuilds")
        XCTAssertEqual(answers.values, Array(repeating: 303, count: forms), "every write was accepted")
        XCTAssertGreaterThanOrEqual(rebuilds, 1)
        XCTAssertLessThan(rebuilds, forms, "a burst coalesces: fewer rebuilds than writes")
        let file = try fixture.text("goals/bike.toml")
        for index in 0..<forms {
            XCTAssertEqual(file.components(separatedBy: "note = \"coalesce-\(index)\"").count - 1, 1, "\(index)")
        }
    }

    /// `form` posted with `fields` as a browser on the fixture's origin sends it, the token added;
    /// a value, to send from any thread.
    private static func request(_ form: String, _ fields: [String: String]) -> WebRequest {
        var all = ["token": AppFixture.token, "lang": ""]
        all.merge(fields) { $1 }
        return WebRequest(
            method: "POST", path: "/_sandjar/\(form)",
            headers: [
                "host": AppFixture.host, "origin": AppFixture.origin,
                "content-type": "application/x-www-form-urlencoded",
            ],
            body: Array(AppFixture.encode(all).utf8))
    }

    /// The form of burst request `index`: deposits, sessions, subscriptions and goals, each with a
    /// marker of its own.
    private static func form(_ index: Int) -> (String, [String: String]) {
        switch index % 4 {
        case 0: return ("deposit", ["goal": "bike", "amount": "1.\(index)", "note": "form-\(index)"])
        case 1: return ("session", ["pattern": "box", "cycles": "\(1000 + index)"])
        case 2: return ("subscription", ["name": "Burst \(index)", "price": "1", "category": "burst"])
        default: return ("deposit", ["goal": "bike", "amount": "2.\(index)", "note": "form-\(index)"])
        }
    }

    private static func marker(_ index: Int) -> String {
        if index >= 50 { return "note = \"cli-\(index)\"" }
        switch index % 4 {
        case 1: return "cycles = \(1000 + index)\n"
        case 2: return "name = \"Burst \(index)\""
        default: return "note = \"form-\(index)\""
        }
    }
}

/// Statuses set from concurrent threads.
final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [Int?]

    init(count: Int) { statuses = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ status: Int?) { lock.withLock { statuses[index] = status } }

    var values: [Int?] { lock.withLock { statuses } }
}
