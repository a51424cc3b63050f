import Foundation

/// The reference catalogue: the services sandjar ships (`templates/catalog.toml`) overlaid by a
/// data folder's own `catalog.toml`, whose entries win over shipped ones with the same id.
public struct SubscriptionCatalog: Sendable, Equatable {
    /// Sorted by id.
    public let entries: [CatalogEntry]
    /// Normalised names and aliases of every entry, for matching.
    let keys: [MatchKey]
    /// A normalised name → the indices in `keys` of the entries' names and aliases equal to it
    /// (one per entry): most subscriptions are named as the catalogue names them.
    let exactKeys: [[Unicode.Scalar]: [Int]]

    /// Later entries with the same id replace earlier ones.
    public init(entries: [CatalogEntry] = []) {
        var byID: [String: CatalogEntry] = [:]
        for entry in entries { byID[entry.id] = entry }
        self.entries = byID.values.sorted { $0.id < $1.id }
        self.keys = self.entries.enumerated().flatMap { index, entry in MatchKey.keys(for: entry, at: index) }
        var exactKeys: [[Unicode.Scalar]: [Int]] = [:]
        for (index, key) in keys.enumerated() { exactKeys[key.key.scalars, default: []].append(index) }
        self.exactKeys = exactKeys
    }

    public var isEmpty: Bool { entries.isEmpty }

    public subscript(id: String) -> CatalogEntry? {
        entries.first { $0.id == id }
    }

    /// This catalogue with `overrides`' entries added, replacing any with the same id.
    public func overlaid(by overrides: SubscriptionCatalog) -> SubscriptionCatalog {
        // Without overrides (the usual data folder) the match keys are not worked out again.
        overrides.isEmpty ? self : SubscriptionCatalog(entries: entries + overrides.entries)
    }
}
