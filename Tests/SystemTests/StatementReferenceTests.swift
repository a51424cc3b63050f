import Foundation
import TestSupport
import XCTest

/// What `sandjar detect` reads of real bank files, against readers that are not sandjar's
/// (DESIGN.md §3): every file of `../shared/corpus/{ofx,qif,camt}` (or `$SANDJAR_CORPUS/…`), read
/// by ofxparse (OFX), quiffen (QIF) and an ISO 20022 reading of `<Ntry>` (camt) in
/// `Tests/statements/read_statement.py`, and by `sandjar detect --format json`.
///
/// Where the reference reads transactions, detect must read the same number, with the same sum
/// and the same first and last day. Where the reference reads none or cannot read the file,
/// detect either reads it (and exits 0) or refuses it with a located error — `path:line:column:
/// error: …`, the line, a caret — exit 1 and nothing on stdout. The corpus is never copied into
/// the project; without it the test skips, and under CI (`CI` set) it fails.
final class StatementReferenceTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private static let reader = TestSupport.packageRoot.appendingPathComponent("Tests/statements/read_statement.py")

    /// `$SANDJAR_CORPUS`, else `../shared/corpus` beside the package.
    private static var corpus: URL {
        if let named = ProcessInfo.processInfo.environment["SANDJAR_CORPUS"], !named.isEmpty {
            return URL(fileURLWithPath: named, isDirectory: true)
        }
        return TestSupport.packageRoot.appendingPathComponent("../shared/corpus", isDirectory: true)
            .standardizedFileURL
    }

    /// What is missing: skips the test, or under CI fails it.
    private func absent(_ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard ProcessInfo.processInfo.environment["CI"] != nil else {
            print("skipped: " + what)
            throw XCTSkip(what)
        }
        XCTFail("CI must compare the statement readers: " + what, file: file, line: line)
        throw XCTSkip(what)
    }

    /// What one reader read of a file: the count, sum and first and last day, or why it could not.
    struct Reading: Equatable, CustomStringConvertible {
        var count = 0
        var sum: Decimal = 0
        var first: String?
        var last: String?
        var error: String?

        var description: String {
            if let error { return "error: " + error }
            return "\(count)" + (count == 0 ? "" : ", sum \(sum), \(first ?? "?") … \(last ?? "?")")
        }
    }

    func testOFXAgainstOfxparse() throws { try compare("ofx") }
    func testQIFAgainstQuiffen() throws { try compare("qif") }
    func testCamtAgainstAnISO20022Reading() throws { try compare("camt") }

    private func compare(_ kind: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let folder = Self.corpus.appendingPathComponent(kind, isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.sorted() ?? []
        guard !names.isEmpty else {
            return try absent("the corpus is not at \(folder.path) (set SANDJAR_CORPUS to it)", file: file, line: line)
        }
        let work = TestSupport.temporaryFolder(self, file: file, line: line)
        let paths = names.map { folder.appendingPathComponent($0).path }
        let references = try referenceReadings(kind, paths, logs: work, file: file, line: line)
        var cases = 0
        for path in paths {
            let name = URL(fileURLWithPath: path).lastPathComponent
            guard let reference = references[path] else {
                XCTFail("\(name): the reference printed nothing for it", file: file, line: line)
                continue
            }
            // In a folder of its own, so no data folder is found upward from it.
            let run = try SandjarProcess.run(
                ["detect", path, "--format", "json"], logs: work, wrapper: ["/usr/bin/env", "-C", work.path],
                file: file, line: line)
            let detected = try reading(run, path: path, file: file, line: line)
            cases += 1
            print("\(kind) \(name): reference \(reference); detect \(detected)")
            if reference.error == nil, reference.count > 0 {
                XCTAssertEqual(
                    detected, reference, "\(name): detect read otherwise than the reference", file: file, line: line)
            } else if detected.error == nil, reference.error == nil {
                XCTAssertEqual(detected.count, 0, "\(name): the reference read no transaction", file: file, line: line)
            }
        }
        print("\(kind): \(cases) of \(names.count) files compared with the reference")
        XCTAssertEqual(cases, names.count, file: file, line: line)
    }

    /// `read_statement.py KIND FILE…`: what the reference read of each file.
    private func referenceReadings(
        _ kind: String, _ paths: [String], logs: URL, file: StaticString, line: UInt
    ) throws -> [String: Reading] {
        let run = try SandjarProcess(
            command: ["/usr/bin/env", "python3", Self.reader.path, kind] + paths, logs: logs
        ).wait(timeout: 120, file: file, line: line)
        if run.status == 2 || run.status == 127 {
            try absent(
                "the reference reader for \(kind) is not installed (make test-deps: ofxparse, quiffen): \(run.stderr)",
                file: file, line: line)
        }
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: [String: Any]], run.stdout,
            file: file, line: line)
        return json.mapValues { object in
            if let error = object["error"] as? String { return Reading(error: error) }
            return Reading(
                count: object["count"] as? Int ?? -1, sum: Decimal(string: object["sum"] as? String ?? "") ?? -1,
                first: object["first"] as? String, last: object["last"] as? String)
        }
    }

    /// What `detect --format json` read, or its located error (checked to be one).
    private func reading(
        _ run: SandjarProcess.Outcome, path: String, file: StaticString, line: UInt
    ) throws -> Reading {
        let name = URL(fileURLWithPath: path).lastPathComponent
        guard run.status == 0 else {
            XCTAssertEqual(run.status, 1, "\(name): \(run.stderr)", file: file, line: line)
            XCTAssertEqual(run.stdout, "", "\(name): nothing is printed but the error", file: file, line: line)
            let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let error = lines.first { $0.hasPrefix(path + ":") && $0.contains(": error: ") } ?? ""
            let place = error.dropFirst(path.count + 1).prefix { $0 != " " }
            let numbers = place.split(separator: ":").filter { !$0.isEmpty }
            XCTAssertTrue(
                numbers.count == 2 && numbers.allSatisfy { Int($0) != nil },
                "\(name): the error is not located at a line and column:\n\(run.stderr)", file: file, line: line)
            if let at = lines.firstIndex(of: error), at + 2 < lines.count {
                XCTAssertEqual(
                    lines[at + 2].trimmingCharacters(in: .whitespaces), "^", "\(name): no caret under the line",
                    file: file, line: line)
            } else {
                XCTFail("\(name): the error quotes no line:\n\(run.stderr)", file: file, line: line)
            }
            return Reading(error: String(error.dropFirst(path.count + 1)))
        }
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(name): \(run.stdout)",
            file: file, line: line)
        let transactions = json["transactions"] as? [[String: Any]] ?? []
        let days = transactions.compactMap { $0["date"] as? String }.sorted()
        let sum = transactions.reduce(Decimal(0)) { total, transaction in
            // A JSON number as written: Swift prints a Double as the shortest text that reads back.
            total + (Decimal(string: "\((transaction["amount"] as? NSNumber)?.doubleValue ?? .nan)") ?? .nan)
        }
        return Reading(count: transactions.count, sum: sum, first: days.first, last: days.last)
    }
}
