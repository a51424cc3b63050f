import DataEdit
import Foundation
import SiteRender
import SiteServer

/// `sandjar serve` as the local app (DESIGN.md §6): the forms on the pages it serves write the
/// data folder through the same entries as the editing commands, then the site is rebuilt and
/// the browser sent to the page that shows the change.
///
/// Every request is hostile until proven otherwise. A write needs, in this order: the path
/// `/_sandjar/<form>` and the method POST (405), the form encoding (415), a `Host` that is the
/// address served (checked by the server, 403), an `Origin` or `Referer` of this origin when sent
/// (403), the run's token in the form (403), and with `--listen` the token's cookie too (403).
/// Ids and names from a form never become paths: they are looked up among the data's own and
/// checked against `[a-z0-9-]`. Bad input answers 422 with the page, the message the command
/// line would print and the form refilled; nothing is written. One form sent twice from the same
/// page (a double click) is answered 409 the second time, with nothing written.
public final class LocalApp: @unchecked Sendable {
    /// How serve was started.
    public struct Settings: Sendable {
        public var data: String
        public var theme: String?
        /// `--read-only`: no forms, and `/_sandjar/` refuses every write.
        public var readOnly: Bool
        /// `--listen`: every request, reads too, needs the token (a cookie after the first).
        public var tokenForEveryRequest: Bool

        public init(data: String, theme: String? = nil, readOnly: Bool = false, tokenForEveryRequest: Bool = false) {
            self.data = data
            self.theme = theme
            self.readOnly = readOnly
            self.tokenForEveryRequest = tokenForEveryRequest
        }
    }

    /// What the app asks of the serve session it runs in.
    public struct Site: Sendable {
        /// Rebuilds the served site with these forms, now; false when the build failed.
        public var rebuild: @Sendable (ServeForms) -> Bool
        /// The page at `path` (`goals/bike/index.html`) rendered with these forms, in memory.
        public var render: @Sendable (_ path: String, ServeForms) -> [UInt8]?
        /// Whether the served site has the file at `path`.
        public var has: @Sendable (_ path: String) -> Bool
        /// The ids of the badges unlocked in the served site.
        public var unlockedBadges: @Sendable () -> Set<String>

        public init(
            rebuild: @escaping @Sendable (ServeForms) -> Bool,
            render: @escaping @Sendable (String, ServeForms) -> [UInt8]?,
            has: @escaping @Sendable (String) -> Bool, unlockedBadges: @escaping @Sendable () -> Set<String>
        ) {
            self.rebuild = rebuild
            self.render = render
            self.has = has
            self.unlockedBadges = unlockedBadges
        }
    }

    public static let cookieName = "sandjar_token"

    let settings: Settings
    let token: AppToken
    /// The clock for entries without a time; tests pass a fixed one.
    let now: @Sendable () -> Date
    let lock = NSLock()
    /// The rest is read and changed only under `lock`.
    var attachedSite: Site?
    /// Put in every form; changes after each form that writes.
    var once: String
    /// `once|form|id` of every form that wrote, so the same form sent again is recognised.
    var sent: Set<String> = []
    /// The badges unlocked before the last form that wrote, for the notice of those it unlocked.
    var unlockedBefore: Set<String>?

    public init(settings: Settings, now: @escaping @Sendable () -> Date = { Date() }) {
        self.settings = settings
        self.token = AppToken()
        self.now = now
        self.once = AppToken().text
    }

    /// For tests: a known token.
    init(settings: Settings, token: String, now: @escaping @Sendable () -> Date = { Date() }) {
        self.settings = settings
        self.token = AppToken(text: token)
        self.now = now
        self.once = AppToken().text
    }

    /// Connects the app to its session, before the first request.
    public func attach(_ site: Site) {
        lock.withLock { attachedSite = site }
    }

    /// The forms for the next build of the served site; nil with `--read-only`.
    public var forms: ServeForms? {
        lock.withLock { currentForms }
    }

    /// `forms`, for a caller that holds the lock.
    var currentForms: ServeForms? {
        guard !settings.readOnly else { return nil }
        return ServeForms(token: token.text, once: once, unlockedBefore: unlockedBefore)
    }

    /// `token=…`, for the address serve prints with `--listen`.
    public var tokenQuery: String { "token=\(token.text)" }

    /// The answer to `request`, or nil to serve the file it asks for.
    public func handle(_ request: WebRequest) -> WebResponse? {
        if settings.tokenForEveryRequest, let answer = admit(request) { return answer }
        guard request.path == "/_sandjar" || request.path.hasPrefix("/_sandjar/") else { return nil }
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
            return .text(400, "400 Bad Request: \(error.reason)")
        }
        guard token.matches(fields["token"]) else {
            return .text(403, "403 Forbidden: the form's token is missing or wrong; reload the page and send it again")
        }
        guard let kind = PendingForm.Kind(rawValue: String(request.path.dropFirst("/_sandjar/".count))) else {
            return .text(404, "404 Not Found: no form at \(request.path)")
        }
        return lock.withLock { write(kind, fields) }
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
            let cookie = "\(LocalApp.cookieName)=\(token.text); Path=/; HttpOnly; SameSite=Strict"
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
