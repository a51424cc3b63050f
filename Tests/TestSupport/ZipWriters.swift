import Foundation
import XCTest

/// Zip archives written by other writers than sandjar's reader: Python's zipfile and
/// zlib, through `Tests/zip/make_zip.py` (its modes are listed there), and the system's `zip`.
package enum ZipWriters {
    /// An entry as Python's zipfile reads the archive back.
    package struct Listed: Decodable, Equatable {
        package var name: String
        package var size: Int
        package var crc: UInt32
        package var flags: Int
        package var method: Int
    }

    private struct Output: Decodable {
        var entries: [Listed]?
        var error: String?
    }

    private static var script: URL { TestSupport.packageRoot.appendingPathComponent("Tests/zip/make_zip.py") }

    /// Writes `folder`'s files into `zip` as `mode` says, and returns what zipfile reads back from
    /// it (nil when it cannot read it). Without python3 the test is skipped, and fails under CI.
    package static func python(
        _ mode: String, from folder: URL, to zip: URL, logs: URL, file: StaticString = #filePath, line: UInt = #line
    ) throws -> [Listed]? {
        let run = try SandjarProcess(
            command: ["/usr/bin/env", "python3", script.path, mode, folder.path, zip.path], logs: logs
        ).wait(timeout: 300, file: file, line: line)
        if run.status == 127 {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                XCTFail("CI must have python3 to write zip archives", file: file, line: line)
            }
            print("skipped: python3 not found")
            throw XCTSkip("python3 not found")
        }
        guard run.status == 0 else {
            XCTFail("make_zip.py \(mode) failed: \(run.stderr)", file: file, line: line)
            return nil
        }
        let output = try JSONDecoder().decode(Output.self, from: Data(run.stdout.utf8))
        return output.entries
    }

    /// Runs the system's `zip` in `folder` (`zip ARGUMENTS… ZIP .`); false when it is not installed
    /// (said on the output, and a failure under CI, where `make test-deps` installs it).
    package static func system(
        _ arguments: [String], in folder: URL, to zip: URL, logs: URL, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> Bool {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zip") else {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                XCTFail("CI must have Info-ZIP's zip (make test-deps)", file: file, line: line)
            }
            print("skipped: no /usr/bin/zip (apt-get install zip)")
            return false
        }
        let quoted = ([zip.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let run = try SandjarProcess(
            command: [
                "/bin/sh", "-c",
                "cd '\(folder.path)' && /usr/bin/zip -q -r -X \(quoted.dropFirst().joined(separator: " ")) \(quoted[0]) .",
            ], logs: logs
        ).wait(timeout: 120, file: file, line: line)
        XCTAssertEqual(run.status, 0, "zip: " + run.stderr, file: file, line: line)
        return true
    }
}
