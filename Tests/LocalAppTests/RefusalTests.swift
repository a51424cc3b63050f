import DataEdit
import Foundation
import SiteData
import SiteServer
import XCTest

@testable import LocalApp

/// Every request that must not write (DESIGN.md §6), and what it is answered: each case proves the
/// data folder and the undo journal are byte for byte as they were.
final class RefusalTests: XCTestCase {
    private var fixture: AppFixture!

    override func setUpWithError() throws {
        fixture = try AppFixture(self)
    }

    private func post(_ form: String, _ fields: [String: String], headers: [String: String] = [:]) -> WebResponse? {
        fixture.post(form, fields, headers: headers)
    }

    /// Runs `body`, then checks the data folder and the journal did not change.
    private func unchanged(_ what: String, file: StaticString = #filePath, line: UInt = #line, _ body: () -> Void) {
        let before = fixture.snapshot()
        let journal = fixture.journal.entries()
        body()
        XCTAssertEqual(fixture.snapshot(), before, "\(what) changed the data", file: file, line: line)
        XCTAssertEqual(fixture.journal.entries(), journal, "\(what) wrote to the journal", file: file, line: line)
    }

    func testEveryForgedOrMalformedRequestIsRefused() throws {
        let good = ["goal": "bike", "amount": "5"]
        let token = AppFixture.token
        let cases: [(String, Int, () -> WebResponse?)] = [
            ("no token", 403, { self.post("deposit", good.merging(["token": ""]) { $1 }) }),
            ("a wrong token", 403, { self.post("deposit", good.merging(["token": String(token.reversed())]) { $1 }) }),
            (
                "a token one digit short", 403,
                { self.post("deposit", good.merging(["token": String(token.dropLast())]) { $1 }) }
            ),
            ("another origin", 403, { self.post("deposit", good, headers: ["origin": "http://evil.example"]) }),
            ("another port", 403, { self.post("deposit", good, headers: ["origin": "http://127.0.0.1:9999"]) }),
            ("the null origin", 403, { self.post("deposit", good, headers: ["origin": "null"]) }),
            (
                "another site's referer", 403,
                { self.post("deposit", good, headers: ["origin": "", "referer": "http://evil.example/x"]) }
            ),
            (
                "a look-alike origin", 403,
                { self.post("deposit", good, headers: ["origin": AppFixture.origin + ".evil.example"]) }
            ),
            ("text, not a form", 415, { self.post("deposit", good, headers: ["content-type": "text/plain"]) }),
            ("JSON", 415, { self.post("deposit", good, headers: ["content-type": "application/json"]) }),
            ("a path for an id", 400, { self.post("deposit", ["goal": "../../etc/passwd", "amount": "5"]) }),
            ("an id with a slash", 400, { self.post("deposit", ["goal": "bike/x", "amount": "5"]) }),
            (
                "an id over 100 characters", 400,
                { self.post("deposit", ["goal": String(repeating: "a", count: 101), "amount": "5"]) }
            ),
            ("a language folder that is a path", 400, { self.post("deposit", good.merging(["lang": "../x"]) { $1 }) }),
            ("no such form", 404, { self.post("delete", good) }),
            ("a journal id that is a path", 400, { self.post("undo", ["id": "../1"]) }),
            (
                "a fingerprint that is a path", 400,
                {
                    self.post(
                        "remove",
                        ["entry": "deposit", "goal": "bike", "at": "2026-10-01", "fingerprint": "../../goals/bike"])
                }
            ),
            ("an unknown goal", 422, { self.post("deposit", ["goal": "car", "amount": "5"]) }),
            ("a subscription named, not its id", 422, { self.post("slay", ["id": "music-2", "on": "2026-11-29"]) }),
            ("an undo of a write that never was", 422, { self.post("undo", ["id": "99"]) }),
        ]
        for (name, status, send) in cases {
            unchanged(name) { XCTAssertEqual(send()?.status, status, name) }
        }
        for method in ["GET", "HEAD", "PUT", "DELETE"] {
            unchanged(method) {
                let response = fixture.app.handle(
                    WebRequest(method: method, path: "/_sandjar/deposit", headers: ["host": AppFixture.host]))
                XCTAssertEqual(response?.status, 405, method)
                XCTAssertEqual(response?.headers.first { $0.name == "Allow" }?.value, "POST")
            }
        }
        for body in ["amount=5&amount=6", "a=%zz", "=5", "a=%ff%fe"] {
            unchanged(body) {
                let request = WebRequest(
                    method: "POST", path: "/_sandjar/deposit",
                    headers: ["host": AppFixture.host, "content-type": "application/x-www-form-urlencoded"],
                    body: Array((body + "&token=\(token)").utf8))
                XCTAssertEqual(fixture.app.handle(request)?.status, 400, body)
            }
        }
        XCTAssertNil(fixture.app.handle(WebRequest(method: "GET", path: "/goals/bike/")), "reads are served as files")
    }

    /// U+0000–U+001F but tab, U+007F, the C1 controls and the line and paragraph separators are
    /// a 422 in every field of every form, named by its field: the rule the command line keeps
    /// too (`ControlCharacters.refusedInTypedText`, issue 39).
    func testControlCharactersInAnyFieldAreRefused() throws {
        let forms: [(String, [String: String], String)] = [
            ("deposit", ["goal": "bike", "amount": "5"], "note"),
            ("session", ["pattern": "box", "cycles": "4"], "program"),
            ("subscription", ["price": "3"], "name"),
            ("subscription", ["name": "Paper", "price": "3"], "category"),
            ("goal", ["mode": "wish", "target": "5"], "name"),
            ("goal", ["name": "Camera", "mode": "wish", "target": "5"], "icon"),
            ("price", ["id": "music", "price": "3"], "from"),
        ]
        for (form, fields, field) in forms {
            for control in [
                "\u{0}", "\u{7}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}", "\n", "\r", "\u{2028}", "\u{2029}",
            ] {
                let what = "\(form).\(field) with U+\(String(control.unicodeScalars.first!.value, radix: 16))"
                unchanged(what) {
                    let response = post(form, fields.merging([field: "a\(control)b"]) { $1 })
                    XCTAssertEqual(response?.status, 422, what)
                    XCTAssertTrue(
                        response?.text.contains("the field &#39;\(field)&#39; holds a control character") ?? false, what
                    )
                }
            }
        }
        // A tab is typed text, not a control.
        XCTAssertEqual(post("deposit", ["goal": "bike", "amount": "5", "note": "a\tb"])?.status, 303)
    }

    /// A page speaks of the form's fields, never of the command line's options.
    func testMessagesNameTheFormsFieldsNotOptions() throws {
        let cases: [(String, [String: String])] = [
            ("deposit", ["goal": "bike", "amount": "5", "note": String(repeating: "n", count: 1001)]),
            ("deposit", ["goal": "bike", "amount": "5", "at": "tomorrow"]),
            ("deposit", ["goal": "bike", "amount": "-5"]),
            ("session", ["pattern": "box", "cycles": "4", "minutes": "3"]),
            ("session", ["pattern": "box"]),
            ("session", ["pattern": "box", "cycles": "many"]),
            ("session", ["pattern": "box", "cycles": "4", "mood_before": "9"]),
            // Issue 44: holds a retention session cannot have, and holds on a paced pattern.
            ("session", ["pattern": "rounds", "holds": "60,0,90"]),
            ("session", ["pattern": "rounds", "holds": "60,601,90"]),
            ("session", ["pattern": "rounds", "holds": "60,75"]),
            ("session", ["pattern": "rounds", "cycles": "3"]),
            ("session", ["pattern": "box", "holds": "60,75,90"]),
            ("slay", ["id": "music", "on": "soon"]),
            ("price", ["id": "music", "price": "x"]),
        ]
        for (form, fields) in cases {
            unchanged("\(form) \(fields)") {
                let response = post(form, fields)
                XCTAssertEqual(response?.status, 422, "\(form) \(fields)")
                let text = response?.text ?? ""
                XCTAssertTrue(text.contains("role=\"alert\""), "\(form) \(fields): the message is on the page")
                XCTAssertFalse(text.contains("sandjar: "), "\(form) \(fields): reads like a terminal")
                let message =
                    text.components(separatedBy: "<pre>").dropFirst().first?.components(separatedBy: "</pre>").first
                    ?? ""
                XCTAssertFalse(message.contains("--"), "\(form) \(fields): names an option: \(message)")
            }
        }
    }

    func testReadOnlyHasNoFormsAndWritesNothing() throws {
        let readOnly = try AppFixture(self, readOnly: true)
        XCTAssertNil(readOnly.app.site.forms)
        XCTAssertFalse(readOnly.page("/goals/bike/")?.contains("<form") ?? true)
        let before = readOnly.snapshot()
        XCTAssertEqual(readOnly.post("deposit", ["goal": "bike", "amount": "5"])?.status, 403)
        XCTAssertEqual(readOnly.snapshot(), before)
    }

    /// `--listen`: the printed address carries the token, which becomes an HttpOnly, SameSite
    /// cookie that lasts; without it no page is served, reads included.
    func testListeningOnTheNetworkEveryRequestNeedsTheToken() throws {
        let listening = try AppFixture(self, listen: true)
        let app = listening.app
        XCTAssertEqual(
            app.handle(WebRequest(method: "GET", path: "/", headers: ["host": "192.168.1.5:8080"]))?.status, 403)
        XCTAssertEqual(app.handle(WebRequest(method: "GET", path: "/", query: "token=nope"))?.status, 403)
        let first = try XCTUnwrap(
            app.handle(WebRequest(method: "GET", path: "/goals/", query: "x=1&\(app.tokenQuery)")))
        XCTAssertEqual(first.status, 303)
        XCTAssertEqual(first.location, "/goals/?x=1")
        XCTAssertEqual(
            first.headers.first { $0.name == "Set-Cookie" }?.value,
            "sandjar_token=\(AppFixture.token); Path=/; Max-Age=2592000; HttpOnly; SameSite=Strict")
        let cookie = ["cookie": "theme=dark; sandjar_token=\(AppFixture.token)"]
        XCTAssertNil(app.handle(WebRequest(method: "GET", path: "/goals/", headers: cookie)), "then pages are served")
        let before = listening.snapshot()
        XCTAssertEqual(
            listening.post("deposit", ["goal": "bike", "amount": "5"])?.status, 403, "a form needs the cookie")
        XCTAssertEqual(listening.snapshot(), before)
        XCTAssertEqual(listening.post("deposit", ["goal": "bike", "amount": "5"], headers: cookie)?.status, 303)
    }

    // MARK: - Pieces

    func testFormFieldsAreDecodedStrictly() throws {
        let fields = try FormFields(Array("a=1+2&note=caf%C3%A9+%E6%97%A9&empty=&flag".utf8))
        XCTAssertEqual(fields["a"], "1 2")
        XCTAssertEqual(fields["note"], "café 早")
        XCTAssertEqual(fields["empty"], "")
        XCTAssertEqual(fields["flag"], "")
        XCTAssertNil(fields.given("empty"))
        XCTAssertThrowsError(try FormFields(Array(String(repeating: "a=1&", count: 51).utf8)))
    }

    func testTokensCompareWholly() {
        let token = AppToken(text: AppFixture.token)
        XCTAssertTrue(token.matches(AppFixture.token))
        XCTAssertFalse(token.matches(AppFixture.token + "0"))
        XCTAssertFalse(token.matches(String(AppFixture.token.dropLast())))
        XCTAssertFalse(token.matches(""))
        XCTAssertFalse(token.matches(nil))
        XCTAssertEqual(AppToken().text.count, 32, "128 bits")
        XCTAssertNotEqual(AppToken().text, AppToken().text)
    }
}
