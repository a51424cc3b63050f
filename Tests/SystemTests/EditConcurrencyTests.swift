import Foundation
import TOML
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// DESIGN.md §6: every writer of a data folder holds its one edit lock across read, change and
/// rename, so of many concurrent edits each either lands or exits 1, and none that reported
/// success is ever missing. Run against the built executable, sixteen processes at once, round
/// after round (`SANDJAR_EDIT_ROUNDS`, default 5), for each kind of edit.
final class EditConcurrencyTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    static let concurrent = 16
    static var rounds: Int { Int(ProcessInfo.processInfo.environment["SANDJAR_EDIT_ROUNDS"] ?? "") ?? 5 }

    private var work: URL!

    override func setUpWithError() throws {
        _ = try SandjarProcess.requireExecutable()
        work = TestSupport.temporaryFolder(self)
    }

    func testSixteenDepositsAtOnceAllLand() throws {
        var edits = 0
        for round in 0..<Self.rounds {
            let data = try EditFolder.make(in: work, name: "deposit-\(round)")
            let goal = data.appendingPathComponent("goals/bike.toml")
            let before = try EditFolder.entries("deposit", in: goal)
            let amounts = (1...Self.concurrent).map { "\(round + 1).\(String(format: "%02d", $0))" }
            let runs = try together(amounts.map { ["add", "deposit", "bike", $0, "--data", data.path] })
            for (amount, run) in zip(amounts, runs) {
                XCTAssertEqual(run.status, 0, "round \(round), \(amount): \(run.stderr)")
                XCTAssertEqual(run.stdout, "added \(amount) to bike (\(goal.path))\n")
            }
            let after = try EditFolder.entries("deposit", in: goal)
            XCTAssertEqual(after.count, before.count + Self.concurrent, "round \(round): a reported deposit is missing")
            let written = Set(after.compactMap { $0["amount"].map(EditFolder.literal) })
            for amount in amounts { XCTAssertTrue(written.contains(amount), "round \(round): \(amount) was lost") }
            try EditFolder.audit(data, logs: work)
            edits += runs.count
        }
        print("edits: \(Self.rounds) rounds of \(Self.concurrent) concurrent deposits: \(edits) reported, 0 lost")
    }

    func testSixteenSessionsAtOnceAllLandInTheirMonthsFile() throws {
        var edits = 0
        for round in 0..<Self.rounds {
            let data = try EditFolder.make(in: work, name: "session-\(round)")
            // Half into a file that exists, half into one that the first of them creates.
            let commands = (1...Self.concurrent).map { n in
                let day = n.isMultiple(of: 2) ? "2026-11-2\(n % 8)" : "2026-12-0\(n % 8 + 1)"
                return ["add", "session", "box", "--cycles", "\(100 * round + n)", "--at", day, "--data", data.path]
            }
            let november = try EditFolder.entries("session", in: data.appendingPathComponent("practice/2026-11.toml"))
            let runs = try together(commands)
            for run in runs { XCTAssertEqual(run.status, 0, "round \(round): \(run.stderr)") }
            let files = ["2026-11", "2026-12"].map { data.appendingPathComponent("practice/\($0).toml") }
            let sessions = try files.flatMap { try EditFolder.entries("session", in: $0) }
            XCTAssertEqual(sessions.count, november.count + Self.concurrent, "round \(round): a session is missing")
            let cycles = Set(sessions.compactMap { $0["cycles"]?.integerValue })
            for n in 1...Self.concurrent {
                XCTAssertTrue(cycles.contains(Int64(100 * round + n)), "round \(round): session \(n) was lost")
            }
            try EditFolder.audit(data, logs: work)
            edits += runs.count
        }
        print("edits: \(Self.rounds) rounds of \(Self.concurrent) concurrent sessions: \(edits) reported, 0 lost")
    }

    /// Sixteen different subscriptions slain at once all are; sixteen slays of one subscription
    /// slay it once, and the fifteen others say it was already slain.
    func testSixteenSlaysAtOnceEachLandOnceAndOneSubscriptionIsSlainOnce() throws {
        var edits = 0
        for round in 0..<Self.rounds {
            let data = try EditFolder.make(in: work, name: "slay-\(round)")
            let file = data.appendingPathComponent("subscriptions/many.toml")
            let names = (1...Self.concurrent).map { String(format: "Service %02d", $0) }
            let runs = try together(names.map { ["slay", $0, "--on", "2026-11-20", "--data", data.path] })
            for (name, run) in zip(names, runs) {
                XCTAssertEqual(run.status, 0, "round \(round), \(name): \(run.stderr)")
            }
            let entries = try EditFolder.entries("subscription", in: file)
            let slain = entries.filter { $0["killed"] != nil }.compactMap { $0["name"]?.stringValue }
            XCTAssertEqual(Set(slain), Set(names), "round \(round): a reported slay is missing")

            let again = try together(
                Array(repeating: ["slay", "Music", "--on", "2026-11-21", "--data", data.path], count: Self.concurrent))
            XCTAssertEqual(again.filter { $0.status == 0 }.count, 1, "round \(round): Music must be slain exactly once")
            for run in again where run.status != 0 {
                XCTAssertEqual(run.status, 1, run.stderr)
                XCTAssertTrue(run.stderr.contains("Music was already slain on 2026-11-21"), run.stderr)
            }
            let music = try EditFolder.entries(
                "subscription", in: data.appendingPathComponent("subscriptions/main.toml"))
            XCTAssertEqual(music.filter { $0["killed"] != nil }.count, 1)
            try EditFolder.audit(data, logs: work)
            edits += runs.count + again.count
        }
        print("edits: \(Self.rounds) rounds of \(2 * Self.concurrent) concurrent slays: \(edits) run, 0 lost")
    }

    /// The commands, started as close together as spawning allows, each to its end.
    private func together(_ commands: [[String]], file: StaticString = #filePath, line: UInt = #line) throws
        -> [SandjarProcess.Outcome]
    {
        let processes = try commands.map { try SandjarProcess($0, logs: work) }
        return processes.map { $0.wait(file: file, line: line) }
    }
}

/// Data folders for the edit tests, and the checks every edited folder must pass.
enum EditFolder {
    /// The base fixture with sixteen more subscriptions, `Service 01`…`Service 16`.
    static func make(in work: URL, name: String) throws -> URL {
        let data = work.appendingPathComponent(name)
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        var many = "# sixteen subscriptions to slay at once\n"
        for n in 1...16 {
            many += String(
                format:
                    "\n[[subscription]]\nname = \"Service %02d\"\ncatalog = false\nprice = %d\ncycle = \"monthly\"\n"
                    + "started = 2026-01-01\nnext_billing = 2026-12-01\n", n, n)
        }
        try Data(many.utf8).write(to: data.appendingPathComponent("subscriptions/many.toml"))
        return data
    }

    /// The `[[name]]` entries of a TOML file (none when the file does not exist).
    static func entries(_ name: String, in file: URL) throws -> [TOMLTable] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        let table = try TOMLParser.parse([UInt8](try Data(contentsOf: file)))
        return table[name]?.arrayValue?.compactMap(\.tableValue) ?? []
    }

    /// A number as written: `1.05` stays `1.05`.
    static func literal(_ value: TOMLValue) -> String {
        switch value.kind {
        case .integer(let n): return String(n)
        case .float(_, let literal): return literal
        default: return ""
        }
    }

    /// Every `.toml` file of the folder reads with sandjar's parser and with Python's `tomllib`
    /// (when there is a Python 3.11 or later), and no temporary file of an edit is left.
    static func audit(_ data: URL, logs: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        var tomls: [String] = []
        let walker = FileManager.default.enumerator(atPath: data.path)
        while let relative = walker?.nextObject() as? String {
            if relative.hasSuffix(".toml") { tomls.append(data.appendingPathComponent(relative).path) }
            XCTAssertFalse(
                relative.contains(".sandjar-") && relative.hasSuffix(".tmp"), "left behind: \(relative)", file: file,
                line: line)
        }
        for path in tomls {
            XCTAssertNoThrow(
                try TOMLParser.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))), path, file: file,
                line: line)
        }
        let script = """
            import sys
            try:
                import tomllib
            except ImportError:
                print("no tomllib"); sys.exit(0)
            for path in sys.argv[1:]:
                with open(path, "rb") as f:
                    tomllib.load(f)
            print("ok")
            """
        let run = try SandjarProcess(command: ["/usr/bin/env", "python3", "-c", script] + tomls, logs: logs).wait(
            file: file, line: line)
        XCTAssertEqual(run.status, 0, "Python's tomllib refuses a file: \(run.stderr)", file: file, line: line)
    }
}
