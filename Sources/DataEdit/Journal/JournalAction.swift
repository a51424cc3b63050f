import SiteData

/// What one write did, in words and in values: the undo journal keeps it beside the file's bytes,
/// `sandjar undo --list` prints its summary, and serve's landing page says it in the site's
/// language from its kind and values ("Added ¥50.00 to New bike").
public struct JournalAction: Codable, Sendable, Equatable {
    /// What the write is, by the name the journal keeps on disk (`remove-deposit`).
    public var kind: WriteKind
    /// The values the words need, by name: `goal` (an id), `amount` (as written), `name`, `date`…
    public var values: [String: String]
    /// One English line, for the command line: "added 20 to bike".
    public var summary: String

    public init(_ kind: WriteKind, _ summary: String, values: [String: String] = [:]) {
        self.kind = kind
        self.summary = summary
        self.values = values
    }
}
