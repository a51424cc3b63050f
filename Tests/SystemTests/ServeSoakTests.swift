import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// `sandjar serve` used as a person uses it (DESIGN.md §6, "serve never hangs"): the installed-style
/// executable on an `init` folder, the watch on, every form sent at a person's pace — the pace
/// simulated, the test waiting on what serve does (a page served, a rebuild it reports), never on
/// the clock — with files saved by hand and command-line edits between and at once, and in
/// bursts. Every request must be answered (the client gives up after 30 s, a hang guard only),
/// every write must be in the files exactly once, and serve's rebuilds, counted off the lines it
/// prints for each, must be few: a burst coalesces. The last round's serve hung on the 2nd–11th
/// form sent every two seconds (a lock-order inversion between a form's rebuild and the watch's).
/// How long anything took is printed, never asserted (CONTRIBUTING.md, "Benchmarks").
final class ServeSoakTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var work: URL!
    private var data: URL!

    /// A person's gaps between forms, 0.3 to 3 s, are all longer than the watch's look (every
    /// 250 ms): at a person's pace the watch has looked, and rebuilt what it saw, before the next
    /// thing a person does. The simulation waits for that rebuild to be served instead of sleeping
    /// the gap; and since a form is answered only once a build has taken its write in, the watch
    /// has nothing left to build after it, whatever the gap. What a gap cannot be shorter than is
    /// also sent: a seeded half of the saves by hand are followed at once by the form, which then
    /// meets the watch's rebuild (what hung the last round), as do the command-line edits.
    private static let pacedShare: UInt64 = 2

    override func setUpWithError() throws {
        _ = try SandjarProcess.requireExecutable()
        work = TestSupport.temporaryFolder(self)
        data = work.appendingPathComponent("dash")
        let made = try SandjarProcess.run(["init", data.path, "--language", "en"], logs: work)
        XCTAssertEqual(made.status, 0, made.stderr)
    }

    /// 110 writes through every form — deposit, session, subscription, goal, edit, remove, slay,
    /// revive, price, undo — a person's seeded gaps apart (scaled down, `pace`), each followed to the
    /// page it lands on; every 7th a file saved by hand just before the form, the test waiting until
    /// the served site shows it (the watch's rebuild, or the form's that took it in); every 10th a
    /// `sandjar add deposit` run while the form is sent, the test waiting until the served site
    /// shows that too (the watch's rebuild).
    func testEveryFormAtAPersonsPaceWithTheWatchOnAndCommandLineEditsBetween() throws {
        let (serve, token) = try start()
        defer {
            serve.process.kill(SIGTERM)
            _ = serve.process.wait()
        }
        let http = serve.http
        var soak = Soak(http: http, token: token)
        var random = SplitMix64(seed: 2026_12_02)
        let kinds = ["deposit", "session", "subscription", "goal", "edit", "remove", "slay", "revive", "price", "undo"]
        // SANDJAR_SOAK_STEPS shortens it while working on serve; `make test` runs all 110.
        let steps = ProcessInfo.processInfo.environment["SANDJAR_SOAK_STEPS"].flatMap(Int.init) ?? 110
        var handSaves = 0
        var commandLineEdits = 0
        var pacedSaves = 0
        for step in 0..<steps {
            var title: String?
            if step % 7 == 3 {
                // A person saves a file by hand meanwhile: the watch rebuilds it.
                let saved = "Saved by hand (step \(step))"
                try saveTitleByHand(saved)
                handSaves += 1
                if random.next() % Self.pacedShare == 0 {
                    // At a person's pace: the form comes after the watch's rebuild of the save.
                    try soak.waitUntilServed("/", shows: saved)
                    pacedSaves += 1
                } else {
                    // At once: the form meets the watch's look and rebuild.
                    title = saved
                }
            }
            // A command-line edit while a form that reads no page is sent (a session).
            let edit =
                step % 10 == 1
                ? try SandjarProcess(
                    ["add", "deposit", "new-bike", "1", "--note", "soak-cli-\(step)", "--data", data.path], logs: work)
                : nil
            try soak.send(kinds[step % kinds.count], step: step, writtenAfter: edit != nil)
            if let edit {
                let outcome = edit.wait(timeout: 120)
                XCTAssertEqual(outcome.status, 0, outcome.stderr)
                soak.expected["note = \"soak-cli-\(step)\""] = 1
                commandLineEdits += 1
                try soak.waitUntilServed("/goals/new-bike/", shows: "soak-cli-\(step)")
            }
            if let title { try soak.waitUntilServed("/", shows: title) }
        }
        try soak.assertEveryWriteIsInTheFilesExactlyOnce(data)
        let signalled = Date()
        serve.process.kill(SIGTERM)
        let ended = serve.process.wait(timeout: 30)
        let rebuilds = Self.rebuilds(in: ended.stderr)
        print(
            "soak: \(steps) forms, \(handSaves) saves by hand (\(pacedSaves) at a person's pace), "
                + "\(commandLineEdits) command-line edits; \(rebuilds) rebuilds; "
                + "\(soak.answered) requests, slowest \(String(format: "%.3f", soak.slowest)) s, "
                + "median \(String(format: "%.3f", soak.median)) s; "
                + "stopped \(String(format: "%.3f", Date().timeIntervalSince(signalled))) s after SIGTERM"
        )
        XCTAssertEqual(ended.status, 0, ended.stderr)
        XCTAssertFalse(ended.stderr.contains("ThreadSanitizer"), ended.stderr)
        // Every write was built (each landing showed it), and no write is built over and over: a
        // write is built by its form or by the watch, both only when the build before did not
        // take it in, so at most twice (a save by hand can be seen half-written, and the watch's
        // look can fall between a form's write and its report of it); one more for a day turned.
        let writes = steps + handSaves + commandLineEdits
        XCTAssertGreaterThanOrEqual(rebuilds, 1, ended.stderr)
        XCTAssertLessThanOrEqual(rebuilds, 2 * writes + 1, "no write built over and over: \(ended.stderr)")
    }

    /// How many times serve said it rebuilt the site (a line each, on stderr; the first build
    /// says "built").
    static func rebuilds(in stderr: String) -> Int {
        stderr.split(separator: "\n").filter { $0.hasPrefix("rebuilt ") }.count
    }

    /// site.toml's title changed, as an editor saves it: the served pages show it once rebuilt.
    private func saveTitleByHand(_ title: String) throws {
        let site = data.appendingPathComponent("site.toml")
        let text = try String(contentsOf: site, encoding: .utf8)
        let line = try XCTUnwrap(text.range(of: "(?m)^title = .*$", options: .regularExpression), "a title line")
        try Data(text.replacingCharacters(in: line, with: "title = \"\(title)\"").utf8).write(to: site)
    }

    /// 50 forms and 20 `sandjar add deposit` processes at once: every request answered, every
    /// write that said it landed is in the files exactly once, and the forms' writes coalesce:
    /// serve reports fewer rebuilds than forms (each form's thread is held at a gate until all are
    /// started, so they are at once however the machine schedules them).
    func testABurstOfFormsAndCommandLineEditsAtOnce() throws {
        let (serve, token) = try start()
        defer {
            serve.process.kill(SIGTERM)
            _ = serve.process.wait()
        }
        let http = serve.http
        let before = Self.rebuilds(in: serve.process.errorsSoFar)
        let edits = try (0..<20).map { index in
            try SandjarProcess(
                ["add", "deposit", "new-bike", "1", "--note", "cli-\(index)", "--data", data.path], logs: work)
        }
        let forms = 50
        let statuses = Statuses(count: forms)
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        let started = Date()
        for index in 0..<forms {
            done.enter()
            Thread {
                gate.wait()
                let fields: [String: String]
                let form: String
                if index % 2 == 0 {
                    form = "deposit"
                    fields = ["goal": "new-bike", "amount": "2", "note": "form-\(index)"]
                } else {
                    form = "session"
                    fields = ["pattern": "box", "cycles": "\(2000 + index)"]
                }
                statuses.set(index, http.post(form, fields.merging(["token": token, "lang": ""]) { $1 })?.status)
                done.leave()
            }.start()
        }
        for _ in 0..<forms { gate.signal() }
        XCTAssertEqual(done.wait(timeout: .now() + 120), .success, "every form answered (a hang guard)")
        let seconds = Date().timeIntervalSince(started)
        let outcomes = edits.map { $0.wait(timeout: 120) }
        // Every form was answered, so every form's write was built: the rebuilds so far built them.
        let rebuilds = Self.rebuilds(in: serve.process.errorsSoFar) - before
        print(
            "burst: \(forms) forms and 20 command-line edits answered in \(String(format: "%.2f", seconds)) s, "
                + "\(rebuilds) rebuilds")
        XCTAssertEqual(statuses.values.filter { $0 == nil }.count, 0, "every form answered")
        XCTAssertEqual(statuses.values, Array(repeating: 303, count: forms))
        XCTAssertEqual(outcomes.map(\.status), Array(repeating: 0, count: 20), outcomes.map(\.stderr).joined())
        XCTAssertGreaterThanOrEqual(rebuilds, 1)
        XCTAssertLessThan(rebuilds, forms, "a burst coalesces: fewer rebuilds than forms")
        let files = try Self.dataText(data)
        for index in 0..<forms {
            let marker = index % 2 == 0 ? "note = \"form-\(index)\"" : "cycles = \(2000 + index)\n"
            XCTAssertEqual(files.components(separatedBy: marker).count - 1, 1, marker)
        }
        for index in 0..<20 {
            XCTAssertEqual(files.components(separatedBy: "note = \"cli-\(index)\"").count - 1, 1, "cli-\(index)")
        }
    }

    /// SIGTERM while a rebuild is under way (a form's, still unanswered): serve ends — the test
    /// waits for the process's exit, 30 s at most as a hang guard — with status 0 and "stopped",
    /// leaves no temporary folder behind, and the form's write stays written in data files that
    /// `sandjar check` reads without an error. How long it took to stop is printed (BENCHMARKS.md
    /// is where serve's costs are measured), not asserted.
    func testSIGTERMInTheMiddleOfARebuildStopsCleanly() throws {
        // 1,500 pages make a rebuild long enough to be in the middle of.
        let pages = data.appendingPathComponent("pages")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        for index in 0..<1500 {
            try Data("+++\ntitle = \"Page \(index)\"\n+++\n\n# Page \(index)\n\nSome *text* here.\n".utf8)
                .write(to: pages.appendingPathComponent("p\(index).md"))
        }
        let temporary = Self.temporaryEntries()
        let (serve, token) = try start()
        let http = serve.http
        let answered = Statuses(count: 1)
        let ended = DispatchSemaphore(value: 0)
        Thread {
            answered.set(
                0, http.post("deposit", ["token": token, "lang": "", "goal": "new-bike", "amount": "9"])?.status ?? -1)
            ended.signal()
        }.start()
        // The form's write lands first, then its rebuild begins: wait for the write.
        let goal = data.appendingPathComponent("goals/new-bike.toml")
        let deadline = Date().addingTimeInterval(30)
        while !((try? String(contentsOf: goal, encoding: .utf8))?.contains("amount = 9\n") ?? false), Date() < deadline
        {
            usleep(5_000)
        }
        XCTAssertNil(answered.values[0], "the form is not answered yet: its rebuild is under way")
        let signalled = Date()
        serve.process.kill(SIGTERM)
        let stopped = serve.process.wait(timeout: 30)
        print("SIGTERM during a rebuild: stopped in \(String(format: "%.3f", Date().timeIntervalSince(signalled))) s")
        XCTAssertEqual(stopped.status, 0, stopped.stderr)
        XCTAssertTrue(stopped.stdout.hasSuffix("stopped\n"), stopped.stdout)
        // The form's connection ends with the process: its thread is done (a hang guard).
        XCTAssertEqual(ended.wait(timeout: .now() + 60), .success, "the form's request ended with serve")
        XCTAssertEqual(answered.values[0], -1, "serve stopped before answering: it did not wait for the rebuild")
        XCTAssertEqual(Self.temporaryEntries(), temporary, "no temporary folder left behind")
        XCTAssertTrue(try String(contentsOf: goal, encoding: .utf8).contains("amount = 9\n"), "the write stays")
        let check = try SandjarProcess.run(["check", data.path], logs: work)
        XCTAssertEqual(check.status, 0, "the data files are whole: \(check.stderr)")
    }

    /// `sandjar serve` on the data folder, and the run's token read off a served page.
    private func start(file: StaticString = #filePath, line: UInt = #line) throws -> (RunningServe, String) {
        let serve = try RunningServe([data.path], logs: work, file: file, line: line)
        let page = try XCTUnwrap(serve.http.get("/goals/"), "serve answers", file: file, line: line).body
        return (
            serve, try XCTUnwrap(ServeHTTP.hidden("token", in: page), "a token in the page", file: file, line: line)
        )
    }

    /// Every data file's text, one after the other.
    static func dataText(_ data: URL) throws -> String {
        var text = ""
        for folder in ["goals", "practice", "subscriptions"] {
            let names =
                (try? FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent(folder).path)) ?? []
            for name in names.sorted() where name.hasSuffix(".toml") {
                text += try String(
                    contentsOf: data.appendingPathComponent(folder).appendingPathComponent(name), encoding: .utf8)
            }
        }
        return text
    }

    private static func temporaryEntries() -> Set<String> {
        Set(
            ((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? []).filter {
                $0.hasPrefix("sandjar-serve")
            })
    }
}

/// The soak's forms, what each should have left in the files, and how long each answer took.
private struct Soak {
    let http: ServeHTTP
    let token: String
    /// Marker → how many times the files must hold it at the end.
    var expected: [String: Int] = [:]
    /// The last write's changes to `expected`, and its journal number, for Undo.
    var last: (changes: [String: Int], journal: Int)?
    var times: [Double] = []
    var priceDay = 0
    var slain = false

    init(http: ServeHTTP, token: String) {
        self.http = http
        self.token = token
    }

    var answered: Int { times.count }
    var slowest: Double { times.max() ?? 0 }
    var median: Double { times.sorted()[times.count / 2] }

    /// - Parameter writtenAfter: a command-line edit runs meanwhile; if it lands after the form's
    ///   write, the landing rightly says nothing (a notice shows only while its write is the latest).
    mutating func send(_ kind: String, step: Int, writtenAfter: Bool = false) throws {
        var changes: [String: Int] = [:]
        var fields: [String: String]
        var form = kind
        switch kind {
        case "deposit":
            fields = ["goal": "new-bike", "amount": "3.\(step)", "note": "soak-d-\(step)"]
            changes["note = \"soak-d-\(step)\""] = 1
        case "session":
            fields = ["pattern": "box", "cycles": "\(1000 + step)"]
            changes["cycles = \(1000 + step)\n"] = 1
        case "subscription":
            fields = ["name": "Soak \(step)", "price": "1.5"]
            changes["name = \"Soak \(step)\""] = 1
        case "goal":
            fields = ["name": "Soak goal \(step)", "mode": "wish", "target": "100"]
            changes["name = \"Soak goal \(step)\""] = 1
        case "edit", "remove":
            // As a person does: Edit on the newest deposit's row, then its form.
            let list = try XCTUnwrap(get("/goals/new-bike/")).body
            let link = try XCTUnwrap(
                list.range(of: "\\?edit=[0-9a-f]{16}", options: .regularExpression), "an Edit link")
            let page = try XCTUnwrap(get("/goals/new-bike/" + list[link])).body
            let entry = try XCTUnwrap(Self.newestDeposit(in: page), "a deposit to \(kind)")
            fields = ["entry": "deposit", "goal": "new-bike", "at": entry.at, "fingerprint": entry.fingerprint]
            changes["note = \"\(entry.note)\""] = 0
            if kind == "edit" {
                fields.merge(["amount": "4.\(step)", "note": "soak-e-\(step)", "new_at": ""]) { $1 }
                changes["note = \"soak-e-\(step)\""] = 1
            }
        case "slay", "revive":
            // Netflix is slain and revived in turn.
            form = slain ? "revive" : "slay"
            fields = ["id": "netflix"]
            if !slain { fields["on"] = "" }
            changes["\nkilled = "] = slain ? 0 : 1
        case "price":
            priceDay += 1
            fields = ["id": "spotify", "price": "20.\(step)", "from": Self.day(after: priceDay)]
            changes["price = 20.\(step) }"] = 1
        default:  // undo the write before
            let (previous, journal) = try XCTUnwrap(last, "a write to undo")
            fields = ["id": String(journal)]
            for (marker, count) in previous { changes[marker] = count == 1 ? 0 : 1 }
        }
        fields.merge(["token": token, "lang": ""]) { $1 }
        let answer = try XCTUnwrap(http.post(form, fields), "\(form) at step \(step) was not answered")
        times.append(answer.seconds)
        XCTAssertEqual(answer.status, 303, "\(form) at step \(step): \(answer.body.prefix(2000))")
        guard answer.status == 303, let location = answer.headers["location"] else { return }
        let landing = try XCTUnwrap(get(String(location.split(separator: "#")[0])), "the landing of \(form)")
        XCTAssertEqual(landing.status, 200)
        if !writtenAfter {
            XCTAssertTrue(landing.body.contains("id=\"notice\""), "\(form) at step \(step) says what it did")
        }
        for (marker, count) in changes { expected[marker] = count }
        if form == "slay" || form == "revive" { slain.toggle() }
        if kind == "undo" {
            if last?.changes["\nkilled = "] != nil { slain.toggle() }
            last = nil
        } else {
            let journal = Int(location.split(separator: "=").last?.split(separator: "#").first ?? "") ?? 0
            last = (changes, journal)
        }
    }

    private mutating func get(_ path: String) -> ServeHTTP.Answer? {
        let answer = http.get(path)
        if let answer { times.append(answer.seconds) }
        return answer
    }

    /// Asks for `path` until its page holds `text`: an event of serve's (a rebuild served), not a
    /// time; 30 s without it fails the test as a hang.
    mutating func waitUntilServed(
        _ path: String, shows text: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let deadline = Date().addingTimeInterval(30)
        while true {
            let page = try XCTUnwrap(get(path), "\(path) answered", file: file, line: line)
            if page.body.contains(text) { return }
            guard Date() < deadline else {
                return XCTFail("\(path) never showed \(text.debugDescription)", file: file, line: line)
            }
            usleep(10_000)
        }
    }

    func assertEveryWriteIsInTheFilesExactlyOnce(_ data: URL) throws {
        let files = try ServeSoakTests.dataText(data)
        for (marker, count) in expected.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(files.components(separatedBy: marker).count - 1, count, "\(marker.debugDescription)")
        }
        XCTAssertGreaterThanOrEqual(expected.count, min(40, times.count / 3))
    }

    /// The time, fingerprint and note of the first deposit listed with Edit on a goal page.
    static func newestDeposit(in page: String) -> (at: String, fingerprint: String, note: String)? {
        guard let form = page.range(of: "action=\"/_sandjar/edit\"") else { return nil }
        let rest = String(page[form.upperBound...])
        guard let at = ServeHTTP.hidden("at", in: rest), let fingerprint = ServeHTTP.hidden("fingerprint", in: rest),
            let noteField = rest.range(of: "name=\"note\"")
        else { return nil }
        let afterNote = rest[noteField.upperBound...]
        guard let value = afterNote.range(of: "value=\"") else { return nil }
        return (at, fingerprint, String(afterNote[value.upperBound...].prefix { $0 != "\"" }))
    }

    /// Today plus `days`, `YYYY-MM-DD`, in UTC (the `init` folder's zone here).
    static func day(after days: Int) -> String {
        let date = Date().addingTimeInterval(Double(days) * 86_400)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }
}

/// Statuses set from concurrent threads.
final class Statuses: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [Int?]
    init(count: Int) { statuses = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ status: Int?) { lock.withLock { statuses[index] = status } }
    var values: [Int?] { lock.withLock { statuses } }
}
