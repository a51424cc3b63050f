/// Why an archive, or one of its entries, could not be read: said in a person's words, to follow
/// the archive's path (`export.zip: error: …`).
public struct ZipError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The entry the fault is in, as the archive names it; nil for the archive as a whole.
    public var entry: String?
    /// The whole sentence, the entry named in it where there is one.
    public var message: String

    init(_ message: String, entry: String? = nil) {
        self.entry = entry
        self.message = message
    }

    /// `'001 Meditate/Checkmarks.csv' fails its CRC-32 check`.
    init(entry: String, _ message: String) {
        self.entry = entry
        self.message = "'\(entry)' " + message
    }

    public var description: String { message }
}
