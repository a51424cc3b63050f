import Foundation
import XCTest

/// A golden file under `Snapshots/`: what a person reads (help, completion scripts, the man page)
/// changes only as a reviewed change. `RECORD_SNAPSHOTS=1` writes the files anew and fails the
/// test on purpose, so a stale snapshot never passes silently.
enum SnapshotFile {
    static let folder = SandjarCommandTests.root.appendingPathComponent("Tests/SandjarCLITests/Snapshots")
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

    /// Compares `text` with `Snapshots/<name>` (`help/build.txt`), or records it.
    static func assertEqual(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = folder.appendingPathComponent(name)
        if recording {
            XCTAssertNoThrow(try Data(text.utf8).write(to: url), file: file, line: line)
            XCTFail("recorded \(name); run again without RECORD_SNAPSHOTS", file: file, line: line)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            XCTFail("no snapshot \(url.path); record it with RECORD_SNAPSHOTS=1", file: file, line: line)
            return
        }
        XCTAssertEqual(text, expected, "\(name) differs", file: file, line: line)
    }
}
