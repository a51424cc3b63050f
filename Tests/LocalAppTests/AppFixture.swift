import DataEdit
import Domain
import Foundation
import SiteBuilder
import SiteData
import SiteServer
import XCTest

@testable import LocalApp

/// A copy of `Tests/Fixtures/base` served by a real `LocalApp` — its `ServedSite` building the real
/// site in memory, its journal and jar cache in folders of the test's own — with requests sent the
/// way a browser on this origin sends them, and a snapshot of the data folder to prove a refusal
/// changed nothing. With `inMemory`, the copy is a `DataFolder` in memory and so are the journal
/// and the jar cache: `folder` is made empty and stays so, and `data` is never made.
final class AppFixture {
    static let token = "00112233445566778899aabbccddeeff"
    static let host = "127.0.0.1:8080"
    static let origin = "http://127.0.0.1:8080"
    /// 2026-11-30T02:14:05Z: 21:14:05 on Nov 29 in New York (the fixture's time zone).
    static let clock = Date(timeIntervalSince1970: 1_796_004_845)

    let folder: URL
    let data: URL
    /// The data folder, when it is held in memory (`inMemory`); nil: `data`, on disk.
    let memory: DataFolder?
    let journal: UndoJournal
    let app: LocalApp
    /// What the owner handed the server, last.
    let served = Served()

    /// - Parameters:
    ///   - inMemory: serve a data folder held in memory, with the journal and jar cache the app
    ///     keeps for it in memory, instead of a copy on disk.
    ///   - today: the build's `--today`; nil: the day on `clock` in the site's time zone.
    ///   - clock: the wall clock; nil: the fixed `AppFixture.clock`.
    ///   - wake: what the owner sets its end-of-day wake-up with; nil: Dispatch's timer.
    ///   - theme: a theme folder over the built-in one (`--theme`).
    init(
        _ test: XCTestCase, inMemory: Bool = false, readOnly: Bool = false, listen: Bool = false,
        today: CalendarDate? = CalendarDate(iso: "2026-11-29"), clock: (@Sendable () -> Date)? = nil,
        wake: (@Sendable (Double, @escaping @Sendable () -> Void) -> Void)? = nil, theme: URL? = nil,
        files: [String: String] = [:], person: String? = nil, file: StaticString = #filePath,
        line: UInt = #line
    )
        throws
    {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-app-\(UUID().uuidString)")
        data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/base")
        let removed = folder
        test.addTeardownBlock { try? FileManager.default.removeItem(at: removed) }
        var options = BuildOptions()
        options.data = data.path
        options.today = today
        options.theme = theme?.path
        options.person = person
        if inMemory {
            var copy = try AppFixture.files(of: fixture)
            for (relative, text) in files { copy[relative] = Array(text.utf8) }
            let memory = DataFolder(files: copy, display: "data")
            options.dataFiles = memory
            self.memory = memory
        } else {
            try FileManager.default.copyItem(at: fixture, to: data)
            for (relative, text) in files { try Data(text.utf8).write(to: data.appendingPathComponent(relative)) }
            options.cache = folder.appendingPathComponent("cache").path
            memory = nil
        }
        let served = self.served
        app = LocalApp(
            settings: LocalApp.Settings(readOnly: readOnly, tokenForEveryRequest: listen),
            options: options, token: AppToken(text: Self.token), publish: { served.set($0) }, log: { _ in },
            now: clock ?? { Self.clock },
            journal: inMemory ? nil : UndoJournal(folder: folder.appendingPathComponent("journal")), wake: wake)
        journal = app.journal
        XCTAssertTrue(app.site.buildFirst(), "the fixture builds", file: file, line: line)
    }

    /// Every file under `root`, by its path inside it.
    private static func files(of root: URL) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            files[relative] = Array(try Data(contentsOf: url))
        }
        return files
    }

    /// A form as a browser on this origin sends it, the run's token added.
    func post(_ form: String, _ fields: [String: String], headers: [String: String] = [:]) -> WebResponse? {
        var all = ["token": Self.token, "lang": ""]
        all.merge(fields) { _, given in given }
        all = all.filter { $0.value != "\u{0}omit" }
        var head = ["host": Self.host, "origin": Self.origin, "content-type": "application/x-www-form-urlencoded"]
        head.merge(headers) { _, given in given }
        head = head.filter { !$0.value.isEmpty }  // "" leaves a header out
        return app.handle(
            WebRequest(method: "POST", path: "/_sandjar/\(form)", headers: head, body: Array(Self.encode(all).utf8)))
    }

    /// The page a browser is sent to after a write: `Location` followed, notice and all.
    func follow(_ response: WebResponse?) -> String? {
        guard let location = response?.headers.first(where: { $0.name == "Location" })?.value else { return nil }
        let withoutFragment = location.split(separator: "#", maxSplits: 1)[0]
        let parts = withoutFragment.split(separator: "?", maxSplits: 1).map(String.init)
        let request = WebRequest(
            method: "GET", path: parts[0], query: parts.count > 1 ? parts[1] : "", headers: ["host": Self.host])
        if let answered = app.handle(request) { return String(decoding: answered.body, as: UTF8.self) }
        return served.page(parts[0])
    }

    static func encode(_ fields: [String: String]) -> String {
        fields.sorted { $0.key < $1.key }.map { key, value in
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
            return "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }.joined(separator: "&")
    }

    func text(_ relative: String) throws -> String {
        if let memory {
            return String(decoding: try memory.read(relative).get().bytes, as: UTF8.self)
        }
        return String(decoding: try Data(contentsOf: data.appendingPathComponent(relative)), as: UTF8.self)
    }

    func write(_ text: String, to relative: String) throws {
        if let memory { return try memory.write(relative, Array(text.utf8)) }
        try Data(text.utf8).write(to: data.appendingPathComponent(relative))
    }

    /// Every file of the data folder, to prove a refusal changed nothing.
    func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        if let memory {
            for relative in memory.allFiles() {
                files[relative] = (try? memory.read(relative).get()).map { Data($0.bytes) }
            }
            return files
        }
        let walker = FileManager.default.enumerator(atPath: data.path)
        while let relative = walker?.nextObject() as? String {
            files[relative] = FileManager.default.contents(atPath: data.appendingPathComponent(relative).path)
        }
        return files
    }

    /// The served page at `path` (`/goals/bike/`), as the server has it now.
    func page(_ path: String) -> String? { served.page(path) }

    /// The page at `path` asked for by an entry's Edit link: with that entry's forms.
    func editPage(_ path: String, _ fingerprint: String) -> String? {
        let request = WebRequest(method: "GET", path: path, query: "edit=\(fingerprint)", headers: ["host": Self.host])
        return app.handle(request).map(\.text)
    }

    /// The fingerprint in the first Edit link of `page`.
    static func firstEdit(in page: String) -> String? {
        guard let range = page.range(of: "\\?edit=[0-9a-f]{16}", options: .regularExpression) else { return nil }
        return String(page[range].dropFirst("?edit=".count))
    }

    /// The value of the hidden field `name` in the form with id `form` on `page`.
    static func field(_ name: String, inForm form: String, of page: String) -> String? {
        guard let start = page.range(of: "id=\"\(form)\""),
            let end = page.range(of: "</form>", range: start.upperBound..<page.endIndex)
        else { return nil }
        let html = page[start.upperBound..<end.lowerBound]
        guard let field = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
        let rest = html[field.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]).replacingOccurrences(of: "&quot;", with: "\"") }
    }
}

/// The last site the owner handed over, read from any thread.
final class Served: @unchecked Sendable {
    private let lock = NSLock()
    private var site: MemorySite?
    private var count = 0

    func set(_ site: MemorySite) {
        lock.withLock {
            self.site = site
            count += 1
        }
    }

    var handed: Int { lock.withLock { count } }

    func page(_ path: String) -> String? {
        let relative = String(path.dropFirst()) + (path.hasSuffix("/") ? "index.html" : "")
        return lock.withLock { site?.file(relative) }.map { String(decoding: $0, as: UTF8.self) }
    }
}

extension WebResponse {
    var location: String? { headers.first { $0.name == "Location" }?.value }
    var text: String { String(decoding: body, as: UTF8.self) }
}
