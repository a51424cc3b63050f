import Foundation
import TOML
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The edit path fuzzed as the parsers are (issue "Never lose a deposit"): random mixes of
/// concurrent deposits, sessions, slays and builds on one data folder, some killed with SIGKILL at
/// random moments. After each mix every data file must read (sandjar's parser and Python's
/// `tomllib`), every edit that reported success must be in its file, and the published site must
/// hold every file its marker lists. Seeded (`SANDJAR_FAULT_SEED` replays a run);
/// `SANDJAR_EDIT_FUZZ_ROUNDS` sets the number of mixes (default 12).
final class EditFuzzTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private enum Edit: Hashable {
        case deposit(amount: String)
        case session(cycles: Int64)
        case slay(name: String)
        case build
    }

    func testRandomEditsAndBuildsKilledAtRandomLoseNothingReported() throws {
        _ = try SandjarProcess.requireExecutable()
        let work = TestSupport.temporaryFolder(self)
        let data = try EditFolder.make(in: work, name: "data")
        let output = work.appendingPathComponent("site")
        let cache = work.appendingPathComponent("cache")
        let rounds = Int(ProcessInfo.processInfo.environment["SANDJAR_EDIT_FUZZ_ROUNDS"] ?? "") ?? 12
        var generator = SplitMix64.fromEnvironment(default: 0x4544_4954_5321)
        var reported: [Edit] = []
        var counts = (started: 0, killed: 0, reported: 0, refused: 0)
        var serial = 0

        for round in 0..<rounds {
            var launched: [(process: SandjarProcess, edit: Edit)] = []
            for _ in 0..<Int.random(in: 4...10, using: &generator) {
                serial += 1
                let edit: Edit
                var words: [String]
                switch Int.random(in: 0..<4, using: &generator) {
                case 0:
                    let amount = "9." + String(format: "%04d", serial)
                    edit = .deposit(amount: amount)
                    words = ["add", "deposit", "bike", amount]
                case 1:
                    edit = .session(cycles: Int64(1000 + serial))
                    words = [
                        "add", "session", "equal", "--cycles", "\(1000 + serial)", "--at", "2026-11-2\(serial % 9)",
                    ]
                case 2:
                    let name = String(format: "Service %02d", Int.random(in: 1...16, using: &generator))
                    edit = .slay(name: name)
                    words = ["slay", name, "--on", "2026-11-25"]
                default:
                    edit = .build
                    words = [
                        "build", data.path, "--out", output.path, "--cache", cache.path, "--today", "2026-11-29",
                        "--quiet", "--wait",
                    ]
                }
                if edit != .build { words += ["--data", data.path] }
                launched.append((try SandjarProcess(words, logs: work), edit))
            }
            counts.started += launched.count
            // Kill some of them somewhere between their start and their end.
            let moment = Double.random(in: 0...0.1, using: &generator)
            let victims = launched.indices.filter { _ in Bool.random(using: &generator) }
            while launched.contains(where: { $0.process.elapsed < moment && $0.process.isRunning }) { usleep(500) }
            for index in victims { launched[index].process.kill(SIGKILL) }

            for (process, edit) in launched {
                let run = process.wait()
                let label = "round \(round), \(edit)"
                if run.signal == SIGKILL {
                    counts.killed += 1
                    continue
                }
                switch edit {
                case .slay:
                    if run.status == 0 {
                        reported.append(edit)
                    } else {
                        XCTAssertTrue(run.stderr.contains("already slain"), "\(label): \(run.stderr)")
                        counts.refused += 1
                    }
                case .build:
                    XCTAssertEqual(run.status, 0, "\(label): \(run.stderr)")
                default:
                    XCTAssertEqual(run.status, 0, "\(label): \(run.stderr)")
                    if run.status == 0 { reported.append(edit) }
                }
            }
            try check(data, output: output, holds: reported, round: round, logs: work)
        }
        counts.reported = reported.count

        // One more edit and build, unkilled: they clear what killed ones left behind.
        let last = try SandjarProcess.run(["add", "deposit", "bike", "1", "--data", data.path], logs: work)
        XCTAssertEqual(last.status, 0, last.stderr)
        let build = try SandjarProcess.run(
            ["build", data.path, "--out", output.path, "--cache", cache.path, "--today", "2026-11-29", "--quiet"],
            logs: work)
        XCTAssertEqual(build.status, 0, build.stderr)
        try EditFolder.audit(data, logs: work)
        let beside = try FileManager.default.contentsOfDirectory(atPath: work.path).filter {
            $0.hasPrefix(".site") && ![".site.sandjar-spare", ".site.sandjar-records"].contains($0)
        }
        XCTAssertEqual(beside, [], "a staging folder or a lock was left beside the site")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path + ".lock"), "the lock file was left")
        print(
            "edit fuzz: \(rounds) rounds, \(counts.started) commands, \(counts.killed) killed, "
                + "\(counts.reported) edits reported and all present, \(counts.refused) slays refused as already done")
    }

    /// Every file reads, every reported edit is there, and the site holds all its marker lists.
    private func check(
        _ data: URL, output: URL, holds reported: [Edit], round: Int, logs: URL, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: data.path + "/goals")
        where name.hasSuffix(".toml") {
            XCTAssertNoThrow(
                try TOMLParser.parse([UInt8](Data(contentsOf: data.appendingPathComponent("goals/" + name)))),
                file: file, line: line)
        }
        let deposits = try EditFolder.entries("deposit", in: data.appendingPathComponent("goals/bike.toml"))
        let amounts = Set(deposits.compactMap { $0["amount"].map(EditFolder.literal) })
        let practice = try FileManager.default.contentsOfDirectory(atPath: data.path + "/practice")
            .filter { $0.hasSuffix(".toml") }
        let sessions = try practice.flatMap {
            try EditFolder.entries("session", in: data.appendingPathComponent("practice/" + $0))
        }
        let cycles = Set(sessions.compactMap { $0["cycles"]?.integerValue })
        let subscriptions = try EditFolder.entries(
            "subscription", in: data.appendingPathComponent("subscriptions/many.toml"))
        let slain = Set(subscriptions.filter { $0["killed"] != nil }.compactMap { $0["name"]?.stringValue })
        for edit in reported {
            switch edit {
            case .deposit(let amount):
                XCTAssertTrue(
                    amounts.contains(amount), "round \(round): deposit \(amount) lost", file: file, line: line)
            case .session(let n):
                XCTAssertTrue(cycles.contains(n), "round \(round): session of \(n) cycles lost", file: file, line: line)
            case .slay(let name):
                XCTAssertTrue(slain.contains(name), "round \(round): the slay of \(name) lost", file: file, line: line)
            case .build: break
            }
        }
        // Reading as Python does, ignoring the temporary files killed writers may have left.
        let tomls = try FileManager.default.subpathsOfDirectory(atPath: data.path).filter { $0.hasSuffix(".toml") }
        let script = """
            import sys
            try:
                import tomllib
            except ImportError:
                sys.exit(0)
            for path in sys.argv[1:]:
                with open(path, "rb") as f:
                    tomllib.load(f)
            """
        let run = try SandjarProcess(
            command: ["/usr/bin/env", "python3", "-c", script] + tomls.map { data.appendingPathComponent($0).path },
            logs: logs
        ).wait(file: file, line: line)
        XCTAssertEqual(
            run.status, 0, "round \(round): Python's tomllib refuses a file: \(run.stderr)", file: file, line: line)
        // A published site is whole: every file its marker lists is there.
        let marker = output.appendingPathComponent(".sandjar-site")
        if let text = try? String(contentsOf: marker, encoding: .utf8) {
            let written = text.split(separator: "\n").drop { $0 != "[written]" }.dropFirst().prefix { $0 != "[kept]" }
            XCTAssertFalse(written.isEmpty, "round \(round): the marker lists nothing", file: file, line: line)
            for path in written {
                XCTAssertTrue(
                    FileManager.default.fileExists(atPath: output.appendingPathComponent(String(path)).path),
                    "round \(round): the site lacks \(path)", file: file, line: line)
            }
        }
    }
}
