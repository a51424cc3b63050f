import Foundation
import SiteData
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

    /// Every entry under `folder`, files with their bytes, folders with nil: what a refusal must
    /// leave exactly as it was.
    private func everything(in folder: URL) -> [String: Data?] {
        var found: [String: Data?] = [:]
        for relative in (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? [] {
            found[relative] = FileManager.default.contents(atPath: folder.appendingPathComponent(relative).path)
        }
        return found
    }

    /// Issue 39: `init ""` wrote the starter set into the working folder, whatever it held, and
    /// `init "   "` made a folder no one sees. An empty or blank name is refused and the working
    /// folder (a data folder here) is left byte for byte as it was. The test runs in a folder of
    /// its own, never the checkout.
    func testAnEmptyOrBlankNameIsRefusedAndNothingIsWritten() throws {
        let here = work.appendingPathComponent("here")
        try FileManager.default.createDirectory(at: here, withIntermediateDirectories: true)
        try "title = \"mine\"\n".write(to: here.appendingPathComponent("site.toml"), atomically: true, encoding: .utf8)
        try "keep me".write(to: here.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let before = everything(in: here)
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(here.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        for name in ["", "   ", "\t", " \n "] {
            let (status, said) = run(["init", name])
            XCTAssertEqual(status, 1, "'\(name)'")
            // Quoted as every message quotes a name: a tab shown as its escape, as it was not before.
            let shown = name.replacingOccurrences(of: "\t", with: "\\u{9}")
            XCTAssertEqual(said.err, "sandjar: '\(shown)' names no folder; give a new or empty folder, e.g. ~/dash\n")
            XCTAssertEqual(said.out, "")
            XCTAssertEqual(everything(in: here), before, "'\(name)'")
        }
        XCTAssertEqual(run(["theme", "export", ""]).0, 1)
        XCTAssertEqual(everything(in: here), before)
    }

    /// Issue 39: a folder holding a data file is refused before anything is written — a
    /// `site.toml`, or any other entry, at its top or below — and left byte for byte as it was.
    func testAFolderHoldingADataFileIsRefusedByteForByte() throws {
        let cases: [(String, [String: String], String)] = [
            ("site", ["site.toml": "title = \"mine\"\n"], "already holds a data folder (site.toml)"),
            ("goal", ["goals/bike.toml": "name = \"Bike\"\n"], "is not empty"),
            ("hidden", [".sandjar-cache/x": "x"], "is not empty"),
        ]
        for (name, files, why) in cases {
            let folder = work.appendingPathComponent(name)
            for (relative, text) in files {
                let url = folder.appendingPathComponent(relative)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
            let before = everything(in: folder)
            for path in [folder.path, folder.path + "/", folder.path + "/."] {
                let (status, said) = run(["init", path])
                XCTAssertEqual(status, 1, path)
                XCTAssertEqual(said.err, "sandjar: \(path) \(why); give a new or empty folder\n")
                XCTAssertEqual(everything(in: folder), before, path)
            }
        }
    }

    /// When a file cannot be written halfway through, what was written is taken back: the new
    /// folder is gone again, an empty one is empty again, and the message's "nothing was
    /// written" is true.
    func testAFailedWriteTakesBackWhatItWrote() throws {
        let long = String(repeating: "x", count: 300)
        let files = ["a.toml": [UInt8]("a".utf8), "b/c.toml": [UInt8]("c".utf8), "d/\(long).toml": [UInt8]("d".utf8)]
        let missing = work.appendingPathComponent("new")
        XCTAssertThrowsError(try NewFolder(path: missing.path).write(files)) { error in
            XCTAssertTrue((error as? Diagnostic)?.message.hasSuffix("; nothing was written") == true, "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing.path))
        let empty = work.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        XCTAssertThrowsError(try NewFolder(path: empty.path).write(files))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: empty.path), [])
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

    /// `debug fixture` writes its data folder as `init` does: into a new folder, and never into
    /// one that holds anything, which it leaves as it was with the refusal `init` gives.
    func testDebugFixtureWritesANewFolderAndRefusesOneThatIsNotEmpty() throws {
        let out = work.appendingPathComponent("fixture")
        let (status, said) = run(["debug", "fixture", "--out", out.path])
        XCTAssertEqual(status, 0, said.err)
        XCTAssertEqual(files(in: out).keys.filter { $0.hasPrefix("goals/") }.count, 10)
        let kept = work.appendingPathComponent("kept")
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        try "keep".write(to: kept.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let before = everything(in: kept)
        let (refused, told) = run(["debug", "fixture", "--out", kept.path])
        XCTAssertEqual(refused, 1)
        XCTAssertEqual(told.err, "sandjar: \(kept.path) is not empty; give a new or empty folder\n")
        XCTAssertEqual(everything(in: kept), before, "nothing written")
    }
}
