import Domain
import Foundation
import TestSupport
import XCTest

@testable import SandjarCLI
@testable import SiteBuilder

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// serve's forms end to end, in-process: the real build with its forms, the real server, HTTP
/// posts as a browser sends them (the token read off the served page), the real rebuild.
final class ServeFormsTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var work: URL!
    private var data: URL!
    private var session: ServeSession!
    private var port: UInt16 = 0
    private lazy var said = SandjarCommandTests.Captured(self)

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-forms-\(UUID().uuidString)")
        data = work.appendingPathComponent("dash")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/base"), to: data)
        try start()
        let work = self.work!
        addTeardownBlock { [weak self] in
            self?.session?.stop()
            try? FileManager.default.removeItem(at: work)
        }
    }

    private func start(readOnly: Bool = false) throws {
        session?.stop()
        var options = BuildOptions()
        options.data = data.path
        options.cache = work.appendingPathComponent("cache").path
        options.today = CalendarDate(iso: "2026-11-29")
        session = ServeSession(options: options, port: 0, readOnly: readOnly, console: said.console())
        port = try ServeTests.start(session)
    }

    /// One exchange; redirects are not followed, so a 303 is seen as such.
    private func send(
        _ path: String, method: String = "GET", form: [String: String]? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> (
        Int, [String: String], String
    ) {
        var request = URLRequest(
            url: try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)\(path)"), file: file, line: line))
        request.httpMethod = method
        if let form {
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.setValue("http://127.0.0.1:\(port)", forHTTPHeaderField: "Origin")
            request.httpBody = Data(Self.encode(form).utf8)
        }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: (Int, [String: String], String)?
        let delegate = NoRedirects()
        let urlSession = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        urlSession.dataTask(with: request) { body, response, _ in
            if let http = response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for (name, value) in http.allHeaderFields {
                    headers[String(describing: name).lowercased()] = String(describing: value)
                }
                result = (http.statusCode, headers, String(decoding: body ?? Data(), as: UTF8.self))
            }
            done.signal()
        }.resume()
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success, file: file, line: line)
        urlSession.finishTasksAndInvalidate()
        return try XCTUnwrap(result, file: file, line: line)
    }

    private static func encode(_ fields: [String: String]) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        return fields.sorted { $0.key < $1.key }.map {
            "\($0)=\($1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }
        .joined(separator: "&")
    }

    /// The hidden field `name`'s value in the first form of `page`.
    private func hidden(_ name: String, in page: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> String
    {
        let marker = "name=\"\(name)\" value=\""
        let start = try XCTUnwrap(page.range(of: marker), "no \(name) in the page", file: file, line: line).upperBound
        return String(page[start...].prefix { $0 != "\"" })
    }

    private func text(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: data.appendingPathComponent(relative)), as: UTF8.self)
    }

    func testADepositFromTheGoalPageIsWrittenRebuiltAndShown() throws {
        let (_, _, page) = try send("/goals/bike/")
        XCTAssertTrue(page.contains("action=\"/_sandjar/deposit\""), "the served goal page has the deposit form")
        XCTAssertTrue(page.contains("inputmode=\"decimal\""))
        XCTAssertTrue(page.contains("$110.25"), "saved before")
        let before = try text("goals/bike.toml")
        let form = [
            "token": try hidden("token", in: page), "lang": "", "goal": "bike",
            "amount": "20", "note": "from the browser", "at": "2026-11-29T08:30",
        ]
        let (status, headers, _) = try send("/_sandjar/deposit", method: "POST", form: form)
        XCTAssertEqual(status, 303)
        XCTAssertEqual(headers["location"], "/goals/bike/?done=1")
        XCTAssertEqual(
            try text("goals/bike.toml"),
            before + "\n[[deposit]]\nat = 2026-11-29T08:30:00\namount = 20\nnote = \"from the browser\"\n")
        let (_, _, after) = try send("/goals/bike/")
        XCTAssertTrue(after.contains("$130.25"), "the rebuilt page shows the new total")
        XCTAssertTrue(after.contains("from the browser"))
        XCTAssertFalse(session.app.site.lookForChanges(), "the form's rebuild is not done twice")
        let (_, _, landing) = try send("/goals/bike/?done=1")
        XCTAssertTrue(landing.contains("Added $20.00 to Bike"), "the page it lands on says what was done")
    }

    func testBadInputGets422WithTheMessageTheFormRefilledAndTheLinksRight() throws {
        let (_, _, page) = try send("/goals/bike/")
        let before = try text("goals/bike.toml")
        let form = [
            "token": try hidden("token", in: page), "lang": "", "goal": "bike", "amount": "12,5", "note": "tip",
        ]
        let (status, _, answer) = try send("/_sandjar/deposit", method: "POST", form: form)
        XCTAssertEqual(status, 422)
        XCTAssertTrue(answer.contains("<base href=\"/goals/bike/\">"), "relative links resolve from the goal's page")
        XCTAssertTrue(answer.contains("invalid amount &#39;12,5&#39;: use a point for the decimals: 12.5"), answer)
        XCTAssertTrue(answer.contains("value=\"12,5\""), "the amount is refilled")
        XCTAssertTrue(answer.contains("value=\"tip\""), "the note is refilled")
        XCTAssertTrue(answer.contains("role=\"alert\""))
        XCTAssertEqual(try text("goals/bike.toml"), before)
    }

    func testEveryServedFormPostsWithTheTokenAndABuiltSiteHasNone() throws {
        let pages = ["/goals/", "/goals/bike/", "/breathing/box/", "/subscriptions/"]
        for path in pages {
            let (_, _, page) = try send(path)
            XCTAssertTrue(page.contains("action=\"/_sandjar/"), path)
            XCTAssertTrue(page.contains("name=\"token\""), path)
        }
        XCTAssertEqual(try send("/_sandjar/deposit").0, 405, "GET never writes")

        let output = work.appendingPathComponent("published")
        var options = BuildOptions()
        options.data = data.path
        options.output = output.path
        options.cache = work.appendingPathComponent("cache").path
        options.today = CalendarDate(iso: "2026-11-29")
        XCTAssertTrue(SiteBuild(options: options).run().succeeded)
        for path in [
            "goals/index.html", "goals/bike/index.html", "breathing/box/index.html", "subscriptions/index.html",
        ] {
            let built = try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
            XCTAssertFalse(built.contains("<form"), "a built site has no forms: \(path)")
        }
    }

    func testReadOnlyServesNoFormsAndRefusesWrites() throws {
        try start(readOnly: true)
        let (_, _, page) = try send("/goals/bike/")
        XCTAssertFalse(page.contains("<form"))
        let before = try text("goals/bike.toml")
        XCTAssertEqual(try send("/_sandjar/deposit", method: "POST", form: ["goal": "bike", "amount": "5"]).0, 403)
        XCTAssertEqual(try text("goals/bike.toml"), before)
    }
}

/// Keeps a 303 a 303.
final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
