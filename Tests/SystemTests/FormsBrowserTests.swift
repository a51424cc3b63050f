import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// serve as the local app, as a person uses it (issue 20): the installed-style executable runs
/// `init` and `serve`, and headless Chromium at 375 px fills the deposit form on a goal's page and
/// sees the saved amount and the coins grow, then logs a session from a pacer and sees the streak
/// grow (`Tests/browser/check_forms.py`). Issue 34: the Today screen's due deposit in one tap,
/// landing on "Added $150.00 to Index fund · 5 coins · next due …" with the total counting up; a
/// slay's victory, first and across the page, whose one tap puts the freed month into a goal
/// (issue 43, read back from the goal's file); Start in the breathing page's first screen, the mood asked before it and
/// a session ended early logged with the cycles done; a missing address's way home; and the QR
/// code `serve --listen` prints, read back by zbar.
final class FormsBrowserTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    static let script = TestSupport.packageRoot.appendingPathComponent("Tests/browser/check_forms.py")
    static let decoder = TestSupport.packageRoot.appendingPathComponent("Tests/browser/decode_qr.py")
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
            command: ["/usr/bin/env", "python3", Self.script.path, url, data.path], logs: work
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

    /// `serve --listen` prints its address with the token as a QR code of half blocks (issue 34,
    /// DESIGN.md §6), and a phone's camera reads it: `Tests/browser/decode_qr.py` draws the
    /// printed blocks as a picture and zbar, a decoder written apart from sandjar, reads it; the
    /// address it reads lets the browser in and gives it the month-long cookie.
    func testListenPrintsItsAddressAsAQRCodeAPhoneReads() throws {
        _ = try SandjarProcess.requireExecutable()
        let work = TestSupport.temporaryFolder(self)
        let data = work.appendingPathComponent("dash")
        XCTAssertEqual(try SandjarProcess.run(["init", data.path, "--language", "en"], logs: work).status, 0)
        // 127.0.0.2 is this machine too (all of 127/8 is), and needs the token as --listen does.
        let serve = try SandjarProcess(["serve", data.path, "--port", "0", "--listen", "127.0.0.2"], logs: work)
        defer {
            serve.kill(SIGTERM)
            _ = serve.wait()
        }
        var printed: String?
        while printed == nil, serve.isRunning, serve.elapsed < 120 {
            let said = serve.outputSoFar
            if said.contains("?token="), said.contains("▀"), said.hasSuffix("\n\n") {
                printed = said
            } else {
                usleep(50_000)
            }
        }
        let output = try XCTUnwrap(printed, "serve printed no QR code: \(serve.outputSoFar)")
        let address = try XCTUnwrap(
            output.range(of: #"http://127\.0\.0\.2:[0-9]+/\?token=[0-9a-f]{32}"#, options: .regularExpression).map {
                String(output[$0])
            })
        let stdin = work.appendingPathComponent("serve-output.txt")
        try Data(output.utf8).write(to: stdin)
        let run = try SandjarProcess(
            command: ["/bin/sh", "-c", "exec python3 \"$0\" < \"$1\"", Self.decoder.path, stdin.path], logs: work
        ).wait(timeout: 60)
        if run.status == Self.toolsMissing {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                XCTFail("CI must have zbarimg (make test-deps installs zbar-tools): \(run.stderr)")
                return
            }
            throw XCTSkip(run.stderr)
        }
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines), address, "the code says the address")

        // What the phone then does: the address lets it in with a cookie that lasts 30 days.
        let url = try XCTUnwrap(URL(string: address))
        let client = ServeHTTP(port: UInt16(try XCTUnwrap(url.port)), host: "127.0.0.2")
        let answer = try XCTUnwrap(client.get("/?" + (url.query ?? "")))
        XCTAssertEqual(answer.status, 303)
        let cookie = try XCTUnwrap(answer.headers["set-cookie"])
        XCTAssertTrue(cookie.contains("Max-Age=2592000"), cookie)
        XCTAssertTrue(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), cookie)
    }
}
