import Foundation

/// What a subscription's name matched in the catalogue, and how sure the match is.
public struct CatalogMatch: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// `catalog = "id"` in the data.
        case pinned
        /// The name equals a name or alias once case, accents, spaces and punctuation are ignored.
        case exact
        /// The same with a small typo ("netflx").
        case typo
        /// The name is the start of a catalogue name ("disn"), or a catalogue name followed by more
        /// words ("Spotify Family").
        case prefix
        /// A catalogue name stands as whole words inside the name ("my Netflix").
        case contains
    }

    public var entry: CatalogEntry
    /// 0…1: 1 for pinned and exact matches; a match is only made at `SubscriptionCatalog.acceptScore`
    /// or above.
    public var score: Double
    public var kind: Kind
    /// The catalogue name or alias that matched, as the catalogue writes it.
    public var matched: String

    public init(entry: CatalogEntry, score: Double, kind: Kind, matched: String) {
        self.entry = entry
        self.score = score
        self.kind = kind
        self.matched = matched
    }
}
