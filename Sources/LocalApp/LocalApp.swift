import DataEdit
import Foundation
import SiteBuilder
import SiteData
import SiteServer

/// `sandjar serve` as the local app (DESIGN.md §6): the forms on the pages it serves write the
/// data folder through the same entries, lock and undo journal as the editing commands, then the
/// served site is rebuilt (`ServedSite`, its one owner) and the browser sent to the page that
/// shows the change, which says what was done and offers Undo.
///
/// Every request is hostile until proven otherwise. A write needs, in this order: the path
/// `/_sandjar/<form>` and the method POST (405), the form encoding (415), a `Host` that is the
/// address and port served (checked by the server, 403), an `Origin` or `Referer` of this origin
/// when sent (403), the run's token in the form (403), and with `--listen` the token's cookie too
/// (403). Ids from a form never become paths: they are looked up among the data's own and checked
/// against the one id rule. Bad input answers 422 with the page, the message and the form
/// refilled; a write that may be a slip (the same deposit twice within two minutes, a service
/// already active, a goal of a name a goal has) or that names an entry changed since the page was made answers 409. Nothing is
/// written on any of these.
public final class LocalApp: Sendable {
    /// What serve was asked that no build is: the data folder and the theme the forms write by
    /// are the build's own (`BuildOptions`, through `ServedSite.options`).
    public struct Settings: Sendable {
        /// `--read-only`: no forms, and `/_sandjar/` refuses every write.
        public var readOnly: Bool
        /// `--listen`: every request, reads too, needs the token (a cookie after the first).
        public var tokenForEveryRequest: Bool

        public init(readOnly: Bool = false, tokenForEveryRequest: Bool = false) {
            self.readOnly = readOnly
            self.tokenForEveryRequest = tokenForEveryRequest
        }
    }

    public static let cookieName = "sandjar_token"
    /// Who is writing in a household (DESIGN.md §6), remembered per browser: the person's id alone.
    public static let personCookie = "sandjar_person"
    /// How long the `--listen` cookie lasts: a phone's home-screen app keeps working for the run.
    public static let cookieSeconds = 30 * 24 * 3600

    let settings: Settings
    let token: AppToken
    /// The clock for entries without a time; tests pass a fixed one.
    let now: @Sendable () -> Date
    /// Where edits are journalled, each entry stamped by `now`, the clock the entries themselves
    /// are dated by: the data folder's own journal for a folder on disk, unless a test gives one;
    /// one in memory for a data folder in memory.
    let journal: UndoJournal
    /// serve's terminal.
    let log: @Sendable (String) -> Void
    /// The owner of the served site.
    public let site: ServedSite

    /// - Parameters:
    ///   - options: how the site is built; the data folder it reads (`dataFiles`, else `data`) is
    ///     the one the forms write, its `theme` the one their catalogue is read from.
    ///   - publish: hands each good build to the server.
    ///   - log: serve's terminal.
    public convenience init(
        settings: Settings, options: BuildOptions, publish: @escaping @Sendable (MemorySite) -> Void,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.init(
            settings: settings, options: options, token: AppToken(), publish: publish, log: log, now: { Date() },
            journal: nil)
    }

    init(
        settings: Settings, options: BuildOptions, token: AppToken, publish: @escaping @Sendable (MemorySite) -> Void,
        log: @escaping @Sendable (String) -> Void, now: @escaping @Sendable () -> Date, journal: UndoJournal?,
        wake: (@Sendable (Double, @escaping @Sendable () -> Void) -> Void)? = nil
    ) {
        self.settings = settings
        self.token = token
        self.now = now
        self.journal = (journal ?? LocalApp.journal(for: options)).stamped(by: now)
        self.log = log
        site = ServedSite(
            options: options, forms: settings.readOnly ? nil : ServeForms(token: token.text), publish: publish,
            log: log, clock: now, wake: wake)
    }

    /// The data folder's own undo journal, where the environment puts it; for a data folder held
    /// in memory, a journal in memory too, so nothing of a served folder in memory reaches the disk.
    private static func journal(for options: BuildOptions) -> UndoJournal {
        if let files = options.dataFiles, files.diskPath == nil {
            return UndoJournal(files: DataFolder(files: [:], display: "undo journal"))
        }
        return UndoJournal(forData: options.data)
    }

    /// The one editor every form writes through: the served data folder (`BuildOptions.dataFiles`
    /// when it is held in memory, else `BuildOptions.data` on disk, found again for each write as a
    /// command finds it) and this app's journal.
    var editor: DataFileEditor {
        DataFileEditor(
            folder: site.options.dataFiles ?? DataFolder(path: site.options.data), journal: journal, memo: site.parsed)
    }

    /// `token=…`, for the address serve prints with `--listen`.
    public var tokenQuery: String { "token=\(token.text)" }

    /// The answer to `request`, or nil to serve the file it asks for from the served site.
    public func handle(_ request: WebRequest) -> WebResponse? {
        // Past midnight, no request is answered with yesterday's site (DESIGN.md §6).
        site.turnTheDay()
        if settings.tokenForEveryRequest, let answer = admit(request) { return answer }
        guard request.path == "/_sandjar" || request.path.hasPrefix("/_sandjar/") else {
            return request.method == "GET" ? landing(request) : nil
        }
        guard request.method == "POST" else {
            return .text(
                405, "405 Method Not Allowed: only a form sent with POST writes", headers: [.init("Allow", "POST")])
        }
        if settings.readOnly {
            return .text(403, "403 Forbidden: sandjar serve runs with --read-only; nothing is written")
        }
        let type = request.headers["content-type"]?.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard type == "application/x-www-form-urlencoded" else {
            return .text(415, "415 Unsupported Media Type: send the form as application/x-www-form-urlencoded")
        }
        if let refusal = checkOrigin(request) { return refusal }
        let fields: FormFields
        do {
            fields = try FormFields(request.body)
        } catch {
            return .text(400, "400 Bad Request: \(error.message)")
        }
        guard token.matches(fields["token"]) else {
            return .text(403, "403 Forbidden: the form's token is missing or wrong; reload the page and send it again")
        }
        guard let kind = WriteKind.Form(rawValue: String(request.path.dropFirst("/_sandjar/".count))) else {
            return .text(404, "404 Not Found: no form at \(request.path)")
        }
        return submit(kind, fields, remembered: request.cookie(LocalApp.personCookie))
    }

    /// A page asked for with `?done=N`, the write it lands after, says what that write did at its
    /// top; with `?edit=<fingerprint>`, it has that entry's Edit and Remove. Anything else is
    /// served as it is.
    private func landing(_ request: WebRequest) -> WebResponse? {
        if request.query.isEmpty { return remembering(request) }
        guard var forms = site.forms else { return nil }
        for pair in request.query.split(separator: "&") {
            if pair.hasPrefix("done="), let id = Int(pair.dropFirst("done=".count)), id > 0 {
                forms.notice = notice(id)
            } else if pair.hasPrefix("edit=") {
                let fingerprint = String(pair.dropFirst("edit=".count))
                // An entry's fingerprint or a subscription's id.
                if DataLoader.isValidID(fingerprint) { forms.editing = fingerprint }
            }
        }
        guard forms.notice != nil || forms.editing != nil, let build = site.current else { return nil }
        let path = String(request.path.dropFirst()) + (request.path.hasSuffix("/") ? "index.html" : "")
        guard SiteFiles.isSafeRelativePath(path) else { return nil }
        do {
            guard let page = try build.page(path, forms: forms) else { return nil }
            let person = remembered(request, in: build)
            return .html(200, person.map { LocalApp.choosing($0, people: build.people, in: page) } ?? page)
        } catch {
            return unrendered(error)
        }
    }

    /// A page that could not be rendered with its forms (a theme's template failing): said on
    /// serve's terminal and answered 500 with the located error, never served as a page that
    /// silently lacks what the write did.
    func unrendered(_ error: Diagnostic) -> WebResponse {
        log(error.description + "\n")
        return .text(500, "500 Internal Server Error: the page could not be rendered\n\n\(error.description)")
    }

    /// The person a browser remembers as writing (its cookie), when it is one of the site's people.
    func remembered(_ request: WebRequest, in build: ServedBuild) -> String? {
        guard let id = request.cookie(LocalApp.personCookie), DataLoader.isValidID(id), build.people.contains(id)
        else { return nil }
        return id
    }

    /// A page with forms that ask who is writing, served to a browser that remembers someone:
    /// that person chosen. Nil (the page as built) otherwise.
    private func remembering(_ request: WebRequest) -> WebResponse? {
        guard settings.readOnly == false, let build = site.current, let person = remembered(request, in: build) else {
            return nil
        }
        let path = String(request.path.dropFirst()) + (request.path.hasSuffix("/") ? "index.html" : "")
        guard SiteFiles.isSafeRelativePath(path), path.hasSuffix(".html"), let page = build.files[path] else {
            return nil
        }
        let text = String(decoding: page, as: UTF8.self)
        guard text.contains("name=\"by\"") || text.contains("<li data-person=") else { return nil }
        return .html(200, LocalApp.choosing(person, people: build.people, in: page))
    }

    /// `page` with `person` chosen in every "who is writing" choice, and no one else; on Today,
    /// their line first.
    /// Today leads with that person's own line, beside the household's (DESIGN.md §6).
    static func choosing(_ person: String, people: [String], in page: [UInt8]) -> [UInt8] {
        var text = String(decoding: page, as: UTF8.self)
        let list = "<ul class=\"household-people\">\n"
        if let top = text.range(of: list), let line = text.range(of: "    <li data-person=\"\(person)\">"),
            let end = text.range(of: "</li>\n", range: line.upperBound..<text.endIndex)
        {
            let mine = String(text[line.lowerBound..<end.upperBound])
            text.removeSubrange(line.lowerBound..<end.upperBound)
            text.insert(contentsOf: mine, at: top.upperBound)
        }
        for id in people {
            text = text.replacingOccurrences(of: "<option value=\"\(id)\" selected>", with: "<option value=\"\(id)\">")
        }
        text = text.replacingOccurrences(
            of: "<option value=\"\(person)\">", with: "<option value=\"\(person)\" selected>")
        return Array(text.utf8)
    }

    /// What write `id` did, for its landing page — only while it is still the news: a page
    /// reloaded (or gone Back to) later must not offer to take back a write that is no longer the
    /// latest (issue 39). So the notice is shown while `id` is still the latest write in the undo
    /// journal (nothing written since, by a form or a command) and the journal agrees with it: a
    /// write's notice, with Undo, while the write stands; an undo's ("Undone: …") while it is
    /// undone. Otherwise the page is served as it is.
    private func notice(_ id: Int) -> ServeNotice? {
        guard let notice = site.notice(id) else { return nil }
        guard journal.latestID() == id, let entry = journal.entry(id), (entry.undone != nil) == notice.undone else {
            return nil
        }
        return notice
    }

    /// With `--listen`: the first request carries the token in its query and gets it as a cookie;
    /// every other needs the cookie. Nil when the request may go on.
    private func admit(_ request: WebRequest) -> WebResponse? {
        let query = request.query.split(separator: "&").map(String.init)
        if let given = query.first(where: { $0.hasPrefix("token=") }) {
            guard token.matches(String(given.dropFirst("token=".count))) else {
                return .text(403, "403 Forbidden: that token is not this run's; open the address sandjar serve printed")
            }
            let rest = query.filter { !$0.hasPrefix("token=") }.joined(separator: "&")
            let cookie =
                "\(LocalApp.cookieName)=\(token.text); Path=/; Max-Age=\(LocalApp.cookieSeconds); HttpOnly; SameSite=Strict"
            return .seeOther(request.path + (rest.isEmpty ? "" : "?" + rest), headers: [.init("Set-Cookie", cookie)])
        }
        guard token.matches(request.cookie(LocalApp.cookieName)) else {
            return .text(
                403,
                "403 Forbidden: this sandjar serve answers only the browser that opened the address it printed "
                    + "(http://…/?token=…); open that address")
        }
        return nil
    }

    /// A request sent by a page of another origin is refused, whatever else it carries. Browsers
    /// send `Origin` with every POST; `Referer` is checked when `Origin` is absent.
    private func checkOrigin(_ request: WebRequest) -> WebResponse? {
        let host = request.headers["host"] ?? ""
        let own = "http://\(host)"
        if let origin = request.headers["origin"] {
            guard origin == own else { return .text(403, "403 Forbidden: a form from another site (\(origin))") }
        } else if let referer = request.headers["referer"] {
            guard referer == own || referer.hasPrefix(own + "/") else {
                return .text(403, "403 Forbidden: a form from another site")
            }
        }
        return nil
    }
}
