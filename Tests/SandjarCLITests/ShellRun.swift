import Foundation
import XCTest

/// A program run to its end, for the tests that drive a real shell or groff: its output, its
/// errors and its exit status.
struct ShellRun {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The built `sandjar` (`swift build --build-tests` links it beside the test bundle), or a skip.
    static func sandjar() throws -> URL {
        var folders: [URL] = []
        if let bundle = Bundle.main.executableURL { folders.append(bundle.deletingLastPathComponent()) }
        folders.append(SandjarCommandTests.root.appendingPathComponent(".build/debug"))
        guard
            let url = folders.map({ $0.appendingPathComponent("sandjar") })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else { throw XCTSkip("no sandjar executable beside the tests; run `swift build --build-tests` first") }
        return url
    }

    /// `name` from the PATH, or a skip that says what is missing. A program `make test` installs
    /// (`installedByMakeTest`: bash, zsh and fish, its `TEST_DEBS`) is a failure instead under CI
    /// (`CI` set), so CI never passes the completion tests without having run them; groff, which
    /// it does not install, is skipped there too.
    static func program(_ name: String, why: String, installedByMakeTest: Bool = true) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        let missing = "\(name) is not installed, so \(why) is not checked (apt-get install \(name))"
        if installedByMakeTest, ProcessInfo.processInfo.environment["CI"] != nil {
            throw Missing(description: "under CI, which runs `make test`: " + missing)
        }
        throw XCTSkip(missing)
    }

    private struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `program arguments…` in `folder`, with `sandjar`'s folder first on the PATH, and input on stdin.
    static func run(
        _ program: URL, _ arguments: [String], in folder: URL, input: String = ""
    ) throws -> ShellRun {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        let sandjarFolder = try sandjar().deletingLastPathComponent().path
        environment["PATH"] = sandjarFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        // Input and output go through files, so no pipe can fill up and block either side.
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-shell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: logs) }
        let outURL = logs.appendingPathComponent("out")
        let errURL = logs.appendingPathComponent("err")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let inURL = logs.appendingPathComponent("in")
        try Data(input.utf8).write(to: inURL)
        let stdin = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        process.waitUntilExit()
        for handle in [out, err, stdin] { try handle.close() }
        return ShellRun(
            status: process.terminationStatus, stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8))
    }
}
