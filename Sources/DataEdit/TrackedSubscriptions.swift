import Domain
import SiteData

/// A subscription the data folder already has, as `slay` and data.json know it: for `detect`, so a
/// recurring charge that is already tracked is not suggested again.
public struct TrackedSubscription: Sendable, Equatable {
    /// Its id in data.json.
    public var id: String
    public var name: String
    /// The catalogue entry it pins or matches.
    public var catalogID: String?
    /// `content/subscriptions/video.toml:3`.
    public var place: String
    public var slain: Bool

    /// Every `[[subscription]]` of `data` in data order, named with the catalogue a build of it
    /// would use (the built-in theme, `theme` or site.toml's over it, the data's own over that).
    public static func all(data: String, theme: String? = nil) throws(EditError) -> [TrackedSubscription] {
        try all(in: DataFolder(path: data), theme: theme)
    }

    /// The same, of the data folder `folder` (on disk or in memory).
    /// - Parameter memo: the parses of the edit it is part of (an import's), so each file is parsed once.
    package static func all(in folder: DataFolder, theme: String? = nil, memo: ParsedTables = ParsedTables())
        throws(EditError) -> [TrackedSubscription]
    {
        let entries = try SubscriptionEntries(
            folder: folder, catalog: SubscriptionEntries.catalog(folder: folder, theme: theme, memo: memo), memo: memo
        )
        .all()
        return entries.map {
            TrackedSubscription(
                id: $0.id, name: $0.name, catalogID: $0.catalogID, place: $0.place, slain: $0.killed != nil)
        }
    }

    /// Whether a subscription called `name`, matching `catalogID`, is this one
    /// (`NameWords.sameSubscription`): the same name once case, spaces and punctuation are ignored,
    /// or one's words all among the other's, or the same catalogue entry — but never two plans of
    /// one brand ("Spotify Premium" is not "Spotify Family", though both are the catalogue's Spotify).
    public func isTheSame(name other: String, catalogID otherCatalogID: String?) -> Bool {
        let sameEntry = catalogID != nil && catalogID == otherCatalogID
        return NameWords.sameSubscription(name, other, sameCatalogEntry: sameEntry)
    }
}
