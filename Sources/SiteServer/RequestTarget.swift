/// The path of a request target, split into decoded names and checked before it comes near the
/// file system: no name may climb out of the site folder, however it is spelled.
struct RequestTarget: Equatable {
    /// Decoded folder and file names, e.g. ["goals", "bike"]; none for "/".
    var names: [String]
    /// Whether the path ends with "/", which asks for the folder's index.html.
    var endsWithSlash: Bool
    /// The path as sent, still percent-encoded, e.g. "/goals"; safe to echo in a Location.
    var path: String
    /// The query with its "?", or "" when there is none; kept across a redirect.
    var query: String

    /// - Throws: 400 for a target that is not an absolute path (e.g. "http://host/x" or "*"), for
    ///   an invalid percent escape and for a name that is not UTF-8; 404 for a name that is "." or
    ///   "..", before or after decoding, for an empty name ("//"), and for a name holding a slash,
    ///   a backslash, NUL or another control character, encoded or not.
    init(_ target: String) throws(HTTPRequest.Refusal) {
        let withoutFragment = target.prefix { $0 != "#" }
        let questionMark = withoutFragment.firstIndex(of: "?") ?? withoutFragment.endIndex
        path = String(withoutFragment[..<questionMark])
        query = String(withoutFragment[questionMark...])
        guard path.hasPrefix("/") else { throw HTTPRequest.Refusal(.badRequest, "target is not an absolute path") }
        var raw = path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        endsWithSlash = raw.last?.isEmpty ?? true
        if endsWithSlash { raw.removeLast() }
        names = []
        for name in raw {
            names.append(try Self.decode(name))
        }
    }

    /// One percent-decoded name, refused when it could mean anything but a plain file or folder name.
    private static func decode(_ raw: Substring.UTF8View.SubSequence) throws(HTTPRequest.Refusal) -> String {
        let refused = HTTPRequest.Refusal(.notFound, "a path segment that is not a plain name")
        let spelled = String(decoding: raw, as: UTF8.self)
        guard !raw.isEmpty, spelled != ".", spelled != ".." else { throw refused }
        var bytes: [UInt8] = []
        var index = raw.startIndex
        while index != raw.endIndex {
            var byte = raw[index]
            if byte == UInt8(ascii: "%") {
                let high = raw.index(after: index)
                guard high != raw.endIndex, raw.index(after: high) != raw.endIndex,
                    let upper = hexValue(raw[high]), let lower = hexValue(raw[raw.index(after: high)])
                else { throw HTTPRequest.Refusal(.badRequest, "invalid percent escape") }
                byte = upper << 4 | lower
                index = raw.index(after: high)
            }
            bytes.append(byte)
            index = raw.index(after: index)
        }
        guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") })
        else { throw refused }
        guard let name = String(validating: bytes, as: UTF8.self) else {
            throw HTTPRequest.Refusal(.badRequest, "a path segment that is not UTF-8")
        }
        guard name != ".", name != ".." else { throw refused }
        return name
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
