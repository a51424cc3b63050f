/// A request as an application behind the server sees it (serve's forms): parsed, its Host
/// already checked, its body (at most `SiteServer.Limits.bodyBytes`) read whole.
public struct WebRequest: Sendable, Equatable {
    /// `GET`, `POST`, …
    public var method: String
    /// The path as sent, still percent-encoded, without the query: `/_sandjar/deposit`.
    public var path: String
    /// The query without its `?`: `token=…`; empty when there is none.
    public var query: String
    /// Header values by lowercased name.
    public var headers: [String: String]
    public var body: [UInt8]

    public init(method: String, path: String, query: String = "", headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The value of the cookie `name` in the `Cookie` header, if sent.
    public func cookie(_ name: String) -> String? {
        guard let header = headers["cookie"] else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingSpaces == name { return String(parts[1].trimmingSpaces) }
        }
        return nil
    }
}

/// What an application answers; the server adds the headers every response carries
/// (`Content-Length`, `Connection: close`, and `Cache-Control: no-store`, `nosniff`, no framing,
/// `Referrer-Policy: same-origin` unless `headers` name their own value).
public struct WebResponse: Sendable, Equatable {
    /// 200, 303, 403, 405, 409, 411, 413, 415, 422 or 500; another is sent as 500.
    public var status: Int
    public var contentType: String
    public var body: [UInt8]
    /// E.g. `Location`, `Set-Cookie`, `Allow`; a `Content-Type`, `Content-Length` or
    /// `Connection` here is dropped, the message's framing is the server's.
    public var headers: [Header]

    public struct Header: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(status: Int, contentType: String, body: [UInt8], headers: [Header] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    /// An HTML page.
    public static func html(_ status: Int, _ page: [UInt8], headers: [Header] = []) -> WebResponse {
        WebResponse(status: status, contentType: ContentType.html, body: page, headers: headers)
    }

    /// A short plain-text answer.
    public static func text(_ status: Int, _ message: String, headers: [Header] = []) -> WebResponse {
        WebResponse(
            status: status, contentType: ContentType.plainText, body: Array((message + "\n").utf8), headers: headers)
    }

    /// `303 See Other` to `location`, a path the application built from checked values.
    public static func seeOther(_ location: String, headers: [Header] = []) -> WebResponse {
        text(303, "see \(location)", headers: [Header("Location", location)] + headers)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}
