import Foundation
import TestSupport
import XCTest

@testable import SandjarCLI

/// `sandjar init`: a commented data folder with one of everything that checks clean under
/// --strict and builds, in both languages, for any currency and time zone.
final class InitTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var work: URL!

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        addTeardownBlock { [work] in try? FileManager.default.removeItem(at: work!) }
    }

    private func run(_ arguments: [String]) -> (Int32, SandjarCommandTests.Captured) {
        let captured = SandjarCommandTests.Captured(self)
        return (SandjarCommand.main(arguments: arguments, console: captured.console()), captured)
    }

    private func files(in folder: URL) -> [String: String] {
        var found: [String: String] = [:]
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let relative = walker?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(relative).path) {
                found[relative] = String(decoding: data, as: UTF8.self)
            }
        }
        return found
    }

    /// The editing commands the README's tour shows a stranger, run word for word (but with
    /// `--data`) on a fresh `init` folder: each must succeed.
    func testTheReadmesEditingCommandsWorkOnTheStarterFolder() throws {
        let readme = try String(
            contentsOf: SandjarCommandTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.components(separatedBy: "## A five-command tour").dropFirst().first)
        let commands = section.components(separatedBy: "\n## ")[0].split(separator: "\n")
            .filter { ["sandjar add ", "sandjar slay ", "sandjar undo"].contains(where: $0.hasPrefix) }
            .map { line in Self.words(String(line.split(separator: "#", maxSplits: 1)[0])) }
        XCTAssertEqual(
            commands.map { $0.prefix(2).joined(separator: " ") },
            ["sandjar add", "sandjar add", "sandjar slay", "sandjar undo"],
            "the README's tour shows add deposit, add session, slay and undo")
        let data = work.appendingPathComponent("dash")
        XCTAssertEqual(run(["init", data.path, "--today", "2026-11-29"]).0, 0)
        for words in commands {
            let (status, out) = run(Array(words.dropFirst()) + ["--data", data.path])
            XCTAssertEqual(status, 0, "\(words.joined(separator: " ")): \(out.err)")
        }
    }

    /// A command line split into words the way a shell does for these examples: spaces, and
    /// double quotes around a word with spaces.
    private static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
            } else if character == " " && !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// init → check --strict → build, for several settings and days of the year.
    func testTheStarterChecksCleanAndBuildsEverywhere() throws {
        let settings: [[String]] = [
            ["--today", "2026-12-01"],
            ["--language", "zh-Hans", "--today", "2027-01-01"],
            ["--currency", "JPY", "--timezone", "Asia/Tokyo", "--today", "2028-02-29"],
            ["--language", "zh-Hans", "--currency", "EUR", "--timezone", "Europe/Berlin", "--today", "2027-03-31"],
            ["--currency", "gbp", "--timezone", "UTC", "--today", "2026-06-15"],
        ]
        for (index, extra) in settings.enumerated() {
            let folder = work.appendingPathComponent("dash-\(index)")
            let (status, said) = run(["init", folder.path] + extra)
            XCTAssertEqual(status, 0, "\(extra): \(said.err)")
            XCTAssertTrue(said.out.hasPrefix("created a data folder in \(folder.path)"), said.out)
            let today = extra[extra.firstIndex(of: "--today")! + 1]
            let (checked, check) = run(["check", folder.path, "--strict", "--today", today])
            XCTAssertEqual(checked, 0, "\(extra): \(check.err)")
            XCTAssertEqual(check.err, "", "\(extra): no warning at all")
            let out = work.appendingPathComponent("site-\(index)")
            let (built, build) = run(["build", folder.path, "--out", out.path, "--today", today, "--quiet"])
            XCTAssertEqual(built, 0, "\(extra): \(build.err)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path))
        }
    }

    /// One of everything, each file commented.
    func testOneOfEverythingEachFileCommented() throws {
        let folder = work.appendingPathComponent("dash")
        XCTAssertEqual(run(["init", folder.path, "--today", "2026-12-01"]).0, 0)
        let written = files(in: folder)
        for required in ["site.toml", "rates.toml", "breathing.toml"] {
            XCTAssertNotNil(written[required], required)
        }
        let goals = written.filter { $0.key.hasPrefix("goals/") }.values
        XCTAssertTrue(
            goals.contains { $0.contains("mode = \"wish\"") && $0.contains("[plan]") && $0.contains("[[deposit]]") })
        XCTAssertTrue(goals.contains { $0.contains("mode = \"free\"") })
        let subscriptions = written.filter { $0.key.hasPrefix("subscriptions/") }.values.joined()
        XCTAssertTrue(subscriptions.contains("members = "), "a shared subscription")
        XCTAssertTrue(subscriptions.contains("trial = true"), "a trial")
        XCTAssertTrue(written.keys.contains { $0.hasPrefix("practice/") })
        XCTAssertTrue(written["breathing.toml"]?.contains("[[program]]") ?? false)
        XCTAssertTrue(written.keys.contains { $0.hasPrefix("pages/") && $0.hasSuffix(".md") })
        for (path, text) in written where path.hasSuffix(".toml") {
            XCTAssertTrue(text.hasPrefix("#"), "\(path) starts with a comment saying what it is")
        }
        XCTAssertFalse(written.values.contains { $0.contains("{{") }, "every placeholder is filled")
    }

    func testTheSameDayWritesTheSameBytesAndTheTitleIsEscaped() throws {
        let a = work.appendingPathComponent("a")
        let b = work.appendingPathComponent("b")
        let title = "Zoë's \"jar\" \\ 聚沙"
        XCTAssertEqual(run(["init", a.path, "--today", "2026-12-01", "--timezone", "UTC", "--title", title]).0, 0)
        XCTAssertEqual(run(["init", b.path, "--today", "2026-12-01", "--timezone", "UTC", "--title", title]).0, 0)
        XCTAssertEqual(files(in: a), files(in: b))
        let (status, check) = run(["check", a.path, "--today", "2026-12-01", "--strict"])
        XCTAssertEqual(status, 0, check.err)
        let out = work.appendingPathComponent("site")
        XCTAssertEqual(run(["build", a.path, "--out", out.path, "--today", "2026-12-01", "--quiet"]).0, 0)
        let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(
            index.contains("Zoë&#39;s &quot;jar&quot; \\ 聚沙") || index.contains("Zoë's &quot;jar&quot; \\ 聚沙"), index)
    }

    func testANonEmptyFolderIsRefusedUntouched() throws {
        let folder = work.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "keep me".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let (status, said) = run(["init", folder.path])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(said.err, "sandjar: \(folder.path) is not empty; give a new or empty folder\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["notes.txt"])
        XCTAssertEqual(run(["init", folder.path + "/x", "--currency", "XYZ"]).0, 2)
        XCTAssertEqual(run(["init", folder.path + "/x", "--timezone", "Mars/Olympus"]).0, 2)
        XCTAssertEqual(run(["init"]).0, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/x"))
    }

    func testThemeExportWritesTheBuiltInThemeAndRefusesToOverwrite() throws {
        let folder = work.appendingPathComponent("theme")
        let (status, said) = run(["theme", "export", folder.path])
        XCTAssertEqual(status, 0, said.err)
        let exported = files(in: folder)
        let original = files(in: SandjarCommandTests.root.appendingPathComponent("templates"))
        XCTAssertEqual(exported, original)
        XCTAssertEqual(run(["theme", "export", folder.path]).0, 1, "an existing theme is never overwritten")
    }
}
