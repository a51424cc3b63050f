/// What one write did, in words and in values: the undo journal keeps it beside the file's bytes,
/// `sandjar undo --list` prints its summary, and serve's landing page says it in the site's
/// language from its kind and values ("Added ¥50.00 to New bike").
public struct JournalAction: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case deposit, session, slay, revive, price, subscription, goal
        case removeDeposit = "remove-deposit"
        case removeSession = "remove-session"
        case editDeposit = "edit-deposit"
        case editSession = "edit-session"
        case importSubscriptions = "import"
        case importPractice = "import-practice"
    }

    public var kind: Kind
    /// The values the words need, by name: `goal` (an id), `amount` (as written), `name`, `date`…
    public var values: [String: String]
    /// One English line, for the command line: "added 20 to bike".
    public var summary: String

    public init(_ kind: Kind, _ summary: String, values: [String: String] = [:]) {
        self.kind = kind
        self.summary = summary
        self.values = values
    }
}
