/// What the server answers: a status, a few headers, and a body from memory or from an open file.
struct HTTPResponse {
    enum Status: Int, Sendable {
        case ok = 200
        case movedPermanently = 301
        case seeOther = 303
        case badRequest = 400
        case forbidden = 403
        case notFound = 404
        case methodNotAllowed = 405
        case requestTimeout = 408
        case conflict = 409
        case lengthRequired = 411
        case payloadTooLarge = 413
        case unsupportedMediaType = 415
        case unprocessable = 422
        case headTooLarge = 431
        case internalError = 500
        case unavailable = 503

        var reason: String {
            switch self {
            case .ok: return "OK"
            case .movedPermanently: return "Moved Permanently"
            case .seeOther: return "See Other"
            case .badRequest: return "Bad Request"
            case .forbidden: return "Forbidden"
            case .notFound: return "Not Found"
            case .methodNotAllowed: return "Method Not Allowed"
            case .requestTimeout: return "Request Timeout"
            case .conflict: return "Conflict"
            case .lengthRequired: return "Length Required"
            case .payloadTooLarge: return "Content Too Large"
            case .unsupportedMediaType: return "Unsupported Media Type"
            case .unprocessable: return "Unprocessable Content"
            case .headTooLarge: return "Request Header Fields Too Large"
            case .internalError: return "Internal Server Error"
            case .unavailable: return "Service Unavailable"
            }
        }
    }

    enum Body {
        case bytes([UInt8])
        case file(SiteFolder.File)

        var count: Int {
            switch self {
            case .bytes(let bytes): return bytes.count
            case .file(let file): return file.size
            }
        }
    }

    var status: Status
    var contentType: String
    var body: Body
    /// Headers beyond the ones every response carries, e.g. Location or Allow.
    var extraHeaders: [(name: String, value: String)] = []

    /// A short plain-text answer, e.g. for a refused request.
    static func text(_ status: Status, _ message: String? = nil) -> HTTPResponse {
        let text = message ?? "\(status.rawValue) \(status.reason)"
        return HTTPResponse(status: status, contentType: ContentType.plainText, body: .bytes(Array((text + "\n").utf8)))
    }

    /// A plain-text answer naming why the request was refused, e.g. "400 Bad Request: no Host header".
    static func refusal(_ refusal: HTTPRequest.Refusal) -> HTTPResponse {
        text(refusal.status, "\(refusal.status.rawValue) \(refusal.status.reason): \(refusal.reason)")
    }

    /// 301 to `location`, which the caller built from the request's own checked path.
    static func redirect(to location: String) -> HTTPResponse {
        var response = text(.movedPermanently, "see \(location)")
        response.extraHeaders.append((name: "Location", value: location))
        return response
    }

    /// 405 for anything but GET and HEAD: a preview only reads.
    static var methodNotAllowed: HTTPResponse {
        var response = text(.methodNotAllowed)
        response.extraHeaders.append((name: "Allow", value: "GET, HEAD"))
        return response
    }

    /// What every response carries (DESIGN.md §6) unless it names its own value: `no-store` so a
    /// reload after a rebuild never shows a cached page; `nosniff` so browsers trust the
    /// Content-Type given; no framing by another site (`frame-ancestors`, and `X-Frame-Options`
    /// for browsers without CSP), so no page can wrap the forms and steer clicks; and no path or
    /// token in a Referer sent to another site.
    static let everyResponse: [(name: String, value: String)] = [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Content-Security-Policy", "frame-ancestors 'none'"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "same-origin"),
    ]

    /// Headers that frame the message; always the server's, whatever `extraHeaders` say.
    private static let framing: Set<String> = ["content-type", "content-length", "connection"]

    /// The status line and headers, ending with the blank line; each header once.
    var head: [UInt8] {
        var lines = ["HTTP/1.1 \(status.rawValue) \(status.reason)"]
        lines.append("Content-Type: \(contentType)")
        lines.append("Content-Length: \(body.count)")
        var named: Set<String> = []
        for header in extraHeaders where !Self.framing.contains(header.name.lowercased()) {
            lines.append("\(header.name): \(header.value)")
            named.insert(header.name.lowercased())
        }
        for header in Self.everyResponse where !named.contains(header.name.lowercased()) {
            lines.append("\(header.name): \(header.value)")
        }
        lines.append("Connection: close")
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }
}

extension HTTPResponse {
    /// An application's answer; a status this server does not know is sent as 500.
    init(_ web: WebResponse) {
        self.init(
            status: Status(rawValue: web.status) ?? .internalError, contentType: web.contentType,
            body: .bytes(web.body), extraHeaders: web.headers.map { (name: $0.name, value: $0.value) })
    }
}
