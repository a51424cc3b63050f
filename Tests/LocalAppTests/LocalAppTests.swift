import Foundation
import SiteRender
import SiteServer
import TOML
import XCTest

@testable import LocalApp

/// serve's forms (DESIGN.md §6) on a copy of `Tests/Fixtures/base`, with a stand-in for the serve
/// session: every form writes its entry and nothing else; every refusal writes nothing at all.
final class LocalAppTests: XCTestCase {
    static let token = "00112233445566778899aabbccddeeff"
    static let origin = "http://127.0.0.1:8080"
    /// 2026-11-30T02:14:05Z: 21:14:05 on Nov 29 in New York (the fixture's time zone).
    static let clock = Date(timeIntervalSince1970: 1_796_004_845)

    private var data: URL!
    private var app: LocalApp!
    private let site = FakeSite()

    override func setUpWithError() throws {
        data = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-app-\(UUID().uuidString)")
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/base")
        try FileManager.default.copyItem(at: fixture, to: data)
        let folder = data!
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        app = makeApp()
    }

    private func makeApp(readOnly: Bool = false, listen: Bool = false) -> LocalApp {
        let app = LocalApp(
            settings: LocalApp.Settings(data: data.path, readOnly: readOnly, tokenForEveryRequest: listen),
            token: Self.token, now: { Self.clock })
        app.attach(site.site)
        return app
    }

    /// A form as a browser on this origin sends it, the run's token and this page's `once` added.
    private func post(_ form: String, _ fields: [String: String], headers: [String: String] = [:]) -> WebResponse? {
        var all = ["token": Self.token, "once": app.forms?.once ?? "", "lang": ""]
        all.merge(fields) { _, given in given }
        var head = [
            "host": "127.0.0.1:8080", "origin": Self.origin, "content-type": "application/x-www-form-urlencoded",
        ]
        head.merge(headers) { _, given in given }
        head = head.filter { !$0.value.isEmpty }  // "" leaves a header out
        return app.handle(
            WebRequest(method: "POST", path: "/_sandjar/\(form)", headers: head, body: Array(Self.encode(all).utf8)))
    }

    static func encode(_ fields: [String: String]) -> String {
        fields.sorted { $0.key < $1.key }.map { key, value in
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
            return "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }.joined(separator: "&")
    }

    private func text(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: data.appendingPathComponent(relative)), as: UTF8.self)
    }

    /// Every file of the data folder, to prove a refusal changed nothing.
    private func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: data.path)
        while let relative = walker?.nextObject() as? String {
            files[relative] = FileManager.default.contents(atPath: data.appendingPathComponent(relative).path)
        }
        return files
    }

    // MARK: - Each form writes its entry, and only that

    func testADepositAddsOnlyItsEntryAndSendsTheBrowserToTheGoal() throws {
        let before = try text("goals/bike.toml")
        let once = app.forms?.once
        let response = post("deposit", ["goal": "bike", "amount": "20", "note": "from the phone", "at": ""])
        XCTAssertEqual(response?.status, 303)
        XCTAssertEqual(response?.headers.first { $0.name == "Location" }?.value, "/goals/bike/")
        XCTAssertEqual(
            try text("goals/bike.toml"),
            before + "\n[[deposit]]\nat = 2026-11-29T21:14:05-05:00\namount = 20\nnote = \"from the phone\"\n")
        XCTAssertEqual(site.rebuilds.count, 1, "the site is rebuilt before the answer")
        XCTAssertNotEqual(site.rebuilds.first?.once, once, "the next page's forms are new ones")
    }

    func testASessionFromThePacerAppendsToTheMonthsPracticeFile() throws {
        let before = try text("practice/2026-11.toml")
        let response = post(
            "session",
            ["pattern": "box", "cycles": "4", "program": "", "mood_before": "2", "mood_after": "", "at": "2026-11-29"])
        XCTAssertEqual(response?.status, 303)
        XCTAssertEqual(response?.headers.first { $0.name == "Location" }?.value, "/breathing/")
        XCTAssertEqual(
            try text("practice/2026-11.toml"),
            before + "\n[[session]]\nat = 2026-11-29\npattern = \"box\"\ncycles = 4\nmood_before = 2\n")
    }

    func testSlayingAddsKilledToItsEntry() throws {
        let before = try text("subscriptions/main.toml")
        let response = post("slay", ["id": "music", "on": "2026-11-29"])
        XCTAssertEqual(response?.status, 303, response.map { String(decoding: $0.body, as: UTF8.self) } ?? "")
        XCTAssertEqual(response?.headers.first { $0.name == "Location" }?.value, "/subscriptions/#slain-heading")
        XCTAssertEqual(
            try text("subscriptions/main.toml"),
            before.replacingOccurrences(
                of: "next_billing = 2026-12-10\n", with: "next_billing = 2026-12-10\nkilled = 2026-11-29\n"))
    }

    /// What is left empty comes from the catalogue entry the name matches, in the site currency.
    func testANewSubscriptionIsFilledInFromTheCatalogue() throws {
        let response = post(
            "subscription",
            [
                "name": "Netflix", "price": "", "currency": "", "cycle": "", "next_billing": "2026-12-15",
                "members": "", "category": "",
            ])
        XCTAssertEqual(response?.status, 303, response.map { String(decoding: $0.body, as: UTF8.self) } ?? "")
        let written = try text("subscriptions/streaming.toml")
        XCTAssertTrue(written.hasPrefix("# Subscriptions (streaming): one [[subscription]] block each"), written)
        let entry = try XCTUnwrap(
            try TOMLParser.parse(Array(written.utf8))["subscription"]?.arrayValue?.first?.tableValue)
        XCTAssertEqual(entry["name"]?.stringValue, "Netflix")
        XCTAssertEqual(entry["catalog"]?.stringValue, "netflix")
        XCTAssertNotNil(entry["price"])
        XCTAssertEqual(entry["cycle"]?.stringValue, "monthly")
        XCTAssertEqual(entry["category"]?.stringValue, "streaming")
        XCTAssertNotNil(entry["unsubscribe"]?.stringValue)
        XCTAssertEqual(entry["started"]?.dateTimeValue?.description, "2026-11-29")
    }

    func testANewGoalIsAFileWithTheCommentsInitWrites() throws {
        let response = post(
            "goal",
            [
                "id": "camera", "name": "A camera", "mode": "wish", "target": "900", "currency": "", "icon": "📷",
                "plan_amount": "100", "frequency": "monthly",
            ])
        XCTAssertEqual(response?.status, 303, response.map { String(decoding: $0.body, as: UTF8.self) } ?? "")
        XCTAssertEqual(response?.headers.first { $0.name == "Location" }?.value, "/goals/camera/")
        let written = try text("goals/camera.toml")
        XCTAssertTrue(written.hasPrefix("# A \"wish\" goal: something you want"), written)
        XCTAssertTrue(written.contains("\nname = \"A camera\"\n"), written)
        XCTAssertTrue(written.contains("\nperiods = 9 "), "900 at 100 a month takes 9 periods: \(written)")
        XCTAssertTrue(written.contains("# Each deposit is one [[deposit]] block"), written)
        // A second goal with that id is refused, and the file stays as it is.
        let again = post("goal", ["id": "camera", "name": "Another", "mode": "wish", "target": "5"])
        XCTAssertEqual(again?.status, 422)
        XCTAssertEqual(try text("goals/camera.toml"), written)
    }

    /// Without an id, the goal's is made from its name; a name with no letters to make one from
    /// is sent back asking for one.
    func testANewGoalWithoutAnIdTakesOneFromItsName() throws {
        XCTAssertEqual(
            post("goal", ["id": "", "name": "A Trip to Kyoto!", "mode": "wish", "target": "2000"])?.status, 303)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: data.appendingPathComponent("goals/a-trip-to-kyoto.toml").path))
        let before = snapshot()
        XCTAssertEqual(post("goal", ["id": "", "name": "京都之旅", "mode": "wish", "target": "2000"])?.status, 422)
        XCTAssertTrue(site.rendered.last?.forms.pending?.message.contains("give the goal an id") ?? false)
        XCTAssertEqual(snapshot(), before)
    }

    // MARK: - Bad input: 422, the page with the message, the form refilled

    func testBadInputIsAnsweredWithThePageTheMessageAndTheFormRefilled() throws {
        let before = snapshot()
        let response = post("deposit", ["goal": "bike", "amount": "12,5", "note": "tip"])
        XCTAssertEqual(response?.status, 422)
        let page = String(decoding: response?.body ?? [], as: UTF8.self)
        XCTAssertTrue(page.contains("<head>\n<base href=\"/goals/bike/\">"), page)
        let pending = try XCTUnwrap(site.rendered.last)
        XCTAssertEqual(pending.path, "goals/bike/index.html")
        XCTAssertEqual(pending.forms.pending?.values["amount"], "12,5")
        XCTAssertEqual(pending.forms.pending?.values["note"], "tip")
        XCTAssertEqual(
            pending.forms.pending?.message,
            "sandjar: invalid amount '12,5': use a point for the decimals: 12.5")
        XCTAssertEqual(snapshot(), before)

        // A message about a file carries its place, line and caret, as `sandjar check` prints it.
        try Data("name = \"Bike\"\nmode = \"wish\"\ntarget = 500\n[[deposit]]\nat = 2026-09-01\namount = = 5\n".utf8)
            .write(to: data.appendingPathComponent("goals/bike.toml"))
        XCTAssertEqual(post("deposit", ["goal": "bike", "amount": "5"])?.status, 422)
        let located = site.rendered.last?.forms.pending?.message ?? ""
        XCTAssertTrue(located.hasPrefix("\(data.path)/goals/bike.toml:6:10: error: "), located)
        XCTAssertTrue(located.contains("\n  amount = = 5\n"), located)
    }

    func testTheSameFormSentTwiceWritesOnceAndSaysSo() throws {
        let before = try text("goals/bike.toml")
        let once = try XCTUnwrap(app.forms?.once)
        let form = ["goal": "bike", "amount": "7", "once": once]
        XCTAssertEqual(post("deposit", form)?.status, 303)
        let after = try text("goals/bike.toml")
        XCTAssertEqual(
            after.components(separatedBy: "[[deposit]]").count, before.components(separatedBy: "[[deposit]]").count + 1)
        let second = post("deposit", form)
        XCTAssertEqual(second?.status, 409)
        XCTAssertEqual(try text("goals/bike.toml"), after, "the second one wrote nothing")
        XCTAssertTrue(site.rendered.last?.forms.pending?.message.contains("sent from this page once already") ?? false)
        // Sent again from the page that answered (its new `once`), it is a new deposit.
        XCTAssertEqual(post("deposit", ["goal": "bike", "amount": "7"])?.status, 303)
    }

    // MARK: - Refusals: nothing written

    func testEveryForgedOrMalformedRequestIsRefusedAndWritesNothing() throws {
        let before = snapshot()
        let good = ["goal": "bike", "amount": "5"]
        func status(_ response: WebResponse?) -> Int? { response?.status }
        let cases: [(String, Int?)] = [
            ("no token", status(post("deposit", good.merging(["token": ""]) { $1 }))),
            ("a wrong token", status(post("deposit", good.merging(["token": String(Self.token.reversed())]) { $1 }))),
            (
                "a token one digit short",
                status(post("deposit", good.merging(["token": String(Self.token.dropLast())]) { $1 }))
            ),
            ("another origin", status(post("deposit", good, headers: ["origin": "http://evil.example"]))),
            ("the null origin", status(post("deposit", good, headers: ["origin": "null"]))),
            (
                "another site's referer",
                status(post("deposit", good, headers: ["origin": "", "referer": "http://evil.example/x"]))
            ),
            ("a look-alike origin", status(post("deposit", good, headers: ["origin": Self.origin + ".evil.example"]))),
            ("text, not a form", status(post("deposit", good, headers: ["content-type": "text/plain"]))),
            ("JSON", status(post("deposit", good, headers: ["content-type": "application/json"]))),
            ("a path for an id", status(post("deposit", ["goal": "../../etc/passwd", "amount": "5"]))),
            ("an id with a slash", status(post("deposit", ["goal": "bike/x", "amount": "5"]))),
            ("a language folder that is a path", status(post("deposit", good.merging(["lang": "../x"]) { $1 }))),
            ("no such form", status(post("delete", good))),
        ]
        let expected: [String: Int] = [
            "no token": 403, "a wrong token": 403, "a token one digit short": 403, "another origin": 403,
            "the null origin": 403, "another site's referer": 403, "a look-alike origin": 403, "text, not a form": 415,
            "JSON": 415, "a path for an id": 400, "an id with a slash": 400, "a language folder that is a path": 400,
            "no such form": 404,
        ]
        for (name, got) in cases { XCTAssertEqual(got, expected[name], name) }
        // Other methods, and GET, never write.
        for method in ["GET", "HEAD", "PUT", "DELETE"] {
            let response = app.handle(
                WebRequest(method: method, path: "/_sandjar/deposit", headers: ["host": "127.0.0.1"]))
            XCTAssertEqual(response?.status, 405, method)
            XCTAssertEqual(response?.headers.first { $0.name == "Allow" }?.value, "POST")
        }
        // A body that is not a well-formed form.
        for body in ["amount=5&amount=6", "a=%zz", "=5", "a=%ff%fe"] {
            let request = WebRequest(
                method: "POST", path: "/_sandjar/deposit",
                headers: ["host": "127.0.0.1:8080", "content-type": "application/x-www-form-urlencoded"],
                body: Array((body + "&token=\(Self.token)").utf8))
            XCTAssertEqual(app.handle(request)?.status, 400, body)
        }
        XCTAssertEqual(snapshot(), before)
        XCTAssertEqual(site.rebuilds.count, 0)
        XCTAssertNil(app.handle(WebRequest(method: "GET", path: "/goals/bike/")), "reads are served as files")
    }

    func testReadOnlyHasNoFormsAndWritesNothing() throws {
        app = makeApp(readOnly: true)
        XCTAssertNil(app.forms)
        let before = snapshot()
        XCTAssertEqual(post("deposit", ["goal": "bike", "amount": "5"])?.status, 403)
        XCTAssertEqual(snapshot(), before)
    }

    /// `--listen`: the printed address carries the token, which becomes an HttpOnly, SameSite
    /// cookie; without it no page is served, reads included.
    func testListeningOnTheNetworkEveryRequestNeedsTheToken() throws {
        app = makeApp(listen: true)
        let bare = app.handle(WebRequest(method: "GET", path: "/", headers: ["host": "192.168.1.5:8080"]))
        XCTAssertEqual(bare?.status, 403)
        let wrong = app.handle(WebRequest(method: "GET", path: "/", query: "token=nope"))
        XCTAssertEqual(wrong?.status, 403)
        let first = try XCTUnwrap(
            app.handle(WebRequest(method: "GET", path: "/goals/", query: "x=1&\(app.tokenQuery)")))
        XCTAssertEqual(first.status, 303)
        XCTAssertEqual(first.headers.first { $0.name == "Location" }?.value, "/goals/?x=1")
        XCTAssertEqual(
            first.headers.first { $0.name == "Set-Cookie" }?.value,
            "sandjar_token=\(Self.token); Path=/; HttpOnly; SameSite=Strict")
        let cookie = ["cookie": "theme=dark; sandjar_token=\(Self.token)"]
        XCTAssertNil(app.handle(WebRequest(method: "GET", path: "/goals/", headers: cookie)), "then pages are served")
        let before = try text("goals/bike.toml")
        XCTAssertEqual(post("deposit", ["goal": "bike", "amount": "5"])?.status, 403, "a form needs the cookie too")
        XCTAssertEqual(try text("goals/bike.toml"), before)
        XCTAssertEqual(post("deposit", ["goal": "bike", "amount": "5"], headers: cookie)?.status, 303)
    }

    /// Forms from sixteen pages at once (each its own `once`) all land, one after another.
    func testSixteenFormsAtOnceAllLand() throws {
        let before = try text("goals/bike.toml")
        let amounts = (1...16).map { "3.\(String(format: "%02d", $0))" }
        let statuses = Locked16()
        let requests = amounts.indices.map { index in
            WebRequest(
                method: "POST", path: "/_sandjar/deposit",
                headers: ["host": "127.0.0.1:8080", "content-type": "application/x-www-form-urlencoded"],
                body: Array(
                    Self.encode([
                        "token": Self.token, "goal": "bike", "amount": amounts[index], "once": "page-\(index)",
                    ])
                    .utf8))
        }
        let app = self.app!
        DispatchQueue.concurrentPerform(iterations: amounts.count) { index in
            statuses.set(index, app.handle(requests[index])?.status)
        }
        XCTAssertEqual(statuses.values, Array(repeating: 303, count: 16))
        let after = try text("goals/bike.toml")
        for amount in amounts { XCTAssertTrue(after.contains("amount = \(amount)\n"), amount) }
        XCTAssertEqual(
            after.components(separatedBy: "[[deposit]]").count, before.components(separatedBy: "[[deposit]]").count + 16
        )
        XCTAssertNoThrow(try TOMLParser.parse(Array(after.utf8)))
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
        let token = AppToken(text: Self.token)
        XCTAssertTrue(token.matches(Self.token))
        XCTAssertFalse(token.matches(Self.token + "0"))
        XCTAssertFalse(token.matches(String(Self.token.dropLast())))
        XCTAssertFalse(token.matches(""))
        XCTAssertFalse(token.matches(nil))
        XCTAssertEqual(AppToken().text.count, 32, "128 bits")
        XCTAssertNotEqual(AppToken().text, AppToken().text)
    }
}

/// What the app asks of the serve session, recorded.
final class FakeSite: @unchecked Sendable {
    private let lock = NSLock()
    private var rebuilt: [ServeForms] = []
    private var renders: [(path: String, forms: ServeForms)] = []

    var rebuilds: [ServeForms] { lock.withLock { rebuilt } }
    var rendered: [(path: String, forms: ServeForms)] { lock.withLock { renders } }

    var site: LocalApp.Site {
        LocalApp.Site(
            rebuild: { forms in
                self.lock.withLock { self.rebuilt.append(forms) }
                return true
            },
            render: { path, forms in
                self.lock.withLock { self.renders.append((path, forms)) }
                return Array(
                    "<!doctype html>\n<html>\n<head>\n<title>\(path)</title>\n</head>\n<body></body>\n</html>\n".utf8)
            },
            has: { path in
                [
                    "goals/bike/index.html", "goals/index.html", "breathing/box/index.html", "breathing/index.html",
                    "subscriptions/index.html",
                ].contains(path)
            },
            unlockedBadges: { [] })
    }
}

/// Sixteen statuses set from concurrent threads.
final class Locked16: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses = [Int?](repeating: nil, count: 16)
    func set(_ index: Int, _ status: Int?) { lock.withLock { statuses[index] = status } }
    var values: [Int?] { lock.withLock { statuses } }
}
