import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The pacer on a phone (issue 44): `init` and `serve` as a person runs them, with a short
/// retention pattern added, and `Tests/browser/check_pacer.py` running a session in headless
/// Chromium — the wake lock, sound and vibration recorded by stubs, the view filling the screen,
/// each hold ended with a tap, the summary, and the log form sending the holds it measured. The
/// file then holds exactly those holds, written through the same entry as `add session --holds`.
final class PacerBrowserTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    static let script = TestSupport.packageRoot.appendingPathComponent("Tests/browser/check_pacer.py")
    /// check_pacer.py's exit status when Selenium or Chromium is missing.
    private static let toolsMissing: Int32 = 77

    func testARetentionSessionOnAPhoneKeepsTheScreenAwakeAndLogsItsHolds() throws {
        _ = try SandjarProcess.requireExecutable()
        let work = TestSupport.temporaryFolder(self)
        let data = work.appendingPathComponent("dash")
        let made = try SandjarProcess.run(["init", data.path, "--language", "en"], logs: work)
        XCTAssertEqual(made.status, 0, made.stderr)
        let breathing = data.appendingPathComponent("breathing.toml")
        let short = """

            [[pattern]]
            id = "quick-rounds"
            name = "Quick rounds"
            kind = "retention"
            breaths = 2
            inhale = 0.5
            exhale = 0.5
            recovery = 1
            rounds = 2

            """
        let handle = try FileHandle(forWritingTo: breathing)
        handle.seekToEndOfFile()
        handle.write(Data(short.utf8))
        try handle.close()

        let serve = try SandjarProcess(["serve", data.path, "--port", "0"], logs: work)
        defer {
            serve.kill(SIGTERM)
            _ = serve.wait()
        }
        var address: String?
        while address == nil, serve.isRunning, serve.elapsed < 120 {
            let said = serve.outputSoFar
            if let range = said.range(of: #"http://127\.0\.0\.1:[0-9]+/"#, options: .regularExpression) {
                address = String(said[range])
            } else {
                usleep(50_000)
            }
        }
        let url = try XCTUnwrap(address, "serve did not print its address: \(serve.outputSoFar)")

        let run = try SandjarProcess(
            command: ["/usr/bin/env", "python3", Self.script.path, url, "quick-rounds"], logs: work
        ).wait(timeout: 600)
        print(run.stdout, terminator: "")
        if run.status == Self.toolsMissing || run.status == 127 {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                XCTFail("CI must have chromium, chromium-driver and selenium (make test-deps): \(run.stderr)")
                return
            }
            throw XCTSkip(run.stderr.isEmpty ? "python3 not found" : run.stderr)
        }
        XCTAssertEqual(run.status, 0, "the pacer checks failed:\n\(run.stdout)\(run.stderr)")

        // The holds the browser timed and showed are the ones written, once, as a session of
        // the retention pattern.
        let timed = try XCTUnwrap(
            run.stdout.split(separator: "\n").last { $0.hasPrefix("holds: ") }?.dropFirst("holds: ".count))
        XCTAssertFalse(timed.isEmpty, "the browser logged no holds")
        let practice = data.appendingPathComponent("practice")
        let texts = try FileManager.default.contentsOfDirectory(atPath: practice.path).map {
            String(decoding: try Data(contentsOf: practice.appendingPathComponent($0)), as: UTF8.self)
        }
        let written = texts.joined().components(separatedBy: "pattern = \"quick-rounds\"\nholds = [")
        XCTAssertEqual(written.count, 2, "one session of quick-rounds with holds: \(texts)")
        XCTAssertTrue(
            written.last?.hasPrefix(timed.replacingOccurrences(of: ",", with: ", ") + "]\n") ?? false,
            "holds \(timed) written: \(written.last ?? "")")
    }
}
