import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// serve as the local app, as a person uses it (issue 20): the installed-style executable runs
/// `init` and `serve`, and headless Chromium at 375 px fills the deposit form on a goal's page and
/// sees the saved amount and the coins grow, then logs a session from a pacer and sees the streak
/// grow (`Tests/browser/check_forms.py`).
final class FormsBrowserTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    static let script = TestSupport.packageRoot.appendingPathComponent("Tests/browser/check_forms.py")
    /// check_forms.py's exit status when Selenium or Chromium is missing.
    private static let toolsMissing: Int32 = 77

    func testADepositAndASessionFromAPhoneSizedBrowser() throws {
        _ = try SandjarProcess.requireExecutable()
        let work = TestSupport.temporaryFolder(self)
        let data = work.appendingPathComponent("dash")
        let made = try SandjarProcess.run(["init", data.path, "--language", "en"], logs: work)
        XCTAssertEqual(made.status, 0, made.stderr)

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
            command: ["/usr/bin/env", "python3", Self.script.path, url], logs: work
        ).wait(timeout: 600)
        print(run.stdout, terminator: "")
        if run.status == Self.toolsMissing || run.status == 127 {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                XCTFail("CI must have chromium, chromium-driver and selenium (make test-deps): \(run.stderr)")
                return
            }
            throw XCTSkip(run.stderr.isEmpty ? "python3 not found" : run.stderr)
        }
        XCTAssertEqual(run.status, 0, "the form checks failed:\n\(run.stdout)\(run.stderr)")
    }
}
