import Foundation
import XCTest

/// Finds the shared conformance suites without copying them into the repository.
///
/// `SANDJAR_SUITES` (pointing at the `suites` folder) wins; otherwise the suites are
/// looked up at `../shared/suites` relative to the package root, which is three levels
/// above this file (`<root>/Tests/TOMLTests/SuiteLocator.swift`). A suite that is absent
/// skips its test, except under CI (the `CI` environment variable set), where it fails it:
/// CI never passes without having run the suites.
enum SuiteLocator {
    static func suitesFolder(filePath: String = #filePath) -> URL {
        if let override = ProcessInfo.processInfo.environment["SANDJAR_SUITES"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        let packageRoot = URL(fileURLWithPath: filePath)
            .deletingLastPathComponent()  // TOMLTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
        return
            packageRoot
            .appendingPathComponent("..", isDirectory: true)
            .appendingPathComponent("shared", isDirectory: true)
            .appendingPathComponent("suites", isDirectory: true)
            .standardizedFileURL
    }

    /// The toml-test folder. When it is absent the test skips (this throws `XCTSkip`), or under CI
    /// the failure is recorded here and the folder is nil.
    static func tomlTestFolder(file: StaticString = #filePath, line: UInt = #line) throws -> URL? {
        let folder = suitesFolder().appendingPathComponent("toml-test", isDirectory: true)
        let list = folder.appendingPathComponent("tests/files-toml-1.0.0")
        guard FileManager.default.fileExists(atPath: list.path) else {
            try absent("toml-test suite not found at \(folder.path)", file: file, line: line)
            return nil
        }
        return folder
    }

    /// A suite that is absent, said on stdout: skips the test (throws `XCTSkip`), or under CI
    /// fails it.
    static func absent(_ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let message = what + " (set SANDJAR_SUITES to the suites folder)"
        guard ProcessInfo.processInfo.environment["CI"] != nil else {
            print("skipped: " + message)
            throw XCTSkip(message)
        }
        print("failed: CI must run the conformance suites: " + message)
        XCTFail("CI must run the conformance suites: " + message, file: file, line: line)
    }
}
