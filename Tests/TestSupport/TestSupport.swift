import Domain
import Foundation
import XCTest

/// Paths and folders shared by the site tests.
package enum TestSupport {
    /// The package root: three levels above this file.
    package static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    package static var fixtures: URL { packageRoot.appendingPathComponent("Tests/Fixtures") }
    package static var sampleContent: URL { packageRoot.appendingPathComponent("content") }
    package static var templates: URL { packageRoot.appendingPathComponent("templates") }

    /// A fresh temporary folder, removed when the test ends. The test's class must have begun
    /// `TestIsolation` (builds and edits in the folder keep their cache and journal out of the
    /// home folder); the test fails otherwise.
    package static func temporaryFolder(_ test: XCTestCase, file: StaticString = #filePath, line: UInt = #line) -> URL {
        TestIsolation.require(test, file: file, line: line)
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("sandjar-tests-\(UUID().uuidString)")
        XCTAssertNoThrow(
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true),
            file: file, line: line)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// Copies the contents of `source` into `destination`, merging folders and replacing files.
    package static func overlay(_ source: URL, onto destination: URL) throws {
        let fm = FileManager.default
        guard let enumerator = fm.enumerator(atPath: source.path) else { return }
        while let relative = enumerator.nextObject() as? String {
            let from = source.appendingPathComponent(relative)
            let to = destination.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            _ = fm.fileExists(atPath: from.path, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                try fm.createDirectory(at: to, withIntermediateDirectories: true)
            } else {
                try? fm.removeItem(at: to)
                try fm.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
                try fm.copyItem(at: from, to: to)
            }
        }
    }

    /// Every file under `folder`, relative path → bytes.
    package static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return files }
        while let relative = enumerator.nextObject() as? String {
            let url = folder.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[relative] = FileManager.default.contents(atPath: url.path) }
        }
        return files
    }

    /// Replaces any `language`/`languages` line with `languages = ["zh-Hans", "en"]`, put first so
    /// it stays out of any table.
    package static func setBothLanguages(in file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let kept = text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("language") else { return true }
            let rest = trimmed.dropFirst("language".count).drop { $0 == "s" || $0 == " " || $0 == "\t" }
            return !rest.hasPrefix("=")
        }
        let edited = "languages = [\"zh-Hans\", \"en\"]\n" + kept.joined(separator: "\n")
        try edited.write(to: file, atomically: true, encoding: .utf8)
    }

    package static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }
}

/// An exact decimal from its text: `dec("12.30")`.
package func dec(_ text: String) -> Decimal { Decimal(exactly: text)! }
