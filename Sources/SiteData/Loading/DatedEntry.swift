import Domain
import TOML

/// Where an entry that counts from its date is written — a deposit's or a session's `at`, a
/// subscription's `killed` — so a build as of an earlier day can say it does not count yet
/// (DESIGN.md §3). The quoted line is looked up only for the few that need a warning.
public struct DatedEntry: Sendable {
    public enum Kind: Sendable {
        case deposit, session
        /// The subscription's name.
        case kill(String)
        /// The last entry of a subscription's price history, with its name.
        case price(String)
    }

    public var kind: Kind
    public var date: CalendarDate
    let file: SourceFile
    let location: SourceLocation?
    /// The entry's table (`deposit[3]`) and the dated key (`at`): joined only for a warning, as
    /// most entries never need one.
    let table: String
    let key: String

    init(_ kind: Kind, on date: CalendarDate, key: String, in reader: TableReader) {
        self.kind = kind
        self.date = date
        file = reader.file
        location = reader.location(of: key)
        table = reader.keyPath
        self.key = key
    }

    /// The warning of a build as of `today`; nil when the entry is dated today or earlier.
    public func warning(today: CalendarDate) -> Diagnostic? {
        guard date > today else { return nil }
        let consequence: String
        switch kind {
        case .deposit: consequence = "the deposit does not count until \(date)"
        case .session: consequence = "the session does not count until \(date)"
        case .kill(let name): consequence = "\(name) stays active until \(date)"
        case .price(let name):
            consequence = "as the last entry it is \(name)'s price now, already used for the totals and the forecast"
        }
        return file.diagnostic(
            .warning, at: location,
            "\(table.isEmpty ? key : "\(table).\(key)") is after today (\(today)): \(consequence)")
    }
}
