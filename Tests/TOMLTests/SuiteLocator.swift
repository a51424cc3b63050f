import Foundation

/// Finds the shared conformance suites without copying them into the repository.
///
/// `SANDJAR_SUITES` (pointing at the `suites` folder) wins; otherwise the suites are
/// looked up at `../shared/suites` relative to the package root, which is three levels
/// above this file (`<root>/Tests/TOMLTests/SuiteLocator.swift`).
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

    /// The toml-test folder, or nil (with a printed explanation) when it is absent.
    static func tomlTestFolder() -> URL? {
        let folder = suitesFolder().appendingPathComponent("toml-test", isDirectory: true)
        let list = folder.appendingPathComponent("tests/files-toml-1.0.0")
        guard FileManager.default.fileExists(atPath: list.path) else {
            print("skipped: toml-test suite not found at \(folder.path) (set SANDJAR_SUITES to the suites folder)")
            return nil
        }
        return folder
    }
}
