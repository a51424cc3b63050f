/// Why a document was rejected, and where.
///
/// The parser stops at the first problem, so there is exactly one error per failed parse.
/// `location` points at the offending character (for an unterminated string, that is the
/// end of the line or file where the closing quote was expected).
public struct TOMLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A short lower-case explanation, e.g. `expected '=' after key`.
    public var message: String
    /// Where the problem was found.
    public var location: SourceLocation

    public init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `"line:column: message"`, ready to be prefixed with a file name.
    public var description: String { "\(location): \(message)" }
}
